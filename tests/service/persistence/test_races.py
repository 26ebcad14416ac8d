"""Racing commands on one campaign: one rollback wins, and the log reads as a serial history (issue 12, 4)."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar
from uuid import UUID

import pytest

from domain.campaign import Campaign
from domain.commands import CreateCampaign, FoundFaction, MapRegion
from domain.errors import ConflictError, InvalidInputError, RuleViolationError
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName
from domain.region import Region
from service.bootstrap import Intrigue
from service.usecases import rewind
from service.usecases.rewind import RollBackPhase
from tests.service.persistence.race_log import Acknowledged, violations
from tests.support.gameofbones_world import city, register_five

RACERS = 20
ROUNDS = 20
REFUSALS = (ConflictError, RuleViolationError, InvalidInputError)
Command = Callable[[], object]
T = TypeVar("T")


def a_campaign_in_phase_two(intrigue: Intrigue) -> tuple[UUID, list[UUID], int]:
    """Three factions; phase 1 resolved, phase 2 open. Also the campaign's last position before the race."""
    regions = [MapRegion("Harbour", 0, 0), MapRegion("Hills", 1, 0)]
    campaign = intrigue.campaigns.create_campaign(
        CreateCampaign(f"race-{uuid.uuid4().hex[:6]}", ["factionturn"], None, regions)
    )
    home = campaign.member_ids("region")[0]
    factions = [
        intrigue.factionturn.found_faction(FoundFaction(campaign.id, name, 3, 3, 3, home)).id
        for name in ("Gulls", "Crows", "Owls")
    ]
    intrigue.campaigns.open_phase(campaign.id)
    intrigue.campaigns.resolve_phase(campaign.id)
    intrigue.campaigns.open_phase(campaign.id)
    return campaign.id, factions, intrigue.history.event_count(campaign.id)


def race(commands: list[Command]) -> list[BaseException | None]:
    """Run every command at once (a barrier lines them up); each one's refusal, or None when it succeeded."""
    barrier = threading.Barrier(len(commands), timeout=60)

    def run(command: Command) -> BaseException | None:
        barrier.wait()
        try:
            command()
        except REFUSALS as refused:
            return refused
        return None

    with ThreadPoolExecutor(len(commands)) as pool:
        return list(pool.map(run, commands, timeout=120))


def test_of_twenty_racing_rollbacks_one_wins_and_the_rest_are_refused(intrigue: Intrigue) -> None:
    for _ in range(3):
        campaign_id, _, _ = a_campaign_in_phase_two(intrigue)
        reasons = [f"dispute {i}" for i in range(RACERS)]
        outcomes = race([lambda r=r, c=campaign_id: intrigue.rewind.roll_back(RollBackPhase(c, 1, r)) for r in reasons])
        winners = [r for r, outcome in zip(reasons, outcomes, strict=True) if outcome is None]
        assert len(winners) == 1, winners
        # A loser that read the campaign before the winner committed conflicts; one that read it after finds
        # phase 1 open again, which the rules refuse (design: rewind). Neither writes anything.
        for outcome in outcomes:
            refused_by_rules = isinstance(outcome, RuleViolationError) and "open and unresolved" in str(outcome)
            assert outcome is None or isinstance(outcome, ConflictError) or refused_by_rules, outcome
        rollbacks = [e for e in intrigue.audit.events(campaign_id) if e.topic.endswith("PhaseRolledBack")]
        assert [e.payload["reason"] for e in rollbacks] == winners


def first_after(meanwhile: Callable[[], object], call: Callable[..., T]) -> Callable[..., T]:
    """`call`, but the first time only after `meanwhile` has run to its end as another command, in its own
    thread (where the same call goes straight through)."""
    first = threading.Event()

    def late(*args: object) -> T:
        if not first.is_set():
            first.set()
            with ThreadPoolExecutor(1) as other:
                other.submit(meanwhile).result(timeout=60)
        return call(*args)

    return late


def resolved_meanwhile(intrigue: Intrigue, campaign_id: UUID, load: Callable[..., T]) -> Callable[..., T]:
    return first_after(lambda: intrigue.campaigns.resolve_phase(campaign_id), load)


def test_an_order_checked_before_a_resolution_commits_and_saved_after_it_conflicts(
    intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id, factions, head = a_campaign_in_phase_two(intrigue)
    service = intrigue.factionturn
    monkeypatch.setattr(service, "_order_world", resolved_meanwhile(intrigue, campaign_id, service._order_world))
    with pytest.raises(ConflictError):
        service.submit_orders(campaign_id, factions[0], {"narrative": "too late"})
    assert [e for e in intrigue.audit.events(campaign_id, after=head) if e.topic.endswith("OrderSubmitted")] == []


def test_a_house_order_checked_before_a_resolution_commits_and_saved_after_it_conflicts(
    intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign = intrigue.campaigns.create_campaign(city("late"))
    house = register_five(intrigue, campaign)[0]
    intrigue.campaigns.open_phase(campaign.id)
    head = intrigue.history.event_count(campaign.id)
    service = intrigue.gameofbones
    monkeypatch.setattr(service, "_house", resolved_meanwhile(intrigue, campaign.id, service._house))
    with pytest.raises(ConflictError):
        service.order_action(campaign.id, house.id, Order(ActionName.INTELLIGENCE_GATHERING, house.leader.name))
    assert [e for e in intrigue.audit.events(campaign.id, after=head) if e.topic.endswith("ActionOrdered")] == []
    assert intrigue.store.load(campaign.id, Campaign).phase_status == "resolved"


def test_a_rollback_conflicts_when_a_member_it_left_as_it_was_changes_before_it_saves(
    intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id, _, head = a_campaign_in_phase_two(intrigue)
    hills = intrigue.store.load(campaign_id, Campaign).member_ids("region")[1]  # no resolution touched it
    real = rewind.restore_all

    def change_the_hills() -> None:
        region = intrigue.store.load(hills, Region)
        region.set_income(700)
        intrigue.store.commit(region)

    def then_the_hills_change(*args: Any) -> Any:
        planned = real(*args)
        with ThreadPoolExecutor(1) as other:  # another command, committed before the rollback saves
            other.submit(change_the_hills).result(60)
        return planned

    monkeypatch.setattr(rewind, "restore_all", then_the_hills_change)
    with pytest.raises(ConflictError):
        intrigue.rewind.roll_back(RollBackPhase(campaign_id, 1, "disputed"))
    written = [e.topic.rsplit(".", 1)[-1] for e in intrigue.audit.events(campaign_id, after=head)]
    assert "PhaseRolledBack" not in written and "StateRestored" not in written, written


def test_a_rollback_whose_campaign_was_rolled_back_and_resolved_again_meanwhile_conflicts(
    intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id, _, _ = a_campaign_in_phase_two(intrigue)

    def rolled_back_and_resolved_again() -> None:
        intrigue.rewind.roll_back(RollBackPhase(campaign_id, 1, "first"))
        intrigue.campaigns.resolve_phase(campaign_id)

    plan = first_after(rolled_back_and_resolved_again, intrigue.history.rewind_plan)
    monkeypatch.setattr(intrigue.history, "rewind_plan", plan)
    with pytest.raises(ConflictError):
        intrigue.rewind.roll_back(RollBackPhase(campaign_id, 1, "second"))
    rollbacks = [e.payload["reason"] for e in intrigue.audit.events(campaign_id) if e.topic.endswith("RolledBack")]
    assert rollbacks == ["first"]


def twenty_racers(intrigue: Intrigue, campaign_id: UUID, factions: list[UUID]) -> list[tuple[str, str, Command]]:
    """Six rollbacks of phase 1, five resolutions, three phase openings and six orders: (kind, marker, command)."""
    rewind, campaigns, factionturn = intrigue.rewind, intrigue.campaigns, intrigue.factionturn
    racers: list[tuple[str, str, Command]] = []
    for i in range(6):
        reason = f"rollback {i}"
        racers.append(("rollback", reason, lambda r=reason: rewind.roll_back(RollBackPhase(campaign_id, 1, r))))
    racers += [("resolve", "", lambda: campaigns.resolve_phase(campaign_id))] * 5
    racers += [("open", "", lambda: campaigns.open_phase(campaign_id))] * 3
    for i in range(RACERS - len(racers)):
        marker, faction = f"order {i} {uuid.uuid4().hex[:6]}", factions[i % len(factions)]
        racers.append(
            ("order", marker, lambda m=marker, f=faction: factionturn.submit_orders(campaign_id, f, {"narrative": m}))
        )
    return racers


def test_racing_rollbacks_resolutions_openings_and_orders_leave_a_serial_history(intrigue: Intrigue) -> None:
    found: list[str] = []
    for _ in range(ROUNDS):
        campaign_id, factions, head = a_campaign_in_phase_two(intrigue)
        racers = twenty_racers(intrigue, campaign_id, factions)
        told = Acknowledged()
        for (what, marker, _), outcome in zip(racers, race([command for _, _, command in racers]), strict=True):
            _tell(told, what, marker, outcome is None)
        found += violations(intrigue.audit.events(campaign_id), campaign_id, told, head)
    assert found == [], "\n".join(found)


def _tell(told: Acknowledged, what: str, marker: str, succeeded: bool) -> None:
    if what == "order":
        (told.orders if succeeded else told.refused_orders).add(marker)
    elif what == "rollback":
        (told.rollbacks if succeeded else told.refused_rollbacks).add(marker)
    elif succeeded:
        told.opened += what == "open"
        told.resolved += what == "resolve"
