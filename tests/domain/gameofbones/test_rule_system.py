"""The Game of Bones behind the one `RuleSystem` face (issue 30, items 3-4): found, check orders, preview, resolve,
report, with fixed dice and no I/O; and the registry that finds both faces by name and member kind."""

from __future__ import annotations

import pytest

from domain.dice import FixedDice
from domain.errors import DomainError
from domain.factionturn.face import FACTION_TURN
from domain.gameofbones.face import GAME_OF_BONES, Court, HouseFounding
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName as A
from domain.systems import BY_KIND, BY_NAME, MEMBER_KINDS, of_kind
from tests.domain.gameofbones.bones_world import CAMPAIGN, court, person


def test_the_game_of_bones_founds_checks_previews_resolves_and_reports_through_one_face() -> None:
    founded = GAME_OF_BONES.found(CAMPAIGN, HouseFounding("Melarn", person("Ilphrin"), gold=500))
    assert (founded.name, founded.gold, founded.leader.name) == ("Melarn", 500, "Ilphrin")
    world, a, b = court()
    bazaar = world.area("Bazaar", controller=b, income=4_000)
    table = Court(world.houses, world.areas, phase=1)
    vandals = Order(A.VANDALISM, "Yvonnel", str(b.id), area_ids=(bazaar,))

    with pytest.raises(DomainError):
        GAME_OF_BONES.check_orders(table, str(a.id), [vandals, Order(A.VANDALISM, "Nobody", str(b.id))])
    GAME_OF_BONES.check_orders(table, str(a.id), [vandals])
    assert (a.pending, a.gold) == ({}, 100_000)  # checked on copies: nothing ordered, nothing spent
    assert any(o.allowed and o.order.action == A.VANDALISM for o in GAME_OF_BONES.preview(table, str(a.id)))

    world.order(a, vandals)
    dice = FixedDice([20, 5, 3])  # 26 against 7: the Bazaar wrecked; repairs 1d6 (3) × 1,000 gp
    resolution = GAME_OF_BONES.resolve(table, dice)
    assert dice.remaining == 0
    assert (b.area_damage, b.gold) == ({}, 10_000)  # resolved on copies: the table's houses are untouched
    assert resolution.court.houses[str(b.id)].area_damage[bazaar].repair_cost == 3_000
    theirs, ours = GAME_OF_BONES.report(resolution, str(b.id)), GAME_OF_BONES.report(resolution, str(a.id))
    assert [o.action for o in theirs.suffered] == [o.action for o in ours.own] == ["Vandalism"]
    assert (theirs.own, ours.suffered, theirs.income) == ((), (), 1_000)


def test_the_registry_finds_each_face_by_its_name_and_by_the_kind_of_its_members() -> None:
    assert BY_NAME == {"factionturn": FACTION_TURN, "gameofbones": GAME_OF_BONES}
    assert BY_KIND == {"faction": FACTION_TURN, "house": GAME_OF_BONES} and MEMBER_KINDS == ("faction", "house")
    assert of_kind("region") is None and of_kind(None) is None
    assert [s.one_order_a_phase for s in (FACTION_TURN, GAME_OF_BONES)] == [True, False]
    assert [s.companion.kind for s in (FACTION_TURN, GAME_OF_BONES)] == ["phasechronicle", "houseknowledge"]


@pytest.mark.parametrize("face", ["domain.factionturn.face", "domain.gameofbones.face"])
def test_a_face_exports_every_name_it_lists(face: str) -> None:
    module = __import__(face, fromlist=["__all__"])
    assert [name for name in module.__all__ if not hasattr(module, name)] == []
