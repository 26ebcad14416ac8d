"""Issue 31: a false plot's candidates are pruned before they are checked (one start week stands for all, the
order is checked whole once, for the first actor able to lead it, a multi-area action's widths end at the first
refused one), and the same dice still give the same plots."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from domain.errors import DomainError
from domain.gameofbones.rules import false_plots, order_checks
from domain.gameofbones.rules.false_plot_rolls import Variant
from domain.gameofbones.rules.false_plots import MULTI_AREA, PLOTTABLE, may_lead, shapes, timely_starts
from domain.gameofbones.rules.ordering import plan_order
from domain.gameofbones.tables.actions import ACTIONS
from domain.gameofbones.tables.scales import Sizing
from tests.domain.gameofbones.plot_campaigns import run

SEEDS = range(30)


def unpruned_legal(scene: Any, view: Any, order: Any) -> Any:
    """`legal` before issue 31: every actor's order checked whole."""
    try:
        planned = plan_order(view, order, phase=scene.phase, houses=scene.houses, areas=scene.areas)
    except DomainError:
        return None
    for actor in (view.leader.name, *sorted(view.lieutenants)):
        pending = replace(planned, actor=actor)
        try:
            false_plots.check_order(view, pending)  # looked up there, so that `played` counts it
        except DomainError:
            continue
        return pending
    return None


def unpruned_fitting_starts(scene: Any, view: Any, order: Any) -> tuple[int, ...]:
    return tuple(
        s for s in timely_starts(scene, order) if unpruned_legal(scene, view, replace(order, start_week=s)) is not None
    )


def unpruned_can_plot(scene: Any, view: Any) -> bool:
    return may_lead(view, scene.phase) and any(
        unpruned_legal(scene, view, replace(order, start_week=s)) is not None
        for action in PLOTTABLE
        for order in shapes(scene, view, action)
        for s in timely_starts(scene, order)
    )


def unpruned_variants(scene: Any, view: Any, action: Any, *, first: bool = False) -> list[Variant]:
    """`variants` before the widths were cut at the first refused one: every shape checked."""
    found = [Variant(o, unpruned_fitting_starts(scene, view, o), len(o.area_ids)) for o in shapes(scene, view, action)]
    return [v for v in found if v.starts][: 1 if first else None]


def played(monkeypatch: pytest.MonkeyPatch) -> tuple[list[Any], int]:
    """Every seed's plots, true and false, with the phantoms planted, and how many orders were checked whole."""
    checks = 0
    whole = order_checks.check_order

    def counted(*args: Any, **kwargs: Any) -> None:
        nonlocal checks
        checks += 1
        whole(*args, **kwargs)

    monkeypatch.setattr(false_plots, "check_order", counted)
    results = []
    for seed in SEEDS:
        plots = run(seed)
        assert plots.problems == []
        results.append((plots.true, plots.false, plots.phantoms))
    return results, checks


def test_the_pruned_search_gives_the_same_plots_on_the_same_dice_with_fewer_checks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pruned, pruned_checks = played(monkeypatch)
    assert any(false for _, false, _ in pruned), "false plots were rolled"
    with monkeypatch.context() as before:
        before.setattr(false_plots, "legal", unpruned_legal)
        before.setattr(false_plots, "fitting_starts", unpruned_fitting_starts)
        before.setattr(false_plots, "can_plot", unpruned_can_plot)
        before.setattr(false_plots, "variants", unpruned_variants)
        unpruned, unpruned_checks = played(before)
    assert pruned == unpruned
    assert pruned_checks * 2 < unpruned_checks


def test_each_variant_search_finds_what_every_shape_checked_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Wherever the seeded months search a rival's variants (the plotter's, and each rival's `can_plot`), the
    cut search gives what checking every shape gives; and some search did stop at a refused width."""
    pruned = false_plots.variants
    compared, cut = 0, 0

    def both(scene: Any, view: Any, action: Any, *, first: bool = False) -> list[Variant]:
        nonlocal compared, cut
        # The rival as it is, and poorer: a few widths affordable, the wider ones refused.
        for gold in (None, 1_500, 2_500, 4_000):
            rival = view if gold is None else copy.copy(view)
            rival.gold = rival.gold if gold is None else min(gold, rival.gold)
            found = pruned(scene, rival, action, first=first)
            assert found == unpruned_variants(scene, rival, action, first=first), (action, gold)
            compared += 1
            cut += 0 < len(found) < len(shapes(scene, rival, action)) and action in MULTI_AREA and not first
        return pruned(scene, view, action, first=first)

    monkeypatch.setattr(false_plots, "variants", both)
    for seed in SEEDS:
        assert run(seed).problems == []
    assert compared > 100 and cut > 0, (compared, cut)


@pytest.mark.parametrize("action", MULTI_AREA)
def test_a_wider_multi_area_order_costs_no_less(action: Any) -> None:
    """Why the first refused width ends the search: no cost `check_order` compares falls as areas are added."""
    row = ACTIONS[action]
    columns = (row.influence_requirement, row.power_requirement, row.dedicated_influence, row.dedicated_power, row.gold)
    for rank in (0, 3, 9):
        for level in (0, 7):
            sizes = [Sizing(own_rank=rank, target_rank=rank, target_level=level, areas=k) for k in range(1, 200)]
            for cost in columns:
                costs = [cost(size) for size in sizes]
                assert costs == sorted(costs), (action, cost)
