"""What a resolver needs: the running Intrigue, its async reads, and a way to call blocking code off the event loop."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

from graphql import GraphQLError
from starlette.concurrency import run_in_threadpool
from strawberry.types import Info

from domain.errors import DomainError
from service.entrypoints.shared.errors import graphql_extensions

if TYPE_CHECKING:
    from service.bootstrap import Intrigue
    from service.persistence.queries import ReadModelReads

T = TypeVar("T")


def intrigue(info: Info) -> Intrigue:
    return info.context["intrigue"]  # type: ignore[no-any-return]


def reads(info: Info) -> ReadModelReads:
    """The read models on this app's async pool."""
    return info.context["reads"]  # type: ignore[no-any-return]


async def on_loop(read: Awaitable[T]) -> T:
    """Await a read on the event loop; domain errors become coded GraphQL errors."""
    try:
        return await read
    except DomainError as error:
        raise GraphQLError(error.message, extensions=graphql_extensions(error)) from error


async def off_loop(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run an application method (the event store's sync calls) in a worker thread, errors coded as `on_loop`."""
    return await on_loop(run_in_threadpool(fn, *args, **kwargs))
