"""GraphQL types shaped from read-model rows."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast
from uuid import UUID

import strawberry
from strawberry.scalars import JSON
from strawberry.types import Info

from domain.campaign import PhaseStatus, RuleSystemName
from domain.enums import Population
from domain.seats import Seat
from service.entrypoints.graphql.core.context import on_loop, reads
from service.entrypoints.graphql.core.guards import seat
from service.entrypoints.graphql.core.visibility import over
from service.entrypoints.graphql.factionturn.factions import Faction, factions_seen
from service.entrypoints.graphql.gameofbones.areas import Area
from service.entrypoints.graphql.gameofbones.houses import areas_seen, houses_seen
from service.entrypoints.graphql.gameofbones.types import House
from service.persistence.queries import region_row
from service.usecases.visibility import REGION, area_view, faction_view


def uuid_or_none(value: str | None) -> UUID | None:
    """An id the domain keeps as text (empty or None: no id) as the UUID it is; a malformed one fails loudly."""
    return UUID(value) if value else None


def as_json(value: object) -> JSON:
    """A plain JSON value typed as the JSON scalar."""
    return cast(JSON, value)


@over(REGION)
@strawberry.type(description="A hex of the campaign's map (seed 002, The Map), also a city area of the Game of Bones.")
class Region:
    id: UUID = strawberry.field(description="The region's id: pass it as `regionId` (or `areaId` for a city area).")
    campaign_id: UUID = strawberry.field(description="The id of the campaign it belongs to (`Campaign.id`).")
    name: str = strawberry.field(description="The region's name, as the GM mapped it.")
    q: int = strawberry.field(description="Its hex column on the map (axial q coordinate; neighbours differ by 1).")
    r: int = strawberry.field(description="Its hex row on the map (axial r coordinate; neighbours differ by 1).")
    arcana: int = strawberry.field(description="Its Arcana rating (seed 002, Magic).")
    population: Population = strawberry.field(description="Its population band: Hundreds, Thousands…")
    tags: list[str] = strawberry.field(description="Its region tags' names (seed 002), as the GM wrote them.")
    terrain_difficulty: int = strawberry.field(description="Its terrain's difficulty for The Wild.")
    wild: bool = strawberry.field(description="Whether it belongs to The Wild.")
    governing_faction_id: UUID | None = strawberry.field(
        description="The faction holding its Regional Government; null for none."
    )
    monthly_income: int = strawberry.field(description="Its monthly income in gp (seed 000, city areas).")
    controlling_house_id: UUID | None = strawberry.field(
        description="The house that controls it as a city area; null for none."
    )

    @classmethod
    def seen_as(cls, seat: Seat | None, row: dict[str, Any]) -> Region:
        """The region as the read model's view lets this seat see it (every field of it public today)."""
        seen = area_view(row, seat)
        fields: dict[str, Any] = {k: seen.get(k) for k in cls.__annotations__}
        return cls(**fields)


@strawberry.type(description="The point of the campaign's past an answer stands at (`campaign(id, asOf: ...)`).")
class PastPoint:
    phase: int | None = strawberry.field(description="The resolved phase asked for; null when asked by position.")
    position: int = strawberry.field(
        description="How many of the campaign's events stand before it, counted from "
        "1 (its first event); all of them are in this answer."
    )
    last_position: int = strawberry.field(
        description="How many events the campaign has now: positions run from 1 to this."
    )


@dataclass(frozen=True)
class Past:
    """The campaign's aggregates' states at a past point, by kind (rebuilt from events, never the read model)."""

    point: PastPoint
    states: dict[str, list[dict[str, Any]]]

    def of_kind(self, kind: str) -> list[dict[str, Any]]:
        return sorted(self.states.get(kind, []), key=lambda s: (str(s.get("name", "")), str(s["id"])))


@strawberry.type(
    description="Where a forked campaign came from (`forkCampaign`): its first events are a copy of "
    "that campaign's, up to the end of that phase."
)
class ForkOrigin:
    campaign_id: UUID = strawberry.field(description="The campaign it was forked from (its id, unchanged).")
    phase: int = strawberry.field(description="The resolved phase of that campaign it was forked at, from 1.")


@strawberry.type(description="A campaign: its rule systems, map and phase clock.")
class Campaign:
    id: UUID = strawberry.field(
        description="The campaign's id: pass it as `campaignId` to every field about this campaign."
    )
    name: str = strawberry.field(description="Its name, as the GM gave it.")
    rule_systems: list[RuleSystemName] = strawberry.field(
        description="The rule systems it plays: factionturn, gameofbones."
    )
    seeded: bool = strawberry.field(
        description="Whether its dice come from a seed given at creation (replayable), rather than the OS source."
    )
    phase: int = strawberry.field(description="The current phase (month); 0 before the first opens.")
    phase_status: PhaseStatus = strawberry.field(description="setup, open (orders are taken), resolving or resolved.")
    created_at: datetime = strawberry.field(
        description="When the campaign was created, as an ISO 8601 date and time (UTC)."
    )
    gm_token: str | None = strawberry.field(
        default=None, description="The GM's bearer token: answered by createCampaign only, and never again."
    )

    as_of: PastPoint | None = strawberry.field(
        default=None, description="Where in its past this answer stands, when asked `asOf`; null for the present."
    )
    past: strawberry.Private[Past | None] = None
    forked_from: ForkOrigin | None = strawberry.field(
        default=None, description="Where this campaign was forked from; null for a campaign started afresh."
    )

    @classmethod
    def from_row(cls, row: dict[str, Any], past: Past | None = None) -> Campaign:
        keys = ("id", "name", "rule_systems", "seeded", "phase", "phase_status", "created_at")
        origin = row.get("forked_from")
        forked = ForkOrigin(campaign_id=UUID(origin["campaign_id"]), phase=int(origin["phase"])) if origin else None
        return cls(**{k: row[k] for k in keys}, as_of=past.point if past else None, past=past, forked_from=forked)

    @strawberry.field(description="Its map: every region, by row then column.")
    async def regions(self, info: Info) -> list[Region]:
        if self.past is not None:
            return [Region.seen_as(seat(info), region_row(s)) for s in self.past.of_kind("region")]
        rows = await info.context["regions"].load(self.id)
        return [Region.seen_as(seat(info), r) for r in rows]

    @strawberry.field(description="Its factions, as the seat may see them.")
    async def factions(self, info: Info) -> list[Faction]:
        if self.past is not None:
            return [Faction.from_state(faction_view(s, seat(info))) for s in self.past.of_kind("faction")]
        return await on_loop(factions_seen(reads(info), seat(info), self.id))

    @strawberry.field(description="Its houses, as the seat may see them.")
    async def houses(self, info: Info) -> list[House]:
        if self.past is not None:
            return [House.seen_as(seat(info), s, max(1, self.phase)) for s in self.past.of_kind("house")]
        return await on_loop(houses_seen(reads(info), seat(info), self.id))

    @strawberry.field(description="Its regions as Game of Bones city areas, as the seat may see them.")
    async def areas(self, info: Info) -> list[Area]:
        if self.past is not None:
            return [Area.seen_as(seat(info), s) for s in self.past.of_kind("region")]
        return await on_loop(areas_seen(reads(info), seat(info), self.id))


@strawberry.type(description="A stored event of the campaign: what happened, in log order.")
class AuditEvent:
    position: int = strawberry.field(
        description="Its position in its campaign's log: 1 is the campaign's first event, then 2, 3… in order."
    )
    aggregate_id: UUID = strawberry.field(
        description="The id of the aggregate (campaign, faction, house, region…) the event happened to."
    )
    version: int = strawberry.field(
        description="The aggregate's version after the event: 1 for its first event, then one more each."
    )
    topic: str = strawberry.field(description="Its kind, as module and class.")
    timestamp: datetime = strawberry.field(
        description="When the event was written, as an ISO 8601 date and time (UTC)."
    )
    payload: strawberry.scalars.JSON = strawberry.field(
        description="The event as recorded: its raw, open payload "
        "(what each event records is its own); see the summary "
        "fields beside it."
    )

    @strawberry.field(description="Summary: the event's name after its aggregate's: 'Faction.AssetPurchased'.")
    def name(self) -> str:
        return self.topic.rsplit(":", 1)[-1]

    @strawberry.field(description="Summary: the phase the event records, where it records one.")
    def phase(self) -> int | None:
        value = self.payload.get("phase") if isinstance(self.payload, dict) else None
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    @strawberry.field(description="Summary: why, where the event records a reason (every GM intervention does).")
    def reason(self) -> str | None:
        value = self.payload.get("reason") if isinstance(self.payload, dict) else None
        return value if isinstance(value, str) else None
