"""The event store's `put`, taking a command's events as already encoded (issue 31, P6): the storable check, the
insert and the inline projection's fold share one encoding of each event (service/persistence/storable.py
`encoded_and_checked`), instead of the check walking each event, the mapper encoding it and the fold decoding it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import EventStore, Notification, Recording

from service.persistence.event_encoding import Written


class WrittenEventStore(EventStore[UUID]):
    """`EventStore` whose `put` takes `encoded` (`id` of an event: its encoding) and hands the recorder, beside
    the stored events, the trees orjson wrote them from (`trees`: the inline fold revives them, not the bytes)."""

    def put(
        self, domain_events: Sequence[Any], *, encoded: Mapping[int, Written] | None = None, **kwargs: Any
    ) -> list[Recording[UUID]]:
        if encoded is None:
            return super().put(domain_events, **kwargs)
        written = [_written(encoded, event) or self._encoded(event) for event in domain_events]
        stored = [w.stored for w in written]
        notification_ids = self.recorder.insert_events(stored, trees=[w.tree for w in written], **kwargs)
        if not notification_ids:
            return []
        return [  # as the library's `put` answers
            Recording(d, Notification(s.originator_id, s.originator_version, s.topic, s.state, id=n))
            for d, s, n in zip(domain_events, stored, notification_ids, strict=True)
        ]

    def _encoded(self, event: Any) -> Written:
        return Written(event, self.mapper.to_stored_event(event), None, False)


def _written(encoded: Mapping[int, Written], event: Any) -> Written | None:
    hit = encoded.get(id(event))
    return hit if hit is not None and hit.event is event else None
