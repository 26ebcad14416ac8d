"""Rewind appends: a rolled-back phase restores every aggregate as it stood when that phase began resolving."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from eventsourcing.domain import Aggregate

from domain.campaign import Campaign
from domain.commands import CreateCampaign, MapRegion
from domain.dice import Dice, DiceSpec
from domain.errors import ConflictError, InvalidInputError
from domain.region import Region
from projections.state import public_state
from service.bootstrap import Intrigue
from service.usecases.rewind import RollBackPhase

VOLATILE = {"version", "modified_on"}


def harvest(intrigue: Intrigue) -> Any:
    """A tiny rule system for these tests: every region's income is rolled afresh each phase."""

    def resolve(campaign: Campaign, dice: Dice) -> list[Aggregate]:
        regions = [intrigue.store.load(i, Region) for i in campaign.member_ids("region")]
        for region in regions:
            region.set_income(DiceSpec.parse("1d6 x 100").roll(dice).total)
        return list(regions)

    return resolve


@pytest.fixture
def harvesting(intrigue: Intrigue) -> Iterator[Intrigue]:
    real = intrigue.campaigns.resolvers["factionturn"]
    intrigue.campaigns.resolvers["factionturn"] = harvest(intrigue)
    try:
        yield intrigue
    finally:  # the session's Intrigue serves later tests: give the Faction Turn back its resolver
        intrigue.campaigns.resolvers["factionturn"] = real


def played(intrigue: Intrigue, phases: int) -> Campaign:
    regions = [MapRegion("Fields", 0, 0), MapRegion("Mines", 1, 0)]
    campaign = intrigue.campaigns.create_campaign(
        CreateCampaign(f"r-{uuid.uuid4().hex[:6]}", ["factionturn"], "rw", regions)
    )
    for _ in range(phases):
        intrigue.campaigns.open_phase(campaign.id)
        intrigue.campaigns.resolve_phase(campaign.id)
    return intrigue.store.load(campaign.id, Campaign)


def stable(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in VOLATILE}


def test_rolling_back_phase_two_restores_everything_to_its_start(harvesting: Intrigue) -> None:
    intrigue = harvesting
    campaign = played(intrigue, 3)
    start = intrigue.history.resolution_start(campaign.id, 2)
    expected = intrigue.history.public_as_of(campaign.id, start)
    incomes_before = {r["name"]: r["monthly_income"] for r in intrigue.catalog.regions(campaign.id)}

    intrigue.rewind.roll_back(RollBackPhase(campaign.id, 2, "the GM misread an order"))

    current = {str(i): public_state(intrigue.store.repository.get(i)) for i in [campaign.id, *campaign.member_ids()]}
    for aggregate_id, state in expected.items():
        if aggregate_id == str(campaign.id):
            assert (current[aggregate_id]["phase"], current[aggregate_id]["phase_status"]) == (2, "open")
            continue
        assert stable(current[aggregate_id]) == stable(state)
    # The read models followed the compensating events without any fix-up.
    assert intrigue.catalog.campaign(campaign.id)["phase_status"] == "open"
    assert {r["name"]: r["monthly_income"] for r in intrigue.catalog.regions(campaign.id)} == {
        s["name"]: s["monthly_income"] for k, s in expected.items() if k != str(campaign.id)
    }
    assert incomes_before  # the played phases had set incomes
    assert intrigue.state.one(campaign.id, "campaign")["phase"] == 2


def test_a_rolled_back_phase_can_be_resolved_again_and_the_trail_keeps_both(harvesting: Intrigue) -> None:
    intrigue = harvesting
    campaign = played(intrigue, 2)
    intrigue.rewind.roll_back(RollBackPhase(campaign.id, 2, "disputed"))
    intrigue.campaigns.resolve_phase(campaign.id)
    topics = [e.topic.rsplit(".", 1)[-1] for e in intrigue.audit.events(campaign.id)]
    assert topics.count("PhaseResolved") == 3  # phase 1, the discarded phase 2, the new phase 2
    assert topics.count("PhaseRolledBack") == 1
    assert topics.count("StateRestored") == 3  # the campaign and both regions
    rollback = next(e for e in intrigue.audit.events(campaign.id) if e.topic.endswith("PhaseRolledBack"))
    assert rollback.payload["reason"] == "disputed"
    assert set(rollback.payload["reverted"]) == {str(i) for i in [campaign.id, *campaign.member_ids()]}
    assert intrigue.store.load(campaign.id, Campaign).phase_status == "resolved"


def test_rolling_back_several_phases_at_once(harvesting: Intrigue) -> None:
    intrigue = harvesting
    campaign = played(intrigue, 4)
    expected = intrigue.history.public_as_of(campaign.id, intrigue.history.resolution_start(campaign.id, 2))
    intrigue.rewind.roll_back(RollBackPhase(campaign.id, 2, "start over from phase 2"))
    for region_id in campaign.member_ids("region"):
        state = public_state(intrigue.store.load(region_id, Region))
        assert stable(state) == stable(expected[str(region_id)])


@pytest.mark.parametrize(("phase", "reason", "message"), [(5, "x", "has not been played"), (1, " ", "needs a reason")])
def test_a_rollback_that_cannot_be_is_refused_and_writes_nothing(
    harvesting: Intrigue, phase: int, reason: str, message: str
) -> None:
    campaign = played(harvesting, 2)
    before = campaign.version
    with pytest.raises(InvalidInputError, match=message):
        harvesting.rewind.roll_back(RollBackPhase(campaign.id, phase, reason))
    assert harvesting.store.load(campaign.id, Campaign).version == before


def test_two_racing_rollbacks_leave_one_consistent_outcome(harvesting: Intrigue) -> None:
    intrigue = harvesting
    campaign = played(intrigue, 3)
    history = intrigue.history
    _, versions = history.rewind_plan(campaign.id, 2)
    # The second rewind planned against the same versions loses the race and writes nothing.
    from service.usecases.history import restore_all

    loser, _ = restore_all(intrigue.store, versions, 2, "second")
    intrigue.rewind.roll_back(RollBackPhase(campaign.id, 2, "first"))
    with pytest.raises(ConflictError):
        intrigue.store.commit(*loser)
    rollbacks = [e for e in intrigue.audit.events(campaign.id) if e.topic.endswith("PhaseRolledBack")]
    assert [e.payload["reason"] for e in rollbacks] == ["first"]


def test_graphql_resolves_rolls_back_and_travels_in_time(harvesting: Intrigue, client: Any) -> None:
    from tests.support.service import gql, gql_as

    campaign = played(harvesting, 2)
    gm = harvesting.seats.seat_gm(campaign.id).token  # made outside the API, so it needs a GM seat
    as_of_query = """query($id: UUID!) { campaign(id: $id, asOf: {phase: 1}) {
      phase regions { name } factions { id } houses { id } } }"""
    unseated = gql(client, as_of_query, id=str(campaign.id))
    assert unseated["errors"][0]["extensions"]["code"] == "FORBIDDEN"  # type: ignore[index]
    as_of = gql_as(client, gm, as_of_query, id=str(campaign.id))
    then = as_of["data"]["campaign"]  # type: ignore[index]
    assert (then["phase"], len(then["regions"]), then["factions"], then["houses"]) == (1, 2, [], [])
    rolled = gql_as(
        client,
        gm,
        'mutation($id: UUID!) { rollBackPhase(campaignId: $id, phase: 2, reason: "dispute") { phase phaseStatus } }',
        id=str(campaign.id),
    )
    assert rolled["data"] == {"rollBackPhase": {"phase": 2, "phaseStatus": "OPEN"}}
    resolved = gql_as(
        client, gm, "mutation($id: UUID!) { resolvePhase(campaignId: $id) { phaseStatus } }", id=str(campaign.id)
    )
    assert resolved["data"] == {"resolvePhase": {"phaseStatus": "RESOLVED"}}
    neither = gql_as(client, gm, "query($id: UUID!) { campaign(id: $id, asOf: {}) { phase } }", id=str(campaign.id))
    assert neither["errors"] and neither["data"] is None  # @oneOf: exactly one of phase and position
