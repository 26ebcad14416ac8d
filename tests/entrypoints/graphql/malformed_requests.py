"""Hand-made malformed requests to /graphql, part one: bodies, encodings, methods, media types, batching, headers.

Each case names the status and the error codes its answer must carry (issue 25, item 3); the documents are in
tests/entrypoints/graphql/malformed_documents.py, and tests/entrypoints/graphql/test_graphql_in_shape.py sends both.
"""

from __future__ import annotations

import gzip
import json
import zlib
from dataclasses import dataclass, field
from typing import Any

SIMPLE = "{ __typename }"
BODY = json.dumps({"query": SIMPLE}).encode()
SUBSCRIPTION = 'subscription { campaignEvents(campaignId: "00000000-0000-0000-0000-000000000000") { __typename } }'
GM_ONLY = 'query { seats(campaignId: "00000000-0000-0000-0000-000000000000") { id } }'
JSON_TYPE = {"content-type": "application/json"}
GRAPHQL_RESPONSE = "application/graphql-response+json"


@dataclass(frozen=True)
class Case:
    """One request and what its answer must be: the status, the set of error codes (empty: no error) and, when
    `says` is given, words one of the errors' messages holds."""

    name: str
    status: int
    codes: frozenset[str]
    method: str = "POST"
    body: bytes | None = None
    headers: dict[str, str] = field(default_factory=lambda: dict(JSON_TYPE))
    params: dict[str, str] | None = None
    says: str = ""


def raw(name: str, body: bytes, status: int, *codes: str, **headers: str) -> Case:
    """A POST of these bytes as JSON, with extra headers (underscores for dashes)."""
    extra = {k.replace("_", "-"): v for k, v in headers.items()}
    return Case(name, status, frozenset(codes), body=body, headers={**JSON_TYPE, **extra})


def sent(name: str, payload: Any, status: int, *codes: str, **headers: str) -> Case:
    return raw(name, json.dumps(payload).encode(), status, *codes, **headers)


def get(name: str, params: dict[str, str], status: int, *codes: str, accept: str = "application/json") -> Case:
    return Case(name, status, frozenset(codes), method="GET", headers={"accept": accept}, params=params)


def coded(name: str, body: bytes, encoding: str, status: int, *codes: str) -> Case:
    return raw(name, body, status, *codes, content_encoding=encoding)


# The tables keep their hand-made line breaks.
# fmt: off
BAD = "BAD_REQUEST"
BODIES = [
    raw("an empty body", b"", 400, BAD),
    raw("an open brace", b"{", 400, BAD),
    raw("a truncated member", b'{"query": ', 400, BAD),
    raw("an open bracket", b"[", 400, BAD),
    raw("trailing garbage", BODY + b" x", 400, BAD),
    raw("single quotes", b"{'query': '{ __typename }'}", 400, BAD),
    raw("a trailing comma", b'{"query": "{ __typename }",}', 400, BAD),
    raw("a string body", b'"{ __typename }"', 400, BAD),
    raw("a number body", b"1e999", 400, BAD),
    raw("an empty object", b"{}", 400, BAD),
    raw("an empty list", b"[]", 400, BAD),
    raw("a byte that is not UTF-8 in a value", b'{"query": "{ __typename }", "x": "\xff\xfe"}', 400, BAD),
    raw("a byte that is not UTF-8 in the query", b'{"query": "{ __type\xc3name }"}', 400, BAD),
    raw("a byte that is not UTF-8 in a key", b'{"qu\x80ery": "{ __typename }"}', 400, BAD),
    raw("an overlong UTF-8 sequence", b'{"query": "{ __typename }", "x": "\xc0\xaf"}', 400, BAD),
    raw("a surrogate encoded in UTF-8", b'{"query": "{ __typename }", "x": "\xed\xa0\x80"}', 400, BAD),
    raw("UTF-16 with a byte order mark", json.dumps({"query": SIMPLE}).encode("utf-16"), 400, BAD),
    raw("UTF-16 without one", json.dumps({"query": SIMPLE}).encode("utf-16-le"), 400, BAD),
    raw("UTF-32", json.dumps({"query": SIMPLE}).encode("utf-32"), 400, BAD),
    raw("a UTF-8 byte order mark", b"\xef\xbb\xbf" + BODY, 400, BAD),
    raw("Latin-1 text", '{"query": "{ __typename }", "x": "café"}'.encode("latin-1"), 400, BAD),
    sent("a null query", {"query": None}, 400, BAD),
    sent("an empty query", {"query": ""}, 400, BAD),
    sent("a numeric query", {"query": 5}, 400, BAD),
    sent("a boolean query", {"query": False}, 400, BAD),
    sent("a list query", {"query": ["{ __typename }"]}, 400, BAD),
    sent("an object query", {"query": {"q": SIMPLE}}, 400, BAD),
    sent("a misspelt query key", {"qeury": SIMPLE}, 400, BAD),
    sent("string variables", {"query": SIMPLE, "variables": "{}"}, 400, BAD),
    sent("numeric variables", {"query": SIMPLE, "variables": 0}, 400, BAD),
    sent("list variables", {"query": SIMPLE, "variables": []}, 400, BAD),
    sent("boolean variables", {"query": SIMPLE, "variables": True}, 400, BAD),
    sent("string extensions", {"query": SIMPLE, "extensions": "x"}, 400, BAD),
    sent("list extensions", {"query": SIMPLE, "extensions": [1]}, 400, BAD),
    sent("a numeric operationName", {"query": SIMPLE, "operationName": 5}, 400, BAD),
    sent("a list operationName", {"query": SIMPLE, "operationName": ["a"]}, 400, BAD),
    sent("an object operationName", {"query": SIMPLE, "operationName": {"a": 1}}, 400, BAD),
    sent("a boolean operationName", {"query": SIMPLE, "operationName": True}, 400, BAD),
    sent("null variables, extensions and operationName",
         {"query": SIMPLE, "variables": None, "extensions": None, "operationName": None}, 200),
    raw("a repeated query key, the last a good one", b'{"query": 1, "query": "{ __typename }"}', 200),
    sent("JSON nested deeper than the limit", {"query": SIMPLE, "extensions": {"x": json.loads("[" * 80 + "]" * 80)}},
         422, "INVALID_INPUT"),
    sent("a body over the size limit", {"query": SIMPLE + "#" * (2 * 2**20)}, 413, "PAYLOAD_TOO_LARGE"),
]
CONTENT_TYPES = [
    raw("no content type", BODY, 400, BAD, content_type=""),
    raw("text/plain", BODY, 400, BAD, content_type="text/plain"),
    raw("application/graphql", SIMPLE.encode(), 400, BAD, content_type="application/graphql"),
    raw("a form", b"query=%7B+__typename+%7D", 400, BAD, content_type="application/x-www-form-urlencoded"),
    raw("multipart without parts", b"--x--", 400, BAD, content_type="multipart/form-data; boundary=x"),
    raw("graphql-response+json as the body's type", BODY, 400, BAD, content_type=GRAPHQL_RESPONSE),
    raw("JSON with a utf-8 charset", BODY, 200, content_type="application/json; charset=utf-8"),
    raw("UTF-16 bytes under a utf-16 charset", json.dumps({"query": SIMPLE}).encode("utf-16"), 400, BAD,
        content_type="application/json; charset=utf-16"),
]
PACKED = json.dumps({"query": "{ campaigns(first: 1) { totalCount } }"}).encode()
ENCODINGS = [
    coded("gzip that is not gzip", b"not gzip at all", "gzip", 400, BAD),
    coded("gzip cut short", gzip.compress(PACKED)[:-6], "gzip", 400, BAD),
    coded("gzip with garbage after it", gzip.compress(PACKED) + b"garbage", "gzip", 400, BAD),
    coded("gzip of bytes that are not UTF-8", gzip.compress(b'{"query": "\xff"}'), "gzip", 400, BAD),
    coded("gzip of text that is not JSON", gzip.compress(b"{ __typename }"), "gzip", 400, BAD),
    coded("gzip that expands past the body limit", gzip.compress(b" " * (3 * 2**20)), "gzip", 413,
          "PAYLOAD_TOO_LARGE"),
    coded("gzip of a document too deep", gzip.compress(json.dumps({"query": SIMPLE, "variables": {
        "x": json.loads("[" * 90 + "]" * 90)}}).encode()), "gzip", 422, "INVALID_INPUT"),
    coded("deflate that is not deflate", b"\x00\x01\x02", "deflate", 400, BAD),
    coded("raw deflate without its zlib wrapper", zlib.compress(PACKED)[2:-4], "deflate", 400, BAD),
    coded("deflate with garbage after it", zlib.compress(PACKED) + b"x", "deflate", 400, BAD),
    coded("gzip labelled deflate", gzip.compress(PACKED), "deflate", 400, BAD),
    coded("plain JSON labelled gzip", PACKED, "gzip", 400, BAD),
    coded("brotli", PACKED, "br", 415, "UNSUPPORTED_MEDIA_TYPE"),
    coded("zstd", PACKED, "zstd", 415, "UNSUPPORTED_MEDIA_TYPE"),
    coded("compress", PACKED, "compress", 415, "UNSUPPORTED_MEDIA_TYPE"),
    coded("an unknown coding after gzip", gzip.compress(PACKED), "gzip, x-nope", 415, "UNSUPPORTED_MEDIA_TYPE"),
    coded("gzip", gzip.compress(PACKED), "gzip", 200),
    coded("GZIP in capitals", gzip.compress(PACKED), "GZIP", 200),
    coded("x-gzip", gzip.compress(PACKED), "x-gzip", 200),
    coded("deflate", zlib.compress(PACKED), "deflate", 200),
    coded("gzip twice", gzip.compress(gzip.compress(PACKED)), "gzip, gzip", 200),
    coded("deflate then gzip", gzip.compress(zlib.compress(PACKED)), "deflate, gzip", 200),
    coded("identity", PACKED, "identity", 200),
    coded("two gzip members", gzip.compress(PACKED[:10]) + gzip.compress(PACKED[10:]), "gzip", 200),
]
TRANSPORT = [
    Case("PUT", 405, frozenset({"METHOD_NOT_ALLOWED"}), method="PUT", body=BODY),
    Case("DELETE", 405, frozenset({"METHOD_NOT_ALLOWED"}), method="DELETE"),
    Case("PATCH", 405, frozenset({"METHOD_NOT_ALLOWED"}), method="PATCH", body=BODY),
    Case("OPTIONS without CORS", 405, frozenset({"METHOD_NOT_ALLOWED"}), method="OPTIONS"),
    get("a GET mutation", {"query": "mutation { __typename }"}, 405, "METHOD_NOT_ALLOWED"),
    get("a GET mutation under graphql-response+json", {"query": "mutation { __typename }"}, 405,
        "METHOD_NOT_ALLOWED", accept=GRAPHQL_RESPONSE),
    get("a GET mutation chosen by operationName", {"query": "query A { __typename } mutation B { __typename }",
                                                   "operationName": "B"}, 405, "METHOD_NOT_ALLOWED"),
    get("a GET subscription", {"query": SUBSCRIPTION}, 400, BAD),
    get("a GET without a query", {}, 400, BAD),
    get("GET variables that are not JSON", {"query": SIMPLE, "variables": "{"}, 400, BAD),
    get("GET variables that are a list", {"query": SIMPLE, "variables": "[1]"}, 400, BAD),
    get("GET extensions that are a string", {"query": SIMPLE, "extensions": '"x"'}, 400, BAD),
    get("a GET query", {"query": SIMPLE}, 200),
    get("a GET query that does not parse", {"query": "{"}, 200, "GRAPHQL_PARSE_FAILED"),
    get("a GET query that does not parse, under graphql-response+json", {"query": "{"}, 400,
        "GRAPHQL_PARSE_FAILED", accept=GRAPHQL_RESPONSE),
    sent("a subscription over POST", {"query": SUBSCRIPTION}, 400, BAD),
    sent("a subscription chosen by operationName over POST",
         {"query": f"query A {{ __typename }} {SUBSCRIPTION.replace('subscription', 'subscription B')}",
          "operationName": "B"}, 400, BAD),
    sent("a subscription asked for as server-sent events", {"query": SUBSCRIPTION}, 406, "NOT_ACCEPTABLE",
         accept="text/event-stream"),
    sent("a query asked for as server-sent events", {"query": SIMPLE}, 406, "NOT_ACCEPTABLE",
         accept="text/event-stream"),
    sent("a subscription asked for as multipart", {"query": SUBSCRIPTION}, 406, "NOT_ACCEPTABLE",
         accept='multipart/mixed;subscriptionSpec="1.0"'),
    sent("a subscription asked for as events or JSON", {"query": SUBSCRIPTION}, 400, BAD,
         accept="text/event-stream, application/json;q=0.1"),
    sent("an answer asked for as XML", {"query": SIMPLE}, 406, "NOT_ACCEPTABLE", accept="application/xml"),
    sent("an answer asked for as HTML", {"query": SIMPLE}, 406, "NOT_ACCEPTABLE", accept="text/html"),
    sent("graphql-response+json refused by q=0", {"query": SIMPLE}, 406, "NOT_ACCEPTABLE",
         accept=f"{GRAPHQL_RESPONSE};q=0"),
    sent("an Accept header that does not parse", {"query": SIMPLE}, 200, accept=";;;"),
    sent("graphql-response+json", {"query": SIMPLE}, 200, accept=GRAPHQL_RESPONSE),
    sent("a parse failure under graphql-response+json", {"query": "{"}, 400, "GRAPHQL_PARSE_FAILED",
         accept=GRAPHQL_RESPONSE),
    sent("a validation failure under graphql-response+json", {"query": "{ nope }"}, 400,
         "GRAPHQL_VALIDATION_FAILED", accept=GRAPHQL_RESPONSE),
]
BATCHES = [
    sent("a batch of one", [{"query": SIMPLE}], 400, BAD),
    sent("a batch of two", [{"query": SIMPLE}, {"query": SIMPLE}], 400, BAD),
    sent("a batch of a hundred", [{"query": SIMPLE}] * 100, 400, BAD),
    sent("a batch of nulls", [None, None], 400, BAD),
    sent("a batch of strings", [SIMPLE], 400, BAD),
    sent("a batch holding a subscription", [{"query": SUBSCRIPTION}], 400, BAD),
]
HEADERS = [
    sent("an empty bearer token", {"query": GM_ONLY}, 200, "UNAUTHENTICATED", authorization="Bearer "),
    sent("an unknown bearer token", {"query": GM_ONLY}, 200, "UNAUTHENTICATED", authorization="Bearer nope"),
    sent("a basic credential", {"query": GM_ONLY}, 200, "UNAUTHENTICATED", authorization="Basic dXNlcjpwYXNz"),
    sent("a bearer token of 10,000 characters", {"query": GM_ONLY}, 200, "UNAUTHENTICATED",
         authorization="Bearer " + "t" * 10_000),
    sent("a bearer token that is not ASCII", {"query": GM_ONLY}, 200, "UNAUTHENTICATED",
         authorization="Bearer caf\xe9"),
    sent("a scheme without a token", {"query": GM_ONLY}, 200, "UNAUTHENTICATED", authorization="Bearer"),
    sent("a view-as header that is no UUID", {"query": SIMPLE}, 200, "INVALID_INPUT", x_intrigue_view_as="me"),
    sent("an idempotency key of 10,000 characters on a mutation",
         {"query": 'mutation { openPhase(campaignId: "00000000-0000-0000-0000-000000000000") { id } }'}, 200,
         "FORBIDDEN", idempotency_key="k" * 10_000),
    sent("a request id of 10,000 characters", {"query": SIMPLE}, 200, x_request_id="r" * 10_000),
    sent("a request id that is not ASCII", {"query": SIMPLE}, 200, x_request_id="r\xe9"),
    sent("an origin that is not configured", {"query": SIMPLE}, 200, origin="https://elsewhere.example"),
]
# fmt: on
TRANSPORT_CASES = [*BODIES, *CONTENT_TYPES, *ENCODINGS, *TRANSPORT, *BATCHES, *HEADERS]
