"""Campaign setup on a real PostgreSQL: events in the table, one transaction, nothing half-written."""

from __future__ import annotations

import threading
import uuid

import psycopg
import pytest

from domain.campaign import Campaign
from domain.commands import AddRegions, CreateCampaign, MapRegion, RollDice
from domain.errors import ConflictError, InvalidInputError, NotFoundError
from domain.region import Region
from service.bootstrap import Intrigue


def event_count(intrigue: Intrigue) -> int:
    with psycopg.connect(intrigue.db.conninfo) as conn:
        row = conn.execute("SELECT count(*) FROM intrigue_events").fetchone()
    assert row is not None
    return int(row[0])


def new_campaign(intrigue: Intrigue, *regions: MapRegion) -> Campaign:
    return intrigue.campaigns.create_campaign(
        CreateCampaign(f"c-{uuid.uuid4().hex[:6]}", ["factionturn"], None, list(regions))
    )


def test_creating_a_campaign_with_regions_appends_its_events_to_postgres(intrigue: Intrigue) -> None:
    before = event_count(intrigue)
    campaign = new_campaign(intrigue, MapRegion("A", 0, 0), MapRegion("B", 1, 0, arcana=4))
    # Created + two MemberEnrolled on the campaign, and one Mapped per region.
    assert event_count(intrigue) == before + 5
    assert [r["name"] for r in intrigue.catalog.regions(campaign.id)] == ["A", "B"]
    assert intrigue.catalog.campaign(campaign.id)["phase_status"] == "setup"


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (CreateCampaign("", ["factionturn"]), "needs a name"),
        (CreateCampaign("x", ["poker"]), "unknown rule system"),
        (
            CreateCampaign("x", ["factionturn"], None, [MapRegion("A", 0, 0), MapRegion("B", 0, 0)]),
            "already has a region",
        ),
        (CreateCampaign("x", ["factionturn"], None, [MapRegion("A", 0, 0, arcana=9)]), "arcana level"),
        (
            CreateCampaign(
                "x",
                ["factionturn"],
                None,
                [MapRegion("A", 0, 0, monster={"name": "M", "cr": 3, "hp": 9, "hit_dice": "3x"})],
            ),
            "dice expression",
        ),
    ],
)
def test_bad_setup_input_is_refused_and_writes_nothing(
    intrigue: Intrigue, command: CreateCampaign, message: str
) -> None:
    before = event_count(intrigue)
    with pytest.raises(InvalidInputError, match=message):
        intrigue.campaigns.create_campaign(command)
    assert event_count(intrigue) == before


def test_adding_a_region_on_a_taken_hex_is_refused_and_writes_nothing(intrigue: Intrigue) -> None:
    campaign = new_campaign(intrigue, MapRegion("A", 0, 0))
    before = event_count(intrigue)
    with pytest.raises(InvalidInputError, match=r"hex \(0, 0\)"):
        intrigue.campaigns.add_regions(AddRegions(campaign.id, [MapRegion("C", 2, 2), MapRegion("A again", 0, 0)]))
    assert event_count(intrigue) == before
    assert len(intrigue.catalog.regions(campaign.id)) == 1


def test_an_unknown_campaign_is_not_found(intrigue: Intrigue) -> None:
    with pytest.raises(NotFoundError):
        intrigue.campaigns.open_phase(uuid.uuid4())
    with pytest.raises(NotFoundError):
        intrigue.catalog.campaign(uuid.uuid4())


def test_a_stale_write_is_a_conflict_and_leaves_no_trace(intrigue: Intrigue) -> None:
    campaign = new_campaign(intrigue)
    first = intrigue.store.load(campaign.id, Campaign)
    second = intrigue.store.load(campaign.id, Campaign)
    first.open_phase()
    intrigue.store.commit(first)
    second.open_phase()
    second_region = Region.map(campaign.id, "Late", 4, 4)
    second.enrol(second_region.id, "region")
    with pytest.raises(ConflictError):
        intrigue.store.commit(second, second_region)
    # The region in the losing transaction was not written either.
    assert not intrigue.store.exists(second_region.id)
    assert intrigue.store.load(campaign.id, Campaign).phase == 1


def test_racing_commands_each_either_apply_once_or_conflict(intrigue: Intrigue) -> None:
    campaign = new_campaign(intrigue)
    outcomes: list[str] = []
    barrier = threading.Barrier(4)

    def add(i: int) -> None:
        barrier.wait()
        try:
            intrigue.campaigns.add_regions(AddRegions(campaign.id, [MapRegion(f"R{i}", i, 0)]))
            outcomes.append("ok")
        except ConflictError:
            outcomes.append("conflict")

    threads = [threading.Thread(target=add, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stored = intrigue.store.load(campaign.id, Campaign)
    assert outcomes.count("ok") == len(stored.member_ids("region")) >= 1
    assert outcomes.count("ok") + outcomes.count("conflict") == 4
    assert len(intrigue.catalog.regions(campaign.id)) == outcomes.count("ok")


def test_a_gm_roll_goes_into_the_audit_trail_with_its_faces(intrigue: Intrigue) -> None:
    campaign = new_campaign(intrigue)
    rolled = intrigue.campaigns.roll_dice(RollDice(campaign.id, "3d6", "the weather"))
    entries = list(intrigue.audit.events(campaign.id))
    assert entries[-1].topic.endswith("Campaign.DiceRolled")
    assert entries[-1].payload["roll"]["faces"] == list(rolled.faces)
    assert [e.position for e in entries] == sorted(e.position for e in entries)
