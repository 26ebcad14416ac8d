"""The table's own dice (issue 28, item 3), played on seed 002's worked example "A Month in the Life".

The GM sets the demo campaign to the table's dice, gives the month's orders as the text does, and enters the one
roll the month needs, as the text rolled it: "I rolled a 3, so the Republic will act first". The outcomes are the
text's (tests/support/worked_month.py), the same as with the server's dice (test_demo_worked_example.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from service.entrypoints.demo import seed_demo
from service.entrypoints.http import create_app
from service.persistence.database import Database
from service.usecases.analytics import rolls_in
from service.usecases.replay import divergences
from tests.support.rest_support import API, bearer, conforms
from tests.support.service import gql_as
from tests.support.worked_month import PHASE, Demo, check_the_month, order_the_month

SET = """mutation($c: UUID!, $s: DiceSource!, $p: Int) {
  setDiceSource(campaignId: $c, source: $s, phase: $p) { phase source } }"""
SOURCE = "query($c: UUID!) { diceSource(campaignId: $c) { phase source } }"
ROLL = "expression count sides keepsHighest purpose rule rollerId roller modifiers { source value } faces"
STEP_FIELDS = "phase resolved entered { " + ROLL + " } next { " + ROLL + " }"
STEP = "query($c: UUID!) { tableDiceStep(campaignId: $c) { " + STEP_FIELDS + " } }"
ENTER = "mutation($c: UUID!, $f: [Int!]!) { enterTableDice(campaignId: $c, faces: $f) { " + STEP_FIELDS + " } }"
ABANDON = "mutation($c: UUID!) { abandonTableDice(campaignId: $c) { resolved entered { faces } next { purpose } } }"
INITIATIVE = {
    "expression": "1d6",
    "count": 1,
    "sides": 6,
    "keepsHighest": False,
    "purpose": "initiative",
    "rule": "seed 002, The Faction Phase",
    "rollerId": None,
    "roller": "GM",
    "modifiers": [],
    "faces": None,
}


@pytest.fixture
def table(fresh_db: Database) -> Iterator[tuple[Demo, Intrigue]]:
    intrigue = Intrigue(fresh_db)  # the server's dice as in production: the table's replace them
    try:
        campaign = seed_demo(intrigue)
        assert campaign is not None
        token = intrigue.seats.seat_gm(campaign.id).token
        with TestClient(create_app(intrigue)) as client:
            yield Demo(client, token, str(campaign.id)), intrigue
    finally:
        intrigue.close()


def _error(answer: dict[str, Any]) -> tuple[str, str]:
    (error,) = answer["errors"]
    return error["extensions"]["code"], error["message"]


def test_a_month_in_the_life_resolves_with_the_texts_roll_entered_at_the_table(table: tuple[Demo, Intrigue]) -> None:
    demo, intrigue = table
    factions = demo.factions()
    assert demo.gql(SOURCE)["data"]["diceSource"] == {"phase": 0, "source": "SERVER"}
    assert demo.gql(SET, s="TABLE")["data"]["setDiceSource"] == {"phase": 0, "source": "TABLE"}
    assert demo.gql(SOURCE)["data"]["diceSource"] == {"phase": 0, "source": "TABLE"}
    opened_at = order_the_month(demo, factions)
    ordered_at = max(position for _, position, _ in demo.positioned_events())

    # The server's resolution is refused, naming the way on; nothing is written.
    code, message = _error(demo.gql(PHASE % "resolvePhase"))
    assert code == "RULE_VIOLATION" and "enterTableDice" in message
    # "First, we determine turn order by rolling d6": the month's one roll, named, the GM's.
    step = demo.gql(STEP)["data"]["tableDiceStep"]
    assert step == {"phase": 1, "resolved": False, "entered": [], "next": INITIATIVE}

    # Bad faces are refused with a clear error and keep nothing.
    for faces, said in (
        ([7], "a d6 shows 1 to 6, not 7"),
        ([0], "not 0"),
        ([3, 3], "takes one die, not 2 faces"),
        ([], "roll 1 (1d6, initiative) takes one die, not 0 faces"),
    ):
        code, message = _error(demo.gql(ENTER, f=faces))
        assert code == "INVALID_INPUT" and said in message, message
    assert demo.gql(STEP)["data"]["tableDiceStep"] == step
    assert demo.events(after=ordered_at) == []

    # "I rolled a 3, so the Republic will act first and we'll go down the list."
    done = demo.gql(ENTER, f=[3])["data"]["enterTableDice"]
    assert done == {"phase": 1, "resolved": True, "entered": [INITIATIVE | {"faces": [3]}], "next": None}
    assert demo.gql(PHASE % "resolvePhase")["errors"]  # resolved: nothing left to resolve
    check_the_month(demo, factions, opened_at)

    # The rolls are recorded with their source, before the PhaseResolved that closes the phase.
    month = [(t, p) for t, _, p in demo.events(after=opened_at)]
    topics = [t for t, _ in month]
    (recorded,) = [p for t, p in month if t == "TableDiceRecorded"]
    assert topics.index("TableDiceRecorded") == len(topics) - 2 and topics[-1] == "PhaseResolved"
    assert recorded["source"] == "table" and recorded["phase"] == 1
    assert [
        (r["asked"]["expression"], r["asked"]["purpose"], r["asked"]["actor"], r["faces"]) for r in recorded["rolls"]
    ] == [("1d6", "initiative", "GM", [3])]
    # Replay rebuilds every aggregate from the events, which carry the faces: no die is rolled again.
    assert divergences(intrigue.store, intrigue.state, UUID(demo.id)) == []
    # The draft is gone with the resolution: a new step-through needs an open phase.
    code, message = _error(demo.gql(STEP))
    assert code == "RULE_VIOLATION" and "phase 1 is resolved" in message


def test_the_same_roll_entered_over_rest_gives_the_same_month(table: tuple[Demo, Intrigue]) -> None:
    demo, _ = table
    factions = demo.factions()
    base, gm = f"{API}/campaigns/{demo.id}", bearer(demo.token)
    opened_at = order_the_month(demo, factions)
    setting = conforms(demo.client.put(f"{base}/dice-source", json={"source": "table", "phase": 1}, headers=gm))
    assert setting.json() == {"campaign_id": demo.id, "phase": 1, "source": "table"}
    step = conforms(demo.client.get(f"{base}/phases/current/table-dice", headers=gm)).json()
    assert step["next"] | {"faces": None} == {
        "expression": "1d6",
        "count": 1,
        "sides": 6,
        "keeps_highest": False,
        "purpose": "initiative",
        "rule": "seed 002, The Faction Phase",
        "roller_id": None,
        "roller": "GM",
        "modifiers": [],
        "faces": None,
    }
    refused = conforms(demo.client.post(f"{base}/phases/current/table-dice", json={"faces": [9]}, headers=gm))
    assert refused.status_code == 422 and "a d6 shows 1 to 6, not 9" in refused.json()["detail"]
    malformed = conforms(demo.client.post(f"{base}/phases/current/table-dice", json={"faces": "3"}, headers=gm))
    assert malformed.status_code == 422
    done = conforms(demo.client.post(f"{base}/phases/current/table-dice", json={"faces": [3]}, headers=gm)).json()
    assert (done["resolved"], done["next"], [r["faces"] for r in done["entered"]]) == (True, None, [[3]])
    check_the_month(demo, factions, opened_at)


def _crows_work(demo: Demo) -> dict[str, Any]:
    """Phase 1 open, the Crows ordered to work their Indentured Workforce; the Crows."""
    crows = demo.factions()["Empresses' Crows"]
    workforce = next(a for a in crows["assets"] if a["typeKey"] == "indentured_workforce")
    assert demo.gql(PHASE % "openPhase")["data"]["openPhase"] == {"phase": 1, "phaseStatus": "OPEN"}
    # Seed 002, Indentured Workforce: "the owning faction may roll 1d6. On 3+, gain one FacGold."
    answer = demo.submit(crows, {"useAssetAbility": {"uses": [{"assetId": workforce["id"]}]}})
    assert not answer.get("errors"), answer
    return crows


def test_rolls_are_asked_in_order_named_with_their_roller_and_abandoning_keeps_the_phase_open(
    table: tuple[Demo, Intrigue],
) -> None:
    demo, _ = table
    crows = _crows_work(demo)
    assert demo.gql(SET, s="TABLE", p=1)["data"]["setDiceSource"] == {"phase": 1, "source": "TABLE"}
    after_initiative = demo.gql(ENTER, f=[2])["data"]["enterTableDice"]  # the Crows are second on the list
    assert after_initiative["resolved"] is False and [r["faces"] for r in after_initiative["entered"]] == [[2]]
    wanted = after_initiative["next"]
    assert (wanted["expression"], wanted["rollerId"], wanted["roller"]) == ("1d6", crows["id"], "Empresses' Crows")
    assert "Indentured Workforce" in wanted["purpose"] + wanted["rule"]
    assert demo.gql(STEP)["data"]["tableDiceStep"] == after_initiative  # kept, server-side
    # Abandoned: the faces go, the phase stays open, and the step-through starts again at the initiative.
    assert demo.gql(ABANDON)["data"]["abandonTableDice"] == {
        "resolved": False,
        "entered": [],
        "next": {"purpose": "initiative"},
    }
    assert demo.gql(PHASE.replace("phase phaseStatus", "phaseStatus") % "openPhase")["errors"]  # still open
    # Back to the server's dice for this phase: the table's step-through is refused, the server resolves.
    assert demo.gql(SET, s="SERVER", p=1)["data"]["setDiceSource"] == {"phase": 1, "source": "SERVER"}
    code, message = _error(demo.gql(STEP))
    assert code == "RULE_VIOLATION" and "server's dice" in message
    assert demo.gql(PHASE % "resolvePhase")["data"]["resolvePhase"] == {"phase": 1, "phaseStatus": "RESOLVED"}
    code, message = _error(demo.gql(SET, s="TABLE", p=1))
    assert code == "INVALID_INPUT" and "already resolved" in message


def test_the_table_dice_are_the_gms_alone(table: tuple[Demo, Intrigue]) -> None:
    demo, intrigue = table
    crows = demo.factions()["Empresses' Crows"]
    player = intrigue.seats.create_seat(UUID(demo.id), "player", "Crow", faction_id=UUID(crows["id"])).token
    for query, variables in ((SOURCE, {}), (STEP, {}), (ENTER, {"f": [3]}), (ABANDON, {}), (SET, {"s": "TABLE"})):
        answer = gql_as(demo.client, player, query, c=demo.id, **variables)
        assert answer["errors"][0]["extensions"]["code"] == "FORBIDDEN", answer


PREVIEW = """query($c: UUID!, $f: UUID!) { factionPreview(campaignId: $c, factionId: $f) {
  options { kind allowed reason } } }"""
FAIRNESS = "query($c: UUID!) { diceFairness(campaignId: $c) { sides rolls counts } }"


def test_previews_odds_and_audit_read_a_table_dice_phase_as_a_server_dice_one(table: tuple[Demo, Intrigue]) -> None:
    demo, _ = table
    crows = _crows_work(demo)
    before = demo.gql(PREVIEW, f=crows["id"])["data"]
    ordered_at = max(position for _, position, _ in demo.positioned_events())
    fair_before = {d["sides"]: d for d in demo.gql(FAIRNESS)["data"]["diceFairness"]}
    assert demo.gql(SET, s="TABLE")["data"]["setDiceSource"]["source"] == "TABLE"
    assert demo.gql(ENTER, f=[2])["data"]["enterTableDice"]["next"]["expression"] == "1d6"
    # Mid step-through nothing is committed: the Crows' preview (and its odds) reads the phase as it was.
    assert demo.gql(PREVIEW, f=crows["id"])["data"] == before
    assert demo.gql(ENTER, f=[4])["data"]["enterTableDice"]["resolved"] is True
    # The audit trail carries the entered faces as the rolls of the events that used them, counted once each.
    month = [(t, r) for t, _, p in demo.events(after=ordered_at) for r in rolls_in(p)]
    assert [(t, r["expression"], r["faces"], r["actor"]) for t, r in month] == [
        ("InitiativeRolled", "1d6", [2], "GM"),
        ("FacGoldGained", "1d6", [4], crows["id"]),
    ]
    fair_after = {d["sides"]: d for d in demo.gql(FAIRNESS)["data"]["diceFairness"]}
    d6_before = fair_before.get(6, {"rolls": 0, "counts": [0] * 6})
    assert fair_after[6]["rolls"] == d6_before["rolls"] + 2
    assert [a - b for a, b in zip(fair_after[6]["counts"], d6_before["counts"], strict=True)] == [0, 1, 0, 1, 0, 0]
    # "On 3+, gain one FacGold": the income (2) and the workforce's one.
    assert demo.factions()["Empresses' Crows"]["facgold"] == 3
