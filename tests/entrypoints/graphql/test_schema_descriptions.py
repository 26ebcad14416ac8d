"""The description registry (service/entrypoints/graphql/core/descriptions.py): every entry has one home, every
description says what the value means in more than its name, and every object field says who sees it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from graphql import GraphQLEnumType, build_schema

from service.entrypoints.graphql.core import descriptions
from service.entrypoints.graphql.core.order_shapes import Naming
from service.entrypoints.graphql.core.visibility import decisions
from service.entrypoints.graphql.factionturn import order_inputs
from service.entrypoints.graphql.gameofbones import inputs as gameofbones_inputs
from service.entrypoints.graphql.schema import DESCRIPTION_PROBLEMS, schema

SDL = """
type Query {
  "Described in the code."
  kept(campaignId: ID!): Thing!
  things(first: Int, after: String, last: Int, before: String): ThingConnection!
  plain(after: Int): Thing!
}
type Thing { name: String! }
type ThingConnection { edges: [Thing!]! }
"""


def test_every_registry_entry_names_an_undescribed_element_of_the_schema() -> None:
    assert DESCRIPTION_PROBLEMS == []


def test_a_stale_or_doubled_entry_is_reported_and_shared_arguments_are_described_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(descriptions, "TEXTS", {"Thing.name": "Its name.", "Query.kept": "Again.", "Gone.field": "x"})
    tiny = build_schema(SDL)
    problems = descriptions.describe(tiny)
    assert problems == [
        "Query.kept: described in the code too; keep one",
        "Gone.field: not in the schema; remove it from the descriptions",
    ]
    assert tiny.type_map["Thing"].fields["name"].description == "Its name."  # type: ignore[attr-defined]
    query = tiny.query_type
    assert query is not None
    assert query.fields["kept"].args["campaignId"].description == descriptions.SHARED_ARGUMENTS["campaignId"]
    assert query.fields["things"].args["after"].description == descriptions.PAGE_ARGUMENTS["after"]
    assert query.fields["plain"].args["after"].description is None  # not a cursor: its field says what it means


@pytest.mark.parametrize(
    "naming", [order_inputs.NAMING, gameofbones_inputs.HOUSE_ORDERS.naming], ids=["faction", "house"]
)
def test_each_text_given_beside_an_order_declaration_is_on_its_type_or_field(naming: Naming) -> None:
    """The order types made from the orders' declaration take GraphQL's own words from `Naming.texts`: each names a
    type or field of the served schema, which carries that text (before the visibility clause)."""
    wrong = []
    for coordinate, text in naming.texts.items():
        type_name, _, field_name = coordinate.partition(".")
        named = schema._schema.type_map.get(type_name)
        element = named if not field_name or named is None else getattr(named, "fields", {}).get(field_name)
        if element is None or descriptions.own_text(element.description or "") != text:
            wrong.append(coordinate)
    assert wrong == []


def test_the_served_schema_carries_the_registry_descriptions() -> None:
    faction = schema._schema.type_map["Faction"]
    force = faction.fields["force"].description  # type: ignore[attr-defined]
    assert force.startswith("Its Force rating, 1-8 (seed 002)")
    assert force.endswith(" Visibility: every seat, and a request with no token.")


MIN_WORDS = 4  # "HP", "Its name.", "The asset's id." say nothing a field's name and type do not


def _normal(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def weakness(name: str, description: str | None) -> str | None:
    """Why a description tells a client nothing more than its name, or None when it says more."""
    if not description:
        return "no description"
    own = descriptions.own_text(description)
    bare = re.sub(r"^(its|the|their|a|an)\b", "", own.strip().lower()).strip()
    if _normal(bare) in (_normal(name), _normal(name) + "s") or _normal(own) == _normal(name):
        return f"repeats its name: {own!r}"
    if len(re.findall(r"[\w`'’+-]+", own)) < MIN_WORDS:
        return f"under {MIN_WORDS} words: {own!r}"
    return None


def _elements() -> Iterator[tuple[str, str, str | None]]:
    """(coordinate, name, description) of every type, field, argument, input field and enum value."""
    for type_name, named in schema._schema.type_map.items():
        if type_name.startswith("__") or type_name in ("String", "Int", "Float", "Boolean", "ID"):
            continue
        yield type_name, type_name, named.description
        for value_name, value in named.values.items() if isinstance(named, GraphQLEnumType) else ():
            yield f"{type_name}.{value_name}", value_name, value.description
        for field_name, field in getattr(named, "fields", {}).items():
            yield f"{type_name}.{field_name}", field_name, field.description
            for arg_name, argument in getattr(field, "args", {}).items():
                yield f"{type_name}.{field_name}({arg_name}:)", arg_name, argument.description


def test_every_description_says_what_the_value_means_not_just_its_name() -> None:
    weak = [f"{where}: {why}" for where, name, text in _elements() if (why := weakness(name, text))]
    assert not weak, f"{len(weak)} descriptions to write out (in the code or {descriptions.__name__}):\n" + "\n".join(
        weak
    )


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("hp", "HP"),
        ("maxHp", "Max HP."),
        ("name", "Its name."),
        ("assetId", "The asset's id."),
        ("kind", "Its kind."),
        ("hp", "Its HP. Visibility: every seat, and a request with no token."),
    ],
)
def test_a_description_that_repeats_its_name_or_is_a_few_words_is_weak(name: str, text: str) -> None:
    assert weakness(name, text) is not None


def test_a_description_that_says_what_it_means_is_not_weak() -> None:
    assert weakness("hp", "Its hit points now: 0 destroys it.") is None


def test_every_object_field_says_who_sees_it_as_its_visibility_decision_says() -> None:
    missing = []
    for where, decision in decisions(schema._schema).items():
        type_name, field_name = where.split(".")
        text = schema._schema.type_map[type_name].fields[field_name].description  # type: ignore[attr-defined]
        if decision is None or not text or not text.endswith(descriptions.MEANING[decision] + "."):
            missing.append(f"{where} ({decision}): {text!r}")
    assert not missing, "\n".join(missing)
