"""Issue 16, bounded state: what a house learns lives in its HouseIntel stream, not in the House every command
loads, and a troop movement seen is one event, not one per house that saw it."""

from __future__ import annotations

import json
import uuid
from collections import Counter
from typing import Any

import psycopg
import pytest
from psycopg.rows import dict_row
from psycopg.sql import SQL
from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.commands import RegisterHouse, StartingArea, StartingMember
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.aggregate.intel import HouseIntel, intel_id
from domain.gameofbones.aggregate.working_set import TRACED
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName as A
from projections.state import public_state
from projections.state_tables import MODEL, names
from service.bootstrap import Intrigue
from service.persistence.database import Database
from service.persistence.fresh import FreshReads
from service.usecases.rewind import RollBackPhase
from tests.support.gameofbones_world import city, person
from tests.support.service import gql_as

HOUSES, PHASES, MOVED = 8, 12, 100
# The campaign, its houses, each house's size after each phase (`house_size`), the phase history's bases after
# each phase (`history_bases`), and the houses' intel after each phase (`intel_size`).
Played = tuple[Campaign, list[uuid.UUID], dict[int, list[int]], dict[int, tuple[int, int]], dict[int, tuple[int, ...]]]
# What each resolution reads and rewrites in the phase history (projections/history.py): each member's base.
BASES = """SELECT count(*) AS members, coalesce(sum(pg_column_size(state)), 0) AS bytes, count(*) FILTER
    (WHERE state ? 'knowledge' AND state ? 'sightings') AS intel FROM {base} WHERE campaign_id = %s"""


def house_size(intrigue: Intrigue, house_id: uuid.UUID) -> int:
    """The House as every command loads it: its whole state as JSON (what its snapshot and row hold), but for
    its circumstances, which come and go with the dice (a smear's lasts a month) and would make the bound below
    hold or fail by the roll."""
    state = public_state(intrigue.store.load(house_id, House))
    return len(json.dumps({k: v for k, v in state.items() if k != "circumstances"}, default=str))


def history_bases(db: Database, campaign_id: uuid.UUID) -> tuple[int, int]:
    """(members, bytes) of the campaign's bases in the current generation of the phase history."""
    with psycopg.connect(db.conninfo, row_factory=dict_row) as conn:
        generation = conn.execute("SELECT current FROM read_model_generation WHERE name = %s", (MODEL,)).fetchone()
        assert generation is not None
        row = conn.execute(SQL(BASES).format(**names(generation["current"])), (campaign_id,)).fetchone()
    assert row is not None and row["intel"] == 0, row  # a house's intel is not in the phase history
    return row["members"], row["bytes"]


# The intel's rows as every resolution reads and rewrites them (its `aggregate_state` row, written whole when it
# changes), and what the house views read of it instead (projections/knowledge.py).
INTEL_ROWS = """SELECT coalesce(sum(pg_column_size(state)), 0) AS bytes,
    (SELECT count(*) FROM house_knowledge k WHERE k.campaign_id = %(c)s) AS entries
    FROM aggregate_state WHERE campaign_id = %(c)s AND kind = 'houseintel'"""


def intel_size(intrigue: Intrigue, db: Database, campaign_id: uuid.UUID, houses: list[uuid.UUID]) -> tuple[int, ...]:
    """(bytes of the intel's read-model rows, bytes of the intel as a resolution loads it, less the attacks each
    house suffered: a hunt may trace those in any later month, so they stay, an attack whose author the house
    knows as a stub, `stubs`) of all the houses."""
    with psycopg.connect(db.conninfo, row_factory=dict_row) as conn:
        row = conn.execute(INTEL_ROWS, {"c": campaign_id}).fetchone()
    assert row is not None
    loaded = [public_state(intrigue.store.load(intel_id(h), HouseIntel)) for h in houses]
    rest = [s | {"knowledge": [k for k in s["knowledge"] if k["kind"] != "attack"]} for s in loaded]
    return row["bytes"], len(json.dumps(rest, default=str)), everything(intrigue, houses)


def everything(intrigue: Intrigue, houses: list[uuid.UUID]) -> int:
    """Bytes of the intel as it was kept before issue 26 (everything learned, every movement seen), from the events."""
    kept = []
    for house_id in houses:
        events = list(intrigue.store.repository.event_store.get(intel_id(house_id)))
        kept.append(
            {
                "knowledge": [e.knowledge for e in events if isinstance(e, HouseIntel.KnowledgeGained)],
                "sightings": [
                    {"observers": e.observers, "knowledge": e.knowledge}
                    for e in events
                    if isinstance(e, HouseIntel.MovementSeen)
                ],
            }
        )
    return len(json.dumps(kept, default=str))


def stubs(intrigue: Intrigue, houses: list[uuid.UUID]) -> list[dict[str, Any]]:
    return [k for h in houses for k in intrigue.store.load(intel_id(h), HouseIntel).knowledge if k["kind"] == "attack"]


def knowledge_rows(db: Database, campaign_id: uuid.UUID) -> int:
    with psycopg.connect(db.conninfo) as conn:
        found = conn.execute("SELECT count(*) FROM house_knowledge WHERE campaign_id = %s", (campaign_id,)).fetchone()
    assert found is not None
    return int(found[0])


@pytest.fixture(scope="module")
def played(intrigue: Intrigue, db: Database) -> Played:
    """Eight houses, each holding two areas; every month each moves troops openly, and every other house
    smears the next one, which gathers intelligence."""
    campaign = intrigue.campaigns.create_campaign(city("bounded", areas=2 * HOUSES))
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
                areas=[StartingArea(regions[2 * i], troops=3_000), StartingArea(regions[2 * i + 1], troops=3_000)],
            )
        ).id
        for i in range(HOUSES)
    ]
    sizes: dict[int, list[int]] = {}
    bases: dict[int, tuple[int, int]] = {}
    intel: dict[int, tuple[int, int]] = {}
    for phase in range(1, PHASES + 1):
        intrigue.campaigns.open_phase(campaign.id)
        for i, house_id in enumerate(houses):
            there, back = regions[2 * i + phase % 2], regions[2 * i + 1 - phase % 2]
            intrigue.gameofbones.move_troops(campaign.id, house_id, there, back, MOVED)
            rival = str(houses[(i + 1) % HOUSES])  # one action a month at their rank: half smear, half look out
            smear, gather = Order(A.SMEAR_CAMPAIGN, f"Matron {i}", rival), Order(A.INTELLIGENCE_GATHERING, f"Blade {i}")
            intrigue.gameofbones.order_action(campaign.id, house_id, gather if i % 2 else smear)
        intrigue.campaigns.resolve_phase(campaign.id)
        sizes[phase] = [house_size(intrigue, h) for h in houses]
        bases[phase] = history_bases(db, campaign.id)
        intel[phase] = intel_size(intrigue, db, campaign.id, houses)
    return intrigue.store.load(campaign.id, Campaign), houses, sizes, bases, intel


def test_a_houses_loaded_state_does_not_grow_with_the_phases_played(played: Played) -> None:
    _, houses, sizes, *_ = played
    for index in range(len(houses)):
        # Gold and influence change digits, nothing else remains: a House that kept its knowledge grew by about
        # 175 bytes for each of the other houses' moves, 1,200 bytes a month here.
        assert sizes[PHASES][index] <= sizes[3][index] + 200, (index, sizes[3][index], sizes[PHASES][index])


def test_what_a_resolution_reads_and_rewrites_of_the_phase_history_does_not_grow_with_the_phases(
    played: Played,
) -> None:
    """Issue 26: a late phase costs no more than an early one. Each resolution reads the phase history's base of
    every member that moved and writes it back; with each house's intel there (everything it ever learned and
    every movement of it others saw), they grew from 30 KB after the first month to 58 KB after the twelfth
    here; without it they stay at 19 KB."""
    bases = played[3]
    assert bases[PHASES][0] == bases[3][0] == 2 * HOUSES + HOUSES  # the houses and their areas: no intel
    # The houses' circumstances come and go with the dice (see `house_size`), the rest changes digits.
    assert bases[PHASES][1] <= bases[3][1] * 1.15, (bases[3], bases[PHASES])


def test_a_houses_intel_as_a_resolution_loads_and_writes_it_grows_only_by_the_attacks_it_suffered(
    intrigue: Intrigue, db: Database, played: Played
) -> None:
    """Issue 26: the intel keeps only what the rules read (domain/gameofbones/aggregate/working_set.py), so what a
    resolution loads of it stays as it was after month 3 but for the attacks suffered, which a source hunt may
    trace in any later month: here smears, whose author each house knows, kept as the stub the hunt's refusal
    reads; what the houses learned and saw grows in the read model of its own (a row per entry, appended).
    Before, the intel held everything: 25 KB of JSON after month 3, 98 KB after month 12 for these eight houses
    (the working set less the attacks: 3.5 and 4.0 KB; the rows, compressed, 4.8 and 7.9 KB with the stubs)."""
    campaign, houses, _, _, intel = played
    assert intel[PHASES][2] > 3 * intel[3][2]  # everything kept: what the working set spares
    assert intel[PHASES][1] <= intel[3][1] * 1.15, (intel[3], intel[PHASES])
    smeared = stubs(intrigue, houses)
    told = [
        e
        for e in intrigue.audit.events(campaign.id)
        if e.topic.endswith("HouseIntel.KnowledgeGained") and e.payload["knowledge"]["kind"] == "attack"
    ]
    assert len(smeared) == len(told) > PHASES  # the smears that landed: every other house smears one a month
    assert all(k.keys() == set(TRACED) and k["aggressor_house_id"] for k in smeared)
    stub = max(len(json.dumps(k)) for k in smeared)
    assert intel[PHASES][0] <= intel[3][0] + HOUSES // 2 * (PHASES - 3) * (stub + 40), (intel[3], intel[PHASES])
    # Each house saw the others' moves, a row each, and learned what its gathering and the smears told it.
    assert knowledge_rows(db, campaign.id) >= HOUSES * (HOUSES - 1) * PHASES


def test_a_troop_movement_seen_writes_one_event_whatever_the_number_of_houses(
    intrigue: Intrigue, played: Played
) -> None:
    campaign = played[0]
    events = list(intrigue.audit.events(campaign.id))
    names = Counter(e.topic.rsplit(":", 1)[-1] for e in events)
    moves = [e for e in events if e.topic.endswith("House.ActionResolved") and e.payload["action"] == A.TROOP_MOVEMENTS]
    assert Counter(e.payload["result"] for e in moves) == {"moved in plain sight": HOUSES * PHASES}
    assert len(moves) == HOUSES * PHASES
    assert names["HouseIntel.MovementSeen"] == len(moves)
    seen = [e for e in events if e.topic.endswith("MovementSeen")]
    assert all(len(e.payload["observers"]) == HOUSES - 1 for e in seen)
    learned = [e for e in events if e.topic.endswith("KnowledgeGained")]
    assert learned and all(e.payload["knowledge"]["kind"] != "movement" for e in learned)
    assert names["House.KnowledgeGained"] == 0  # everything learned went to the houses' intel


def test_each_house_still_knows_every_movement_it_saw_and_none_of_its_own(intrigue: Intrigue, played: Played) -> None:
    _, houses, *_ = played
    for house_id in houses:
        view = FreshReads(intrigue.store).one(house_id, "house")
        movements = [k for k in view["knowledge"] if k["kind"] == "movement"]
        assert len(movements) == (HOUSES - 1) * PHASES
        assert str(house_id) not in {k["house_id"] for k in movements}
        assert len({k["id"] for k in view["knowledge"]}) == len(view["knowledge"])
        assert [(k["phase"], k["week"]) for k in movements] == sorted((k["phase"], k["week"]) for k in movements)
        intel = intrigue.store.load(intel_id(house_id), HouseIntel)  # its working set: each entry is in the view
        by_id = {k["id"]: k for k in view["knowledge"]}  # a traced attack as much of it as a hunt's refusal reads
        assert view["knowledge"] != [] and all(k.items() <= by_id[k["id"]].items() for k in intel.knowledge)


HOUSES_KNOWLEDGE = "query($id: UUID!) { houses(campaignId: $id) { id knowledge { kind details { key value } } } }"


def entries(knowledge: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A typed knowledge entry back as the record it answers: its kind and its details by key."""
    return [{"kind": k["kind"], **{d["key"]: d["value"] for d in k["details"]}} for k in knowledge]


def test_the_read_model_shows_a_house_what_it_saw_and_no_seat_anothers_knowledge(
    intrigue: Intrigue, client: TestClient, played: Played
) -> None:
    campaign, houses, *_ = played
    mine = str(houses[0])
    token = intrigue.seats.create_seat(campaign.id, "player", "Ana", house_id=houses[0]).token
    body = gql_as(client, token, HOUSES_KNOWLEDGE, id=str(campaign.id))
    assert "errors" not in body, body
    seen = {h["id"]: entries(h["knowledge"]) for h in body["data"]["houses"]}  # type: ignore[index]
    assert set(seen) == {str(h) for h in houses}
    assert all(knowledge == [] for hid, knowledge in seen.items() if hid != mine), seen  # as test_visibility
    movements = [k for k in seen[mine] if k["kind"] == "movement"]
    assert len(movements) == (HOUSES - 1) * PHASES and mine not in {k["house_id"] for k in movements}
    assert all("gm_only" not in k for k in seen[mine])
    gm = gql_as(client, intrigue.seats.seat_gm(campaign.id).token, HOUSES_KNOWLEDGE, id=str(campaign.id))
    by_gm = {h["id"]: entries(h["knowledge"]) for h in gm["data"]["houses"]}  # type: ignore[index]
    assert all(len([k for k in by_gm[str(h)] if k["kind"] == "movement"]) == (HOUSES - 1) * PHASES for h in houses)


def test_rolling_back_a_month_undoes_what_the_houses_learned_in_it(intrigue: Intrigue, played: Played) -> None:
    """Last in this module: it rolls the played campaign back a month."""
    campaign, houses, *_ = played
    before = {h: FreshReads(intrigue.store).one(h, "house")["knowledge"] for h in houses}
    intrigue.rewind.roll_back(RollBackPhase(campaign.id, PHASES, "test: the month is played again"))
    for house_id in houses:
        after = FreshReads(intrigue.store).one(house_id, "house")["knowledge"]
        assert after == [k for k in before[house_id] if k["phase"] < PHASES]
        assert len([k for k in after if k["kind"] == "movement"]) == (HOUSES - 1) * (PHASES - 1)
