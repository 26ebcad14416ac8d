"""Schemathesis against the GraphQL endpoint: every query and mutation, unseated and as the campaign's GM.

Arguments that name a campaign's member (campaignId, factionId, houseId, regionId, assetId...) are mostly
replaced by the real campaign's ids, so mutations pass the lookups and reach the rules; the rest stay as
generated so NOT_FOUND paths are fuzzed too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from random import Random
from typing import Any

import graphql
import schemathesis
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.specs.graphql import nodes
from schemathesis.specs.graphql.scalars import CUSTOM_SCALARS
from schemathesis.specs.openapi.checks import response_schema_conformance

from tests.entrypoints.rest.fuzzing import Finding, Findings, check_failures, excerpt, judge_common, run_cases
from tests.support.fuzz_world import EventRows, World

GRAPHQL_UNSEATED, GRAPHQL_AS_GM, GRAPHQL_NEGATIVE, GRAPHQL_AS_PLAYER = 2, 20, 4, 3
KEEP_GENERATED = 0.15  # how often a member-naming argument keeps its generated value
# A failure the server owns, never a refusal of the request (issue 12, section 5: INTERNAL with a request id).
SERVER_SIDE_CODES = frozenset({"INTERNAL", "INTERNAL_SERVER_ERROR"})
# Argument (or input field) name -> which of the world's ids it names.
MEMBER_ARGUMENTS = {
    "campaignId": ("campaign",),
    "factionId": ("faction",),
    "fromFactionId": ("faction",),
    "toFactionId": ("faction",),
    "targetFactionId": ("faction",),
    "houseId": ("house",),
    "targetHouseId": ("house",),
    "regionId": ("region",),
    "homeRegionId": ("region",),
    "areaId": ("region",),
    "fromAreaId": ("region",),
    "toAreaId": ("region",),
    "targetId": ("faction", "house"),
    "assetId": ("asset",),
    "monsterId": ("asset",),
    "actorId": ("faction", "house"),
    "actor": ("character",),
    "id": ("campaign", "faction", "house"),
}
# String arguments whose valid values are words the rules know: mostly one of these, so commands get past parsing.
# (Closed sets are GraphQL enums, which schemathesis generates from the schema.)
WORDS = {
    "typeKey": ["informers", "thugs", "smugglers", "militia_unit", "postern", "base_of_influence"],
    "expression": ["2d6+3", "1d20", "3d8-1"],
    "dice": ["1d20", "2d6"],
    "hitDice": ["18d10+36"],
    "stat": ["force", "cunning", "wealth", "influence"],
}
PHASES = [1, 2, 3]  # an Int `phase` names one of the first phases, which the fuzzing plays
ORDER_KEYS = (
    "action",
    "goal",
    "raise_ratings",
    "defences",
    "permissions",
    "rerolls",
    "narrative",
    "extras",
    "type_key",
    "region_id",
    "asset_id",
    "strikes",
    "uses",
    "free_uses",
    "target",
    "hp",
)


def _json_values(world: World) -> st.SearchStrategy[Any]:
    """JSON as a client might send it to a JSON argument (orders, definitions): mostly objects with known keys."""
    words = ["Attack", "Buy Asset", "Seize Region", "None", "strength", "informers"]
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**40), 2**40),
        st.text(max_size=30),
        st.sampled_from(world.of("region", "faction", "asset")),
        st.sampled_from(words),
    )
    keys = st.one_of(st.sampled_from(ORDER_KEYS), st.from_regex(r"\A[_A-Za-z][_0-9A-Za-z]{0,11}\Z"))  # GraphQL names
    return st.recursive(
        leaves,
        lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=5)),
        max_leaves=12,
    )


def _node(value: Any) -> graphql.ValueNode:
    if value is None:
        return graphql.NullValueNode()
    if isinstance(value, bool):
        return nodes.Boolean(value)
    if isinstance(value, int):
        return nodes.Int(value)
    if isinstance(value, str):
        return nodes.String(value)
    if isinstance(value, list):
        return nodes.List([_node(v) for v in value])
    return nodes.Object(
        [graphql.ObjectFieldNode(name=graphql.NameNode(value=k), value=_node(v)) for k, v in value.items()]
    )


@contextmanager
def _json_scalar(world: World) -> Iterator[None]:
    """Schemathesis needs a strategy for the schema's JSON scalar; registered for this run only."""
    CUSTOM_SCALARS["JSON"] = _json_values(world).map(_node)
    try:
        yield
    finally:
        CUSTOM_SCALARS.pop("JSON", None)


class _Members(graphql.Visitor):
    def __init__(self, world: World, random: Random) -> None:
        super().__init__()
        self.world, self.random = world, random

    def _swap(self, node: Any) -> Any:
        if self.random.random() < KEEP_GENERATED:
            return None
        name, value = node.name.value, node.value
        if name == "phase" and isinstance(value, graphql.IntValueNode):
            return type(node)(name=node.name, value=nodes.Int(self.random.choice(PHASES)))
        choices = self._choices(name)
        if not choices:
            return None
        if isinstance(value, graphql.StringValueNode):
            return type(node)(name=node.name, value=nodes.String(self.random.choice(choices)))
        strings = isinstance(value, graphql.ListValueNode) and all(
            isinstance(v, graphql.StringValueNode) for v in value.values
        )
        if strings:
            picked = [nodes.String(self.random.choice(choices)) for _ in value.values]
            return type(node)(name=node.name, value=nodes.List(picked))
        return None

    def _choices(self, name: str) -> list[str]:
        kinds = MEMBER_ARGUMENTS.get(name)
        if kinds == ("campaign",):
            return [str(self.world.campaign_id)]
        if kinds:
            return self.world.of(*kinds)
        return WORDS.get(name, [])

    def enter_argument(self, node: graphql.ArgumentNode, *_: Any) -> Any:
        return self._swap(node)

    def enter_object_field(self, node: graphql.ObjectFieldNode, *_: Any) -> Any:
        return self._swap(node)


def _in_world(world: World) -> Any:
    def rewrite(drawn: tuple[Any, Random]) -> Any:
        case, random = drawn
        document = graphql.parse(case.body)
        case.body = graphql.print_ast(graphql.visit(document, _Members(world, random)))
        return case

    return rewrite


def _passes(operation: Any, world: World) -> Iterator[tuple[st.SearchStrategy[Any], int, bool]]:
    gm = {"Authorization": f"Bearer {world.gm_token}"}
    yield operation.as_strategy(GenerationMode.POSITIVE), GRAPHQL_UNSEATED, False
    positive = operation.as_strategy(GenerationMode.POSITIVE, headers=gm)
    yield st.tuples(positive, st.randoms(use_true_random=False)).map(_in_world(world)), GRAPHQL_AS_GM, False
    yield operation.as_strategy(GenerationMode.NEGATIVE, headers=gm), GRAPHQL_NEGATIVE, True
    for token in world.player_tokens.values():  # a player's seat: its own faction's or house's commands, refusals
        player = operation.as_strategy(GenerationMode.POSITIVE, headers={"Authorization": f"Bearer {token}"})
        yield st.tuples(player, st.randoms(use_true_random=False)).map(_in_world(world)), GRAPHQL_AS_PLAYER, False


def _error_problems(payload: Any) -> list[str]:
    """Each error the server owns: one without a code, or with a server-side code (the message is in the answer)."""
    if not isinstance(payload, dict):
        return [f"the answer is not a JSON object: {type(payload).__name__}"]
    problems = []
    for error in payload.get("errors") or []:
        if not isinstance(error, dict):
            problems.append("an error that is not an object")
            continue
        extensions = error.get("extensions")
        code = extensions.get("code") if isinstance(extensions, dict) else None
        stage = "from a resolver" if "path" in error else "before execution"  # parse, validation or coercion
        if not isinstance(code, str):
            problems.append(f"an error without extensions.code, {stage}")
        elif code in SERVER_SIDE_CODES:
            problems.append(f"a server-side error ({code}), {stage}")
    return problems


def _judge(events: EventRows, findings: Findings, case: Any) -> None:
    findings.cases += 1
    is_query = case.operation.definition.root_type.name == "QUERY"

    def refused(response: Any) -> bool:
        # A query never writes. A mutation refused, with an error and no result for its root field, wrote nothing.
        payload = _payload(response)
        data = payload.get("data")
        no_result = not isinstance(data, dict) or all(v is None for v in data.values())
        return is_query or (bool(payload.get("errors")) and no_result)

    findings.sent.append(case.body)
    response, problems = judge_common(events, case.call, refused, findings.sent)
    if not _payload(response).get("errors") and response.status_code == 200:
        findings.succeeded(case.operation.label)
    if response.status_code >= 500:
        problems.append(f"HTTP {response.status_code}")
    try:
        problems += _error_problems(response.json())
    except ValueError:
        problems.append("the answer is not JSON")
    problems += check_failures(lambda: case.validate_response(response, checks=[response_schema_conformance]))
    for problem in problems:
        findings.add(
            Finding(
                "GraphQL",
                case.operation.label,
                problem,
                response.status_code,
                excerpt(case.body),
                excerpt(response.text),
            )
        )


def _payload(response: Any) -> dict[str, Any]:
    try:
        payload = json.loads(response.content)
    except ValueError:
        return {}
    return payload if isinstance(payload, dict) else {}


def fuzz_graphql(events: EventRows, app: Any, world: World) -> Findings:
    """Every query and mutation the endpoint's introspection names, in each pass; the findings of all."""
    schema = schemathesis.graphql.from_asgi("/graphql", app)
    findings = Findings()
    with _json_scalar(world):
        for result in schema.get_all_operations():
            operation = result.ok()
            for strategy, examples, negative in _passes(operation, world):
                run_cases(strategy, examples, lambda case: _judge(events, findings, case), negative)
    return findings
