"""Reading a faction's orders from their JSON form, whole and strictly (seed 002, Faction Actions).

Whatever the transport, a submitted order passes here: an unknown key (`actoin`), a wrong type
(`raise_ratings: "force"`), an unknown action, goal or rating is refused with InvalidInputError naming the
field, before anything is written. The rules then check what it asks against the campaign (`phase.check_orders`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.errors import InvalidInputError, NotFoundError
from domain.factionturn.aggregate.holdings import ATTRIBUTES
from domain.factionturn.aggregate.orders import ACTION_NAMES, BOOK_CHOICES, Action, FactionOrders
from domain.factionturn.tables.goals import GOALS, goal
from domain.forms import fields, integer, text
from domain.gm import CustomActionDef
from domain.ids import canonical_spelling
from domain.shapes import Check, Tagged, decode, decode_tagged

ORDER_KEYS = frozenset(FactionOrders.__dataclass_fields__)
# Kept in a custom action's definition: the GM's `CustomActionDef.to_dict()` and the seat and reason of its order.
DEFINITION_KEYS = frozenset(CustomActionDef.__dataclass_fields__) | {"seat", "reason"}


def orders_from_dict(data: object, where: str = "orders") -> FactionOrders:
    """Orders from their JSON form, read whole: an unknown key or a wrong type is refused, naming the field."""
    orders: FactionOrders = decode(FactionOrders, data, where, CHECKS)
    return orders


def stored_orders(data: Mapping[str, Any]) -> FactionOrders:
    """Orders as `Faction.submit_order` stored them, old ones included: before the typed fields, the standing
    choices lived in a free-form `extras` object and unknown keys were ignored. Both are read as they were then
    (what no rule read is left out); a stored order still malformed is refused as at submission."""
    known = {k: v for k, v in data.items() if k in ORDER_KEYS}
    extras = data.get("extras")
    if isinstance(extras, Mapping):
        known |= {k: v for k, v in _legacy_extras(extras).items() if k not in known}
    return orders_from_dict(known)


def _legacy_extras(extras: Mapping[str, Any]) -> dict[str, Any]:
    """What the rules read from `extras`, and how: a Book of Secrets choice only when "own" or "force", the
    seizures allowed as a list of ids, `contest_expansions` by its truth."""
    lifted: dict[str, Any] = {}
    if "free_uses" in extras:
        lifted["free_uses"] = extras["free_uses"]
    if extras.get("book_of_secrets") in BOOK_CHOICES:
        lifted["book_of_secrets"] = extras["book_of_secrets"]
    if isinstance(extras.get("allow_seizure"), list):
        lifted["allow_seizure"] = [a for a in extras["allow_seizure"] if isinstance(a, str)]
    if "contest_expansions" in extras:
        lifted["contest_expansions"] = bool(extras["contest_expansions"])
    return lifted


def action_from_dict(data: object, where: str = "action") -> Action | None:
    """One action from its flat form (`{"action": "Buy Asset", "type_key": ..., "region_id": ...}`); `{}`,
    null or `{"action": "None"}` is no action."""
    action: Action | None = decode_tagged(ACTIONS, data, where, CHECKS)
    return action


def _goal(key: str, where: str) -> str:
    try:
        goal(key)
    except NotFoundError:
        raise InvalidInputError(f"{where}: no faction goal {key!r}; choose from {sorted(GOALS)}") from None
    return key


def _rating(attribute: object, where: str) -> str:
    if not isinstance(attribute, str) or attribute not in ATTRIBUTES:
        raise InvalidInputError(f"{where}: choose {', '.join(ATTRIBUTES)}, not {attribute!r}"[:200])
    return attribute


def _repair_step(data: object, where: str) -> tuple[str, int]:
    if not isinstance(data, list | tuple) or len(data) != 2:
        raise InvalidInputError(f"{where} must be a pair [asset id, healing steps]")
    asset_id = text({"asset_id": data[0]}, "asset_id", where)
    return canonical_spelling(asset_id), integer({"steps": data[1]}, "steps", where, 1, 1, 100)


def _definition(definition: Mapping[str, Any], where: str) -> dict[str, Any]:
    fields(definition, where, DEFINITION_KEYS)
    return dict(definition)


ACTIONS = Tagged("action", ACTION_NAMES, none="None")
# The rules' own tests of what the form has read, named by the orders' declaration (`Spec.check`).
CHECKS: Mapping[str, Check] = {"goal": _goal, "rating": _rating, "repair_step": _repair_step, "definition": _definition}
