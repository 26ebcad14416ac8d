"""The quiet actions: Assassination, Counterintelligence, Cover Up, Force Assessment, Intelligence Gathering."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.dice import Dice, DiceSpec, Modifier, Roll
from domain.gameofbones.rules import changes
from domain.gameofbones.rules.checks import d20
from domain.gameofbones.rules.effects import Change
from domain.gameofbones.rules.false_plots import gm_part, phantom_plot
from domain.gameofbones.rules.outcomes import Outcome
from domain.gameofbones.rules.scene import GM_ONLY, Scene
from domain.gameofbones.tables.actions import ActionName
from domain.gameofbones.tables.gains import Skill
from domain.gameofbones.tables.records import Applies, PendingAction, Status

if TYPE_CHECKING:
    from domain.gameofbones.rules.view import HouseView

REFLEX_DC = 20
CAPTURED_ASSASSIN_BONUS = 10
WATCHED = (ActionName.SMEAR_CAMPAIGN, ActionName.FORCE_ASSESSMENT, ActionName.FRAME_UP, ActionName.POISON_PILL)


def resolve_assassination(scene: Scene, dice: Dice) -> Outcome:
    """Beat the defender by 10: dead. By less: a Reflex save (DC 20). Fail by 10: captured; by 5: fled."""
    defender = scene.defender
    assert defender is not None
    victim = defender.character(scene.pending.target_character or "")
    if victim.status is Status.DEAD:
        return scene.outcome("the target was already dead", succeeded=False)
    contest = scene.contest(dice)
    rolls = contest.rolls
    if contest.success and contest.margin < 10:
        save = d20(
            dice,
            [Modifier(f"{victim.name}'s Reflex save", victim.modifier(Skill.REFLEX_SAVE))],
            purpose="Assassination: Reflex save (DC 20)",
            rule=scene.rule,
            actor=victim.name,
        )
        rolls += (save,)
        if save.total >= REFLEX_DC:
            told = scene.tell_defender("survived", reveal=False, target_character=victim.name)
            return scene.outcome("the target saved against death", rolls, (told,), succeeded=False)
    if contest.success:
        told = scene.tell_defender("killed", reveal=False, target_character=victim.name)
        fate = changes.fate(defender, victim.name, Status.DEAD, f"assassinated ({scene.pending.id})")
        return scene.outcome("killed", rolls, (fate, told), succeeded=True)
    if contest.shortfall >= 10:
        # Tied to the attack, not to its author: the holder's seat sees its circumstances (hunt.py).
        told = scene.tell_defender("assassin captured", reveal=False, target_character=victim.name)
        hunt = scene.circumstance(
            str(defender.id),
            Applies.SOURCE_HUNT,
            CAPTURED_ASSASSIN_BONUS,
            months=None,
            knowledge_id=scene.told_id(),
            source="captured assassin",
        )
        return scene.outcome("the assassin was captured", rolls, (hunt, told), succeeded=False)
    if contest.shortfall >= 5:
        told = scene.tell_defender("target alarmed", reveal=False, target_character=victim.name)
        return scene.outcome("the assassin escaped; the target is alarmed", rolls, (told,), succeeded=False)
    return scene.outcome("the assassin never made the attempt", rolls, succeeded=False)


def resolve_counterintelligence(scene: Scene, dice: Dice) -> Outcome:
    """Every 5 points over the DC: −1 to aggressors' watched actions against you; every 5 under: +1."""
    contest = scene.contest(dice)
    steps = (contest.margin if contest.success else contest.shortfall) // 5
    if not steps:
        result = "succeeded without effect" if contest.success else "failed without effect"
        return scene.outcome(result, contest.rolls, succeeded=contest.success)
    value = -steps if contest.success else steps
    gain = scene.circumstance(
        scene.house_id,
        Applies.AGAINST_HOLDER,
        value,
        actions=tuple(a.value for a in WATCHED),
        skill_checks_only=True,
        source="Counterintelligence",
    )
    return scene.outcome(f"aggressors' watched actions {value:+d}", contest.rolls, (gain,), succeeded=contest.success)


def resolve_cover_up(scene: Scene, dice: Dice) -> Outcome:
    contest = scene.contest(dice)
    covered = str(scene.pending.params["covered_action_id"])
    if not contest.success:
        return scene.outcome("the action is not covered up", contest.rolls, succeeded=False)
    return scene.outcome("evidence destroyed", contest.rolls, (changes.cover(scene.house_id, covered),), succeeded=True)


def resolve_force_assessment(scene: Scene, dice: Dice) -> Outcome:
    """Learn the troops in each area; by 10 over, their plans for next week; by 10 under, wrong numbers."""
    contest = scene.contest(dice)
    rolls = contest.rolls
    effects: list[Change] = []
    misjudged_ids: list[str] = []
    for index, area_id in enumerate(scene.pending.area_ids):
        troops = dict(scene.areas[area_id].troops)
        false = not contest.success and contest.shortfall >= 10
        if false:
            more = scene.roll(DiceSpec(1, 2), dice, "Force Assessment: more or fewer")
            size = scene.roll(DiceSpec(1, 4), dice, "Force Assessment: error ×25%")
            rolls += (more, size)
            troops = misjudged(troops, more.total == 2, size.total)
        elif not contest.success:
            continue
        plans = planned_in(scene, area_id) if contest.success and contest.margin >= 10 else None
        fields = {"area_id": area_id, "troops": troops, "plans": plans}
        learned = scene.knowledge(scene.house_id, "troops", index, **fields)
        effects.append(scene.learns(scene.house_id, learned))
        misjudged_ids += [str(learned["id"])] if false else []
    result = "assessed" if effects else "learned nothing"
    return scene.outcome(result, rolls, tuple(effects), succeeded=bool(effects), false=tuple(misjudged_ids))


def misjudged(troops: dict[str, int], more: bool, quarters: int) -> dict[str, int]:
    if not troops:
        return {"unknown": 500 * quarters} if more else {}
    factor = 100 + 25 * quarters if more else max(0, 100 - 25 * quarters)
    return {house: power * factor // 100 for house, power in troops.items()}


def planned_in(scene: Scene, area_id: str) -> list[dict[str, object]]:
    return [
        {
            "action": p.action,
            "week": p.resolve_week,
            "house_id": None if p.covered or under_cover(scene.houses[house_id], p) else house_id,
        }
        for house_id, p in pending_everywhere(scene)
        if (area_id in p.area_ids or p.params.get("to_area_id") == area_id)
        and scene.week < p.resolve_week <= scene.week + 1
    ]


def pending_everywhere(scene: Scene) -> list[tuple[str, PendingAction]]:
    return [
        (hid, p)
        for hid, h in scene.houses.items()
        if hid != scene.house_id
        for p in h.pending.values()
        if not p.resolved
    ]


def resolve_intelligence_gathering(scene: Scene, dice: Dice) -> Outcome:
    """One plot against you in the coming month, one more per 5 points over; a false one on failure."""
    contest = scene.contest(dice)
    if not contest.success:
        return false_plot(scene, dice, contest.rolls)
    known = {k.get("action_id") for k in scene.known_plots(scene.house)}
    plots = sorted((p for _, p in aimed_at(scene) if p.id not in known), key=lambda p: (p.resolve_week, p.id))
    found = plots[: 1 + contest.margin // 5]
    effects = tuple(
        scene.learns(scene.house_id, plot_knowledge(scene, i, p, owner_of(scene, p), gm_part(truly(scene, p))))
        for i, p in enumerate(found)
    )
    return scene.outcome(f"{len(found)} plot(s) discovered", contest.rolls, effects, succeeded=bool(found))


def truly(scene: Scene, plot: PendingAction) -> str:
    return next(hid for hid, h in scene.houses.items() if plot.id in h.pending)


def aimed_at(scene: Scene) -> list[tuple[str, PendingAction]]:
    mine = set(scene.house.area_ids)
    return [
        (hid, p)
        for hid, p in pending_everywhere(scene)
        if p.counts_as_action
        and scene.week < p.resolve_week <= scene.week + 4
        and (p.target_house_id == scene.house_id or mine.intersection(p.area_ids))
    ]


def owner_of(scene: Scene, plot: PendingAction) -> str | None:
    """The plot's author, unless a Cover Up hides it: once it succeeded, or while it is under way (it takes
    the covered action's whole time, so the evidence it destroys is never there to be found)."""
    owner = truly(scene, plot)
    return None if plot.covered or under_cover(scene.houses[owner], plot) else owner


def under_cover(house: HouseView, plot: PendingAction) -> bool:
    return any(
        p.action == ActionName.COVER_UP and p.params.get("covered_action_id") == plot.id and not p.resolved
        for p in house.pending.values()
    )


def plot_knowledge(
    scene: Scene, index: int, plot: PendingAction, aggressor: str | None, gm: dict[str, Any]
) -> dict[str, object]:
    return scene.knowledge(
        scene.house_id,
        "plot",
        index,
        action_id=plot.id,
        action=plot.action,
        aggressor_house_id=aggressor,
        target_house_id=scene.house_id,
        area_ids=list(plot.area_ids),
        expected_week=plot.resolve_week,
        **{GM_ONLY: gm},
    )


def false_plot(scene: Scene, dice: Dice, rolls: tuple[Roll, ...]) -> Outcome:
    """Seed 000: "You discover one false action targeted against you": a phantom order (false_plots.py)."""
    rolled = phantom_plot(scene, dice)
    if rolled is None:
        return scene.outcome("0 plot(s) discovered", rolls, succeeded=False)
    phantom, rival, cover, more = rolled
    aggressor = None if cover is not None else rival
    knowledge = plot_knowledge(scene, 0, phantom, aggressor, gm_part(rival, phantom, cover))
    gain = scene.learns(scene.house_id, knowledge)
    # The holder's record must read like a true discovery; only the outcome (GM-side) marks it false.
    return scene.outcome(
        "1 plot(s) discovered", (*rolls, *more), (gain,), succeeded=False, false=(str(knowledge["id"]),)
    )
