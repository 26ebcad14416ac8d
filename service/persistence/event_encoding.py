"""The event store's encoder (issue 31, item 1, P6): the library's JSON bytes, written by orjson.

The library encodes with the standard `json` encoder, whose C loop calls back into Python (`default`) for every
UUID, time, enum and domain record, and encodes the `{"_type_", "_data_"}` dict each call returns: 0.025-0.05 s of
a big phase's resolution. Here one walk turns those values into that same dict form and orjson writes the result.
orjson writes what the walk hands it as `json` does (insertion order, no spaces, text unescaped but for quotes,
backslashes and control characters, UTF-8), except floats in exponent form (`1e-05` against orjson's `0.00001`),
non-finite floats, integers past 64 bits, keys that are not text and strings UTF-8 cannot hold: a value the walk
finds of those kinds, or one orjson refuses, sends the whole object to the standard encoder, as before. The bytes
are the same (tests/service/persistence/test_event_encoding.py compares them over a played phase of both systems).
"""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

import orjson
from eventsourcing.persistence import JSONTranscoder, StoredEvent, Transcoding, TranscodingNotRegisteredError
from eventsourcing.utils import get_topic

from domain.inputs import INT_MAX, INT_MIN
from projections.codec import DataclassAsDict, FastJSONTranscoder
from projections.jsonsafe import owned

_PLAIN = frozenset({str, int, bool, type(None)})
_NATIVE = (str, int, float, list, tuple, dict)  # what `json` writes itself, subclasses too
DERIVED_MAX = 8  # fields a dataclass derives and does not write (`Roll.total`): see `written`


class Written(NamedTuple):
    """One pending event encoded (`EventEncoder.written_event`): its stored form, the tree orjson wrote its JSON
    from (None where the standard encoder wrote it) and whether orjson wrote it strictly (`written`)."""

    event: Any
    stored: StoredEvent
    tree: Any
    strict: bool


class _Unlike(Exception):
    """A value orjson would not write as `json` does."""


class EventEncoder(FastJSONTranscoder):
    """`FastJSONTranscoder` (decoding by orjson, an event's typed forms as their JSON), encoding by orjson too."""

    def __init__(self) -> None:
        super().__init__()
        self.derived: dict[type, tuple[str, ...]] = {}  # a dataclass's fields it derives and does not write

    def register(self, transcoding: Transcoding) -> None:
        super().register(transcoding)
        if isinstance(transcoding, DataclassAsDict):
            derived = tuple(f.name for f in dataclasses.fields(transcoding.type) if not f.init)
            if derived:
                self.derived[transcoding.type] = derived

    def encode(self, obj: Any) -> bytes:
        if type(obj) is dict and self.forms:  # an event's (or a snapshot's) own fields: as FastJSONTranscoder
            forms = self.forms
            obj = {k: forms[type(v)].encode(v) if type(v) in forms else v for k, v in obj.items()}
        try:
            return owned(orjson.dumps(self._native(obj)))
        except (_Unlike, orjson.JSONEncodeError):
            return JSONTranscoder.encode(self, obj)

    def written_event(self, domain_event: Any) -> Written:
        """The event as the library's `Mapper.to_stored_event` stores it (no compressor, no cipher), with `written`'s
        tree and strictness."""
        state = dict(vars(domain_event))
        originator_id, originator_version = state.pop("originator_id"), state.pop("originator_version")
        class_version = getattr(type(domain_event), "class_version", 1)
        if class_version > 1:
            state["class_version"] = class_version
        data, tree, strict = self.written(state)
        stored = StoredEvent(originator_id, originator_version, get_topic(type(domain_event)), data)
        return Written(domain_event, stored, tree, strict)

    def written(self, state: dict[str, Any]) -> tuple[bytes, Any, bool]:
        """`encode(state)`'s bytes, the tree orjson wrote them from (None where the standard encoder did) and whether
        orjson wrote them strictly: every value the state holds as it is (no typed form, whose JSON is its own),
        integers within 53 bits, and any field a dataclass derives and does not write an integer within 64 bits
        (`_native`). Such JSON shows every value the storable check walks (service/persistence/storable.py)."""
        formed = bool(self.forms) and any(type(v) in self.forms for v in state.values())
        if formed:
            state = {k: self.forms[type(v)].encode(v) if type(v) in self.forms else v for k, v in state.items()}
        try:
            tree = self._native(state)
        except _Unlike:
            return JSONTranscoder.encode(self, state), None, False
        try:
            return owned(orjson.dumps(tree, option=orjson.OPT_STRICT_INTEGER)), tree, not formed
        except orjson.JSONEncodeError:
            pass
        try:
            return owned(orjson.dumps(tree)), tree, False
        except orjson.JSONEncodeError:
            return JSONTranscoder.encode(self, state), None, False

    def _native(self, value: Any) -> Any:
        """`value` with every value `json` would hand to `default` replaced by what `default` returns, in the
        order `json` tests a value's kind (its C encoder: None, booleans, text, integers, floats, lists and
        tuples, dicts, then `default`)."""
        kind = type(value)
        if kind in _PLAIN:
            return value
        if kind is dict:
            native = self._native
            out = {}
            for key, item in value.items():
                if type(key) is not str:  # json writes such a key in its own way
                    raise _Unlike
                out[key] = item if type(item) in _PLAIN else native(item)
            return out
        if kind is list or kind is tuple:
            native = self._native
            return [item if type(item) in _PLAIN else native(item) for item in value]
        if kind is float:
            text = float.__repr__(value)
            if "e" in text or "n" in text:  # exponent form, nan, inf
                raise _Unlike
            return value
        transcoding = self.types.get(kind)
        if transcoding is not None and not isinstance(value, _NATIVE):  # what `json` hands to `default`
            if kind in self.derived:
                self._derived(value, self.derived[kind])
            data = transcoding.encode(value)
            return {"_type_": transcoding.name, "_data_": data if type(data) in _PLAIN else self._native(data)}
        return self._other(value)

    def _other(self, value: Any) -> Any:
        if isinstance(value, str):
            return str.__str__(value)
        if isinstance(value, int):
            return int.__int__(value)
        if isinstance(value, float):
            return self._native(float.__float__(value))
        if isinstance(value, list | tuple):
            return self._native(list(value))
        if isinstance(value, dict):
            return self._native(dict(value))
        transcoding = self.types.get(type(value))
        if transcoding is None:  # the library's error
            raise TranscodingNotRegisteredError(
                f"Object of type {type(value)} is not serializable. Please define and register a custom "
                "transcoding for this type."
            )
        return {"_type_": transcoding.name, "_data_": self._native(transcoding.encode(value))}

    def _derived(self, value: Any, names: tuple[str, ...]) -> None:
        """A dataclass's derived fields are not written; the storable check walks them. The standard encoder writes
        the same bytes (the same `default`) unless each is an integer within 64 bits, so `written`'s JSON shows
        what the check could refuse in it."""
        if len(names) > DERIVED_MAX:
            raise _Unlike
        for name in names:
            derived = getattr(value, name)
            if type(derived) is not int or not INT_MIN <= derived <= INT_MAX:
                raise _Unlike
