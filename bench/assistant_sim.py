"""The assistant's section of `make bench` (issue 19): `intrigue simulate`'s tables for INTRIGUE_SIM_SEEDS seeds
(default 1) of each rule system, INTRIGUE_SIM_PHASES phases (default 20): the mixed tables (each seed played in
a full rotation of seats, judged), then the same-kind tables. No database: the play is the domain's. Returns
the issue's targets on the mixed tables, met or not."""

from __future__ import annotations

import os

from service.entrypoints.cli_simulate import play, table, targets


def run() -> list[bool]:
    phases = int(os.environ.get("INTRIGUE_SIM_PHASES", "20"))
    seeds = [str(1 + i) for i in range(int(os.environ.get("INTRIGUE_SIM_SEEDS", "1")))]
    played = play(phases, seeds)
    print("\n" + "\n".join(table(played)))
    return targets(played)
