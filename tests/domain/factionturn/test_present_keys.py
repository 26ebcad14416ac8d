"""Issue 31, P6: `World.present` leaves out faction `but` by the key each faction is held under (its id's text) in
place of `str(f.id)` per faction; it gives what the scan by `str(f.id)` gave, in a world and in one with copies of
some factions (`with_copies`, `with_copy_of`), for every region and every faction left out (or none, or a stranger)."""

from __future__ import annotations

from typing import Any

from domain.factionturn.rules.world import World
from tests.domain.factionturn.factionturn_scenario import give
from tests.support.factionturn_map import Map


def scanned(world: World, region_id: str, but: str = "") -> list[tuple[Any, Any]]:
    return [(f, a) for f in world.factions.values() if str(f.id) != but for a in f.assets_in(region_id)]


def test_present_is_the_scan() -> None:
    m = Map()
    for q, key in ((0, "thugs"), (1, "thugs"), (1, "informers"), (4, "thugs"), (1, "guards_and_wards")):
        give(m.guild if q < 3 else m.rulers, key, m.r[q])
        give(m.rulers if q < 3 else m.guild, key, m.r[q])
    world = World([m.guild, m.rulers], m.r, phase=1)
    copied = world.with_copies([str(m.rulers.id)])
    one, _ = world.with_copy_of(str(m.guild.id))
    for w in (world, copied, one):
        for region in m.r:
            for but in ("", str(m.guild.id), str(m.rulers.id), "stranger"):
                got = w.present(str(region.id), but=but)
                assert [(id(f), id(a)) for f, a in got] == [(id(f), id(a)) for f, a in scanned(w, str(region.id), but)]
    assert len(world.present(m.id(1))) == 6 and len(world.present(m.id(1), but=str(m.guild.id))) == 3
    assert copied.faction(str(m.rulers.id)) is not m.rulers and copied.present(m.id(4))[0][0] is m.guild
