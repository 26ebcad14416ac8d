"""A faction's orders as GraphQL input (seed 002, Faction Actions), made from their one declaration
(domain/factionturn/aggregate/orders.py) by order_shapes.py: one input type per action, chosen with a `@oneOf` input,
so an order the rules do not know cannot be written at all (docs/rules-notes/factionturn-play.md, "Typed orders"). An
input gives the typed `FactionOrders` itself (`to_orders`), which the use case checks whole as it does REST's body."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.factionturn import face as o
from domain.factionturn.face import orders_to_dict
from domain.shapes import Tagged
from service.entrypoints.graphql.core.order_shapes import Builder, Naming, Pair
from service.entrypoints.graphql.factionturn.order_texts import ORDER_TEXTS

NAMING = Naming(
    inputs={o.CustomAction: "CustomActionOrderInput", Tagged: "FactionActionInput"},  # the union's by `Tagged`
    outputs={o.FactionOrders: "FactionOrders", Tagged: "FactionActionOrder"},
    pairs={(o.RepairAsset, "assets"): Pair("RepairStep", ("asset_id", "steps"), 1)},
    extra={o.CustomAction: lambda action: {"definition_key": str(action.definition.get("key", ""))}},
    extra_types={o.CustomAction: {"definition_key": str}},
    union_description="The turn's one action, as ordered.",
    texts=ORDER_TEXTS,
)
ORDERS = Builder(NAMING)

if TYPE_CHECKING:

    class FactionOrdersInput:
        def to_orders(self) -> o.FactionOrders: ...
        def to_dict(self) -> dict[str, Any]: ...
else:
    FactionOrdersInput = ORDERS.input(o.FactionOrders)
    FactionOrdersInput.to_orders = lambda self: ORDERS.to_domain[o.FactionOrders](self)
    FactionOrdersInput.to_dict = lambda self: orders_to_dict(self.to_orders())
