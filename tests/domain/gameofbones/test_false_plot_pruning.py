"""Issue 31: a false plot's candidates are pruned before they are checked (one start week stands for all, the
order is checked whole once, for the first actor able to lead it), and the same dice still give the same plots."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from domain.errors import DomainError
from domain.gameofbones.rules import false_plots, order_checks
from domain.gameofbones.rules.false_plots import PLOTTABLE, may_lead, shapes, timely_starts
from domain.gameofbones.rules.ordering import plan_order
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
        unpruned, unpruned_checks = played(before)
    assert pruned == unpruned
    assert pruned_checks * 2 < unpruned_checks
