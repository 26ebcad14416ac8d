"""Issue 32 over GraphQL and REST: `forkCampaign` and the GM's `forks`; `importSector` with the Sectors Without
Number export of tests/data; refusals that write nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from uuid import uuid4

from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from tests.support.rest_support import bearer
from tests.support.service import gql, gql_as

SECTOR = Path(__file__).resolve().parents[2] / "data" / "swn_sector.json"
CREATE = """mutation($name: String!) { createCampaign(input: {name: $name, ruleSystems: [FACTION_TURN], diceSeed: "f",
  preset: WORKED_EXAMPLE}) { id gmToken } }"""
OPEN = "mutation($id: UUID!) { openPhase(campaignId: $id) { phase } }"
RESOLVE = "mutation($id: UUID!) { resolvePhase(campaignId: $id) { phase } }"
FORK = """mutation($id: UUID!, $phase: Int!, $name: String!) { forkCampaign(campaignId: $id, phase: $phase,
  name: $name) { id name phase phaseStatus gmToken forkedFrom { campaignId phase } } }"""
FORKS = "query($id: UUID!) { forks(campaignId: $id) { id name forkedFrom { campaignId phase } } }"
SECTOR_IMPORT = "mutation($id: UUID!, $s: String!) { importSector(campaignId: $id, sector: $s) { name q r tags } }"


def played(client: TestClient, phases: int) -> tuple[str, str]:
    made: Any = gql(client, CREATE, name=f"fork-api-{uuid4().hex[:6]}")["data"]
    campaign, token = made["createCampaign"]["id"], made["createCampaign"]["gmToken"]
    for _ in range(phases):
        for step in (OPEN, RESOLVE):
            assert "errors" not in gql_as(client, token, step, id=campaign)
    return campaign, token


def code(answer: dict[str, Any]) -> str:
    return str(answer["errors"][0]["extensions"]["code"])


def test_the_gm_forks_over_graphql_becomes_the_forks_gm_and_sees_it_listed(client: TestClient) -> None:
    source, token = played(client, 2)
    answer: Any = gql_as(client, token, FORK, id=source, phase=1, name="After the first month")
    fork = answer["data"]["forkCampaign"]
    assert (fork["name"], fork["phase"], fork["phaseStatus"]) == ("After the first month", 1, "RESOLVED")
    assert fork["forkedFrom"] == {"campaignId": source, "phase": 1}
    assert fork["gmToken"] and fork["gmToken"] != token
    # Its log shows where it came from: its last event, before anything is played in it.
    log: Any = gql_as(
        client,
        fork["gmToken"],
        """query($id: UUID!) { eventLog(campaignId: $id, last: 1) {
      totalCount nodes { aggregateId topic payload } } }""",
        id=fork["id"],
    )
    (last,) = log["data"]["eventLog"]["nodes"]
    assert (last["aggregateId"], last["topic"]) == (fork["id"], "domain.campaign:Campaign.Forked"), last
    assert (last["payload"]["source_id"], last["payload"]["phase"]) == (source, 1)
    # The fork's GM runs the fork, and only the fork.
    assert gql_as(client, fork["gmToken"], OPEN, id=fork["id"])["data"] == {"openPhase": {"phase": 2}}
    assert code(gql_as(client, fork["gmToken"], OPEN, id=source)) == "FORBIDDEN"
    assert code(gql_as(client, token, RESOLVE, id=fork["id"])) == "FORBIDDEN"  # the source's GM has no seat there
    listed: Any = gql_as(client, token, FORKS, id=source)
    assert listed["data"]["forks"] == [
        {"id": fork["id"], "name": "After the first month", "forkedFrom": {"campaignId": source, "phase": 1}}
    ]
    assert code(gql_as(client, fork["gmToken"], FORKS, id=source)) == "FORBIDDEN"
    assert code(gql(client, FORKS, id=source)) in {"FORBIDDEN", "UNAUTHENTICATED"}


def test_a_fork_refused_over_graphql_writes_nothing(client: TestClient, intrigue: Intrigue) -> None:
    source, token = played(client, 1)
    other, _ = played(client, 0)
    count = intrigue.history.event_count(source)
    cases = [
        (token, source, 2, "Too soon", "INVALID_INPUT"),
        (token, source, 1, " ", "INVALID_INPUT"),
        (token, other, 1, "Not mine", "FORBIDDEN"),
        (token, str(uuid4()), 1, "Nowhere", "FORBIDDEN"),
    ]
    for bearer_, campaign, phase, name, expected in cases:
        answer: Any = gql_as(client, bearer_, FORK, id=campaign, phase=phase, name=name)
        assert code(answer) == expected, answer
    assert code(gql(client, FORK, id=source, phase=1, name="No seat")) in {"FORBIDDEN", "UNAUTHENTICATED"}
    assert intrigue.history.event_count(source) == count
    assert gql_as(client, token, FORKS, id=source)["data"] == {"forks": []}


def test_the_gm_forks_over_rest(client: TestClient) -> None:
    source, token = played(client, 1)
    made = client.post(
        f"/api/v1/campaigns/{source}/forks", json={"phase": 1, "name": "Via REST"}, headers=bearer(token)
    )
    assert made.status_code == 201, made.text
    body = made.json()
    assert body["campaign"]["forked_from"] == {"campaign_id": source, "phase": 1}
    assert made.headers["Location"].endswith(f"/campaigns/{body['campaign']['id']}")
    listed = client.get(f"/api/v1/campaigns/{source}/forks", headers=bearer(token))
    assert [c["id"] for c in listed.json()["campaigns"]] == [body["campaign"]["id"]]
    assert client.get(f"/api/v1/campaigns/{source}/forks", headers=bearer(body["token"])).status_code == 403
    refused = client.post(
        f"/api/v1/campaigns/{source}/forks", json={"phase": 5, "name": "Later"}, headers=bearer(token)
    )
    assert refused.status_code == 422 and "resolved phases are 1-1" in refused.text


def empty_map(client: TestClient) -> tuple[str, str]:
    made: Any = gql(
        client,
        """mutation($n: String!) { createCampaign(input: {name: $n, ruleSystems: [FACTION_TURN]})
      { id gmToken } }""",
        n=f"sector-{uuid4().hex[:6]}",
    )["data"]
    return made["createCampaign"]["id"], made["createCampaign"]["gmToken"]


def test_the_gm_imports_a_sector_over_graphql_and_rest(client: TestClient) -> None:
    campaign, token = empty_map(client)
    answer: Any = gql_as(client, token, SECTOR_IMPORT, id=campaign, s=SECTOR.read_text())
    regions = {r["name"]: (r["q"], r["r"]) for r in answer["data"]["importSector"]}
    assert regions == {
        "Tarsis": (0, 0),
        "Vespera": (1, 0),
        "The Maw": (3, 0),
        "Morrow's Gate": (2, 2),
        "Caldera": (7, 6),
    }
    # Again: every hex is mapped already, so none is added.
    again: Any = gql_as(client, token, SECTOR_IMPORT, id=campaign, s=SECTOR.read_text())
    assert code(again) == "INVALID_INPUT" and "already has a region" in again["errors"][0]["message"]

    other, other_token = empty_map(client)
    over_rest = client.post(
        f"/api/v1/campaigns/{other}/regions/sector", json={"sector": SECTOR.read_text()}, headers=bearer(other_token)
    )
    assert over_rest.status_code == 201, over_rest.text
    assert sorted(r["name"] for r in over_rest.json()["regions"]) == sorted(regions)


def test_a_bad_sector_is_refused_by_its_place_and_adds_nothing(client: TestClient) -> None:
    campaign, token = empty_map(client)
    data = json.loads(SECTOR.read_text())
    next(iter(data["system"].values()))["x"] = 0
    bad: Any = gql_as(client, token, SECTOR_IMPORT, id=campaign, s=json.dumps(data))
    assert code(bad) == "INVALID_INPUT" and "is less than the minimum of 1" in bad["errors"][0]["message"]
    not_json: Any = gql_as(client, token, SECTOR_IMPORT, id=campaign, s="{ not json")
    assert code(not_json) == "INVALID_INPUT"
    assert "not a Sectors Without Number export" in not_json["errors"][0]["message"]
    deep: Any = gql_as(client, token, SECTOR_IMPORT, id=campaign, s="[" * 100_000 + "]" * 100_000)
    assert code(deep) == "INVALID_INPUT" and "nested too deeply" in deep["errors"][0]["message"]
    too_long: Any = gql_as(client, token, SECTOR_IMPORT, id=campaign, s=" " * 256_001)
    assert code(too_long) == "INVALID_INPUT", too_long
    rest = client.post(
        f"/api/v1/campaigns/{campaign}/regions/sector", json={"sector": json.dumps(data)}, headers=bearer(token)
    )
    assert rest.status_code == 422
    assert code(gql(client, SECTOR_IMPORT, id=campaign, s=SECTOR.read_text())) in {"FORBIDDEN", "UNAUTHENTICATED"}
    regions: Any = gql_as(client, token, "query($id: UUID!) { campaign(id: $id) { regions { id } } }", id=campaign)
    assert regions["data"]["campaign"]["regions"] == []


def test_a_fork_retried_with_its_idempotency_key_is_answered_again_not_made_twice(client: TestClient) -> None:
    source, token = played(client, 1)
    headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": str(uuid4())}
    body = {"query": FORK, "variables": {"id": source, "phase": 1, "name": "Once"}}
    first = client.post("/graphql", json=body, headers=headers).json()
    again = client.post("/graphql", json=body, headers=headers).json()
    assert "errors" not in first, first
    assert again["data"]["forkCampaign"]["id"] == first["data"]["forkCampaign"]["id"]
    listed: Any = gql_as(client, token, FORKS, id=source)
    assert [f["id"] for f in listed["data"]["forks"]] == [first["data"]["forkCampaign"]["id"]]
