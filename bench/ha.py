"""`make test-ha` (issue 27, item 5): the leader of a three-node Patroni cluster is SIGKILLed three times in a row
while ten clients write through one `intrigue serve`, which is given the cluster's multi-host DATABASE_URL.

Non-zero exit unless: 0 acknowledged writes lost, 0 duplicates, 0 5xx other than a clean 503 with Retry-After, 0
dropped connections, writes answered done again within 30 s of each kill, and, without restarting the service,
the projection runner holding its lock on the new leader with the read model caught up, and the subscription opened
before the first kill hearing a change made after the last. docs/scaling.md ("High availability, measured") has
the figures of three runs and says how to read them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from uuid import UUID

import httpx
import psycopg

from bench.fault_game import Campaigning, Row
from bench.fault_rig import Server, events, marker_counts
from bench.ha_clients import Listener, Writers
from bench.ha_cluster import Cluster, missing_tools
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS, lock_key

ROOT = Path(__file__).resolve().parents[1]
WRITERS, KILLS = 10, 3
RECOVERY_LIMIT = 30.0  # the bound: writes answered done again within 30 s of the leader's death
WARM, SETTLE = 5.0, 3.0  # seconds of writing before the first kill, and after the cluster is whole again
HOW_TO_GET = (
    "make test-ha needs Debian's patroni and etcd-server and PostgreSQL 15's server binaries:\n"
    "  sudo apt-get install -y patroni etcd-server postgresql-15\n"
    "(CI, running as root, installs them itself.)"
)


def ensure_tools() -> bool:
    """True when everything is here; in CI as root, apt-get installs what is missing; elsewhere, say how, skip."""
    missing = missing_tools()
    if missing and os.environ.get("CI") and os.geteuid() == 0 and shutil.which("apt-get"):
        print(f"== installing {' '.join(missing)} for make test-ha ==", flush=True)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", *missing], check=True, env=env)
        subprocess.run(["systemctl", "disable", "--now", "etcd", "patroni"], capture_output=True)  # not theirs
        missing = missing_tools()
    if missing:
        print(f"SKIPPED make test-ha: missing {', '.join(missing)}.\n{HOW_TO_GET}")
    return not missing


def runner_holders(db: Database) -> list[str]:
    """For each read model, the application_name of the session holding its projection lock on the leader."""
    holders = []
    with psycopg.connect(db.conninfo, autocommit=True) as conn:
        for model in READ_MODELS:
            key = lock_key(model) & 0xFFFFFFFFFFFFFFFF
            row = conn.execute(
                "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
                " WHERE l.locktype = 'advisory' AND l.granted AND l.classid = %s::oid AND l.objid = %s::oid"
                " AND l.objsubid = 1",
                (key >> 32, key & 0xFFFFFFFF),
            ).fetchone()
            holders.append(str(row[0]) if row else "nobody")
    return holders


def projected(db: Database, campaign: UUID, limit: float = 60.0) -> bool:
    """Until the state projection's tracking of the campaign reaches the campaign's head (bounded)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        with psycopg.connect(db.conninfo) as conn:
            row = conn.execute(
                "SELECT (SELECT position FROM campaign_heads WHERE campaign_id = %s)"
                " <= coalesce((SELECT max(position) FROM state_tracking WHERE campaign_id = %s), 0)",
                (campaign, campaign),
            ).fetchone()
        if row and row[0]:
            return True
        time.sleep(0.2)
    return False


def kill_round(cluster: Cluster, writers: Writers, k: int) -> dict[str, object]:
    """SIGKILL the leader; time the new leader and the first write done after it; bring the node back."""
    old = cluster.leader()
    assert old is not None, "no leader to kill"
    time.sleep(WARM if k == 0 else SETTLE)
    killed = time.monotonic()
    old.kill()
    promoted = cluster.wait(lambda: cluster.leader() not in (None, old), "a new leader", 90)
    try:
        cluster.wait(lambda: writers.first_ok_after(killed) is not None, "a write answered done", 90)
    except RuntimeError:
        with psycopg.connect(cluster.admin().conninfo, autocommit=True) as conn:
            for row in conn.execute(
                "SELECT application_name, client_port, state, wait_event, backend_start::text,"
                " left(query, 60) FROM pg_stat_activity WHERE backend_type = 'client backend'"
            ):
                print(row)
        print(httpx.get(writers.base + "/readyz").text)
        raise
    first = writers.first_ok_after(killed)
    old.start()  # it rejoins as a replica (pg_rewind), so the next kill finds three nodes again
    rejoined = cluster.wait(cluster.healthy, "the old leader to rejoin", 180)
    new = cluster.leader()
    return {
        "kill": k + 1,
        "killed": old.name,
        "new leader": new.name if new else "?",
        "promoted s": promoted,
        "first write s": first,
        "503s": writers.count("unavailable", killed),
        "rejoined s": rejoined,
    }


def run(root: Path) -> tuple[list[str], list[str]]:
    """The whole scenario: its figures, and what failed (empty when it passed)."""
    cluster, logs, failures, figures = Cluster(root), root / "logs", [], []
    cluster.start()
    logs.mkdir(exist_ok=True)
    db = cluster.admin()
    server = Server(db, logs, "ha")
    server.start()
    try:
        game = Campaigning(server, Row("ha"))
        game.prepare("open")
        campaign = str(game.id)
        listener = Listener(server.port, game.token, campaign, events(db, game.id)[-1].position)
        writers = Writers(server.base, campaign, game.token, game.factions)
        threads = writers.run(WRITERS)
        rounds = [kill_round(cluster, writers, k) for k in range(KILLS)]
        time.sleep(SETTLE)
        writers.stop.set()
        for thread in threads:
            thread.join(timeout=120)
        with httpx.Client(timeout=30) as http:
            probe = writers.write(http, "ha probe", game.factions[0])  # after every kill, with no load
        log = events(db, game.id)
        counts = marker_counts(log)
        lost = [m for m in writers.acked if counts[m] == 0]
        duplicates = {m: n for m, n in counts.items() if m.startswith("ha ") and n > 1}
        heard = _eventually(lambda: listener.heard(log[-1].position), 30)
        holders, caught_up = runner_holders(db), projected(db, game.id)
        errors = [a for a in writers.answers if a.kind in ("error", "cut")]
        figures += [
            " | ".join(f"{k} {v:.1f}" if isinstance(v, float) else f"{k} {v}" for k, v in r.items()) for r in rounds
        ]
        figures.append(
            f"sent {len(writers.answers)} | acked {len(writers.acked)} | 503 {writers.count('unavailable')}"
            f" | refused {writers.count('refused')} | errors {len(errors)} | lost {len(lost)}"
            f" | duplicates {len(duplicates)} | unanswered {len(writers.unanswered)}"
            f" | lagging answers {sum(a.lagging for a in writers.answers)}"
            f" | subscription heard {len(listener.positions)} changes"
            f" | resubscribed {listener.resubscribed}"
        )
        failures += [f"{len(lost)} acknowledged writes lost: {lost[:3]}"] if lost else []
        failures += [f"{len(duplicates)} writes twice in the log: {list(duplicates)[:3]}"] if duplicates else []
        failures += (
            [f"{len(errors)} answers neither done nor a clean 503: {[a.detail for a in errors[:3]]}"] if errors else []
        )
        failures += [f"{len(writers.unanswered)} writes never answered done"] if writers.unanswered else []
        failures += [
            f"kill {r['kill']}: no write done within {RECOVERY_LIMIT:.0f} s ({r['first write s']})"
            for r in rounds
            if not isinstance(r["first write s"], float) or r["first write s"] > RECOVERY_LIMIT
        ]
        failures += [] if probe.kind == "ok" and not probe.lagging else [f"the last write: {probe}"]
        failures += [] if heard else [f"the subscription missed the last change (it ended: {listener.ended!r})"]
        listener.stop.set()
        failures += [] if caught_up else ["the state projection never caught up with the campaign"]
        failures += [f"projection lock held by {h!r}" for h in holders if not h.startswith("intrigue-projection")]
        exited = server.popen is None or server.popen.poll() is not None
        failures += ["the service exited"] if exited else []
    finally:
        server.stop()
        cluster.stop()
    return figures, failures


def _eventually(check: object, limit: float) -> bool:
    deadline = time.monotonic() + limit
    while not check():  # type: ignore[operator]
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def main() -> int:
    if not ensure_tools():
        return 0
    began, root = time.monotonic(), Path(os.environ.get("INTRIGUE_HA_DIR") or ROOT / "var" / "ha")
    load = os.getloadavg()
    figures, failures = run(root)
    print("\n".join(figures))
    print(
        f"{time.monotonic() - began:.0f} s, load average {load[0]:.1f} at the start,"
        f" {os.getloadavg()[0]:.1f} at the end"
    )
    print("FAILED:\n  " + "\n  ".join(failures) if failures else "make test-ha: every check held")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
