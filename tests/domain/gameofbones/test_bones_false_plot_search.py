"""Issue 16: a false plot's plotter is rolled among the rivals found able to plot by the first legal order
(`can_plot`), and only the rolled one's variants are listed in full. Those are the very rivals the full search
found (each with at least one variant), so the same dice give the same plots."""

from __future__ import annotations

from typing import Any

import pytest

from domain.gameofbones.rules import false_plots
from domain.gameofbones.rules.false_plots import PLOTTABLE, variants
from tests.domain.gameofbones.plot_campaigns import run


def test_the_rivals_able_to_plot_are_those_with_any_variant(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[bool] = []
    quick = false_plots.can_plot

    def both(scene: Any, view: Any) -> bool:
        found = quick(scene, view)
        assert found == any(variants(scene, view, action) for action in PLOTTABLE)
        checked.append(found)
        return found

    monkeypatch.setattr(false_plots, "can_plot", both)
    for seed in range(40):
        assert run(seed).problems == []
    assert True in checked and False in checked, "both kinds of rival were met"
