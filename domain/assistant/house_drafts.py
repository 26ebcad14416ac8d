"""Drafting a house's orders for the month (issue 19): the preview's allowed actions weighed, the best given,
then the next with what is left, while the house has actions, leaders and a choice worth making.

Each order is planned and checked on a copy of the house exactly as `order_action` checks a given order
(domain/gameofbones/rules/preview.py), so the draft given in turn is accepted in turn. Seed 000, Taking Action:
what an action dedicates is held for its weeks, so later choices see less free.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING

from domain.assistant.drafts import Choice, Dice, HouseDraft, best, tie_breaks
from domain.assistant.faction_scores import pct
from domain.assistant.temperaments import WEIGHTS
from domain.enums import Temperament
from domain.gameofbones.resolution.orders_given import order_action
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.rules.preview import HouseOption, preview_house
from domain.gameofbones.tables.actions import ActionName
from domain.odds import house_success

if TYPE_CHECKING:
    from domain.gameofbones.aggregate.house import House
    from domain.region import Region

A = ActionName
# What a success is worth, in thousands of influence-or-power, and which aim it serves (seed 000's effects:
# a Public Relations Campaign's +2,000 influence, a Smear's −1,000 on the rival, an area's income and rank).
VALUE: Mapping[ActionName, tuple[float, str]] = {
    A.PUBLIC_RELATIONS_CAMPAIGN: (2.0, "grow"),
    A.DIVINE_PETITION: (2.5, "grow"),
    A.WREST_CONTROL: (3.0, "wealth"),
    A.ASSAULT: (1.5, "strike"),
    A.VANDALISM: (0.8, "strike"),
    A.EXTORTION: (1.0, "wealth"),
    A.SMEAR_CAMPAIGN: (1.0, "covert"),
    A.FRAME_UP: (1.5, "covert"),
    A.POISON_PILL: (0.8, "covert"),
    A.ASSASSINATION: (2.0, "strike"),
    A.INTELLIGENCE_GATHERING: (0.3, "covert"),
    A.COUNTERINTELLIGENCE: (0.4, "guard"),
    A.FORCE_ASSESSMENT: (0.1, "covert"),
    A.COVER_UP: (0.2, "guard"),
    A.TROOP_MOVEMENTS: (0.0, "guard"),
}
MAX_ORDERS = 8  # no rank of seed 000's table gives more actions a month than this


def draft_house(
    house: House,
    *,
    phase: int,
    houses: Mapping[str, House],
    areas: Mapping[str, Region],
    temperament: Temperament,
    dice: Dice,
) -> HouseDraft:
    """The house's drafted orders for the open month, in the order they are to be given."""
    work = copy.deepcopy(house)
    pool = {**houses, str(house.id): work}
    weights = WEIGHTS[temperament]
    orders: list[Order] = []
    chosen: list[Choice] = []
    passed: list[Choice] = []
    for _ in range(MAX_ORDERS):
        options = [o for o in preview_house(work, phase=phase, houses=pool, areas=areas) if o.allowed]
        weighed = [(o, score_house_option(work, o, pool, areas, phase, weights, temperament.value)) for o in options]
        jitter = tie_breaks(dice, len(weighed))
        pick = best([(c.score + j, i) for i, ((_, c), j) in enumerate(zip(weighed, jitter, strict=True))])
        if pick is None:
            break
        option, choice = weighed[pick]
        order_action(work, option.order, phase=phase, houses=pool, areas=areas)
        orders.append(option.order)
        chosen.append(choice)
        if not passed:
            passed = sorted((c for o, c in weighed if o is not option), key=lambda c: -c.score)[:3]
    return HouseDraft(str(house.id), temperament.value, tuple(orders), tuple(chosen), tuple(passed))


def score_house_option(
    house: House,
    option: HouseOption,
    houses: Mapping[str, House],
    areas: Mapping[str, Region],
    phase: int,
    weights: Mapping[str, float],
    temperament: str,
) -> Choice:
    order = option.order
    worth, aim = VALUE[order.action]
    chance = success_chance(house, order, houses, areas, phase)
    gold = option.cost.gold / 1_000
    value = weights[aim] * worth * chance - 0.05 * gold * weights["risk"]
    rival = houses.get(order.target_house_id or "")
    against = f" against {rival.name}" if rival else ""
    aim_words = {
        "grow": "to rise in rank",
        "wealth": "for income and areas",
        "strike": "to weaken a rival",
        "covert": "to work in the shadows",
        "guard": "to guard the house",
    }[aim]
    summary = f"{order.actor} leads {order.action.value}{against} for {option.cost.gold} gp"
    return Choice(summary, (f"{temperament}: {aim_words}",), (f"{pct(chance)} to succeed",), value)


def success_chance(
    house: House, order: Order, houses: Mapping[str, House], areas: Mapping[str, Region], phase: int
) -> float:
    """The GM's exact chance that the order's check succeeds (domain/odds, from the truth): seed 000's d20 with
    every modifier the resolution applies, against its DC and the defender's opposing roll. `house_success` is
    `house_odds(...).success` without the bands' effects, which no score reads."""
    return float(house_success(house, order, phase=phase, houses=houses, areas=areas))
