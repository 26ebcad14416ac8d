"""Default deny (issue 30, item 6): a read-model field with no visibility decision is the GM's alone.

A GraphQL type is added here over the faction read model, as a new feature might add one, with a field that reads a
real field of the faction's row that no one has decided: `asset_serial`, how many assets the faction has had (asset
ids were once a series of it, which an observer could guess: issue 14, leak 6). The schema's check names the field,
and no player reads it, not even the faction's own seat.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import UUID, uuid4

import pytest
import strawberry
from graphql import OperationType
from starlette.routing import Route
from starlette.testclient import TestClient
from strawberry.tools import merge_types
from strawberry.types import Info

from domain.seats import Role, Seat, gm_seat_id
from service.bootstrap import Intrigue
from service.entrypoints.graphql.core import decisions, guards
from service.entrypoints.graphql.core.context import on_loop, reads
from service.entrypoints.graphql.core.errors import IntrigueSchema
from service.entrypoints.graphql.core.visibility import over, undecided
from service.entrypoints.graphql.schema import Mutation, Query, schema
from service.entrypoints.graphql.subscriptions import CampaignSubscription
from service.entrypoints.http import create_app
from service.usecases.visibility import FACTION, READ_MODELS, Decision, faction_view
from tests.support.service import campaign_with_hidden_spies


@over(FACTION)
@strawberry.type(description="A faction's asset serial: how many assets it has had.")
class SerialFaction:
    id: UUID
    name: str
    facgold: int | None  # declared: the GM and its own seat
    asset_serial: int | None  # a read-model field with no decision

    @classmethod
    def seen(cls, info: Info, state: dict[str, Any]) -> SerialFaction:
        seen = faction_view(state, guards.seat(info))
        return cls(
            id=UUID(seen["id"]), name=seen["name"], facgold=seen.get("facgold"), asset_serial=seen.get("asset_serial")
        )


@strawberry.type
class SerialQuery:
    @strawberry.field(description="The campaign's factions' asset serials, as the seat may see them.")
    async def serial_factions(self, info: Info, campaign_id: UUID) -> list[SerialFaction]:
        rows = await on_loop(reads(info).of_kind(campaign_id, "faction"))
        return [SerialFaction.seen(info, r) for r in rows]


EXTENDED = IntrigueSchema(
    query=merge_types("Query", (Query, SerialQuery)),
    mutation=Mutation,
    subscription=CampaignSubscription,
    extensions=schema.extensions,
)
SERIAL = "query($c: UUID!) { serialFactions(campaignId: $c) { id name facgold assetSerial } }"


def test_the_schemas_check_names_the_field_with_no_decision() -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(decisions.DECISIONS, "Query.serialFactions", Decision.PUBLIC)
        assert undecided(EXTENDED._schema) == [
            "SerialFaction.assetSerial: no visibility decision (declare it with the read-model field, or in "
            "decisions.py)"
        ]
    assert undecided(schema._schema) == []


@pytest.fixture(scope="module")
def served(intrigue: Intrigue) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    """The app serving the extended schema, its root field open to every seat as `factions` is; a campaign's seats."""
    campaign_id, _, spies_id = campaign_with_hidden_spies(intrigue, "serial")
    seats = intrigue.seats
    tokens = {
        "gm": seats.seat_gm(campaign_id).token,
        "owner": seats.create_seat(campaign_id, "player", "Ana", faction_id=spies_id).token,
        "observer": seats.create_seat(campaign_id, "observer", "Cy").token,
        "no token": None,
    }
    app = create_app(intrigue)
    view = next(r.app for r in app.routes if isinstance(r, Route) and r.path == "/graphql")
    view.schema = EXTENDED  # type: ignore[attr-defined]
    with pytest.MonkeyPatch.context() as patch, TestClient(app) as client:
        patch.setitem(guards.POLICY[OperationType.QUERY], "serialFactions", guards.Access.ANYONE)
        yield client, {"campaign": str(campaign_id), **tokens}


def spies_serial(client: TestClient, token: str | None, campaign: str) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    body = client.post("/graphql", json={"query": SERIAL, "variables": {"c": campaign}}, headers=headers).json()
    assert "errors" not in body, body
    return next(f for f in body["data"]["serialFactions"] if f["name"] == "Spies")


@pytest.mark.parametrize("who", ["owner", "observer", "no token"])
def test_a_field_with_no_decision_is_refused_to_every_player_even_its_owner(
    served: tuple[TestClient, dict[str, Any]], who: str
) -> None:
    client, seats = served
    assert spies_serial(client, seats[who], seats["campaign"])["assetSerial"] is None


def test_the_gm_reads_a_field_with_no_decision(intrigue: Intrigue, served: tuple[TestClient, dict[str, Any]]) -> None:
    client, seats = served
    spies = spies_serial(client, seats["gm"], seats["campaign"])
    assert spies["assetSerial"] == intrigue.state.one(UUID(spies["id"]), "faction")["asset_serial"] >= 1


def test_a_declared_field_of_the_same_row_reaches_its_owner(served: tuple[TestClient, dict[str, Any]]) -> None:
    """The control: the owner's seat does read its row through the view, where the fields are declared."""
    client, seats = served
    assert "asset_serial" not in FACTION.fields, "pick a field of the faction's row that has no decision"
    assert spies_serial(client, seats["owner"], seats["campaign"])["facgold"] == 7
    assert spies_serial(client, seats["observer"], seats["campaign"])["facgold"] is None


def test_every_read_model_leaves_an_undeclared_field_to_the_gm_alone() -> None:
    """Each read model, on a row with a field no one decided: the GM reads it, its own seat and others do not."""
    campaign, member = uuid4(), uuid4()
    gm = Seat(gm_seat_id(campaign), campaign, Role.GM, "GM")
    owner = Seat(uuid4(), campaign, Role.PLAYER, "Ana", faction_id=member, house_id=member)
    observer = Seat(uuid4(), campaign, Role.OBSERVER, "Cy")
    for model in READ_MODELS.values():
        row = {"id": str(member), "campaign_id": str(campaign), "house_id": str(member), "new_secret": "marker"}
        assert model.seen_by(row, gm)["new_secret"] == "marker", model.kind
        for seat in (owner, observer, None):
            assert "new_secret" not in model.seen_by(row, seat), (model.kind, seat)
        assert model.seen_by(row, owner)["id"] == str(member), model.kind  # the declared fields still reach it
