"""Commands per second with 1 and with 8 writers, each on a campaign of its own: `python -m bench.lanes` (issue 26).

Every command is a whole `roll_dice` (load, decide, save, inline fold, wait), as the API runs it. Needs
`DATABASE_URL` (an admin URL: a database of its own is created and dropped). Prints the load average: figures
from a busy machine are ratios, not absolutes.
"""

from __future__ import annotations

import os
import threading
import time
from uuid import uuid4

from domain.commands import CreateCampaign, RollDice
from service.bootstrap import Intrigue
from service.persistence import database

SECONDS = 5.0


def rate(intrigue: Intrigue, writers: int) -> float:
    campaigns = [intrigue.campaigns.create_campaign(CreateCampaign(f"lane {uuid4().hex[:6]}", ["factionturn"]))
                 for _ in range(writers)]  # fmt: skip
    counts = [0] * writers
    start, stop = threading.Barrier(writers + 1), threading.Event()

    def write(n: int) -> None:
        start.wait()
        while not stop.is_set():
            intrigue.campaigns.roll_dice(RollDice(campaigns[n].id, "2d6", "bench"))
            counts[n] += 1

    threads = [threading.Thread(target=write, args=(n,)) for n in range(writers)]
    for thread in threads:
        thread.start()
    start.wait()
    time.sleep(SECONDS)
    stop.set()
    for thread in threads:
        thread.join()
    return sum(counts) / SECONDS


def main() -> None:
    admin = database.Database.from_url(os.environ["DATABASE_URL"])
    name = f"intrigue_bench_lanes_{uuid4().hex[:8]}"
    db = database.create_database(admin, name)
    try:
        intrigue = Intrigue(db, pool_size=9)
        try:
            for writers in (1, 8):
                print(f"{writers} writer(s): {rate(intrigue, writers):.1f} commands/s")
        finally:
            intrigue.close()
    finally:
        database.drop_database(admin, name)
    print("load average", os.getloadavg())


if __name__ == "__main__":
    main()
