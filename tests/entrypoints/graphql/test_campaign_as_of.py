"""`campaign(id, asOf: {phase | position})`: the past in the present's types, positions counted per campaign
(1: the campaign's first event), a clear INVALID_INPUT outside them, and the GM's only."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from domain.factionturn.aggregate.faction import Faction
from service.bootstrap import Intrigue
from service.usecases.rewind import RollBackPhase
from tests.service.usecases.test_gm import Table, table
from tests.support.service import gql_as

AS_OF = """query($c: UUID!, $at: AsOfInput!) { campaign(id: $c, asOf: $at) {
  name phase phaseStatus asOf { phase position lastPosition } regions { name governingFactionId }
  factions { name facgold assets { typeKey } } areas { name } houses { name } } }"""
NOW = """query($c: UUID!) { campaign(id: $c) { phase asOf { position } factions { name facgold } } }"""
SEAT = """mutation($c: UUID!, $f: UUID!) { createSeat(campaignId: $c,
  input: {role: PLAYER, name: "Ana", factionId: $f}) { token } }"""


def at(client: TestClient, t: Table, **point: int) -> dict[str, Any]:
    return gql_as(client, t.gm_token, AS_OF, c=str(t.campaign_id), at=point)


def played(intrigue: Intrigue) -> Table:
    """Another campaign first, so this one's events do not start at the server's position 1; then phase 1 played,
    and the Crows' purse changed after it."""
    table(intrigue)
    t = table(intrigue)
    intrigue.campaigns.open_phase(t.campaign_id)
    intrigue.campaigns.resolve_phase(t.campaign_id)
    intrigue.gm.adjust(t.by("a windfall"), t.crows.id, "facgold", 50)
    return t


def test_position_one_is_the_campaigns_own_first_event_whatever_came_before_it(
    intrigue: Intrigue, client: TestClient
) -> None:
    t = played(intrigue)
    body = at(client, t, position=1)
    assert "errors" not in body, body
    first = body["data"]["campaign"]  # type: ignore[index]
    assert (first["phaseStatus"], first["phase"], first["factions"], first["houses"]) == ("SETUP", 0, [], [])
    assert first["asOf"]["position"] == 1 and first["asOf"]["lastPosition"] == intrigue.history.event_count(
        t.campaign_id
    )
    last = at(client, t, position=first["asOf"]["lastPosition"])["data"]["campaign"]  # type: ignore[index]
    now = gql_as(client, t.gm_token, NOW, c=str(t.campaign_id))["data"]["campaign"]  # type: ignore[index]
    assert now["asOf"] is None
    assert {f["name"]: f["facgold"] for f in last["factions"]} == {f["name"]: f["facgold"] for f in now["factions"]}


def test_as_of_a_phase_answers_typed_factions_and_regions_as_that_phase_left_them(
    intrigue: Intrigue, client: TestClient
) -> None:
    t = played(intrigue)
    body = at(client, t, phase=1)
    assert "errors" not in body, body
    then = body["data"]["campaign"]  # type: ignore[index]
    assert (then["phase"], then["phaseStatus"], then["asOf"]["phase"]) == (1, "RESOLVED", 1)
    crows_then = next(f for f in then["factions"] if f["name"] == "Crows")
    crows_now = intrigue.store.load(t.crows.id, Faction).facgold
    assert crows_then["facgold"] == crows_now - 50, "the windfall came after phase 1"
    assert {"typeKey": "regiment"} in crows_then["assets"]
    assert (
        sorted(r["name"] for r in then["regions"]) == sorted(a["name"] for a in then["areas"]) == ["Capital", "Swamp"]
    )
    assert then["asOf"]["position"] < then["asOf"]["lastPosition"]


def test_a_position_or_phase_outside_the_campaign_is_refused_with_the_valid_range(
    intrigue: Intrigue, client: TestClient
) -> None:
    t = played(intrigue)
    count = intrigue.history.event_count(t.campaign_id)
    for point, valid in (
        ({"position": 0}, f"1-{count}"),
        ({"position": count + 1}, f"1-{count}"),
        ({"phase": 2}, "1-1"),
        ({"phase": 0}, "1-1"),
    ):
        body = at(client, t, **point)
        [error] = body["errors"]  # type: ignore[misc]
        assert error["extensions"]["code"] == "INVALID_INPUT" and valid in error["message"], (point, error)
    both = at(client, t, phase=1, position=1)
    assert both["errors"] and both["data"] is None  # @oneOf: exactly one of them


def test_the_past_is_the_gms_and_a_player_is_refused(intrigue: Intrigue, client: TestClient) -> None:
    t = played(intrigue)
    token = gql_as(client, t.gm_token, SEAT, c=str(t.campaign_id), f=str(t.crows.id))["data"]["createSeat"]["token"]  # type: ignore[index]
    refused = gql_as(client, token, AS_OF, c=str(t.campaign_id), at={"phase": 1})
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"  # type: ignore[index]
    assert "errors" not in gql_as(client, token, NOW, c=str(t.campaign_id))


def test_a_rollback_leaves_the_campaigns_positions_as_they_were(intrigue: Intrigue, client: TestClient) -> None:
    t = played(intrigue)
    count = intrigue.history.event_count(t.campaign_id)
    before = [at(client, t, position=p)["data"] for p in (1, count // 2, count)]
    intrigue.rewind.roll_back(RollBackPhase(t.campaign_id, 1, "a disputed phase", t.seat))
    after = [at(client, t, position=p)["data"] for p in (1, count // 2, count)]
    for old, new in zip(before, after, strict=True):
        old["campaign"]["asOf"].pop("lastPosition")  # type: ignore[index]
        new["campaign"]["asOf"].pop("lastPosition")  # type: ignore[index]
    assert before == after
    assert intrigue.history.event_count(t.campaign_id) > count


def test_an_audit_event_carries_a_typed_summary_beside_its_raw_payload(intrigue: Intrigue, client: TestClient) -> None:
    t = played(intrigue)
    query = """query($c: UUID!) { eventLog(campaignId: $c, first: 500) {
      nodes { name phase reason payload } pageInfo { hasNextPage } } }"""
    log = gql_as(client, t.gm_token, query, c=str(t.campaign_id))["data"]["eventLog"]  # type: ignore[index]
    assert log["pageInfo"]["hasNextPage"] is False  # the whole log on one page
    events = log["nodes"]
    [windfall] = [e for e in events if e["name"] == "Faction.Adjusted"]
    assert (windfall["reason"], windfall["payload"]["reason"]) == ("a windfall", "a windfall")
    [resolved] = [e for e in events if e["name"] == "Campaign.PhaseResolved"]
    assert (resolved["phase"], resolved["reason"]) == (1, None)
