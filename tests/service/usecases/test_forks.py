"""Issue 32, item 2: a what-if fork of the demo at phase 2 plays its own phase 3; the source is untouched."""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest

from domain.campaign import Campaign, CampaignPreset
from domain.errors import InvalidInputError, NotFoundError
from domain.factionturn.aggregate.faction import Faction
from domain.ids import faction_id
from projections.state import public_state
from service.bootstrap import Intrigue
from service.persistence.database import Database
from service.usecases.forks import ForkCampaign
from service.usecases.interventions import By
from service.usecases.presets import start_from_preset
from service.usecases.replay import divergences
from tests.support.service import replaying

SYSTEMS = ["factionturn", "gameofbones"]


def played_demo(intrigue: Intrigue, phases: int) -> UUID:
    started = start_from_preset(intrigue, CampaignPreset.DEMO, f"demo-{uuid4().hex[:6]}", SYSTEMS, "fork")
    for _ in range(phases):
        intrigue.campaigns.open_phase(started.campaign.id)
        intrigue.campaigns.resolve_phase(started.campaign.id)
    return started.campaign.id


def states(intrigue: Intrigue, campaign_id: UUID) -> dict[str, dict[str, Any]]:
    campaign = intrigue.store.load(campaign_id, Campaign)
    return {str(i): public_state(intrigue.store.repository.get(i)) for i in [campaign_id, *campaign.member_ids()]}


def by_name(intrigue: Intrigue, campaign_id: UUID, kind: str) -> dict[str, dict[str, Any]]:
    return {s["name"]: s for s in intrigue.state.of_kind(campaign_id, kind)}


def stored_events(db: Database) -> int:
    with psycopg.connect(db.conninfo) as conn:
        return int(conn.execute("SELECT count(*) FROM intrigue_events").fetchone()[0])  # type: ignore[index]


def test_a_fork_at_phase_two_plays_its_own_phase_three_and_leaves_the_source_as_it_was(
    intrigue: Intrigue, db: Database
) -> None:
    source = played_demo(intrigue, 3)
    crows_there = by_name(intrigue, source, "faction")["Empresses' Crows"]["id"]
    player = intrigue.seats.create_seat(source, "player", "The Crows' player", faction_id=UUID(crows_there))
    source_then = states(intrigue, source)
    source_events = intrigue.history.event_count(source)
    phase_two = {
        s["name"]: s
        for s in intrigue.history.public_as_of(source, intrigue.history.phase_end(source, 2)).values()
        if s.get("campaign_id") == str(source) and "force" in s
    }

    started = intrigue.forks.fork(ForkCampaign(source, 2, "  What if the Crows waited  "))
    fork = started.campaign
    assert (fork.name, fork.phase, fork.phase_status) == ("What if the Crows waited", 2, "resolved")
    assert fork.forked_from == {"campaign_id": str(source), "phase": 2}
    # No seat of the source: the fork's one seat is its new GM's, and the source keeps both of its own.
    assert started.gm.seat.campaign_id == fork.id and intrigue.seats.seats(fork.id) == [started.gm.seat]
    assert player.seat in intrigue.seats.seats(source) and len(intrigue.seats.seats(source)) == 2
    assert not set(states(intrigue, fork.id)) & set(source_then)  # every aggregate has a new id
    # Its factions stand as the source's stood when phase 2 was resolved, each in the fork.
    forked = by_name(intrigue, fork.id, "faction")
    assert {n: (s["hp"], s["facgold"], len(s["assets"])) for n, s in forked.items()} == {
        n: (s["hp"], s["facgold"], len(s["assets"])) for n, s in phase_two.items()
    }
    assert all(s["campaign_id"] == str(fork.id) for s in forked.values())
    # An id made from a natural key is the fork's for that key: a second faction of that name is refused there too.
    assert all(UUID(s["id"]) == faction_id(fork.id, n) for n, s in forked.items())

    # A different phase 3: the GM gives the Crows a windfall before it resolves.
    crows = UUID(forked["Empresses' Crows"]["id"])
    intrigue.campaigns.open_phase(fork.id)
    intrigue.gm.adjust(By(fork.id, "gm", "what if"), crows, "facgold", 40)
    intrigue.campaigns.resolve_phase(fork.id)
    assert intrigue.store.load(crows, Faction).facgold >= 40
    assert intrigue.store.load(fork.id, Campaign).phase == 3

    assert states(intrigue, source) == source_then
    assert intrigue.history.event_count(source) == source_events
    assert [f["id"] for f in intrigue.catalog.forks(source)] == [fork.id]
    with replaying(db) as replay:  # dice that raise: replay never rolls
        assert divergences(replay.store, intrigue.state, source) == []
        assert divergences(replay.store, intrigue.state, fork.id) == []


def test_a_rollback_in_the_fork_past_its_fork_point_keeps_its_name_and_origin(intrigue: Intrigue) -> None:
    from service.usecases.rewind import RollBackPhase

    source = played_demo(intrigue, 2)
    fork = intrigue.forks.fork(ForkCampaign(source, 2, "Second thoughts")).campaign
    intrigue.rewind.roll_back(RollBackPhase(fork.id, 1, "what if, earlier"))
    again = intrigue.store.load(fork.id, Campaign)
    assert (again.name, again.forked_from, again.phase) == (
        "Second thoughts",
        {"campaign_id": str(source), "phase": 2},
        1,
    )


@pytest.mark.parametrize(
    ("phase", "name", "error", "said"),
    [
        (3, "Too soon", InvalidInputError, "resolved phases are 1-2"),
        (0, "Before time", InvalidInputError, "is not a resolved phase"),
        (2, "   ", InvalidInputError, "needs a name"),
        (2, "x" * 201, InvalidInputError, "at most 200"),
    ],
)
def test_a_bad_fork_is_refused_and_writes_nothing(
    intrigue: Intrigue, db: Database, phase: int, name: str, error: type[Exception], said: str
) -> None:
    source = played_demo(intrigue, 2)
    intrigue.campaigns.open_phase(source)  # phase 3 open, not resolved
    before = stored_events(db)
    with pytest.raises(error, match=said):
        intrigue.forks.fork(ForkCampaign(source, phase, name))
    assert stored_events(db) == before
    assert intrigue.catalog.forks(source) == []


def test_forking_an_unknown_campaign_is_not_found(intrigue: Intrigue, db: Database) -> None:
    before = stored_events(db)
    with pytest.raises(NotFoundError):
        intrigue.forks.fork(ForkCampaign(uuid4(), 1, "Nowhere"))
    assert stored_events(db) == before
