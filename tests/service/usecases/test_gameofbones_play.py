"""The Game of Bones on PostgreSQL: five houses in one city play twelve phases; events rebuild the same city."""

from __future__ import annotations

import json
import uuid
from collections import Counter
from typing import Any

import pytest
from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.commands import RegisterHouse, StartingArea, StartingMember
from domain.errors import DomainError, InvalidInputError, NotFoundError, RuleViolationError
from domain.gameofbones.actions import ActionName as A
from domain.gameofbones.house import House
from domain.gameofbones.ordering import Order
from projections.state import public_state
from service.bootstrap import Intrigue
from service.persistence.database import Database
from service.usecases.replay import divergences
from tests.service.usecases.decoding import assert_both_decoders_agree
from tests.support.gameofbones_world import city, give_orders, person, register_five
from tests.support.service import gql, gql_as, replaying

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
def refusal(intrigue: Intrigue, campaign: Campaign, house: House, order: Order) -> DomainError:
    """The order is refused and nothing at all is written."""
    before = (intrigue.store.load(house.id, House).version, len(list(intrigue.audit.events(campaign.id))))
    with pytest.raises(DomainError) as refused:
        intrigue.gameofbones.order_action(campaign.id, house.id, order)
    after = (intrigue.store.load(house.id, House).version, len(list(intrigue.audit.events(campaign.id))))
    assert after == before
    return refused.value


def opened(intrigue: Intrigue, tag: str) -> tuple[Campaign, House, House]:
    campaign, a, b = two_houses(intrigue, tag)
    intrigue.campaigns.open_phase(campaign.id)
    return campaign, a, b


def test_an_order_whose_requirements_are_unmet_is_refused(intrigue: Intrigue) -> None:
    campaign, _, b = opened(intrigue, "unmet")
    error = refusal(intrigue, campaign, b, Order(A.DIVINE_PETITION, "Zeerith"))
    assert isinstance(error, RuleViolationError)
    assert error.message == "Divine Petition needs 20000 influence; Xorlarrin has 3000 (seed 000, Divine Petition)"


def test_an_order_needing_resources_already_dedicated_is_refused(intrigue: Intrigue) -> None:
    campaign, a, b = opened(intrigue, "dedicated")
    area = b.area_ids[0]  # Xorlarrin keeps no troops there
    intrigue.gameofbones.order_action(
        campaign.id, a.id, Order(A.ASSAULT, "Yvonnel", str(b.id), area_ids=(area,), power=3_000)
    )
    error = refusal(intrigue, campaign, a, Order(A.WREST_CONTROL, "Dab", str(b.id), area_ids=(area,)))
    assert isinstance(error, RuleViolationError)  # 6,000 power: 3,000 committed, 2,000 holding Baenre's own ward
    assert error.message == (
        "5000 power is needed; 1000 is free (2000 stationed in areas) (seed 000, Taking Action: Cost)"
    )


def test_power_stationed_in_an_area_cannot_be_committed_to_an_assault(intrigue: Intrigue) -> None:
    campaign, a, b = opened(intrigue, "garrison")
    area = b.area_ids[0]
    error = refusal(intrigue, campaign, a, Order(A.ASSAULT, "Yvonnel", str(b.id), area_ids=(area,), power=5_000))
    assert isinstance(error, RuleViolationError)  # 2,000 of its 6,000 power is stationed in its own ward
    assert error.message == (
        "5000 power is needed; 4000 is free (2000 stationed in areas) (seed 000, Taking Action: Cost)"
    )
    pending = intrigue.gameofbones.order_action(
        campaign.id, a.id, Order(A.ASSAULT, "Yvonnel", str(b.id), area_ids=(area,), power=4_000)
    )
    assert pending.dedicated_power == 4_000
    with pytest.raises(RuleViolationError, match=r"2001 cannot be stationed \(4000 is dedicated to actions\)"):
        intrigue.gameofbones.station_troops(campaign.id, a.id, uuid.UUID(area), 1)


def test_a_second_action_without_a_qualified_lieutenant_is_refused(intrigue: Intrigue) -> None:
    campaign, *_ = opened(intrigue, "lieutenant")
    high = intrigue.gameofbones.register_house(
        RegisterHouse(
            campaign.id,
            "Melarn",
            person("Mother", 15, 10),
            50_000,
            [person("Gromph", 2, 8)],
            influence=90_000,
        )
    )
    assert high.effective_rank(1) == 9  # a second action needs a lieutenant of level 4; Gromph is 2nd
    intrigue.gameofbones.order_action(campaign.id, high.id, Order(A.INTELLIGENCE_GATHERING, "Mother"))
    error = refusal(intrigue, campaign, high, Order(A.COUNTERINTELLIGENCE, "Gromph"))
    assert isinstance(error, RuleViolationError)
    assert error.message == "every action after the first needs a lieutenant of level 4+ (seed 000, Lieutenants)"


def test_an_action_beyond_the_action_bonus_is_refused(intrigue: Intrigue) -> None:
    campaign, _, b = opened(intrigue, "too-many")
    intrigue.gameofbones.order_action(campaign.id, b.id, Order(A.INTELLIGENCE_GATHERING, "Zeerith"))
    error = refusal(intrigue, campaign, b, Order(A.COUNTERINTELLIGENCE, "Kaelyn"))
    assert isinstance(error, RuleViolationError)
    assert error.message == "Xorlarrin may take 1 action(s) a month at its rank (seed 000, Rank in the Game of Bones)"


@pytest.mark.parametrize("missing", ["house", "area", "character"])
def test_an_order_at_a_target_that_does_not_exist_is_refused(intrigue: Intrigue, missing: str) -> None:
    campaign, a, b = opened(intrigue, f"no-{missing}")
    nowhere = str(uuid.uuid4())
    order = {
        "house": Order(A.SMEAR_CAMPAIGN, "Yvonnel", nowhere),
        "area": Order(A.FORCE_ASSESSMENT, "Yvonnel", area_ids=(nowhere,)),
        "character": Order(A.ASSASSINATION, "Yvonnel", str(b.id), "Nobody"),
    }[missing]
    error = refusal(intrigue, campaign, a, order)
    assert isinstance(error, NotFoundError)
    assert {
        "house": f"Smear Campaign needs a rival house; {nowhere} is not one",
        "area": f"no area {nowhere} in this campaign",
        "character": "Xorlarrin has no leader or lieutenant named 'Nobody'",
    }[missing] == error.message


def test_an_order_the_house_cannot_pay_for_is_refused(intrigue: Intrigue) -> None:
    campaign, a, b = opened(intrigue, "gold")
    error = refusal(intrigue, campaign, b, Order(A.FORCE_ASSESSMENT, "Zeerith", area_ids=(a.area_ids[0],)))
    assert isinstance(error, RuleViolationError)
    assert error.message == "Force Assessment costs 1000 gp; Xorlarrin has 600 (seed 000, Force Assessment)"


def test_orders_need_an_open_phase_and_a_known_house(intrigue: Intrigue) -> None:
    campaign, a, _ = two_houses(intrigue, "closed")
    with pytest.raises(RuleViolationError, match="orders need an open phase"):
        intrigue.gameofbones.order_action(campaign.id, a.id, Order(A.INTELLIGENCE_GATHERING, "Yvonnel"))
    intrigue.campaigns.open_phase(campaign.id)
    with pytest.raises(NotFoundError, match="no house"):
        intrigue.gameofbones.order_action(campaign.id, uuid.uuid4(), Order(A.INTELLIGENCE_GATHERING, "Yvonnel"))
    with pytest.raises(InvalidInputError, match="weeks 1-4"):
        intrigue.gameofbones.order_action(campaign.id, a.id, Order(A.INTELLIGENCE_GATHERING, "Yvonnel", start_week=5))


# ---- setup commands --------------------------------------------------------------------------------------------
def test_before_entry_a_house_gains_influence_by_the_table_and_its_roll_is_kept(intrigue: Intrigue) -> None:
    campaign = intrigue.campaigns.create_campaign(city("entry", areas=1))
    house = intrigue.gameofbones.register_house(RegisterHouse(campaign.id, "Tavernkeepers", person("Ma", 3, 6), 100))
    attempt = intrigue.gameofbones.gain_influence(campaign.id, house.id, "tavern", discovered=True)
    roll = attempt.roll
    assert roll is not None and roll["purpose"].endswith("Profession (Merchant) (DC 20)")
    assert attempt.succeeded == (roll["total"] >= 20)
    assert attempt.house.influence == (200 if attempt.succeeded else 0)
    assert intrigue.state.one(house.id, "house")["influence"] == attempt.house.influence
    entered = intrigue.gameofbones.enlist_member(campaign.id, house.id, "Captain", {"fighter": 10})
    assert (entered.entered_game, entered.power) == (True, 1_000)
    with pytest.raises(RuleViolationError, match="only a Public Relations Campaign adds influence"):
        intrigue.gameofbones.gain_influence(campaign.id, house.id, "spy")


def test_setup_moves_an_area_between_houses_and_stations_no_more_power_than_a_house_has(intrigue: Intrigue) -> None:
    campaign, a, b = two_houses(intrigue, "setup")
    ward = a.area_ids[0]
    with pytest.raises(InvalidInputError, match="already has a house named 'Baenre'"):
        intrigue.gameofbones.register_house(RegisterHouse(campaign.id, "Baenre", person("Other", 3, 1)))
    intrigue.gameofbones.assign_area(campaign.id, b.id, uuid.UUID(ward))
    assert (intrigue.store.load(a.id, House).area_ids, intrigue.store.load(b.id, House).area_ids) == (
        [],
        [b.area_ids[0], ward],
    )
    assert intrigue.state.one(uuid.UUID(ward), "region")["controlling_house_id"] == str(b.id)
    with pytest.raises(RuleViolationError, match="Xorlarrin has 3000 power; 3001 cannot be stationed"):
        intrigue.gameofbones.station_troops(campaign.id, b.id, uuid.UUID(ward), 3_001)
    area = intrigue.gameofbones.station_troops(campaign.id, b.id, uuid.UUID(ward), 3_000)
    assert area.troops == {str(a.id): 2_000, str(b.id): 3_000}


# ---- GraphQL ---------------------------------------------------------------------------------------------------
HOUSE_FIELDS = """id name influence power gold rank effectiveRank actionBonuses influenceDefence powerDefence
  dedicatedInfluence dedicatedPower enteredGame leader { name level skills { skill modifier } }
  lieutenants { name level status } members { name classes { characterClass level } } priests { name level }
  areas { name monthlyIncome controllingHouseId troops { houseId power } }
  pendingActions { action actor resolveWeek dedicatedInfluence } knowledge { kind }"""
REGISTER = f"""mutation($c: UUID!, $input: RegisterHouseInput!) {{
  registerHouse(campaignId: $c, input: $input) {{ {HOUSE_FIELDS} }} }}"""
ORDER = """mutation($c: UUID!, $h: UUID!, $order: HouseOrderInput!) {
  orderHouseAction(campaignId: $c, houseId: $h, order: $order) { pendingActions { id action actor } } }"""


def house_input(name: str, influence: int, fighters: int, area_id: str) -> dict[str, Any]:
    skills = [{"skill": s, "modifier": 8} for s in ("Innuendo", "Gather Information", "Sense Motive")]
    return {
        "name": name,
        "gold": 50_000,
        "influence": influence,
        "leader": {"name": f"{name} Matron", "level": 12, "skills": skills},
        "lieutenants": [{"name": f"{name} Blade", "level": 7, "skills": skills}],
        "members": [
            {"name": f"Guard {i}", "classes": [{"characterClass": "fighter", "level": 10}]} for i in range(fighters)
        ],
        "priests": [{"name": "Priestess", "level": 2}],
        "areas": [{"areaId": area_id, "troops": 2_000}],
    }


def test_a_phase_of_the_game_of_bones_is_played_through_graphql_mutations_only(client: TestClient) -> None:
    regions = [{"name": f"Ward {i}", "q": i, "r": 0, "monthlyIncome": 4_000} for i in range(3)]
    created = gql(
        client,
        """mutation($input: CreateCampaignInput!) { createCampaign(input: $input) {
        id gmToken regions { id name } } }""",
        input={"name": "Bones via GraphQL", "ruleSystems": ["GAME_OF_BONES"], "regions": regions},
    )["data"]["createCampaign"]  # type: ignore[index]
    gm, c = created["gmToken"], created["id"]
    ward = [r["id"] for r in created["regions"]]

    def play(query: str, **variables: Any) -> Any:
        body = gql_as(client, gm, query, c=c, **variables)
        assert "errors" not in body, body["errors"]
        return body["data"]

    baenre = play(REGISTER, input=house_input("Baenre", 30_000, 6, ward[0]))["registerHouse"]
    assert (baenre["rank"], baenre["effectiveRank"], baenre["actionBonuses"]) == (6, 6, [6, 1])
    assert (baenre["influence"], baenre["power"], baenre["influenceDefence"], baenre["powerDefence"]) == (
        30_200,
        6_000,
        5,
        2,
    )
    assert baenre["areas"] == [
        {
            "name": "Ward 0",
            "monthlyIncome": 4_000,
            "controllingHouseId": baenre["id"],
            "troops": [{"houseId": baenre["id"], "power": 2_000}],
        }
    ]
    xorlarrin = play(REGISTER, input=house_input("Xorlarrin", 5_000, 3, ward[1]))["registerHouse"]
    b, x = baenre["id"], xorlarrin["id"]
    play(
        """mutation($c: UUID!, $h: UUID!) { appointLieutenant(campaignId: $c, houseId: $h,
           lieutenant: {name: "Dab", level: 9}) { lieutenants { name } } }""",
        h=b,
    )
    play(
        """mutation($c: UUID!, $h: UUID!) { enlistMember(campaignId: $c, houseId: $h, name: "Mage",
           classes: [{characterClass: "wizard", level: 5}]) { power } }""",
        h=x,
    )
    play(
        "mutation($c: UUID!, $h: UUID!, $a: UUID!) { assignArea(campaignId: $c, houseId: $h, areaId: $a) { name } }",
        h=x,
        a=ward[2],
    )
    play(
        """mutation($c: UUID!, $h: UUID!, $a: UUID!) { stationTroops(campaignId: $c, houseId: $h, areaId: $a,
           power: 1000) { troops { power } } }""",
        h=x,
        a=ward[2],
    )

    play("mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }")
    play(ORDER, h=b, order={"action": "SMEAR_CAMPAIGN", "actor": "Baenre Matron", "targetHouseId": x})
    play(ORDER, h=b, order={"action": "INTELLIGENCE_GATHERING", "actor": "Dab"})
    ordered = play(ORDER, h=x, order={"action": "COUNTERINTELLIGENCE", "actor": "Xorlarrin Matron"})
    assert [p["action"] for p in ordered["orderHouseAction"]["pendingActions"]] == ["Counterintelligence"]
    play(
        """mutation($c: UUID!, $h: UUID!, $f: UUID!, $t: UUID!) { moveTroops(campaignId: $c, houseId: $h,
           fromAreaId: $f, toAreaId: $t, power: 500) { name } }""",
        h=b,
        f=ward[0],
        t=ward[2],
    )
    refused = gql_as(
        client, gm, ORDER, c=c, h=x, order={"action": "FRAME_UP", "actor": "Xorlarrin Blade", "targetHouseId": b}
    )
    assert refused["errors"][0]["extensions"]["code"] == "RULE_VIOLATION"  # type: ignore[index]
    before = {
        h["name"]: h for h in play(f"query($c: UUID!) {{ houses(campaignId: $c) {{ {HOUSE_FIELDS} }} }}")["houses"]
    }
    assert (before["Xorlarrin"]["rank"], before["Baenre"]["dedicatedInfluence"]) == (3, 4_000)  # Smear 1,000 × 3
    assert len(before["Baenre"]["pendingActions"]) == 3  # the open move counts as no action, but is in flight

    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {"Authorization": f"Bearer {gm}"}})
        assert ws.receive_json()["type"] == "connection_ack"
        results = "subscription($c: UUID!) { phaseResults(campaignId: $c) { phase status } }"
        ws.send_json({"id": "1", "type": "subscribe", "payload": {"query": results, "variables": {"c": c}}})
        resolved = play("mutation($c: UUID!) { resolvePhase(campaignId: $c) { phase phaseStatus } }")
        assert ws.receive_json()["payload"]["data"]["phaseResults"] == {"phase": 1, "status": "RESOLVED"}
    assert resolved["resolvePhase"] == {"phase": 1, "phaseStatus": "RESOLVED"}
    after = {
        h["name"]: h for h in play(f"query($c: UUID!) {{ houses(campaignId: $c) {{ {HOUSE_FIELDS} }} }}")["houses"]
    }
    assert all(h["pendingActions"] == [] and h["dedicatedInfluence"] == 0 for h in after.values())
    assert after["Baenre"]["gold"] == 50_000 - 6_000 - 500 + 4_000  # Smear and gathering paid; Ward 0's income
    assert after["Xorlarrin"]["knowledge"], "every house sees an open troop movement"
    ward2 = play("query($c: UUID!) { areas(campaignId: $c) { name troops { houseId power } } }")["areas"][2]
    assert sorted((t["houseId"], t["power"]) for t in ward2["troops"]) == sorted([(b, 500), (x, 1_000)])
    one = gql(client, "query($h: UUID!) { house(id: $h) { name campaignId } }", h=b)["data"]
    assert one == {"house": {"name": "Baenre", "campaignId": c}}


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
