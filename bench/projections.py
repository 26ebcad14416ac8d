"""The state projection: catching up on a backlog, and a full rebuild, in events/s against a raw sequential read."""

from __future__ import annotations

import time
import uuid

import psycopg
from eventsourcing.persistence import StoredEvent

from bench import server_memory
from bench.harness import Measure, best_of, report
from domain.campaign import Campaign
from domain.dice import FixedDice, roll
from service.operations.worker import rebuild
from service.persistence import database, migrations
from service.persistence.app import IntrigueStore
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS, close_view, open_view, start_runner

STATE = READ_MODELS[0]
_READ = (
    "SELECT notification_id, originator_id, originator_version, topic, state FROM intrigue_events"
    " WHERE notification_id > %s ORDER BY notification_id"
)


def append_backlog(store: IntrigueStore, events: int, aggregates: int = 100) -> None:
    """`events` events over `aggregates` campaigns, 50 to a save (one campaign's 50 rolls, the campaigns in turn),
    nobody projecting. A save writes one campaign's events (each campaign is its own lane since issue 26): the
    saves of 10 and of 100 campaigns this made before were refused, so the section could not run."""
    campaigns = [Campaign.start(f"backlog {i}", ["factionturn"]) for i in range(aggregates)]
    for campaign in campaigns:
        store.commit(campaign)
    remaining, turn = events - aggregates, 0
    while remaining > 0:
        campaign = campaigns[turn % aggregates]
        for _ in range(min(50, remaining)):
            campaign.record_roll(roll("1d10", FixedDice([5]), purpose="bench"))
            remaining -= 1
        store.commit(campaign)
        turn += 1


def _raw_read(conninfo: str, after: int) -> Measure:
    with psycopg.connect(conninfo) as conn:
        count = conn.execute("SELECT count(*) FROM intrigue_events WHERE notification_id > %s", (after,)).fetchone()
        rows = int(count[0]) if count else 0

        def read() -> None:
            with conn.cursor() as cursor:
                cursor.execute(_READ, (after,))
                while cursor.fetchmany(1000):
                    pass

        return best_of(3, f"sequential SELECT of the same {rows} rows", rows, read)


def decoded_read(conninfo: str, env: dict[str, str], raw: Measure, after: int = 0) -> Measure:
    """The raw read (`raw`, `_raw_read`'s) again, each event decoded by the store's mapper into its domain event
    (nothing folded or written): the floor under a rebuild's rate, which must decode every event (issue 31, P4)."""
    store = IntrigueStore(env=env)
    to_domain_event = store.mapper.to_domain_event
    rows = raw.operations
    try:
        with psycopg.connect(conninfo) as conn:

            def read() -> None:
                with conn.cursor() as cursor:
                    cursor.execute(_READ, (after,))
                    while page := cursor.fetchmany(1000):
                        for _, originator_id, version, topic, state in page:
                            to_domain_event(StoredEvent(originator_id, version, topic, bytes(state)))

            return best_of(3, f"the same {rows} rows read and decoded", rows, read)
    finally:
        store.close()


def _tracked(env: dict[str, str]) -> int:
    """The last notification id the state projection has folded: the most of its campaigns' tracking rows (one row
    a campaign since issue 26; the library's `max_tracking_id` asks for an application's row, which it has not)."""
    view = open_view(STATE, env)
    try:
        rows = view.query("SELECT coalesce(max(notification_id), 0) AS tracked FROM state_tracking")  # type: ignore[attr-defined]
        return int(rows[0]["tracked"])
    finally:
        close_view(view)


def catch_up(store: IntrigueStore, db: Database, events: int, rounds: int = 3) -> bool:
    """`rounds` backlogs of `events`, each caught up on by a fresh runner; the best round on each side, as
    the raw read is the best of its repeats."""
    env = {**db.eventsourcing_env(), "CREATE_TABLE": "n"}
    ours: list[Measure] = []
    raws: list[Measure] = []
    for _ in range(rounds):
        tracked = _tracked(env)
        append_backlog(store, events)
        head = store.recorder.max_notification_id() or 0
        raw = _raw_read(db.conninfo, tracked)
        started = time.perf_counter()
        runner = start_runner(STATE, env)
        try:
            runner.wait(head, timeout=3600)
            seconds = time.perf_counter() - started
        finally:
            runner.__exit__(None, None, None)
        raws.append(raw)
        ours.append(
            Measure(
                f"a fresh runner, started and catching up on {raw.operations} events, best of {rounds}",
                raw.operations,
                seconds,
            )
        )
    best = max(ours, key=lambda m: m.per_second)
    return report("Projection catch-up on a backlog (events/s)", best, max(raws, key=lambda m: m.per_second), 0.25)


def full_rebuild(db: Database, rounds: int = 3) -> bool:
    env = {**db.eventsourcing_env(), "CREATE_TABLE": "n"}
    raw = _raw_read(db.conninfo, 0)
    ours = Measure(
        f"`intrigue projections rebuild state`, the whole log of {raw.operations} events, best of {rounds}",
        raw.operations,
        _fastest_rebuild(db, env, rounds),
    )
    return report("Full projection rebuild (events/s)", ours, raw, 0.25)


def _fastest_rebuild(db: Database, env: dict[str, str], rounds: int) -> float:
    """Seconds of the fastest of `rounds` full rebuilds of the state projection."""
    seconds = []
    for _ in range(rounds):
        started = time.perf_counter()
        rebuild(db, env, STATE)
        seconds.append(time.perf_counter() - started)
    return min(seconds)


def played_rebuild(admin: Database, campaigns: int = 8, phases: int = 12) -> None:
    """A rebuild of a log as play writes it, in a database of its own: big aggregates, many event kinds, a
    phase's history every dozen events. Printed with its raw read, no target: what the backlog does not show."""
    from domain.commands import CreateCampaign, MapRegion
    from service.bootstrap import Intrigue

    db = database.create_database(admin, f"intrigue_bench_played_{uuid.uuid4().hex[:8]}")
    try:
        migrations.migrate(db)
        intrigue = Intrigue(db)
        try:
            for n in range(campaigns):
                regions = [
                    MapRegion(f"R{q},{r}", q, r, arcana=2, population="Thousands") for q in range(4) for r in range(3)
                ]
                command = CreateCampaign(f"played {n}", ["factionturn"], f"seed {n}", regions)
                campaign = intrigue.campaigns.create_campaign(command)
                intrigue.factionturn.generate_factions(campaign.id, 6)
                for _ in range(phases):
                    intrigue.campaigns.open_phase(campaign.id)
                    intrigue.campaigns.resolve_phase(campaign.id)
        finally:
            server_memory.note("the played log's services, in this process", store=intrigue.store)
            intrigue.close()
        env = {**db.eventsourcing_env(), "CREATE_TABLE": "n"}
        raw = _raw_read(db.conninfo, 0)
        seconds = _fastest_rebuild(db, env, 3)
    finally:
        database.drop_database(admin, db.dbname)
    ours = raw.operations / seconds
    print(f"\nRebuild after {campaigns} Faction Turn campaigns played {phases} phases each (events/s; no target)")
    print(f"  intrigue : {ours:12.1f} /s  (the whole log, {raw.operations} events, best of 3)")
    print(f"  raw pg   : {raw.per_second:12.1f} /s  ({raw.label})")
    print(f"  ratio    : {ours / raw.per_second:12.3g}")
