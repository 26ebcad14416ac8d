"""The event store's backstop: no event is saved (or imported) that PostgreSQL or the read models cannot hold.

The transports check their input first (`domain/inputs.py`) and name the field; this catches every other
path (the GM's tools, the chronicle, scripts, an import) and names the event and its attribute.

A command's save encodes each pending event once (`encoded_and_checked`), and that JSON, written strictly by orjson
(`EventEncoder.written`), mostly shows that the check's walk would pass: then the walk is skipped (issue 31, P6:
the walk was a tenth of a big phase's saving). Where it does not show it, the walk runs and refuses as it did, with
the same error.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from eventsourcing.domain import Aggregate
from eventsourcing.persistence import Mapper

from domain.errors import InvalidInputError
from domain.inputs import STORED_MAX_BYTES, STORED_MAX_DEPTH, check_stored
from service.persistence.event_encoding import EventEncoder, Written

_ENVELOPE = frozenset({"originator_id", "originator_version", "timestamp", "originator_topic"})
# The walk (domain/inputs.py `_Walk`) counts a value at most 32 times the bytes of its JSON: 21 for an integer (one
# byte at least), 25 for a float (three), 41 for a value it does not enter (a UUID, a time: 30 or more as typed JSON;
# a subclass of text, list or dict: 2 or more), a text's UTF-8 bytes and one (its bytes and two quotes), 3 and its
# items for a container (2 and its items and their separators), nothing for an enum or a dataclass but their value
# or fields (each also wrapped in `{"_type_":...,"_data_":...}`, 25 bytes or more, which outweigh a dataclass's
# derived integers, 21 each, at most `DERIVED_MAX`).
WALKED_PER_BYTE = 32


def check_pending(aggregates: Iterable[Aggregate]) -> None:
    """Refuse, before anything is written, when any pending event holds a value that cannot be stored."""
    for aggregate in aggregates:
        for pending in aggregate.pending_events:
            check_event(type(pending).__qualname__, vars(pending))


def check_event(name: str, attributes: dict[str, Any]) -> None:
    """Refuse one event's attributes (its envelope aside); errors read `Faction.OrderSubmitted.order.narrative`."""
    check_stored(name, {k: v for k, v in attributes.items() if k not in _ENVELOPE})


def encoded_and_checked(mapper: Mapper[Any], aggregates: Sequence[Aggregate]) -> dict[int, Written] | None:
    """Each pending event encoded once (by `id`), refused as `check_pending` refuses it before anything is written;
    the walk skipped where its JSON shows it would pass (`shown_storable`). None where the store does not write
    plain JSON or an event cannot be encoded so, every event then checked as `check_pending` does: the save
    encodes as before (and an event it cannot encode fails as before, in the save's order)."""
    encoder = mapper.transcoder
    if mapper.compressor is not None or mapper.cipher is not None or not isinstance(encoder, EventEncoder):
        check_pending(aggregates)
        return None
    encoded: dict[int, Written] = {}
    try:
        for aggregate in aggregates:
            for pending in aggregate.pending_events:
                written = encoder.written_event(pending)
                if not (written.strict and shown_storable(written.stored.state)):
                    check_event(type(pending).__qualname__, vars(pending))
                encoded[id(pending)] = written
    except InvalidInputError:
        raise
    except Exception:  # not encodable so: the events after it are checked too, as before
        check_pending(aggregates)
        return None
    return encoded


def shown_storable(data: bytes) -> bool:
    """Whether strictly written JSON of an event (`EventEncoder.written`) shows that `check_stored` of its
    attributes passes: it shows every value the walk enters, with its nesting or more (a dataclass or an enum is
    one object deeper), text UTF-8 can hold, integers within 53 bits and floats finite. Then the walk passes if the
    JSON holds no NUL (orjson writes it `\\u0000`; a text holding that escape is walked), no more containers than
    `STORED_MAX_DEPTH` can nest, and bytes few enough that the walk's count stays within `STORED_MAX_BYTES`."""
    return (
        len(data) * WALKED_PER_BYTE <= STORED_MAX_BYTES
        and b"\\u0000" not in data
        and data.count(b"{") + data.count(b"[") <= STORED_MAX_DEPTH
    )
