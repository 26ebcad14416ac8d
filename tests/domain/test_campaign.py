from __future__ import annotations

import uuid

import pytest

from domain.campaign import Campaign
from domain.dice import FixedDice, roll
from domain.errors import InvalidInputError, RuleViolationError
from domain.ids import region_id
from domain.region import Region


def test_a_campaign_starts_in_setup_and_walks_the_phase_lifecycle() -> None:
    campaign = Campaign.start("Shattered Empire", ["gameofbones", "factionturn"])
    assert campaign.rule_systems == ["factionturn", "gameofbones"]
    assert (campaign.phase, campaign.phase_status) == (0, "setup")
    campaign.open_phase()
    campaign.begin_resolving()
    campaign.resolve_phase()
    campaign.open_phase()
    assert (campaign.phase, campaign.phase_status) == (2, "open")


def test_a_phase_cannot_open_twice() -> None:
    campaign = Campaign.start("c", ["factionturn"])
    campaign.open_phase()
    with pytest.raises(RuleViolationError, match="still open"):
        campaign.open_phase()


@pytest.mark.parametrize(
    ("name", "systems", "message"),
    [("  ", ["factionturn"], "needs a name"), ("c", [], "at least one"), ("c", ["chess"], "unknown rule system")],
)
def test_bad_campaign_input_is_refused_before_any_event(name: str, systems: list[str], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        Campaign.start(name, systems)


def test_a_region_id_is_its_campaign_and_hex() -> None:
    campaign_id = uuid.uuid4()
    region = Region.map(campaign_id, "Fort", 2, 3, arcana=4)
    assert region.id == region_id(campaign_id, 2, 3)
    assert region.hex == (2, 3)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"arcana": 6}, "arcana level must be 0-5"),
        ({"arcana": -1}, "arcana level"),
        ({"population": "Millions"}, "unknown population"),
        ({"terrain_difficulty": 9}, "terrain difficulty"),
        ({"monster": {"name": "Beholder", "cr": 13, "hp": 189, "hit_dice": "many"}}, "dice expression"),
    ],
)
def test_bad_region_input_is_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        Region.map(uuid.uuid4(), "Somewhere", 0, 0, **kwargs)  # type: ignore[arg-type]


def test_a_wild_region_keeps_its_head_monster_at_cr_over_three() -> None:
    monster = {"name": "Charch-Go", "cr": 13, "hp": 189, "hit_dice": "18d10+90"}
    region = Region.map(uuid.uuid4(), "Swamp", 5, 5, terrain_difficulty=2, wild=True, monster=monster)
    assert region.monster == {**monster, "difficulty": 4}


def test_troops_cannot_go_below_zero() -> None:
    region = Region.map(uuid.uuid4(), "Market", 0, 0, monthly_income=1000)
    region.station_troops("house-a", 2000, "moved in")
    region.station_troops("house-a", -2000, "moved out")
    assert region.troops == {}
    with pytest.raises(InvalidInputError):
        region.station_troops("house-a", -1, "moved out")


def test_a_gm_roll_is_recorded_with_its_faces() -> None:
    campaign = Campaign.start("c", ["factionturn"])
    campaign.record_roll(roll("2d6", FixedDice([3, 4]), purpose="weather"))
    assert campaign.rolls_recorded == 1
    last = campaign.collect_events()[-1]
    assert last.roll["faces"] == [3, 4]  # type: ignore[attr-defined]
