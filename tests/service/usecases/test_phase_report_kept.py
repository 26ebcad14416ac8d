"""Issue 30, item 8: a phase report is served from the read model the state projection keeps as the phase resolves
(projections/phase_reports.py, service/usecases/phase_report_kept.py), decoding no event, and answers what the
report built from the phase's events answers: for the GM, a faction's and a house's player and an observer, on
both rule systems, through a rollback to the same phase, a rollback further back and the phases played again."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict
from typing import Any
from uuid import UUID, uuid4

import orjson
import psycopg
import pytest
from eventsourcing.persistence import StoredEvent

from domain.campaign import Campaign
from domain.gameofbones.face import House
from projections import jsonsafe, phase_reports
from service.bootstrap import Intrigue
from service.usecases import phase_report_kept
from service.usecases import phase_reports as use_case
from service.usecases.audit import AuditEntry, AuditLog
from service.usecases.phase_report import build_report
from service.usecases.phase_report_kept import kept_reports, report_json, report_of, report_row, window_at
from service.usecases.phase_report_records import PhaseReport, ReportOrder
from service.usecases.phase_report_window import ReportWindow
from service.usecases.phase_reports import PhaseReports
from tests.support.both_systems_world import Played, answers, play_both


class CountingAudit(AuditLog):
    """The real audit log, counting the entries a reader decoded from it."""

    def __init__(self, log: AuditLog) -> None:
        super().__init__(log.store, log.db)
        self.read: list[int] = []

    def events(self, campaign_id: UUID, after: int = 0) -> Iterator[AuditEntry]:
        for entry in super().events(campaign_id, after):
            self.read.append(entry.position)
            yield entry


@pytest.fixture(scope="module")
def played(intrigue: Intrigue) -> Played:
    return play_both(intrigue)


def _as_asdict_gives_it(report: PhaseReport) -> dict[str, Any]:
    """`report_json` as it was (issue 31, item 1 walks the records directly): the same dict, tuples and all."""
    kept = asdict(report)
    kept["campaign_id"], kept["member_id"] = str(report.campaign_id), str(report.member_id)
    return kept


def _live(intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch) -> PhaseReports:
    """The reports as they were built before the read model: from the phase's events, on each request."""
    monkeypatch.setattr(use_case, "kept_reports", lambda *args: {})
    return PhaseReports(intrigue.store, intrigue.audit, intrigue.history, intrigue.chronicle)


def test_each_member_of_each_standing_resolution_has_its_report_kept(intrigue: Intrigue, played: Played) -> None:
    c = played.campaign_id
    for phase in (1, 2):
        kept = kept_reports(intrigue.audit.db, c, phase, intrigue.history.phase_end(c, phase))
        assert sorted(kept) == sorted(played.members), phase
        assert all(report_of(report_json(r)) == r for r in kept.values())
        assert all(report_json(r) == _as_asdict_gives_it(r) for r in kept.values())
        assert all(report_row(r) == jsonsafe.dumps(report_json(r)) for r in kept.values())
    # Phase 3's last resolution and phase 4's were rolled back: none of their reports stands.
    for phase in (3, 4):
        assert kept_reports(intrigue.audit.db, c, phase, intrigue.history.phase_end(c, phase)) == {}


def test_a_kept_report_decodes_no_event(intrigue: Intrigue, played: Played) -> None:
    counting = CountingAudit(intrigue.audit)
    reports = PhaseReports(intrigue.store, counting, intrigue.history, intrigue.chronicle)
    gm = played.seats["gm"]
    for phase in (1, 2):
        reports.summary(played.campaign_id, phase, gm)
        reports.report(played.campaign_id, phase, played.seats["house"])
    assert counting.read == []


@pytest.mark.parametrize("who", ["gm", "faction", "house", "observer"])
def test_the_kept_answer_is_the_one_built_from_the_events(
    intrigue: Intrigue, played: Played, who: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    c, seat = played.campaign_id, played.seats[who]
    for phase in (1, 2, 3, 4):
        served = answers(intrigue.phase_reports, c, phase, seat, played.members)
        with monkeypatch.context() as patched:
            built = answers(_live(intrigue, patched), c, phase, seat, played.members)
        assert served == built, (who, phase)
    if who != "observer":
        assert any(not isinstance(a, tuple) for a in served), "the seat reads some report"


def test_each_report_built_from_the_events_that_touch_its_member_is_the_one_built_from_the_whole_phase(
    intrigue: Intrigue, played: Played, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each report is built from its member's share of the window (`ReportWindow`, issue 31 item 1): the same report
    as from every entry of the window, for every member of each standing phase, a faction's and a house's."""
    c = played.campaign_id
    campaign = intrigue.store.load(c, Campaign)
    with psycopg.connect(intrigue.audit.db.conninfo) as conn, conn.cursor() as curs:
        houses = {h: intrigue.store.load(h, House) for h in campaign.member_ids("house")}
        members = phase_reports.members_of(curs, {}, campaign, houses.get)
        kinds = {kind for kind, _ in members.values()}
        for phase in (1, 2):
            window = window_at(curs, c, phase, intrigue.history.phase_end(c, phase))
            indexed = ReportWindow(window)
            shares = {
                member: report_json(build_report(indexed, c, phase, member, kind, set(actors)))
                for member, (kind, actors) in members.items()
            }
            with monkeypatch.context() as whole_window:
                whole_window.setattr(ReportWindow, "read_by", lambda self, member_id, kind, actors: self.entries)
                whole = {
                    member: report_json(build_report(window, c, phase, member, kind, set(actors)))
                    for member, (kind, actors) in members.items()
                }
            assert shares == whole, phase
            assert any(r["orders"] or r["rolls"] or r["learned"] for r in whole.values()), phase
    assert kinds == {"faction", "house"}


def test_a_reports_row_with_text_jsonb_cannot_hold_is_written_escaped_as_its_dict_is() -> None:
    """`report_row` has orjson write the records; text with U+0000 (or the escape's marker) goes through `report_json`
    and `jsonsafe.dumps`, which escape it, and reads back as it was."""
    order = ReportOrder("Attack", "nul\x00actor", None, "\uffffmarked", 2, [])
    report = PhaseReport(uuid4(), 3, uuid4(), "faction", 1, [order], [], [], [], [], [])
    row = report_row(report)
    assert row == jsonsafe.dumps(report_json(report))
    assert jsonsafe.loads(row) == jsonsafe.loads(jsonsafe.dumps(report_json(report)))
    assert report_of(jsonsafe.loads(row)) == report


def test_a_windows_entries_taken_from_the_events_attributes_are_those_of_the_events_made(
    intrigue: Intrigue, played: Played
) -> None:
    """Issue 31, P4: the window's events read back are decoded to their attributes (`EventMapper.attributes`), not
    made into events whose payloads are then copied: every entry of the campaign's log is the one its event gives;
    a state holding a name `event_payload` leaves out (its id, one from `_`) has it left out of the payload too."""
    mapper = phase_report_kept._mapper()
    query = "SELECT campaign_position, originator_id, originator_version, topic, state FROM intrigue_events"
    with psycopg.connect(intrigue.audit.db.conninfo) as conn:
        rows = conn.execute(query + " WHERE campaign_id = %s ORDER BY 1", (played.campaign_id,)).fetchall()
    assert len({topic for *_, topic, _ in rows}) > 20
    stored = [(int(p), i, v, topic, bytes(state)) for p, i, v, topic, state in rows]
    gold = next(r for r in stored if r[3].endswith("House.GoldChanged"))
    odd = orjson.dumps({**orjson.loads(gold[4]), "_kept_out": 1, "originator_id": "x", "shown": 2})
    for position, originator_id, version, topic, state in [*stored, (*gold[:4], odd)]:
        made = phase_report_kept._entry(
            position, topic, mapper.to_domain_event(StoredEvent(originator_id, version, topic, state))
        )
        held = mapper.attributes(originator_id, topic, state)
        assert held is not None
        assert phase_report_kept._entry_of(position, held[0], version, topic, held[1]) == made
    assert made.payload["shown"] == 2 and "_kept_out" not in made.payload and "originator_id" not in made.payload
