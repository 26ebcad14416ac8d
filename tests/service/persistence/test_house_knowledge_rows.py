"""Issue 26: the house views read what each house knows from its own read model (`house_knowledge`, a row per
entry, projections/knowledge.py), now that a house's intel keeps only what the rules read; they answer what they
answered when they merged every house's whole intel (all it learned, every movement seen): after months of moves,
smears, Intelligence Gathering and source hunts, a rollback, a rebuild, and in a store migrated from before
step 16 (whose rows the step fills from the intel events)."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterable
from typing import Any

import psycopg
from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.commands import RegisterHouse, StartingArea, StartingMember
from domain.errors import DomainError
from domain.gameofbones.aggregate.intel import HouseIntel, intel_id, sighting_entries
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName as A
from domain.gameofbones.tables.records import dated
from domain.history import Rewindable
from service.bootstrap import Intrigue
from service.entrypoints.http import create_app
from service.operations.worker import rebuild
from service.persistence.database import Database
from service.persistence.fresh import FreshReads
from service.persistence.readmodels import READ_MODELS
from service.usecases.rewind import RollBackPhase
from service.usecases.visibility import own_knowledge
from tests.support.gameofbones_world import city, person
from tests.support.rest_support import bearer

HOUSES, MOVED = 5, 100
Entries = list[dict[str, Any]]


# ---- the views' knowledge as computed before issue 26 (domain/gameofbones/intel.py then), verbatim -------------
def _when(entry: dict[str, Any]) -> tuple[int, int]:
    return int(entry.get("phase") or 0), int(entry.get("week") or 0)


def merged(own: Entries, learned: Entries, seen: Entries) -> Entries:
    return [*own, *sorted([*learned, *seen], key=_when)]


def known_in_states(house: dict[str, Any], intels: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    hid, mine, seen = str(house["id"]), [], []
    for state in sorted(intels, key=lambda s: str(s["house_id"])):
        if str(state["house_id"]) == hid:
            mine = list(state["knowledge"])
        else:
            seen += sighting_entries(state["sightings"], hid)
    return merged(list(house.get("knowledge", [])), mine, seen)


def whole_intel(intrigue: Intrigue, house_id: uuid.UUID) -> dict[str, Any]:
    """A house's intel as the aggregate kept it before issue 26 (everything learned, every movement seen), from
    its events; a rollback's `StateRestored` took it back to what it was at the version restored."""
    knowledge: Entries = []
    sightings: Entries = []
    at: dict[int, tuple[Entries, Entries]] = {}
    for event in intrigue.store.repository.event_store.get(intel_id(house_id)):
        if isinstance(event, HouseIntel.KnowledgeGained):
            knowledge = [*knowledge, event.knowledge]
        elif isinstance(event, HouseIntel.MovementSeen):
            sightings = [*sightings, {"observers": event.observers, "knowledge": event.knowledge}]
        elif isinstance(event, Rewindable.StateRestored):
            knowledge, sightings = at[event.restored_version]
        at[event.originator_version] = (knowledge, sightings)
    return {"house_id": str(house_id), "knowledge": knowledge, "sightings": sightings}


def the_old_way(intrigue: Intrigue, houses: list[uuid.UUID]) -> dict[str, Entries]:
    intels = [whole_intel(intrigue, h) for h in houses]
    return {str(h): known_in_states({"id": str(h), "knowledge": []}, intels) for h in houses}


# ---- the campaign ----------------------------------------------------------------------------------------------
def play(
    intrigue: Intrigue, campaign_id: uuid.UUID, houses: list[uuid.UUID], regions: list[uuid.UUID], phases: range
) -> None:
    """Each month every house moves troops openly, every other house smears the next one, the others gather
    intelligence; after it, each house hunts the source of every attack it knows of (most are refused)."""
    for phase in phases:
        if intrigue.store.load(campaign_id, Campaign).phase_status == "open":  # rolled back: its orders stand
            intrigue.campaigns.resolve_phase(campaign_id)
            continue
        intrigue.campaigns.open_phase(campaign_id)
        for i, house_id in enumerate(houses):
            there, back = regions[2 * i + phase % 2], regions[2 * i + 1 - phase % 2]
            intrigue.gameofbones.move_troops(campaign_id, house_id, there, back, MOVED)
            rival = str(houses[(i + 1) % HOUSES])
            smear, gather = Order(A.SMEAR_CAMPAIGN, f"Matron {i}", rival), Order(A.INTELLIGENCE_GATHERING, f"Blade {i}")
            intrigue.gameofbones.order_action(campaign_id, house_id, gather if i % 2 else smear)
        intrigue.campaigns.resolve_phase(campaign_id)
        for house_id in houses:
            for entry in FreshReads(intrigue.store).one(house_id, "house")["knowledge"]:
                if entry["kind"] == "attack":
                    with contextlib.suppress(DomainError):
                        intrigue.gameofbones.hunt_source(campaign_id, house_id, entry["id"])


def check_views(intrigue: Intrigue, client: TestClient, campaign_id: uuid.UUID, houses: list[uuid.UUID]) -> None:
    """The GM's and a player's house views, REST and fresh from the events, against the old way's."""
    old = the_old_way(intrigue, houses)
    assert all(old.values()) and any(k["kind"] == "movement" for k in old[str(houses[0])])
    gm = intrigue.seats.seat_gm(campaign_id).token
    mine = houses[0]
    player = intrigue.seats.create_seat(campaign_id, "player", f"Ana {uuid.uuid4().hex[:6]}", house_id=mine).token
    by_gm = client.get(f"/api/v1/campaigns/{campaign_id}/houses", headers=bearer(gm)).json()["houses"]
    assert {h["id"]: h["knowledge"] for h in by_gm} == {h: dated(k) for h, k in old.items()}
    by_player = client.get(f"/api/v1/campaigns/{campaign_id}/houses", headers=bearer(player)).json()["houses"]
    assert {h["id"]: h.get("knowledge") for h in by_player} == {  # others' knowledge is not shown at all
        h: dated(own_knowledge(k)) if h == str(mine) else None for h, k in old.items()
    }
    one = client.get(f"/api/v1/campaigns/{campaign_id}/houses", headers=bearer(gm)).json()["houses"]
    assert one == by_gm  # read twice, the same
    for house_id in houses:
        assert FreshReads(intrigue.store).one(house_id, "house")["knowledge"] == old[str(house_id)]


def test_the_house_views_read_what_each_house_knows_from_its_rows_as_they_did_from_the_whole_intel(
    fresh_db: Database,
) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        with TestClient(create_app(intrigue)) as client:
            campaign = intrigue.campaigns.create_campaign(city("known rows", areas=2 * HOUSES))
            regions = campaign.member_ids("region")
            houses = [
                intrigue.gameofbones.register_house(
                    RegisterHouse(
                        campaign.id,
                        f"House {i}",
                        person(f"Matron {i}", 14, 12),
                        200_000,
                        [person(f"Blade {i}", 9, 10)],
                        [StartingMember(f"Guard {j}", {"fighter": 10}) for j in range(8)],
                        influence=20_000,
                        areas=[
                            StartingArea(regions[2 * i], troops=3_000),
                            StartingArea(regions[2 * i + 1], troops=3_000),
                        ],
                    )
                ).id
                for i in range(HOUSES)
            ]
            play(intrigue, campaign.id, houses, regions, range(1, 5))
            check_views(intrigue, client, campaign.id, houses)
            intrigue.rewind.roll_back(RollBackPhase(campaign.id, 3, "test: two months played again"))
            play(intrigue, campaign.id, houses, regions, range(3, 7))
            check_views(intrigue, client, campaign.id, houses)
            with psycopg.connect(fresh_db.conninfo) as conn:
                rows = conn.execute(
                    "SELECT * FROM house_knowledge ORDER BY campaign_id, house_id, source_id, version"
                ).fetchall()
            rebuild(fresh_db, {**fresh_db.eventsourcing_env(2), "CREATE_TABLE": "n"}, READ_MODELS[0])
            with psycopg.connect(fresh_db.conninfo) as conn:
                assert (
                    conn.execute(
                        "SELECT * FROM house_knowledge ORDER BY campaign_id, house_id, source_id, version"
                    ).fetchall()
                    == rows
                )
            check_views(intrigue, client, campaign.id, houses)
    finally:
        intrigue.close()
    with psycopg.connect(fresh_db.conninfo, autocommit=True) as conn:  # back to a store from before step 16
        generation = conn.execute("SELECT current FROM read_model_generation WHERE name = 'state'").fetchone()
        assert generation is not None
        for statement in (
            "DROP VIEW house_knowledge",
            f"DROP TABLE house_knowledge_g{generation[0]}",
            "DELETE FROM intrigue_schema WHERE version = 16",
        ):
            conn.execute(statement)  # type: ignore[arg-type]
    intrigue = Intrigue(fresh_db)  # migrates on start: step 16 fills the rows from the intel events
    try:
        with TestClient(create_app(intrigue)) as client:
            with psycopg.connect(fresh_db.conninfo) as conn:
                assert (
                    conn.execute(
                        "SELECT * FROM house_knowledge ORDER BY campaign_id, house_id, source_id, version"
                    ).fetchall()
                    == rows
                )
            check_views(intrigue, client, campaign.id, houses)
            play(intrigue, campaign.id, houses, regions, range(7, 8))  # and the projection carries on from them
            check_views(intrigue, client, campaign.id, houses)
    finally:
        intrigue.close()
