from __future__ import annotations

import pytest

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import Attack, Defence, Strike
from domain.region import Region
from tests.domain.factionturn.factionturn_scenario import Table, faction, give, region, settle, take_turn


def _field() -> tuple[Table, Faction, Faction, Region, Region]:
    capital, fort = region("Capital", 0, 0), region("Fort", 3, 0)
    empire = faction("Empire Remnants", 4, 3, 5, capital)
    republic = faction("The Republic", 4, 5, 3, fort)
    table = Table([empire, republic], [capital, fort])
    return table, empire, republic, capital, fort


def test_an_attack_that_beats_the_defence_damages_the_target() -> None:
    table, empire, republic, capital, _ = _field()
    regiment = give(empire, "regiment", capital)
    target = give(republic, "regiment", capital)
    outcome = table.resolve(empire, Attack((Strike(regiment.id, str(republic.id), target.id),)), 8, 2, 5)
    assert target.hp == 12 - 5
    assert [r.total for r in outcome.rolls] == [12, 6, 5]  # 8+Force 4 beats 2+Force 4; 1d8 damage


def test_a_failed_attack_takes_the_counterattack() -> None:
    table, empire, republic, capital, _ = _field()
    regiment = give(empire, "regiment", capital)
    target = give(republic, "regiment", capital)
    table.resolve(empire, Attack((Strike(regiment.id, str(republic.id), target.id),)), 2, 8, 6)
    assert (regiment.hp, target.hp) == (12 - 6, 12)


def test_a_tie_means_both_attack_and_counterattack_hit() -> None:
    table, empire, republic, capital, _ = _field()
    regiment = give(empire, "regiment", capital)
    target = give(republic, "regiment", capital)
    table.resolve(empire, Attack((Strike(regiment.id, str(republic.id), target.id),)), 5, 5, 3, 4)
    assert (target.hp, regiment.hp) == (12 - 3, 12 - 4)


def test_a_tie_that_destroys_the_defender_still_lands_its_counterattack() -> None:
    """Seed 002, Attack Procedure: "A tie on the roll results in both Attack and Counterattack succeeding. Both
    attacker and defender take damage as indicated." """
    table, empire, republic, capital, _ = _field()
    regiment = give(empire, "regiment", capital)
    target = give(republic, "regiment", capital, hp=3)
    table.resolve(empire, Attack((Strike(regiment.id, str(republic.id), target.id),)), 5, 5, 3, 4)
    assert target.id not in republic.assets  # the 1d8 hit of 3 destroyed it
    assert regiment.hp == 12 - 4  # and its 1d8 counterattack of 4 still landed


def test_an_asset_without_a_counterattack_does_no_damage_to_a_failed_attacker() -> None:
    table, empire, republic, capital, _ = _field()
    regiment = give(empire, "regiment", capital)
    mob = give(republic, "mob", capital)  # Counter: None
    table.resolve(empire, Attack((Strike(regiment.id, str(republic.id), mob.id),)), 1, 9)
    assert regiment.hp == 12


def test_the_defender_may_let_damage_hit_its_base_which_also_costs_faction_hp() -> None:
    table, empire, republic, capital, _ = _field()
    regiment = give(empire, "regiment", capital)
    target = give(republic, "regiment", capital)
    republic.expand_influence(str(capital.id), 10, 0, 0, [])
    table.order(republic, defences=(Defence(str(capital.id), base_absorbs=True),))
    table.resolve(empire, Attack((Strike(regiment.id, str(republic.id), target.id),)), 9, 1, 7)
    base = republic.base_in(str(capital.id))
    assert base is not None
    assert (target.hp, base.hp, republic.hp) == (12, 3, republic.max_hp - 7)


def test_the_defender_chooses_which_asset_meets_the_strike() -> None:
    table, empire, republic, capital, _ = _field()
    regiment = give(empire, "regiment", capital)
    target = give(republic, "guardsmen", capital)
    veterans = give(republic, "veteran_regiment", capital)
    table.order(republic, defences=(Defence(str(capital.id), defender_id=veterans.id),))
    table.resolve(empire, Attack((Strike(regiment.id, str(republic.id), target.id),)), 9, 1, 7)
    assert (target.hp, veterans.hp) == (3, 16 - 7)


def test_an_asset_destroyed_reaching_zero_hp_is_lost() -> None:
    table, empire, republic, capital, _ = _field()
    regiment = give(empire, "regiment", capital)
    target = give(republic, "guardsmen", capital)
    table.resolve(empire, Attack((Strike(regiment.id, str(republic.id), target.id),)), 9, 1, 8)
    assert target.id not in republic.assets


def test_a_strike_on_an_asset_destroyed_earlier_in_the_turn_fails_with_a_reason() -> None:
    table, empire, republic, capital, _ = _field()
    first, second = give(empire, "regiment", capital), give(empire, "regiment", capital)
    target = give(republic, "guardsmen", capital)
    strikes = (Strike(first.id, str(republic.id), target.id), Strike(second.id, str(republic.id), target.id))
    outcome = table.resolve(empire, Attack(strikes), 9, 1, 8)
    assert target.id not in republic.assets
    assert len(outcome.failures) == 1 and "gone" in outcome.failures[0]


def test_an_attacking_stealthed_asset_loses_its_stealth() -> None:
    table, empire, republic, capital, _ = _field()
    thugs = give(empire, "thugs", capital, stealthed=True)
    target = give(republic, "regiment", capital)
    table.resolve(empire, Attack((Strike(thugs.id, str(republic.id), target.id),)), 9, 1, 3)
    assert not thugs.stealthed


@pytest.mark.parametrize(
    ("case", "rule"),
    [
        ("stealthed target", "Stealth"),
        ("other region", "same region"),
        ("twice", "only once"),
        ("no attack entry", "no Attack entry"),
        ("bought this turn", "next turn"),
        ("threatened", "threatened"),
    ],
)
def test_forbidden_attacks_are_refused_before_anything_is_recorded(case: str, rule: str) -> None:
    table, empire, republic, capital, fort = _field()
    regiment = give(empire, "regiment", capital)
    target = give(republic, "regiment", capital)
    strike = Strike(regiment.id, str(republic.id), target.id)
    strikes = (strike,)
    if case == "stealthed target":
        target.stealthed = True
    elif case == "other region":
        target.region_id = str(fort.id)
    elif case == "twice":
        strikes = (strike, strike)
    elif case == "no attack entry":
        post = give(empire, "command_post", capital)
        strikes = (Strike(post.id, str(republic.id), target.id),)
    elif case == "bought this turn":
        regiment.usable_from = empire.turn + 1
    elif case == "threatened":
        regiment.threatened = True
    settle(empire, republic)
    with pytest.raises(RuleViolationError, match=rule):
        table.resolve(empire, Attack(strikes))
    assert empire.collect_events() == [] and republic.collect_events() == []


def recorded_rolls(*aggregates: Faction | Region) -> list[dict[str, object]]:
    """Every roll the aggregates' pending events carry, wherever they carry it."""
    return [roll for a in aggregates for e in a.collect_events() for roll in getattr(e, "rolls", None) or []]


def test_a_missed_strike_that_draws_no_counterattack_still_records_its_rolls() -> None:
    table, empire, republic, capital, _ = _field()
    regiment = give(empire, "regiment", capital)
    mob = give(republic, "mob", capital)  # Counter: None: no change carries the contest's dice
    for aggregate in (empire, republic, capital):
        aggregate.collect_events()
    table.order(empire, action=Attack((Strike(regiment.id, str(republic.id), mob.id),)))
    outcome = take_turn(table, empire, 1, 9)
    assert regiment.hp == 12 and mob.hp == mob.max_hp
    ended = [e for e in empire.collect_events() if type(e).__name__ == "TurnEnded"]
    assert (
        [(r["purpose"], r["total"]) for r in ended[-1].rolls]
        == [(r.purpose, r.total) for r in outcome.rolls]
        == [("Regiment attacks The Republic: attack", 1 + 4), ("Regiment attacks The Republic: defence", 9 + 4)]
    )


def test_every_roll_of_a_turn_is_in_the_log_once_the_carried_ones_not_again() -> None:
    table, empire, republic, capital, _ = _field()
    regiment = give(empire, "regiment", capital)
    target = give(republic, "regiment", capital)
    for aggregate in (empire, republic, capital):
        aggregate.collect_events()
    table.order(empire, action=Attack((Strike(regiment.id, str(republic.id), target.id),)))
    outcome = take_turn(table, empire, 8, 2, 5)  # a hit: the damage event carries all three rolls
    ended = next(e for e in empire.collect_events() if type(e).__name__ == "TurnEnded")
    assert ended.rolls == []
    logged = recorded_rolls(republic)
    assert sorted(r["total"] for r in logged) == sorted(r.total for r in outcome.rolls) == [5, 6, 12]
