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

from typing import Any

import orjson
from eventsourcing.persistence import JSONTranscoder, TranscodingNotRegisteredError

from projections.codec import FastJSONTranscoder

_PLAIN = frozenset({str, int, bool, type(None)})
_NATIVE = (str, int, float, list, tuple, dict)  # what `json` writes itself, subclasses too


class _Unlike(Exception):
    """A value orjson would not write as `json` does."""


class EventEncoder(FastJSONTranscoder):
    """`FastJSONTranscoder` (decoding by orjson, an event's typed forms as their JSON), encoding by orjson too."""

    def encode(self, obj: Any) -> bytes:
        if type(obj) is dict and self.forms:  # an event's (or a snapshot's) own fields: as FastJSONTranscoder
            forms = self.forms
            obj = {k: forms[type(v)].encode(v) if type(v) in forms else v for k, v in obj.items()}
        try:
            return orjson.dumps(self._native(obj))
        except (_Unlike, orjson.JSONEncodeError):
            return JSONTranscoder.encode(self, obj)

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
