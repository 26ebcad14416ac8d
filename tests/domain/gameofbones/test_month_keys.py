"""Issue 31, P6: a month names each change's target by the ledger's kept key (the target's id as text, kept by
the object) and each house's income by its area's controller (the house's key in the ledger), not by a str(UUID)
each time: on the same dice, months of scheming houses give the same changes as naming each by `str(id)`."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.dice import RandomDice
from domain.gameofbones.aggregate.effect_record import record
from domain.gameofbones.aggregate.intel import HouseIntel
from domain.gameofbones.resolution import ledger as ledgers
from domain.gameofbones.resolution import month
from domain.gameofbones.rules import effects as fx
from domain.gameofbones.rules.effects import Change, Effect
from domain.gameofbones.rules.scene import Scene
from domain.gameofbones.tables.records import WEEKS_PER_MONTH
from tests.domain.gameofbones.bones_world import CAMPAIGN
from tests.domain.gameofbones.plot_campaigns import campaign
from tests.domain.gameofbones.test_intel_working_set import orders


def by_str_id(self: ledgers.Ledger, aggregate: Any, effect: Effect) -> None:
    """`Ledger.record` as it was: the target named by `str(aggregate.id)`."""
    record(aggregate, effect)
    self.changes.append(Change(str(aggregate.id), effect))


def accrue_by_str_id(ledger: ledgers.Ledger, week: int, earned: dict[str, dict[str, int]]) -> None:
    """`accrue_income` as it was: the owner's income kept under `str(owner.id)`."""
    for area_id, area in sorted(ledger.areas.items()):
        owner = ledger.houses.get(area.controlling_house_id or "")
        if owner is None or owner.destroyed:
            continue
        share = area.monthly_income * week // WEEKS_PER_MONTH - area.monthly_income * (week - 1) // WEEKS_PER_MONTH
        damage = owner.area_damage.get(area_id)
        percent = damage.income_percent() if damage else 100
        earned[str(owner.id)][area_id] = earned[str(owner.id)].get(area_id, 0) + share * percent // 100
        if damage is not None and damage.after_a_week() != damage:
            later = damage.after_a_week()
            ledger.record(
                owner,
                fx.AreaDamageSet(area_id, later.dark_weeks, later.half_weeks, later.repair_cost, "a week passed"),
            )


def months(seed: int) -> tuple[list[Change], set[str]]:
    """Four months' changes, and the ids of every house, area and intel as text."""
    world, rng, dice = campaign(seed), random.Random(seed), RandomDice.seeded(f"keys {seed}")
    intel = {hid: HouseIntel(CAMPAIGN, hid) for hid in world.houses}
    changes: list[Change] = []
    for phase in range(1, 5):
        orders(world, rng, phase)
        houses, areas = list(world.houses.values()), list(world.areas.values())
        report = month.resolve_month(houses, areas, phase, dice, intel)
        month.apply_month(report, houses, areas, intel)
        changes += report.changes
    ids = {str(a.id) for a in (*world.houses.values(), *world.areas.values(), *intel.values())}
    return changes, ids


@pytest.mark.parametrize("seed", range(6))
def test_a_months_changes_are_those_named_by_str_id(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    kept, ids = months(seed)
    assert {c.target_id for c in kept} <= ids
    assert any(type(c.effect).__name__ == "IncomeReceived" for c in kept)
    monkeypatch.setattr(ledgers.Ledger, "record", by_str_id)
    monkeypatch.setattr(month, "accrue_income", accrue_by_str_id)
    plain, _ = months(seed)
    assert kept == plain


def test_a_target_outside_the_ledger_is_named_by_its_id() -> None:
    world = campaign(3)
    houses = list(world.houses.values())
    ledger = ledgers.Ledger({str(h.id): h for h in houses[1:]}, {})
    outside = houses[0]
    ledger.record(outside, fx.GoldChanged(5, "a gift"))
    ledger.record(houses[1], fx.GoldChanged(5, "a gift"))
    assert [c.target_id for c in ledger.changes] == [str(outside.id), str(houses[1].id)]


@pytest.mark.parametrize("seed", range(3))
def test_a_scenes_knowledge_ids_are_each_holders_knowledge_id(seed: int) -> None:
    """A troop movement names every observer's entry at once (`knowledge_ids`): each as `knowledge_id` names it."""
    world, rng = campaign(seed), random.Random(seed)
    orders(world, rng, 1)
    for house in world.houses.values():
        for pending in house.pending.values():
            scene = Scene(house, pending, pending.resolve_week, world.houses, world.areas)
            holders = [h for h in sorted(world.houses) if h != scene.house_id]
            for kind, index in (("movement", 0), ("plot", rng.randint(0, 3))):
                named = scene.knowledge_ids(iter(holders), kind, index)
                assert list(named) == holders
                assert named == {h: scene.knowledge_id(h, kind, index) for h in holders}
