"""GraphQL: the asset types a faction may buy this turn by its ratings and FacGold (seed 002, Buy Asset)."""

from __future__ import annotations

from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.factionturn.face import CATALOG, NOT_BOUGHT_AS_ASSETS, AssetKind, Attribute
from service.entrypoints.graphql.core.context import on_loop, reads


@strawberry.type(description="A row of the seed 002 asset tables that the faction can afford and is rated for.")
class BuyableAsset:
    type_key: str = strawberry.field(description="The asset type's key: pass it as `typeKey` to buy it.")
    name: str = strawberry.field(description="The asset type's name, as the catalog prints it.")
    attribute: Attribute = strawberry.field(description="Its attribute: Force, Cunning or Wealth.")
    rating: int = strawberry.field(description="The rating it needs in that attribute.")
    cost: int = strawberry.field(description="Its table cost, before a region's surcharge or a discount.")
    hp: int = strawberry.field(description="The hit points a new asset of this type starts with.")
    kind: AssetKind = strawberry.field(description="Its kind: Special Forces, Military Unit, Facility…")
    attack: str | None = strawberry.field(description="'Force vs. Cunning, 1d6 damage', or null.")
    counter: str | None = strawberry.field(description="Its counterattack, or null.")
    needs_permission: bool = strawberry.field(description="Whether buying it needs the region's permission.")


@strawberry.type
class BuyableQuery:
    @strawberry.field(
        description="Asset types the faction may buy: its rating in the row's attribute is high "
        "enough and it has the FacGold now (the GM, or the faction's own seat). factionPreview "
        "answers each purchase in each region at the price paid there, the campaign's own types "
        "included, judged by the submission check."
    )
    async def buyable_assets(self, info: Info, campaign_id: UUID, faction_id: UUID) -> list[BuyableAsset]:
        faction = await on_loop(reads(info).one(faction_id, "faction"))
        if faction["campaign_id"] != str(campaign_id):
            return []
        found = []
        for row in CATALOG.values():
            rated = faction[row.attribute.value.lower()] >= row.rating
            if row.key in NOT_BOUGHT_AS_ASSETS or row.cost is None or row.hp is None or not rated:
                continue
            if row.cost <= faction["facgold"]:
                attack = (
                    None
                    if row.attack is None
                    else (f"{row.attack.attacker} vs. {row.attack.defender}, {row.attack.damage or 'special'} damage")
                )
                found.append(
                    BuyableAsset(
                        type_key=row.key,
                        name=row.name,
                        attribute=row.attribute,
                        rating=row.rating,
                        cost=row.cost,
                        hp=row.hp,
                        kind=row.kind,
                        attack=attack,
                        counter=str(row.counter) if row.counter else None,
                        needs_permission=row.needs_permission,
                    )
                )
        return sorted(found, key=lambda b: (b.cost, b.name))
