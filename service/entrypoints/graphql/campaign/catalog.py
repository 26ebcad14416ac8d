"""GraphQL: the seeds' tables a client shows (issue 17, item 3), each row with its rules text and numbers.

The rows are shaped in service/entrypoints/shared/rules_catalog.py, for REST too. Every table is public; a
campaign's own asset types are answered to that campaign's seats only.
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.errors import ForbiddenError
from domain.factionturn.face import AssetKind, Attribute
from domain.gameofbones.face import HouseActionName
from service.entrypoints.graphql.core.context import intrigue, off_loop
from service.entrypoints.graphql.core.guards import seat
from service.entrypoints.shared import rules_catalog as rows

TEXT = "The rules text the seed gives for this row."
RULE = "Where the row comes from: the seed and section (or the campaign's GM, for its own types)."


@strawberry.type(description="A row of seed 002's asset tables, or one of the campaign's own asset types.")
class AssetTypeRow:
    key: str = strawberry.field(description="The asset type's key: pass it as `typeKey` to buy or refit.")
    name: str = strawberry.field(description="Its name, as the seed prints it.")
    attribute: Attribute = strawberry.field(
        description="The attribute its rating is measured against (Force, Cunning or Wealth)."
    )
    rating: int = strawberry.field(description="The attribute rating (1-8) a faction needs to buy it.")
    hp: int | None = strawberry.field(
        description="The hit points a new asset of the type starts with; null for "
        "Base of Influence (bought per HP) and Stealth."
    )
    cost: int | None = strawberry.field(
        description="The table cost, before a region's surcharge or a discount; "
        "null for Base of Influence (1 FacGold per HP)."
    )
    arcana: int = strawberry.field(description="The arcana level (AL) a region needs for it to be bought there.")
    kind: AssetKind = strawberry.field(
        description="Its kind (MILITARY_UNIT, SPECIAL_FORCES, FACILITY, LOGISTICS_FACILITY), which some rules name."
    )
    attack: str | None = strawberry.field(description="'Force vs. Cunning, 1d6 damage', or null.")
    counter: str | None = strawberry.field(description="'1d4 damage', 'Special', or null.")
    codes: str = strawberry.field(description="The Notes column: A (action), S (special), P (permission), or '-'.")
    needs_permission: bool = strawberry.field(description="Whether buying it needs permission.")
    has_action: bool = strawberry.field(description="Whether it has an action.")
    has_special: bool = strawberry.field(description="Whether it has a special ability.")
    maintenance: int = strawberry.field(description="FacGold owed each turn beyond the asset's cost.")
    vehicle: bool = strawberry.field(description="Whether it carries other assets.")
    bought_as_asset: bool = strawberry.field(description="False for Base of Influence and Stealth.")
    custom: bool = strawberry.field(description="One of the campaign's own asset types.")
    text: str = strawberry.field(description=TEXT)
    rule: str = strawberry.field(description=RULE)


@strawberry.type(description="A faction goal of seed 002, Faction Goals.")
class GoalRow:
    key: str = strawberry.field(description="The goal's key: pass it as `goal` to choose it.")
    name: str = strawberry.field(description="The goal's name, as seed 002 prints it.")
    requirement: str = strawberry.field(description="What it requires, as the seed says.")
    difficulty: str = strawberry.field(description="How its difficulty (the XP it pays) is reckoned, by name.")
    d12: int = strawberry.field(description="Its face on the Random Faction Goal d12 (12: roll twice and pick).")
    text: str = strawberry.field(description=TEXT)
    rule: str = strawberry.field(description=RULE)


@strawberry.type(description="A faction tag of seed 002, Random Faction Tag, with the effect Intrigue gives it.")
class TagRow:
    key: str = strawberry.field(description="The tag's key, as a faction's `tags` name it.")
    name: str = strawberry.field(description="The tag's name, as seed 002 prints it.")
    per_region: bool = strawberry.field(description="Whether it is held for one region at a time.")
    d20: int | None = strawberry.field(description="Its face on the d20 (20: roll twice more); null if none.")
    text: str = strawberry.field(description="Its effect (a house rule: docs/rules-notes/factionturn-tables.md).")
    rule: str = strawberry.field(description=RULE)


@strawberry.type(description="One of an example faction's printed assets and the catalog row it is played as.")
class ExampleAssetRow:
    printed: str = strawberry.field(description="The asset as the seed prints it.")
    attribute: Attribute = strawberry.field(
        description="The attribute the printed asset belongs to (Force, Cunning or Wealth)."
    )
    rating: int = strawberry.field(description="The printed asset's rating, 1-8.")
    type_key: str = strawberry.field(description="Its asset type's key.")
    match: str = strawberry.field(description="exact, renamed (a seed spelling) or stand_in (nearest row).")


@strawberry.type(description="An example faction of seed 002, Example Factions.")
class ExampleFactionRow:
    name: str = strawberry.field(description="The example faction's name, as seed 002 prints it.")
    force: int = strawberry.field(description="Its Force rating, 1-8.")
    cunning: int = strawberry.field(description="Its Cunning rating, 1-8.")
    wealth: int = strawberry.field(description="Its Wealth rating, 1-8.")
    stated_hp: int = strawberry.field(description="Its HP as the seed states it.")
    max_hp: int = strawberry.field(description="Its maximum HP by the rules.")
    tags: list[str] = strawberry.field(description="Its faction tags' names, as the seed lists them.")
    assets: list[ExampleAssetRow] = strawberry.field(
        description="Its starting assets, as the seed prints them and as the catalog matches them."
    )
    rule: str = strawberry.field(description=RULE)


@strawberry.type(description="A cost column of seed 000's action table: base + per × unit.")
class ScaleRow:
    base: int = strawberry.field(description="The amount at the start.")
    per: int = strawberry.field(
        description="How much is added per unit beyond the base (influence or power per level, per gp…)."
    )
    unit: str = strawberry.field(description="What a unit is.")
    text: str = strawberry.field(description="The same, as a sentence.")


@strawberry.type(description="A house action of seed 000, Taking Action: requirements, costs, time and check.")
class HouseActionRow:
    name: HouseActionName = strawberry.field(description="The action's name, as seed 000 prints it.")
    influence_requirement: ScaleRow = strawberry.field(description="The influence the house must have.")
    power_requirement: ScaleRow = strawberry.field(description="The power the house must have.")
    dedicated_influence: ScaleRow = strawberry.field(description="The influence it holds.")
    dedicated_power: ScaleRow = strawberry.field(description="The power it holds.")
    gold: ScaleRow = strawberry.field(description="The gold it costs.")
    weeks: int | None = strawberry.field(description="Null: as long as the action it covers.")
    skill: str = strawberry.field(
        description="The skill the action's check uses, as seed 000 names it (Bluff, Gather Information…)."
    )
    dc: ScaleRow | None = strawberry.field(
        description="The check's difficulty class as the seed scales it (a base, plus an amount per unit); null when "
        "it has none."
    )
    opposed_by: str | None = strawberry.field(description="What opposes the check.")
    target: str = strawberry.field(
        description="What the action targets (a house, a character, an area…), in the seed's words."
    )
    defence: str | None = strawberry.field(description="What defends against it.")
    hostile: bool = strawberry.field(description="Whether it is hostile.")
    text: str = strawberry.field(description=TEXT)
    rule: str = strawberry.field(description=RULE)


@strawberry.type(description="A row of seed 000, Gaining Influence.")
class InfluenceSourceRow:
    key: str = strawberry.field(description="The source's key: pass it to `gainInfluence`.")
    gained_by: str = strawberry.field(description="The printed Action column: how the influence is gained.")
    influence: int = strawberry.field(description="The influence it gives.")
    unit: str = strawberry.field(description="What one unit is.")
    skill: str | None = strawberry.field(description="The skill of the check that gains it; null for none.")
    dc: int | None = strawberry.field(description="The check's difficulty class; null for none.")
    text: str = strawberry.field(description=TEXT)
    rule: str = strawberry.field(description=RULE)


@strawberry.type(description="A row of seed 000, Gaining Power.")
class PowerRateRow:
    character_class: str = strawberry.field(description="The character class the row is for (fighter, wizard…).")
    per_level: int = strawberry.field(description="The power each level of the class gives, up to `upToLevel`.")
    higher_per_level: int = strawberry.field(description="Power per level above the cap.")
    up_to_level: int | None = strawberry.field(description="The level the first rate runs to.")
    text: str = strawberry.field(description=TEXT)
    rule: str = strawberry.field(description=RULE)


@strawberry.type(description="A row of seed 000, Rank in the Game of Bones.")
class RankRow:
    rank: int = strawberry.field(description="The rank, 1 (lowest) to the table's highest.")
    total: int = strawberry.field(description="The least total of power and influence that gives this rank.")
    action_bonuses: list[int] = strawberry.field(
        description="How many Action Bonuses a house of this rank has each month."
    )
    defence_high: int = strawberry.field(
        description="The higher of the two defences a house of this rank has (seed 000, Rank)."
    )
    defence_low: int = strawberry.field(
        description="The lower of the two defences a house of this rank has (seed 000, Rank)."
    )
    text: str = strawberry.field(description=TEXT)
    rule: str = strawberry.field(description=RULE)


@strawberry.type(description="Seed 000's two gaining tables.")
class GainingTables:
    influence: list[InfluenceSourceRow] = strawberry.field(description="The Gaining Influence rows.")
    power: list[PowerRateRow] = strawberry.field(description="The Gaining Power rows.")


def _example(row: dict[str, Any]) -> ExampleFactionRow:
    return ExampleFactionRow(**(row | {"assets": [ExampleAssetRow(**a) for a in row["assets"]]}))


def _action(row: dict[str, Any]) -> HouseActionRow:
    scales = ("influence_requirement", "power_requirement", "dedicated_influence", "dedicated_power", "gold", "dc")
    return HouseActionRow(**(row | {k: ScaleRow(**row[k]) if row[k] else None for k in scales}))


@strawberry.type
class CatalogQuery:
    @strawberry.field(
        description="Seed 002's asset types, filtered by what is given. With `campaignId`, the "
        "campaign's own types too, for a seat of that campaign."
    )
    async def asset_types(
        self,
        info: Info,
        attribute: Annotated[
            Attribute | None,
            strawberry.argument(
                description="Only the asset types bought with this attribute (Force, Cunning or Wealth)."
            ),
        ] = None,
        rating: Annotated[
            int | None,
            strawberry.argument(
                description="Only the asset types that need exactly this attribute rating (1-8) to buy."
            ),
        ] = None,
        kind: Annotated[
            AssetKind | None,
            strawberry.argument(
                description="Only the asset types of this kind (MILITARY_UNIT, SPECIAL_FORCES, FACILITY…)."
            ),
        ] = None,
        campaign_id: UUID | None = None,
    ) -> list[AssetTypeRow]:
        custom = []
        if campaign_id is not None:
            asking = seat(info)
            if asking is None or asking.campaign_id != campaign_id:
                raise ForbiddenError("a campaign's own asset types are for its seats; send a seat's token")
            custom = await off_loop(intrigue(info).previews.custom_types, campaign_id)
        found = rows.asset_type_rows(custom, attribute=attribute, rating=rating, kind=kind)
        return [AssetTypeRow(**r) for r in found]

    @strawberry.field(description="Seed 002, Faction Goals, in the order of the d12.")
    def goals(self) -> list[GoalRow]:
        return [GoalRow(**r) for r in rows.goal_rows()]

    @strawberry.field(description="Seed 002, Random Faction Tag, in the order of the d20.")
    def tags(self) -> list[TagRow]:
        return [TagRow(**r) for r in rows.tag_rows()]

    @strawberry.field(description="Seed 002, Example Factions.")
    def example_factions(self) -> list[ExampleFactionRow]:
        return [_example(r) for r in rows.example_rows()]

    @strawberry.field(description="Seed 000's fifteen house actions.")
    def house_actions(self) -> list[HouseActionRow]:
        return [_action(r) for r in rows.house_action_rows()]

    @strawberry.field(description="Seed 000, Gaining Influence and Gaining Power.")
    def gaining_tables(self) -> GainingTables:
        return GainingTables(
            influence=[InfluenceSourceRow(**r) for r in rows.influence_rows()],
            power=[PowerRateRow(**r) for r in rows.power_rows()],
        )

    @strawberry.field(description="Seed 000, Rank in the Game of Bones.")
    def rank_table(self) -> list[RankRow]:
        return [RankRow(**r) for r in rows.rank_rows()]
