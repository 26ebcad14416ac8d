"""Request bodies sent in a content coding (`Content-Encoding`, RFC 9110, section 8.4): gzip and deflate are
decoded, bounded by the same body limit as a plain body, so a small bomb cannot expand past it."""

from __future__ import annotations

import zlib

from service.entrypoints.shared.errors import BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError

# zlib's window bits: a gzip member (16 + 15), zlib-wrapped deflate (15) as RFC 9110 defines `deflate`.
WINDOW_BITS = {"gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS, "deflate": zlib.MAX_WBITS}
ACCEPTED = "gzip, deflate"  # what a 415 answer's Accept-Encoding names


def codings(header: str) -> list[str]:
    """The codings a `Content-Encoding` header lists, in the order they were applied; `identity` is none."""
    return [c for c in (part.strip().lower() for part in header.split(",")) if c and c != "identity"]


def decoded(body: bytes, header: str, max_bytes: int) -> bytes:
    """The body with its codings undone, the last applied first; refused when a coding is unknown or broken,
    or when the decoded body is larger than `max_bytes`."""
    applied = codings(header)
    unknown = [c for c in applied if c not in WINDOW_BITS]
    if unknown:
        raise UnsupportedMediaTypeError(
            f"the body's content coding {unknown[0]!r} is not one the server decodes (it decodes {ACCEPTED})", ACCEPTED
        )
    for coding in reversed(applied):
        body = _inflate(body, coding, max_bytes)
    return body


def _inflate(body: bytes, coding: str, max_bytes: int) -> bytes:
    out, rest = bytearray(), body
    while rest:  # a gzip body may hold several members, one after another (RFC 1952, section 2.2)
        inflater = zlib.decompressobj(WINDOW_BITS[coding])
        try:
            out += inflater.decompress(rest, max_bytes + 1 - len(out))
        except zlib.error:
            raise BadRequestError(f"the body is not valid {coding} data, as its Content-Encoding says") from None
        if len(out) > max_bytes:
            raise PayloadTooLargeError(f"the body, decoded, is larger than {max_bytes} bytes")
        if not inflater.eof:
            raise BadRequestError(f"the body's {coding} data ends before its end")
        rest = inflater.unused_data
        if rest and coding == "deflate":  # one zlib stream, unlike gzip
            raise BadRequestError("the body holds data after its deflate stream")
    return bytes(out)
