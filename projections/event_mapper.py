"""The library's mapper, with what it works out per event worked out once per topic (issue 31, P4 and P6)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from eventsourcing.persistence import Mapper, StoredEvent, find_id_convertor
from eventsourcing.utils import resolve_topic

_Kind = tuple[type, Any]  # an event class and its id's converter


class EventMapper(Mapper[UUID]):
    """`Mapper.to_domain_event` as the library does it, with the event class, its id's converter and its class
    version looked up once per topic and id type rather than per event. A stored event whose class has a version
    past 1 (upcasts), a mapper with a cipher or a compressor, and any event that fails on the way go the library's
    own path, which gives its result or raises its error."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._kinds: dict[tuple[str, type], _Kind | None] = {}

    @classmethod
    def of(cls, mapper: Mapper[UUID]) -> Mapper[UUID]:
        """The library's own mapper (the factory's) as this one, with its transcoder, compressor and cipher."""
        if type(mapper) is not Mapper:  # a mapper class the environment named (MAPPER_TOPIC) is kept
            return mapper
        return cls(mapper.transcoder, compressor=mapper.compressor, cipher=mapper.cipher)

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        return self.decoded(
            stored_event.originator_id, stored_event.originator_version, stored_event.topic, stored_event.state
        )

    def decoded(self, originator_id: Any, originator_version: int, topic: str, state: bytes) -> Any:
        """`to_domain_event` of the stored event these make, without making it where the library is not asked (a
        page's rows are decoded so: issue 31, P4)."""
        held = self._state(originator_id, topic, state)
        if held is None:  # the library's path, for its result or its error
            return super().to_domain_event(StoredEvent(originator_id, originator_version, topic, state))
        kind, event_state = held
        event_state["originator_id"] = kind[1](originator_id)
        event_state["originator_version"] = originator_version
        domain_event: Any = object.__new__(kind[0])
        object.__setattr__(domain_event, "__dict__", event_state)
        return domain_event

    def attributes(self, originator_id: Any, topic: str, state: bytes) -> tuple[Any, dict[str, Any]] | None:
        """The id `decoded` gives its event, and its other attributes but its version, without making the event (a
        phase's reports read them alone: issue 31, P4); None where `decoded` takes the library's path (an upcast, a
        cipher, a state that fails to decode), which the caller then takes for its result or its error."""
        held = self._state(originator_id, topic, state)
        return None if held is None else (held[0][1](originator_id), held[1])

    def _state(self, originator_id: Any, topic: str, state: bytes) -> tuple[_Kind, dict[str, Any]] | None:
        """The event's class and id converter, and its state decoded; None where the library's path is taken."""
        key = (topic, type(originator_id))
        try:
            kind = self._kinds[key]
        except KeyError:
            kind = self._kind(key)
        if kind is None:
            return None
        try:
            event_state: dict[str, Any] = self.transcoder.decode(state)
        except Exception:  # the library's path raises its error, as the library words it
            return None
        event_state.pop("class_version", None)  # a version-1 class upcasts nothing
        return kind, event_state

    def _kind(self, key: tuple[str, type]) -> _Kind | None:
        cls = resolve_topic(key[0])  # raises as the library would, before anything is kept
        plain = not (self.cipher or self.compressor) and getattr(cls, "class_version", 1) == 1
        kind = self._kinds[key] = (cls, find_id_convertor(cls, key[1])) if plain else None
        return kind


def decoder(mapper: Mapper[UUID]) -> Callable[[Any, int, str, bytes], Any]:
    """A stored event's domain event from its four parts: `EventMapper.decoded`, or any other mapper's own."""
    if isinstance(mapper, EventMapper):
        return mapper.decoded
    return lambda originator_id, version, topic, state: mapper.to_domain_event(
        StoredEvent(originator_id, version, topic, state)
    )
