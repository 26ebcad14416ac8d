"""Issue 31, item 1: the cuts to a big phase's cost change no result. A seeded campaign of both rule systems is built
and given its orders once, copied twice, and the same phase is resolved in each copy: once as the store resolves it
now, once with each cut put back as it was (`OLD_PATHS`). The events appended (topics, aggregates, versions and
payloads, times left out) and every read model's rows must be the same."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, nullcontext
from dataclasses import asdict
from typing import Any

import psycopg
import pytest
from eventsourcing.application import Application

from bench.phase_run import digest
from bench.played import Size, build, order_factions, play_phase
from domain.campaign import Campaign
from domain.factionturn.face import Faction, World, resolve_phase
from domain.gameofbones.face import House, apply_month, resolve_month
from domain.region import Region
from projections.event_mapper import EventMapper
from service.bootstrap import Intrigue
from service.persistence import database, migrations
from service.persistence.app import IntrigueStore
from service.persistence.database import Database
from service.persistence.kept_aggregates import KeptAggregates
from service.usecases import campaigns, factionturn, gameofbones, phase_report_kept
from service.usecases.phase_report_window import ReportWindow
from tests.support.gameofbones_world import give_orders


@contextmanager
def library_save(patch: pytest.MonkeyPatch) -> Iterator[None]:
    """The save as the library collects a save's events (its runtime protocol check on each object)."""

    def save(self: IntrigueStore, *objs: Any, **kwargs: Any) -> Any:
        return Application.save(self, *objs, **kwargs)

    with patch.context() as p:
        p.setattr(IntrigueStore, "save", save)
        yield


@contextmanager
def collector_running(patch: pytest.MonkeyPatch) -> Iterator[None]:
    """The resolution with the cyclic garbage collector running, as it did."""
    with patch.context() as p:
        p.setattr(campaigns, "collector_paused", nullcontext)
        yield


@contextmanager
def reports_scan_the_whole_window(patch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each member's phase report built from every entry of the phase's window, as before the window was indexed
    for all of them (service/usecases/phase_report_window.py)."""
    with patch.context() as p:
        p.setattr(ReportWindow, "read_by", lambda self, member_id, kind, actors: self.entries)
        yield


@contextmanager
def reports_through_asdict(patch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each report's row made by `dataclasses.asdict`, as before `report_json` walked the records itself, and
    encoded from that dict, as before `report_row` had orjson write the records."""

    def report_json(report: Any) -> dict[str, Any]:
        kept = asdict(report)
        kept["campaign_id"], kept["member_id"] = str(report.campaign_id), str(report.member_id)
        return kept

    with patch.context() as p:
        p.setattr(phase_report_kept, "report_json", report_json)
        p.setattr(phase_report_kept, "report_row", report_json)  # phase_reports.write encodes a dict
        yield


@contextmanager
def month_on_copies(patch: pytest.MonkeyPatch) -> Iterator[None]:
    """The Game of Bones' month decided on copies of the loaded aggregates, then applied to them again."""

    def resolved_then_applied(houses: Any, areas: Any, phase: int, dice: Any, intel: Any = None) -> Any:
        report = resolve_month(houses, areas, phase, dice, intel)
        apply_month(report, houses, areas, intel)
        return report

    with patch.context() as p:
        p.setattr(gameofbones, "resolve_month_in_place", resolved_then_applied)
        yield


@contextmanager
def members_read_whole(patch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every member a resolution loads read from its snapshot and events, as before `load_many` read on from the
    aggregates the process keeps (service/persistence/kept_aggregates.py)."""
    with patch.context() as p:
        p.setattr(KeptAggregates, "versions", lambda self, ids: {})
        p.setattr(KeptAggregates, "keep", lambda self, aggregates: None)
        yield


@contextmanager
def reports_read_their_window_back(patch: pytest.MonkeyPatch) -> Iterator[None]:
    """The phase reports' window read back from the store and decoded whole, as before the inline projection handed
    the reporter its command's events, decoded (projections/page_decoded.py `Decoded`), and before the events no
    report reads were left out (`read_by_any`) and the others decoded to their attributes alone (issue 31, P4)."""
    window_read = phase_report_kept.window_read

    def read_back(curs: Any, campaign_id: Any, phase: int, end: int, decoded: Any = None, reads: Any = None) -> Any:
        return window_read(curs, campaign_id, phase, end)

    with patch.context() as p:
        p.setattr(phase_report_kept, "window_read", read_back)
        p.setattr(EventMapper, "attributes", lambda self, originator_id, topic, state: None)
        yield


@contextmanager
def turns_on_a_copy(patch: pytest.MonkeyPatch) -> Iterator[None]:
    """The Faction Turn decided on a copy of the loaded world (`resolve_phase`), then every change applied again to
    the loaded aggregates, their events kept in played order, as before the turns were taken on the loaded aggregates
    themselves (domain/factionturn/resolution/in_place.py)."""

    def copied_then_applied(factions: Any, regions: Any, orders: Any, dice: Any, restart: Any, **kwargs: Any) -> Any:
        outcome = resolve_phase(factions, regions, orders, dice, **kwargs)
        world = World(factions, regions)
        members: dict[str, Any] = {**world.factions, **world.regions}
        played: list[Any] = []
        for change in outcome.changes:
            target = members[change.target_id]
            before = len(target.pending_events)
            world.apply(change)
            played.extend(target.pending_events[before:])
        return outcome, played

    with patch.context() as p:
        p.setattr(factionturn, "resolve_phase_in_place", copied_then_applied)
        yield


OLD_PATHS: list[Callable[[pytest.MonkeyPatch], Any]] = [
    members_read_whole,
    library_save,
    collector_running,
    reports_scan_the_whole_window,
    reports_through_asdict,
    month_on_copies,
    reports_read_their_window_back,
    turns_on_a_copy,
]


def copy_of(admin: Database, source: str) -> Database:
    name = f"{source}_{uuid.uuid4().hex[:6]}"
    with psycopg.connect(admin.conninfo, autocommit=True) as conn:
        # What the closed service left connected (its runner's and listener's sessions end with it, not at once).
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            (source,),
        )
        conn.execute(
            psycopg.sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                psycopg.sql.Identifier(name), psycopg.sql.Identifier(source)
            )
        )
    return admin.with_dbname(name)


def resolved(db: Database, old: bool, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The next phase of the copy's campaign resolved, the old paths in place or not: what it wrote."""
    with ExitStack() as stack:
        if old:
            for path in OLD_PATHS:
                stack.enter_context(path(monkeypatch))
        intrigue = Intrigue(db, pool_size=2)
        try:
            with psycopg.connect(db.conninfo) as conn:
                row = conn.execute(
                    "SELECT originator_id FROM intrigue_events WHERE topic = 'domain.campaign:Campaign.Created'"
                ).fetchone()
            assert row is not None
            kept_behind(intrigue.store, row[0])
            before = intrigue.store.recorder.max_notification_id() or 0
            intrigue.campaigns.resolve_phase(row[0])
            intrigue.store.snapshots_written()
            after = intrigue.store.recorder.max_notification_id() or 0
            assert after - before > 50  # a phase that did something
            return digest(db, before)
        finally:
            intrigue.close()


def kept_behind(store: IntrigueStore, campaign_id: uuid.UUID) -> None:
    """The members kept as a served process may keep them, some versions behind the store (the resolution reads
    on from there); the old path keeps none."""
    campaign = store.load(campaign_id, Campaign)
    for kind, name in ((Faction, "faction"), (Region, "region"), (House, "house")):
        for member in store.load_many(campaign.member_ids(name), kind):
            store.kept.keep([store.load(member.id, kind, version=max(1, member.version - 2))])


@pytest.mark.single_node(reason="copies a database with CREATE DATABASE ... TEMPLATE, which a Citus cluster has not")
def test_a_seeded_phase_resolves_to_the_same_events_and_read_models_with_and_without_the_cuts(
    admin_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = database.create_database(admin_db, f"phase_cuts_{uuid.uuid4().hex[:8]}")
    copies: list[Database] = []
    try:
        migrations.migrate(source)
        intrigue = Intrigue(source, pool_size=2)
        try:
            played = build(intrigue, source, Size(factions=4, assets=5, houses=3, phases=2), seed="phase cuts")
            play_phase(played)  # a second phase: members past their first rows, bases in the history
            intrigue.campaigns.open_phase(played.campaign_id)
            order_factions(played)
            give_orders(intrigue, played.campaign_id)
            intrigue.store.snapshots_written()
        finally:
            intrigue.close()
        copies = [copy_of(admin_db, source.dbname), copy_of(admin_db, source.dbname)]
        now = resolved(copies[0], False, monkeypatch)
        before = resolved(copies[1], True, monkeypatch)
        assert now == before
        assert set(now) >= {
            "events",
            "aggregate_state_g1",
            "phase_history_g1",
            "phase_history_g1_base",
            "phase_report_g1",
        }
    finally:
        for made in [source, *copies]:
            database.drop_database(admin_db, made.dbname)
