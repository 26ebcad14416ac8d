from __future__ import annotations

import pytest

from domain.errors import InvalidInputError, RuleViolationError
from domain.factionturn.aggregate.faction import Faction
from domain.ids import faction_id
from tests.domain.factionturn.factionturn_scenario import CAMPAIGN, event_names, faction, give, region, settle


def test_a_faction_is_identified_by_its_campaign_and_name() -> None:
    home = region("Capital")
    crows = faction("Empresses' Crows", 3, 4, 1, home)
    assert crows.id == faction_id(CAMPAIGN, "empresses' crows")


@pytest.mark.parametrize(
    ("force", "cunning", "wealth", "max_hp"), [(4, 3, 1, 15), (6, 5, 3, 29), (8, 7, 5, 49), (1, 1, 1, 7)]
)
def test_max_hp_is_four_plus_a_value_per_rating(force: int, cunning: int, wealth: int, max_hp: int) -> None:
    assert faction("F", force, cunning, wealth, region("Home")).max_hp == max_hp


def test_ratings_run_from_one_to_eight() -> None:
    with pytest.raises(InvalidInputError):
        faction("F", 9, 1, 1, region("Home"))


def test_a_new_faction_has_a_base_of_influence_at_home_with_its_hp() -> None:
    home = region("Home")
    chosen = faction("Remzal's Chosen", 4, 1, 3, home)
    base = chosen.base_in(str(home.id))
    assert base is not None and base.hp == chosen.hp == 15


def test_raising_a_rating_pays_its_xp_cost_and_raises_hp() -> None:
    chosen = faction("Chosen", 4, 1, 3, region("Home"), xp=5)
    settle(chosen)
    chosen.raise_rating("cunning")
    assert (chosen.cunning, chosen.xp, chosen.max_hp, chosen.hp) == (2, 3, 16, 16)
    assert event_names(chosen) == ["RatingRaised"]


def test_raising_a_rating_without_enough_xp_records_nothing() -> None:
    chosen = faction("Chosen", 4, 1, 3, region("Home"), xp=5)
    settle(chosen)
    with pytest.raises(RuleViolationError, match="Raising Stats"):
        chosen.raise_rating("force")  # 4 -> 5 costs 9
    assert chosen.collect_events() == []


def test_spending_more_facgold_than_held_records_nothing() -> None:
    crows = faction("Crows", 3, 4, 1, region("Home"), facgold=2)
    settle(crows)
    version = crows.version
    with pytest.raises(RuleViolationError):
        crows.spend_facgold(3, "a bribe")
    assert crows.version == version and crows.collect_events() == []


def test_damage_to_a_base_of_influence_also_hits_faction_hp() -> None:
    home = region("Home")
    crows = faction("Crows", 3, 4, 1, home)
    base = crows.base_in(str(home.id))
    assert base is not None
    crows.damage_asset(base.id, 4, "an attack")
    assert (base.hp, crows.hp) == (11, 11)


def test_a_faction_replays_from_its_events() -> None:
    home = region("Home")
    crows = faction("Crows", 3, 4, 1, home, facgold=2)
    thieves = give(crows, "thieves_guild", home)
    crows.set_stealth(thieves.id, True, "test")
    crows.damage_asset(thieves.id, 3, "test", [])
    events = crows.collect_events()
    replayed: Faction | None = None
    for e in events:
        replayed = e.mutate(replayed)  # type: ignore[assignment]
    assert replayed is not None
    assert replayed.assets == crows.assets and replayed.facgold == crows.facgold
