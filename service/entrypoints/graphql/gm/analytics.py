"""Analytics over a campaign's history: per-phase series (each seat as it may see each member), action success
rates and dice fairness (GM only)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.enums import MemberKind
from domain.systems import MEMBER_KINDS
from service.entrypoints.graphql.core.context import intrigue, off_loop, on_loop, reads
from service.entrypoints.graphql.core.guards import seat
from service.usecases.analytics import action_stats, fairness
from service.usecases.visibility import faction_view, house_view

SERIES_FIELDS = ("rank", "effective_rank", "influence", "power", "gold", "hp", "max_hp", "facgold", "xp")


@strawberry.type(
    description="One member's standing as a phase resolved, as the asking seat may see it: the GM "
    "and the member's own seat whole; others its public part (a rival's FacGold, XP, Influence and "
    "Power null, its stealthed assets uncounted)."
)
class SeriesPoint:
    phase: int = strawberry.field(description="The phase (from 1) at whose close the point was taken.")
    aggregate_id: UUID = strawberry.field(description="The id of the faction or house the point is about.")
    kind: MemberKind = strawberry.field(description="Whether the member is a FACTION or a HOUSE.")
    name: str = strawberry.field(description="The member's name as it stood at that phase.")
    rank: int | None = strawberry.field(description="A house's rank; null for a faction.")
    influence: int | None = strawberry.field(description="A house's influence; null for a faction.")
    power: int | None = strawberry.field(description="A house's power; null for a faction.")
    hp: int | None = strawberry.field(description="A faction's HP; null for a house.")
    facgold: int | None = strawberry.field(description="A faction's FacGold; null for a house.")
    max_hp: int | None = strawberry.field(description="A faction's maximum HP (seed 002); null for a house.")
    force: int | None = strawberry.field(description="A faction's Force rating (seed 002); null for a house.")
    cunning: int | None = strawberry.field(description="A faction's Cunning rating (seed 002); null for a house.")
    wealth: int | None = strawberry.field(description="A faction's Wealth rating (seed 002); null for a house.")
    xp: int | None = strawberry.field(
        description="A faction's experience points (seed 002); null for a house, and for a rival's."
    )
    assets_by_type: list[AssetCount] | None = strawberry.field(
        description="A faction's assets counted by type key (by key); null for a house."
    )


@strawberry.type(description="How many assets of one type a faction held.")
class AssetCount:
    type_key: str = strawberry.field(description="The asset type's key (`AssetTypeRow.key`) counted.")
    count: int = strawberry.field(description="How many assets of that type the faction held at that phase.")


@strawberry.type(description="How often one actor's actions of one type succeeded.")
class ActionRate:
    actor: str = strawberry.field(description="The id of the faction or house whose actions are counted.")
    action: str = strawberry.field(description="The action's name (a Faction Turn or house action, or a GM-made one).")
    attempts: int = strawberry.field(
        description="How many of these actions the member had resolved (succeeded or failed)."
    )
    successes: int = strawberry.field(description="How many of those resolved actions succeeded.")
    rate: float = strawberry.field(description="successes / attempts, from 0 to 1 (0 when there were no attempts).")


@strawberry.type(description="The faces rolled on one die size, against a fair die.")
class DieSummary:
    sides: int = strawberry.field(description="How many sides the die has (4, 6, 8, 10, 12, 20 or 100).")
    rolls: int = strawberry.field(description="How many times it was rolled.")
    counts: list[int] = strawberry.field(description="How often each face came up, from 1.")
    chi_square: float = strawberry.field(description="The chi-square statistic against a uniform die.")
    p_value: float = strawberry.field(
        description="The chi-square test's p-value, 0-1: a very small one says the die looks unfair."
    )


def _point(row: dict[str, Any]) -> SeriesPoint:
    state = row["state"]
    assets = state.get("assets")
    by_type: dict[str, int] | None = None
    if isinstance(assets, dict):
        by_type = {}
        for asset in assets.values():
            by_type[asset["type_key"]] = by_type.get(asset["type_key"], 0) + 1
    return SeriesPoint(
        phase=row["phase"],
        aggregate_id=row["aggregate_id"],
        kind=row["kind"],
        name=state.get("name", ""),
        rank=state.get("rank"),
        influence=state.get("influence"),
        power=state.get("power"),
        hp=state.get("hp"),
        facgold=state.get("facgold"),
        max_hp=state.get("max_hp"),
        force=state.get("force"),
        cunning=state.get("cunning"),
        wealth=state.get("wealth"),
        xp=state.get("xp"),
        assets_by_type=None
        if by_type is None
        else [AssetCount(type_key=k, count=n) for k, n in sorted(by_type.items())],
    )


@strawberry.type
class AnalyticsQuery:
    @strawberry.field(
        description="Each house's and faction's standing at the end of every phase, as the asking "
        "seat may see it (`SeriesPoint`): the GM all of it, a player its own member whole."
    )
    async def phase_series(self, info: Info, campaign_id: UUID) -> list[SeriesPoint]:
        rows = await on_loop(reads(info).series(campaign_id))
        asking, views = seat(info), {"faction": faction_view, "house": house_view}
        return [_point(r | {"state": views[r["kind"]](r["state"], asking)}) for r in rows if r["kind"] in views]

    @strawberry.field(description="How often each actor's actions succeeded, by action type.")
    async def action_success(self, info: Info, campaign_id: UUID) -> list[ActionRate]:
        app, names = intrigue(info), {}
        for kind in MEMBER_KINDS:  # the read model on the loop; the event log in a worker thread
            names.update({str(s["id"]): s["name"] for s in await on_loop(reads(info).of_kind(campaign_id, kind))})
        stats = await off_loop(lambda: action_stats(app.audit.events(campaign_id), names))
        return [
            ActionRate(actor=s.actor, action=s.action, attempts=s.attempts, successes=s.successes, rate=s.rate)
            for s in stats
        ]

    @strawberry.field(description="Observed faces of each die size against a fair die, with a chi-square p-value.")
    async def dice_fairness(self, info: Info, campaign_id: UUID) -> list[DieSummary]:
        app = intrigue(info)

        def read() -> list[DieSummary]:
            summary = fairness(e.payload for e in app.audit.events(campaign_id))
            return [
                DieSummary(
                    sides=d.sides, rolls=d.rolls, counts=list(d.counts), chi_square=d.chi_square, p_value=d.p_value
                )
                for d in summary
            ]

        return await off_loop(read)
