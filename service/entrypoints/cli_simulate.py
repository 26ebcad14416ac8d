"""`intrigue simulate`: seeded campaigns of both rule systems played by the assistant, a uniform-random
legal-order baseline and a do-nothing player (issue 19, "Measured, not asserted"), printed as one table.

The play is the domain's (domain/assistant/simulation.py); here the seeded dice and the clock are made and
the figures printed, per kind: goals completed, XP gained, assets and HP kept, median HP and FacGold, median house
rank, orders refused, and drafting time per power as a ratio to resolving that power's turn.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from domain.assistant.players import KINDS
from domain.assistant.simulation import Tally, simulate
from domain.dice import RandomDice

COLUMNS = ("kind", "goals", "xp", "assets kept", "HP kept", "median HP", "median FacGold", "median rank", "orders",
           "refused", "draft/resolve")  # fmt: skip


def add_command(commands: Any) -> None:
    simulate_ = commands.add_parser("simulate", help="play seeded campaigns with the assistant and two baselines")
    simulate_.add_argument("--phases", type=int, default=20)
    simulate_.add_argument("--seed", default="1", help="the first seed; further seeds count on from it")
    simulate_.add_argument("--seeds", type=int, default=1, help="how many seeded campaigns of each system")


def play(phases: int, seeds: list[str]) -> dict[str, tuple[Tally, Tally]]:
    """Per kind, the Faction Turn and Game of Bones tallies summed over the seeds."""
    found: dict[str, tuple[Tally, Tally]] = {}
    for kind in KINDS:
        factions, houses = Tally(kind), Tally(kind)
        for seed in seeds:
            played = simulate(kind, phases, lambda *parts, s=seed: RandomDice.seeded(f"sim-{s}", *parts),
                              time.perf_counter)  # fmt: skip
            factions.merge(played[0])
            houses.merge(played[1])
        found[kind] = (factions, houses)
    return found


def table(found: dict[str, tuple[Tally, Tally]], phases: int, seeds: int) -> list[str]:
    lines = [f"Simulation: {seeds} seeded campaign(s) of each rule system, {phases} phases, per kind of player."]
    for index, system in enumerate(("Faction Turn (seed 002)", "Game of Bones (seed 000)")):
        lines += ["", system, " | ".join(COLUMNS)]
        lines += [" | ".join(str(tallies[index].row()[c]) for c in COLUMNS) for tallies in found.values()]
    assistant, baseline = found["assistant"], found["random"]
    goals_ok, rank_ok, hp_ok, _ = targets(found)
    refused = sum(t.refused for kind in ("assistant", "random") for t in found[kind])
    lines += ["", f"target: goals >= 2x the baseline's: {_met(goals_ok)} ({assistant[0].goals} vs "
                  f"{baseline[0].goals}); higher median rank: {_met(rank_ok)}; higher median HP: {_met(hp_ok)}; "
                  f"orders refused (assistant and baseline): {refused}"]  # fmt: skip
    return lines


def targets(found: dict[str, tuple[Tally, Tally]]) -> list[bool]:
    """The issue's targets: twice the baseline's goals, a higher median rank and HP, no order refused."""
    assistant, baseline = found["assistant"], found["random"]
    return [assistant[0].goals >= 2 * baseline[0].goals and assistant[0].goals > 0,
            float(assistant[1].row()["median rank"]) > float(baseline[1].row()["median rank"]),
            float(assistant[0].row()["median HP"]) > float(baseline[0].row()["median HP"]),
            all(t.refused == 0 for kind in ("assistant", "random") for t in found[kind])]  # fmt: skip


def _met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def run(args: argparse.Namespace) -> int:
    first = int(args.seed) if str(args.seed).isdigit() else 0
    seeds = [str(first + i) for i in range(args.seeds)] if str(args.seed).isdigit() else [args.seed]
    found = play(args.phases, seeds)
    print("\n".join(table(found, args.phases, len(seeds))))
    return 0
