"""The Game of Bones on PostgreSQL: five houses in one city play twelve phases; events rebuild the same city."""

from __future__ import annotations

import json
import uuid
from collections import Counter

import pytest

from domain.campaign import Campaign
from domain.commands import RegisterHouse, StartingArea, StartingMember
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName as A
from projections.state import public_state
from service.bootstrap import Intrigue
from service.persistence.database import Database
from service.usecases.replay import divergences
from tests.service.usecases.decoding import assert_both_decoders_agree
from tests.support.gameofbones_world import city, give_orders, person, register_five
from tests.support.service import replaying

PHASES = 12


@pytest.fixture(scope="module")
def twelve_phases(intrigue: Intrigue) -> tuple[Campaign, Counter[str], int]:
    campaign = intrigue.campaigns.create_campaign(city("twelve"))
    register_five(intrigue, intrigue.store.load(campaign.id, Campaign))
    ordered: Counter[str] = Counter()
    refused = 0
    for _ in range(PHASES):
        intrigue.campaigns.open_phase(campaign.id)
        accepted, skipped = give_orders(intrigue, campaign.id)
        ordered.update(p.action for p in accepted)
        refused += skipped
        intrigue.campaigns.resolve_phase(campaign.id)
    return intrigue.store.load(campaign.id, Campaign), ordered, refused


def resolved_actions(intrigue: Intrigue, campaign_id: uuid.UUID) -> Counter[str]:
    events = intrigue.audit.events(campaign_id)
    return Counter(e.payload["action"] for e in events if e.topic.endswith("House.ActionResolved"))


def test_five_houses_play_twelve_phases_and_many_actions_resolve(
    intrigue: Intrigue, twelve_phases: tuple[Campaign, Counter[str], int]
) -> None:
    campaign, ordered, refused = twelve_phases
    assert (campaign.phase, campaign.phase_status) == (PHASES, "resolved")
    assert len(intrigue.state.of_kind(campaign.id, "house")) == 5
    resolved = resolved_actions(intrigue, campaign.id)
    played = {
        A.ASSAULT,
        A.SMEAR_CAMPAIGN,
        A.INTELLIGENCE_GATHERING,
        A.PUBLIC_RELATIONS_CAMPAIGN,
        A.POISON_PILL,
        A.TROOP_MOVEMENTS,
        A.EXTORTION,
        A.FRAME_UP,
        A.FORCE_ASSESSMENT,
        A.COVER_UP,
    }
    assert {a.value for a in played} <= set(resolved), resolved
    assert sum(resolved.values()) >= 5 * PHASES
    assert sum(ordered.values()) >= sum(resolved.values()) - ordered[A.TROOP_MOVEMENTS.value]
    assert refused > 0  # the policy did meet the rules' refusals, and skipped them
    topics = Counter(e.topic.rsplit(".", 1)[-1] for e in intrigue.audit.events(campaign.id))
    assert {"IncomeReceived", "KnowledgeGained", "ActionReleased", "TroopsChanged"} <= set(topics)


def test_each_phase_summary_is_recorded_in_the_campaigns_phase_resolved(
    intrigue: Intrigue, twelve_phases: tuple[Campaign, Counter[str], int]
) -> None:
    campaign = twelve_phases[0]
    closing = [e for e in intrigue.audit.events(campaign.id) if e.topic.endswith("Campaign.PhaseResolved")]
    assert [e.payload["phase"] for e in closing] == list(range(1, PHASES + 1))
    summaries = [e.payload["summary"]["gameofbones"] for e in closing]
    assert all(s["system"] == "gameofbones" and s["income"] for s in summaries)
    outcomes = [o for s in summaries for o in s["outcomes"]]
    assert len(outcomes) >= sum(resolved_actions(intrigue, campaign.id).values())
    # Each die appears once in the log: rolls kept on ActionResolved are not copied into the summary.
    copied = [o for o in outcomes if o["rolls"] and o.get("rolls_recorded_on")]
    assert copied == []


def test_the_twelve_phases_rebuild_identically_from_their_events(
    intrigue: Intrigue, twelve_phases: tuple[Campaign, Counter[str], int], db: Database
) -> None:
    campaign = twelve_phases[0]
    with replaying(db) as rebuilt:
        for aggregate_id in [campaign.id, *campaign.member_ids()]:
            assert public_state(rebuilt.store.repository.get(aggregate_id)) == public_state(
                intrigue.store.repository.get(aggregate_id)
            )
    assert divergences(intrigue.store, intrigue.state, campaign.id) == []


def test_the_twelve_phases_decode_alike_with_the_fast_decoder(
    intrigue: Intrigue, twelve_phases: tuple[Campaign, Counter[str], int]
) -> None:
    campaign = twelve_phases[0]
    assert assert_both_decoders_agree(intrigue, [campaign.id, *campaign.member_ids()]) > 100


# ---- actions that carry across phases --------------------------------------------------------------------------
def two_houses(intrigue: Intrigue, tag: str) -> tuple[Campaign, House, House]:
    campaign = intrigue.campaigns.create_campaign(city(tag, areas=2))
    areas = campaign.member_ids("region")
    a = intrigue.gameofbones.register_house(
        RegisterHouse(
            campaign.id,
            "Baenre",
            person("Yvonnel", 14, 12),
            100_000,
            [person("Dab", 9, 8), person("Gromph", 2, 8)],
            [StartingMember(f"Guard {i}", {"fighter": 10}) for i in range(6)],
            influence=30_000,
            areas=[StartingArea(areas[0], troops=2_000)],
        )
    )
    b = intrigue.gameofbones.register_house(
        RegisterHouse(
            campaign.id,
            "Xorlarrin",
            person("Zeerith", 8, 5),
            600,
            [person("Kaelyn", 6, 4)],
            [StartingMember(f"Guard {i}", {"fighter": 10}) for i in range(3)],
            influence=3_000,
            areas=[StartingArea(areas[1])],
        )
    )
    return campaign, a, b


def locked(intrigue: Intrigue, house_id: uuid.UUID) -> tuple[int, int, list[str], int]:
    """(dedicated influence and power, pending actions, available influence), by the service and the read model."""
    house = intrigue.store.load(house_id, House)
    phase = intrigue.store.load(house.campaign_id, Campaign).phase
    viewed = intrigue.state.one(house_id, "house")
    pending = sorted(p.action for p in house.pending.values())
    through_service = (house.dedicated_influence, house.dedicated_power, pending)
    through_view = (
        viewed["dedicated_influence"],
        viewed["dedicated_power"],
        sorted(p["action"] for p in viewed["pending"].values()),
    )
    assert through_service == through_view
    return (*through_service, house.available_influence(phase))


def test_a_poison_pill_and_a_public_relations_campaign_hold_their_influence_across_phases(intrigue: Intrigue) -> None:
    campaign, a, b = two_houses(intrigue, "carry")
    assert (a.rank, b.rank) == (6, 2)  # PR dedicates 500 × 6; the pill 500 × Xorlarrin's rank 2
    pill, pr, extortion = A.POISON_PILL.value, A.PUBLIC_RELATIONS_CAMPAIGN.value, A.EXTORTION.value
    intrigue.campaigns.open_phase(campaign.id)
    intrigue.gameofbones.order_action(campaign.id, a.id, Order(A.PUBLIC_RELATIONS_CAMPAIGN, "Yvonnel"))
    intrigue.gameofbones.order_action(campaign.id, a.id, Order(A.POISON_PILL, "Dab", str(b.id)))
    assert locked(intrigue, a.id) == (4_000, 0, [pill, pr], 26_000)
    intrigue.campaigns.resolve_phase(campaign.id)
    assert locked(intrigue, a.id) == (4_000, 0, [pill, pr], 26_000)  # phase 1 is over: both still in flight
    intrigue.campaigns.open_phase(campaign.id)
    # Extortion from week 3 runs four weeks, into phase 3: its 500 power stays dedicated across the boundary.
    intrigue.gameofbones.order_action(
        campaign.id, a.id, Order(A.EXTORTION, "Yvonnel", str(b.id), area_ids=tuple(b.area_ids), start_week=3)
    )
    intrigue.campaigns.resolve_phase(campaign.id)  # the pill lands at the end of week 8
    assert locked(intrigue, a.id)[:3] == (3_000, 500, [extortion, pr])
    intrigue.campaigns.open_phase(campaign.id)
    intrigue.campaigns.resolve_phase(campaign.id)  # the extortion ends in week 10, the campaign in week 12
    assert locked(intrigue, a.id) == (0, 0, [], intrigue.store.load(a.id, House).influence)
    released = [
        (e.payload["influence"], e.payload["power"], e.payload["week"])
        for e in intrigue.audit.events(campaign.id)
        if e.topic.endswith("House.ActionReleased")
    ]
    assert released == [(1_000, 0, 8), (0, 500, 10), (3_000, 0, 12)]


# ---- forbidden orders ------------------------------------------------------------------------------------------
def test_a_house_is_registered_with_a_secret_no_read_model_holds(
    intrigue: Intrigue, twelve_phases: tuple[Campaign, Counter[str], int]
) -> None:
    campaign = twelve_phases[0]
    for house_id in campaign.member_ids("house"):
        secret = intrigue.store.load(house_id, House)._secret
        assert len(secret) == 32
        rows = intrigue.state.of_kind(campaign.id, "house")
        assert rows and secret not in json.dumps(rows)
    ordered = [e.payload["pending"] for e in intrigue.audit.events(campaign.id) if e.topic.endswith("ActionOrdered")]
    assert len(ordered) > 20
    assert not [
        p
        for p in ordered
        if p["id"] in {str(uuid.uuid5(h, f"action:{p['phase']}:{p['ordinal']}")) for h in campaign.member_ids("house")}
    ]
