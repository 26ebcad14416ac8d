"""A faction's orders read back (seed 002, Faction Actions), typed as they were given: one output type per action,
joined in the `FactionActionOrder` union, beside the standing choices; made from the orders' one declaration
(order_inputs.py's builder). Read from what `Faction.submit_order` stored, old forms included (`stored_orders`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.factionturn import face as o
from domain.factionturn.face import stored_orders
from service.entrypoints.graphql.factionturn.order_inputs import ORDERS

if TYPE_CHECKING:

    class FactionOrders:
        @classmethod
        def of(cls, stored: dict[str, Any]) -> FactionOrders: ...
else:
    FactionOrders = ORDERS.output(o.FactionOrders, first=[("phase", int)])

    def _of(cls: type, stored: dict[str, Any]) -> Any:
        orders = stored_orders({k: v for k, v in stored.items() if k != "phase"})
        return ORDERS.of_domain[o.FactionOrders](orders, phase=int(stored["phase"]))

    FactionOrders.of = classmethod(_of)
