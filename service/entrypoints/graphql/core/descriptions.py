"""Descriptions given by name, and those of the named types no Python class of ours declares.

The schema linter (`make schema-gates`, docs/architecture.md "Schema quality gates") wants a description on every
type, field, argument and input value. They live beside their field in the code (`description=`, an argument's in
`Annotated[T, strawberry.argument(description=...)]`; the order types made from the orders' declaration take theirs
from it or from their `Naming.texts`). What is left is here: an argument that means the same on every field
(`campaignId`, `reason`, the Relay page arguments…) is described once by name (SHARED_ARGUMENTS); an enum value the
code leaves undescribed is described by the value it stands for, as the rules and the REST contract write it
(`Cover Up`, `open`); and TEXTS, by schema coordinate, the scalar and the root types `merge_types` assembles. A
coordinate in TEXTS that the schema lacks, or that the code describes too, is a problem `describe` reports
(tests/entrypoints/graphql/test_schema_descriptions.py fails on it): each description has one home.
"""

from __future__ import annotations

from typing import Final

from graphql import GraphQLArgument, GraphQLField, GraphQLInputField, GraphQLNamedType, GraphQLSchema, GraphQLString
from graphql.type import get_nullable_type, is_enum_type, is_input_object_type, is_interface_type, is_object_type

from service.entrypoints.graphql.core.visibility import ROOTS, decision_of
from service.usecases.visibility import MEANING

# Who sees each field (MEANING), from where it is decided (its read model's field, or graphql/core/decisions.py),
# appended to every object field's description so a client reads it beside what the value means.
VISIBILITY_MARK: Final = " Visibility: "
ROOT_MARK: Final = " Who may call: "

SHARED_ARGUMENTS: Final[dict[str, str]] = {
    "campaignId": "The id of the campaign it is about (`Campaign.id`, from `campaigns` or `createCampaign`).",
    "factionId": "The id of the faction it is about (`Faction.id`, seed 002).",
    "houseId": "The id of the house it is about (`House.id`, seed 000).",
    "regionId": "The region's id (a hex of the map; a city area for the Game of Bones).",
    "areaId": "The city area's id: a region of the campaign.",
    "assetId": "The asset's id within its faction.",
    "actionId": "The pending house action's id (`House.pendingActions`).",
    "monsterId": "The Monster's asset id within The Wild.",
    "seatId": "The seat's id (`seats`).",
    "partnerId": "The other faction of the merger.",
    "phase": "The phase's number: 1 is the campaign's first month.",
    "reason": "Why, in the GM's words: kept with the event in the campaign's log.",
    "startWeek": "The week of the month (1-4) it starts in.",
    "id": "The id of the thing to read or change, as the schema answered it.",
}
# The Relay page arguments, on the fields that answer a connection (their cursors are Strings).
PAGE_ARGUMENTS: Final[dict[str, str]] = {
    "first": "At most this many items from the start, after `after` (1-500; 100 when neither first nor last).",
    "after": "A cursor of this connection: the page starts after it.",
    "last": "At most this many items from the end, before `before` (1-500).",
    "before": "A cursor of this connection: the page ends before it.",
}
# The named types no Python class of ours declares: the scalars, and the root types strawberry merges (schema.py).
TEXTS: Final[dict[str, str]] = {
    "UUID": "A UUID in its canonical text form: 32 hex digits in groups of 8-4-4-4-12.",
    "Query": "What a client reads: campaigns, standings, logs and reports, as its seat may see them.",
    "Mutation": "What a client changes: each command writes events, or writes nothing and answers why.",
}


def _element(schema: GraphQLSchema, coordinate: str) -> GraphQLNamedType | GraphQLField | GraphQLInputField | None:
    name, _, rest = coordinate.partition(".")
    found = schema.type_map.get(name)
    if not rest or found is None:
        return found
    field_name, _, argument = rest.partition("(")
    fields = getattr(found, "fields", {})
    field = fields.get(field_name)
    if not argument or field is None:
        return field
    return field.args.get(argument.rstrip(":)"))  # type: ignore[no-any-return]


def _shared(name: str, argument: GraphQLArgument, field: GraphQLField) -> str | None:
    returns = getattr(get_nullable_type(field.type), "name", "")
    if name in PAGE_ARGUMENTS and returns.endswith("Connection"):
        cursor = name in ("after", "before")
        return PAGE_ARGUMENTS[name] if not cursor or get_nullable_type(argument.type) is GraphQLString else None
    return SHARED_ARGUMENTS.get(name)


def _describe_values(enum: GraphQLNamedType) -> None:
    for name, value in getattr(enum, "values", {}).items():
        if not value.description:
            value.description = (
                f"`{value.value}`, as the rules and the REST contract write it."
                if isinstance(value.value, str) and value.value != name
                else None
            )


def _describe_visibility(named: GraphQLNamedType) -> None:
    mark = ROOT_MARK if named.name in ROOTS else VISIBILITY_MARK
    for name, field in getattr(named, "fields", {}).items():
        decision = decision_of(named.name, name)
        if decision is not None and field.description and mark not in field.description:
            field.description = f"{field.description}{mark}{MEANING[decision]}."


def own_text(description: str) -> str:
    """A description without the visibility clause `describe` appends: what the value means, in its own words."""
    return description.split(VISIBILITY_MARK)[0].split(ROOT_MARK)[0]


def describe(schema: GraphQLSchema) -> list[str]:
    """Give the schema the registry's descriptions; answer every entry that has no single home."""
    problems = []
    for coordinate, text in TEXTS.items():
        element = _element(schema, coordinate)
        if element is None:
            problems.append(f"{coordinate}: not in the schema; remove it from the descriptions")
        elif element.description:
            problems.append(f"{coordinate}: described in the code too; keep one")
        else:
            element.description = text
    for named in schema.type_map.values():
        if is_object_type(named) and not named.name.startswith("__"):
            _describe_visibility(named)
        if is_enum_type(named):
            _describe_values(named)
        if not (is_object_type(named) or is_interface_type(named)) or is_input_object_type(named):
            continue
        for field in named.fields.values():
            for name, argument in field.args.items():
                if not argument.description:
                    argument.description = _shared(name, argument, field)
    return problems
