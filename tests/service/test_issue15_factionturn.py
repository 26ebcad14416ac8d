"""Issue 15, Faction Turn, through the service: what the GM enters reaches the rules."""

from __future__ import annotations

from domain.factionturn.faction import Faction
from domain.factionturn.holdings import WILD_MONSTER
from service.bootstrap import Intrigue
from tests.service.test_gm_monsters import marches


def test_a_monster_the_gm_enters_heals_a_roll_of_all_its_hit_dice(intrigue: Intrigue) -> None:
    """Seed 002, Monster: "heal an amount equal to a roll of their hit dice" (18d10+90, not one d10)."""
    m = marches(intrigue)
    wild = intrigue.store.load(m.wild_id, Faction)
    beast = wild.assets[m.monster_id]
    assert beast.type_key == WILD_MONSTER and (beast.heal, beast.hit_die) == ("18d10+90", "1d10")
