"""Ids: UUIDs, with uuid5 of a natural key where one exists, so creation is idempotent.

An id is kept as text in one spelling, `str(UUID)`'s (`CANONICAL`), because the rules and the read models match ids
as text: the same house spelt twice would be two houses (issue 31, import ids). A command's id in any spelling
`uuid.UUID` reads is that id (`canonical_id`, `canonical_spelling`); an event's payload must already hold it
canonical (`misspelt_id`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from hashlib import sha1
from typing import Any, NewType
from uuid import UUID, uuid5

from domain.errors import InvalidInputError

CampaignId = NewType("CampaignId", UUID)
RegionId = NewType("RegionId", UUID)
FactionId = NewType("FactionId", UUID)
HouseId = NewType("HouseId", UUID)

# A UUID's text as `str(UUID)` prints it: lower-case hex in its five groups.
CANONICAL = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
SHOWN = 60  # characters of a refused id in its refusal


def canonical_id(value: object, field: str) -> str:
    """An id as the store keeps it, from any spelling `uuid.UUID` reads (any case, without hyphens, in braces, as
    a `urn:uuid:`), as a client's UUID type or GraphQL's `UUID` scalar take it; anything else refused, by field."""
    if isinstance(value, UUID):
        return str(value)
    if isinstance(value, str):
        parsed = _parsed(value)
        if parsed is not None:
            return parsed
    raise InvalidInputError(f"{field}: {str(value)[:SHOWN]!r} is not an id (a UUID)")


def canonical_spelling(text: str) -> str:
    """`text` spelt as `canonical_id` keeps it where `uuid.UUID` reads it; any other text as it is (the very object),
    for the rules to refuse as naming no member of the campaign, as they always have."""
    return _parsed(text) or text


def _parsed(text: str) -> str | None:
    """`text` canonical (the very object where it already is), or None where `uuid.UUID` does not read it."""
    if CANONICAL.fullmatch(text):
        return text
    try:
        return str(UUID(text))
    except ValueError:
        return None


def check_canonical(ids: Iterable[str], field: str) -> None:
    """Refuse ids an event would hold in another spelling than `CANONICAL`: an aggregate's own guard."""
    for given in ids:
        if not CANONICAL.fullmatch(given):
            raise InvalidInputError(f"{field}: {given[:SHOWN]!r} is not an id in its canonical spelling")


# Where an event's payload holds ids, at any depth, by the name of the field holding them: `id`, `…_id` and `…_ids`
# (the domain's own naming), the initiative's `order` (member ids, in turn), the keys of the maps `ID_KEYED` and the
# values of those `ID_VALUED` (a movement's observers: each house's knowledge entry), the first of each pair in the
# lists `ID_PAIRED` (a Repair Asset order's [asset id, healing steps]). Text that looks like a UUID
# elsewhere is not one of ours (a faction's `secret`, a name). tests/service/usecases/test_import_ids.py holds the
# product's exports to this: every UUID they hold, spelt otherwise, is found.
ID_LISTS = frozenset({"order"})
ID_KEYED = frozenset({"observers", "members", "troops", "assets", "by_area", "income", "reverted"})
ID_VALUED = frozenset({"observers"})
ID_PAIRED = frozenset({"assets"})


def is_id_field(name: object) -> bool:
    return isinstance(name, str) and (name == "id" or name.endswith(("_id", "_ids")) or name in ID_LISTS)


def misspelt_id(payload: Mapping[str, Any]) -> str | None:
    """Why an event's payload may not be stored, or None: an id in another spelling than `CANONICAL`, or one id
    twice under two spellings. Text `uuid.UUID` does not read (a name, "") is no id, and is left to other checks."""
    return _misspelt(payload, "", [])


def _misspelt(value: Any, name: object, path: list[str]) -> str | None:
    if isinstance(value, dict):
        if name in ID_KEYED:
            found = _spellings([k for k in value if isinstance(k, str)], path, "a key")
            if found:
                return found
        for key, item in value.items():
            path.append(str(key)[:SHOWN])
            found = _misspelt(item, "id" if name in ID_VALUED else key, path)
            path.pop()
            if found:
                return found
    elif isinstance(value, list | tuple):
        if is_id_field(name):
            return _spellings([v for v in value if isinstance(v, str)], path, "an item")
        if name in ID_PAIRED and _pairs(value):
            return _spellings([pair[0] for pair in value], path, "a pair")
        for index, item in enumerate(value):
            path.append(f"[{index}]")
            found = _misspelt(item, name, path)
            path.pop()
            if found:
                return found
    elif isinstance(value, str) and is_id_field(name):
        return _spellings([value], path, "its value")
    return None


def _pairs(value: list[Any] | tuple[Any, ...]) -> bool:
    return all(isinstance(v, list | tuple) and len(v) == 2 and isinstance(v[0], str) for v in value)


def _spellings(texts: list[str], path: list[str], what: str) -> str | None:
    where = ".".join(path).replace(".[", "[")
    seen: dict[str, str] = {}
    for text in texts:
        canonical = _parsed(text)
        if canonical is None:
            continue  # not an id
        if seen.get(canonical, text) != text:
            return f"{where} names {canonical} twice, as {seen[canonical]!r} and {text!r}"
        seen[canonical] = text
    for text, canonical in ((t, c) for c, t in seen.items()):
        if text != canonical:
            return f"{where} holds {what} {text!r}, an id not in its canonical spelling {canonical!r}"
    return None


def region_id(campaign_id: UUID, q: int, r: int) -> RegionId:
    """A campaign has at most one region per hex."""
    return RegionId(uuid5(campaign_id, f"region:{q},{r}"))


def faction_id(campaign_id: UUID, name: str) -> FactionId:
    return FactionId(uuid5(campaign_id, f"faction:{name.strip().casefold()}"))


def house_id(campaign_id: UUID, name: str) -> HouseId:
    return HouseId(uuid5(campaign_id, f"house:{name.strip().casefold()}"))


def uuid5_text(namespace: UUID, name: str) -> str:
    """`str(uuid5(namespace, name))` without building the UUID object: a Game of Bones month names every piece of
    knowledge so, thousands a phase, and the object's checks and formatting were most of it (issue 31, P6). The
    namespace's part of the hash is taken once (a copy of it goes on with the name), and the version and variant
    bits are set on the hex text: the version digit is 5, the variant digit's two high bits are 10."""
    hashed = _namespaced(namespace).copy()
    hashed.update(name.encode("utf-8"))
    return _text(hashed.hexdigest())


def uuid5_texts(namespace: UUID, prefix: str, tails: Iterable[str]) -> list[str]:
    """`uuid5_text(namespace, prefix + tail)` of each tail, the namespace's and the prefix's part of the hash taken
    once (a troop movement names an entry for each of 49 observers: issue 31, P6)."""
    start = _namespaced(namespace).copy()
    start.update(prefix.encode("utf-8"))
    named = []
    for tail in tails:
        hashed = start.copy()
        hashed.update(tail.encode("utf-8"))
        named.append(_text(hashed.hexdigest()))
    return named


def _text(x: str) -> str:
    return f"{x[:8]}-{x[8:12]}-5{x[13:16]}-{_VARIANT[x[16]]}{x[17:20]}-{x[20:32]}"


@functools.lru_cache(maxsize=64)  # a handful of namespaces name everything
def _namespaced(namespace: UUID) -> Any:
    return sha1(namespace.bytes)


# RFC 4122's variant on the 17th hex digit: its two high bits set to 10, its two low bits kept.
_VARIANT = {digit: "89ab"[int(digit, 16) & 0x3] for digit in "0123456789abcdef"}
