"""GraphQL's side of the input boundary (`domain/inputs.py`): every mutation's arguments, checked before any runs."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from graphql import ExecutionResult, GraphQLError, OperationType, get_operation_ast
from graphql.utilities import value_from_ast_untyped
from strawberry.extensions import SchemaExtension

from domain.errors import InvalidInputError
from domain.inputs import check_json
from service.entrypoints.graphql.core.guards import root_fields
from service.entrypoints.shared.errors import graphql_extensions


class InputGuard(SchemaExtension):
    """Refuse a mutation whose arguments hold text PostgreSQL cannot store, or text or structures too big or
    too deep, naming the field (`createCampaign.input.name`); nothing runs, nothing is written."""

    async def on_execute(self) -> AsyncIterator[None]:
        ec = self.execution_context
        if ec.result is None:  # not already refused (SeatGuard)
            try:
                self._check()
            except InvalidInputError as error:
                ec.result = ExecutionResult(
                    data=None, errors=[GraphQLError(error.message, extensions=graphql_extensions(error))]
                )
        yield

    def _check(self) -> None:
        ec = self.execution_context
        document = ec.graphql_document
        operation = get_operation_ast(document, ec.operation_name) if document else None
        if document is None or operation is None or operation.operation is not OperationType.MUTATION:
            return
        defaults = {
            d.variable.name.value: value_from_ast_untyped(d.default_value)
            for d in operation.variable_definitions or ()
            if d.default_value
        }
        variables: dict[str, Any] = {**defaults, **(ec.variables or {})}
        arguments = {
            f"{node.alias.value if node.alias else node.name.value}.{argument.name.value}": value_from_ast_untyped(
                argument.value, variables
            )
            for node in root_fields(document, operation)
            for argument in node.arguments or ()
        }
        # One bound for the whole operation's arguments, each text held to its own field's length.
        check_json("", arguments)
