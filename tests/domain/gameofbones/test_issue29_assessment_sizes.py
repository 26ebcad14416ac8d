"""Issue 29: a false Force Assessment is shaped like a real one. Over 400 seeded months of scheming houses whose
real assessments name one area and each further one on an even chance (what a house pays for again, up to the
whole city), the assessments Intelligence Gathering finds, true and false, name as many areas."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from unittest import mock

from domain.dice import RandomDice
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.resolution.month import resolve_month
from domain.gameofbones.rules import false_plots
from domain.gameofbones.rules.effects import KnowledgeGained
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName as A
from domain.gameofbones.tables.records import WEEKS_PER_MONTH
from tests.domain.gameofbones.bones_world import World
from tests.domain.gameofbones.plot_campaigns import campaign, try_order

MONTHS = 400  # ~25 ms each; some 300 true and 75 false assessments found


def widened(rng: random.Random, city: int) -> int:
    """A real assessment's size: one area, then each further one on an even chance."""
    size = 1
    while size < city and rng.random() < 0.5:
        size += 1
    return size


def assess(world: World, me: House, rng: random.Random) -> None:
    names = [c.name for c in me.characters]
    try_order(
        world,
        me,
        lambda: Order(A.INTELLIGENCE_GATHERING, rng.choice(names), start_week=rng.randint(1, WEEKS_PER_MONTH)),
    )
    try_order(
        world,
        me,
        lambda: Order(
            A.FORCE_ASSESSMENT,
            rng.choice(names),
            area_ids=tuple(rng.sample(list(world.areas), widened(rng, len(world.areas)))),
            start_week=rng.randint(1, WEEKS_PER_MONTH),
        ),
    )


@cache
def found() -> tuple[Counter[int], Counter[int]]:
    """Areas named by the true and by the false assessments found; a false plot is always an assessment here,
    so that enough of them are found (the size is drawn after the action, so this changes no size)."""
    true, false = Counter[int](), Counter[int]()
    with mock.patch.object(false_plots, "PLOTTABLE", (A.FORCE_ASSESSMENT,)):
        for seed in range(MONTHS):
            world, rng = campaign(seed), random.Random(seed + 1)
            for me in world.houses.values():
                assess(world, me, rng)
            report = resolve_month(
                list(world.houses.values()), list(world.areas.values()), 1, RandomDice.seeded("assessments", seed)
            )
            for outcome, gain in ((o, c.effect) for o in report.outcomes for c in o.effects):
                if not isinstance(gain, KnowledgeGained):
                    continue
                if gain.knowledge["kind"] == "plot" and gain.knowledge["action"] == A.FORCE_ASSESSMENT.value:
                    (false if gain.knowledge["id"] in outcome.false_ids else true)[len(gain.knowledge["area_ids"])] += 1
    return true, false


def test_false_assessments_name_as_many_areas_as_the_real_ones_found() -> None:
    """Seed 000, Force Assessment: "Cost: 1,000 gp per target area, 200 Influence per target area." A false plot's
    size is drawn as a real order's, weighed by how often a real one that wide is found (it must name one of the
    holder's areas). Before issue 29 it was uniform up to the whole city: a mean of 3.3 areas against 2.5, a total
    variation distance of 0.29. The bounds: 0.4 is some 2.4 standard errors of the difference of the means over
    these counts, 0.22 twice the distance sampling alone gives (observed: 0.04 and 0.14)."""
    true, false = found()
    n_true, n_false = sum(true.values()), sum(false.values())
    assert n_true >= 200 and n_false >= 50
    mean_true = sum(k * n for k, n in true.items()) / n_true
    mean_false = sum(k * n for k, n in false.items()) / n_false
    assert abs(mean_true - mean_false) <= 0.4, (true, false)
    sizes = set(true) | set(false)
    distance = sum(abs(true[k] / n_true - false[k] / n_false) for k in sizes) / 2
    assert distance <= 0.22, (true, false)
    assert set(false) <= set(true), "no false size that no real one has"
