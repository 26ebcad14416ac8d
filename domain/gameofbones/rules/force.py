"""The actions of force: Assault, Troop Movements, Vandalism and Wrest Control."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.dice import Dice, DiceSpec, Modifier, Roll
from domain.gameofbones.rules import changes
from domain.gameofbones.rules.checks import Contest, d20, defence_modifiers
from domain.gameofbones.rules.effects import AreaDamageSet, Change
from domain.gameofbones.rules.outcomes import Outcome
from domain.gameofbones.rules.scene import Scene, rank_check_modifiers
from domain.gameofbones.tables.actions import Defence
from domain.gameofbones.tables.records import Applies, AreaDamage

if TYPE_CHECKING:
    from domain.gameofbones.rules.view import HouseView

POWER_PER_ATTACK_BONUS = 1_000
POWER_PER_DEFENCE_BONUS = 750
LOSS_STEP = 1_000
DARK_WEEKS = 3
REPAIRS = DiceSpec(1, 6, multiplier=1_000)
HALF_WEEKS = DiceSpec(1, 4)
WREST_INFLUENCE_PENALTY = -5_000
WREST_PERMANENT_LOSS = -2_500
WREST_MONTHS = DiceSpec(1, 6)


def rank_contest(
    scene: Scene, defender: HouseView, dice: Dice, extra: tuple[list[Modifier], list[Modifier]] = ([], [])
) -> Contest:
    attack_mods, defence_mods = rank_check_modifiers(scene, defender)
    name = scene.name.value
    attack = d20(
        dice, [*attack_mods, *extra[0]], purpose=f"{name}: rank check", rule=scene.rule, actor=scene.house.name
    )
    defence = d20(
        dice,
        [*defence_mods, *extra[1]],
        purpose=f"{name}: {defender.name}'s rank check",
        rule=scene.rule,
        actor=defender.name,
    )
    return Contest(attack, defence, scene.dc())


def resolve_assault(scene: Scene, dice: Dice) -> Outcome:
    """+1 per 1,000 power committed against +1 per 750 in position; every 5 won by: −1,000 defending power."""
    defender = scene.defender
    assert defender is not None
    area_id = scene.pending.area_ids[0]
    committed = int(scene.pending.params["power"])
    in_position = scene.areas[area_id].troops.get(str(defender.id), 0)
    contest = rank_contest(
        scene,
        defender,
        dice,
        (
            [Modifier("power committed", committed // POWER_PER_ATTACK_BONUS)],
            [Modifier("power in position", in_position // POWER_PER_DEFENCE_BONUS)],
        ),
    )
    told = scene.tell_defender("assaulted", area_ids=[area_id])
    if contest.success:
        loss = min(contest.margin // 5 * LOSS_STEP, in_position)
        effects: tuple[Change, ...] = (told,)
        if loss:
            effects = (
                changes.power(defender, -loss, scene.rule),
                changes.troops(scene.areas[area_id], str(defender.id), -loss, scene.rule),
                told,
            )
        # Success is power taken (rules notes, Success): a win on a site with none in position took nothing.
        return scene.outcome(f"the defender lost {loss} power", contest.rolls, effects, succeeded=loss > 0)
    beaten_by = contest.defence.total - contest.attack.total if contest.defence else 0
    loss = min(max(0, beaten_by) // 3 * LOSS_STEP, committed)
    lost = (changes.power(scene.house, -loss, scene.rule),) if loss else ()
    return scene.outcome(f"repulsed; the aggressor lost {loss} power", contest.rolls, (*lost, told), succeeded=False)


def resolve_troop_movements(scene: Scene, dice: Dice) -> Outcome:
    """The troops arrive after a week either way; a failed Hide check shows every house where they went."""
    pending = scene.pending
    open_move = bool(pending.params.get("open"))
    rolls: tuple[Roll, ...] = ()
    hidden = False
    if not open_move:
        contest = scene.contest(dice)
        rolls, hidden = contest.rolls, contest.success
    source, target, power = pending.area_ids[0], str(pending.params["to_area_id"]), int(pending.params["power"])
    reason = "hidden troop movement" if hidden else "troop movement"
    moves = (
        changes.troops(scene.areas[source], scene.house_id, -power, reason),
        changes.troops(scene.areas[target], scene.house_id, power, reason),
    )
    if hidden:
        return scene.outcome("moved unseen", rolls, moves, succeeded=True)
    # Every other house sees it: one record naming them all (issue 16: not one event per house).
    fields: dict[str, Any] = {"house_id": scene.house_id, "from_area_id": source, "to_area_id": target, "power": power}
    mover = scene.house_id
    observers = scene.knowledge_ids((hid for hid in sorted(scene.houses) if hid != mover), "movement")
    entry = {k: v for k, v in scene.knowledge(scene.house_id, "movement", **fields).items() if k != "id"}
    seen = changes.sighting(scene.house_id, observers, entry, scene.intel) if observers else ()
    return scene.outcome("moved in plain sight", rolls, (*moves, *seen), succeeded=False)


def resolve_vandalism(scene: Scene, dice: Dice) -> Outcome:
    """One rank contest per area; fail by 10 and the vandals turn, once, on one of the aggressor's areas."""
    defender = scene.defender
    assert defender is not None
    rolls: list[Roll] = []
    effects: list[Change] = []
    results = []
    for area_id in scene.pending.area_ids:
        result = vandalize(scene, scene.house, defender, area_id, dice, rolls, effects, turned=False)
        results.append(result)
    damaged = any(r.endswith(("wrecked", "at half income")) for r in results)
    # "vandalized" only when an area of the defender's took damage; otherwise it saw the vandals off.
    told = (
        "vandalized"
        if any(isinstance(c.effect, AreaDamageSet) and c.target_id == str(defender.id) for c in effects)
        else "vandalism repelled"
    )
    effects.append(scene.tell_defender(told, area_ids=list(scene.pending.area_ids)))
    return scene.outcome("; ".join(results), tuple(rolls), tuple(effects), succeeded=damaged)


def vandalize(
    scene: Scene,
    aggressor: HouseView,
    defender: HouseView,
    area_id: str,
    dice: Dice,
    rolls: list[Roll],
    effects: list[Change],
    *,
    turned: bool,
) -> str:
    if turned:
        contest = turned_contest(scene, aggressor, defender, turned_bonus(scene, aggressor), dice)
    else:
        contest = rank_contest(scene, defender, dice)
    rolls.extend(contest.rolls)
    name = scene.areas[area_id].name
    damage = defender.area_damage.get(area_id, AreaDamage(area_id))
    if contest.success and contest.margin >= 10:
        repairs = scene.roll(REPAIRS, dice, "Vandalism: repairs needed")
        rolls.append(repairs)
        hit = AreaDamage(area_id, DARK_WEEKS, damage.half_weeks, damage.repair_cost + repairs.total)
        effects.append(changes.area_damage(str(defender.id), hit, scene.rule))
        return f"{name} wrecked"
    if contest.success:
        weeks = scene.roll(HALF_WEEKS, dice, "Vandalism: weeks at half income")
        rolls.append(weeks)
        hit = AreaDamage(area_id, damage.dark_weeks, max(damage.half_weeks, weeks.total), damage.repair_cost)
        effects.append(changes.area_damage(str(defender.id), hit, scene.rule))
        return f"{name} at half income"
    if contest.shortfall >= 10 and not turned and aggressor.area_ids:
        pick = scene.roll(DiceSpec(1, len(aggressor.area_ids)), dice, "Vandalism: the turned vandals' target")
        rolls.append(pick)
        home = sorted(aggressor.area_ids)[pick.total - 1]
        back = vandalize(scene, defender, aggressor, home, dice, rolls, effects, turned=True)
        return f"the vandals turned: {back}"
    return f"{name} untouched"


def turned_contest(scene: Scene, hirer: HouseView, victim: HouseView, bonus: Modifier, dice: Dice) -> Contest:
    """Turned vandals act as if `hirer` (the original defender) sent them against `victim`."""
    attack = d20(dice, [bonus], purpose="Vandalism: turned vandals' rank check", rule=scene.rule, actor=hirer.name)
    mods = turned_defence(scene, hirer, victim)
    defence = d20(dice, mods, purpose=f"Vandalism: {victim.name}'s rank check", rule=scene.rule, actor=victim.name)
    return Contest(attack, defence, scene.dc())


def turned_bonus(scene: Scene, hirer: HouseView) -> Modifier:
    """The turned vandals' rank check: the hirer's Action Bonus, though it uses none of its actions."""
    return Modifier("Action Bonus (turned vandals, no action used)", hirer.action_bonuses(scene.phase)[0])


def turned_defence(scene: Scene, hirer: HouseView, victim: HouseView) -> list[Modifier]:
    """The victim's rank check against turned vandals (the odds read it too: domain/odds/house_action.py)."""
    return [
        Modifier("Rank", victim.effective_rank(scene.phase)),
        *defence_modifiers(victim, hirer, scene.name, Defence.POWER, scene.phase, skill_check=False),
    ]


def resolve_wrest_control(scene: Scene, dice: Dice) -> Outcome:
    """Win by 10: the area is yours. Lose by 10: −5,000 effective Influence for 1d6 months, then −2,500."""
    defender = scene.defender
    assert defender is not None
    area = scene.areas[scene.pending.area_ids[0]]
    if area.troops.get(str(defender.id), 0) > 0 or area.controlling_house_id != str(defender.id):
        return scene.outcome("the area is no longer open to seizure", succeeded=False)
    contest = rank_contest(scene, defender, dice)
    told = scene.tell_defender(
        "control wrested" if contest.success and contest.margin >= 10 else "attempt failed", area_ids=[str(area.id)]
    )
    if contest.success and contest.margin >= 10:
        seized = changes.control(str(area.id), scene.houses, scene.house_id, str(defender.id), scene.rule)
        return scene.outcome("control seized", contest.rolls, (*seized, told), succeeded=True)
    if contest.shortfall >= 10:
        months = scene.roll(WREST_MONTHS, dice, "Wrest Control: months of lost influence")
        penalty = scene.circumstance(
            scene.house_id,
            Applies.EFFECTIVE_INFLUENCE,
            WREST_INFLUENCE_PENALTY,
            months=months.total,
            start_next=True,
            then_influence=WREST_PERMANENT_LOSS,
            source="Wrest Control: public opinion",
        )
        return scene.outcome(
            f"public opinion turned for {months.total} month(s)",
            (*contest.rolls, months),
            (penalty, told),
            succeeded=False,
        )
    return scene.outcome("control holds", contest.rolls, (told,), succeeded=False)
