"""One campaign of both rule systems played, rolled back and played again, with a seat of each kind: for the tests
of what each seat reads of a resolved phase (tests/service/usecases/test_phase_report_kept.py,
tests/service/persistence/test_phase_report_rows.py)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any
from uuid import UUID

from domain.commands import CreateCampaign, FoundFaction, MapRegion
from domain.errors import DomainError
from domain.factionturn.tables.catalog import CATALOG
from domain.seats import Role, Seat, gm_seat_id
from service.bootstrap import Intrigue
from service.usecases.phase_reports import PhaseReports
from service.usecases.rewind import RollBackPhase
from tests.support.gameofbones_world import give_orders, register_five


@dataclass
class Played:
    campaign_id: UUID
    seats: dict[str, Seat]
    members: list[UUID]


def _phase(intrigue: Intrigue, c: UUID, red: UUID, harbour: UUID, *, opened: bool = False) -> None:
    rows = (r for r in CATALOG.values() if r.cost and r.rating == 1 and not r.needs_permission and not r.maintenance)
    cheapest = min(rows, key=lambda r: r.cost or 0)
    if not opened:
        intrigue.campaigns.open_phase(c)
    try:
        order = {"action": {"action": "Buy Asset", "type_key": cheapest.key, "region_id": str(harbour)}}
        intrigue.factionturn.submit_orders(c, red, order)
    except DomainError:  # out of FacGold: the faction waits
        intrigue.factionturn.submit_orders(c, red, {})
    give_orders(intrigue, c)
    intrigue.campaigns.resolve_phase(c)


def play_both(intrigue: Intrigue) -> Played:
    """Both rule systems in one campaign: two factions and five houses over four phases, a rollback to phase 3
    resolved again, then one back to phase 2 whose new phase 2 resolves and whose phase 3 is left open."""
    regions = [MapRegion(f"Ward {i + 1}", i % 4, i // 4, monthly_income=2_000 + 1_000 * (i % 3)) for i in range(8)]
    campaign = intrigue.campaigns.create_campaign(
        CreateCampaign(f"kept-{uuid.uuid4().hex[:6]}", ["factionturn", "gameofbones"], "kept reports", regions)
    )
    c, harbour = campaign.id, campaign.member_ids("region")[0]
    red = intrigue.factionturn.found_faction(FoundFaction(c, "Red", 3, 3, 5, harbour, facgold=40)).id
    blue = intrigue.factionturn.found_faction(FoundFaction(c, "Blue", 2, 3, 4, harbour, facgold=5)).id
    houses = [h.id for h in register_five(intrigue, intrigue.store.load(c, type(campaign)))]
    for _ in range(4):
        _phase(intrigue, c, red, harbour)
    intrigue.rewind.roll_back(RollBackPhase(c, 3, "a disputed roll"))  # phase 3's orders stand
    intrigue.campaigns.resolve_phase(c)
    intrigue.rewind.roll_back(RollBackPhase(c, 2, "further back"))  # phase 2 opens again; 3 and 4 are undone
    _phase(intrigue, c, red, harbour, opened=True)
    intrigue.campaigns.open_phase(c)  # phase 3 again, not resolved: its last resolution was rolled back
    seats = {
        "gm": Seat(gm_seat_id(c), c, Role.GM, "GM"),
        "faction": Seat(uuid.uuid4(), c, Role.PLAYER, "Red's player", faction_id=red),
        "house": Seat(uuid.uuid4(), c, Role.PLAYER, "Baenre's player", house_id=houses[0]),
        "observer": Seat(uuid.uuid4(), c, Role.OBSERVER, "A watcher"),
    }
    return Played(c, seats, [red, blue, *houses])


def answers(reports: PhaseReports, c: UUID, phase: int, seat: Seat, members: list[UUID]) -> list[Any]:
    """What the seat is answered of the phase: its summary, its own report, and each member's by name (a refusal
    as its error's class and words)."""
    found: list[Any] = []
    calls: list[Callable[[], Any]] = [
        lambda: reports.summary(c, phase, seat),
        lambda: reports.report(c, phase, seat),
        *(partial(reports.report, c, phase, seat, m) for m in members),
    ]
    for call in calls:
        try:
            found.append(call())
        except DomainError as refused:
            found.append((type(refused).__name__, str(refused)))
    return found
