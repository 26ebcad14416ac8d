"""A house's order (seed 000, Taking Action), declared once as typed frozen data (issue 30, item 1).

The declaration is read by domain/shapes.py: the JSON form (REST's body, an assistant's draft) is decoded from it
with field-named refusals (`decode_order`), and the transports describe it from it: GraphQL's `HouseOrderInput`
(service/entrypoints/graphql/gameofbones_inputs.py) and the REST contract's `HouseOrder`
(service/entrypoints/rest/house_order_schema.py, written by `make openapi`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from domain.errors import InvalidInputError
from domain.gameofbones.tables.actions import ActionName
from domain.gameofbones.tables.records import WEEKS_PER_MONTH
from domain.ids import canonical_id
from domain.inputs import LONG_TEXT_MAX
from domain.shapes import Check, Spec, decode

NAME_LIMIT = 200  # an actor's or a target character's name
MOST_AREAS = 50

HouseId = Annotated[str | None, Spec(uuid=True, check="id")]  # canonical (domain/shapes.py); None: there is none


@dataclass(frozen=True)
class Order:
    """An order for one of the fifteen actions (seed 000, Taking Action)."""

    action: Annotated[ActionName, Spec("Its name as the seed prints it.", check="action")]
    actor: Annotated[str, Spec("The leader or lieutenant who leads it.", limit=NAME_LIMIT)]
    target_house_id: HouseId = None
    target_character: Annotated[str | None, Spec(limit=NAME_LIMIT)] = None
    area_ids: Annotated[tuple[Annotated[str, Spec(uuid=True, check="id")], ...], Spec(most=MOST_AREAS)] = ()
    power: Annotated[int, Spec(low=0, high=1_000_000)] = 0  # committed to an Assault, or moved by Troop Movements
    to_area_id: HouseId = None
    covered_action_id: Annotated[
        str | None, Spec("Cover Up: the house's own pending action it covers.", uuid=True, check="id")
    ] = None
    start_week: Annotated[int, Spec(low=1, high=WEEKS_PER_MONTH)] = 1
    # the player's own words, kept with the order as a faction's are (issue 28, item 2)
    narrative: Annotated[str, Spec("The player's own words, kept with the order.", limit=LONG_TEXT_MAX)] = ""


def _action(value: Any, where: str) -> ActionName:
    try:
        return ActionName(str(value).strip())
    except ValueError:
        raise InvalidInputError(
            f"{where}: unknown action {value!r}; choose from {[a.value for a in ActionName]}"
        ) from None


# A house order's ids are UUIDs or refused at once, naming the field (domain/ids.py).
CHECKS: dict[str, Check] = {"action": _action, "id": canonical_id}


def decode_order(data: object, where: str = "order") -> Order:
    """An order from its JSON form (the REST body), read strictly: unknown keys and wrong types are refused."""
    order: Order = decode(Order, data, where, CHECKS)
    return order
