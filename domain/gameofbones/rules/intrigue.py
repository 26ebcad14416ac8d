"""The public and courtly actions: Divine Petition, Extortion, Frame Up, Poison Pill, PR and Smear Campaigns."""

from __future__ import annotations

from typing import TYPE_CHECKING
from uuid import uuid5

from domain.dice import Dice, DiceSpec
from domain.gameofbones.rules import changes
from domain.gameofbones.rules.changes import Intel
from domain.gameofbones.rules.checks import Contest, attack_modifiers, d20, defence_modifiers, skill_modifier
from domain.gameofbones.rules.effects import Change
from domain.gameofbones.rules.outcomes import Outcome, Skim
from domain.gameofbones.rules.scene import KNOWLEDGE, Scene
from domain.gameofbones.tables.actions import ACTIONS, ActionName, action_rule
from domain.gameofbones.tables.gains import Skill
from domain.gameofbones.tables.records import Applies, Circumstance, Spy

if TYPE_CHECKING:
    from domain.gameofbones.rules.view import HouseView

PR_GAIN = 2_000
SPY_BONUS = 2
SPY_GROWTH_MONTHS = 3
SMEAR_LOSS = 1_000
SMEAR_BAND = DiceSpec(1, 4, multiplier=1_000)
SPY_DC = 25
MONTHLY_CHECK = "Poison Pill (monthly check)"


def resolve_divine_petition(scene: Scene, dice: Dice) -> Outcome:
    """Sanction: next phase, those you target defend at −4. Condemnation: you defend at −2."""
    contest = scene.contest(dice)
    if contest.success:
        gain = scene.circumstance(
            scene.house_id,
            Applies.DEFENCE_AGAINST_HOLDER,
            -4,
            start_next=True,
            skill_checks_only=True,
            source="Divine Petition: divine sanction",
        )
        return scene.outcome("divine sanction granted", contest.rolls, (gain,), succeeded=True)
    loss = scene.circumstance(
        scene.house_id,
        Applies.HOLDER_DEFENCE,
        -2,
        start_next=True,
        skill_checks_only=True,
        source="Divine Petition: condemned",
    )
    return scene.outcome("condemned by the priestesses", contest.rolls, (loss,), succeeded=False)


def resolve_extortion(scene: Scene, dice: Dice) -> Outcome:
    """5% of each area's income this month per point of victory; a failure arms the defender (+2, or +5)."""
    defender = scene.defender
    assert defender is not None
    contest = scene.contest(dice)
    told = scene.tell_defender(
        "extorted" if contest.success else "extortion resisted", area_ids=list(scene.pending.area_ids)
    )
    if contest.success:
        percent = min(100, 5 * contest.margin)
        skims = tuple(Skim(a, scene.house_id, str(defender.id), percent) for a in scene.pending.area_ids)
        result = f"{percent}% of the areas' income extorted"
        return scene.outcome(result, contest.rolls, (told,), succeeded=True, skims=skims)
    beaten_by = contest.defence.total - contest.attack.total if contest.defence else 0
    value = 5 if beaten_by >= 10 else 2
    armed = scene.circumstance(
        str(defender.id), Applies.HOLDER_ATTACKS, value, other_house_id=scene.house_id, source="Extortion: response"
    )
    return scene.outcome(f"failed; the defender responds at {value:+d}", contest.rolls, (armed, told), succeeded=False)


def resolve_frame_up(scene: Scene, dice: Dice) -> Outcome:
    """Every 10 full points: the defender's effective Rank −1 next month. Failure: the aggressor's instead."""
    defender = scene.defender
    assert defender is not None
    contest = scene.contest(dice)
    if not contest.success:
        own = scene.circumstance(scene.house_id, Applies.EFFECTIVE_RANK, -1, start_next=True, source="Frame Up failed")
        return scene.outcome(
            "the frame up failed; own effective rank −1",
            contest.rolls,
            (own, scene.tell_defender("frame up exposed")),
            succeeded=False,
        )
    steps = contest.margin // 10
    if not steps:
        return scene.outcome("the evidence convinced no one", contest.rolls, succeeded=False)
    hit = scene.circumstance(str(defender.id), Applies.EFFECTIVE_RANK, -steps, start_next=True, source="framed")
    told = scene.tell_defender("framed", reveal=False, rank_lost=steps)
    return scene.outcome(f"framed: effective rank −{steps} next month", contest.rolls, (hit, told), succeeded=True)


def resolve_poison_pill(scene: Scene, dice: Dice) -> Outcome:
    """A spy worth +2 against the target; a failed plant feeds you lies (−2 against the target)."""
    defender = scene.defender
    assert defender is not None
    contest = scene.contest(dice)
    if contest.success:
        spy = Spy(str(defender.id), SPY_BONUS, 0, scene.phase)
        planted = changes.spy(scene.house_id, spy, "planted")
        return scene.outcome("spy planted", contest.rolls, (planted,), succeeded=True)
    return scene.outcome(
        "the spy was turned",
        contest.rolls,
        turned(scene.house, defender, scene.phase, scene.tell_defender("spy turned")),
        succeeded=False,
    )


def turned(aggressor: HouseView, defender: HouseView, phase: int, *told: Change) -> tuple[Change, ...]:
    penalty = Circumstance(
        f"turned spy:{defender.id}:{phase}",
        "Poison Pill: turned spy",
        -2,
        Applies.HOLDER_ATTACKS,
        phase,
        phase + 1,
        other_house_id=str(defender.id),
    )
    return (changes.circumstance(str(aggressor.id), penalty), *told)


def check_spy(
    aggressor: HouseView, defender: HouseView, spy: Spy, phase: int, week: int, dice: Dice, intel: Intel | None = None
) -> Outcome:
    """Seed 000, Poison Pill: the check again each month; lose and the spy is suspected (−1), at 0 found.
    `intel`: the houses' by house id, where the found spy's record goes (none: the defender's House)."""
    rule, name = action_rule(ActionName.POISON_PILL), ActionName.POISON_PILL
    runner, hunter = aggressor.best(Skill.SENSE_MOTIVE), defender.best(Skill.GATHER_INFORMATION)
    attack_mods = [
        skill_modifier(runner, Skill.SENSE_MOTIVE),
        *attack_modifiers(aggressor, defender, name, phase, skill_check=True, spy=False),
    ]
    attack = d20(
        dice,
        attack_mods,
        purpose="Poison Pill: monthly check",
        rule=rule,
        actor=runner.name if runner else aggressor.name,
    )
    defence_mods = [
        skill_modifier(hunter, Skill.GATHER_INFORMATION),
        *defence_modifiers(defender, aggressor, name, ACTIONS[name].defence, phase, skill_check=True),
    ]
    defence = d20(
        dice,
        defence_mods,
        purpose="Poison Pill: the target hunts the spy",
        rule=rule,
        actor=hunter.name if hunter else defender.name,
    )
    contest = Contest(attack, defence, SPY_DC)
    months = spy.months + 1
    bonus = spy.bonus - (0 if contest.success else 1)
    aggressor_id, defender_id = str(aggressor.id), str(defender.id)
    if bonus <= 0:
        gone = changes.spy(aggressor_id, Spy(spy.target_house_id, 0, months, spy.planted_phase), "discovered")
        found = {
            "id": str(uuid5(KNOWLEDGE, f"spy found:{aggressor_id}:{defender_id}:{phase}")),
            "kind": "attack",
            "phase": phase,
            "week": week,
            "action": name.value,
            "aggressor_house_id": aggressor_id,
            "result": "spy discovered",
        }
        return Outcome(
            MONTHLY_CHECK,
            aggressor_id,
            "the spy was discovered",
            week,
            contest.rolls,
            (gone, *turned(aggressor, defender, phase, changes.knowledge(defender_id, found, intel or {}))),
            None,
            defender_id,
            succeeded=False,
        )
    bonus += 1 if months % SPY_GROWTH_MONTHS == 0 else 0
    kept = changes.spy(
        aggressor_id,
        Spy(spy.target_house_id, bonus, months, spy.planted_phase),
        "in place" if contest.success else "suspected",
    )
    return Outcome(
        MONTHLY_CHECK,
        aggressor_id,
        f"the spy stays at {bonus:+d}",
        week,
        contest.rolls,
        (kept,),
        None,
        defender_id,
        succeeded=contest.success,
    )


def resolve_public_relations_campaign(scene: Scene, dice: Dice) -> Outcome:
    """Diplomacy against 10 + current Rank at the end of three months: +2,000 Influence, or nothing."""
    contest = scene.contest(dice)
    if not contest.success:
        return scene.outcome("no influence gained", contest.rolls, succeeded=False)
    gain = changes.influence(scene.house, PR_GAIN, action_rule(ActionName.PUBLIC_RELATIONS_CAMPAIGN))
    return scene.outcome(f"+{PR_GAIN} influence", contest.rolls, (gain,), succeeded=True)


def resolve_smear_campaign(scene: Scene, dice: Dice) -> Outcome:
    """Beat Sense Motive: −1,000 Influence; by more than 10: −1d4×1,000. Fail by 10: the target counters at +5."""
    defender = scene.defender
    assert defender is not None
    contest = scene.contest(dice)
    rolls = contest.rolls
    if contest.success:
        loss = SMEAR_LOSS
        if contest.margin > 10:
            band = scene.roll(SMEAR_BAND, dice, "Smear Campaign: influence lost")
            rolls, loss = (*rolls, band), band.total
        hit = changes.influence(defender, -loss, scene.rule)
        return scene.outcome(
            f"the target lost {loss} influence",
            rolls,
            (hit, scene.tell_defender("smeared", influence_lost=loss)),
            succeeded=True,
        )
    # Seed 000: exposed only when the check is "10 or more less than the target's Sense Motive skill check";
    # missing the DC alone, by however much, only wastes the money.
    below_sense_motive = contest.defence.total - contest.attack.total if contest.defence else 0
    if below_sense_motive >= 10:
        counter = scene.circumstance(
            str(defender.id), Applies.HOLDER_ATTACKS, 5, other_house_id=scene.house_id, source="Smear Campaign exposed"
        )
        return scene.outcome(
            "exposed; the target counterattacks at +5",
            rolls,
            (counter, scene.tell_defender("smear exposed")),
            succeeded=False,
        )
    return scene.outcome("the money was wasted", rolls, succeeded=False)
