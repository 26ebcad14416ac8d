"""Issue 18, the phase screen: every resolution a phase had is a branch (a rollback appends, so the undone one
stays readable, marked, with the GM's reason), a rollback's preview names what it would undo, and the charts'
series show each seat what it may see."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.entrypoints.graphql.test_order_status import SUBMIT, ok, table  # noqa: F401 (the fixture `t`)
from tests.support.service import gql_as

RESOLVE = "mutation($c: UUID!) { resolvePhase(campaignId: $c) { phaseStatus } }"
ROLL_BACK = """mutation($c: UUID!, $p: Int!, $r: String!) {
  rollBackPhase(campaignId: $c, phase: $p, reason: $r) { phase } }"""
BRANCHES = "query($c: UUID!) { phaseBranches(campaignId: $c) { phase attempt rolledBack reason resolvedAt } }"
PREVIEW = """query($c: UUID!, $p: Int!) { rollbackPreview(campaignId: $c, phase: $p) {
  phase phases events results { memberId action outcome } orders { memberId action } } }"""
LOG = """query($c: UUID!, $p: Int!, $a: Int) { phaseLog(campaignId: $c, phase: $p, attempt: $a, first: 500) {
  totalCount nodes { topic payload } } }"""
SERIES = "query($c: UUID!) { phaseSeries(campaignId: $c) { phase aggregateId name facgold xp hp force influence } }"


def narratives(log: dict[str, Any]) -> list[str]:
    return [n["payload"].get("narrative") for n in log["phaseLog"]["nodes"] if n["topic"].endswith("TurnEnded")]


def test_a_rolled_back_resolution_stays_readable_as_a_branch(client: TestClient, t: dict[str, Any]) -> None:
    gm, c = t["gm"], t["c"]
    ok(gql_as(client, t["spy"], SUBMIT, c=c, f=t["spies"], o={"narrative": "first try"}))
    ok(gql_as(client, gm, RESOLVE, c=c))
    preview = ok(gql_as(client, gm, PREVIEW, c=c, p=1))["rollbackPreview"]
    assert preview["phase"] == 1 and preview["phases"] == [1] and preview["events"] > 0
    assert {"memberId": t["spies"], "action": "None", "outcome": "first try"} in preview["results"]
    ok(gql_as(client, gm, ROLL_BACK, c=c, p=1, r="the spy misread its orders"))
    ok(gql_as(client, t["spy"], SUBMIT, c=c, f=t["spies"], o={"narrative": "second try"}))
    ok(gql_as(client, gm, RESOLVE, c=c))

    branches = ok(gql_as(client, gm, BRANCHES, c=c))["phaseBranches"]
    assert [(b["phase"], b["attempt"], b["rolledBack"], b["reason"]) for b in branches] == [
        (1, 1, True, "the spy misread its orders"),
        (1, 2, False, None),
    ]
    assert all(b["resolvedAt"] is not None for b in branches)
    assert "first try" in narratives(ok(gql_as(client, gm, LOG, c=c, p=1, a=1)))
    assert "second try" in narratives(ok(gql_as(client, gm, LOG, c=c, p=1, a=2)))
    assert narratives(ok(gql_as(client, gm, LOG, c=c, p=1))) == narratives(ok(gql_as(client, gm, LOG, c=c, p=1, a=2)))
    missing = gql_as(client, gm, LOG, c=c, p=1, a=3)
    assert missing["errors"][0]["extensions"]["code"] == "NOT_FOUND"


def test_a_rollback_to_an_earlier_phase_names_every_phase_and_order_it_undoes(
    client: TestClient, t: dict[str, Any]
) -> None:
    gm, c = t["gm"], t["c"]
    ok(gql_as(client, gm, RESOLVE, c=c))
    ok(gql_as(client, gm, "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }", c=c))
    ok(gql_as(client, t["spy"], SUBMIT, c=c, f=t["spies"], o={"narrative": "later"}))
    preview = ok(gql_as(client, gm, PREVIEW, c=c, p=1))["rollbackPreview"]
    assert preview["phases"] == [1, 2]
    assert {"memberId": t["spies"], "action": "None"} in preview["orders"]  # phase 2's order goes too


def test_branches_and_previews_are_the_gms(client: TestClient, t: dict[str, Any]) -> None:
    ok(gql_as(client, t["gm"], RESOLVE, c=t["c"]))
    for token in (t["spy"], t["observer"]):
        for query, variables in ((BRANCHES, {}), (PREVIEW, {"p": 1})):
            refused = gql_as(client, token, query, c=t["c"], **variables)
            assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"


def test_a_player_charts_its_own_secrets_and_only_its_rivals_public_standing(
    client: TestClient, t: dict[str, Any]
) -> None:
    ok(gql_as(client, t["gm"], RESOLVE, c=t["c"]))
    gm_points = ok(gql_as(client, t["gm"], SERIES, c=t["c"]))["phaseSeries"]
    spy_points = ok(gql_as(client, t["spy"], SERIES, c=t["c"]))["phaseSeries"]
    assert len(gm_points) == len(spy_points) > 1
    own = [p for p in spy_points if p["aggregateId"] == t["spies"]]
    assert own and own[0]["facgold"] is not None and own[0]["xp"] is not None and own[0]["force"] == 2
    houses = [p for p in spy_points if p["aggregateId"] in {str(h.id) for h in t["houses"]}]
    assert houses and all(p["influence"] is None for p in houses)  # a house's Influence is its secret
    assert all(p["influence"] is not None for p in gm_points if p["aggregateId"] == houses[0]["aggregateId"])
