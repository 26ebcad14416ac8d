"""What a resolver needs: the running Intrigue, and a way to call blocking code off the event loop."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from graphql import GraphQLError
from starlette.concurrency import run_in_threadpool
from strawberry.types import Info

from domain.errors import DomainError
from service.errors import graphql_extensions

if TYPE_CHECKING:
    from service.bootstrap import Intrigue

T = TypeVar("T")


def intrigue(info: Info) -> Intrigue:
    return info.context["intrigue"]  # type: ignore[no-any-return]


async def off_loop(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run an application method in a worker thread; domain errors become coded GraphQL errors."""
    try:
        return await run_in_threadpool(fn, *args, **kwargs)
    except DomainError as error:
        raise GraphQLError(error.message, extensions=graphql_extensions(error)) from error
