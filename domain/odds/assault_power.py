"""Assault's odds for each amount of power a house may commit (issue 29): seed 000, Assault, "For every 1,000
power the aggressor devotes to the assault" it gains +1 and pays 500 gp, so the odds change with every 1,000."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from domain.gameofbones.rules.force import POWER_PER_ATTACK_BONUS
from domain.gameofbones.rules.garrison import free_power, stationed_power
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.rules.preview import judge
from domain.gameofbones.tables.actions import ActionName
from domain.odds.house_action import HouseOdds, house_odds

if TYPE_CHECKING:
    from domain.gameofbones.aggregate.house import House
    from domain.region import Region


def assault_powers(
    house: House, order: Order, *, phase: int, houses: Mapping[str, House], areas: Mapping[str, Region]
) -> tuple[int, ...]:
    """Each 1,000 of power up to the house's free power (neither dedicated nor stationed), and the free power
    itself: those ordering would accept (the gold, 500 gp per 1,000, is judged as `order_action` judges it)."""
    free = free_power(house, stationed_power(str(house.id), areas.values()))
    steps = {*range(POWER_PER_ATTACK_BONUS, free + 1, POWER_PER_ATTACK_BONUS), free} - {0}
    return tuple(
        p
        for p in sorted(steps)
        if judge(house, replace(order, power=p), phase=phase, houses=houses, areas=areas).allowed
    )


def assault_odds_by_power(
    house: House,
    order: Order,
    *,
    phase: int,
    houses: Mapping[str, House],
    areas: Mapping[str, Region],
    viewer: str | None = None,
) -> tuple[tuple[int, HouseOdds], ...]:
    """`house_odds` of the Assault `order` for each power in `assault_powers`; empty for any other action."""
    if order.action is not ActionName.ASSAULT:
        return ()
    return tuple(
        (p, house_odds(house, replace(order, power=p), phase=phase, houses=houses, areas=areas, viewer=viewer))
        for p in assault_powers(house, order, phase=phase, houses=houses, areas=areas)
    )
