"""An order given: planned and checked by the rules (rules/ordering.py, order_checks.py), then recorded on the House."""

from __future__ import annotations

from collections.abc import Mapping

from domain.gameofbones.aggregate.house import House
from domain.gameofbones.rules.garrison import stationed_power
from domain.gameofbones.rules.ordering import Order, plan_order
from domain.gameofbones.tables.records import PendingAction
from domain.region import Region


def order_action(
    house: House, order: Order, *, phase: int, houses: Mapping[str, House], areas: Mapping[str, Region]
) -> PendingAction:
    """Check and record an order; raises before any event when the rules forbid it. `areas`: the whole map, so
    that the house's power stationed anywhere is kept out of what the order dedicates (garrison.py)."""
    pending = plan_order(house, order, phase=phase, houses=houses, areas=areas)
    house.order_action(pending, stationed_power(str(house.id), areas.values()))
    return pending
