"""Issue 30, items 1 and 2: the REST contract's order components are generated from the orders' one declaration
(domain/factionturn/aggregate/orders.py), and the action is a discriminated union standard generators can type."""

from __future__ import annotations

from typing import Any

from domain.factionturn.aggregate.orders import ACTION_NAMES
from domain.factionturn.tables.enums import FactionActionName
from service.entrypoints.rest.contract import CONTRACT_PATH, contract
from service.entrypoints.rest.order_schemas import contract_with_orders, order_components


def test_the_contracts_order_components_are_the_generation() -> None:
    text = CONTRACT_PATH.read_text(encoding="utf-8")
    assert contract_with_orders(text) == text, "run `make openapi`: openapi/openapi.yaml's orders are stale"


def test_each_action_is_a_member_of_the_union_with_its_own_required_fields() -> None:
    schemas: dict[str, Any] = contract()["components"]["schemas"]
    union = schemas["FactionAction"]
    assert union["discriminator"]["propertyName"] == "action"
    assert set(union["discriminator"]["mapping"]) == {n.value for n in FactionActionName}
    assert [b["$ref"] for b in union["oneOf"]] == list(union["discriminator"]["mapping"].values())
    buy = schemas["BuyAssetOrder"]
    assert buy["required"] == ["action", "type_key", "region_id"] and buy["additionalProperties"] is False
    assert buy["properties"]["action"]["enum"] == ["Buy Asset"]
    assert set(buy["properties"]) == {"action", "type_key", "region_id", "for_asset_id"}


def test_a_field_added_to_an_order_reaches_the_contract() -> None:
    """The generation reads the declaration: every field of every action is a property of its member."""
    components = order_components()
    for cls, name in ACTION_NAMES.items():
        member = next(c for c in components.values() if c.get("properties", {}).get("action", {}).get("enum") == [name])
        assert set(member["properties"]) == {"action", *cls.__dataclass_fields__}, name
