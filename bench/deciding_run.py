"""A big phase's deciding alone, repeated on the same dice (issue 31, P6; docs/scaling.md, "the deciding made
faster (session 18)"): `CampaignService.play_phase` (the members loaded, both rule systems and the chronicle's
draft run in memory, nothing encoded or saved), as `make bench`'s "deciding alone" floor times it inside a
resolution.

`python -m bench.deciding_run TEMPLATE LABEL [REPEATS]`: copies TEMPLATE (`CREATE DATABASE ... TEMPLATE`), warms
a process as `bench/phase_run.py resolve` does, then plays the open phase REPEATS times (default 5), each in its own
unit of work that is dropped unsaved, so every repeat starts from the same members. Prints `RESULT {json}`: each
repeat's CPU seconds, and a digest of what the deciding left pending (every changed aggregate's pending events,
their topics and attributes, in played order), the same for every repeat and, on the same template, for two trees
that decide alike.
"""

from __future__ import annotations

import functools
import gc
import hashlib
import json
import os
import sys
import time
from typing import Any

from bench.phase_run import _TIMES, admin, copy_of, loaded_warm, served
from domain.campaign import Campaign
from service.bootstrap import Intrigue
from service.persistence import database, migrations


def pending_digest(played: Any) -> str:
    """What one deciding left pending: each changed aggregate's events, then the played order, times left out."""
    h = hashlib.sha256()
    for aggregate in played.changed:
        for event in aggregate.pending_events:
            h.update(_TIMES.sub(b"T", repr((type(event).__qualname__, sorted(vars(event).items()))).encode()))
    for event in played.played:
        h.update(repr((event.originator_id, event.originator_version, type(event).__qualname__)).encode())
    h.update(repr(played.summaries).encode())
    return h.hexdigest()[:16]


def dice_of(service: Any, campaign: Campaign, system: str) -> Any:
    """The server's dice of a rule system's phase, as `CampaignService._resolve_phase` gives them."""
    return service._dice_for(campaign, f"phase-{campaign.phase}-{system}")


def run(name: str, label: str, repeats: int) -> None:
    served()
    copy, db = copy_of(name)
    try:
        migrations.migrate(db)
        intrigue = Intrigue(db, pool_size=2)
        store = intrigue.store
        campaign = loaded_warm(intrigue, db)
        campaign_id = campaign.id
        service = intrigue.campaigns._target  # type: ignore[attr-defined]  # behind the metrics' counting wrapper
        seconds, digests = [], []
        load = os.getloadavg()[0]
        gc.disable()  # as resolve_phase's collector_paused
        for _ in range(repeats):
            with store.identity_map():
                campaign = store.load(campaign_id, Campaign)
                started = time.process_time()
                played = service.play_phase(campaign, functools.partial(dice_of, service, campaign))
                seconds.append(round(time.process_time() - started, 4))
                digests.append(pending_digest(played))
            gc.collect()
        intrigue.close()
        out = {
            "label": label,
            "cpu": seconds,
            "median": sorted(seconds)[len(seconds) // 2],
            "load": [load, os.getloadavg()[0]],
            "digest": sorted(set(digests)),
        }
        print("RESULT " + json.dumps(out), flush=True)
    finally:
        database.drop_database(admin(), copy)


if __name__ == "__main__":
    run(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 5)
