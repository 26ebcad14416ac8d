"""What the GM defines for a campaign, typed both ways: its own asset types (a catalog-like row, seed 002's Asset
List columns) and its custom actions (seed 002: "The GM should feel free to add new action types"; for houses,
seed 000's weeks and gold), with the check and effects they resolve with (domain/gm.py)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import strawberry

from domain.factionturn.assets import AssetType
from domain.factionturn.custom_types import row_to_dict
from domain.gm import Adjustment, Check, CustomActionDef
from service.entrypoints.graphql.core.enums import AdjustField, AdjustMode, AssetKind, Attribute, RuleSystemName


def _id(value: UUID | None) -> str:
    return "" if value is None else str(value)


def _uuid(value: str) -> UUID | None:
    return UUID(value) if value else None


@strawberry.input(description="One effect of a custom action: set (mode SET) or adjust a number of the actor, or of "
                  "`targetId`.")  # fmt: skip
class AdjustmentInput:
    field: AdjustField
    value: int
    mode: AdjustMode = AdjustMode.ADJUST
    target_id: UUID | None = strawberry.field(default=None, description="Null: the faction or house acting.")

    def to_adjustment(self) -> Adjustment:
        return Adjustment(self.field.value, self.value, self.mode.value, _id(self.target_id))


@strawberry.input(description="A custom action's check: dice plus a stat against a DC, or opposed by another's stat.")
class CheckInput:
    dice: str
    stat: str
    dc: int | None = None
    opposed_id: UUID | None = None
    opposed_stat: str = ""

    def to_check(self) -> Check:
        return Check(self.dice, self.stat, self.dc, _id(self.opposed_id), self.opposed_stat)


@strawberry.input(description="A GM-made action: turns and FacGold per turn for a faction, weeks and gold for a house.")
class CustomActionInput:
    key: str
    name: str
    system: RuleSystemName
    duration: int
    cost: int = 0
    description: str = ""
    dedicated_influence: int = 0
    dedicated_power: int = 0
    check: CheckInput | None = None
    on_success: list[AdjustmentInput] = strawberry.field(default_factory=list)
    on_failure: list[AdjustmentInput] = strawberry.field(default_factory=list)
    influence_spending: bool = False

    def to_definition(self) -> CustomActionDef:
        return CustomActionDef(
            self.key, self.name, self.system.value, self.duration, self.cost, self.description,
            self.dedicated_influence, self.dedicated_power, self.check.to_check() if self.check else None,
            tuple(a.to_adjustment() for a in self.on_success), tuple(a.to_adjustment() for a in self.on_failure),
            self.influence_spending,
        )  # fmt: skip


@strawberry.input(description="A custom asset type: a catalog-like row; no ability key makes it narrative only.")
class AssetTypeInput:
    key: str
    name: str
    attribute: Attribute
    rating: int
    hp: int
    cost: int
    arcana: int = 0
    kind: AssetKind = AssetKind.SPECIAL_FORCES
    attack: str = strawberry.field(default="None", description="As the seed prints it: 'Force vs. Cunning, 1d6 "
                                   "damage', or 'None'.")  # fmt: skip
    counter: str = strawberry.field(default="None", description="As the seed prints it: '1d4 damage', or 'None'.")
    maintenance: int = 0
    ability: str | None = strawberry.field(default=None, description="A catalog asset's ability key; null: "
                                           "narrative only.")  # fmt: skip
    needs_permission: bool = False

    def cells(self) -> dict[str, Any]:
        """`define_row`'s keyword cells."""
        return {"arcana": self.arcana, "kind": self.kind.value, "attack_cell": self.attack,
                "counter_cell": self.counter, "maintenance": self.maintenance, "ability": self.ability,
                "needs_permission": self.needs_permission}  # fmt: skip


@strawberry.type(description="One of the campaign's own asset types, as defined: its Asset List cells.")
class CustomAssetType:
    key: str
    name: str
    attribute: Attribute
    rating: int
    hp: int
    cost: int
    arcana: int
    kind: AssetKind
    attack: str = strawberry.field(description="As the seed prints it, or 'None'.")
    counter: str = strawberry.field(description="As the seed prints it, or 'None'.")
    maintenance: int
    ability: str | None = strawberry.field(description="Its ability key; null: narrative only.")
    needs_permission: bool

    @classmethod
    def of(cls, row: AssetType) -> CustomAssetType:
        cells = row_to_dict(row)
        return cls(**{**cells, "attribute": Attribute(cells["attribute"]), "kind": AssetKind(cells["kind"])})


@strawberry.type(description="One effect of a custom action on a number of the actor, or of `targetId`.")
class CustomEffect:
    field: AdjustField
    value: int
    mode: AdjustMode
    target_id: UUID | None = strawberry.field(description="Null: the faction or house acting.")

    @classmethod
    def of(cls, a: Adjustment) -> CustomEffect:
        return cls(field=AdjustField(a.field), value=a.value, mode=AdjustMode(a.mode), target_id=_uuid(a.target_id))


@strawberry.type(description="A custom action's check: dice plus a stat against a DC, or opposed by another's stat.")
class CustomCheck:
    dice: str
    stat: str
    dc: int | None
    opposed_id: UUID | None
    opposed_stat: str


@strawberry.type(description="A custom action as the GM defined it: duration (turns or weeks), cost (FacGold per "
                 "turn or gold), what a house dedicates, its check and its effects.")  # fmt: skip
class CustomActionDefinition:
    key: str
    name: str
    system: RuleSystemName
    duration: int
    cost: int
    description: str
    dedicated_influence: int
    dedicated_power: int
    check: CustomCheck | None
    on_success: list[CustomEffect]
    on_failure: list[CustomEffect]
    influence_spending: bool

    @classmethod
    def of(cls, d: CustomActionDef) -> CustomActionDefinition:
        c = d.check
        check = None if c is None else CustomCheck(dice=c.dice, stat=c.stat, dc=c.dc, opposed_id=_uuid(c.opposed_id),
                                                   opposed_stat=c.opposed_stat)  # fmt: skip
        return cls(key=d.key, name=d.name, system=RuleSystemName(d.system), duration=d.duration, cost=d.cost,
                   description=d.description, dedicated_influence=d.dedicated_influence,
                   dedicated_power=d.dedicated_power, check=check,
                   on_success=[CustomEffect.of(a) for a in d.on_success],
                   on_failure=[CustomEffect.of(a) for a in d.on_failure],
                   influence_spending=d.influence_spending)  # fmt: skip
