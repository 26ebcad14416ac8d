"""What a GraphQL document costs once its fragments are spread, counted in time linear in its text (issue 25).

A fragment spread twice counts twice: a document of 1,000 characters whose 30 fragments each spread the next one
twice expands to a billion selections, and a rule that walks every spread again (strawberry's depth and alias
limiters did) never ends. Here each definition's own selections are walked once, and each fragment's expansion
is computed once, after the fragments it spreads, and kept: the expansion, depth and aliases of every operation
follow from those sums. A document whose expansion passes `MAX_EXPANSION`, or whose fragments spread one another
in a cycle, is refused (`BoundedValidation`) before any validation rule walks it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionSetNode,
    ValidationContext,
    ValidationRule,
)
from strawberry.extensions import ValidationCache

# Selections once every fragment is spread (fields, inline fragments and spreads, each counted where it lands).
# The console's largest document (web/src/features/orders/api/orders.graphql) expands to 155; GraphiQL's
# introspection to 230.
MAX_EXPANSION = int(os.environ.get("INTRIGUE_MAX_GRAPHQL_EXPANSION", "").strip() or 5000)
_CAP = 2**62  # sums saturate here: a refused document's count stays a small integer, however far it expands
REFUSED = {"code": "GRAPHQL_VALIDATION_FAILED"}


@dataclass
class _Own:
    """One definition's own selections, its spreads not followed."""

    size: int = 0
    aliases: int = 0
    depth: int = 0
    spreads: list[tuple[str, int | None]] = field(default_factory=list)  # fragment, its depth (None: not counted)
    empty: bool = False  # a selection set with no selection, which the grammar forbids (graphql-core parses it)


@dataclass(frozen=True)
class Expanded:
    """A definition with every fragment spread: its selections, aliases and depth (as strawberry's limiters count)."""

    size: int
    aliases: int
    depth: int


@dataclass(frozen=True)
class Cost:
    """A document's cost: each operation expanded, the whole expansion, a fragment cycle, and the work counting it."""

    operations: list[tuple[str, Expanded]]
    expansion: int
    cycle: str | None
    visited: int  # selections and spread edges walked: at most a few per selection of the text
    empty: bool = False


def cost_of(document: DocumentNode) -> Cost:
    """The document's cost; every node of its text is walked a bounded number of times, whatever it spreads."""
    fragments = {d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)}
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    owns = {name: _own(d.selection_set) for name, d in fragments.items()}
    memo, cycle, visited = _expand(owns)
    ops = [(o.name.value if o.name else "anonymous", _own(o.selection_set)) for o in operations]
    expanded = [(name, _combine(own, memo)) for name, own in ops]
    everyone = [*owns.values(), *(own for _, own in ops)]
    spread = {name for own in everyone for name, _ in own.spreads}
    # An unused fragment is refused by NoUnusedFragments, but the rules walk its selections all the same.
    unspread = [memo[name].size for name in owns if name not in spread and name in memo]
    expansion = min(sum(e.size for _, e in expanded) + sum(unspread), _CAP)
    visited += sum(own.size + len(own.spreads) for own in everyone)
    return Cost(expanded, expansion, cycle, visited, any(own.empty for own in everyone))


def refusal(document: DocumentNode) -> GraphQLError | None:
    """Why the document is refused before validation: a fragment cycle, or an expansion past the limit."""
    return _refusal(cost_of(document))


def _refusal(cost: Cost) -> GraphQLError | None:
    if cost.empty:  # GraphQL, 2.4 Selection Sets: SelectionSet : { Selection+ }
        return GraphQLError(
            "a selection set selects nothing: name at least one field between its braces", extensions=REFUSED
        )
    if cost.cycle is not None:
        return GraphQLError(
            f"fragment {cost.cycle!r} spreads itself (through the fragments it spreads): "
            "fragments may not form a cycle",
            extensions=REFUSED,
        )
    if cost.expansion > MAX_EXPANSION:
        return GraphQLError(
            f"the document expands to more than {MAX_EXPANSION} selections once its fragments are spread",
            extensions=REFUSED,
        )
    return None


class BoundedValidation(ValidationCache):
    """Validation, its results cached; a document refused by `refusal` is answered before any rule walks it."""

    def on_validate(self) -> Iterator[None]:
        document = self.execution_context.graphql_document
        refused = refusal(document) if document is not None else None
        if refused is None:
            yield from super().on_validate()
            return
        self.execution_context.pre_execution_errors = [refused]  # strawberry's own validation is then skipped
        yield


def limits_rule(max_depth: int, max_aliases: int) -> type[ValidationRule]:
    """strawberry's QueryDepthLimiter and MaxAliasesLimiter, same answers, each fragment's expansion counted once."""

    class DocumentLimits(ValidationRule):
        def __init__(self, context: ValidationContext) -> None:
            super().__init__(context)
            cost = cost_of(context.document)
            refused = _refusal(cost)  # where a caller validates without `BoundedValidation` before it
            if refused is not None:
                context.report_error(refused)
                return
            for name, operation in cost.operations:
                if operation.depth > max_depth:
                    context.report_error(GraphQLError(f"'{name}' exceeds maximum operation depth of {max_depth}"))
            aliases = sum(operation.aliases for _, operation in cost.operations)
            if aliases > max_aliases:
                context.report_error(GraphQLError(f"{aliases} aliases found. Allowed: {max_aliases}"))

    return DocumentLimits


def _own(selection_set: SelectionSetNode) -> _Own:
    """Walk one definition's selections (iteratively: nesting is bounded by tokens, not by Python's stack)."""
    own = _Own()
    stack: list[tuple[SelectionSetNode, int, bool]] = [(selection_set, 0, True)]
    while stack:
        selections, level, counted = stack.pop()
        own.empty = own.empty or not selections.selections
        for selection in selections.selections:
            own.size += 1
            if isinstance(selection, FieldNode):
                own.aliases += selection.alias is not None
                # strawberry's QueryDepthLimiter: an introspection field counts as a leaf, and so does its subtree
                inner = counted and not selection.name.value.startswith("__")
                if selection.selection_set is not None:
                    stack.append((selection.selection_set, level + 1, inner))
                if counted and (selection.selection_set is None or not inner):
                    own.depth = max(own.depth, level)
            elif isinstance(selection, InlineFragmentNode):
                stack.append((selection.selection_set, level, counted))
            elif isinstance(selection, FragmentSpreadNode):
                own.spreads.append((selection.name.value, level if counted else None))
    return own


def _expand(owns: dict[str, _Own]) -> tuple[dict[str, Expanded], str | None, int]:
    """Each fragment expanded once, after those it spreads (depth first, iteratively); a spread back onto the
    path is a cycle, and an unknown fragment counts nothing (graphql-core's KnownFragmentNames names it)."""
    memo: dict[str, Expanded] = {}
    visited = 0
    for start in owns:
        path, on_path, pending = [start], {start}, [iter(owns[start].spreads)]
        while pending and start not in memo:
            for name, _ in pending[-1]:
                visited += 1
                if name in on_path:
                    return memo, name, visited
                if name in owns and name not in memo:
                    path.append(name)
                    on_path.add(name)
                    pending.append(iter(owns[name].spreads))
                    break
            else:
                done = path.pop()
                on_path.discard(done)
                pending.pop()
                memo[done] = _combine(owns[done], memo)
    return memo, None, visited


def _combine(own: _Own, memo: dict[str, Expanded]) -> Expanded:
    known = [(memo[name], level) for name, level in own.spreads if name in memo]
    size = min(own.size + sum(e.size for e, _ in known), _CAP)
    aliases = min(own.aliases + sum(e.aliases for e, _ in known), _CAP)
    depth = max([own.depth, *(level + e.depth for e, level in known if level is not None)])
    return Expanded(size, aliases, depth)
