"""The assistant's section of `make bench` (issue 19): `intrigue simulate`'s table for INTRIGUE_SIM_SEEDS seeded
campaigns (default 1) of each rule system, INTRIGUE_SIM_PHASES phases (default 20). No database: the play is
the domain's. Returns the issue's targets, met or not."""

from __future__ import annotations

import os

from service.entrypoints.cli_simulate import play, table, targets


def run() -> list[bool]:
    phases = int(os.environ.get("INTRIGUE_SIM_PHASES", "20"))
    seeds = [str(1 + i) for i in range(int(os.environ.get("INTRIGUE_SIM_SEEDS", "1")))]
    found = play(phases, seeds)
    print("\n" + "\n".join(table(found, phases, len(seeds))))
    return targets(found)
