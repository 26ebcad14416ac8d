"""The fast decoder against the library's, on every event and snapshot a played campaign stored."""

from __future__ import annotations

from uuid import UUID

from eventsourcing.persistence import JSONTranscoder

from service.bootstrap import Intrigue


def assert_both_decoders_agree(intrigue: Intrigue, ids: list[UUID]) -> int:
    """Decode each stored state with the service's transcoder and with eventsourcing's own JSONTranscoder
    (same transcodings): the objects must be equal, tuples still tuples. Returns how many were compared."""
    standard = JSONTranscoder()
    intrigue.store.register_transcodings(standard)
    fast = intrigue.store.mapper.transcoder
    assert type(fast) is not JSONTranscoder
    compared = 0
    intrigue.store.snapshots_written()
    for table in ("intrigue_events", "intrigue_snapshots"):
        with intrigue.store.recorder.datastore.get_connection() as conn:
            rows = conn.execute(f"SELECT state FROM {table} WHERE originator_id = ANY(%s)", (ids,)).fetchall()
        for row in rows:
            data = bytes(row["state"])
            assert fast.decode(data) == standard.decode(data), data[:200]
            compared += 1
    return compared
