"""A house action's exact odds (seed 000): every band against brute force over the faces run through the
domain's own resolver, and against 10,000 seeded resolutions; a player's odds never read a rival's secret."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction

import pytest

from domain.dice import RandomDice
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.resolution.month import RESOLVERS
from domain.gameofbones.rules.effects import AreaDamageSet, InfluenceChanged, KnowledgeGained, PowerChanged
from domain.gameofbones.rules.ordering import Order, plan_order
from domain.gameofbones.rules.outcomes import Outcome
from domain.gameofbones.rules.scene import Scene
from domain.gameofbones.tables.actions import ActionName
from domain.odds import HouseOdds, Unknown, house_odds, house_success
from tests.domain.gameofbones.bones_world import World, court
from tests.domain.odds.odds_checks import ScriptDice, enumerate_any, within

A = ActionName
RESOLUTIONS = 10_000


def _table() -> tuple[World, House, House, dict[str, str]]:
    world, baenre, xorlarrin = court()
    areas = {
        "bazaar": world.area("Bazaar", income=2_000, controller=xorlarrin, troops={str(xorlarrin.id): 2_250}),
        "market": world.area("Market", income=1_000, controller=xorlarrin),
        "spire": world.area("Spire", income=500, controller=baenre, troops={str(baenre.id): 3_000}),
    }
    return world, baenre, xorlarrin, areas


def _orders(world: World, baenre: House, rival: House, areas: dict[str, str]) -> dict[A, Order]:
    r, who = str(rival.id), "Yvonnel"
    smear = world.order(baenre, Order(A.SMEAR_CAMPAIGN, "Dab", r))
    return {
        A.ASSASSINATION: Order(A.ASSASSINATION, who, r, "Zeerith"),
        A.ASSAULT: Order(A.ASSAULT, who, r, area_ids=(areas["bazaar"],), power=3_000),
        A.COUNTERINTELLIGENCE: Order(A.COUNTERINTELLIGENCE, who),
        A.COVER_UP: Order(A.COVER_UP, who, covered_action_id=smear.id),
        A.DIVINE_PETITION: Order(A.DIVINE_PETITION, who),
        A.EXTORTION: Order(A.EXTORTION, who, r, area_ids=(areas["market"],)),
        A.FORCE_ASSESSMENT: Order(A.FORCE_ASSESSMENT, who, area_ids=(areas["bazaar"],)),
        A.FRAME_UP: Order(A.FRAME_UP, who, r),
        A.INTELLIGENCE_GATHERING: Order(A.INTELLIGENCE_GATHERING, who),
        A.POISON_PILL: Order(A.POISON_PILL, who, r),
        A.PUBLIC_RELATIONS_CAMPAIGN: Order(A.PUBLIC_RELATIONS_CAMPAIGN, who),
        A.SMEAR_CAMPAIGN: Order(A.SMEAR_CAMPAIGN, who, r),
        A.TROOP_MOVEMENTS: Order(
            A.TROOP_MOVEMENTS, who, area_ids=(areas["spire"],), power=1_000, to_area_id=areas["market"]
        ),
        A.VANDALISM: Order(A.VANDALISM, who, r, area_ids=(areas["market"],)),
        A.WREST_CONTROL: Order(A.WREST_CONTROL, who, r, area_ids=(areas["market"],)),
    }


def band_of(outcome: Outcome) -> str:
    """The band the resolver's outcome falls in, by the resolver's own words and effects."""
    result, action = outcome.result, A(outcome.action)
    mine = (c.effect for c in outcome.effects if c.target_id == outcome.house_id)
    learned = [e for e in mine if isinstance(e, KnowledgeGained)]
    if action is A.ASSAULT:
        return (
            "repulsed"
            if result.startswith("repulsed")
            else "won, but no power taken"
            if " 0 power" in result
            else "the defender lost power"
        )
    if action is A.EXTORTION and result.endswith("income extorted"):
        return "income extorted"
    if action is A.FORCE_ASSESSMENT:
        if not learned:
            return "learned nothing"
        if any(e.knowledge["id"] in outcome.false_ids for e in learned):
            return "misled about the troops"
        return "troops and plans learned" if learned[0].knowledge["plans"] is not None else "troops learned"
    if action is A.FRAME_UP and result.startswith("framed"):
        return "framed"
    if action is A.INTELLIGENCE_GATHERING:
        return (
            "a false plot"
            if any(e.knowledge["id"] in outcome.false_ids for e in learned) or not outcome.rolls[0].total >= 20
            else "plots sought"
        )
    if action is A.SMEAR_CAMPAIGN and result.startswith("the target lost"):
        return "the target lost 1d4×1,000 influence" if len(outcome.rolls) == 3 else "the target lost 1000 influence"
    if action is A.VANDALISM:
        return (
            "the vandals turned"
            if result.startswith("the vandals turned")
            else "wrecked"
            if result.endswith("wrecked")
            else "at half income"
            if result.endswith("half income")
            else "untouched"
        )
    if action is A.WREST_CONTROL and result.startswith("public opinion turned"):
        return "public opinion turned"
    return result


def _scene(world: World, baenre: House, order: Order) -> Scene:
    pending = plan_order(baenre, order, phase=1, houses=world.houses, areas=world.areas)
    return Scene(baenre, pending, pending.resolve_week, world.houses, world.areas)


def _influence_lost(outcome: Outcome, rival: House) -> int:
    lost = (c.effect for c in outcome.effects if c.target_id == str(rival.id))
    return -sum(e.amount for e in lost if isinstance(e, InfluenceChanged))


@pytest.mark.parametrize("action", list(A))
def test_every_band_matches_brute_force_through_the_resolver(action: A) -> None:
    world, baenre, rival, areas = _table()
    order = _orders(world, baenre, rival, areas)[action]
    odds = house_odds(baenre, order, phase=1, houses=world.houses, areas=world.areas)
    assert not isinstance(odds.bands, Unknown)
    scene = _scene(world, baenre, order)

    def run(dice: ScriptDice) -> Hashable:
        return band_of(RESOLVERS[action](scene, dice))

    # After the contest's two d20 only Intelligence Gathering's false plot and the turned vandals roll dice
    # that cannot change the band.
    free = {A.INTELLIGENCE_GATHERING: 2, A.VANDALISM: 3}.get(action)
    exact = enumerate_any(run, free)
    assert {b.name: b.chance for b in odds.bands} == exact
    assert sum(b.chance for b in odds.bands) == 1


@pytest.mark.parametrize("action", list(A))
def test_the_success_chance_alone_is_the_full_odds_success(action: A) -> None:
    world, baenre, rival, areas = _table()
    order = _orders(world, baenre, rival, areas)[action]
    odds = house_odds(baenre, order, phase=1, houses=world.houses, areas=world.areas)
    assert house_success(baenre, order, phase=1, houses=world.houses, areas=world.areas) == odds.success


def _power_lost(outcome: Outcome, rival: House) -> int:
    lost = (c.effect for c in outcome.effects if c.target_id == str(rival.id))
    return -sum(e.amount for e in lost if isinstance(e, PowerChanged))


@pytest.mark.parametrize(
    ("action", "effect"),
    [
        (A.SMEAR_CAMPAIGN, "target_influence_lost"),
        (A.ASSAULT, "defender_power_lost"),
        (A.PUBLIC_RELATIONS_CAMPAIGN, "influence_gained"),
    ],
)
def test_expected_effects_match_the_resolvers_own_amounts(action: A, effect: str) -> None:
    world, baenre, rival, areas = _table()
    # The odds give what the rules take; the resolver's change is what the target loses, at most what it has (a
    # player's odds cannot read a rival's influence): a rival able to lose a whole Smear band (4,000) shows both.
    rival.change_influence(1_000, "rich enough to lose the whole band")
    order = _orders(world, baenre, rival, areas)[action]
    odds = house_odds(baenre, order, phase=1, houses=world.houses, areas=world.areas)
    scene = _scene(world, baenre, order)

    def amount(dice: ScriptDice) -> Hashable:
        outcome = RESOLVERS[action](scene, dice)
        if action is A.ASSAULT:
            return _power_lost(outcome, rival)
        return (
            -_influence_lost(outcome, baenre)
            if action is A.PUBLIC_RELATIONS_CAMPAIGN
            else _influence_lost(outcome, rival)
        )

    exact = enumerate_any(amount)
    mean = sum((Fraction(int(str(v))) * p for v, p in exact.items()), Fraction(0))
    assert not isinstance(odds.expected, Unknown)
    assert dict(odds.expected)[effect] == mean
    assert mean > 0


@pytest.mark.parametrize("action", [A.SMEAR_CAMPAIGN, A.ASSASSINATION, A.WREST_CONTROL, A.ASSAULT, A.EXTORTION])
def test_band_frequencies_of_10000_seeded_resolutions_are_within_sampling_error(action: A) -> None:
    world, baenre, rival, areas = _table()
    order = _orders(world, baenre, rival, areas)[action]
    odds = house_odds(baenre, order, phase=1, houses=world.houses, areas=world.areas)
    assert not isinstance(odds.bands, Unknown) and not isinstance(odds.success, Unknown)
    scene = _scene(world, baenre, order)
    dice = RandomDice.seeded("issue 19 house odds", action.value)
    seen = [band_of(RESOLVERS[action](scene, dice)) for _ in range(RESOLUTIONS)]
    for band in odds.bands:
        assert within([float(s == band.name) for s in seen], float(band.chance)), (band.name, band.chance)
    assert set(seen) <= {b.name for b in odds.bands}


def test_a_players_odds_never_read_a_rivals_secret_the_gms_do() -> None:
    """Xorlarrin's Power (secret: it sets its Power Defence and Rank) changes the GM's Wrest Control odds; the
    Baenre seat's stay the same: Unknown, and its own unopposed PR Campaign stays known."""
    world, baenre, rival, areas = _table()
    order = _orders(world, baenre, rival, areas)[A.WREST_CONTROL]
    pr = Order(A.PUBLIC_RELATIONS_CAMPAIGN, "Yvonnel")

    def both() -> tuple[HouseOdds, HouseOdds, HouseOdds]:
        kw = {"phase": 1, "houses": world.houses, "areas": world.areas}
        return (
            house_odds(baenre, order, **kw),
            house_odds(baenre, order, viewer=str(baenre.id), **kw),  # type: ignore[arg-type]
            house_odds(baenre, pr, viewer=str(baenre.id), **kw),
        )  # type: ignore[arg-type]

    gm_before, player_before, pr_before = both()
    rival.change_power(60_000, "a secret army")
    gm_after, player_after, pr_after = both()
    assert gm_after.success != gm_before.success
    assert player_after == player_before and isinstance(player_after.success, Unknown)
    assert pr_after == pr_before and not isinstance(pr_after.success, Unknown)
    assert pr_before.success == house_odds(baenre, pr, phase=1, houses=world.houses, areas=world.areas).success


def test_a_spys_monthly_check_matches_10000_seeded_checks() -> None:
    from domain.gameofbones.rules.intrigue import check_spy
    from domain.gameofbones.tables.records import Spy
    from domain.odds import spy_check_odds

    _, baenre, rival, _ = _table()
    spy = Spy(str(rival.id), 1, 2, 1)  # at +1: a lost check discovers it
    odds = spy_check_odds(baenre, rival, spy, 1, 4)
    assert isinstance(spy_check_odds(baenre, rival, spy, 1, 4, viewer=str(baenre.id)).in_place, Unknown)
    assert not isinstance(odds.in_place, Unknown) and not isinstance(odds.discovered, Unknown)
    assert odds.suspected == 0 and odds.in_place + odds.discovered == 1  # type: ignore[operator]
    dice = RandomDice.seeded("issue 19 spy")
    found = [check_spy(baenre, rival, spy, 1, 4, dice).result == "the spy was discovered" for _ in range(RESOLUTIONS)]
    assert within([float(f) for f in found], float(odds.discovered))


def test_a_source_hunts_chance_is_its_d20_against_dc_20() -> None:
    from domain.gameofbones.rules.hunt import HUNT_DC
    from domain.odds import source_hunt_odds

    _, _, rival, _ = _table()
    bonus = rival.best("Gather Information")
    modifier = bonus.modifier("Gather Information") if bonus else 0
    chance = source_hunt_odds(rival, "no-such-attack", 1)
    assert chance == Fraction(sum(1 for face in range(1, 21) if face + modifier >= HUNT_DC), 20)


def test_the_vandals_turned_band_lists_its_effect_on_the_aggressors_area_against_brute_force() -> None:
    """Seed 000, Vandalism: "When the aggressor's Rank check fails by 10 or more, the vandals are turned against
    the aggressor and attack one of his territories. This is treated exactly as if the defender had hired the
    vandals to attack the aggressor." The band's effects are that attack's, through the resolver."""
    world, baenre, rival, areas = _table()
    order = _orders(world, baenre, rival, areas)[A.VANDALISM]
    odds = house_odds(baenre, order, phase=1, houses=world.houses, areas=world.areas)
    assert not isinstance(odds.bands, Unknown)
    scene = _scene(world, baenre, order)

    def own_area(dice: ScriptDice) -> Hashable:
        outcome = RESOLVERS[A.VANDALISM](scene, dice)
        mine = (c.effect for c in outcome.effects if c.target_id == str(baenre.id))
        hit = [e for e in mine if isinstance(e, AreaDamageSet)]
        return "wrecked" if hit and hit[0].dark_weeks else "halved" if hit else "spared"

    exact = enumerate_any(own_area, 5)  # the contest, the target, the turned vandals' contest; then damage dice
    [turned] = [b for b in odds.bands if b.name == "the vandals turned"]
    effects = dict(turned.effects)
    assert turned.chance * effects["own_area_wrecked"] == exact["wrecked"] > 0
    assert turned.chance * effects["own_area_at_half_income"] == exact["halved"] > 0
    assert effects["own_repair_cost"] == effects["own_area_wrecked"] * 3_500  # 1d6 × 1,000 gp of repairs: 3,500
