"""A faction's orders as GraphQL input (seed 002, Faction Actions): one input type per action, chosen with a
`@oneOf` input, so an order the rules do not know cannot be written at all (docs/rules-notes/factionturn-play.md,
"Typed orders"). Each input gives the orders' JSON form (`domain/factionturn/order_form.py`), which the use case
reads and checks whole as it does REST's body: one reading, one set of refusals, whatever the transport."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import strawberry

from service.entrypoints.graphql.enums import Attribute, BookChoice, GoalKey, PermissionAnswer

NO_ID = ""


def _id(value: UUID | None) -> str:
    return NO_ID if value is None else str(value)


@strawberry.input(description="One attacking asset against one target asset (a Base of Influence is an asset too).")
class StrikeInput:
    attacker_id: UUID
    target_faction_id: UUID
    target_asset_id: UUID

    def to_dict(self) -> dict[str, Any]:
        return {"attacker_id": str(self.attacker_id), "target_faction_id": str(self.target_faction_id),
                "target_asset_id": str(self.target_asset_id)}  # fmt: skip


@strawberry.input(description="Attack: each attacking asset strikes one target in its region.")
class AttackInput:
    strikes: list[StrikeInput]

    def to_dict(self) -> dict[str, Any]:
        return {"action": "Attack", "strikes": [s.to_dict() for s in self.strikes]}


@strawberry.input(description="Buy Asset: a catalog key or one of the campaign's own types, in a region.")
class BuyAssetInput:
    type_key: str
    region_id: UUID
    for_asset_id: UUID | None = strawberry.field(default=None, description="The Special Forces asset a Stealth "
                                                 "purchase is for.")  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        return {"action": "Buy Asset", "type_key": self.type_key, "region_id": str(self.region_id),
                "for_asset_id": _id(self.for_asset_id)}  # fmt: skip


@strawberry.input(description="Change Home: move the faction's home to a region where it has a Base of Influence.")
class ChangeHomeInput:
    region_id: UUID

    def to_dict(self) -> dict[str, Any]:
        return {"action": "Change Home", "region_id": str(self.region_id)}


@strawberry.input(description="Expand Influence: a new Base of Influence of `hp` HP (1 FacGold each) in a region.")
class ExpandInfluenceInput:
    region_id: UUID
    hp: int

    def to_dict(self) -> dict[str, Any]:
        return {"action": "Expand Influence", "region_id": str(self.region_id), "hp": self.hp}


@strawberry.input(description="Refit Asset: turn an asset into another type of the same attribute.")
class RefitAssetInput:
    asset_id: UUID
    type_key: str

    def to_dict(self) -> dict[str, Any]:
        return {"action": "Refit Asset", "asset_id": str(self.asset_id), "type_key": self.type_key}


@strawberry.input(description="One asset to repair, and how many healing steps to buy (1 FacGold, then 2, then 3…).")
class RepairStepInput:
    asset_id: UUID
    steps: int = 1


@strawberry.input(description="Repair Asset/Faction: heal assets, the faction's own HP, or both.")
class RepairAssetInput:
    assets: list[RepairStepInput] = strawberry.field(default_factory=list)
    faction: bool = strawberry.field(default=False, description="Heal the faction's HP too.")

    def to_dict(self) -> dict[str, Any]:
        return {"action": "Repair Asset/Faction", "assets": [[str(a.asset_id), a.steps] for a in self.assets],
                "faction": self.faction}  # fmt: skip


@strawberry.input(description="Sell Asset: sell one of the faction's assets for half its cost.")
class SellAssetInput:
    asset_id: UUID

    def to_dict(self) -> dict[str, Any]:
        return {"action": "Sell Asset", "asset_id": str(self.asset_id)}


@strawberry.input(description="Seize Region: take a region's Regional Government.")
class SeizeRegionInput:
    region_id: UUID

    def to_dict(self) -> dict[str, Any]:
        return {"action": "Seize Region", "region_id": str(self.region_id)}


@strawberry.input(description="One asset's special action: where to, against whom, what it carries.")
class AbilityUseInput:
    asset_id: UUID
    region_id: UUID | None = None
    target_faction_id: UUID | None = None
    target_asset_id: UUID | None = None
    carried_ids: list[UUID] = strawberry.field(default_factory=list)
    type_key: str = strawberry.field(default="", description="Ruin Excavation: the Force asset to buy.")

    def to_dict(self) -> dict[str, Any]:
        return {"asset_id": str(self.asset_id), "region_id": _id(self.region_id),
                "target_faction_id": _id(self.target_faction_id), "target_asset_id": _id(self.target_asset_id),
                "carried_ids": [str(c) for c in self.carried_ids], "type_key": self.type_key}  # fmt: skip


@strawberry.input(description="Use Asset Ability: the special actions of one or more assets.")
class UseAssetAbilityInput:
    uses: list[AbilityUseInput]

    def to_dict(self) -> dict[str, Any]:
        return {"action": "Use Asset Ability", "uses": [u.to_dict() for u in self.uses]}


@strawberry.input(description="A custom action (seed 002: \"The GM should feel free to add new action types\") the "
                  "GM resolves by hand; one the GM defined with its check and effects is ordered by the GM's "
                  "`orderCustomAction`.")  # fmt: skip
class CustomActionOrderInput:
    name: str
    turns: int = 1
    cost_per_turn: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"action": "Custom Action", "name": self.name, "turns": self.turns, "cost_per_turn": self.cost_per_turn}


@strawberry.input(one_of=True, description="The turn's one action (seed 002, Faction Actions): exactly one field.")
class FactionActionInput:
    attack: AttackInput | None = strawberry.UNSET
    buy_asset: BuyAssetInput | None = strawberry.UNSET
    change_home: ChangeHomeInput | None = strawberry.UNSET
    expand_influence: ExpandInfluenceInput | None = strawberry.UNSET
    refit_asset: RefitAssetInput | None = strawberry.UNSET
    repair_asset: RepairAssetInput | None = strawberry.UNSET
    sell_asset: SellAssetInput | None = strawberry.UNSET
    seize_region: SeizeRegionInput | None = strawberry.UNSET
    use_asset_ability: UseAssetAbilityInput | None = strawberry.UNSET
    custom_action: CustomActionOrderInput | None = strawberry.UNSET

    def to_dict(self) -> dict[str, Any]:
        (chosen,) = [v for v in vars(self).values() if v]  # @oneOf: GraphQL lets exactly one through
        form: dict[str, Any] = chosen.to_dict()
        return form


@strawberry.input(description="The faction's goal (seed 002, Faction Goals), and the rival or region it names.")
class GoalChoiceInput:
    goal: GoalKey
    target: UUID | None = strawberry.field(default=None, description="A rival faction or region, for goals that "
                                           "name one.")  # fmt: skip


@strawberry.input(description="The defender's standing choice in a region: which asset meets attacks, and whether "
                  "a Base of Influence soaks them.")  # fmt: skip
class DefenceInput:
    region_id: UUID
    defender_id: UUID | None = None
    base_absorbs: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"region_id": str(self.region_id), "defender_id": _id(self.defender_id),
                "base_absorbs": self.base_absorbs}  # fmt: skip


@strawberry.input(description="A Regional Government's answer to another faction: grant, bribe (1d4 FacGold) or deny.")
class PermissionInput:
    faction_id: UUID
    answer: PermissionAnswer = PermissionAnswer.BRIBE


@strawberry.input(description="Everything a faction decides for its turn in one phase (seed 002, Faction Actions).")
class FactionOrdersInput:
    action: FactionActionInput | None = strawberry.field(default=None, description="Null: no action this turn.")
    goal: GoalChoiceInput | None = None
    raise_ratings: list[Attribute] = strawberry.field(default_factory=list, description="Ratings to raise with XP.")
    defences: list[DefenceInput] = strawberry.field(default_factory=list)
    permissions: list[PermissionInput] = strawberry.field(default_factory=list)
    rerolls: bool = strawberry.field(default=True, description="Use a Book of Secrets when one is at hand.")
    narrative: str = ""
    free_uses: list[AbilityUseInput] = strawberry.field(default_factory=list, description="Seed 002, Teleportation "
                                                        "Web: uses of abilities that need no action.")  # fmt: skip
    book_of_secrets: BookChoice | None = strawberry.field(default=None, description="Which die a Book of Secrets "
                                                          "rerolls; null: the better bet.")  # fmt: skip
    allow_seizure: list[UUID] = strawberry.field(default_factory=list, description="Factions whose Seize Region "
                                                 "this faction's assets do not oppose.")  # fmt: skip
    contest_expansions: bool = strawberry.field(default=True, description="Strike a rival's new Base of Influence "
                                                "where this faction's assets stand.")  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """The orders' JSON form, read by `orders_from_dict` as REST's body is."""
        return {
            "action": self.action.to_dict() if self.action else {},
            "goal": {"goal": self.goal.goal.value, "target": _id(self.goal.target)} if self.goal else None,
            "raise_ratings": [a.value.lower() for a in self.raise_ratings],  # the form's spelling (holdings.py)
            "defences": [d.to_dict() for d in self.defences],
            "permissions": [{"faction_id": str(p.faction_id), "answer": p.answer.value} for p in self.permissions],
            "rerolls": self.rerolls,
            "narrative": self.narrative,
            "free_uses": [u.to_dict() for u in self.free_uses],
            "book_of_secrets": self.book_of_secrets.value if self.book_of_secrets else "",
            "allow_seizure": [str(f) for f in self.allow_seizure],
            "contest_expansions": self.contest_expansions,
        }
