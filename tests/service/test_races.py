"""Racing commands on one campaign: one rollback wins, and the log reads as a serial history (issue 12, 4)."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from uuid import UUID

from domain.campaign import Campaign
from domain.commands import CreateCampaign, MapRegion
from domain.errors import ConflictError, InvalidInputError, RuleViolationError
from service.bootstrap import Intrigue
from service.factionturn import FoundFaction
from service.rewind import RollBackPhase
from tests.service.race_log import Acknowledged, violations

RACERS = 20
ROUNDS = 20
REFUSALS = (ConflictError, RuleViolationError, InvalidInputError)


def a_campaign_in_phase_two(intrigue: Intrigue) -> tuple[UUID, list[UUID], int]:
    """Three factions; phase 1 resolved, phase 2 open. Also the log's head before the race."""
    regions = [MapRegion("Harbour", 0, 0), MapRegion("Hills", 1, 0)]
    campaign = intrigue.campaigns.create_campaign(
        CreateCampaign(f"race-{uuid.uuid4().hex[:6]}", ["factionturn"], None, regions)
    )
    home = campaign.member_ids("region")[0]
    factions = [intrigue.factionturn.found_faction(FoundFaction(campaign.id, name, 3, 3, 3, home)).id
                for name in ("Gulls", "Crows", "Owls")]  # fmt: skip
    intrigue.campaigns.open_phase(campaign.id)
    intrigue.campaigns.resolve_phase(campaign.id)
    intrigue.campaigns.open_phase(campaign.id)
    head = intrigue.store.recorder.max_notification_id() or 0
    return campaign.id, factions, head


def race(commands: list[Callable[[], None]]) -> list[BaseException | None]:
    """Run every command at once (a barrier lines them up); each one's refusal, or None when it succeeded."""
    barrier = threading.Barrier(len(commands), timeout=60)

    def run(command: Callable[[], None]) -> BaseException | None:
        barrier.wait()
        try:
            command()
        except REFUSALS as refused:
            return refused
        return None

    with ThreadPoolExecutor(len(commands)) as pool:
        return list(pool.map(run, commands, timeout=120))


def test_of_twenty_racing_rollbacks_one_wins_and_the_rest_are_refused(intrigue: Intrigue) -> None:
    campaign_id, _, _ = a_campaign_in_phase_two(intrigue)
    reasons = [f"dispute {i}" for i in range(RACERS)]
    outcomes = race([lambda r=r: intrigue.rewind.roll_back(RollBackPhase(campaign_id, 1, r)) for r in reasons])
    winners = [r for r, outcome in zip(reasons, outcomes, strict=True) if outcome is None]
    assert len(winners) == 1, winners
    # A loser that read the campaign before the winner committed conflicts; one that read it after finds
    # phase 1 open again, which the rules refuse (design: rewind). Neither writes anything.
    for outcome in outcomes:
        assert outcome is None or isinstance(outcome, ConflictError) or "open and unresolved" in str(outcome)
    rollbacks = [e for e in intrigue.audit.events(campaign_id) if e.topic.endswith("PhaseRolledBack")]
    assert [e.payload["reason"] for e in rollbacks] == winners


def test_racing_rollbacks_resolutions_openings_and_orders_leave_a_serial_history(intrigue: Intrigue) -> None:
    found: list[str] = []
    for _ in range(ROUNDS):
        campaign_id, factions, head = a_campaign_in_phase_two(intrigue)
        told = Acknowledged()
        commands: list[tuple[str, str, Callable[[], object]]] = []
        for i in range(5):
            reason = f"rollback {i}"
            commands.append(("rollback", reason, lambda r=reason: intrigue.rewind.roll_back(
                RollBackPhase(campaign_id, 1, r))))  # fmt: skip
            commands.append(("resolve", "", lambda: intrigue.campaigns.resolve_phase(campaign_id)))
        for i in range(4):
            commands.append(("open", "", lambda: intrigue.campaigns.open_phase(campaign_id)))
        for i in range(RACERS - len(commands)):
            marker, faction = f"order {i} {uuid.uuid4().hex[:6]}", factions[i % len(factions)]
            commands.append(("order", marker, lambda m=marker, f=faction: intrigue.factionturn.submit_orders(
                campaign_id, f, {"narrative": m})))  # fmt: skip
        outcomes = race([command for _, _, command in commands])  # type: ignore[misc]
        for (what, marker, _), outcome in zip(commands, outcomes, strict=True):
            _tell(told, what, marker, outcome is None)
        found += violations(intrigue.audit.events(campaign_id), campaign_id, told, head)
        assert intrigue.store.load(campaign_id, Campaign).phase_status in ("open", "resolving", "resolved")
    assert found == [], "\n".join(found)


def _tell(told: Acknowledged, what: str, marker: str, succeeded: bool) -> None:
    if what == "order":
        (told.orders if succeeded else told.refused_orders).add(marker)
    elif what == "rollback":
        (told.rollbacks if succeeded else told.refused_rollbacks).add(marker)
    elif succeeded:
        told.opened += what == "open"
        told.resolved += what == "resolve"
