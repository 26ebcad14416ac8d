"""How many random bits an unseated caller's idempotency key carries (issue 25, item 8).

An unseated caller's key is its only secret (idempotency.py): a guessable one hands its first answer, and the GM
token in it, to whoever guesses it. A string cannot show that it was drawn at random, only that it was not, so a
key is credited the smaller of two bounds:
- what its characters can carry: 4 bits a hex digit, 6 a base64url (or base64) character, log2(95) any other
  printable character;
- the shortest description of those bits that DEFLATE finds. Fewer than 2^L of all strings have a description of
  L bits, so a key drawn at random compresses below its own size only with negligible odds (a match of three
  random bytes is already about 2^-24), while a pattern (forty `k`s, a repeated block, a run of zeros) compresses
  to a few bytes; and a key of visibly too few distinct characters by which they are and their sequence.
A key is honoured when credited `REQUIRED_BITS`; a canonical random UUID (version 4) when credited its 122 random
bits, the standard key that clients make (`crypto.randomUUID()`, `uuid.uuid4()`): 2^122 guesses are as far out of
reach as 2^128, and its six fixed bits are the standard's, not a pattern (docs/architecture.md, Seats, tokens and
idempotency).
"""

from __future__ import annotations

import math
import re
import string
import zlib
from uuid import UUID

REQUIRED_BITS = 128
UUID4_BITS = 122  # RFC 9562, 5.4: 128 bits less 4 of version and 2 of variant
_UUID4 = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", re.IGNORECASE)
_HEX = frozenset(string.hexdigits)
_BASE64 = string.ascii_uppercase + string.ascii_lowercase + string.digits
_BASE64URL = {c: i for i, c in enumerate(_BASE64 + "-_")} | {"+": 62, "/": 63}
PRINTABLE_BITS = math.log2(95)  # the printable ASCII characters, space included
FEW_SYMBOLS = 2.0**-40


def random_bits(key: str) -> float:
    """The random bits the key is credited: what its characters can carry, at most its shortest description."""
    if _UUID4.fullmatch(key):
        digits = key.replace("-", "").lower()
        return min(UUID4_BITS, _described(UUID(key).bytes), _by_symbols(digits, 16))
    if set(key) <= _HEX:
        digits = key.lower()
        return min(4 * len(key), _described(bytes.fromhex(digits + "0" * (len(key) % 2))), _by_symbols(digits, 16))
    body = key.rstrip("=")  # base64's padding carries nothing
    if body and set(body) <= _BASE64URL.keys():
        return min(6 * len(body), _described(_sextets(body)), _by_symbols(body, 64))
    return min(PRINTABLE_BITS * len(key), _described(key.encode()), _by_symbols(key, 95))


def required_bits(key: str) -> int:
    return UUID4_BITS if _UUID4.fullmatch(key) else REQUIRED_BITS


def _described(payload: bytes) -> int:
    """The size in bits of the payload's raw DEFLATE stream (RFC 1951), the shortest zlib finds at level 9."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    return 8 * len(deflate.compress(payload) + deflate.flush())


def _by_symbols(chars: str, alphabet: int) -> float:
    """A key of few distinct characters (`kkkk…`, `abab…`) is described by which they are and the sequence of
    them. That bound counts only when a random draw of its length shows so few with odds below `FEW_SYMBOLS`
    (a union bound over the subsets that size), so it never refuses a key that a generator drew."""
    n, d = len(chars), min(len(set(chars)), alphabet)
    if math.comb(alphabet, d) * (d / alphabet) ** n >= FEW_SYMBOLS:
        return math.inf
    return math.log2(math.comb(alphabet, d)) + n * math.log2(max(d, 1))


def _sextets(body: str) -> bytes:
    bits = "".join(f"{_BASE64URL[c]:06b}" for c in body)
    bits += "0" * (-len(bits) % 8)
    return int(bits, 2).to_bytes(len(bits) // 8, "big")
