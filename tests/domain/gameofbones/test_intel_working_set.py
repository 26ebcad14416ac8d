"""Issue 26: a house's intel keeps only the working set the rules read (domain/gameofbones/aggregate/working_set.py;
docs/rules-notes/intel-working-set.md). Played on the same dice, months of scheming houses (Intelligence
Gatherings true and false, plots covered up, attacks, source hunts of every attack and of other entries) give the
same outcomes and the same refusals with the working set as with everything kept, as before the change."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from domain.dice import RandomDice
from domain.errors import DomainError
from domain.gameofbones.aggregate import intel as intel_module
from domain.gameofbones.aggregate.intel import HouseIntel
from domain.gameofbones.aggregate.working_set import narrowed
from domain.gameofbones.resolution.ledger import record_hunt
from domain.gameofbones.resolution.month import apply_month, resolve_month
from domain.gameofbones.rules.effects import KnowledgeGained
from domain.gameofbones.rules.hunt import hunt_source
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.records import WEEKS_PER_MONTH
from domain.history import restorable_state
from tests.domain.gameofbones.bones_world import CAMPAIGN, World, house, person
from tests.domain.gameofbones.plot_campaigns import A, campaign, cover_up, random_order

SEEDS, MONTHS = range(6), 6


def orders(world: World, rng: random.Random, phase: int) -> None:
    """As `plot_campaigns.orders_of`, in any month: often an Intelligence Gathering, up to two plots."""
    for me in world.houses.values():
        names = [c.name for c in me.characters]
        draws = [lambda: A.INTELLIGENCE_GATHERING] if rng.random() < 0.9 else []
        for draw in [*draws, *([None] * rng.choice([0, 0, 1, 1, 2]))]:
            for _ in range(12):
                try:
                    order = random_order(rng, world, me) if draw is None else _gather(rng, names)
                    planned = world.order(me, order, phase)
                except DomainError:
                    continue
                if draw is None and planned.action != A.INTELLIGENCE_GATHERING and rng.random() < 0.5:
                    with contextlib.suppress(DomainError):
                        world.order(me, cover_up(rng, names, planned.id), phase)
                break


def _gather(rng: random.Random, names: list[str]) -> Any:
    return Order(A.INTELLIGENCE_GATHERING, rng.choice(names), start_week=rng.randint(1, WEEKS_PER_MONTH))


def play(seed: int) -> tuple[list[Any], dict[str, int]]:
    """Every month's outcomes and each source hunt's result or refusal; and how many entries each intel holds."""
    world = campaign(seed)
    rng = random.Random(seed + 1)
    dice = RandomDice.seeded("working set", seed)
    intel = {hid: HouseIntel(CAMPAIGN, hid) for hid in world.houses}
    learned: dict[str, list[str]] = {hid: [] for hid in world.houses}  # every entry id each house was told
    results: list[Any] = []
    for phase in range(1, MONTHS + 1):
        orders(world, rng, phase)
        report = resolve_month(list(world.houses.values()), list(world.areas.values()), phase, dice, intel)
        apply_month(report, world.houses.values(), world.areas.values(), intel)
        results.append([o.summary() for o in report.outcomes])
        holders = {str(i.id): hid for hid, i in intel.items()} | {hid: hid for hid in world.houses}
        for change in (c for o in report.outcomes for c in o.effects if isinstance(c.effect, KnowledgeGained)):
            assert isinstance(change.effect, KnowledgeGained)
            learned[holders[change.target_id]].append(change.effect.knowledge["id"])
        for hid, holder in sorted(world.houses.items()):  # hunt everything it was ever told, attacks or not, twice
            for entry_id in [*learned[hid], *learned[hid]]:
                try:
                    hunt = hunt_source(holder, entry_id, phase + 1, dice, intel[hid])
                except DomainError as refused:
                    results.append((hid, entry_id, type(refused).__name__, refused.message))
                    continue
                record_hunt(holder, hunt, intel[hid])
                results.append((hid, entry_id, hunt.knowledge))
    return results, {hid: len(i.knowledge) for hid, i in intel.items()}


@pytest.mark.parametrize("seed", SEEDS)
def test_the_same_dice_give_the_same_outcomes_and_refusals_with_the_working_set(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    narrow, narrow_sizes = play(seed)
    with monkeypatch.context() as before:  # everything kept, as before issue 26
        before.setattr(intel_module, "narrowed", lambda entries, phase, week: list(entries))
        kept, kept_sizes = play(seed)
    assert narrow == kept
    assert sum(narrow_sizes.values()) < sum(kept_sizes.values()), (narrow_sizes, kept_sizes)


def test_the_seeds_read_what_the_working_set_keeps() -> None:
    """The comparison above means something: plots known were read (found again, false ones), hunts traced
    attacks and were refused for each reason."""
    results = [r for seed in SEEDS for r in play(seed)[0]]
    months = [o for r in results if isinstance(r, list) for o in r]
    found = [o["result"] for o in months if o["action"] == A.INTELLIGENCE_GATHERING]
    assert any(r.startswith("1 plot") for r in found) and any(
        r.startswith("2 plot") or r == "0 plot(s) discovered" for r in found
    )
    refusals = {r[2] for r in results if isinstance(r, tuple) and len(r) == 4}
    assert {"NotFoundError", "RuleViolationError"} <= refusals
    assert any(isinstance(r, tuple) and len(r) == 3 for r in results), "some hunts were made"


def smear_across_months() -> list[str]:
    """A smear ordered for week 3 resolves in week 6 (next month's second): the month's Intelligence Gathering
    finds it; next month a Force Assessment tells the watcher something in week 5, then its Intelligence
    Gathering, that week, must not find the smear again (it is known); what each action gave."""
    world = World()
    a = house("Plotter", influence=40_000, power=5_000, leader=person("Ama", 12, inn=20))
    b = house(
        "Watcher",
        influence=90_000,
        power=30_000,
        leader=person("Bea", 12, gi=40),
        lieutenants=[person("Bo", 12, gi=40)],
    )
    world.add(a, b)
    area = world.area("Market", controller=a, troops={str(a.id): 1_000})
    intel = {hid: HouseIntel(CAMPAIGN, hid) for hid in world.houses}
    world.order(a, Order(A.SMEAR_CAMPAIGN, "Ama", str(b.id), start_week=3), 1)
    world.order(b, Order(A.INTELLIGENCE_GATHERING, "Bea", start_week=2), 1)
    first = resolve_month([a, b], list(world.areas.values()), 1, RandomDice.seeded("s", 1), intel)
    apply_month(first, [a, b], world.areas.values(), intel)
    results = [o.result for o in first.outcomes]
    world.order(b, Order(A.FORCE_ASSESSMENT, "Bo", area_ids=(area,), start_week=1), 2)
    world.order(b, Order(A.INTELLIGENCE_GATHERING, "Bea", start_week=1), 2)
    report = resolve_month([a, b], list(world.areas.values()), 2, RandomDice.seeded("s", 2), intel)
    apply_month(report, [a, b], world.areas.values(), intel)
    return results + [o.result for o in report.outcomes if o.house_id == str(b.id)]


def test_a_plot_found_stays_known_while_its_action_is_still_to_resolve(monkeypatch: pytest.MonkeyPatch) -> None:
    played = ["1 plot(s) discovered", "assessed", "0 plot(s) discovered"]
    assert smear_across_months() == played
    with monkeypatch.context() as before:
        before.setattr(intel_module, "narrowed", lambda entries, phase, week: list(entries))
        assert smear_across_months() == played


def test_a_snapshot_or_a_restore_from_before_keeps_the_working_set_alone() -> None:
    """Old snapshots (class version 1) and old rollbacks' `StateRestored` held everything, sightings too."""
    old = HouseIntel(CAMPAIGN, "h")
    entries = [
        {"id": "p1", "kind": "plot", "phase": 1, "week": 2, "expected_week": 3},
        {"id": "t1", "kind": "troops", "phase": 2, "week": 6},
        {"id": "a1", "kind": "attack", "phase": 2, "week": 6, "aggressor_house_id": None, "result": "r"},
        {"id": "p2", "kind": "plot", "phase": 2, "week": 7, "expected_week": 9},
    ]
    state = {**restorable_state(old), "knowledge": entries, "sightings": [{"observers": {"x": "s1"}, "knowledge": {}}]}
    snapshot = dict(state)
    HouseIntel.upcast_v1_v2(snapshot)
    assert "sightings" not in snapshot and snapshot["knowledge"] == narrowed(entries, 2, 7) == entries[2:]
    restoring = HouseIntel(CAMPAIGN, "h")
    restoring._state_restored(state, 1, 1, "an old rollback")  # type: ignore[call-arg]
    assert "sightings" not in vars(restoring) and restoring.knowledge == entries[2:]
