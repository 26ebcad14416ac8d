"""Kept GraphQL answers: reused only while the read models stand still, never across seats, never for commands."""

from __future__ import annotations

import asyncio
import uuid
from collections import Counter
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from domain.commands import FoundFaction
from service.bootstrap import Intrigue
from service.entrypoints.graphql.core.answers import cacheable
from service.entrypoints.http import create_app
from service.persistence.queries import ReadModelReads
from service.persistence.readpool import SharedRead
from tests.support.service import campaign_with_hidden_spies, gql, gql_as

STANDINGS = "query($id: UUID!) { factions(campaignId: $id) { name facgold assets { typeKey stealthed } } }"


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often the resolvers read a faction's or any member's state from the read model."""
    counted: Counter[str] = Counter()
    for name in ("of_kind", "one"):
        real = getattr(ReadModelReads, name)

        async def counting(self: ReadModelReads, *args: Any, _real: Any = real, _name: str = name) -> Any:
            counted[_name] += 1
            return await _real(self, *args)

        monkeypatch.setattr(ReadModelReads, name, counting)
    return counted


@pytest.fixture(scope="module")
def table(intrigue: Intrigue) -> dict[str, Any]:
    """Spies with a stealthed assassin, their player, an observer and the GM."""
    campaign_id, region_id, spies_id = campaign_with_hidden_spies(intrigue, "kept")
    return {
        "campaign": campaign_id,
        "region": region_id,
        "gm": intrigue.seats.seat_gm(campaign_id).token,
        "owner": intrigue.seats.create_seat(campaign_id, "player", "Ana", faction_id=spies_id).token,
        "observer": intrigue.seats.create_seat(campaign_id, "observer", "Cy").token,
    }


def standings(client: TestClient, table: dict[str, Any], who: str | None = None) -> list[dict[str, Any]]:
    campaign_id = str(table["campaign"])
    body = gql_as(client, table[who], STANDINGS, id=campaign_id) if who else gql(client, STANDINGS, id=campaign_id)
    assert "errors" not in body, body
    return body["data"]["factions"]  # type: ignore[index,no-any-return]


def sees_the_assassin(factions: list[dict[str, Any]]) -> bool:
    return any(a["stealthed"] for f in factions for a in f["assets"])


def test_a_repeated_query_is_answered_without_reading_the_read_model_again(
    client: TestClient, table: dict[str, Any], reads: Counter[str]
) -> None:
    first, second = standings(client, table, "gm"), standings(client, table, "gm")
    assert first == second
    assert reads["of_kind"] == 1


def test_a_kept_answer_changes_after_a_command_that_changes_the_standings(
    client: TestClient, intrigue: Intrigue, table: dict[str, Any], reads: Counter[str]
) -> None:
    before = standings(client, table, "observer")
    assert standings(client, table, "observer") == before
    intrigue.factionturn.found_faction(FoundFaction(table["campaign"], "Latecomers", 3, 3, 3, table["region"]))
    after = standings(client, table, "observer")
    assert [f["name"] for f in before] == ["Spies"]
    assert [f["name"] for f in after] == ["Latecomers", "Spies"]
    assert reads["of_kind"] == 2


def test_seats_that_see_differently_never_share_an_answer(
    client: TestClient, table: dict[str, Any], reads: Counter[str]
) -> None:
    sees = {"gm": True, "owner": True, "observer": False, None: False}
    for _ in range(3):  # the second and third rounds are answered from the kept answers, each seat its own
        for who, secret in sees.items():
            factions = standings(client, table, who)
            assert sees_the_assassin(factions) is secret, who
            assert (next(f for f in factions if f["name"] == "Spies")["facgold"] == 7) is secret, who
    assert reads["of_kind"] <= len(sees)


def test_a_rotated_token_is_refused_even_for_a_query_answered_before(
    client: TestClient, intrigue: Intrigue, table: dict[str, Any]
) -> None:
    old = intrigue.seats.seat_gm(table["campaign"]).token
    assert sees_the_assassin(standings(client, table | {"old": old}, "old"))
    intrigue.seats.seat_gm(table["campaign"])  # a new GM token; the old one stops working at once
    body = gql_as(client, old, STANDINGS, id=str(table["campaign"]))
    assert body["data"] is None
    assert body["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"  # type: ignore[index]


def test_errors_are_not_kept(client: TestClient, reads: Counter[str]) -> None:
    query, missing = "query($id: UUID!) { faction(id: $id) { name } }", str(uuid.uuid4())
    for _ in range(2):
        body = gql(client, query, id=missing)
        assert body["errors"][0]["extensions"]["code"] == "NOT_FOUND"  # type: ignore[index]
    assert reads["one"] == 2


def test_mutations_are_never_answered_from_kept_answers(client: TestClient) -> None:
    create = 'mutation { createCampaign(input: {name: "twice", ruleSystems: [FACTION_TURN]}) { id gmToken } }'
    first, second = gql(client, create), gql(client, create)
    assert first["data"] != second["data"]


@pytest.mark.parametrize(
    ("document", "kept"),
    [
        (STANDINGS, True),
        ("{ campaigns { nodes { id regions { name } } } me { role } }", True),
        ("query($id: UUID!) { houses(campaignId: $id) { name areas { name } } }", True),
        ('mutation { createCampaign(input: {name: "x", ruleSystems: []}) { id } }', False),
        ("subscription($id: UUID!) { phaseResults(campaignId: $id) { phase } }", False),
        ("query($id: UUID!) { eventLog(campaignId: $id) { totalCount } }", False),  # reads the event log
        (STANDINGS.replace("} } }", "} } chronicle(campaignId: $id, phase: 1) { text } }"), False),  # one field of many
        ("query($id: UUID!) { ...F } fragment F on Query { seats(campaignId: $id) { name } }", False),
        ("{ campaigns { id ", False),
    ],
)
def test_only_queries_of_the_read_models_are_kept(document: str, kept: bool) -> None:
    assert cacheable(document, None) is kept


def test_a_shared_read_never_answers_a_caller_with_a_read_sent_before_it_asked() -> None:
    async def main() -> tuple[int, int, int, int]:
        gates: list[asyncio.Event] = []

        async def read() -> int:
            gate = asyncio.Event()
            gates.append(gate)
            number = len(gates)
            await gate.wait()
            return number

        shared = SharedRead(read)
        first = asyncio.create_task(shared())
        while not gates:
            await asyncio.sleep(0)
        later = [asyncio.create_task(shared()) for _ in range(2)]  # they ask while read 1 is in flight
        await asyncio.sleep(0)
        gates[0].set()
        while len(gates) < 2:
            await asyncio.sleep(0)
        gates[1].set()
        return await first, await later[0], await later[1], len(gates)

    assert asyncio.run(main()) == (1, 2, 2, 2)  # the two later callers shared read 2


def test_identical_queries_in_flight_after_a_change_compute_one_answer(
    intrigue: Intrigue, table: dict[str, Any], reads: Counter[str]
) -> None:
    intrigue.factionturn.found_faction(
        FoundFaction(table["campaign"], f"Crowd {uuid.uuid4().hex[:4]}", 2, 2, 2, table["region"])
    )
    body = {"query": STANDINGS, "variables": {"id": str(table["campaign"])}}
    headers = {"Authorization": f"Bearer {table['observer']}"}

    async def crowd() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=create_app(intrigue))
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return list(await asyncio.gather(*(client.post("/graphql", json=body, headers=headers) for _ in range(20))))

    answers = asyncio.run(crowd())
    assert {r.status_code for r in answers} == {200}
    assert len({r.content for r in answers}) == 1 and "errors" not in answers[0].json()
    assert reads["of_kind"] == 1
