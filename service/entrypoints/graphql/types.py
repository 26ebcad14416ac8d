"""GraphQL types shaped from read-model rows."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast
from uuid import UUID

import strawberry
from strawberry.scalars import JSON
from strawberry.types import Info

from service.entrypoints.graphql.enums import PhaseStatus, Population, RuleSystemName


def uuid_or_none(value: str | None) -> UUID | None:
    """An id the domain keeps as text (empty or None: no id) as the UUID it is; a malformed one fails loudly."""
    return UUID(value) if value else None


def as_json(value: object) -> JSON:
    """A plain JSON value typed as the JSON scalar."""
    return cast(JSON, value)


@strawberry.type
class Region:
    id: UUID
    campaign_id: UUID
    name: str
    q: int
    r: int
    arcana: int
    population: Population
    tags: list[str]
    terrain_difficulty: int
    wild: bool
    governing_faction_id: UUID | None
    monthly_income: int
    controlling_house_id: UUID | None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Region:
        return cls(**{k: row[k] for k in cls.__annotations__ if k in row})


@strawberry.type
class Campaign:
    id: UUID
    name: str
    rule_systems: list[RuleSystemName]
    seeded: bool
    phase: int
    phase_status: PhaseStatus
    created_at: datetime
    gm_token: str | None = strawberry.field(
        default=None, description="The GM's bearer token: answered by createCampaign only, and never again."
    )

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Campaign:
        return cls(
            **{k: row[k] for k in ("id", "name", "rule_systems", "seeded", "phase", "phase_status", "created_at")}
        )

    @strawberry.field
    async def regions(self, info: Info) -> list[Region]:
        rows = await info.context["regions"].load(self.id)
        return [Region.from_row(r) for r in rows]


@strawberry.type
class AuditEvent:
    position: int
    aggregate_id: UUID
    version: int
    topic: str
    timestamp: datetime
    payload: strawberry.scalars.JSON
