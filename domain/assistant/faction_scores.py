"""How much a faction's candidate action is worth to it: its goal first, then its temperament (issue 19).

Each candidate is one of the preview's allowed options (domain/factionturn/forms/preview.py); the score is in rough
"HP of effect" units, positive when worth doing. Goals are seed 002's Faction Goals; odds are exact
(`estimates`). The reasons are the words the GM reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from domain.assistant.drafts import Choice
from domain.dice import DiceSpec
from domain.factionturn.aggregate.holdings import WILD_MONSTER, WILD_TERRAIN, OwnedAsset
from domain.factionturn.aggregate.orders import (
    Action,
    Attack,
    BuyAsset,
    ExpandInfluence,
    RepairAsset,
    SeizeRegion,
    Strike,
    UseAssetAbility,
)
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.forms.preview import Option
from domain.factionturn.rules.goal_tracking import scores
from domain.factionturn.rules.purchase import repair_plan
from domain.factionturn.rules.rows import type_of
from domain.factionturn.rules.world import World
from domain.factionturn.tables.goals import GOALS, GoalContext, goal
from domain.odds import Distribution, Unknown, attack_odds

NO_THREATS: Mapping[str, float] = MappingProxyType({})
DESTROYS = {"military_conquest": "force", "commercial_expansion": "wealth", "intelligence_coup": "cunning"}
AIM_OF_ATTRIBUTE = {"force": "strike", "cunning": "covert", "wealth": "wealth"}


@dataclass(frozen=True)
class StrikeOdds:
    """What the assistant weighs of a strike's exact odds (domain/odds), as floats."""

    hit: float  # the attack lands: a win or a tie (seed 002: a tie means both hit)
    counter: float
    tie: float
    damage: float  # expected, over every roll
    counter_damage: float
    kill: float  # the damage reaches the target's HP
    ends: float = 0.0  # the target is a base meeting the strike itself and the damage takes its faction's last HP


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def pct(p: float) -> str:
    return f"{round(p * 100)}%"


def goal_name(faction: FactionView) -> str:
    return goal(faction.goal["key"]).name if faction.goal else ""


def score_option(
    world: World,
    faction: FactionView,
    option: Option,
    weights: Mapping[str, float],
    temperament: str,
    threats: Mapping[str, float] = NO_THREATS,
) -> Choice | None:
    """The option weighed, or None for kinds the assistant leaves to the GM (custom actions, moving home).
    `threats`: per region, the faction HP its unguarded base there may lose this phase (`faction_guard`)."""
    action = option.action
    if isinstance(action, Attack) and len(action.strikes) == 1:
        return score_strike(world, faction, action.strikes[0], weights, temperament)
    if isinstance(action, BuyAsset):
        return _buy(world, faction, action, option.cost or 0, weights, temperament, threats)
    if isinstance(action, RepairAsset):
        return _repair(faction, action, option.cost or 0, weights, sum(threats.values()))
    if isinstance(action, ExpandInfluence):
        return _expand(world, faction, action, weights)
    if isinstance(action, SeizeRegion):
        return _seize(world, faction, action)
    if isinstance(action, UseAssetAbility):
        asset = faction.assets.get(action.uses[0].asset_id)
        name = asset.name if asset else action.uses[0].asset_id
        return Choice(
            f"{faction.name} uses {name}'s ability",
            (f"{temperament}: a quiet turn's use",),
            (),
            0.05 * weights["covert"],
        )
    return None


def score_strike(
    world: World, faction: FactionView, strike: Strike, weights: Mapping[str, float], temperament: str
) -> Choice | None:
    attacker = faction.assets[strike.attacker_id]
    rival = world.faction(strike.target_faction_id)
    target = rival.assets.get(strike.target_asset_id)
    row = type_of(attacker)
    if target is None or row is None or row.attack is None or row.attack.damage is None:
        return None
    odds, counter = strike_estimate(world, faction, strike, target)
    key = faction.goal["key"] if faction.goal else ""
    wild = target.type_key in (WILD_TERRAIN, WILD_MONSTER)
    bonus, reasons = 0.0, []
    if key in DESTROYS and target.attribute == DESTROYS[key]:
        bonus += 4 * odds.kill
    if key == "blood_the_enemy" and not wild:
        bonus += 0.5 * odds.damage
    if key == "destroy_the_foe" and faction.goal and faction.goal["target"] == str(rival.id):
        bonus += 0.6 * odds.damage + (0.5 * odds.damage if target.is_base else 0)
        bonus += 2 * foe_difficulty(faction, rival) * odds.ends  # the blow that achieves the goal
    if key == "invincible_valor" and target.attribute == "force" and _rating(target) > faction.force:
        bonus += 5 * odds.kill
    if key == "peaceable_kingdom":
        bonus -= 5
    if bonus > 0:
        reasons.append(f"Goal {goal_name(faction)}")
    reasons.append(f"{temperament}: strike a rival" if not wild else f"{temperament}: clear The Wild")
    value = weights["strike"] * (0.4 * odds.damage + 2 * odds.kill) * (0.3 if wild else 1) + bonus
    risk = weights["risk"] * (0.5 * odds.counter_damage + (3 if odds.counter_damage >= attacker.hp else 0))
    region = world.regions.get(attacker.region_id)
    where = f" in {region.name}" if region else ""
    told = [f"{pct(odds.hit)} to hit", f"expected {odds.damage:.1f} damage"]
    told.append(f"{pct(odds.counter)} chance of a {counter} counter" if counter else "no counterattack")
    return Choice(
        f"{attacker.name} attacks {possessive(rival.name)} {target.name}{where}",
        tuple(reasons),
        tuple(told),
        value - risk,
    )


def strike_estimate(world: World, faction: FactionView, strike: Strike, target: OwnedAsset) -> tuple[StrikeOdds, str]:
    """The GM's exact odds of the strike (domain/odds: the resolution's own sides, from the truth: the assistant
    drafts for the GM), with the chance its damage reaches the target's HP, and the counter's dice in words."""
    odds = attack_odds(world, str(faction.id), strike)
    hit = _chance(odds.hit) + _chance(odds.tie)
    dealt = odds.damage if isinstance(odds.damage, Distribution) else None
    kill = hit * float(dealt.chance(lambda v: v >= target.hp)) if dealt is not None else 0.0
    # seed 002: damage to a Base of Influence is lost by the faction too (at most the base's HP); at 0 HP the
    # faction is destroyed
    left = world.faction(strike.target_faction_id).hp
    ends = 0.0
    if dealt is not None and target.is_base and odds.defender_id == target.id and left <= target.hp:
        ends = hit * float(dealt.chance(lambda v: v >= left))
    counter = _counter_of(target)
    told = str(counter) if counter else ("a" if odds.counter_damage is not None else "")
    estimate = StrikeOdds(
        hit,
        _chance(odds.counter),
        _chance(odds.tie),
        _chance(odds.expected_damage),
        _chance(odds.expected_counter_damage),
        kill,
        ends,
    )
    return estimate, told if _chance(odds.counter) > 0 else ""


def _chance(value: Fraction | Unknown) -> float:
    """A chance as a float; an Unknown (a secret: never the GM's case) counts as an even chance."""
    return 0.5 if isinstance(value, Unknown) else float(value)


def _counter_of(target: OwnedAsset) -> DiceSpec | None:
    if target.type_key == WILD_TERRAIN:
        return DiceSpec.parse(target.counter) if target.counter else None
    if target.type_key == WILD_MONSTER and target.hit_die:
        hit = DiceSpec.parse(target.hit_die)
        return DiceSpec(hit.count, hit.sides, hit.modifier + target.difficulty)
    row = type_of(target)
    return row.counter if row else None


def _rating(asset: OwnedAsset) -> int:
    row = type_of(asset)
    return row.rating if row else 0


def _buy(
    world: World,
    faction: FactionView,
    action: BuyAsset,
    cost: int,
    weights: Mapping[str, float],
    temperament: str,
    threats: Mapping[str, float],
) -> Choice | None:
    row = world.asset_type(action.type_key)
    if row.hp is None or action.for_asset_id:
        return None
    attack = row.attack.damage.average if row.attack and row.attack.damage else 0.0
    counter = row.counter.average if row.counter else 0.0
    attribute = row.attribute.value.lower()
    key = faction.goal["key"] if faction.goal else ""
    worth = (row.hp + 2 * attack + 1.5 * counter) / (cost + 2)
    reasons = [f"{temperament}: a {attribute} asset"]
    if key in DESTROYS and attack:
        worth *= 1.4
        reasons.insert(0, f"Goal {goal_name(faction)}: more strikes")
    if key == "legendary_wealth":
        worth *= 0.5  # seed 002, Legendary Wealth: FacGold spent on bribes and influence counts, not on assets
    value = weights[AIM_OF_ATTRIBUTE.get(attribute, "grow")] * weights["grow"] * worth
    threat = threats.get(action.region_id, 0.0)
    if threat:  # a defender for a base that stands alone where rivals strike (`faction_guard`)
        value += weights["guard"] * threat * (1 + threat / max(faction.hp, 1))
        reasons.insert(0, f"guard its Base of Influence from the rivals there (expected {threat:.1f} damage)")
    region = world.regions.get(action.region_id)
    where = f" in {region.name}" if region else ""
    return Choice(f"{faction.name} buys {row.name}{where} for {cost} FacGold", tuple(reasons), (), value)


def _repair(
    faction: FactionView, action: RepairAsset, cost: int, weights: Mapping[str, float], threat: float
) -> Choice | None:
    if action.faction:
        missing = faction.max_hp - faction.hp
        if missing <= 0:
            return None
        # seed 002, Repair Asset / Faction: "the faction regains hit points equal to the rounded average of its
        # highest and lowest attribute scores" (`repair_plan`). A point of its own cohesion weighs at least as
        # much as a point of damage dealt to a rival, and more the nearer the faction is to breaking (seed 002:
        # at 0 HP it is destroyed) and the more its unguarded bases may lose.
        healed = min(repair_plan(faction, action)[1], missing)
        danger = missing / max(faction.max_hp, 1) + min(threat / max(faction.hp, 1), 2.0)
        value = weights["guard"] * healed * (1 + 2 * danger) - 0.1 * cost
        return Choice(
            f"{faction.name} repairs its own cohesion for {cost} FacGold",
            (f"{missing} HP below its maximum", f"regains {healed} HP"),
            (),
            value,
        )
    asset_id, _ = action.assets[0]
    asset = faction.assets[asset_id]
    missing = asset.max_hp - asset.hp
    value = weights["guard"] * 1.5 * missing / max(asset.max_hp, 1) - 0.1 * cost
    return Choice(
        f"{faction.name} repairs {asset.name} for {cost} FacGold", (f"{missing} HP below its maximum",), (), value
    )


def _expand(world: World, faction: FactionView, action: ExpandInfluence, weights: Mapping[str, float]) -> Choice:
    region = world.regions.get(action.region_id)
    where = region.name if region else action.region_id
    new = faction.base_in(action.region_id) is None
    key = faction.goal["key"] if faction.goal else ""
    value = weights["grow"] * (0.4 if new else 0.02)
    reasons = [f"{'a new foothold' if new else 'a stronger base'}"]
    if key == "expand_influence" and new:
        value += 5
        reasons.insert(0, f"Goal {goal_name(faction)}")
    if key == "legendary_wealth":
        value += 0.6  # FacGold spent on influence counts toward it
        reasons.insert(0, f"Goal {goal_name(faction)}")
    return Choice(
        f"{faction.name} plants a Base of Influence in {where}",
        tuple(reasons),
        ("a 1d10 + Cunning roll decides whether rivals there may strike it",),
        value,
    )


def _seize(world: World, faction: FactionView, action: SeizeRegion) -> Choice | None:
    if not faction.goal or faction.goal["key"] != "regional_seizure":
        return None
    region = world.regions.get(action.region_id)
    where = region.name if region else action.region_id
    aimed = faction.goal["target"] in (None, "", action.region_id)
    return Choice(
        f"{faction.name} moves to seize {where}",
        (f"Goal {goal_name(faction)}",),
        ("every asset there must be beaten, over several turns",),
        4.0 if aimed else 1.0,
    )


def foe_difficulty(faction: FactionView, foe: FactionView) -> int:
    """Seed 002, Destroy the Foe: "Difficulty equal to 1 plus the average of the faction's ... scores"."""
    return GOALS["destroy_the_foe"].difficulty(GoalContext(scores(faction), opponent=scores(foe)))


def is_strike(action: Action) -> bool:
    return isinstance(action, Attack) and len(action.strikes) == 1
