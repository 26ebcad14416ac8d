"""GraphQL: the exact odds of an order (issue 19), carried by the previews' options (preview.py).

Shaped by service/entrypoints/shared/odds.py, as REST's; what the asking seat may not know is `known: false`
with its reason, never a guess (domain/odds/knowledge.py).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import strawberry

from domain.gameofbones.face import HouseActionName

KNOWN = "False when the asking seat may not know it: it hangs on a rival's secret (unknownReason says which)."
WHY = "Why the asking seat is not told; null when known."


@strawberry.type(description="A chance or a mean computed exactly, or unknown to the asking seat.")
class ExactValue:
    known: bool = strawberry.field(description=KNOWN)
    value: float | None = strawberry.field(description="The value as a number; null when unknown.")
    exact: str | None = strawberry.field(description='The value as an exact fraction ("11/20"); null when unknown.')
    unknown_reason: str | None = strawberry.field(description=WHY)


@strawberry.type(description="One total a roll can come to, with its exact chance.")
class ExactOutcome:
    value: int = strawberry.field(description="One total the roll can come to (the dice plus every modifier).")
    probability: float = strawberry.field(description="Its chance, as a number.")
    exact: str = strawberry.field(description="Its chance, as an exact fraction.")


@strawberry.type(description="The exact distribution of a roll's total (enumerated, never sampled).")
class ExactDistribution:
    known: bool = strawberry.field(description=KNOWN)
    outcomes: list[ExactOutcome] = strawberry.field(description="Every total with its chance; empty when unknown.")
    expected: ExactValue = strawberry.field(
        description="The mean of the roll's total, exactly, or unknown when it hangs on a secret."
    )
    unknown_reason: str | None = strawberry.field(description=WHY)


@strawberry.type(
    description="A Faction Turn strike's exact odds (seed 002, Attack Procedure), every modifier of "
    "the resolution applied: tags' bonus dice, Guards & Wards, Warmage Academy, Blackmail, a Book of "
    "Secrets, the defender's counterattack line."
)
class AttackOdds:
    defender_id: UUID | None = strawberry.field(
        description="The asset that meets the strike; null when unknown (the defender's choice) or none is named."
    )
    defender_known: bool = strawberry.field(description="False when the defender may choose another asset.")
    attack_total: ExactDistribution = strawberry.field(description="The attack roll: 1d10 + attribute.")
    defence_total: ExactDistribution = strawberry.field(description="The defence roll: 1d10 + attribute.")
    hit: ExactValue = strawberry.field(description="Chance the attack roll exceeds the defence roll.")
    tie: ExactValue = strawberry.field(description="Chance of a tie: both attack and counterattack land.")
    miss: ExactValue = strawberry.field(description="Chance the attack roll is below the defence roll.")
    damage: ExactDistribution | None = strawberry.field(
        description="The damage roll when the attack lands (×3 against a monster); null for a special attack."
    )
    expected_damage: ExactValue = strawberry.field(description="Mean damage dealt: (hit + tie) × mean roll.")
    counter: ExactValue = strawberry.field(description="Chance the defender's counterattack lands.")
    counter_damage: ExactDistribution | None = strawberry.field(
        description="The counterattack's damage roll when it lands; null when none can."
    )
    expected_counter_damage: ExactValue = strawberry.field(description="Mean counterattack damage taken.")
    tie_rule: str = strawberry.field(description="What a tie does, in the seed's words.")
    notes: list[str] = strawberry.field(description="The rolls as the rules build them (scores, bonus dice).")


@strawberry.type(description="The mean of one effect of an action (e.g. target_influence_lost).")
class OddsEffect:
    name: str = strawberry.field(description="What the action changes (for example Influence, Power or gold), by name.")
    mean: float = strawberry.field(description="Its mean, as a number.")
    exact: str = strawberry.field(description="Its mean, as an exact fraction.")


@strawberry.type(description="One outcome band of a house action, as its Success and Failure Results word it.")
class OddsBand:
    name: str = strawberry.field(description="The band, in the resolver's words.")
    chance: ExactValue = strawberry.field(
        description="The chance of landing in this band, exactly, or unknown when it hangs on a secret."
    )
    effects: list[OddsEffect] = strawberry.field(description="Each effect's mean given this band.")


@strawberry.type(
    description="A house action's exact odds (seed 000): each outcome band against its DC and "
    "opposed check, with its expected effect."
)
class HouseOdds:
    action: HouseActionName = strawberry.field(description="The house action (seed 000) these odds are for.")
    dc: int | None = strawberry.field(description="The DC it must meet; null for none.")
    success: ExactValue = strawberry.field(
        description="Chance the check succeeds (meets the DC and beats the opposing roll; ties go to the defender)."
    )
    attack_total: ExactDistribution = strawberry.field(description="The acting roll: d20 + modifiers.")
    defence_total: ExactDistribution | None = strawberry.field(description="The opposing roll; null if unopposed.")
    known: bool = strawberry.field(description=KNOWN)
    unknown_reason: str | None = strawberry.field(description=WHY)
    bands: list[OddsBand] = strawberry.field(description="Every outcome band with its chance; empty when unknown.")
    expected: list[OddsEffect] = strawberry.field(description="Each effect's mean over all bands.")
    notes: list[str] = strawberry.field(description="The modifiers the acting roll adds.")


def _value(d: dict[str, Any]) -> ExactValue:
    return ExactValue(**d)


def _dist(d: dict[str, Any] | None) -> ExactDistribution | None:
    if d is None:
        return None
    return ExactDistribution(
        known=d["known"],
        outcomes=[ExactOutcome(**o) for o in d["outcomes"]],
        expected=_value(d["expected"]),
        unknown_reason=d["unknown_reason"],
    )


def attack_odds(d: dict[str, Any] | None) -> AttackOdds | None:
    if d is None:
        return None
    dists = {k: _dist(d[k]) for k in ("attack_total", "defence_total", "damage", "counter_damage")}
    values = {k: _value(d[k]) for k in ("hit", "tie", "miss", "expected_damage", "counter", "expected_counter_damage")}
    return AttackOdds(
        defender_id=d["defender_id"],
        defender_known=d["defender_known"],
        tie_rule=d["tie_rule"],
        notes=d["notes"],
        **dists,  # type: ignore[arg-type]
        **values,  # type: ignore[arg-type]
    )


def _effects(items: list[dict[str, Any]]) -> list[OddsEffect]:
    return [OddsEffect(**e) for e in items]


def house_odds(d: dict[str, Any] | None) -> HouseOdds | None:
    if d is None:
        return None
    bands = [OddsBand(name=b["name"], chance=_value(b["chance"]), effects=_effects(b["effects"])) for b in d["bands"]]
    return HouseOdds(
        action=d["action"],
        dc=d["dc"],
        success=_value(d["success"]),
        attack_total=_dist(d["attack_total"]),  # type: ignore[arg-type]
        defence_total=_dist(d["defence_total"]),
        known=d["known"],
        unknown_reason=d["unknown_reason"],
        bands=bands,
        expected=_effects(d["expected"]),
        notes=d["notes"],
    )
