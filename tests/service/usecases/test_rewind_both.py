"""Issue 6's example: both rule systems play five phases; phase 3 is rolled back, then resolved anew."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from domain.campaign import Campaign
from domain.errors import RuleViolationError
from domain.factionturn.aggregate.faction import Faction
from service.bootstrap import Intrigue
from service.usecases.rewind import RollBackPhase
from tests.service.usecases.test_factionturn_play import candidate_orders
from tests.support.gameofbones_world import city, give_orders, register_five

VOLATILE = {"version", "modified_on"}


def faction_orders(intrigue: Intrigue, campaign_id: Any, skip: int = 0) -> None:
    campaign = intrigue.store.load(campaign_id, Campaign)
    factions = [intrigue.store.load(i, Faction) for i in campaign.member_ids("faction")]
    for faction in factions:
        if faction.wild:
            continue
        for orders in candidate_orders(faction, factions)[skip : skip + 6]:
            try:
                intrigue.factionturn.submit_orders(campaign_id, faction.id, orders)
                break
            except RuleViolationError:
                continue


def play(intrigue: Intrigue, campaign_id: Any) -> None:
    intrigue.campaigns.open_phase(campaign_id)
    give_orders(intrigue, campaign_id)
    faction_orders(intrigue, campaign_id)
    intrigue.campaigns.resolve_phase(campaign_id)


def stable(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in VOLATILE}


@pytest.fixture(scope="module")
def five_phases(intrigue: Intrigue) -> dict[str, Any]:
    command = dataclasses.replace(city("both", areas=8), rule_systems=["factionturn", "gameofbones"])
    campaign = intrigue.campaigns.create_campaign(command)
    register_five(intrigue, campaign)
    intrigue.factionturn.generate_factions(campaign.id, 3)
    for _ in range(5):
        play(intrigue, campaign.id)
    start = intrigue.history.resolution_start(campaign.id, 3)
    return {"id": campaign.id, "expected": intrigue.history.public_as_of(campaign.id, start)}


def test_rolling_back_phase_three_after_five_restores_every_house_faction_and_region(
    intrigue: Intrigue, five_phases: dict[str, Any]
) -> None:
    campaign_id, expected = five_phases["id"], five_phases["expected"]
    intrigue.rewind.roll_back(RollBackPhase(campaign_id, 3, "the GM ruled an assault illegal"))
    kinds = {"house": 0, "faction": 0, "region": 0}
    for kind in kinds:
        for state in intrigue.state.of_kind(campaign_id, kind):
            assert stable(state) == stable(expected[state["id"]]), f"{kind} {state['name']} differs"
            kinds[kind] += 1
    assert kinds == {"house": 5, "faction": 3, "region": 8}
    campaign = intrigue.store.load(campaign_id, Campaign)
    assert (campaign.phase, campaign.phase_status) == (3, "open")

    # The GM amends orders and resolves phase 3 again, with new rolls.
    faction_orders(intrigue, campaign_id, skip=1)
    intrigue.campaigns.resolve_phase(campaign_id)
    topics = [(e.topic.rsplit(".", 1)[-1], e.payload.get("phase")) for e in intrigue.audit.events(campaign_id)]
    assert topics.count(("PhaseResolved", 3)) == 2  # the discarded outcome and the new one
    assert ("PhaseRolledBack", None) in [(t, None) for t, _ in topics]
    rolled = next(e for e in intrigue.audit.events(campaign_id) if e.topic.endswith("PhaseRolledBack"))
    assert rolled.payload["reason"] == "the GM ruled an assault illegal"
    assert len(rolled.payload["reverted"]) >= 9


def test_every_roll_in_the_trail_says_what_it_was_for_who_rolled_and_what_it_decided(
    intrigue: Intrigue, five_phases: dict[str, Any]
) -> None:
    from service.usecases.analytics import rolls_in

    rolls = [r for e in intrigue.audit.events(five_phases["id"]) for r in rolls_in(e.payload)]
    assert len(rolls) > 50
    for roll in rolls:
        assert roll["purpose"] and roll["actor"] and roll["rule"], roll
        assert roll["faces"] and roll["expression"]
        assert roll["total"] == roll["base"] + sum(m["value"] for m in roll["modifiers"])
        assert all(m["source"] for m in roll["modifiers"])
