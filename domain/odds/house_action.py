"""Exact odds of one Game of Bones action (seed 000, the actions' Skill DC, Success and Failure Results).

The rolls are built from the resolution's own modifiers (`Scene.skill_modifiers`, `Scene.defence_modifiers`,
`scene.rank_check_modifiers`, Assault's power bonuses) and judged by the resolution's own `Contest` (its
`success`, `margin`, `shortfall`), for every pair of d20 faces; each band is the resolver's own threshold
(domain/gameofbones/covert.py, force.py, intrigue.py). Follow-up dice (a Reflex save, 1d4×1,000 Influence, 1d6
months) enter each band's expected effect exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from domain.dice import Modifier, Roll
from domain.errors import NotFoundError
from domain.gameofbones.actions import RANK_CHECK, ActionName
from domain.gameofbones.checks import Contest
from domain.gameofbones.covert import REFLEX_DC
from domain.gameofbones.force import (
    HALF_WEEKS,
    LOSS_STEP,
    POWER_PER_ATTACK_BONUS,
    POWER_PER_DEFENCE_BONUS,
    REPAIRS,
    WREST_MONTHS,
    turned_bonus,
    turned_defence,
)
from domain.gameofbones.gains import Skill
from domain.gameofbones.intrigue import PR_GAIN, SMEAR_BAND, SMEAR_LOSS
from domain.gameofbones.ordering import Order, plan_order
from domain.gameofbones.scene import Scene, rank_check_modifiers
from domain.odds.distribution import Distribution, die, of_spec
from domain.odds.knowledge import Chance, Unknown

if TYPE_CHECKING:
    from domain.gameofbones.house import House
    from domain.region import Region

A = ActionName
Effects = dict[str, Fraction]
# One way a contest can end: (probability given the contest, band name, effects given that band)
Ending = tuple[Fraction, str, Effects]


@dataclass(frozen=True)
class Band:
    """One outcome band: its name (as the resolver words the result), its chance, and the mean of each effect
    given the band (e.g. `target_influence_lost`)."""

    name: str
    chance: Fraction
    effects: tuple[tuple[str, Fraction], ...] = ()


@dataclass(frozen=True)
class HouseOdds:
    """One order's odds. `attack_total`: the acting roll (d20 + its modifiers); `defence_total`: the opposing
    roll, None when unopposed; `dc`: the DC it must meet, None for none. `success`: the chance the contest is
    won (seed 000: meet the DC and beat the opposing roll; ties go to the defender). `bands`: every outcome
    band with its chance; `expected`: each effect's mean over all bands. Unknown where a rival's secret decides."""

    action: str
    attack_total: Distribution | Unknown
    defence_total: Distribution | Unknown | None
    dc: int | None
    success: Chance
    bands: tuple[Band, ...] | Unknown
    expected: tuple[tuple[str, Fraction], ...] | Unknown
    notes: tuple[str, ...] = ()


def house_odds(
    house: House,
    order: Order,
    *,
    phase: int,
    houses: Mapping[str, House],
    areas: Mapping[str, Region],
    viewer: str | None = None,
) -> HouseOdds:
    """The odds of `order` as `plan_order` plans it (its refusals propagate). `viewer=None`: the GM's, from the
    truth; `viewer=<house id>`: that seat's, where any roll that reads a rival house's secret state (its
    defences, effective Rank, circumstances, troops) is Unknown."""
    pending = plan_order(house, order, phase=phase, houses=houses, areas=areas)
    scene = Scene(house, pending, pending.resolve_week, houses, areas)
    return scene_odds(scene, viewer=viewer)


def house_success(
    house: House, order: Order, *, phase: int, houses: Mapping[str, House], areas: Mapping[str, Region]
) -> Fraction:
    """The GM's exact chance that `order` succeeds: `house_odds(...).success`, without the bands' effects (what
    an order is worth to the assistant reads only this). Same plan, same modifiers, same `Contest`."""
    pending = plan_order(house, order, phase=phase, houses=houses, areas=areas)
    scene = Scene(house, pending, pending.resolve_week, houses, areas)
    if ENDINGS.get(scene.name) is None:
        raise NotFoundError(f"no odds for {scene.name.value}: it is no action of seed 000's table")
    attack_mods, defence_mods = _modifiers(scene)
    defence = None if defence_mods is None else sum(m.value for m in defence_mods)
    return _success(sum(m.value for m in attack_mods), defence, scene.dc())


@cache
def _success(attack: int, defence: int | None, dc: int | None) -> Fraction:
    """The chance d20 + `attack` wins its `Contest` against d20 + `defence` (None: unopposed) and the DC, over
    every pair of faces, each pair as likely as any other: a function of three integers, so kept once computed."""
    against = [None] if defence is None else [_roll(face + defence) for face in range(1, 21)]
    wins = sum(
        1
        for face in range(1, 21)
        for rolled in (_roll(face + attack),)
        for d in against
        if Contest(rolled, d, dc).success
    )
    return Fraction(wins, 20 * len(against))


def _roll(total: int) -> Roll:
    return Roll("1d20", (), (), total)


def scene_odds(scene: Scene, *, viewer: str | None = None) -> HouseOdds:
    name, row, dc = scene.name, scene.row, scene.dc()
    rival = scene.counterpart
    if viewer is not None and rival is not None and str(rival.id) != viewer:
        why = Unknown(f"the rolls read {rival.name}'s secret standing (defences, effective Rank, circumstances)")
        return HouseOdds(name.value, why, why if row.opposed_by else None, dc, why, why, why, (why.reason,))
    attack_mods, defence_mods = _modifiers(scene)
    attack = die(20).shifted(sum(m.value for m in attack_mods))
    defence = die(20).shifted(sum(m.value for m in defence_mods)) if defence_mods is not None else None
    endings = ENDINGS.get(name)
    if endings is None:
        raise NotFoundError(f"no odds for {name.value}: it is no action of seed 000's table")
    totals: dict[str, tuple[Fraction, Effects]] = {}
    success = Fraction(0)
    for a, p in attack.outcomes:
        for d, q in defence.outcomes if defence is not None else ((None, Fraction(1)),):
            contest = _contest(a, d, dc)
            weight = p * q
            success += weight if contest.success else 0
            for share, band, effects in endings(scene, contest):
                chance, sums = totals.get(band, (Fraction(0), {}))
                for key, value in effects.items():
                    sums[key] = sums.get(key, Fraction(0)) + weight * share * value
                totals[band] = (chance + weight * share, sums)
    bands = tuple(Band(b, c, tuple((k, v / c) for k, v in sorted(s.items()))) for b, (c, s) in totals.items() if c)
    expected: dict[str, Fraction] = {}
    for _, (_, sums) in totals.items():
        for key, value in sums.items():
            expected[key] = expected.get(key, Fraction(0)) + value
    notes = tuple(f"{m.source} {m.value:+d}" for m in attack_mods if m.value)
    return HouseOdds(name.value, attack, defence, dc, success, bands, tuple(sorted(expected.items())), notes)


def _modifiers(scene: Scene) -> tuple[list[Modifier], list[Modifier] | None]:
    row, defender = scene.row, scene.defender
    if row.skill == RANK_CHECK:
        assert defender is not None
        attack, defence = rank_check_modifiers(scene, defender)
        if scene.name is A.ASSAULT:  # resolve_assault's bonuses
            committed = int(scene.pending.params["power"])
            in_position = scene.areas[scene.pending.area_ids[0]].troops.get(str(defender.id), 0)
            attack = [*attack, Modifier("power committed", committed // POWER_PER_ATTACK_BONUS)]
            defence = [*defence, Modifier("power in position", in_position // POWER_PER_DEFENCE_BONUS)]
        return attack, defence
    attack = scene.skill_modifiers(str(row.skill), scene.counterpart)
    if defender is not None and row.opposed_by:
        return attack, scene.defence_modifiers(defender, str(row.opposed_by))
    return attack, None


def _contest(attack: int, defence: int | None, dc: int | None) -> Contest:
    return Contest(_roll(attack), None if defence is None else _roll(defence), dc)


ONE = Fraction(1)


def _beaten_by(c: Contest) -> int:
    return c.defence.total - c.attack.total if c.defence else 0


def _assassination(scene: Scene, c: Contest) -> list[Ending]:
    if c.success and c.margin >= 10:
        return [(ONE, "killed", {"target_killed": ONE})]
    if c.success:
        victim = scene.defender.character(scene.pending.target_character or "")  # type: ignore[union-attr]
        saves = die(20).shifted(victim.modifier(Skill.REFLEX_SAVE)).chance(lambda v: v >= REFLEX_DC)
        return [(saves, "the target saved against death", {}), (1 - saves, "killed", {"target_killed": ONE})]
    if c.shortfall >= 10:
        return [(ONE, "the assassin was captured", {})]
    if c.shortfall >= 5:
        return [(ONE, "the assassin escaped; the target is alarmed", {})]
    return [(ONE, "the assassin never made the attempt", {})]


def _assault(scene: Scene, c: Contest) -> list[Ending]:
    defender = scene.defender
    assert defender is not None
    committed = int(scene.pending.params["power"])
    in_position = scene.areas[scene.pending.area_ids[0]].troops.get(str(defender.id), 0)
    if c.success:
        loss = min(c.margin // 5 * LOSS_STEP, in_position)
        if loss:
            return [(ONE, "the defender lost power", {"defender_power_lost": Fraction(loss)})]
        return [(ONE, "won, but no power taken", {})]
    loss = min(max(0, _beaten_by(c)) // 3 * LOSS_STEP, committed)
    return [(ONE, "repulsed", {"aggressor_power_lost": Fraction(loss)})]


def _counterintelligence(scene: Scene, c: Contest) -> list[Ending]:
    steps = (c.margin if c.success else c.shortfall) // 5
    if not steps:
        return [(ONE, "succeeded without effect" if c.success else "failed without effect", {})]
    value = -steps if c.success else steps
    return [(ONE, f"aggressors' watched actions {value:+d}", {"watched_actions_modifier": Fraction(value)})]


def _passfail(won: str, lost: str, effect: str = "", value: int = 1) -> Callable[[Scene, Contest], list[Ending]]:
    def endings(scene: Scene, c: Contest) -> list[Ending]:
        if c.success:
            return [(ONE, won, {effect: Fraction(value)} if effect else {})]
        return [(ONE, lost, {})]

    return endings


def _extortion(scene: Scene, c: Contest) -> list[Ending]:
    if c.success:
        return [(ONE, "income extorted", {"income_percent_per_area": Fraction(min(100, 5 * c.margin))})]
    if _beaten_by(c) >= 10:
        return [(ONE, "failed; the defender responds at +5", {})]
    return [(ONE, "failed; the defender responds at +2", {})]


def _force_assessment(scene: Scene, c: Contest) -> list[Ending]:
    if c.success:
        return [(ONE, "troops and plans learned" if c.margin >= 10 else "troops learned", {})]
    return [(ONE, "misled about the troops" if c.shortfall >= 10 else "learned nothing", {})]


def _frame_up(scene: Scene, c: Contest) -> list[Ending]:
    if not c.success:
        return [(ONE, "the frame up failed; own effective rank −1", {"own_rank_lost": ONE})]
    steps = c.margin // 10
    if not steps:
        return [(ONE, "the evidence convinced no one", {})]
    return [(ONE, "framed", {"target_rank_lost": Fraction(steps)})]


def _intelligence_gathering(scene: Scene, c: Contest) -> list[Ending]:
    if c.success:  # one plot, one more per 5 over; as many as there are (their number is not the roll's)
        return [(ONE, "plots sought", {"plots_sought": Fraction(1 + c.margin // 5)})]
    return [(ONE, "a false plot", {})]


def _smear(scene: Scene, c: Contest) -> list[Ending]:
    if c.success and c.margin > 10:
        return [(ONE, "the target lost 1d4×1,000 influence", {"target_influence_lost": of_spec(SMEAR_BAND).expected})]
    if c.success:
        return [(ONE, f"the target lost {SMEAR_LOSS} influence", {"target_influence_lost": Fraction(SMEAR_LOSS)})]
    if _beaten_by(c) >= 10:
        return [(ONE, "exposed; the target counterattacks at +5", {})]
    return [(ONE, "the money was wasted", {})]


def _vandalism(scene: Scene, c: Contest) -> list[Ending]:
    if c.success and c.margin >= 10:
        return [(ONE, "wrecked", {"repair_cost": of_spec(REPAIRS).expected})]
    if c.success:
        return [(ONE, "at half income", {"half_income_weeks": of_spec(HALF_WEEKS).expected})]
    if c.shortfall >= 10 and scene.house.area_ids:
        return [(ONE, "the vandals turned", _turned(scene))]
    return [(ONE, "untouched", {})]


def _turned(scene: Scene) -> Effects:
    """Seed 000, Vandalism: turned vandals attack one of the aggressor's areas "exactly as if the defender had
    hired the vandals": their own rank contest (`force.turned_contest`), wrecking or halving the income of that
    area of the aggressor's, never turned again."""
    defender = scene.defender
    assert defender is not None
    attack = turned_bonus(scene, defender).value
    defence = sum(m.value for m in turned_defence(scene, defender, scene.house))
    wrecked, halved = _turned_bands(attack, defence, scene.dc())
    return {
        "own_area_wrecked": wrecked,
        "own_repair_cost": wrecked * of_spec(REPAIRS).expected,
        "own_area_at_half_income": halved,
        "own_half_income_weeks": halved * of_spec(HALF_WEEKS).expected,
    }


@cache
def _turned_bands(attack: int, defence: int, dc: int | None) -> tuple[Fraction, Fraction]:
    """The chances the turned vandals wreck the area (win by 10) and halve its income (win by less)."""
    contests = [_contest(a + attack, d + defence, dc) for a in range(1, 21) for d in range(1, 21)]
    wrecked = sum(1 for c in contests if c.success and c.margin >= 10)
    halved = sum(1 for c in contests if c.success and c.margin < 10)
    return Fraction(wrecked, 400), Fraction(halved, 400)


def _wrest(scene: Scene, c: Contest) -> list[Ending]:
    if c.success and c.margin >= 10:
        return [(ONE, "control seized", {"areas_seized": ONE})]
    if c.shortfall >= 10:
        return [(ONE, "public opinion turned", {"months_of_lost_influence": of_spec(WREST_MONTHS).expected})]
    return [(ONE, "control holds", {})]


ENDINGS: dict[ActionName, Callable[[Scene, Contest], list[Ending]]] = {
    A.ASSASSINATION: _assassination,
    A.ASSAULT: _assault,
    A.COUNTERINTELLIGENCE: _counterintelligence,
    A.COVER_UP: _passfail("evidence destroyed", "the action is not covered up"),
    A.DIVINE_PETITION: _passfail("divine sanction granted", "condemned by the priestesses"),
    A.EXTORTION: _extortion,
    A.FORCE_ASSESSMENT: _force_assessment,
    A.FRAME_UP: _frame_up,
    A.INTELLIGENCE_GATHERING: _intelligence_gathering,
    A.POISON_PILL: _passfail("spy planted", "the spy was turned"),
    A.PUBLIC_RELATIONS_CAMPAIGN: _passfail(f"+{PR_GAIN} influence", "no influence gained", "influence_gained", PR_GAIN),
    A.SMEAR_CAMPAIGN: _smear,
    A.TROOP_MOVEMENTS: _passfail("moved unseen", "moved in plain sight"),
    A.VANDALISM: _vandalism,
    A.WREST_CONTROL: _wrest,
}
