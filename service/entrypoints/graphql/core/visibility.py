"""Each GraphQL field's visibility decision, found where it is declared: the read model's field a type is over, or
the registry of fields over no read model (decisions.py).

A type built from a read model's rows says so with `@over(MODEL)` (or `@over(MODEL, "assets")` for the rows nested in
one of its fields): each of its fields then has the decision of the read-model field of the same name
(`maxHp` → `max_hp`), or of the one named in `renames` (`stats_note="wild"`: computed from it), or the decision given
there (`areas=Decision.SEAT`: read from another read model, each row through its own view). A field with no decision
is refused to players by the views (a read-model field with no decision is the GM's alone) and fails the schema's
build (`undecided`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from graphql import GraphQLSchema
from graphql.type import is_object_type

from service.entrypoints.graphql.core.decisions import DECISIONS
from service.usecases.visibility import Decision, ReadModel

T = TypeVar("T")
ROOTS: Final = ("Query", "Mutation", "CampaignSubscription")


@dataclass(frozen=True)
class Over:
    """A GraphQL type over the rows of a read model, or over the rows nested in one of its fields."""

    model: ReadModel
    within: str | None = None
    renames: dict[str, str | Decision] = field(default_factory=dict)

    def decision(self, python_name: str) -> Decision | None:
        named = self.renames.get(python_name, python_name)
        if isinstance(named, Decision):
            return named
        if self.within is not None:  # every nested field has its holder's decision, but for its declared parts
            holder = self.model.fields.get(self.within)
            return None if holder is None else holder.parts.get(named, holder.word)
        seen = self.model.fields.get(named)
        return None if seen is None else seen.word

    def field_of(self, python_name: str) -> str | None:
        """The read model's field a field of a type over its rows is made from; None for a nested type's field or
        one read from elsewhere (a decision given in `renames`)."""
        named = self.renames.get(python_name, python_name)
        return named if self.within is None and isinstance(named, str) else None


OVER: dict[str, Over] = {}


def over(model: ReadModel, within: str | None = None, **renames: str | Decision) -> Callable[[T], T]:
    """Mark a strawberry type as built from `model`'s rows (through its view): its fields' decisions are the model's."""

    def mark(kind: T) -> T:
        definition: Any = getattr(kind, "__strawberry_definition__", None)
        OVER[definition.name if definition else getattr(kind, "__name__", str(kind))] = Over(model, within, renames)
        return kind

    return mark


def python_name(graphql_name: str) -> str:
    return re.sub(r"([A-Z])", r"_\1", graphql_name).lower()


def decision_of(type_name: str, field_name: str) -> Decision | None:
    """The decision of `Type.field`: its read model's, or the registry's for a field over none; None when neither."""
    found = OVER.get(type_name)
    if found is not None:
        return found.decision(python_name(field_name))
    return DECISIONS.get(f"{type_name}.{field_name}")


def decisions(schema: GraphQLSchema) -> dict[str, Decision | None]:
    """Every object field of the schema with its decision (None: undecided)."""
    objects = [named for named in schema.type_map.values() if is_object_type(named) and not named.name.startswith("__")]
    return {f"{o.name}.{name}": decision_of(o.name, name) for o in objects for name in getattr(o, "fields", {})}


def undecided(schema: GraphQLSchema) -> list[str]:
    """What keeps the schema from serving: a field with no decision, a type decided in both places, a stale entry."""
    found = decisions(schema)
    problems = [
        f"{where}: no visibility decision (declare it with the read-model field, or in decisions.py)"
        for where, decided in found.items()
        if decided is None
    ]
    twice = {where.split(".")[0] for where in DECISIONS} & OVER.keys()
    problems += [f"{name}: over a read model and in decisions.py too; keep one" for name in sorted(twice)]
    problems += [f"{where}: decided in decisions.py, not in the schema" for where in sorted(DECISIONS.keys() - found)]
    return problems


def root_decisions(root: str) -> dict[str, Decision]:
    """Who may call each root field of `root` (Query, Mutation, CampaignSubscription), by field name."""
    return {where.split(".")[1]: decided for where, decided in DECISIONS.items() if where.split(".")[0] == root}
