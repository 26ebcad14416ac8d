"""SIGKILL at random points of a phase's resolution, then a restart (issue 12, finding 2): each restart projects
the backlog the killed process left, whatever it holds; no acknowledged command is lost, no turn is left
half-written, the read model replays without divergence, and the GM finishes the phase.

Each run is a real process that serves the campaign as `intrigue serve` does (an `Intrigue` running its
projections in-process), forked from a process that has already imported the service, so a run costs a
fork and a bootstrap rather than an interpreter start; the kill is a real SIGKILL of that process.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import time
import traceback
import uuid
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any
from uuid import UUID

import psycopg
import pytest

from domain.campaign import Campaign
from domain.commands import CreateCampaign, MapRegion, RollDice
from service.bootstrap import Intrigue
from service.persistence.database import Database
from service.usecases.replay import divergences
from tests.support.processes import eventually, head, position
from tests.support.service import replaying

RUNS = 30
LIMIT = 60.0  # seconds any one message from a run may take, generously (never an assertion on speed)
MEMBER_KINDS = ("faction", "region")


def serve_then_resolve(db: Database, campaign_id: UUID, run: int, conn: Connection) -> None:
    """One server's life: project what the last one left, let the test look, then play until killed. It
    ends by `os._exit`, as a crash would: a failure is sent to the test, never left to hang in a thread."""
    code = 0
    try:
        play(Intrigue(db, migrate=False), campaign_id, run, conn)
    except BaseException as error:
        conn.send(("died", "".join(traceback.format_exception(error))))
        code = 1
    finally:
        os._exit(code)


def play(intrigue: Intrigue, campaign_id: UUID, run: int, conn: Connection) -> None:
    last = intrigue.store.recorder.max_notification_id() or 0
    intrigue.read_side.wait(last, timeout=LIMIT)
    conn.send(("projected", last))
    if conn.recv() != "go":
        return
    campaign = intrigue.store.load(campaign_id, Campaign)
    if campaign.phase_status in ("open", "resolving"):  # the GM finishes what the kill interrupted
        intrigue.campaigns.resolve_phase(campaign_id)
        conn.send(("finished", campaign.phase))
    phase = intrigue.campaigns.open_phase(campaign_id).phase
    conn.send(("opened", phase))
    for n in range(2):
        purpose = f"ack-{run}-{n}"
        intrigue.campaigns.roll_dice(RollDice(campaign_id, "1d6", purpose))
        conn.send(("rolled", purpose))
    conn.send(("resolving", phase))
    began = time.monotonic()
    intrigue.campaigns.resolve_phase(campaign_id)
    conn.send(("resolved", phase))
    conn.send(("took", time.monotonic() - began))
    conn.recv()  # until killed


@dataclass
class Tally:
    runs: int = 0
    kills_before_answer: int = 0
    committed_unanswered: int = 0  # resolved in the log, the answer never sent: killed before it was projected
    finished_by_gm: int = 0
    partial_turns: int = 0
    lost: list[str] = field(default_factory=list)
    divergences: int = 0
    partial_tails: list[Any] = field(default_factory=list)  # the last events after each partial turn, to read
    acknowledged: dict[str, Any] = field(default_factory=lambda: {"rolled": set(), "opened": 0, "resolved": 0})


@pytest.fixture
def campaign(fresh_db: Database) -> UUID:
    setup = Intrigue(fresh_db)
    try:
        # Enough factions that a resolution outlasts the few milliseconds between its start and the kill: 12 no
        # longer did once resolutions got cheaper (issue 31): an idle run killed 1 of 30 before the answer.
        regions = [MapRegion(f"R{i}", i % 6, i // 6) for i in range(36)]
        created = setup.campaigns.create_campaign(
            CreateCampaign(f"kill-{uuid.uuid4().hex[:6]}", ["factionturn"], "kills", regions)
        )
        for batch in ("North", "South", "East", "West", "Upper", "Lower"):
            setup.factionturn.generate_factions(created.id, 6, [f"{batch} {n}" for n in range(6)])
        return created.id
    finally:
        setup.close()  # the runs hold the projection's lock, each in turn


def no_projection_lock_held(db: Database) -> bool:
    """A killed process's session (and its projection lock) is gone once PostgreSQL has seen its socket close."""
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"
            " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
        ).fetchone()
    return row is not None and row[0] == 0


def check_restart(reader: Intrigue, db: Database, campaign_id: UUID, tally: Tally) -> None:
    """After a restart has projected the backlog: the read model is the events', nothing acknowledged is
    missing, and a phase is either wholly resolved or not at all."""
    assert position(db, "state") == head(db)
    tally.divergences += len(divergences(reader.store, reader.state, campaign_id))
    campaign = reader.store.load(campaign_id, Campaign)
    entries = list(reader.audit.events(campaign_id))
    purposes = {e.payload["roll"]["purpose"] for e in entries if e.topic.endswith("DiceRolled")}
    tally.lost += sorted(tally.acknowledged["rolled"] - purposes)
    if campaign.phase < tally.acknowledged["opened"]:
        tally.lost.append(f"phase {tally.acknowledged['opened']} opened")
    resolved = tally.acknowledged["resolved"]
    tally.committed_unanswered += campaign.phase_status == "resolved" and campaign.phase > resolved
    if resolved and (campaign.phase, campaign.phase_status) < (resolved, "resolved"):
        tally.lost.append(f"phase {resolved} resolved")
    began = max((i for i, e in enumerate(entries) if e.topic.endswith("PhaseResolutionBegan")), default=None)
    if began is not None:
        after = entries[began + 1 :]
        # The resolution's member events are whole when a PhaseResolved follows the last of them; the campaign's
        # own later commands (the next phase opened, its rolls: a kill before the next resolution began) may
        # follow that PhaseResolved.
        members = [i for i, e in enumerate(after) if e.aggregate_id != campaign_id]
        closed = [i for i, e in enumerate(after) if e.topic.endswith("PhaseResolved") and e.aggregate_id == campaign_id]
        if members and not (closed and closed[-1] > members[-1]):
            tally.partial_turns += 1
            tally.partial_tails.append([(e.position, e.topic, e.aggregate_id == campaign_id) for e in after[-5:]])
    history = "SELECT DISTINCT phase FROM phase_history WHERE campaign_id = %s AND NOT superseded"
    histories = {row["phase"] for row in reader.state.view.query(history, (campaign_id,))}
    phases = {e.payload["phase"] for e in entries if e.topic.endswith("PhaseResolved")}
    if histories != phases:
        tally.divergences += 1


def receive(conn: Connection, process: Any) -> Any:
    eventually(lambda: conn.poll() or not process.is_alive(), "a message from the run", limit=LIMIT)
    message = conn.recv() if conn.poll() else ("died", f"exit code {process.exitcode}")
    assert message[0] != "died", message[1]
    return message


@pytest.mark.slow  # a whole fault run: `make test-slow`, which .ci/run runs (README, "How long each command takes")
def test_sigkill_at_random_points_of_resolutions_loses_nothing_and_restarts_project_the_backlog(
    fresh_db: Database, campaign: UUID
) -> None:
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["service.bootstrap", "tests.service.operations.test_resolution_kills"])
    chance = random.Random(12)
    tally, took, started = Tally(), [0.2], time.monotonic()
    with replaying(fresh_db) as reader:
        for run in range(RUNS + 1):  # the last run only restarts, checks, and lets the GM finish
            eventually(lambda: no_projection_lock_held(fresh_db), "the killed run's session to end", limit=LIMIT)
            ours, theirs = context.Pipe()
            process = context.Process(target=serve_then_resolve, args=(fresh_db, campaign, run, theirs))
            process.start()
            try:
                assert receive(ours, process)[0] == "projected"
                check_restart(reader, fresh_db, campaign, tally)
                ours.send("go")
                while (message := receive(ours, process))[0] != "resolving":
                    record(tally, message)
                if run == RUNS:
                    record(tally, message := receive(ours, process))
                    break
                # Anywhere in a resolution as long as those that were not killed took (projection included).
                time.sleep(chance.uniform(0, 1.2 * sorted(took)[len(took) // 2]))
                process.kill()  # SIGKILL
                process.join(LIMIT)
                tally.runs += 1
                answered = False
                while ours.poll():  # what it acknowledged before it died
                    kind, value = ours.recv()
                    if kind == "took":
                        took.append(value)
                    else:
                        record(tally, (kind, value))
                        answered = answered or kind == "resolved"
                tally.kills_before_answer += not answered
            finally:
                if process.is_alive():
                    process.kill()
                process.join(LIMIT)
    print(
        f"\n{tally.runs} kills in {time.monotonic() - started:.1f} s: {tally.kills_before_answer} before the answer"
        f" ({tally.committed_unanswered} of them after the resolution committed),"
        f" {tally.finished_by_gm} phases finished by the GM after a restart, {tally.partial_turns} partial turns,"
        f" {len(tally.lost)} lost acknowledged commands, {tally.divergences} divergences"
    )
    assert tally.runs == RUNS
    assert (tally.partial_turns, tally.lost, tally.divergences) == (0, [], 0), tally.partial_tails
    assert tally.finished_by_gm > 0, "no kill interrupted a resolution: the test does not exercise it"


def record(tally: Tally, message: tuple[str, Any]) -> None:
    kind, value = message
    if kind == "rolled":
        tally.acknowledged["rolled"].add(value)
    elif kind == "opened":
        tally.acknowledged["opened"] = max(tally.acknowledged["opened"], value)
    elif kind in ("resolved", "finished"):
        tally.acknowledged["resolved"] = max(tally.acknowledged["resolved"], value)
        tally.finished_by_gm += kind == "finished"
