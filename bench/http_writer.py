"""The writer of the HTTP sections: a die rolled in a campaign every `interval` seconds, from a process of its own
(`python -m bench.http_load writer DB_JSON CAMPAIGN INTERVAL`)."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import threading
from uuid import UUID

from service.persistence.database import Database


class Writer:
    """A die rolled in the campaign every `interval` seconds, committed by a process of its own as a real writer
    is (a thread of the load's process took the clients' GIL for each load and commit): every kept answer is then
    stale and computed again, as at a table where something happens several times a second. `start()`, then
    `stop.set()` and `join()`; `writes` is then the count of commits, `pid` the process while it runs."""

    def __init__(self, db: Database, campaign_id: UUID, interval: float) -> None:
        self.db, self.campaign_id, self.interval = db, campaign_id, interval
        self.writes = 0
        self.stop = threading.Event()

    def start(self) -> None:
        args = [sys.executable, "-m", "bench.http_load", "writer", json.dumps(dataclasses.asdict(self.db))]
        args += [str(self.campaign_id), str(self.interval)]
        self.process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.pid = self.process.pid
        assert self.process.stdout is not None
        self.process.stdout.readline()  # "ready": its store is open, its first write follows

    def join(self) -> None:
        self.stop.wait()
        out, _ = self.process.communicate(b"stop\n", timeout=60)
        self.writes = int(out.split()[-1])


def write(db: Database, campaign_id: UUID, interval: float) -> None:
    """The writer's process: rolls until its stdin says stop (or closes), then prints how many it committed."""
    from domain.campaign import Campaign
    from domain.dice import FixedDice, roll
    from service.bootstrap import Intrigue

    stop = threading.Event()

    def await_stop() -> None:
        sys.stdin.readline()
        stop.set()

    threading.Thread(target=await_stop, daemon=True).start()
    # As an API replica's command writes: its events projected in its own transaction (projections/inline.py), so
    # the reading server's runner skips them instead of folding them (docs/scaling.md, session 12).
    intrigue = Intrigue(db, pool_size=1, run_projections=False, migrate=False)
    store = intrigue.store
    writes = 0
    print("ready", flush=True)
    try:
        while not stop.wait(interval):
            campaign = store.load(campaign_id, Campaign)
            campaign.record_roll(roll("1d6", FixedDice([3]), purpose="bench writer"))
            store.commit(campaign)
            writes += 1
    finally:
        intrigue.close()
        print(writes, flush=True)
