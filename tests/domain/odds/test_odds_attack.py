"""A Faction Turn strike's exact odds: against brute force over the faces, and against 10,000 seeded resolutions
of the domain's own `resolve_action` (within 4 standard errors, a fixed seed: deterministic)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from domain.dice import RandomDice, Roll
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.holdings import WILD_MONSTER, OwnedAsset
from domain.factionturn.aggregate.orders import Attack, Strike
from domain.factionturn.rules.actions import resolve_action
from domain.factionturn.rules.attack import attack_side, books_in, defence_side
from domain.factionturn.rules.contest import RULE_ATTACK, RULE_BOOK, contest
from domain.factionturn.rules.rows import type_of
from domain.factionturn.rules.wild_assets import found_the_wild, monster, terrain
from domain.factionturn.rules.world import Outcome, Session
from domain.factionturn.tables.wild import MONSTER_DAMAGE_MULTIPLIER
from domain.odds import AttackOdds, Unknown, attack_odds
from tests.domain.factionturn.factionturn_scenario import CAMPAIGN, Table, faction, give, region
from tests.domain.odds.odds_checks import ScriptDice, enumerate_any, enumerate_faces, within

RESOLUTIONS = 10_000


def _scenario(name: str) -> tuple[Table, Faction, Faction, OwnedAsset, OwnedAsset]:
    town, fort = region("Town", 0, 0), region("Fort", 3, 0)
    if name == "plain":  # Veteran Regiment (Force 6) against a Regiment (Force 5): 2d8 against 1d8 back
        red, blue = faction("Red", 6, 3, 5, fort), faction("Blue", 5, 4, 3, town)
        attacker, target = give(red, "veteran_regiment", town), give(blue, "regiment", town)
    elif name == "tags":  # Warlike's bonus die against Fanatical's; Zealots counter 2d6 and hurt themselves
        red = faction("Red", 5, 3, 5, fort, tags=["Warlike"])
        blue = faction("Blue", 6, 4, 3, town, tags=["Fanatical"])
        attacker, target = give(red, "regiment", town), give(blue, "zealots", town)
    elif name == "books":  # both hold a Book of Secrets here: Red rerolls a lost roll, then Blue answers
        red, blue = faction("Red", 5, 3, 5, fort), faction("Blue", 5, 4, 3, town)
        attacker, target = give(red, "regiment", town), give(blue, "regiment", town)
        give(red, "book_of_secrets", town)
        give(blue, "book_of_secrets", town)
    elif name == "illusionists":  # Machiavellian Master Assassin against Illusionists (they turn a miss back)
        red = faction("Red", 3, 6, 3, fort, tags=["Machiavellian"])
        blue = faction("Blue", 3, 7, 3, town)
        attacker, target = give(red, "master_assassin", town), give(blue, "illusionists", town)
    elif name in ("monster", "terrain"):  # The Wild: a monster (×3 damage, always counters), hostile terrain
        swamp = region("Swamp", 1, 0, terrain_difficulty=6, wild=True)
        red, blue = faction("Red", 5, 3, 3, fort), found_the_wild(CAMPAIGN, str(swamp.id))
        attacker = give(red, "warmage_regiment", swamp)
        wild = (
            monster(blue, str(swamp.id), "Charch-Go", 3, 20, "1d8", "")
            if name == "monster"
            else terrain(blue, str(swamp.id), 6, 30)
        )
        blue.grant_asset(wild, "map")
        return Table([red, blue], [town, fort, swamp]), red, blue, attacker, blue.assets[wild.id]
    else:  # "wards": Guards & Wards give the defender a die on Cunning defences; Blackmail attacks
        red, blue = faction("Red", 3, 5, 3, fort), faction("Blue", 3, 5, 3, town)
        attacker, target = give(red, "blackmail", town), give(blue, "political_puppets", town)
        give(blue, "guards_and_wards", town)
    return Table([red, blue], [town, fort]), red, blue, attacker, target


SCENARIOS = ("plain", "tags", "books", "illusionists", "wards", "monster", "terrain")


def _strike(red: Faction, blue: Faction, attacker: OwnedAsset, target: OwnedAsset) -> Strike:
    return Strike(attacker.id, str(blue.id), target.id)


@pytest.mark.parametrize("name", SCENARIOS)
def test_hit_tie_and_miss_match_every_face_run_through_the_domains_contest(name: str) -> None:
    table, red, blue, attacker, target = _scenario(name)
    world = table.world()
    odds = attack_odds(world, str(red.id), _strike(red, blue, attacker, target))
    row = type_of(attacker)
    assert row is not None and row.attack is not None

    def run(dice: object) -> str:
        session = Session(world, dice, str(red.id))  # type: ignore[arg-type]
        mine = attack_side(session, attacker, blue, target, row.attack, False)
        theirs = defence_side(session, blue, attacker, target, row.attack)
        result = contest(session, mine, theirs, "odds", books=books_in(world, attacker.region_id))
        return "hit" if result.attacker_wins else "tie" if result.tie else "miss"

    exact = enumerate_faces(run, 10)
    assert (odds.hit, odds.tie, odds.miss) == (exact.get("hit", 0), exact.get("tie", 0), exact.get("miss", 0))
    assert odds.hit + odds.tie + odds.miss == 1  # type: ignore[operator]


def _final_totals(outcome: Outcome, attacker: OwnedAsset, red: Faction) -> tuple[int, int]:
    """The contest as it finally stood: each side's last d10 roll (a Book of Secrets reroll replaces one)."""
    contest_rolls = [
        r
        for r in outcome.rolls
        if r.rule in (RULE_ATTACK, RULE_BOOK)
        and "d10" in r.expression
        and r.purpose.startswith(f"{attacker.name} attacks")
    ]
    mine = [r for r in contest_rolls if r.actor == str(red.id)][-1]
    theirs = [r for r in contest_rolls if r.actor != str(red.id)][-1]
    return mine.total, theirs.total


def _rolled(outcome: Outcome, ending: str) -> Roll | None:
    return next((r for r in outcome.rolls if r.purpose.endswith(ending)), None)


@pytest.mark.parametrize("name", ("tags", "books", "illusionists", "monster"))
def test_the_odds_match_10000_seeded_resolutions_within_sampling_error(name: str) -> None:
    table, red, blue, attacker, target = _scenario(name)
    world = table.world()
    strike = _strike(red, blue, attacker, target)
    odds = attack_odds(world, str(red.id), strike)
    assert not isinstance(odds.hit, Unknown) and not isinstance(odds.expected_damage, Unknown)
    dice = RandomDice.seeded("issue 19 odds", name)
    kinds: dict[str, list[float]] = {"hit": [], "tie": [], "miss": [], "damage": [], "counter": [], "countered": []}
    for _ in range(RESOLUTIONS):
        outcome = resolve_action(world, str(red.id), Attack((strike,)), dice)
        mine, theirs = _final_totals(outcome, attacker, red)
        for kind, happened in (("hit", mine > theirs), ("tie", mine == theirs), ("miss", mine < theirs)):
            kinds[kind].append(float(happened))
        damage = _rolled(outcome, f"{attacker.name} damage")
        counter = _rolled(outcome, "counterattack")
        times = MONSTER_DAMAGE_MULTIPLIER if target.type_key == WILD_MONSTER else 1  # the odds: damage dealt
        kinds["damage"].append(float(max(damage.total, 0) * times) if damage else 0.0)
        kinds["counter"].append(float(max(counter.total, 0)) if counter else 0.0)
        kinds["countered"].append(float(counter is not None))
    expected = {
        "hit": odds.hit,
        "tie": odds.tie,
        "miss": odds.miss,
        "damage": odds.expected_damage,
        "counter": odds.expected_counter_damage,
        "countered": odds.counter,
    }
    for kind, observed in kinds.items():
        assert within(observed, float(expected[kind])), (kind, sum(observed) / len(observed), float(expected[kind]))


def test_a_tie_lands_both_the_attack_and_the_counterattack() -> None:
    """Seed 002, Attack Procedure: "A tie on the roll results in both Attack and Counterattack succeeding. Both
    attacker and defender take damage as indicated." """
    table, red, blue, attacker, target = _scenario("plain")
    odds = attack_odds(table.world(), str(red.id), _strike(red, blue, attacker, target))
    assert odds.hit == Fraction(55, 100) and odds.tie == Fraction(9, 100)  # 1d10+6 against 1d10+5
    # A tie whose 2d8 reaches the Regiment's 12 HP destroys it, and its counterattack lands all the same.
    assert odds.counter == odds.tie + odds.miss  # type: ignore[operator]
    assert odds.expected_damage == (odds.hit + odds.tie) * 9  # type: ignore[operator]  # 2d8: mean 9
    assert odds.expected_counter_damage == odds.counter * Fraction(9, 2)  # type: ignore[operator]  # 1d8


def test_a_tie_that_kills_the_defender_draws_its_counter_as_often_as_brute_force_through_the_resolution() -> None:
    """Seed 002, Attack Procedure: "Both attacker and defender take damage as indicated." Guardsmen (1d3+1)
    against 3-HP Guardsmen (counter 1d4): a tie kills two times in three, and the counter lands every time."""
    town, fort = region("Town", 0, 0), region("Fort", 3, 0)
    red, blue = faction("Red", 2, 1, 1, fort), faction("Blue", 1, 1, 1, town)
    attacker, target = give(red, "guardsmen", town), give(blue, "guardsmen", town)
    world = Table([red, blue], [town, fort]).world()
    strike = _strike(red, blue, attacker, target)
    odds = attack_odds(world, str(red.id), strike)

    def countered(dice: ScriptDice) -> bool:
        outcome = resolve_action(world, str(red.id), Attack((strike,)), dice)  # type: ignore[arg-type]
        return _rolled(outcome, f"{target.name} counterattack") is not None

    lands = enumerate_any(countered).get(True, Fraction(0))
    assert odds.tie == Fraction(9, 100) and odds.miss == Fraction(36, 100)  # 1d10+2 against 1d10+1
    assert odds.counter == lands == odds.tie + odds.miss == Fraction(45, 100)  # the engine said 0.39 before
    assert odds.expected_counter_damage == lands * Fraction(5, 2)  # 1d4


def test_a_defender_a_false_front_saves_counterattacks_as_one_a_killing_tie_destroys() -> None:
    """The counter is owed by the tie itself, so whether a False Front takes the killing blow changes nothing."""
    table, red, blue, attacker, target = _scenario("plain")
    plain = attack_odds(table.world(), str(red.id), _strike(red, blue, attacker, target))
    give(blue, "false_front", table.regions[0])
    fronted = attack_odds(table.world(), str(red.id), _strike(red, blue, attacker, target))
    assert fronted.counter == plain.counter == plain.tie + plain.miss  # type: ignore[operator]


def test_the_player_sees_no_rivals_secret_and_the_gm_sees_the_truth() -> None:
    """Blue's defence plan (a secret order) picks its Fortress to meet the strike: the GM's odds change, the
    attacking seat's do not (it is told the defender and whatever hangs on it is Unknown)."""
    table, red, blue, attacker, target = _scenario("plain")
    town = target.region_id
    strike = _strike(red, blue, attacker, target)
    before_gm = attack_odds(table.world(), str(red.id), strike)
    give(blue, "fortress", table.regions[0])
    player_before = attack_odds(table.world(), str(red.id), strike, viewer=str(red.id))
    from domain.factionturn.aggregate.orders import Defence

    fortress = next(a for a in blue.assets.values() if a.type_key == "fortress")
    table.order(blue, defences=(Defence(town, defender_id=fortress.id),))
    gm_after = attack_odds(table.world(), str(red.id), strike)
    player_after = attack_odds(table.world(), str(red.id), strike, viewer=str(red.id))
    assert player_after == player_before
    assert gm_after != before_gm and gm_after.defender_id == fortress.id
    assert isinstance(player_after.defender_id, Unknown) and isinstance(player_after.counter_damage, Unknown)
    assert player_after.hit == gm_after.hit  # a Fortress adds no die: the contest itself is known either way


def test_a_stealthed_rival_asset_never_reaches_the_players_odds() -> None:
    table, red, blue, attacker, target = _scenario("illusionists")
    strike = _strike(red, blue, attacker, target)
    player_before = attack_odds(table.world(), str(red.id), strike, viewer=str(red.id))
    gm_before = attack_odds(table.world(), str(red.id), strike)
    give(blue, "guards_and_wards", table.regions[0], stealthed=True)  # hidden: a Cunning die to the defence
    assert attack_odds(table.world(), str(red.id), strike, viewer=str(red.id)) == player_before
    assert attack_odds(table.world(), str(red.id), strike).miss != gm_before.miss


def test_a_rivals_book_of_secrets_leaves_the_contest_unknown_to_the_player() -> None:
    table, red, blue, attacker, target = _scenario("books")
    odds: AttackOdds = attack_odds(table.world(), str(red.id), _strike(red, blue, attacker, target), viewer=str(red.id))
    assert isinstance(odds.hit, Unknown) and "Book of Secrets" in odds.hit.reason
    assert not isinstance(odds.attack_total, Unknown)  # its own roll it knows


def test_a_target_the_seat_cannot_see_leaves_every_chance_unknown() -> None:
    table, red, blue, attacker, _ = _scenario("plain")
    hidden = give(blue, "regiment", table.regions[0], stealthed=True)
    odds = attack_odds(table.world(), str(red.id), _strike(red, blue, attacker, hidden), viewer=str(red.id))
    chances = (odds.hit, odds.tie, odds.miss, odds.damage, odds.expected_damage, odds.counter)
    assert all(isinstance(c, Unknown) for c in (odds.defender_id, odds.defence_total, *chances))
    assert isinstance(odds.expected_counter_damage, Unknown) and isinstance(odds.counter_damage, Unknown)
    assert odds.notes == ("the target cannot be seen from this seat",)
    assert (odds.attacker_id, odds.target_asset_id) == (attacker.id, hidden.id)
