"""Analytics over a campaign's history: per-phase series, action success rates, dice fairness (GM only)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import strawberry
from strawberry.scalars import JSON
from strawberry.types import Info

from service.entrypoints.graphql.context import intrigue, off_loop, on_loop, reads
from service.entrypoints.graphql.enums import MemberKind
from service.entrypoints.graphql.types import as_json
from service.usecases.analytics import action_stats, fairness

SERIES_FIELDS = ("rank", "effective_rank", "influence", "power", "gold", "hp", "max_hp", "facgold", "xp")


@strawberry.type(description="One member's standing as a phase resolved.")
class SeriesPoint:
    phase: int
    aggregate_id: UUID
    kind: MemberKind
    name: str
    rank: int | None
    influence: int | None
    power: int | None
    hp: int | None
    facgold: int | None
    assets_by_type: JSON | None = strawberry.field(description="Faction assets counted by type key.")


@strawberry.type
class ActionRate:
    actor: str
    action: str
    attempts: int
    successes: int
    rate: float


@strawberry.type
class DieSummary:
    sides: int
    rolls: int
    counts: list[int]
    chi_square: float
    p_value: float


def _point(row: dict[str, Any]) -> SeriesPoint:
    state = row["state"]
    assets = state.get("assets")
    by_type: dict[str, int] | None = None
    if isinstance(assets, dict):
        by_type = {}
        for asset in assets.values():
            by_type[asset["type_key"]] = by_type.get(asset["type_key"], 0) + 1
    return SeriesPoint(
        phase=row["phase"], aggregate_id=row["aggregate_id"], kind=row["kind"], name=state.get("name", ""),
        rank=state.get("rank"), influence=state.get("influence"), power=state.get("power"), hp=state.get("hp"),
        facgold=state.get("facgold"), assets_by_type=as_json(by_type) if by_type is not None else None,
    )  # fmt: skip


@strawberry.type
class AnalyticsQuery:
    @strawberry.field(description="Each house's and faction's standing at the end of every phase.")
    async def phase_series(self, info: Info, campaign_id: UUID) -> list[SeriesPoint]:
        rows = await on_loop(reads(info).series(campaign_id))
        return [_point(r) for r in rows if r["kind"] in ("faction", "house")]

    @strawberry.field(description="How often each actor's actions succeeded, by action type.")
    async def action_success(self, info: Info, campaign_id: UUID) -> list[ActionRate]:
        app, names = intrigue(info), {}
        for kind in ("faction", "house"):  # the read model on the loop; the event log in a worker thread
            names.update({str(s["id"]): s["name"] for s in await on_loop(reads(info).of_kind(campaign_id, kind))})
        stats = await off_loop(lambda: action_stats(app.audit.events(campaign_id), names))
        return [ActionRate(actor=s.actor, action=s.action, attempts=s.attempts, successes=s.successes,
                           rate=s.rate) for s in stats]  # fmt: skip

    @strawberry.field(description="Observed faces of each die size against a fair die, with a chi-square p-value.")
    async def dice_fairness(self, info: Info, campaign_id: UUID) -> list[DieSummary]:
        app = intrigue(info)

        def read() -> list[DieSummary]:
            summary = fairness(e.payload for e in app.audit.events(campaign_id))
            return [DieSummary(sides=d.sides, rolls=d.rolls, counts=list(d.counts), chi_square=d.chi_square,
                               p_value=d.p_value) for d in summary]  # fmt: skip

        return await off_loop(read)
