"""The REST contract's order components, generated from the orders' one declaration
(domain/factionturn/aggregate/orders.py and domain/gameofbones/forms/orders.py, read by domain/shapes.py): `make
openapi` writes them into openapi/openapi.yaml, each system's between two marker lines, and
tests/entrypoints/rest/test_openapi_orders.py fails when the file and the generation differ.

A faction's one action is a discriminated union: `oneOf` one component per action, told apart by its `action`
name (`discriminator.propertyName`), each holding exactly its own fields, the ones without a default required.
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path
from typing import Any, get_args, get_origin

import yaml

from domain.factionturn.face import ACTIONS, FactionOrders
from domain.gameofbones.face import ACTIONS as HOUSE_ACTIONS
from domain.gameofbones.face import ONE_AREA, ActionName, Order, Target
from domain.shapes import Spec, Tagged, form_fields, is_enum, is_form, optional, scalar_spec, unwrap

BEGIN = "    # generated from domain/factionturn/aggregate/orders.py by `make openapi`; do not edit by hand (begin)\n"
END = "    # generated from domain/factionturn/aggregate/orders.py by `make openapi` (end)\n"
HOUSE_BEGIN = "    # generated from domain/gameofbones/forms/orders.py by `make openapi`; do not edit by hand (begin)\n"
HOUSE_END = "    # generated from domain/gameofbones/forms/orders.py by `make openapi` (end)\n"
UNION = "FactionAction"
NO_ACTION = "NoActionOrder"
CONTRACT = Path(__file__).resolve().parents[3] / "openapi" / "openapi.yaml"


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def component_name(cls: type) -> str:
    return f"{cls.__name__}Order" if cls in ACTIONS.names else cls.__name__


def order_components() -> dict[str, Any]:
    """Every component a faction's orders need, in the order they are declared, the action union last."""
    found: dict[str, Any] = {}
    _collect(FactionOrders, found)
    found[NO_ACTION] = _tagged_member(None, "None", "No action this turn: the faction bides its time.")
    for cls, name in ACTIONS.names.items():
        found[component_name(cls)] = _tagged_member(cls, name, _doc(cls))
    found[UNION] = {
        "description": "The turn's one action, by the name seed 002 prints, with exactly the fields that action takes "
        "(REST keeps snake_case and the seed's names; GraphQL's FactionActionInput is the same, typed).",
        "oneOf": [ref(NO_ACTION), *(ref(component_name(cls)) for cls in ACTIONS.names)],
        "discriminator": {
            "propertyName": ACTIONS.tag,
            "mapping": {"None": ref(NO_ACTION)["$ref"]}
            | {name: ref(component_name(cls))["$ref"] for cls, name in ACTIONS.names.items()},
        },
    }
    return found


def _collect(cls: type, found: dict[str, Any]) -> None:
    found[component_name(cls)] = _object(cls, _doc(cls))
    for f in form_fields(cls):
        for inner in _forms_in(f.hint, f.spec):
            if component_name(inner) not in found and inner not in ACTIONS.names:
                _collect(inner, found)
    if cls is FactionOrders:
        for action in ACTIONS.names:
            for f in form_fields(action):
                for inner in _forms_in(f.hint, f.spec):
                    if component_name(inner) not in found:
                        _collect(inner, found)


def _forms_in(hint: Any, spec: Any) -> list[type]:
    base, _ = optional(hint)
    if isinstance(spec, Tagged):
        return []
    if get_origin(base) is tuple:
        base, _ = unwrap(get_args(base)[0])
    return [base] if is_form(base) else []


def _doc(cls: type) -> str:
    return " ".join((inspect.getdoc(cls) or cls.__name__).split("\n\n")[0].split())


def _object(cls: type | None, description: str, tag: tuple[str, str] | None = None) -> dict[str, Any]:
    declared = form_fields(cls) if cls is not None else ()
    required = ([tag[0]] if tag else []) + [f.name for f in declared if f.required]
    properties = {tag[0]: {"type": "string", "enum": [tag[1]]}} if tag else {}
    properties |= {f.name: _property(f.hint, f.spec, f.default) for f in declared}
    shape: dict[str, Any] = {"type": "object", "additionalProperties": False, "description": description}
    return shape | ({"required": required} if required else {}) | {"properties": properties}


def _tagged_member(cls: type | None, name: str, description: str) -> dict[str, Any]:
    return _object(cls, description, (ACTIONS.tag, name))


def _property(hint: Any, spec: Spec | Tagged, default: Any) -> dict[str, Any]:
    base, nullable = optional(hint)
    if isinstance(spec, Tagged):
        return {"description": "The turn's one action; null or absent: none.", "anyOf": [ref(UNION), {"type": "null"}]}
    described = {"description": spec.doc} if spec.doc else {}
    if is_form(base):
        return described | (
            {"anyOf": [ref(component_name(base)), {"type": "null"}]} if nullable else ref(component_name(base))
        )
    shape = _value(base, spec)
    if nullable and "type" in shape:  # `X | None = None`: null is none
        shape["type"] = [shape["type"], "null"]
    if default not in (None, "", (), {}) and not isinstance(default, dict):
        shape["default"] = default
    return described | shape


def _value(hint: Any, spec: Spec) -> dict[str, Any]:
    if spec.schema:
        return ref(spec.schema)
    if get_origin(hint) is tuple and get_args(hint)[-1] is Ellipsis:
        item, item_spec = unwrap(get_args(hint)[0])
        items_spec = Spec(options=spec.options) if spec.options else scalar_spec(item_spec)
        return {"type": "array", "maxItems": spec.most, "items": _value(item, items_spec)}
    if get_origin(hint) is tuple:  # a fixed pair
        members = [_value(item, scalar_spec(item_spec)) for item, item_spec in map(unwrap, get_args(hint))]
        return {"type": "array", "prefixItems": members, "minItems": len(members), "maxItems": len(members)}
    if is_form(hint):
        return ref(component_name(hint))
    if is_enum(hint):
        return {"type": "string", "enum": [m.value for m in hint]}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer", "minimum": spec.low, "maximum": spec.high}
    if spec.options:
        return {"type": "string", "enum": list(spec.options)}
    if spec.uuid:
        return {"type": "string", "format": "uuid"}
    return {"type": "string", "maxLength": spec.limit}


def house_order_components() -> dict[str, Any]:
    """A house's order (domain/gameofbones/forms/orders.py): one object, its action an enum, and what the rules ask of
    the actions that name areas (domain/gameofbones/rules/ordering.py `check_areas`; seed 000, Taking Action)."""
    shape = _object(Order, _doc(Order))
    naming = [
        a.value for a, row in HOUSE_ACTIONS.items() if row.target in (Target.AREAS, Target.ANY_AREAS, Target.MOVE)
    ]
    one = [a.value for a in ONE_AREA]
    shape["allOf"] = [
        {
            "if": {"properties": {"action": {"enum": naming}}},
            "then": {"required": ["area_ids"], "properties": {"area_ids": {"minItems": 1, "uniqueItems": True}}},
        },
        {
            "if": {"properties": {"action": {"enum": one}}},
            "then": {
                "description": f"{', '.join(one[:-1])} and {one[-1]} name one area.",
                "properties": {"area_ids": {"maxItems": 1}},
            },
        },
        {
            "if": {"properties": {"action": {"const": ActionName.ASSAULT.value}}},
            "then": {
                "required": ["power"],
                "properties": {"power": {"minimum": 1, "description": "An Assault commits some power."}},
            },
        },
        {
            "if": {"properties": {"action": {"const": ActionName.TROOP_MOVEMENTS.value}}},
            "then": {
                "required": ["to_area_id"],
                "properties": {
                    "to_area_id": {"type": "string", "format": "uuid", "description": "Where the troops go."}
                },
            },
        },
    ]
    return {"HouseOrder": shape}


# Each generated block: its markers (the file it is generated from) and its components.
BLOCKS = ((BEGIN, END, order_components), (HOUSE_BEGIN, HOUSE_END, house_order_components))


def generated_block(begin: str = BEGIN, end: str = END, components: Any = order_components) -> str:
    text = yaml.safe_dump(components(), sort_keys=False, width=116, allow_unicode=True)
    return begin + "".join(f"    {line}\n" for line in text.splitlines()) + end


def contract_with_orders(contract: str) -> str:
    """The contract's text with its generated blocks replaced by a new generation."""
    for begin, end, components in BLOCKS:
        head, rest = contract.split(begin, 1)
        _, tail = rest.split(end, 1)
        contract = head + generated_block(begin, end, components) + tail
    return contract


def main() -> int:
    CONTRACT.write_text(contract_with_orders(CONTRACT.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
