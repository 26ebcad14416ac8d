"""The assistant plays the demo campaign (issue 19): for ten phases it drafts orders for every faction and house,
every draft passes the order checks, and giving them all and resolving never fails."""

from __future__ import annotations

from collections.abc import Iterator
from uuid import UUID

import pytest

from domain.assistant import FactionDraft, HouseDraft
from domain.campaign import Campaign
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.forms.order_checks import check_orders
from domain.factionturn.rules.world import World
from domain.region import Region
from domain.seats import gm_seat_id
from service.bootstrap import Intrigue
from service.entrypoints.demo import seed_demo
from service.persistence.database import Database
from service.usecases.interventions import By

PHASES = 10


@pytest.fixture
def demo(fresh_db: Database) -> Iterator[tuple[Intrigue, Campaign, By]]:
    intrigue = Intrigue(fresh_db)
    try:
        campaign = seed_demo(intrigue)
        assert campaign is not None
        by = By(campaign.id, str(gm_seat_id(campaign.id)), "the GM runs every power of the demo")
        for member in [*campaign.member_ids("faction"), *campaign.member_ids("house")]:
            intrigue.assistant.mark_gm_run(by, member, True)
        yield intrigue, campaign, by
    finally:
        intrigue.close()


def _checked_by_the_submission_check(intrigue: Intrigue, campaign_id: UUID, draft: FactionDraft) -> None:
    campaign = intrigue.store.load(campaign_id, Campaign)
    world = World(
        intrigue.store.members(campaign, Faction),
        intrigue.store.members(campaign, Region),
        phase=campaign.phase,
        custom_types=campaign.custom_asset_rows(),
    )
    check_orders(world, draft.faction_id, draft.orders)  # raises if the rules refuse them


def test_ten_phases_of_drafts_for_every_power_pass_the_checks_and_resolve(demo: tuple[Intrigue, Campaign, By]) -> None:
    intrigue, campaign, by = demo
    powers = {p.member_id for p in intrigue.assistant.powers(campaign.id)}
    assert powers == {str(m) for m in [*campaign.member_ids("faction"), *campaign.member_ids("house")]}
    given = 0
    for _ in range(PHASES):
        intrigue.campaigns.open_phase(campaign.id)
        drafts = intrigue.assistant.drafts(campaign.id)
        assert {d.faction_id if isinstance(d, FactionDraft) else d.house_id for d in drafts} == powers
        for draft in drafts:
            if isinstance(draft, FactionDraft):
                _checked_by_the_submission_check(intrigue, campaign.id, draft)
            assert all(c.summary for c in draft.chosen)
        accepted = intrigue.assistant.accept_all(by)
        given += sum(len(d.orders) if isinstance(d, HouseDraft) else int(d.orders.action is not None) for d in drafts)
        assert sorted(accepted) == sorted(powers)
        resolved = intrigue.campaigns.resolve_phase(campaign.id)
        assert resolved.phase_status == "resolved"
    assert given > 0, "ten phases with no action drafted at all"
    decided = intrigue.store.load(campaign.id, Campaign).drafts_decided(PHASES)
    assert set(decided) == powers and set(decided.values()) == {"accepted"}
