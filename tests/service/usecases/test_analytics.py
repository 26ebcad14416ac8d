from __future__ import annotations

import math
import uuid
from typing import Any

import pytest

from domain.commands import CreateCampaign, MapRegion, RollDice
from service.bootstrap import Intrigue
from service.usecases.analytics import Analytics, action_stats, chi_square_survival, fairness, rolls_in


@pytest.mark.parametrize(
    ("x", "dof", "p"),
    [
        (3.841458820694124, 1, 0.05),
        (11.070497693516351, 5, 0.05),
        (16.918977604620448, 9, 0.05),
        (2.0, 2, math.exp(-1)),
    ],
)
def test_the_chi_square_tail_matches_known_values(x: float, dof: int, p: float) -> None:
    assert chi_square_survival(x, dof) == pytest.approx(p, rel=1e-9)


def test_fairness_counts_faces_per_die_size_wherever_rolls_sit() -> None:
    payloads = [
        {"roll": {"expression": "2d6+1", "faces": [1, 6]}},
        {"rolls": [{"expression": "1d6", "faces": [6]}, {"expression": "1d20", "faces": [20]}]},
        {"outcome": {"nested": [{"attack": {"expression": "1d10", "faces": [3]}}]}},
        {"name": "no rolls here"},
    ]
    assert [r["expression"] for p in payloads for r in rolls_in(p)] == ["2d6+1", "1d6", "1d20", "1d10"]
    by_sides = {f.sides: f for f in fairness(payloads)}
    assert by_sides[6].counts == (1, 0, 0, 0, 0, 2)
    assert by_sides[6].rolls == 3
    assert set(by_sides) == {6, 10, 20}


def test_a_perfectly_even_die_has_p_value_one_and_a_loaded_one_a_tiny_p() -> None:
    even = fairness([{"expression": "1d4", "faces": [1, 2, 3, 4] * 25}])[0]
    assert (even.chi_square, even.p_value) == (0.0, 1.0)
    loaded = fairness([{"expression": "1d4", "faces": [4] * 100}])[0]
    assert loaded.p_value < 1e-10


def test_phase_history_keeps_each_members_state_as_each_phase_resolved(intrigue: Intrigue) -> None:
    regions = [MapRegion("A", 0, 0, monthly_income=100)]
    campaign = intrigue.campaigns.create_campaign(
        CreateCampaign(f"h-{uuid.uuid4().hex[:6]}", ["gameofbones"], None, regions)
    )
    for _ in range(3):
        intrigue.campaigns.open_phase(campaign.id)
        intrigue.campaigns.roll_dice(RollDice(campaign.id, "1d6", "weather"))
        intrigue.campaigns.resolve_phase(campaign.id)
    series = Analytics(intrigue.state.view).series(campaign.id)
    assert [(row["phase"], row["kind"], row["state"]["name"]) for row in series] == [
        (1, "region", "A"),
        (2, "region", "A"),
        (3, "region", "A"),
    ]


def test_graphql_analytics_over_a_played_faction_campaign(intrigue: Intrigue, client: Any) -> None:
    from tests.service.usecases.test_factionturn_play import play_phase, world_map
    from tests.support.service import gql, gql_as

    command = CreateCampaign(f"a-{uuid.uuid4().hex[:6]}", ["factionturn"], "analytics", world_map())
    campaign = intrigue.campaigns.create_campaign(command)
    intrigue.factionturn.generate_factions(campaign.id, 3)
    for _ in range(3):
        play_phase(intrigue, campaign.id)
    gm = intrigue.seats.seat_gm(campaign.id).token
    query = """query($id: UUID!) {
      phaseSeries(campaignId: $id) { phase kind name hp facgold assetsByType { typeKey count } }
      actionSuccess(campaignId: $id) { actor action attempts successes rate }
      diceFairness(campaignId: $id) { sides rolls counts pValue } }"""
    body = gql_as(client, gm, query, id=str(campaign.id))
    data = body["data"]
    assert sorted({p["phase"] for p in data["phaseSeries"]}) == [1, 2, 3]
    assert len([p for p in data["phaseSeries"] if p["phase"] == 3]) == 3
    assert all(
        {a["typeKey"]: a["count"] for a in p["assetsByType"]}["base_of_influence"] >= 1 for p in data["phaseSeries"]
    )
    assert sum(a["attempts"] for a in data["actionSuccess"]) >= 3
    assert all(0 <= a["successes"] <= a["attempts"] for a in data["actionSuccess"])
    assert data["diceFairness"]  # initiative at least was rolled every phase
    for die in data["diceFairness"]:
        assert die["rolls"] == sum(die["counts"]) and len(die["counts"]) == die["sides"]
        assert 0.0 <= die["pValue"] <= 1.0
    refused = gql(client, query, id=str(campaign.id))
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"


def test_house_success_rates_come_from_each_outcome_and_drop_rolled_back_phases() -> None:
    from dataclasses import dataclass

    @dataclass
    class Entry:
        topic: str
        aggregate_id: str
        payload: dict[str, Any]

    def resolved(phase: int, *outcomes: tuple[str, str, bool]) -> Entry:
        listed = [
            {"action": a, "house_id": h, "action_id": f"{h}-{phase}-{a}", "succeeded": ok} for h, a, ok in outcomes
        ]
        summary = {
            "gameofbones": {"outcomes": [*listed, {"action": "monthly check", "house_id": "h1", "action_id": None}]}
        }
        return Entry("domain.campaign:Campaign.PhaseResolved", "c", {"phase": phase, "summary": summary})

    entries = [
        resolved(1, ("h1", "Assault", True), ("h2", "Smear Campaign", False)),
        resolved(2, ("h1", "Assault", False)),
        Entry("domain.campaign:Campaign.PhaseRolledBack", "c", {"to_phase": 2}),
        resolved(2, ("h1", "Assault", True)),
    ]
    stats = {
        (s.actor, s.action): (s.attempts, s.successes) for s in action_stats(entries, {"h1": "Varn", "h2": "Droste"})
    }
    assert stats == {("Varn", "Assault"): (2, 2), ("Droste", "Smear Campaign"): (1, 0)}


def test_house_outcomes_that_gained_nothing_are_not_successes_even_in_older_summaries() -> None:
    from dataclasses import dataclass

    @dataclass
    class Entry:
        topic: str
        aggregate_id: str
        payload: dict[str, Any]

    def outcome(action: str, result: str) -> dict[str, Any]:  # flagged as summaries before issue 15 did
        return {
            "action": action,
            "house_id": "h1",
            "action_id": f"{action}-{result}",
            "result": result,
            "succeeded": True,
        }

    outcomes = [
        outcome("Assault", "the defender lost 0 power"),
        outcome("Assault", "the defender lost 2000 power"),
        outcome("Intelligence Gathering", "0 plot(s) discovered"),
        outcome("Intelligence Gathering", "1 plot(s) discovered"),
    ]
    entries = [
        Entry(
            "domain.campaign:Campaign.PhaseResolved",
            "c",
            {"phase": 1, "summary": {"gameofbones": {"outcomes": outcomes}}},
        )
    ]
    stats = {(s.action, s.attempts, s.successes) for s in action_stats(entries, {"h1": "Varn"})}
    assert stats == {("Assault", 2, 1), ("Intelligence Gathering", 2, 1)}
