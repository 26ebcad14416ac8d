"""Reads served from the read models, never by rebuilding aggregates."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.errors import NotFoundError
from projections.catalog import CatalogView
from projections.state import StateView


class CatalogQueries:
    def __init__(self, view: CatalogView) -> None:
        self.view = view

    def campaigns(self, limit: int = 100, offset: int = 0) -> list[dict[str, Any]]:
        return [
            dict(row)
            for row in self.view.query(
                "SELECT * FROM campaigns_view ORDER BY created_at, id LIMIT %s OFFSET %s", (limit, offset)
            )
        ]

    def campaign(self, campaign_id: UUID) -> dict[str, Any]:
        rows = self.view.query("SELECT * FROM campaigns_view WHERE id = %s", (campaign_id,))
        if not rows:
            raise NotFoundError(f"no campaign with id {campaign_id}")
        return dict(rows[0])

    def regions(self, campaign_id: UUID) -> list[dict[str, Any]]:
        return [
            dict(row)
            for row in self.view.query(
                "SELECT * FROM regions_view WHERE campaign_id = %s ORDER BY r, q", (campaign_id,)
            )
        ]


class StateQueries:
    """Current state of any aggregate, as its public JSON, from `aggregate_state`."""

    def __init__(self, view: StateView) -> None:
        self.view = view

    def of_kind(self, campaign_id: UUID, kind: str) -> list[dict[str, Any]]:
        rows = self.view.query(
            "SELECT state FROM aggregate_state WHERE campaign_id = %s AND kind = %s ORDER BY state->>'name', id",
            (campaign_id, kind),
        )
        return [row["state"] for row in rows]

    def one(self, aggregate_id: UUID, kind: str) -> dict[str, Any]:
        rows = self.view.query("SELECT state FROM aggregate_state WHERE id = %s AND kind = %s", (aggregate_id, kind))
        if not rows:
            raise NotFoundError(f"no {kind} with id {aggregate_id}")
        state: dict[str, Any] = rows[0]["state"]
        return state
