"""A runner's reads: the page of the campaigns' lanes after their tracking rows, decoded, spared what a stored
snapshot already holds, and handed to the view (projections/runner.py reads so in its thread; `drain` in the
caller's, for a rebuild's workers)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import psycopg
from eventsourcing.persistence import StoredEvent
from psycopg.sql import SQL, Identifier

from projections.collector import collector_paused
from projections.event_mapper import decoder
from projections.progress import LaneProgress, View
from projections.restore import Restorer

PAGE = 20_000
CAMPAIGNS = 1_000  # campaigns behind their head read in one page, at most
HEADS = "campaign_heads"  # service/persistence/insert_function.py
JUMP = 20  # a stored snapshot is used when it spares folding at least this many events of one aggregate
# A campaign's part of n: its id's hash, made non-negative (hashtext is a signed 32-bit integer).
PART = "AND mod(hashtext(h.campaign_id::text)::bigint + 2147483648, %(parts)s) = %(part)s"


class Undecodable:
    """A stored event the mapper cannot decode; folding it raises, which stops its campaign alone."""

    def __init__(self, originator_id: UUID, originator_version: int, topic: str, error: Exception) -> None:
        self.originator_id, self.originator_version, self.stored_topic = originator_id, originator_version, topic
        self.error = error

    def mutate(self, aggregate: Any) -> Any:
        raise self.error


Tails = tuple[int, dict[int, int]]  # where an unknown aggregate's tail starts; each known one's


class LaneReader(LaneProgress):
    """Reads and projects pages of the lanes on `_conn`, which the runner opens (projections/runner.py)."""

    _conn: psycopg.Connection[tuple[Any, ...]]
    campaigns: int  # campaigns read in one page: 1 on Citus (the runner's `_connect` asks)

    def __init__(self, app: Any, view: View, name: str, page: int, part: tuple[int, int] | None) -> None:
        super().__init__(app, view, name)
        self.page = page
        # With `part` (k, n), only the campaigns whose id hashes to k of n: a rebuild's workers share the log so
        # (issue 31). Each campaign is one lane with its own tracking row, so parts never touch each other's rows.
        self.part = part
        self.spared = 0  # events not folded because a stored snapshot already held their outcome
        recorder = app.recorder
        # Each campaign's lane after its tracking row (issue 26): the campaigns whose head is past their row,
        # then each one's next events, the page being the earliest of them all. A campaign's positions have no
        # gaps, so its next `page` events are a range of positions (no LATERAL ... LIMIT, which Citus cannot push
        # down to the shards: docs/scaling.md, "Citus"). Within a campaign notification ids follow its positions
        # on one node (its writers queue on its head row), so each campaign's share is a prefix of its lane. An
        # inline projection (projections/inline.py) moves a row in a command's transaction: the page's
        # transaction locks the rows it writes and leaves out what they passed (projections/state.py).
        select = SQL(
            "WITH b AS (SELECT h.campaign_id, coalesce(t.position, 0) AS done FROM {schema}.{heads} h"
            " LEFT JOIN {tracking_schema}.{tracking} t ON t.campaign_id = h.campaign_id"
            " WHERE h.position > coalesce(t.position, 0) {part} ORDER BY h.campaign_id LIMIT %(campaigns)s)"
            " SELECT e.notification_id, e.originator_id, e.originator_version, e.topic, e.state, e.campaign_id,"
            " e.campaign_position FROM b JOIN {schema}.{events} e ON e.campaign_id = b.campaign_id"
            " AND e.campaign_position > b.done AND e.campaign_position <= b.done + %(page)s"
            " ORDER BY {order} LIMIT %(page)s"
        )
        names = {
            "schema": Identifier(recorder.datastore.schema),
            "events": Identifier(recorder.events_table_name),
            "heads": Identifier(getattr(recorder, "heads_table_name", HEADS)),
            "tracking_schema": Identifier(view.datastore.schema),  # type: ignore[attr-defined]
            "tracking": Identifier(view.tracking_table_name),  # type: ignore[attr-defined]
        }
        # On Citus a page is one campaign's, in its positions' order: its notification ids come from the sequence
        # of the worker holding its shard, and a shard move changes the worker (docs/scaling.md, "Citus").
        part_of = SQL(PART if part else "")
        self._select = select.format(order=SQL("e.notification_id"), part=part_of, **names)
        self._select_one = select.format(order=SQL("e.campaign_position"), part=part_of, **names)
        self._creations = SQL(
            "SELECT originator_id, originator_version, topic, state FROM {}.{}"
            " WHERE originator_id = ANY(%s) AND originator_version = 1"
        ).format(Identifier(recorder.datastore.schema), Identifier(recorder.events_table_name))
        if hasattr(view, "origins"):
            view.origins = self.origins
        if hasattr(view, "restorer"):
            view.restorer = Restorer.of(app)
        snapshots = app.snapshots.recorder if getattr(app, "snapshots", None) else None
        self._latest_snapshots = snapshots and SQL(
            "SELECT DISTINCT ON (s.originator_id) s.originator_id, s.originator_version, s.topic, s.state"
            " FROM unnest(%s::uuid[], %s::integer[], %s::integer[]) AS r(id, lo, hi) JOIN {}.{} s"
            " ON s.originator_id = r.id AND s.originator_version BETWEEN r.lo AND r.hi"
            " ORDER BY s.originator_id, s.originator_version DESC"
        ).format(Identifier(snapshots.datastore.schema), Identifier(snapshots.events_table_name))

    def _read(self) -> list[tuple[Any, ...]]:
        with self._conn.cursor(binary=True) as cursor:
            select = self._select_one if self.campaigns == 1 else self._select
            part, parts = self.part or (0, 1)
            params = {"campaigns": self.campaigns, "page": self.page, "part": part, "parts": parts}
            return cursor.execute(select, params).fetchall()

    def drain(self) -> int:
        """Project, in the caller's thread, page after page until none is behind (in this runner's part of the
        campaigns); return how many events were read. For a rebuild's workers: the runner is never entered."""
        read = 0
        while True:
            with collector_paused():
                rows = self._read()
                if not rows or not self._project(rows):
                    return read
            read += len(rows)

    def close_drained(self) -> None:
        """Close what a runner that only drained holds (its thread never ran)."""
        self._conn.close()
        self.app.close()

    def _project(self, rows: list[tuple[Any, ...]]) -> bool:
        """Fold and write one page; False when it wrote nothing (every lane in it was held by another writer)."""
        events, starts, topics = self._decoded(rows)
        lanes = {row[0]: (row[5], row[6]) for row in rows}
        # The decoded events' stored topics: a resolution's reports take its events from the page (issue 31, P4).
        # A page folded again (carefully, or after a rebuild's switch) is decoded again (`StateView.project`).
        written = self.view.project(events, self.app.name, starts, lanes, topics, again=lambda: self._decoded(rows))
        self.spared += len(rows) - len(events)
        for campaign_id, position in written.items():
            self.advance(campaign_id, position)
        return bool(written)

    def _decoded(self, rows: list[tuple[Any, ...]]) -> tuple[list[tuple[Any, int]], dict[int, Any], dict[int, str]]:
        """The page's events to fold (those past the snapshots it starts from), the snapshots, and the events'
        stored topics, each decoded from the rows read."""
        (default, tails), jumps, starts = self._jumps(rows)
        kept = [
            row
            for index, row in enumerate(rows)
            if row[2] > jumps.get(row[1].int, 0) or index < tails.get(row[1].int, default)
        ]
        decoded = decoder(self.app.mapper)
        try:  # the common case, at the speed of one comprehension
            events = [(decoded(row[1], row[2], row[3], row[4]), row[0]) for row in kept]
            topics = {row[0]: row[3] for row in kept}
        except Exception:  # one of them cannot be decoded: each on its own, so only its campaign stops
            events = [(self._decode(row), row[0]) for row in kept]
            topics = {row[0]: row[3] for row, (e, _) in zip(kept, events, strict=True) if type(e) is not Undecodable}
        return events, starts, topics

    def _decode(self, row: tuple[Any, ...]) -> Any:
        """The domain event of a row, or an `Undecodable` that fails its campaign alone when folded."""
        try:
            return decoder(self.app.mapper)(row[1], row[2], row[3], row[4])
        except Exception as error:
            return Undecodable(row[1], row[2], row[3], error)

    def origins(self, ids: list[UUID]) -> dict[int, int]:
        """The campaign of each aggregate, from its creating event (for aggregates the view has no row of)."""
        with self._conn.cursor(binary=True) as cursor:
            found = cursor.execute(self._creations, (ids,)).fetchall()
        campaigns: dict[int, int] = {}
        for originator_id, version, topic, state in found:
            created = self._decode((0, originator_id, version, topic, state))
            campaign_id = getattr(created, "campaign_id", None) or originator_id
            campaigns[originator_id.int] = UUID(str(campaign_id)).int
        return campaigns

    def _jumps(self, rows: list[tuple[Any, ...]]) -> tuple[Tails, dict[int, int], dict[int, tuple[Any, int]]]:
        """Where the event store already holds an aggregate's snapshot at one of this page's events, start
        from it instead of folding every event up to it: a backlog of a busy aggregate then costs about one
        snapshot interval of folding per page. Only in each aggregate's tail (`_tails`); returns the tails,
        the snapshot version up to which each aggregate's tail events are spared, and the snapshots with
        their positions."""
        tails = self._tails(rows)
        default, of = tails
        spans: dict[Any, list[int]] = {}  # id -> [first version, last version, count] in its tail
        positions: dict[tuple[int, int], int] = {}
        for index, row in enumerate(rows):
            key = row[1].int
            if index < of.get(key, default) or self.view.needs_every_event(row[3]):
                continue
            positions[(key, row[2])] = row[0]
            span = spans.get(row[1])
            if span is None:
                spans[row[1]] = [row[2], row[2], 1]
            else:
                span[1], span[2] = row[2], span[2] + 1
        busy = [(key, span) for key, span in spans.items() if span[2] >= JUMP]
        if not busy or self._latest_snapshots is None:
            return tails, {}, {}
        with self._conn.cursor(binary=True) as cursor:
            found = cursor.execute(
                self._latest_snapshots,
                (
                    [key for key, _ in busy],
                    [span[0] + JUMP - 1 for _, span in busy],
                    [span[1] for _, span in busy],
                ),
            ).fetchall()
        starts: dict[int, tuple[Any, int]] = {}
        for originator_id, version, topic, state in found:
            try:
                snapshot = self.app.mapper.to_domain_event(StoredEvent(originator_id, version, topic, state))
                starts[originator_id.int] = (snapshot.mutate(None), positions[(originator_id.int, version)])
            except Exception:  # a snapshot that cannot be read spares nothing: its events are folded
                continue
        return tails, {key: start[0].version for key, start in starts.items()}, starts

    def _tails(self, rows: list[tuple[Any, ...]]) -> Tails:
        """Where each aggregate's tail starts in the page: after the page's last event of its campaign that
        needs the campaign's rows exact (a phase's history reads its members' rows), or after the page's
        last such event of any campaign when the aggregate's campaign cannot be told."""
        barriers = {row[5].int: index for index, row in enumerate(rows) if self.view.needs_exact_state(row[3])}
        if not barriers:
            return 0, {}
        campaigns = {row[1].int: row[5].int for row in rows}  # each event carries its campaign (issue 26)
        return 1 + max(barriers.values()), {key: 1 + barriers.get(c, -1) for key, c in campaigns.items()}
