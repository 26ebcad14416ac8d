"""`intrigue simulate`: seeded campaigns of both rule systems played by the assistant, a uniform-random
legal-order baseline and a do-nothing player (issue 19, "Measured, not asserted"), printed as two tables.

The mixed tables come first and are the ones judged: each seed's campaign is played three times, each time with
all three kinds seated at once, rotated so every faction and house is played once by each kind (the GM's
assistant against the powers played otherwise, as in a campaign). The same-kind tables follow: each seed's
campaign played once per kind, by that kind at every seat. Both play the same seeds and give each kind the
same number of seats (docs/assistant.md, Simulation).

The play is the domain's (domain/assistant/simulation.py); here the seeded dice and the clock are made and
the figures printed, per kind: seats held, goals completed, XP gained, assets and HP kept, median HP and
FacGold, median house rank, orders refused, and drafting time per power as a ratio to resolving that power's
turn.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from domain.assistant.players import KINDS
from domain.assistant.simulation import ROTATION, Seats, Tally, mixed, same_kind, simulate
from domain.dice import RandomDice
from service.operations.progress import Counted

COLUMNS = (
    "kind",
    "seats",
    "goals",
    "xp",
    "assets kept",
    "HP kept",
    "median HP",
    "median FacGold",
    "median rank",
    "orders",
    "refused",
    "draft/resolve",
)
Found = dict[str, tuple[Tally, Tally]]  # per kind: (Faction Turn, Game of Bones)


@dataclass
class Played:
    """Both designs over the same seeds: the mixed tables (judged) and the same-kind tables."""

    phases: int
    seeds: list[str]
    mixed: Found = field(default_factory=dict)
    same: Found = field(default_factory=dict)


def add_command(commands: Any) -> None:
    simulate_ = commands.add_parser("simulate", help="play seeded campaigns with the assistant and two baselines")
    simulate_.add_argument("--phases", type=int, default=20, help="phases each campaign plays (default 20)")
    simulate_.add_argument("--seed", default="1", help="the first seed; further seeds count on from it")
    simulate_.add_argument("--seeds", type=int, default=1, help="seeds: each in 3 mixed tables, once per kind")


def play(phases: int, seeds: list[str], progress: Callable[[int, int], None] | None = None) -> Played:
    """Per kind and design, the Faction Turn and Game of Bones tallies summed over the seeds; `progress` is told
    (campaigns played, campaigns in all) after each."""
    played = Played(phases, seeds)
    rotation = [mixed(r) for r in range(ROTATION)]
    same = [same_kind(kind) for kind in KINDS]
    total, done = len(seeds) * (len(rotation) + len(same)), 0
    for found, seatings in ((played.mixed, rotation), (played.same, same)):
        found.update({kind: (Tally(kind), Tally(kind)) for kind in KINDS})
        for seed in seeds:
            for seats in seatings:
                _add(found, seats, phases, seed)
                done += 1
                if progress is not None:
                    progress(done, total)
    return played


def _add(found: Found, seats: Seats, phases: int, seed: str) -> None:
    dice = lambda *parts: RandomDice.seeded(f"sim-{seed}", *parts)  # noqa: E731
    factions, houses = simulate(seats, phases, dice, time.perf_counter)
    for kind, tally in factions.items():
        found[kind][0].merge(tally)
    for kind, tally in houses.items():
        found[kind][1].merge(tally)


def table(played: Played) -> list[str]:
    """The mixed tables (judged), then the same-kind tables, each with the targets read from it."""
    count = len(played.seeds)
    lines = [f"Simulation: {count} seed(s), {played.phases} phases, per kind of player."]
    lines += [
        "",
        f"MIXED TABLES (judged): each seed's campaign played {ROTATION} times with all three kinds "
        f"seated at once, the kind of power i being (i + table) mod {ROTATION}: every faction and house "
        f"played once by each kind per seed",
    ]
    lines += [*_tables(played.mixed), "", "target (judged): " + _verdict(played.mixed)]
    lines += [
        "",
        "SAME-KIND TABLES (not judged): each seed's campaign played once per kind, by that kind at "
        "every seat (a kind against copies of itself)",
    ]
    return [*lines, *_tables(played.same), "", "same targets, read from these: " + _verdict(played.same)]


def _tables(found: Found) -> list[str]:
    lines: list[str] = []
    for index, system in enumerate(("Faction Turn (seed 002)", "Game of Bones (seed 000)")):
        lines += ["", system, " | ".join(COLUMNS)]
        lines += [" | ".join(str(tallies[index].row()[c]) for c in COLUMNS) for tallies in found.values()]
    return lines


def _verdict(found: Found) -> str:
    goals_ok, rank_ok, hp_ok, _ = _targets(found)
    assistant, baseline = found["assistant"], found["random"]
    refused = sum(t.refused for kind in ("assistant", "random") for t in found[kind])
    return (
        f"goals >= 2x the baseline's: {_met(goals_ok)} ({assistant[0].goals} vs {baseline[0].goals}); "
        f"higher median rank: {_met(rank_ok)} ({assistant[1].row()['median rank']} vs "
        f"{baseline[1].row()['median rank']}); higher median HP: {_met(hp_ok)} "
        f"({assistant[0].row()['median HP']} vs {baseline[0].row()['median HP']}); "
        f"orders refused (assistant and baseline): {refused}"
    )


def targets(played: Played) -> list[bool]:
    """The issue's targets, judged on the mixed tables: twice the baseline's goals, a higher median rank and HP,
    no order refused."""
    return _targets(played.mixed)


def _targets(found: Found) -> list[bool]:
    assistant, baseline = found["assistant"], found["random"]
    return [
        assistant[0].goals >= 2 * baseline[0].goals and assistant[0].goals > 0,
        float(assistant[1].row()["median rank"]) > float(baseline[1].row()["median rank"]),
        float(assistant[0].row()["median HP"]) > float(baseline[0].row()["median HP"]),
        all(t.refused == 0 for kind in ("assistant", "random") for t in found[kind]),
    ]


def _met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def run(args: argparse.Namespace) -> int:
    first = int(args.seed) if str(args.seed).isdigit() else 0
    seeds = [str(first + i) for i in range(args.seeds)] if str(args.seed).isdigit() else [args.seed]
    with Counted("played", "campaigns") as count:
        played = play(args.phases, seeds, count.progress)
    print("\n".join(table(played)))
    return 0
