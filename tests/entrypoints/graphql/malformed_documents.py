"""Hand-made malformed requests to /graphql, part two: documents and variables (issue 25, item 3).

Under application/json each is answered 200 with its codes, as today's clients expect;
tests/entrypoints/graphql/test_graphql_over_http.py has their 400s under application/graphql-response+json.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from tests.entrypoints.graphql.malformed_requests import Case, raw, sent

PARSE, INVALID, INPUT = "GRAPHQL_PARSE_FAILED", "GRAPHQL_VALIDATION_FAILED", "BAD_USER_INPUT"
NOBODY = "00000000-0000-0000-0000-000000000000"
CAMPAIGN = "query ($id: UUID!) { campaign(id: $id) { id } }"
FIRST = "query ($n: Int) { campaigns(first: $n) { totalCount } }"


def doc(name: str, query: str, *codes: str, status: int = 200, says: str = "", **variables: Any) -> Case:
    return replace(sent(name, {"query": query, "variables": variables or None}, status, *codes), says=says)


def nested(depth: int) -> str:
    """Selections nested `depth` deep under `campaigns` (the schema has no cycle, so the fields are made up)."""
    return "query Deep { campaigns { " + "".join(f"f{i} {{ " for i in range(depth)) + "id" + " }" * depth + " } }"


def chain(length: int) -> str:
    """Fragments each nesting the next one level deeper: a nesting spelled in fragments."""
    body = " ".join(f"fragment F{i} on Query {{ campaigns {{ f{i} {{ ...F{i + 1} }} }} }}" for i in range(length))
    return f"query Chain {{ ...F0 }} {body} fragment F{length} on Query {{ __typename }}"


def doubling(levels: int) -> str:
    """Each fragment spreads the next twice: 2**levels spreads once expanded, in a document of a few lines."""
    body = " ".join(f"fragment D{i} on Query {{ ...D{i + 1} ...D{i + 1} }}" for i in range(levels))
    return f"{{ ...D0 }} {body} fragment D{levels} on Query {{ __typename }}"


# The tables keep their hand-made line breaks.
# fmt: off
SYNTAX = [
    doc("a document of one open brace", "{", PARSE),
    doc("a closing brace alone", "}", PARSE),
    doc("an unclosed selection", "{ campaigns { totalCount }", PARSE),
    doc("blank text", "   ", PARSE),
    doc("a comment alone", "# nothing here", PARSE),
    doc("an unclosed variable list", "query Q( { __typename }", PARSE),
    doc("a variable without a name", "query ($: Int) { __typename }", PARSE),
    doc("an argument without a value", "{ campaigns(first: ) { totalCount } }", PARSE),
    doc("a fragment without a name", "fragment on Query { __typename } { ...on }", PARSE),
    doc("a spread without a name", "{ ... }", PARSE),
    doc("an alias without a field", "{ a: }", PARSE),
    doc("an unterminated string", '{ campaign(id: "abc) { id } }', PARSE),
    doc("an unterminated block string", '{ campaign(id: """abc) { id } }', PARSE),
    doc("a bad escape", '{ campaign(id: "\\u12") { id } }', PARSE),
    doc("a number ending in a dot", "{ campaigns(first: 1.) { totalCount } }", PARSE),
    doc("a hexadecimal number", "{ campaigns(first: 0x10) { totalCount } }", PARSE),
    doc("a number with a leading zero", "{ campaigns(first: 01) { totalCount } }", PARSE),
    doc("a lone at sign", "{ campaigns @ { totalCount } }", PARSE),
    doc("a lone dollar", "{ campaigns(first: $) { totalCount } }", PARSE),
    doc("a name that is not ASCII", "{ campañas }", PARSE),
    doc("a NUL in the document", "{ __typename \u0000 }", PARSE),
    doc("a control character in the document", "{ __typename \u0007 }", PARSE),
    doc("a keyword repeated", "query query query", PARSE),
    doc("a bare subscription keyword", "subscription", PARSE),
    doc("an extra closing brace", "{ __typename } }", PARSE),
    doc("an unclosed list", "{ campaigns(first: [1, ) { totalCount } }", PARSE),
    doc("an unclosed object value", '{ campaign(id: {a: "b") { id } }', PARSE),
    doc("a directive without a name", "{ __typename @ }", PARSE),
    doc("a variable definition list with no variables", "query () { __typename }", PARSE),
    doc("a document over the character limit", "{ __typename }" + " " * 100_001, PARSE),
    doc("a document over the token limit", "{ campaigns { " + "totalCount " * 2001 + "} }", PARSE),
    doc("inline fragments nested too deep to parse", "{" + " ... on Query {" * 400 + " __typename" + " }" * 401,
        PARSE),
]
VALIDATION = [
    doc("an unknown field", "{ nothingHere }", INVALID),
    doc("an unknown argument", "{ campaigns(nope: 1) { totalCount } }", INVALID),
    doc("a required argument left out", "{ campaign { id } }", INVALID),
    doc("a number for a UUID", "{ campaign(id: 5) { id } }", INVALID),
    doc("a string for an Int", '{ campaigns(first: "x") { totalCount } }', INVALID),
    doc("a float for an Int", "{ campaigns(first: 1.5) { totalCount } }", INVALID),
    doc("an Int past 32 bits", "{ campaigns(first: 99999999999) { totalCount } }", INVALID),
    doc("an Int of a hundred digits", "{ campaigns(first: " + "9" * 100 + ") { totalCount } }", INVALID),
    doc("null for a required argument", "{ campaign(id: null) { id } }", INVALID),
    doc("a list for a UUID", f'{{ campaign(id: ["{NOBODY}"]) {{ id }} }}', INVALID),
    doc("an object for a UUID", "{ campaign(id: {a: 1}) { id } }", INVALID),
    doc("a selection under a scalar", "{ campaigns { totalCount { x } } }", INVALID),
    doc("an object without a selection", "{ campaigns }", INVALID),
    doc("an undefined variable", "{ campaigns(first: $n) { totalCount } }", INVALID),
    doc("an unused variable", "query ($n: Int) { __typename }", INVALID),
    doc("a variable of the wrong type", "query ($n: String) { campaigns(first: $n) { totalCount } }", INVALID),
    doc("a variable of an unknown type", "query ($n: Nope) { __typename }", INVALID),
    doc("a variable of an output type", "query ($n: Campaign) { __typename }", INVALID),
    doc("a variable declared twice", "query ($n: Int, $n: Int) { campaigns(first: $n) { totalCount } }", INVALID),
    doc("two operations of one name", "query A { __typename } query A { __typename }", INVALID),
    doc("an anonymous operation beside another", "{ __typename } query B { __typename }", INVALID),
    doc("an unknown directive", "{ __typename @nope }", INVALID),
    doc("@skip without its argument", "{ __typename @skip }", INVALID),
    doc("@include with a string", '{ __typename @include(if: "yes") }', INVALID),
    doc("@skip repeated", "{ __typename @skip(if: false) @skip(if: false) }", INVALID),
    doc("a directive where none may stand", "query @skip(if: true) { __typename }", INVALID),
    doc("an argument given twice", "{ campaigns(first: 1, first: 2) { totalCount } }", INVALID),
    doc("one alias for two fields", f'{{ a: campaigns {{ totalCount }} a: campaign(id: "{NOBODY}") {{ id }} }}',
        INVALID),
    sent("a type-system definition, no operation", {"query": "type Nope { a: Int }"}, 400, "BAD_REQUEST"),
    sent("a schema definition, no operation", {"query": "schema { query: Query }"}, 400, "BAD_REQUEST"),
    sent("a type extension, no operation", {"query": "extend type Query { nope: Int }"}, 400, "BAD_REQUEST"),
    doc("an unknown mutation", "mutation { nothingHere }", INVALID),
    doc("a mutation's input missing a field", 'mutation { createCampaign(input: {name: "x"}) { id } }', INVALID),
    doc("a mutation's input with an unknown field",
        'mutation { createCampaign(input: {name: "x", ruleSystems: [FACTION_TURN], nope: 1}) { id } }',
        INVALID),
    doc("an enum value that does not exist",
        'mutation { createCampaign(input: {name: "x", ruleSystems: [NOPE]}) { id } }', INVALID),
    doc("a string for an enum", 'mutation { createCampaign(input: {name: "x", ruleSystems: ["FACTION_TURN"]}) '
        "{ id } }", INVALID),
    doc("an introspection argument of the wrong type", "{ __type(name: 5) { name } }", INVALID),
    sent("an unknown subscription field, over POST", {"query": "subscription { nothingHere }"}, 400, "BAD_REQUEST"),
]
VARIABLES = [
    doc("a UUID variable that is no UUID", CAMPAIGN, INPUT, id="not-a-uuid"),
    doc("a UUID variable that is a number", CAMPAIGN, INPUT, id=5),
    doc("a UUID variable that is an object", CAMPAIGN, INPUT, id={"a": 1}),
    doc("a UUID variable that is a list", CAMPAIGN, INPUT, id=[NOBODY]),
    doc("a required variable left null", CAMPAIGN, INPUT, id=None),
    doc("a required variable left out", CAMPAIGN, INPUT),
    doc("an Int variable that is a string", FIRST, INPUT, n="10"),
    doc("an Int variable past 32 bits", FIRST, INPUT, n=2**31),
    doc("an Int variable of a hundred digits", FIRST, INPUT, n=10**100),
    doc("an Int variable that is a fraction", FIRST, INPUT, n=1.5),
    doc("an Int variable that is a boolean", FIRST, INPUT, n=True),
    doc("an Int variable that is a list", FIRST, INPUT, n=[1]),
    doc("a huge UUID variable", CAMPAIGN, INPUT, id="x" * 100_000),
    doc("a variable holding NUL", CAMPAIGN, INPUT, id=f"{NOBODY}\u0000"),
    doc("an input variable missing a field", "mutation ($i: CreateCampaignInput!) { createCampaign(input: $i) "
        "{ id } }", INPUT, i={"name": "x"}),
    doc("an input variable with an unknown field", "mutation ($i: CreateCampaignInput!) { createCampaign(input: $i)"
        " { id } }", INPUT, i={"name": "x", "ruleSystems": ["FACTION_TURN"], "nope": 1}),
    doc("an enum variable that does not exist", "mutation ($i: CreateCampaignInput!) { createCampaign(input: $i) "
        "{ id } }", INPUT, i={"name": "x", "ruleSystems": ["NOPE"]}),
    doc("a list variable holding null", "mutation ($i: CreateCampaignInput!) { createCampaign(input: $i) { id } }",
        INPUT, i={"name": "x", "ruleSystems": [None]}),
    sent("an infinite number", {"query": FIRST, "variables": {"n": float("inf")}}, 200, INPUT),
    sent("a NaN", {"query": FIRST, "variables": {"n": float("nan")}}, 200, INPUT),
    doc("variables the operation does not declare", "{ __typename }", x=1, y=[1, 2]),
]
# The depth limit counts nested selections (service/entrypoints/graphql/core/guards.py, MAX_DEPTH 10).
DEEP = "exceeds maximum operation depth of 10"
DEPTH = [
    doc("one level past the depth limit", nested(10), INVALID, says=f"'Deep' {DEEP}"),
    doc("forty levels past it", nested(50), INVALID, says=f"'Deep' {DEEP}"),
    doc("a fragment chain past it", chain(6), INVALID, says=f"'Chain' {DEEP}"),
    doc("a list literal nested a hundred deep", "{ campaigns(first: " + "[" * 100 + "1" + "]" * 100 + ") "
        "{ totalCount } }", INVALID),
    doc("an object literal nested a hundred deep", "{ campaign(id: " + "{a: " * 100 + "1" + "}" * 100 + ") "
        "{ id } }", INVALID),
    doc("a value nested too deep to parse", "{ campaigns(first: " + "[" * 3000 + "]" * 3000 + ") { totalCount } }",
        PARSE),
    doc("introspection nested past the limit, which it does not count",
        "{ __schema { types { fields { type { " + "ofType { " * 8 + "name" + " }" * 8 + " } } } } }"),
    doc("a real selection as deep as the schema goes",
        "{ campaigns(first: 1) { nodes { houses { leader { name } areas { troops { __typename } } } } } }"),
]
ALIASES = [
    doc("one alias past the limit", "{ " + " ".join(f"a{i}: __typename" for i in range(16)) + " }", INVALID),
    doc("a hundred aliases", "{ " + " ".join(f"a{i}: __typename" for i in range(100)) + " }", INVALID),
    doc("aliases hidden in fragments", "{ ...A ...B } fragment A on Query { " + " ".join(
        f"a{i}: __typename" for i in range(9)) + " } fragment B on Query { " + " ".join(
        f"b{i}: __typename" for i in range(9)) + " }", INVALID),
    doc("an alias shadowing another field", f'{{ campaign: campaigns {{ totalCount }} campaign(id: "{NOBODY}") '
        "{ id } }", INVALID),
    doc("the same alias with other arguments", "{ a: campaigns(first: 1) { totalCount } a: campaigns(first: 2) "
        "{ totalCount } }", INVALID),
    doc("within the alias limit", "{ " + " ".join(f"a{i}: __typename" for i in range(15)) + " }"),
]
FRAGMENTS = [
    doc("an unused fragment", "{ __typename } fragment A on Query { __typename }", INVALID),
    doc("two fragments of one name", "{ ...A } fragment A on Query { __typename } fragment A on Query "
        "{ __typename }", INVALID),
    doc("a fragment spreading itself", "{ ...A } fragment A on Query { ...A }", INVALID),
    doc("two fragments spreading each other", "{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }",
        INVALID),
    doc("a cycle of three", "{ ...A } fragment A on Query { ...B } fragment B on Query { ...C } "
        "fragment C on Query { __typename ...A }", INVALID),
    doc("a cycle within a mutation", "mutation { ...A } fragment A on Mutation { ...A }", INVALID),
    doc("a fragment on an unknown type", "{ ...A } fragment A on Nope { __typename }", INVALID),
    doc("a fragment on a scalar", "{ ...A } fragment A on String { __typename }", INVALID),
    doc("a spread that cannot apply", "{ ...A } fragment A on Campaign { id }", INVALID),
    doc("an inline fragment on an unknown type", "{ ... on Nope { __typename } }", INVALID),
    doc("an inline fragment that cannot apply", "{ ... on Campaign { id } }", INVALID),
    doc("a fragment using an undefined variable", "{ ...A } fragment A on Query { campaigns(first: $n) "
        "{ totalCount } }", INVALID),
    doc("a fragment named on", "{ ...on } fragment on on Query { __typename }", PARSE),
    doc("a fragment spread doubling five times", doubling(5)),
    doc("an inline fragment without a type", "{ ... { __typename } }"),
    doc("one fragment spread fifty times", "{ " + "...A " * 50 + "} fragment A on Query { __typename }"),
]
# The guards engineer's (issue 25, guards.py): strawberry's depth limiter raises KeyError on a spread it cannot
# find, and ValueError on an empty selection (which graphql-core 3.3 parses); both answer INTERNAL today.
GUARDED = [
    doc("an empty selection", "{ }", INVALID),
    doc("an empty mutation selection", "mutation { }", INVALID),
    doc("an unknown fragment", "{ ...Nope }", INVALID),
    doc("an unknown fragment in a mutation", "mutation { ...Nope }", INVALID),
    doc("an unknown fragment in a selection", "{ campaigns { ...Nope } }", INVALID),
]
HUGE = [
    doc("a string literal of 90,000 characters", '{ campaign(id: "' + "x" * 90_000 + '") { id } }', INVALID),
    doc("a field name of 5,000 characters", "{ " + "f" * 5000 + " }", INVALID),
    doc("an operation name of 5,000 characters", "query " + "Q" * 5000 + " { __typename }"),
    sent("an operationName the document lacks", {"query": "query A { __typename }", "operationName": "B"},
         400, "BAD_REQUEST"),
    sent("no operationName for two operations: strawberry runs the first",
         {"query": "query A { __typename } query B { __typename }"}, 200),
    sent("ten thousand undeclared variables", {"query": "{ __typename }",
                                               "variables": {f"v{i}": i for i in range(10_000)}}, 200),
    sent("extensions of ten thousand keys", {"query": "{ __typename }",
                                             "extensions": {f"e{i}": i for i in range(10_000)}}, 200),
    doc("a thousand arguments, past the token limit",
        "{ campaigns(" + " ".join(f"a{i}: 1" for i in range(1000)) + ") { totalCount } }", PARSE),
    raw("a number too large for a float", json.dumps({"query": FIRST}).encode()[:-1] + b', "variables": {"n": 1e400}}',
        200, INPUT),
]
# fmt: on
DOCUMENT_CASES = [*SYNTAX, *VALIDATION, *VARIABLES, *DEPTH, *ALIASES, *FRAGMENTS, *HUGE]
