"""Issue 30, item 8: a phase report reads its phase's events, not the campaign's whole log. The window starts at the
phase's last opening before its resolution (service/usecases/phase_reports.py `_window`) and must hold exactly the
events the whole log's scan keeps (`phase_window`), through rollbacks to the same phase and further back."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from uuid import UUID

from domain.commands import CreateCampaign, FoundFaction, MapRegion
from domain.factionturn.tables.catalog import CATALOG
from service.bootstrap import Intrigue
from service.usecases.audit import AuditEntry, AuditLog
from service.usecases.phase_report import phase_window
from service.usecases.phase_reports import PhaseReports
from service.usecases.rewind import RollBackPhase


class CountingAudit(AuditLog):
    """The real audit log, counting the entries a reader took from it."""

    def __init__(self, log: AuditLog) -> None:
        super().__init__(log.store, log.db)
        self.read: list[int] = []

    def events(self, campaign_id: UUID, after: int = 0) -> Iterator[AuditEntry]:
        for entry in super().events(campaign_id, after):
            self.read.append(entry.position)
            yield entry


def _play(intrigue: Intrigue, campaign_id: UUID, faction_id: UUID, region_id: UUID, *, opened: bool = False) -> None:
    rows = (r for r in CATALOG.values() if r.cost and r.rating == 1 and not r.needs_permission and not r.maintenance)
    cheapest = min(rows, key=lambda r: r.cost or 0)
    if not opened:
        intrigue.campaigns.open_phase(campaign_id)
    order = {"action": {"action": "Buy Asset", "type_key": cheapest.key, "region_id": str(region_id)}}
    intrigue.factionturn.submit_orders(campaign_id, faction_id, order)
    intrigue.campaigns.resolve_phase(campaign_id)


def test_a_report_reads_its_phase_only_and_keeps_what_the_whole_log_keeps(intrigue: Intrigue) -> None:
    regions = [MapRegion("Harbour", 0, 0, monthly_income=2_000), MapRegion("Hills", 1, 0)]
    campaign = intrigue.campaigns.create_campaign(
        CreateCampaign(f"win-{uuid.uuid4().hex[:6]}", ["factionturn"], "window", regions)
    )
    c, harbour = campaign.id, campaign.member_ids("region")[0]
    red = intrigue.factionturn.found_faction(FoundFaction(c, "Red", 3, 3, 5, harbour, facgold=40)).id
    intrigue.factionturn.found_faction(FoundFaction(c, "Blue", 2, 3, 4, harbour, facgold=5))
    for _ in range(4):
        _play(intrigue, c, red, harbour)
    intrigue.rewind.roll_back(RollBackPhase(c, 3, "a disputed roll"))  # phase 3's orders stand
    intrigue.campaigns.resolve_phase(c)
    intrigue.rewind.roll_back(RollBackPhase(c, 2, "further back"))  # phase 2 opens again, 3 is gone
    _play(intrigue, c, red, harbour, opened=True)
    _play(intrigue, c, red, harbour)  # a new phase 3

    whole = list(intrigue.audit.events(c))
    for phase in (1, 2, 3):
        end = intrigue.history.phase_end(c, phase)
        counting = CountingAudit(intrigue.audit)
        reports = PhaseReports(intrigue.store, counting, intrigue.history, intrigue.chronicle)
        expected = phase_window((e for e in whole if e.position < end), c, phase)
        window = reports._window(c, phase, end)
        assert [e.position for e in window] == [e.position for e in expected] and expected
        opening = max(
            e.position
            for e in whole
            if e.position < end and e.topic.endswith("Campaign.PhaseOpened") and e.payload["phase"] == phase
        )
        assert min(counting.read) == opening and max(counting.read) <= end, phase
        assert len(counting.read) < len([e for e in whole if e.position < end]) or phase == 1
