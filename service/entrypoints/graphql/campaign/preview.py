"""GraphQL: what a faction or house can do now (issue 17, item 4), for the GM or the member's own seat.

Each option is judged by the checks that refuse an order (service/entrypoints/shared/previews.py), so an
option shown as allowed is accepted when submitted, and a refused one is refused for the reason it shows.
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.factionturn.face import FactionActionName
from domain.gameofbones.face import HouseActionName
from service.entrypoints.graphql.campaign import odds
from service.entrypoints.graphql.campaign.odds import AttackOdds, HouseOdds
from service.entrypoints.graphql.core.context import intrigue, off_loop
from service.entrypoints.graphql.core.guards import seat
from service.entrypoints.shared import previews as shapes

ALLOWED = "True when the order would be accepted now, as the faction or house will stand at its action."
REASON = "Why the order would be refused (the refusal's own message); null when allowed."
COST = (
    "The FacGold it costs, surcharges and discounts included; null when the dice or the check decide it "
    "(attacks), or when nothing is paid (sales); a refit's is the difference in cost it pays."
)
RULE = "The rule the refusal names; null when allowed or when the order names nothing that exists."


@strawberry.type(description="One action a faction might order this turn, with its price and verdict.")
class FactionOption:
    kind: FactionActionName = strawberry.field(
        description="The action this option is of (Buy Asset, Attack, Expand Influence…)."
    )
    cost: int | None = strawberry.field(description=COST)
    allowed: bool = strawberry.field(description=ALLOWED)
    reason: str | None = strawberry.field(description=REASON)
    rule: str | None = strawberry.field(description=RULE)
    region_id: UUID | None = strawberry.field(description="Where it buys, expands, moves home, seizes or acts.")
    type_key: str | None = strawberry.field(description="The asset type it buys or refits into.")
    name: str | None = strawberry.field(description="A custom action's name.")
    asset_id: UUID | None = strawberry.field(
        description="Its own asset that attacks, is repaired, refit, sold or "
        "acts; null for a repair of the faction itself."
    )
    target_faction_id: UUID | None = strawberry.field(
        description="The id of the rival faction it targets (`Faction.id`)."
    )
    target_asset_id: UUID | None = strawberry.field(description="The id of the rival's asset it targets (`Asset.id`).")
    odds: AttackOdds | None = strawberry.field(
        description="An allowed attack's exact odds, as the asking seat "
        "may know them (the GM's from the truth); null otherwise."
    )


@strawberry.type(description="What a faction can do this turn: its FacGold at its action and every option.")
class FactionPreview:
    faction_id: UUID = strawberry.field(description="The id of the faction the preview is for.")
    facgold_at_action: int = strawberry.field(description="Its FacGold now + this turn's income − maintenance.")
    options: list[FactionOption] = strawberry.field(description="What it may do now.")


@strawberry.type(
    description="An Assault's odds had the house committed this much power (seed 000, Assault: +1 "
    "and 500 gp for every 1,000 power devoted)."
)
class PowerOdds:
    power: int = strawberry.field(description="The power the Assault would commit (seed 000: devote).")
    odds: HouseOdds = strawberry.field(
        description="The Assault's exact odds with that power, as the asking seat may know them."
    )


@strawberry.type(description="One house action as it would be ordered now: its cost at this rank and verdict.")
class HouseOption:
    action: HouseActionName = strawberry.field(description="The house action this option is of.")
    actor: str = strawberry.field(description="The character who would lead it, as orders name their `actor`.")
    target_house_id: UUID | None = strawberry.field(description="The target house's id; null for none.")
    target_character: str | None = strawberry.field(
        description="The character it would target; null when it targets none."
    )
    area_ids: list[UUID] = strawberry.field(description="The ids of the city areas it would concern (`Area.id`).")
    power: int = strawberry.field(
        description="The power it would commit (an Assault's troops); 0 when it commits none."
    )
    to_area_id: UUID | None = strawberry.field(description="Where troops go; null for none.")
    covered_action_id: UUID | None = strawberry.field(description="The pending action a Cover Up hides.")
    influence_requirement: int = strawberry.field(description="The influence the house must have.")
    power_requirement: int = strawberry.field(description="The power the house must have.")
    dedicated_influence: int = strawberry.field(description="The influence it holds.")
    dedicated_power: int = strawberry.field(description="The power it holds.")
    gold: int = strawberry.field(description="The gold it costs.")
    allowed: bool = strawberry.field(description=ALLOWED)
    reason: str | None = strawberry.field(description=REASON)
    rule: str | None = strawberry.field(description=RULE)
    odds: HouseOdds | None = strawberry.field(
        description="An allowed action's exact odds, as the asking seat may "
        "know them (the GM's from the truth); null otherwise."
    )
    odds_by_power: list[PowerOdds] = strawberry.field(
        description="An Assault's odds for each power the house may "
        "commit (every 1,000 up to its free power, and that); empty "
        "when it may commit none, and for any other action."
    )


@strawberry.type
class PreviewQuery:
    @strawberry.field(
        description="What the faction may do this turn: each purchase in each region it may buy in "
        "at the price it would pay, each attack on a target in range, each repair and expansion "
        "and every other action, each with the verdict the submission check would give."
    )
    async def faction_preview(
        self,
        info: Info,
        campaign_id: UUID,
        faction_id: UUID,
        allowed_only: Annotated[bool, strawberry.argument(description="Only the options it may take.")] = False,
    ) -> FactionPreview:
        asking = seat(info)
        gm = asking is not None and asking.is_gm_of(campaign_id)
        preview = await off_loop(intrigue(info).previews.faction, campaign_id, faction_id, gm=gm)
        shaped = shapes.faction_preview(preview, allowed_only=allowed_only)
        options = [FactionOption(**{**o, "odds": odds.attack_odds(o["odds"])}) for o in shaped["options"]]
        return FactionPreview(
            faction_id=shaped["faction_id"], facgold_at_action=shaped["facgold_at_action"], options=options
        )

    @strawberry.field(
        description="Each house action with its cost at the house's rank, what it would dedicate, "
        "and whether the requirements are met (if not, why), led by `actor` or the first free "
        "leader or lieutenant, against each rival or area it could name."
    )
    async def house_preview(
        self,
        info: Info,
        campaign_id: UUID,
        house_id: UUID,
        actor: Annotated[str, strawberry.argument(description="Who would act; the leader when null.")] = "",
        replacing: Annotated[
            UUID | None,
            strawberry.argument(
                description="A pending action of the open phase the order would replace (amendHouseAction): judged as "
                "if it were withdrawn first."
            ),
        ] = None,
    ) -> list[HouseOption]:
        asking = seat(info)
        gm = asking is not None and asking.is_gm_of(campaign_id)
        found = await off_loop(
            intrigue(info).previews.house,
            campaign_id,
            house_id,
            actor,
            None if replacing is None else str(replacing),
            gm=gm,
        )
        return [
            HouseOption(**{**o, "odds": odds.house_odds(o["odds"]), "odds_by_power": _by_power(o["odds_by_power"])})
            for o in shapes.house_options(found)
        ]


def _by_power(shaped: list[dict[str, Any]]) -> list[PowerOdds]:
    return [PowerOdds(power=p["power"], odds=told) for p in shaped if (told := odds.house_odds(p["odds"])) is not None]
