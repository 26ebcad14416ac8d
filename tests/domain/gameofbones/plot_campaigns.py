"""Seeded random campaigns of scheming houses, for the false-plot property tests: every house orders what a
random player might (legal orders only, through `order_action`), often an Intelligence Gathering, and covers
a plot up on an even coin when it can; the month then resolves on seeded dice."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any
from unittest import mock

from domain.dice import Dice, RandomDice
from domain.errors import DomainError
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.resolution.month import resolve_month
from domain.gameofbones.rules import covert
from domain.gameofbones.rules.effects import KnowledgeGained
from domain.gameofbones.rules.false_plots import PLOTTABLE
from domain.gameofbones.rules.order_checks import check_order
from domain.gameofbones.rules.ordering import Order, plan_order
from domain.gameofbones.rules.scene import GM_ONLY, Scene
from domain.gameofbones.tables.actions import ACTIONS, ActionName, Target
from domain.gameofbones.tables.records import WEEKS_PER_MONTH, PendingAction
from tests.domain.gameofbones.bones_world import World, house, person

A = ActionName
SKILLS = ("gi", "sm", "dip", "inn", "intim", "hide")


def campaign(seed: int) -> World:
    rng = random.Random(seed)
    world = World()
    for n in range(rng.randint(4, 5)):
        lieutenants = [person(f"L{n}{i}", rng.randint(4, 14), **skills(rng)) for i in range(rng.randint(1, 3))]
        world.add(
            house(
                f"House {n}",
                influence=rng.choice([8_000, 20_000, 40_000, 90_000, 150_000]),
                power=rng.choice([2_000, 5_000, 10_000, 30_000]),
                gold=rng.choice([20_000, 60_000]),
                leader=person(f"Matron {n}", rng.randint(5, 14), **skills(rng)),
                lieutenants=lieutenants,
                secret=f"s{seed}-{n}",
            )
        )
    houses = list(world.houses.values())
    for i in range(rng.randint(4, 7)):
        owner = rng.choice([*houses, None])
        troops = {str(h.id): rng.choice([0, 0, 1_000, 3_000]) for h in houses}
        world.area(
            f"Area {i}",
            income=rng.choice([1_000, 4_000]),
            controller=owner,
            troops={h: p for h, p in troops.items() if p},
        )
    return world


def skills(rng: random.Random) -> dict[str, int]:
    return {s: rng.randint(0, 10) for s in SKILLS}


def random_order(rng: random.Random, world: World, me: House) -> Order:
    action = rng.choice(PLOTTABLE) if rng.random() < 0.7 else rng.choice(list(A))
    row = ACTIONS[action]
    actor = rng.choice([c.name for c in me.characters])
    rivals = [h for h in world.houses.values() if h.id != me.id]
    target = rng.choice(rivals)
    theirs = [a for a in target.area_ids] or list(world.areas)
    start = rng.randint(1, WEEKS_PER_MONTH)
    if row.target is Target.CHARACTER:
        return Order(action, actor, str(target.id), rng.choice([c.name for c in target.characters]), start_week=start)
    if row.target is Target.HOUSE:
        return Order(action, actor, str(target.id), start_week=start)
    if row.target is Target.AREAS:
        areas = tuple(rng.sample(theirs, rng.randint(1, len(theirs)) if action in (A.EXTORTION, A.VANDALISM) else 1))
        power = rng.choice([1_000, 2_000]) if action is A.ASSAULT else 0
        return Order(action, actor, str(target.id), area_ids=areas, power=power, start_week=start)
    if row.target is Target.ANY_AREAS:
        areas = tuple(rng.sample(list(world.areas), rng.randint(1, 3)))
        return Order(action, actor, area_ids=areas, start_week=start)
    if row.target is Target.MOVE:
        held = [a for a, r in world.areas.items() if r.troops.get(str(me.id), 0) > 0] or list(world.areas)
        src = rng.choice(held)
        return Order(
            action, actor, area_ids=(src,), to_area_id=rng.choice(list(world.areas)), power=1_000, start_week=start
        )
    if row.target is Target.ACTION:
        mine = [p.id for p in me.orders_in(1)] or ["none"]
        return Order(action, actor, covered_action_id=rng.choice(mine), start_week=start)
    return Order(action, actor, start_week=start)


def give_orders(world: World, rng: random.Random) -> None:
    for me in world.houses.values():
        orders_of(world, me, rng)


def orders_of(world: World, me: House, rng: random.Random) -> None:
    """Often an Intelligence Gathering, up to two plots (none some months), each covered up on an even coin."""
    names = [c.name for c in me.characters]
    if rng.random() < 0.9:
        try_order(
            world,
            me,
            lambda: Order(A.INTELLIGENCE_GATHERING, rng.choice(names), start_week=rng.randint(1, WEEKS_PER_MONTH)),
        )
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        plot = try_order(world, me, lambda: random_order(rng, world, me))
        if plot is not None and plot.action in PLOTTABLE and rng.random() < 0.5:
            try_order(world, me, partial(cover_up, rng, names, plot.id))


def cover_up(rng: random.Random, names: list[str], action_id: str) -> Order:
    return Order(A.COVER_UP, rng.choice(names), covered_action_id=action_id)


def try_order(world: World, me: House, draw: Callable[[], Order], tries: int = 12) -> PendingAction | None:
    for _ in range(tries):
        try:
            return world.order(me, draw())
        except DomainError:
            continue
    return None


@dataclass
class Plots:
    """Every plot the month's Intelligence Gatherings gave their holders, true and false, with the checks."""

    true: list[dict[str, Any]] = field(default_factory=list)
    false: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    phantoms: dict[str, list[PendingAction]] = field(default_factory=dict)


def run(seed: int) -> Plots:
    world = campaign(seed)
    rng = random.Random(seed + 1)
    give_orders(world, rng)
    plots = Plots()
    booked = {hid: tuple(h.orders_in(1)) for hid, h in world.houses.items()}
    with checking(plots, booked):
        report = resolve_month(
            list(world.houses.values()), list(world.areas.values()), 1, RandomDice.seeded("plots", seed)
        )
    for outcome, gain in ((o, c.effect) for o in report.outcomes for c in o.effects):
        if isinstance(gain, KnowledgeGained) and gain.knowledge["kind"] == "plot":
            (plots.false if gain.knowledge["id"] in outcome.false_ids else plots.true).append(gain.knowledge)
    return plots


@contextmanager
def checking(plots: Plots, booked: dict[str, tuple[PendingAction, ...]]) -> Iterator[None]:
    """Check each false plot the moment it is made, against the campaign as it then stands."""
    original = covert.phantom_plot

    def spy(scene: Scene, dice: Dice) -> Any:
        rolled = original(scene, dice)
        if rolled is not None:
            plots.problems += check_phantom(scene, rolled, booked, plots.phantoms)
        return rolled

    with mock.patch.object(covert, "phantom_plot", spy):
        yield


def check_phantom(
    scene: Scene, rolled: Any, booked: dict[str, tuple[PendingAction, ...]], phantoms: dict[str, list[PendingAction]]
) -> list[str]:
    """The phantom must be exactly what `plan_order` makes of an order the rival could submit now, on top of
    everything it has ordered this month and the phantoms already planted in its name; and a cover up likewise."""
    phantom, rid, cover, _ = rolled
    rival = scene.houses[rid]
    view = copy.copy(rival)
    book = dict(rival.pending)
    for p in (*booked.get(rid, ()), *phantoms.get(rid, [])):
        book.setdefault(
            p.id, p if p.release_week >= scene.week else replace(p, dedicated_influence=0, dedicated_power=0)
        )
    view.pending = book
    problems = []
    order = Order(
        A(phantom.action),
        phantom.actor,
        phantom.target_house_id,
        phantom.target_character,
        phantom.area_ids,
        int(phantom.params["power"]),
        phantom.params["to_area_id"],
        start_week=phantom.start_week - (scene.phase - 1) * WEEKS_PER_MONTH,
    )
    try:
        planned = plan_order(view, order, phase=scene.phase, houses=scene.houses, areas=scene.areas)
        check_order(view, planned)
    except DomainError as refused:
        return [f"{rival.name} could not order {order}: {refused.message}"]
    if replace(planned, id=phantom.id) != phantom:
        problems.append(f"the phantom {phantom} is not what the order plans: {planned}")
    aimed = phantom.target_house_id == scene.house_id or set(phantom.area_ids) & set(scene.house.area_ids)
    if not aimed or not scene.week < phantom.resolve_week <= scene.week + WEEKS_PER_MONTH:
        problems.append(f"Intelligence Gathering in week {scene.week} could not find {phantom}")
    phantoms.setdefault(rid, []).append(phantom)
    if cover is not None:
        view.pending = {**book, phantom.id: phantom}
        cover_order = Order(A.COVER_UP, cover.actor, covered_action_id=phantom.id, start_week=1)
        try:
            check_order(view, plan_order(view, cover_order, phase=scene.phase, houses=scene.houses, areas=scene.areas))
        except DomainError as refused:
            problems.append(f"{rival.name} could not cover up {phantom.id}: {refused.message}")
        phantoms[rid].append(cover)
    return problems


def visible(plot: dict[str, Any]) -> dict[str, Any]:
    """The plot as its holder's seat reads it (service/usecases/visibility/gm_hand.py drops the GM's part)."""
    return {k: v for k, v in plot.items() if k != GM_ONLY}
