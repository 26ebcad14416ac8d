"""One parse per document text, shared by a request's readers: the access log, the kept answers, strawberry.

Each parses within `MAX_TOKENS`; a document of 2,000 tokens takes graphql-core's lexer 25 ms or more, and a new
text was parsed three times, its failure never kept (issue 25: a refused document answered in 60-160 ms).
Successes and failures are kept alike, for the last `KEPT` texts.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from graphql import DocumentNode, GraphQLError, parse
from strawberry.extensions import ParserCache

from service.entrypoints.graphql.core.guards import MAX_TOKENS

KEPT = 256
PARSE_FAILED = {"code": "GRAPHQL_PARSE_FAILED"}


@lru_cache(maxsize=KEPT)
def _parsed(query: str) -> DocumentNode | GraphQLError:
    try:
        return parse(query, max_tokens=MAX_TOKENS)
    except GraphQLError as error:
        return error
    except RecursionError:
        return GraphQLError("the document nests too deeply to be parsed", extensions=PARSE_FAILED)


def parsed(query: str) -> DocumentNode:
    """The document, or its parse failure raised as a GraphQLError of this request's own, coded."""
    found = _parsed(query)
    if isinstance(found, GraphQLError):  # a copy: each request codes and bounds its own error
        raise GraphQLError(found.message, source=found.source, positions=found.positions, extensions=PARSE_FAILED)
    return found


class SharedParse(ParserCache):
    """strawberry's parse step, answered from `parsed`."""

    def on_parse(self) -> Iterator[None]:
        self.execution_context.graphql_document = parsed(self.execution_context.query or "")
        yield
