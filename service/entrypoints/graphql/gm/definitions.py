"""What the GM defines for a campaign, typed both ways: its own asset types (a catalog-like row, seed 002's Asset
List columns) and its custom actions (seed 002: "The GM should feel free to add new action types"; for houses,
seed 000's weeks and gold), with the check and effects they resolve with (domain/gm.py)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import strawberry

from domain.campaign import RuleSystemName
from domain.enums import AdjustField, AdjustMode
from domain.factionturn.face import AssetKind, AssetType, Attribute, row_to_dict
from domain.gm import Adjustment, Check, CustomActionDef

# A custom action's flag, in its definition and in the GM's input alike.
INFLUENCE_SPENDING = (
    'Whether its FacGold is spent "on bribes and influence" and counts for Legendary Wealth '
    "(seed 002); only a faction's action may be, and none is unless the GM marks it."
)


def _id(value: UUID | None) -> str:
    return "" if value is None else str(value)


def _uuid(value: str) -> UUID | None:
    return UUID(value) if value else None


@strawberry.input(
    description="One effect of a custom action: set (mode SET) or adjust a number of the actor, or of `targetId`."
)
class AdjustmentInput:
    field: AdjustField = strawberry.field(
        description="The field: force, cunning, wealth, hp, facgold, xp, influence, power or gold."
    )
    value: int = strawberry.field(description="The amount (adjust) or the value (set).")
    mode: AdjustMode = strawberry.field(
        default=AdjustMode.ADJUST, description="ADJUST adds `value` to the field; SET makes the field `value`."
    )
    target_id: UUID | None = strawberry.field(default=None, description="Null: the faction or house acting.")

    def to_adjustment(self) -> Adjustment:
        return Adjustment(self.field.value, self.value, self.mode.value, _id(self.target_id))


@strawberry.input(description="A custom action's check: dice plus a stat against a DC, or opposed by another's stat.")
class CheckInput:
    dice: str = strawberry.field(description="The dice, as an expression (`1d20`).")
    stat: str = strawberry.field(description="The actor's stat added to them.")
    dc: int | None = strawberry.field(default=None, description="The difficulty to meet; null for an opposed check.")
    opposed_id: UUID | None = strawberry.field(default=None, description="The opposing faction or house.")
    opposed_stat: str = strawberry.field(
        default="", description="The stat the opposing member rolls against; leave it out for a check against a DC."
    )

    def to_check(self) -> Check:
        return Check(self.dice, self.stat, self.dc, _id(self.opposed_id), self.opposed_stat)


@strawberry.input(description="A GM-made action: turns and FacGold per turn for a faction, weeks and gold for a house.")
class CustomActionInput:
    key: str = strawberry.field(description="Its key, unique in the campaign.")
    name: str = strawberry.field(description="The action's name, as reports and the log will show it.")
    system: RuleSystemName = strawberry.field(
        description="The rule system it belongs to: FACTION_TURN or GAME_OF_BONES."
    )
    duration: int = strawberry.field(description="Turns (a faction's) or weeks (a house's).")
    cost: int = strawberry.field(default=0, description="FacGold per turn or gold.")
    description: str = strawberry.field(default="", description="Its rules text, as the players will read it.")
    dedicated_influence: int = strawberry.field(default=0, description="Influence it holds (a house's).")
    dedicated_power: int = strawberry.field(default=0, description="Power it holds (a house's).")
    check: CheckInput | None = strawberry.field(default=None, description="Its check; null for none.")
    on_success: list[AdjustmentInput] = strawberry.field(default_factory=list, description="What changes on success.")
    on_failure: list[AdjustmentInput] = strawberry.field(default_factory=list, description="What changes on failure.")
    influence_spending: bool = strawberry.field(default=False, description=INFLUENCE_SPENDING)

    def to_definition(self) -> CustomActionDef:
        return CustomActionDef(
            self.key,
            self.name,
            self.system.value,
            self.duration,
            self.cost,
            self.description,
            self.dedicated_influence,
            self.dedicated_power,
            self.check.to_check() if self.check else None,
            tuple(a.to_adjustment() for a in self.on_success),
            tuple(a.to_adjustment() for a in self.on_failure),
            self.influence_spending,
        )


@strawberry.input(description="A custom asset type: a catalog-like row; no ability key makes it narrative only.")
class AssetTypeInput:
    key: str = strawberry.field(description="Its key, unique in the campaign.")
    name: str = strawberry.field(description="The type's name, as assets of it will show.")
    attribute: Attribute = strawberry.field(description="Force, Cunning or Wealth.")
    rating: int = strawberry.field(description="The rating it needs.")
    hp: int = strawberry.field(description="The hit points a new asset of the type starts with (1 or more).")
    cost: int = strawberry.field(description="Its cost in FacGold.")
    arcana: int = strawberry.field(default=0, description="The Arcana it needs.")
    kind: AssetKind = strawberry.field(
        default=AssetKind.SPECIAL_FORCES,
        description="Its kind (MILITARY_UNIT, SPECIAL_FORCES, FACILITY, LOGISTICS_FACILITY).",
    )
    attack: str = strawberry.field(
        default="None", description="As the seed prints it: 'Force vs. Cunning, 1d6 damage', or 'None'."
    )
    counter: str = strawberry.field(default="None", description="As the seed prints it: '1d4 damage', or 'None'.")
    maintenance: int = strawberry.field(default=0, description="Its maintenance per turn.")
    ability: str | None = strawberry.field(
        default=None, description="A catalog asset's ability key; null: narrative only."
    )
    needs_permission: bool = strawberry.field(
        default=False, description="Whether buying it needs the region's permission."
    )

    def cells(self) -> dict[str, Any]:
        """`define_row`'s keyword cells."""
        return {
            "arcana": self.arcana,
            "kind": self.kind.value,
            "attack_cell": self.attack,
            "counter_cell": self.counter,
            "maintenance": self.maintenance,
            "ability": self.ability,
            "needs_permission": self.needs_permission,
        }


@strawberry.type(description="One of the campaign's own asset types, as defined: its Asset List cells.")
class CustomAssetType:
    key: str = strawberry.field(description="The type's key, chosen by the GM: pass it as `typeKey`.")
    name: str = strawberry.field(description="The type's name, as the GM wrote it.")
    attribute: Attribute = strawberry.field(
        description="The attribute its rating is measured against (Force, Cunning or Wealth)."
    )
    rating: int = strawberry.field(description="The rating it needs.")
    hp: int = strawberry.field(description="The hit points a new asset of the type starts with.")
    cost: int = strawberry.field(description="Its cost in FacGold.")
    arcana: int = strawberry.field(description="The Arcana it needs.")
    kind: AssetKind = strawberry.field(
        description="Its kind (MILITARY_UNIT, SPECIAL_FORCES, FACILITY, LOGISTICS_FACILITY)."
    )
    attack: str = strawberry.field(description="As the seed prints it, or 'None'.")
    counter: str = strawberry.field(description="As the seed prints it, or 'None'.")
    maintenance: int = strawberry.field(description="Its maintenance per turn.")
    ability: str | None = strawberry.field(description="Its ability key; null: narrative only.")
    needs_permission: bool = strawberry.field(description="Whether buying it needs permission.")

    @classmethod
    def of(cls, row: AssetType) -> CustomAssetType:
        cells = row_to_dict(row)
        return cls(**{**cells, "attribute": Attribute(cells["attribute"]), "kind": AssetKind(cells["kind"])})


@strawberry.type(description="One effect of a custom action on a number of the actor, or of `targetId`.")
class CustomEffect:
    field: AdjustField = strawberry.field(description="The field it changes.")
    value: int = strawberry.field(description="The amount or the value.")
    mode: AdjustMode = strawberry.field(description="ADJUST adds `value` to the field; SET makes the field `value`.")
    target_id: UUID | None = strawberry.field(description="Null: the faction or house acting.")

    @classmethod
    def of(cls, a: Adjustment) -> CustomEffect:
        return cls(field=AdjustField(a.field), value=a.value, mode=AdjustMode(a.mode), target_id=_uuid(a.target_id))


@strawberry.type(description="A custom action's check: dice plus a stat against a DC, or opposed by another's stat.")
class CustomCheck:
    dice: str = strawberry.field(description="The dice, as an expression.")
    stat: str = strawberry.field(description="The actor's stat added.")
    dc: int | None = strawberry.field(description="The difficulty; null for an opposed check.")
    opposed_id: UUID | None = strawberry.field(description="The opposing faction or house; null against a DC.")
    opposed_stat: str = strawberry.field(
        description="The stat the opposing member rolls against; empty for a check against a DC."
    )


@strawberry.type(
    description="A custom action as the GM defined it: duration (turns or weeks), cost (FacGold per "
    "turn or gold), what a house dedicates, its check and its effects."
)
class CustomActionDefinition:
    key: str = strawberry.field(description="The action's key, chosen by the GM: pass it to order the action.")
    name: str = strawberry.field(description="The action's name, as reports and the log show it.")
    system: RuleSystemName = strawberry.field(description="The rule system it belongs to.")
    duration: int = strawberry.field(description="Turns (a faction's) or weeks (a house's).")
    cost: int = strawberry.field(description="FacGold per turn or gold.")
    description: str = strawberry.field(description="Its rules text, as the GM wrote it for the players.")
    dedicated_influence: int = strawberry.field(description="Influence it holds (a house's).")
    dedicated_power: int = strawberry.field(description="Power it holds (a house's).")
    check: CustomCheck | None = strawberry.field(description="Its check; null for none.")
    on_success: list[CustomEffect] = strawberry.field(description="What changes on success.")
    on_failure: list[CustomEffect] = strawberry.field(description="What changes on failure.")
    influence_spending: bool = strawberry.field(description=INFLUENCE_SPENDING)

    @classmethod
    def of(cls, d: CustomActionDef) -> CustomActionDefinition:
        c = d.check
        check = (
            None
            if c is None
            else CustomCheck(
                dice=c.dice, stat=c.stat, dc=c.dc, opposed_id=_uuid(c.opposed_id), opposed_stat=c.opposed_stat
            )
        )
        return cls(
            key=d.key,
            name=d.name,
            system=RuleSystemName(d.system),
            duration=d.duration,
            cost=d.cost,
            description=d.description,
            dedicated_influence=d.dedicated_influence,
            dedicated_power=d.dedicated_power,
            check=check,
            on_success=[CustomEffect.of(a) for a in d.on_success],
            on_failure=[CustomEffect.of(a) for a in d.on_failure],
            influence_spending=d.influence_spending,
        )
