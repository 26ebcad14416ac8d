"""Conflicts only where there is one (issue 26, item 4): a command that read its campaign and wrote members
conflicts with a change of the campaign's phase clock or rules, not with the GM's dice or the chronicle's lines
written meanwhile; two adjustments of different factions both land."""

from __future__ import annotations

import threading
import uuid
from typing import Any
from uuid import UUID

import pytest

from domain.commands import CreateCampaign, FoundFaction, MapRegion, RollDice
from domain.errors import ConflictError
from domain.factionturn.aggregate.faction import Faction
from service.bootstrap import Intrigue
from service.persistence.app import IntrigueStore
from service.usecases.interventions import By


def two_factions(intrigue: Intrigue) -> tuple[UUID, list[UUID]]:
    campaign = intrigue.campaigns.create_campaign(
        CreateCampaign(f"loose-{uuid.uuid4().hex[:6]}", ["factionturn"], None, [MapRegion("Harbour", 0, 0)])
    )
    home = campaign.member_ids("region")[0]
    factions = [
        intrigue.factionturn.found_faction(FoundFaction(campaign.id, name, 3, 3, 3, home)).id
        for name in ("Gulls", "Crows")
    ]
    intrigue.campaigns.open_phase(campaign.id)
    return campaign.id, factions


def meanwhile(intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch, other: Any) -> None:
    """Run `other` in another thread right before this thread's next save, after its command has loaded."""
    save, done = IntrigueStore.save, []

    def saved_after_other(store: IntrigueStore, *objs: Any, **kwargs: Any) -> Any:
        if not done and threading.current_thread() is threading.main_thread():
            done.append(True)
            thread = threading.Thread(target=other)
            thread.start()
            thread.join()
        return save(store, *objs, **kwargs)

    monkeypatch.setattr(IntrigueStore, "save", saved_after_other)


def test_an_adjustment_lands_though_the_gm_rolled_dice_on_its_campaign_meanwhile(
    intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id, (gulls, _) = two_factions(intrigue)
    before = intrigue.store.load(gulls, Faction).facgold
    meanwhile(intrigue, monkeypatch, lambda: intrigue.campaigns.roll_dice(RollDice(campaign_id, "1d6", "omen")))
    intrigue.gm.adjust(By(campaign_id, "gm", "a windfall"), gulls, "facgold", 3)
    assert intrigue.store.load(gulls, Faction).facgold == before + 3


def test_an_adjustment_conflicts_when_the_phase_resolved_meanwhile(
    intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id, (gulls, _) = two_factions(intrigue)
    meanwhile(intrigue, monkeypatch, lambda: intrigue.campaigns.resolve_phase(campaign_id))
    with pytest.raises(ConflictError):
        intrigue.gm.adjust(By(campaign_id, "gm", "a windfall"), gulls, "facgold", 3)


def test_adjustments_of_two_factions_at_once_both_land(intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign_id, (gulls, crows) = two_factions(intrigue)
    before = [intrigue.store.load(f, Faction).facgold for f in (gulls, crows)]
    meanwhile(intrigue, monkeypatch, lambda: intrigue.gm.adjust(By(campaign_id, "gm", "b"), crows, "facgold", 2))
    intrigue.gm.adjust(By(campaign_id, "gm", "a"), gulls, "facgold", 1)
    assert [intrigue.store.load(f, Faction).facgold for f in (gulls, crows)] == [before[0] + 1, before[1] + 2]
