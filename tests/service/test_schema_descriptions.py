"""The description registry (service/entrypoints/graphql/descriptions.py): every entry has one home."""

from __future__ import annotations

import pytest
from graphql import build_schema

from service.entrypoints.graphql import descriptions
from service.entrypoints.graphql.schema import DESCRIPTION_PROBLEMS, schema

SDL = '''
type Query {
  "Described in the code."
  kept(campaignId: ID!): Thing!
  things(first: Int, after: String, last: Int, before: String): ThingConnection!
  plain(after: Int): Thing!
}
type Thing { name: String! }
type ThingConnection { edges: [Thing!]! }
'''


def test_every_registry_entry_names_an_undescribed_element_of_the_schema() -> None:
    assert DESCRIPTION_PROBLEMS == []


def test_a_stale_or_doubled_entry_is_reported_and_shared_arguments_are_described_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(descriptions, "TEXTS", {"Thing.name": "Its name.", "Query.kept": "Again.", "Gone.field": "x"})
    monkeypatch.setattr(descriptions, "SCALARS", {})
    tiny = build_schema(SDL)
    problems = descriptions.describe(tiny)
    assert problems == ["Query.kept: described in the code too; keep one",
                        "Gone.field: not in the schema; remove it from the descriptions"]  # fmt: skip
    assert tiny.type_map["Thing"].fields["name"].description == "Its name."  # type: ignore[attr-defined]
    query = tiny.query_type
    assert query is not None
    assert query.fields["kept"].args["campaignId"].description == "The campaign's id."
    assert query.fields["things"].args["after"].description == descriptions.PAGE_ARGUMENTS["after"]
    assert query.fields["plain"].args["after"].description is None  # not a cursor: its field says what it means


def test_the_served_schema_carries_the_registry_descriptions() -> None:
    faction = schema._schema.type_map["Faction"]
    assert faction.fields["force"].description == "Its Force rating."  # type: ignore[attr-defined]
