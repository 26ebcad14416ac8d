"""Each Game of Bones action's outcome bands, as its resolver draws them (domain/gameofbones/rules/covert.py, force.py,
intrigue.py): for one contest, the bands it ends in, each with its share and its expected effects given the band
(follow-up dice enter exactly). `house_action.scene_odds` sums them over every pair of d20 faces."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache

from domain.dice import Roll
from domain.gameofbones.rules.checks import Contest
from domain.gameofbones.rules.covert import REFLEX_DC
from domain.gameofbones.rules.force import HALF_WEEKS, LOSS_STEP, REPAIRS, WREST_MONTHS, turned_bonus, turned_defence
from domain.gameofbones.rules.intrigue import PR_GAIN, SMEAR_BAND, SMEAR_LOSS
from domain.gameofbones.rules.scene import Scene
from domain.gameofbones.tables.actions import ActionName
from domain.gameofbones.tables.gains import Skill
from domain.odds.distribution import die, of_spec

A = ActionName
Effects = dict[str, Fraction]
# One way a contest can end: (probability given the contest, band name, effects given that band)
Ending = tuple[Fraction, str, Effects]


def roll_of(total: int) -> Roll:
    return Roll("1d20", (), (), total)


def contest_of(attack: int, defence: int | None, dc: int | None) -> Contest:
    return Contest(roll_of(attack), None if defence is None else roll_of(defence), dc)


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
    contests = [contest_of(a + attack, d + defence, dc) for a in range(1, 21) for d in range(1, 21)]
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
