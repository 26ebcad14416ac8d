"""Reading a faction's orders from their JSON form, whole and strictly (seed 002, Faction Actions).

Whatever the transport, a submitted order passes here: an unknown key (`actoin`), a wrong type
(`raise_ratings: "force"`), an unknown action, goal or rating is refused with InvalidInputError naming the
field, before anything is written. The rules then check what it asks against the campaign (`phase.check_orders`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from domain.errors import InvalidInputError, NotFoundError
from domain.factionturn.goals import GOALS, goal
from domain.factionturn.holdings import ATTRIBUTES
from domain.factionturn.orders import (
    ACTION_NAMES,
    ANSWERS,
    BOOK_CHOICES,
    AbilityUse,
    Action,
    Attack,
    BuyAsset,
    ChangeHome,
    CustomAction,
    Defence,
    ExpandInfluence,
    FactionOrders,
    GoalChoice,
    Permission,
    RefitAsset,
    RepairAsset,
    SeizeRegion,
    SellAsset,
    Strike,
    UseAssetAbility,
)
from domain.forms import choice, fields, flag, integer, items, text, texts
from domain.gm import CustomActionDef

T = TypeVar("T")
NARRATIVE_LIMIT = 10_000
ORDER_KEYS = frozenset(FactionOrders.__dataclass_fields__)
# Kept in a custom action's definition: the GM's `CustomActionDef.to_dict()` and the seat and reason of its order.
DEFINITION_KEYS = frozenset(CustomActionDef.__dataclass_fields__) | {"seat", "reason"}


def orders_from_dict(data: object, where: str = "orders") -> FactionOrders:
    """Orders from their JSON form, read whole: an unknown key or a wrong type is refused, naming the field."""
    form = fields(data, where, ORDER_KEYS)
    return FactionOrders(
        action=action_from_dict(form.get("action"), f"{where}.action"),
        goal=_goal(form.get("goal"), f"{where}.goal"),
        raise_ratings=_each(_rating, form, "raise_ratings", where),
        defences=_each(_defence, form, "defences", where),
        permissions=_each(_permission, form, "permissions", where),
        rerolls=flag(form, "rerolls", where, True),
        narrative=text(form, "narrative", where, limit=NARRATIVE_LIMIT),
        free_uses=_each(_use, form, "free_uses", where),
        book_of_secrets=choice(form, "book_of_secrets", where, BOOK_CHOICES),
        allow_seizure=texts(form, "allow_seizure", where),
        contest_expansions=flag(form, "contest_expansions", where, True),
    )


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
    if data is None or data == {}:
        return None
    if not isinstance(data, Mapping) or "action" not in data:
        fields(data, where, ("action",), ("action",))
    name = text(data, "action", where)  # type: ignore[arg-type]
    if name == "None":
        fields(data, where, ("action",))
        return None
    kind = next((k for k, known in ACTION_NAMES.items() if known == name), None)
    if kind is None:
        raise InvalidInputError(f"{where}.action: unknown action {name!r}; choose from {sorted(ACTION_NAMES.values())}")
    reader = _READERS[kind]
    return reader(fields(data, where, {"action", *_ALLOWED[kind]}, _REQUIRED.get(kind, ())), where)


def _goal(data: object, where: str) -> GoalChoice | None:
    if data is None or data == {}:
        return None
    form = fields(data, where, ("goal", "target"), ("goal",))
    key = text(form, "goal", where)
    try:
        goal(key)
    except NotFoundError:
        raise InvalidInputError(f"{where}.goal: no faction goal {key!r}; choose from {sorted(GOALS)}") from None
    return GoalChoice(key, text(form, "target", where))


def _each(read: Callable[[object, str], T], form: Mapping[str, Any], key: str, where: str) -> tuple[T, ...]:
    return tuple(read(value, f"{where}.{key}[{i}]") for i, value in enumerate(items(form, key, where)))


def _rating(attribute: object, where: str) -> str:
    if not isinstance(attribute, str) or attribute not in ATTRIBUTES:
        raise InvalidInputError(f"{where}: choose {', '.join(ATTRIBUTES)}, not {attribute!r}"[:200])
    return attribute


def _defence(data: object, where: str) -> Defence:
    form = fields(data, where, ("region_id", "defender_id", "base_absorbs"), ("region_id",))
    return Defence(text(form, "region_id", where), text(form, "defender_id", where),
                   flag(form, "base_absorbs", where, False))  # fmt: skip


def _permission(data: object, where: str) -> Permission:
    form = fields(data, where, ("faction_id", "answer"), ("faction_id",))
    return Permission(text(form, "faction_id", where), choice(form, "answer", where, ANSWERS, "bribe") or "bribe")


def _use(data: object, where: str) -> AbilityUse:
    if isinstance(data, AbilityUse):
        return data
    keys = ("asset_id", "region_id", "target_faction_id", "target_asset_id", "carried_ids", "type_key")
    form = fields(data, where, keys, ("asset_id",))
    return AbilityUse(text(form, "asset_id", where), text(form, "region_id", where),
                      text(form, "target_faction_id", where), text(form, "target_asset_id", where),
                      texts(form, "carried_ids", where), text(form, "type_key", where))  # fmt: skip


def _strike(data: object, where: str) -> Strike:
    keys = ("attacker_id", "target_faction_id", "target_asset_id")
    form = fields(data, where, keys, keys)
    return Strike(*(text(form, k, where) for k in keys))


def _repair_step(data: object, where: str) -> tuple[str, int]:
    if not isinstance(data, list | tuple) or len(data) != 2:
        raise InvalidInputError(f"{where} must be a pair [asset id, healing steps]")
    return text({"asset_id": data[0]}, "asset_id", where), integer({"steps": data[1]}, "steps", where, 1, 1, 100)


def _custom(form: Mapping[str, Any], where: str) -> CustomAction:
    definition = form.get("definition") or {}
    fields(definition, f"{where}.definition", DEFINITION_KEYS)
    return CustomAction(text(form, "name", where, limit=200), integer(form, "turns", where, 1, 1, 100),
                        integer(form, "cost_per_turn", where, 0, 0, 1_000_000), dict(definition))  # fmt: skip


_READERS: dict[type, Callable[[Mapping[str, Any], str], Action]] = {
    Attack: lambda f, w: Attack(_each(_strike, f, "strikes", w)),
    BuyAsset: lambda f, w: BuyAsset(text(f, "type_key", w), text(f, "region_id", w), text(f, "for_asset_id", w)),
    ChangeHome: lambda f, w: ChangeHome(text(f, "region_id", w)),
    ExpandInfluence: lambda f, w: ExpandInfluence(text(f, "region_id", w), integer(f, "hp", w, 0, 0, 1_000_000)),
    RefitAsset: lambda f, w: RefitAsset(text(f, "asset_id", w), text(f, "type_key", w)),
    RepairAsset: lambda f, w: RepairAsset(_each(_repair_step, f, "assets", w), flag(f, "faction", w, False)),
    SellAsset: lambda f, w: SellAsset(text(f, "asset_id", w)),
    SeizeRegion: lambda f, w: SeizeRegion(text(f, "region_id", w)),
    UseAssetAbility: lambda f, w: UseAssetAbility(_each(_use, f, "uses", w)),
    CustomAction: _custom,
}  # fmt: skip
_ALLOWED: dict[type, tuple[str, ...]] = {
    Attack: ("strikes",), BuyAsset: ("type_key", "region_id", "for_asset_id"), ChangeHome: ("region_id",),
    ExpandInfluence: ("region_id", "hp"), RefitAsset: ("asset_id", "type_key"), RepairAsset: ("assets", "faction"),
    SellAsset: ("asset_id",), SeizeRegion: ("region_id",), UseAssetAbility: ("uses",),
    CustomAction: ("name", "turns", "cost_per_turn", "definition"),
}  # fmt: skip
_REQUIRED: dict[type, tuple[str, ...]] = {
    BuyAsset: ("type_key", "region_id"), ChangeHome: ("region_id",), ExpandInfluence: ("region_id", "hp"),
    RefitAsset: ("asset_id", "type_key"), SellAsset: ("asset_id",), SeizeRegion: ("region_id",),
    CustomAction: ("name",),
}  # fmt: skip
