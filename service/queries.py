"""Reads served from the read models, never by rebuilding aggregates."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from domain.errors import NotFoundError
from projections.state import StateView


class CatalogQueries:
    """Campaigns and their regions, shaped for clients, from the state read model."""

    def __init__(self, view: StateView) -> None:
        self.view = view

    def campaigns(self, limit: int = 100, offset: int = 0) -> list[dict[str, Any]]:
        rows = self.view.query(
            "SELECT state FROM aggregate_state WHERE kind = 'campaign'"
            " ORDER BY state->>'created_on', id LIMIT %s OFFSET %s",
            (limit, offset),
        )
        return [_campaign(row["state"]) for row in rows]

    def campaign(self, campaign_id: UUID) -> dict[str, Any]:
        rows = self.view.query("SELECT state FROM aggregate_state WHERE id = %s AND kind = 'campaign'", (campaign_id,))
        if not rows:
            raise NotFoundError(f"no campaign with id {campaign_id}")
        return _campaign(rows[0]["state"])

    def regions(self, campaign_id: UUID) -> list[dict[str, Any]]:
        rows = self.view.query(
            "SELECT state FROM aggregate_state WHERE campaign_id = %s AND kind = 'region'"
            " ORDER BY (state->>'r')::int, (state->>'q')::int",
            (campaign_id,),
        )
        return [_region(row["state"]) for row in rows]

    def regions_of(self, campaign_ids: list[UUID]) -> list[list[dict[str, Any]]]:
        """The regions of several campaigns in one query, in the order asked (a DataLoader's batch)."""
        rows = self.view.query(
            "SELECT state FROM aggregate_state WHERE campaign_id = ANY(%s) AND kind = 'region'"
            " ORDER BY (state->>'r')::int, (state->>'q')::int",
            (campaign_ids,),
        )
        found: dict[str, list[dict[str, Any]]] = {str(i): [] for i in campaign_ids}
        for row in rows:
            found[row["state"]["campaign_id"]].append(_region(row["state"]))
        return [found[str(i)] for i in campaign_ids]


def _campaign(state: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": UUID(state["id"]), "name": state["name"], "rule_systems": state["rule_systems"],
        "seeded": state["dice_seed"] is not None, "phase": state["phase"], "phase_status": state["phase_status"],
        "created_at": datetime.fromisoformat(state["created_on"]), "version": state["version"],
    }  # fmt: skip


def _uuid(value: str | None) -> UUID | None:
    return UUID(value) if value else None


def _region(state: dict[str, Any]) -> dict[str, Any]:
    return state | {
        "id": UUID(state["id"]), "campaign_id": UUID(state["campaign_id"]),
        "governing_faction_id": _uuid(state["governing_faction_id"]),
        "controlling_house_id": _uuid(state["controlling_house_id"]),
    }  # fmt: skip


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
