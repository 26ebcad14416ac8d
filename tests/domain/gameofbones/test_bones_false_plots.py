"""Seed 000, Intelligence Gathering, Failure Result: "You discover one false action targeted against you."
A false plot must read exactly like one a legal order of the named rival could produce (issue 14, leak 1);
a Cover Up under way hides the author from plots found before it lands (issue 14, leak 2)."""

from __future__ import annotations

from typing import Any

from domain.dice import Dice, FixedDice, RandomDice
from domain.gameofbones.resolution.ledger import Ledger, apply_outcome
from domain.gameofbones.resolution.month import apply_month, resolve_month
from domain.gameofbones.rules.covert import resolve_intelligence_gathering
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.rules.outcomes import Outcome
from domain.gameofbones.rules.scene import Scene
from domain.gameofbones.tables.actions import ACTIONS
from domain.gameofbones.tables.actions import ActionName as A
from domain.gameofbones.tables.records import WEEKS_PER_MONTH, absolute_week
from tests.domain.gameofbones.bones_world import World, court, house, person


class ThenRandom:
    """Scripted faces first (a failed Intelligence Gathering), then a seeded stream for the false plot."""

    def __init__(self, first: list[int], seed: int) -> None:
        self.first, self.rest = FixedDice(first), RandomDice.seeded("false plots", seed)

    def roll(self, sides: int) -> int:
        return self.first.roll(sides) if self.first.remaining else self.rest.roll(sides)


def gather(world: World, holder: Any, actor: str, dice: Dice, start_week: int = 1) -> Outcome:
    pending = world.order(holder, Order(A.INTELLIGENCE_GATHERING, actor, start_week=start_week))
    scene = Scene(holder, pending, pending.resolve_week, world.houses, world.areas)
    outcome = resolve_intelligence_gathering(scene, dice)
    apply_outcome(outcome, Ledger(world.houses, world.areas))
    return outcome


def baenre_spied_on() -> tuple[World, Any, Any, list[str]]:
    """Baenre (rank 6) holds two areas; Xorlarrin (rank 2, 3,000/3,000) can afford only the cheap area actions."""
    world, a, b = court()
    mine = [world.area("Palace", controller=a, income=4_000), world.area("Bazaar", controller=a, income=2_000)]
    world.area("Warrens", controller=b, troops={str(b.id): 3_000})
    return world, a, b, mine


def expected_weeks(action: A, phase: int, week: int) -> set[int]:
    """Every week an order of `action` given this month could resolve in, after `week` and within four weeks."""
    row = ACTIONS[action]
    length = row.resolves_after_weeks or row.weeks or 0
    starts = (absolute_week(phase, s) for s in range(1, WEEKS_PER_MONTH + 1))
    return {w for w in (s + length - 1 for s in starts) if week < w <= week + WEEKS_PER_MONTH}


def test_a_false_plot_names_only_an_action_the_rival_meets_the_requirements_of_with_real_areas() -> None:
    """Xorlarrin cannot pay for Frame Up, Poison Pill, Smear, Assassination or Wrest Control against Baenre."""
    for seed in range(12):
        world, a, _, mine = baenre_spied_on()
        gather(world, a, "Yvonnel", ThenRandom([1], seed))  # 1+10+6 = 17 against DC 20
        [plot] = a.knowledge
        assert plot["action"] in {"Assault", "Extortion", "Force Assessment", "Vandalism"}, plot
        areas = set(plot["area_ids"])
        assert areas and areas <= set(world.areas), plot
        if plot["action"] != "Force Assessment":
            assert areas <= set(mine), "a hostile area action strikes areas its target controls"
        else:
            assert areas & set(mine), "Intelligence Gathering finds an assessment only of the house's own areas"


def test_a_false_plots_expected_week_fits_the_named_actions_time_and_the_month() -> None:
    for seed in range(16):
        world, a, b, _ = baenre_spied_on()
        b.change_influence(20_000, "favour")  # now Frame Up, Smear and the rest are within reach
        week = 1 + seed % 4
        gather(world, a, "Yvonnel", ThenRandom([1], seed), start_week=week)
        [plot] = a.knowledge
        assert plot["expected_week"] in expected_weeks(A(plot["action"]), 1, week), plot


def test_a_rival_that_has_used_its_actions_this_month_is_never_named() -> None:
    world, a, b, _ = baenre_spied_on()
    warrens = next(i for i, r in world.areas.items() if r.name == "Warrens")
    world.order(b, Order(A.FORCE_ASSESSMENT, "Zeerith", area_ids=(warrens,)))  # rank 2: its one action
    outcome = gather(world, a, "Yvonnel", ThenRandom([1], 0))
    assert (a.knowledge, outcome.result) == ([], "0 plot(s) discovered")


def test_a_rival_whose_action_already_landed_this_month_is_not_named_either() -> None:
    world, a, b, _ = baenre_spied_on()
    warrens = next(i for i, r in world.areas.items() if r.name == "Warrens")
    world.order(b, Order(A.FORCE_ASSESSMENT, "Zeerith", area_ids=(warrens,)))
    world.order(a, Order(A.INTELLIGENCE_GATHERING, "Dab", start_week=2))
    # Xorlarrin assesses in week 1 and its resources are released; then Dab fails in week 2 (1+0+1).
    houses, areas = list(world.houses.values()), list(world.areas.values())
    apply_month(resolve_month(houses, areas, 1, ThenRandom([15, 1], 0)), houses, areas)
    assert a.knowledge == []


def test_a_false_plot_can_come_without_an_aggressor_as_a_covered_true_one_does() -> None:
    """Baenre (rank 6, two actions) could cover a plot against Xorlarrin: some false plots name no one."""
    named = []
    for seed in range(24):
        world, a, b = court()
        world.area("Warrens", controller=b)
        gather(world, b, "Zeerith", ThenRandom([1], seed))  # 1+5+2 = 8
        [plot] = b.knowledge
        named.append(plot["aggressor_house_id"])
    assert set(named) == {None, str(a.id)}


def test_intelligence_gathering_before_a_covered_action_does_not_name_its_author() -> None:
    """Seed 000, Cover Up: "all evidence tying the noble house to the action it wishes to disavow is destroyed"."""
    world, a, b = court()
    a.update_character(person("Dab", 9, dip=20))
    b.update_character(person("Zeerith", 8, gi=15, sm=5))
    smear = world.order(a, Order(A.SMEAR_CAMPAIGN, "Yvonnel", str(b.id)))
    world.order(a, Order(A.COVER_UP, "Dab", covered_action_id=smear.id))
    world.order(b, Order(A.INTELLIGENCE_GATHERING, "Zeerith"))
    world.month([10, 4, 10, 15])  # IG 10+15+2 = 27 in week 1; the Cover Up 25 and the Smear in week 4
    plot, attack = b.knowledge
    assert (plot["kind"], plot["action"], plot["expected_week"]) == ("plot", "Smear Campaign", 4)
    assert (plot["aggressor_house_id"], attack["aggressor_house_id"]) == (None, None)


def test_force_assessment_plans_do_not_name_a_house_whose_action_is_being_covered_up() -> None:
    world, a, b = court()
    c = house(
        "Melarn",
        influence=30_000,
        power=6_000,
        leader=person("Zhindia", 12, gi=20),
        lieutenants=[person("Ilphrin", 9, dip=20)],
    )
    world.add(c)
    palace = world.area("Palace", controller=b, income=4_000)
    vandals = world.order(a, Order(A.VANDALISM, "Yvonnel", str(b.id), area_ids=(palace,), start_week=2))
    world.order(a, Order(A.COVER_UP, "Dab", covered_action_id=vandals.id))
    world.order(c, Order(A.FORCE_ASSESSMENT, "Zhindia", area_ids=(palace,)))
    world.month([20, 4, 20, 1, 1])  # Melarn 20+20+6 = 46: plans seen in week 1; then the cover and vandals
    [seen] = c.knowledge
    assert seen["plans"] == [{"action": "Vandalism", "house_id": None, "week": 2}]
