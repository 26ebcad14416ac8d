"""Rate limits (issue 25): an address without a token creates so many campaigns, a caller makes so many writes; past
a limit the answer is 429 / RATE_LIMITED with Retry-After, and nothing is written."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from limits.storage import MemoryStorage
from starlette.testclient import TestClient
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from service.bootstrap import Intrigue
from service.entrypoints.http import create_app
from service.entrypoints.rates import Rates
from tests.entrypoints.graphql.test_subscriptions import subscribe
from tests.support.log_head import event_rows
from tests.support.rest_support import API, bearer, conforms

CREATE = "mutation($name: String!) { createCampaign(input: {name: $name, ruleSystems: [FACTION_TURN]}) { id gmToken } }"
TWICE = """mutation { a: createCampaign(input: {name: "A", ruleSystems: [FACTION_TURN]}) { id }
                      b: createCampaign(input: {name: "B", ruleSystems: [FACTION_TURN]}) { id } }"""
SEAT = 'mutation($id: UUID!) { createSeat(campaignId: $id, input: {role: OBSERVER, name: "Eye"}) { token } }'
HOUR = 3600

Serve = Callable[[Rates], TestClient]
ADDRESS = "203.0.113.7"


@pytest.fixture
def serve(intrigue: Intrigue) -> Iterator[Serve]:
    """A client of an app limited by `rates`, from behind a proxy it trusts: each request's X-Forwarded-For is its
    address (uvicorn's middleware, as `intrigue serve` runs it, with the proxy in FORWARDED_ALLOW_IPS)."""
    with ExitStack() as stack:
        yield lambda rates: stack.enter_context(
            TestClient(ProxyHeadersMiddleware(create_app(intrigue, rates=rates), trusted_hosts="testclient"))
        )  # type: ignore[arg-type]


def campaigns_only(count: int) -> Rates:
    return Rates(campaigns=f"{count}/hour", mutations="unlimited")


def headers(token: str | None, address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address, **(bearer(token) if token else {})}


def rest_create(client: TestClient, token: str | None = None, address: str = ADDRESS) -> Any:
    body = {"name": "Limited", "rule_systems": ["factionturn"]}
    return client.post(f"{API}/campaigns", json=body, headers=headers(token, address))


def graphql(
    client: TestClient, query: str, token: str | None = None, address: str = ADDRESS, **variables: object
) -> Any:
    return client.post("/graphql", json={"query": query, "variables": variables}, headers=headers(token, address))


def retry_after(response: Any, at_most: int) -> int:
    seconds = int(response.headers["retry-after"])
    assert 1 <= seconds <= at_most, seconds
    return seconds


def assert_rest_refused(response: Any, at_most: int = HOUR) -> None:
    conforms(response)
    assert response.status_code == 429, response.text
    assert response.json()["code"] == "RATE_LIMITED"
    retry_after(response, at_most)


def assert_graphql_refused(response: Any, at_most: int = HOUR) -> None:
    assert response.status_code == 429, response.text
    body = response.json()
    assert body["data"] is None
    [error] = body["errors"]
    assert error["extensions"]["code"] == "RATE_LIMITED"
    assert error["extensions"]["retryAfter"] == retry_after(response, at_most)


def test_an_address_without_a_token_creates_only_its_campaigns_an_hour_over_rest(
    serve: Serve, intrigue: Intrigue
) -> None:
    client = serve(campaigns_only(2))
    assert [rest_create(client).status_code for _ in range(2)] == [201, 201]
    before = event_rows(intrigue.db)
    assert_rest_refused(rest_create(client))
    assert event_rows(intrigue.db) == before


def test_an_address_without_a_token_creates_only_its_campaigns_an_hour_over_graphql(
    serve: Serve, intrigue: Intrigue
) -> None:
    client = serve(campaigns_only(2))
    for _ in range(2):
        assert graphql(client, CREATE, name="Limited").json()["data"]["createCampaign"]["id"]
    before = event_rows(intrigue.db)
    assert_graphql_refused(graphql(client, CREATE, name="Limited"))
    assert event_rows(intrigue.db) == before


def test_rest_and_graphql_count_against_one_budget(serve: Serve) -> None:
    client = serve(campaigns_only(2))
    assert rest_create(client).status_code == 201
    assert graphql(client, CREATE, name="Limited").json()["data"]["createCampaign"]["id"]
    assert_rest_refused(rest_create(client))
    assert_graphql_refused(graphql(client, CREATE, name="Limited"))


def test_each_aliased_create_campaign_counts_and_an_operation_over_the_budget_creates_none(
    serve: Serve, intrigue: Intrigue
) -> None:
    client = serve(campaigns_only(3))
    assert graphql(client, TWICE).json()["data"]["a"]["id"]
    before = event_rows(intrigue.db)
    assert_graphql_refused(graphql(client, TWICE))  # two more would make four
    assert event_rows(intrigue.db) == before
    assert graphql(client, CREATE, name="Third").json()["data"]["createCampaign"]["id"]


def test_addresses_are_counted_apart(serve: Serve) -> None:
    client = serve(campaigns_only(1))
    assert rest_create(client).status_code == 201
    assert_rest_refused(rest_create(client))
    assert rest_create(client, address="198.51.100.9").status_code == 201


def test_ipv6_addresses_of_one_subscriber_share_a_count(serve: Serve) -> None:
    client = serve(campaigns_only(1))
    assert rest_create(client, address="2001:db8:1:2::5").status_code == 201
    assert_rest_refused(rest_create(client, address="2001:db8:1:2:ffff::9"))  # the same /64
    assert rest_create(client, address="2001:db8:1:3::5").status_code == 201


def test_a_caller_with_a_seat_token_is_not_held_to_its_address_s_campaigns(serve: Serve) -> None:
    client = serve(campaigns_only(1))
    created = rest_create(client)
    token = created.json()["token"]
    assert_rest_refused(rest_create(client))
    assert rest_create(client, token).status_code == 201
    assert graphql(client, CREATE, token, name="Seated").json()["data"]["createCampaign"]["id"]


def test_a_token_that_names_no_seat_is_counted_by_its_address(serve: Serve, intrigue: Intrigue) -> None:
    client = serve(campaigns_only(1))
    assert rest_create(client).status_code == 201
    before = event_rows(intrigue.db)
    assert_rest_refused(rest_create(client, "itg_not-a-token-of-any-seat"))
    assert event_rows(intrigue.db) == before


def test_a_seat_past_its_writes_is_refused_and_writes_nothing(serve: Serve, intrigue: Intrigue) -> None:
    client = serve(Rates(campaigns="unlimited", mutations="2/hour"))
    created = rest_create(client).json()  # the address's first write
    campaign_id, token = created["campaign"]["id"], created["token"]
    seats = f"{API}/campaigns/{campaign_id}/seats"
    assert graphql(client, SEAT, token, id=campaign_id).json()["data"]["createSeat"]["token"]
    assert (
        client.post(seats, json={"role": "observer", "name": "Two"}, headers=headers(token, ADDRESS)).status_code == 201
    )
    before = event_rows(intrigue.db)
    assert_rest_refused(client.post(seats, json={"role": "observer", "name": "Three"}, headers=headers(token, ADDRESS)))
    assert_graphql_refused(graphql(client, SEAT, token, id=campaign_id))
    assert event_rows(intrigue.db) == before
    assert client.get(seats, headers=headers(token, ADDRESS)).status_code == 200  # reads are never counted


def test_seats_and_addresses_have_separate_write_counts(serve: Serve) -> None:
    client = serve(Rates(campaigns="unlimited", mutations="1/hour"))
    created = rest_create(client).json()  # spends the address's one write
    assert_rest_refused(rest_create(client))
    campaign_id, token = created["campaign"]["id"], created["token"]
    assert graphql(client, SEAT, token, id=campaign_id).json()["data"]["createSeat"]["token"]  # the seat's own
    assert_graphql_refused(graphql(client, SEAT, token, id=campaign_id))


def test_a_graphql_mutation_its_seat_may_not_run_is_refused_uncounted(serve: Serve) -> None:
    client = serve(Rates(campaigns="unlimited", mutations="2/hour"))
    campaign_id = rest_create(client).json()["campaign"]["id"]  # the address's first write
    refused = graphql(client, SEAT, "itg_not-a-token-of-any-seat", id=campaign_id).json()
    assert refused["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    assert rest_create(client).status_code == 201  # its second
    assert_rest_refused(rest_create(client))


@pytest.mark.parametrize("text", ["10 a fortnight", "/hour", "ten/hour"])
def test_a_rate_that_reads_as_none_is_refused_at_start(intrigue: Intrigue, text: str) -> None:
    app = create_app(intrigue, rates=Rates(campaigns=text))
    with pytest.raises(ValueError, match="INTRIGUE_RATE_CAMPAIGNS"), TestClient(app):
        pass


def test_a_mutation_over_a_websocket_is_counted_and_refused_with_its_retry_after(
    serve: Serve, intrigue: Intrigue
) -> None:
    client = serve(campaigns_only(1))
    assert rest_create(client).status_code == 201
    before = event_rows(intrigue.db)
    socket = client.websocket_connect("/graphql", ["graphql-transport-ws"], headers={"X-Forwarded-For": ADDRESS})
    with socket as ws:
        subscribe(ws, None, CREATE, name="Over a socket")
        answer = ws.receive_json()
    assert answer["type"] == "next", answer
    [error] = answer["payload"]["errors"]
    assert error["extensions"]["code"] == "RATE_LIMITED" and 1 <= error["extensions"]["retryAfter"] <= HOUR
    assert event_rows(intrigue.db) == before


class UnreachableStorage(MemoryStorage):
    """A shared storage that cannot be reached, as a Redis that is down."""

    STORAGE_SCHEME = ["unreachable"]  # noqa: RUF012 (the library registers storages by this class attribute)

    @property
    def base_exceptions(self) -> type[Exception]:
        return ConnectionError

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        raise ConnectionError("the storage is down")


def test_writes_go_on_uncounted_when_the_shared_storage_cannot_answer(
    serve: Serve, caplog: pytest.LogCaptureFixture
) -> None:
    client = serve(Rates(campaigns="1/hour", mutations="1/hour", storage_uri="unreachable://"))
    with caplog.at_level("WARNING", logger="intrigue.http"):
        assert [rest_create(client).status_code for _ in range(2)] == [201, 201]
    assert any("rate limits not counted" in record.getMessage() for record in caplog.records)
