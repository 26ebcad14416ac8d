"""Drafting a house's orders for the month (issue 19): the preview's allowed actions weighed, the best given,
then the next with what is left, while the house has actions, leaders and a choice worth making.

Each order is planned and checked on a copy of the house exactly as `order_action` checks a given order
(domain/gameofbones/preview.py), so the draft given in turn is accepted in turn. Seed 000, Taking Action:
what an action dedicates is held for its weeks, so later choices see less free.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING

from domain.assistant.drafts import Choice, Dice, HouseDraft, best, tie_breaks
from domain.assistant.estimates import check_odds, opposed_odds
from domain.assistant.faction_scores import pct
from domain.assistant.temperaments import WEIGHTS
from domain.enums import Temperament
from domain.gameofbones.actions import ACTIONS, RANK_CHECK, ActionName, Sizing
from domain.gameofbones.ordering import Order, order_action
from domain.gameofbones.preview import HouseOption, preview_house

if TYPE_CHECKING:
    from domain.gameofbones.house import House
    from domain.region import Region

A = ActionName
# What a success is worth, in thousands of influence-or-power, and which aim it serves (seed 000's effects:
# a Public Relations Campaign's +2,000 influence, a Smear's −1,000 on the rival, an area's income and rank).
VALUE: Mapping[ActionName, tuple[float, str]] = {
    A.PUBLIC_RELATIONS_CAMPAIGN: (2.0, "grow"), A.DIVINE_PETITION: (2.5, "grow"), A.WREST_CONTROL: (3.0, "wealth"),
    A.ASSAULT: (1.5, "strike"), A.VANDALISM: (0.8, "strike"), A.EXTORTION: (1.0, "wealth"),
    A.SMEAR_CAMPAIGN: (1.0, "covert"), A.FRAME_UP: (1.5, "covert"), A.POISON_PILL: (0.8, "covert"),
    A.ASSASSINATION: (2.0, "strike"), A.INTELLIGENCE_GATHERING: (0.3, "covert"),
    A.COUNTERINTELLIGENCE: (0.4, "guard"), A.FORCE_ASSESSMENT: (0.1, "covert"), A.COVER_UP: (0.2, "guard"),
    A.TROOP_MOVEMENTS: (0.0, "guard"),
}  # fmt: skip
MAX_ORDERS = 8  # no rank of seed 000's table gives more actions a month than this


def draft_house(house: House, *, phase: int, houses: Mapping[str, House], areas: Mapping[str, Region],
                temperament: Temperament, dice: Dice) -> HouseDraft:  # fmt: skip
    """The house's drafted orders for the open month, in the order they are to be given."""
    work = copy.deepcopy(house)
    pool = {**houses, str(house.id): work}
    weights = WEIGHTS[temperament]
    orders: list[Order] = []
    chosen: list[Choice] = []
    passed: list[Choice] = []
    for _ in range(MAX_ORDERS):
        options = [o for o in preview_house(work, phase=phase, houses=pool, areas=areas) if o.allowed]
        weighed = [(o, score_house_option(work, o, pool, phase, weights, temperament.value)) for o in options]
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


def score_house_option(house: House, option: HouseOption, houses: Mapping[str, House], phase: int,
                       weights: Mapping[str, float], temperament: str) -> Choice:  # fmt: skip
    order = option.order
    worth, aim = VALUE[order.action]
    chance = success_chance(house, order, houses, phase)
    gold = option.cost.gold / 1_000
    value = weights[aim] * worth * chance - 0.05 * gold * weights["risk"]
    rival = houses.get(order.target_house_id or "")
    against = f" against {rival.name}" if rival else ""
    aim_words = {"grow": "to rise in rank", "wealth": "for income and areas", "strike": "to weaken a rival",
                 "covert": "to work in the shadows", "guard": "to guard the house"}[aim]  # fmt: skip
    summary = f"{order.actor} leads {order.action.value}{against} for {option.cost.gold} gp"
    return Choice(summary, (f"{temperament}: {aim_words}",), (f"{pct(chance)} to succeed",), value)


def success_chance(house: House, order: Order, houses: Mapping[str, House], phase: int) -> float:
    """Seed 000: d20 + skill + Action Bonus against the DC, and beating the defender's opposing d20 (ties to
    the defender); a rank check sets the Action Bonus against the defender's Rank and defence."""
    row = ACTIONS[order.action]
    defender = houses.get(order.target_house_id or "")
    ordinal = len(house.orders_in(phase))
    bonuses = house.action_bonuses(phase)
    bonus = bonuses[min(ordinal, len(bonuses) - 1)]
    level = 0
    if defender is not None:
        level = defender.character(order.target_character).level if order.target_character else defender.leader.level
    dc = row.dc(Sizing(own_rank=house.rank, target_level=level, power=order.power)) if row.dc else None
    defence = 0
    if defender is not None and row.defence is not None:
        held = defender.defences(phase)
        defence = held.influence if row.defence.value == "influence" else held.power
    if row.skill == RANK_CHECK:
        own = bonus
    else:
        actor = house.character(order.actor)
        own = actor.modifier(str(row.skill)) + bonus
    if defender is None or row.opposed_by is None:
        return check_odds(own, dc) if dc is not None else 1.0
    if row.opposed_by == RANK_CHECK:
        opposing = defender.effective_rank(phase) + defence
    else:
        roller = defender.best(str(row.opposed_by))
        opposing = (roller.modifier(str(row.opposed_by)) if roller else 0) + defence
    return opposed_odds(own, opposing, dc)
