"""Fixtures shared by the GraphQL entry point's tests."""

from __future__ import annotations

from uuid import UUID

import pytest

from service.bootstrap import Intrigue
from service.entrypoints.graphql.precomputed import precompute_standings
from tests.service.usecases.test_factionturn_play import played


@pytest.fixture(scope="module")
def standings_campaign(request: pytest.FixtureRequest, intrigue: Intrigue) -> tuple[UUID, dict[str, str | None]]:
    """A campaign played a phase, with its standings kept as sent, and the tokens of its GM, a player (of a faction
    that is not wild) and an observer, and no seat (None): one campaign per test module."""
    precompute_standings()
    campaign_id = played(intrigue, request.module.__name__, 1).id
    faction_id = UUID(next(f["id"] for f in intrigue.state.of_kind(campaign_id, "faction") if not f["wild"]))
    return campaign_id, {
        "gm": intrigue.seats.seat_gm(campaign_id).token,
        "player": intrigue.seats.create_seat(campaign_id, "player", "Ana", faction_id=faction_id).token,
        "observer": intrigue.seats.create_seat(campaign_id, "observer", "Cy").token,
        "none": None,
    }
