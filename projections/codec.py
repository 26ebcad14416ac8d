"""How aggregate state is written down: JSON transcodings for domain dataclasses (snapshots), and plain JSON."""

from __future__ import annotations

import dataclasses
import functools
import importlib
import json
import pkgutil
from datetime import datetime
from enum import Enum
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.persistence import (
    DatetimeAsISO,
    DecimalAsStr,
    JSONTranscoder,
    Mapper,
    Transcoding,
    TranscodingNotRegisteredError,
    UUIDAsHex,
)

import domain
from domain.factionturn.face import FactionOrders, orders_to_dict
from domain.gameofbones.face import PendingAction
from projections.event_mapper import EventMapper
from projections.old_topics import register_old_topics


class DataclassAsDict(Transcoding):
    """One domain dataclass, by its fields; tuple fields come back as tuples."""

    def __init__(self, cls: type) -> None:
        self.type = cls
        self.name = f"{cls.__module__}:{cls.__qualname__}"
        fields = [f for f in dataclasses.fields(cls) if f.init]
        self._fields = [f.name for f in fields]
        self._tuples = {f.name for f in fields if str(f.type).startswith(("tuple", "Tuple"))}

    def encode(self, obj: Any) -> dict[str, Any]:
        return {name: getattr(obj, name) for name in self._fields}

    def decode(self, data: dict[str, Any]) -> Any:
        values = {k: tuple(v) if k in self._tuples and isinstance(v, list) else v for k, v in data.items()}
        return self.type(**values)


class EnumAsValue(Transcoding):
    def __init__(self, cls: type[Enum]) -> None:
        self.type = cls
        self.name = f"{cls.__module__}:{cls.__qualname__}"

    def encode(self, obj: Any) -> Any:
        return obj.value

    def decode(self, data: Any) -> Any:
        return self.type(data)


class FormAsJSON(Transcoding):
    """A typed form an event carries as one of its fields, written as its JSON form itself, with no
    `{"_type_", "_data_"}` wrapper: the bytes its events held before they carried the typed value, so old and new
    events read alike (as that JSON form), and the aggregate that applies them reads the form back (a faction's
    orders: `Faction._order_submitted`; a house's ordered action: `House._action_ordered`).

    Only an event's own fields are written so (`FastJSONTranscoder.forms`): the same class held in an aggregate's
    state (a house's pending actions) keeps its type tag in a snapshot, which must read back typed."""

    def __init__(self, cls: type, to_json: Any) -> None:
        self.type = cls
        self.name = f"{cls.__module__}:{cls.__qualname__}"
        self._to_json = to_json

    def encode(self, obj: Any) -> Any:
        return self._to_json(obj)

    def decode(self, data: Any) -> Any:
        return data  # never wrapped, so never asked; a wrapped one (none is written) reads as its JSON form


class WrittenJSON(bytes):
    """JSON bytes handed on with the tree orjson wrote them from (service/persistence/event_encoding.py `written`):
    `FastJSONTranscoder.decode` revives that tree instead of parsing the bytes, which reads the same values
    (orjson reads back what it wrote from such a tree: text, 64-bit integers, finite floats, lists, objects)."""

    tree: Any = None

    @classmethod
    def of(cls, data: bytes, tree: Any) -> WrittenJSON:
        written = cls(data)
        written.tree = tree
        return written


# How an event's JSON begins (the library writes its timestamp first): when it holds one typed value, that is it.
_STAMPED = b'{"timestamp":{"_type_":"datetime_iso","_data_":"'


class FastJSONTranscoder(JSONTranscoder):
    """The library's JSON format, decoded by orjson: the same bytes written, the same objects read back.

    Decoding was three quarters of a projection's cost per event (design: "speed"). The standard decoder
    calls the object hook on every JSON object; here orjson parses and one walk revives the
    `{"_type_", "_data_"}` objects innermost first, exactly as the hook would. What orjson refuses (NaN,
    integers beyond 64 bits, which the standard encoder can write) falls back to the standard decoder.
    """

    def __init__(self) -> None:
        super().__init__()
        self.forms: dict[type, FormAsJSON] = {}  # typed forms written as JSON where an event carries them

    def encode(self, obj: Any) -> bytes:
        if type(obj) is dict and self.forms:  # an event's (or a snapshot's) own fields
            forms = self.forms
            obj = {k: forms[type(v)].encode(v) if type(v) in forms else v for k, v in obj.items()}
        return super().encode(obj)

    def decode(self, data: bytes) -> Any:
        if type(data) is WrittenJSON and data.tree is not None:
            parsed, data.tree = data.tree, None  # revived in place below, so taken once: a second decode parses
        else:
            try:
                parsed = orjson.loads(data)
            except orjson.JSONDecodeError:
                return super().decode(data)
        # Every typed object has the key "_type_" (inside a string its quotes would be escaped), so this
        # counts them or more; the walk stops once that many are revived, skipping the plain rest.
        typed = data.count(b'"_type_"')
        if typed == 1 and data.startswith(_STAMPED):  # most events: the timestamp the one typed value (P4)
            held = parsed.get("timestamp")
            if type(held) is dict and len(held) == 2 and "_type_" in held and "_data_" in held:
                parsed["timestamp"] = self._typed(held)  # what the walk below revives first, and alone
                return parsed
        return self._revive(parsed, [typed]) if typed else parsed

    def _typed(self, value: dict[str, Any]) -> Any:
        try:
            transcoding = self.names[value["_type_"]]
        except KeyError:
            raise TranscodingNotRegisteredError(
                f"Data serialized with name {value['_type_']!r} is not deserializable."
                " Please register a custom transcoding for this type."
            ) from None
        return transcoding.decode(value["_data_"])

    def _revive(self, value: Any, left: list[int]) -> Any:
        if type(value) is dict:
            for key, item in value.items():
                if type(item) is dict or type(item) is list:
                    value[key] = self._revive(item, left)
                    if not left[0]:
                        break
            if len(value) == 2 and "_type_" in value and "_data_" in value:
                left[0] -= 1
                return self._typed(value)
            return value
        for index, item in enumerate(value):
            if type(item) is dict or type(item) is list:
                value[index] = self._revive(item, left)
                if not left[0]:
                    break
        return value


def domain_types() -> list[type]:
    """Every dataclass and enum defined in a `domain` module, in a stable order."""
    found: dict[str, type] = {}
    for module_info in pkgutil.walk_packages(domain.__path__, "domain."):
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            if not isinstance(value, type) or value.__module__ != module.__name__:
                continue
            if dataclasses.is_dataclass(value) or (issubclass(value, Enum) and not issubclass(value, str)):
                found[f"{value.__module__}:{value.__qualname__}"] = value
    return [found[k] for k in sorted(found)]


@functools.cache
def domain_transcodings() -> tuple[Transcoding, ...]:
    """A transcoding for every domain dataclass and enum, made once a process and shared by every transcoder (they
    hold nothing but their class's names): issue 31, P4, the packages' walk and the transcodings' making were a
    third of a mapper's, and a rebuild made three mappers before it folded its first event."""
    return tuple(DataclassAsDict(cls) if dataclasses.is_dataclass(cls) else EnumAsValue(cls) for cls in domain_types())


def register_domain_transcodings(transcoder: JSONTranscoder) -> None:
    for transcoding in domain_transcodings():
        transcoder.register(transcoding)
    # Orders are stored in the JSON form they had before events carried them typed (issue 30).
    if isinstance(transcoder, FastJSONTranscoder):
        transcoder.forms[FactionOrders] = FormAsJSON(FactionOrders, orders_to_dict)
        transcoder.forms[PendingAction] = FormAsJSON(PendingAction, PendingAction.to_dict)
    # Everything that reads or writes events comes here first: classes that moved keep their old names.
    names = transcoder.names
    for old, cls in register_old_topics().items():
        current = names.get(f"{cls.__module__}:{cls.__qualname__}")
        if current is not None:
            names[old] = current


class SnapshotTranscoder(FastJSONTranscoder):
    """The read model's snapshots: as the event store writes them, except that a string UTF-8 cannot hold
    (an unpaired surrogate, which an imported event can carry as a JSON escape) is written as that escape
    again, so the snapshot decodes to the same string (projections/jsonsafe.py)."""

    def encode(self, obj: Any) -> bytes:
        try:
            return super().encode(obj)
        except UnicodeEncodeError:
            return self._ascii(obj)

    def _ascii(self, obj: Any) -> bytes:
        encoder = json.JSONEncoder(default=self._encode_obj, separators=(",", ":"), ensure_ascii=True)
        return encoder.encode(obj).encode("ascii")


def domain_mapper() -> Mapper[UUID]:
    """A mapper that reads and writes aggregate snapshots as the event store does."""
    transcoder = SnapshotTranscoder()
    for transcoding in (UUIDAsHex(), DecimalAsStr(), DatetimeAsISO()):
        transcoder.register(transcoding)
    register_domain_transcodings(transcoder)
    return EventMapper(transcoder=transcoder)


_AS_IS = frozenset({str, int, float, bool, type(None)})
_AS_TEXT = frozenset({UUID, datetime})  # exactly these types (no subclass), written as `str` writes them


def plain(value: Any) -> Any:
    """Aggregate state as plain JSON for read models: dataclasses as objects, enums as values, ids as text.

    The common shapes (exact scalars, dicts, lists, domain dataclasses) are told by their exact type: a
    faction's state is thousands of values, and this runs for every row a projection writes.
    """
    kind: Any = type(value)
    if kind in _AS_IS:
        return value
    as_is = _AS_IS  # scalars are kept without a call: most of a state's values are (issue 16, the rebuild)
    if kind is dict:
        return {k if type(k) is str else str(k): v if type(v) in as_is else plain(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [v if type(v) in as_is else plain(v) for v in value]
    names = _field_names(kind)
    if names is not None:
        held = getattr(value, "__dict__", None)
        if held is not None and len(held) == len(names):  # exactly its fields, in their order
            if as_is.issuperset(map(type, held.values())):  # every field a scalar (an asset): a copy, in C (P4)
                return dict(held)
            return {k: v if type(v) in as_is else plain(v) for k, v in held.items()}
        return {name: plain(getattr(value, name)) for name in names}
    if kind in _AS_TEXT:  # what `_plain_other` ends in, without its checks on the way (issue 31, P4)
        return str(value)
    return _plain_other(value)


@functools.cache
def _field_names(kind: Any) -> tuple[str, ...] | None:
    return tuple(f.name for f in dataclasses.fields(kind)) if dataclasses.is_dataclass(kind) else None


def _plain_other(value: Any) -> Any:
    if isinstance(value, Enum):
        return plain(value.value)
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)
