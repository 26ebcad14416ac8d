"""The Game of Bones on PostgreSQL: what a house may not order (each refusal writes nothing), influence gained
before a house enters the Game, and a campaign's setup of areas and troops."""

from __future__ import annotations

import uuid

import pytest

from domain.campaign import Campaign
from domain.commands import RegisterHouse
from domain.errors import DomainError, InvalidInputError, NotFoundError, RuleViolationError
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName as A
from service.bootstrap import Intrigue
from tests.service.usecases.test_gameofbones_play import two_houses
from tests.support.gameofbones_world import city, person


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
