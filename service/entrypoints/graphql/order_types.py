"""A faction's orders read back (seed 002, Faction Actions), typed as they were given: one output type per action,
joined in the `FactionActionOrder` union, beside the standing choices. Read from what `Faction.submit_order`
stored, old forms included (`stored_orders`)."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

import strawberry

from domain.factionturn import orders as o
from domain.factionturn.order_form import stored_orders
from service.entrypoints.graphql.enums import Attribute, BookChoice, GoalKey, PermissionAnswer


def _uuid(value: str) -> UUID | None:
    return UUID(value) if value else None


@strawberry.type(description="One attacking asset against one target asset.")
class StrikeOrder:
    attacker_id: UUID
    target_faction_id: UUID
    target_asset_id: UUID

    @classmethod
    def of(cls, strike: o.Strike) -> StrikeOrder:
        return cls(attacker_id=UUID(strike.attacker_id), target_faction_id=UUID(strike.target_faction_id),
                   target_asset_id=UUID(strike.target_asset_id))  # fmt: skip


@strawberry.type(description="Attack: each attacking asset strikes one target in its region.")
class AttackOrder:
    strikes: list[StrikeOrder]


@strawberry.type(description="Buy Asset: a type bought in a region (for a Special Forces asset, with Stealth).")
class BuyAssetOrder:
    type_key: str
    region_id: UUID
    for_asset_id: UUID | None


@strawberry.type(description="Change Home: the faction's new home region.")
class ChangeHomeOrder:
    region_id: UUID


@strawberry.type(description="Expand Influence: a new Base of Influence of `hp` HP in a region.")
class ExpandInfluenceOrder:
    region_id: UUID
    hp: int


@strawberry.type(description="Refit Asset: an asset turned into another type.")
class RefitAssetOrder:
    asset_id: UUID
    type_key: str


@strawberry.type(description="One asset to repair and the healing steps bought for it.")
class RepairStep:
    asset_id: UUID
    steps: int


@strawberry.type(description="Repair Asset/Faction: assets healed, and whether the faction heals too.")
class RepairAssetOrder:
    assets: list[RepairStep]
    faction: bool


@strawberry.type(description="Sell Asset: the asset sold.")
class SellAssetOrder:
    asset_id: UUID


@strawberry.type(description="Seize Region: the region whose government the faction takes.")
class SeizeRegionOrder:
    region_id: UUID


@strawberry.type(description="One asset's special action: where to, against whom, what it carries.")
class AbilityUseOrder:
    asset_id: UUID
    region_id: UUID | None
    target_faction_id: UUID | None
    target_asset_id: UUID | None
    carried_ids: list[UUID]
    type_key: str

    @classmethod
    def of(cls, use: o.AbilityUse) -> AbilityUseOrder:
        return cls(asset_id=UUID(use.asset_id), region_id=_uuid(use.region_id),
                   target_faction_id=_uuid(use.target_faction_id), target_asset_id=_uuid(use.target_asset_id),
                   carried_ids=[UUID(c) for c in use.carried_ids], type_key=use.type_key)  # fmt: skip


@strawberry.type(description="Use Asset Ability: the special actions of one or more assets.")
class UseAssetAbilityOrder:
    uses: list[AbilityUseOrder]


@strawberry.type(description="A custom action: its name, turns and FacGold per turn, and the key of the GM's "
                 "definition it follows (empty: the GM resolves it by hand).")  # fmt: skip
class CustomActionOrder:
    name: str
    turns: int
    cost_per_turn: int
    definition_key: str


FactionActionOrder = Annotated[
    AttackOrder | BuyAssetOrder | ChangeHomeOrder | ExpandInfluenceOrder | RefitAssetOrder | RepairAssetOrder
    | SellAssetOrder | SeizeRegionOrder | UseAssetAbilityOrder | CustomActionOrder,
    strawberry.union("FactionActionOrder", description="The turn's one action, as ordered."),
]  # fmt: skip


def action_order(action: o.Action) -> Any:
    """The output type of one ordered action."""
    match action:
        case o.Attack(strikes):
            return AttackOrder(strikes=[StrikeOrder.of(s) for s in strikes])
        case o.BuyAsset(type_key, region_id, for_asset_id):
            return BuyAssetOrder(type_key=type_key, region_id=UUID(region_id), for_asset_id=_uuid(for_asset_id))
        case o.ChangeHome(region_id):
            return ChangeHomeOrder(region_id=UUID(region_id))
        case o.ExpandInfluence(region_id, hp):
            return ExpandInfluenceOrder(region_id=UUID(region_id), hp=hp)
        case o.RefitAsset(asset_id, type_key):
            return RefitAssetOrder(asset_id=UUID(asset_id), type_key=type_key)
        case o.RepairAsset(assets, faction):
            return RepairAssetOrder(assets=[RepairStep(asset_id=UUID(a), steps=n) for a, n in assets], faction=faction)
        case o.SellAsset(asset_id):
            return SellAssetOrder(asset_id=UUID(asset_id))
        case o.SeizeRegion(region_id):
            return SeizeRegionOrder(region_id=UUID(region_id))
        case o.UseAssetAbility(uses):
            return UseAssetAbilityOrder(uses=[AbilityUseOrder.of(u) for u in uses])
    assert isinstance(action, o.CustomAction)
    return CustomActionOrder(name=action.name, turns=action.turns, cost_per_turn=action.cost_per_turn,
                             definition_key=str(action.definition.get("key", "")))  # fmt: skip


@strawberry.type(description="The faction's goal and the rival or region it names.")
class GoalChoiceOrder:
    goal: GoalKey
    target: UUID | None


@strawberry.type(description="Which asset meets attacks in a region, and whether a Base of Influence soaks them.")
class DefenceOrder:
    region_id: UUID
    defender_id: UUID | None
    base_absorbs: bool

    @classmethod
    def of(cls, defence: o.Defence) -> DefenceOrder:
        return cls(region_id=UUID(defence.region_id), defender_id=_uuid(defence.defender_id),
                   base_absorbs=defence.base_absorbs)  # fmt: skip


@strawberry.type(description="A Regional Government's answer to another faction: grant, bribe or deny.")
class PermissionOrder:
    faction_id: UUID
    answer: PermissionAnswer


@strawberry.type(description="A faction's orders for a phase, as submitted (seed 002, Faction Actions).")
class FactionOrders:
    phase: int
    action: FactionActionOrder | None = strawberry.field(description="Null: no action this turn.")
    goal: GoalChoiceOrder | None
    raise_ratings: list[Attribute]
    defences: list[DefenceOrder]
    permissions: list[PermissionOrder]
    rerolls: bool
    narrative: str
    free_uses: list[AbilityUseOrder]
    book_of_secrets: BookChoice | None = strawberry.field(description="Null: the better bet.")
    allow_seizure: list[UUID]
    contest_expansions: bool

    @classmethod
    def of(cls, stored: dict[str, Any]) -> FactionOrders:
        orders = stored_orders({k: v for k, v in stored.items() if k != "phase"})
        goal = orders.goal
        return cls(
            phase=int(stored["phase"]), action=None if orders.action is None else action_order(orders.action),
            goal=None if goal is None else GoalChoiceOrder(goal=GoalKey(goal.goal), target=_uuid(goal.target)),
            raise_ratings=[Attribute(a.capitalize()) for a in orders.raise_ratings],
            defences=[DefenceOrder.of(d) for d in orders.defences],
            permissions=[PermissionOrder(faction_id=UUID(p.faction_id), answer=PermissionAnswer(p.answer))
                         for p in orders.permissions],
            rerolls=orders.rerolls, narrative=orders.narrative,
            free_uses=[AbilityUseOrder.of(u) for u in orders.free_uses],
            book_of_secrets=BookChoice(orders.book_of_secrets) if orders.book_of_secrets else None,
            allow_seizure=[UUID(f) for f in orders.allow_seizure], contest_expansions=orders.contest_expansions,
        )  # fmt: skip
