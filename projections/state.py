"""Read model of every aggregate's current state, folded from its events by the domain's own apply methods.

Each row keeps the aggregate's state as plain JSON with the values of its public properties (max HP, rank…), for
the queries that serve standings, regions and assets, and its version. The writer folds onto the aggregates it
keeps in memory, and restores any other from the event store (projections/restore.py); the rows keep no snapshot.
A page of events is folded in memory and written in one transaction with its last position: each touched
row once (not once per event), the phase history where a phase resolved or rolled back, and the tracking
row, so a row is never ahead of or behind its events (tables: projections/state_tables.py).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from contextlib import nullcontext
from functools import cache, partial
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate
from eventsourcing.postgres import PostgresDatastore, PostgresTrackingRecorder
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL, Composable, Composed
from psycopg.types.json import Jsonb

from projections import history, jsonsafe, kept, phase_reports, standings
from projections.codec import domain_mapper, plain
from projections.failures import CURRENT as CURRENT_FAILURES
from projections.failures import DDL as FAILURES_DDL
from projections.failures import OF_GENERATION, RECORD, StoppedCampaigns
from projections.page import HISTORY_EVENTS, Origins, PageFold, Unreadable, data_fault
from projections.page_history import PageHistory
from projections.public_states import PublicStates, joined
from projections.restore import Restorer
from projections.state_sql import CURRENT, CURRENT_AND_FAILED, FAILED, ON_CITUS, WRITING, statements_of
from projections.state_tables import MODEL, RELATIONS

RECENT_BYTES = 2_048  # keys changed since a row's state was written whole, encoded, up to which only they are written
log = logging.getLogger("intrigue.projections")
_SKIP = frozenset({"pending_events"})
_AS_IS = frozenset({str, int, float, bool, type(None)})  # plain JSON as they are (projections/codec.py `plain`)


Lanes = dict[int, tuple[UUID, int]]  # by notification id: the event's campaign and its position there
_NOT_HELD = 1 << 62  # a campaign whose tracking row another writer holds: none of its events is written


def _tracks(lanes: Lanes, held: dict[UUID, int]) -> list[dict[str, Any]]:
    """Each held campaign's last event of the page past its row: its new tracking row. Keyed by the ids' integers
    (hashed in C; a UUID hashes in Python, and a page has an entry per event)."""
    at = {c.int: p for c, p in held.items()}
    last: dict[int, tuple[int, int, UUID]] = {}
    for notification_id, (campaign_id, position) in lanes.items():
        key = campaign_id.int
        if position > at.get(key, _NOT_HELD) and position > last.get(key, (0, 0, campaign_id))[0]:
            last[key] = (position, notification_id, campaign_id)
    return [{"campaign_id": c, "position": p, "notification_id": n} for _, (p, n, c) in sorted(last.items())]


class _GenerationChangedError(Exception):
    def __init__(self, current: int) -> None:
        super().__init__(current)
        self.current = current


@cache
def _properties(kind: type) -> tuple[str, ...]:
    return tuple(
        name
        for name in dir(kind)
        if not name.startswith("_") and name not in _SKIP and isinstance(getattr(kind, name, None), property)
    )


def campaign_of(aggregate: Any) -> UUID:
    """The campaign an aggregate belongs to (a campaign belongs to itself)."""
    campaign_id = getattr(aggregate, "campaign_id", aggregate.id)
    return campaign_id if isinstance(campaign_id, UUID) else UUID(str(campaign_id))


def _member_of(aggregate: Any, campaign_id: UUID) -> bool:
    """A member of the campaign whose phase history is written (the campaign itself is not one, nor a stream
    whose class says `in_history = False`: a phase's chronicle, domain/phase_chronicle.py)."""
    return (
        isinstance(aggregate, Aggregate)
        and aggregate.id != campaign_id
        and campaign_of(aggregate) == campaign_id
        and getattr(type(aggregate), "in_history", True)
    )


def _loaded(states: dict[int, Any], aggregate_id: UUID) -> Any | None:
    """An aggregate the page holds in memory, or None."""
    state = states.get(aggregate_id.int)
    return state if isinstance(state, Aggregate) else None


def jsonb(value: Any) -> Jsonb:
    """A jsonb parameter encoded now (so a value that cannot be encoded fails here, not mid-statement), with
    the text jsonb cannot hold escaped (projections/jsonsafe.py)."""
    return jsonsafe.as_jsonb(jsonsafe.dumps(value))


def public_state(aggregate: Aggregate) -> dict[str, Any]:
    """Attributes and property values, as plain JSON. A scalar is kept without a call, and the `id` and `version`
    properties are set, not computed and then set again (a rebuild builds thousands of these: issue 31, item 3)."""
    as_is = _AS_IS
    state = {k: v if type(v) in as_is else plain(v) for k, v in vars(aggregate).items() if not k.startswith("_")}
    for name in _properties(type(aggregate)):
        if name == "id" or name == "version":
            state[name] = None  # its place among the keys, as before; set below
            continue
        try:
            value = getattr(aggregate, name)
            state[name] = value if type(value) in as_is else plain(value)
        except Exception:  # a property that cannot be computed is left out of the view
            continue
    state["id"], state["version"] = str(aggregate.id), aggregate.version
    return state


class StateView(PostgresTrackingRecorder):
    """The state read model. Queries read the views (`aggregate_state`…) of the current generation.

    The live writer (`generation = None`, tracking table the view `state_tracking`) writes to the current
    generation and follows a rebuild's switch: it notices the new generation in its next write, forgets its
    cache, and skips the events the rebuild already projected there. A rebuild's writer (`at_generation(n)`)
    writes to generation n only, with tracking table `state_g{n}_tracking`.
    """

    generation: int | None = None
    RELATIONS = RELATIONS

    @classmethod
    def at_generation(cls, generation: int) -> type[StateView]:
        return type(f"{cls.__name__}G{generation}", (cls,), {"generation": generation})

    def __init__(self, datastore: PostgresDatastore, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
        self.mapper = domain_mapper()
        # The last folded state of recently seen aggregates, valid while its row is at the same version:
        # most pages then need no snapshot read and no decoding.
        self._cache = kept.folded_map()  # by the id's integer, bounded by bytes (projections/kept.py)
        # What the rows this writer wrote keep in their `state` column, valid while the row is at that version:
        # a row changed in a few keys then gets those alone (`_row`); `_versions` are the page's rows' versions.
        self._stored = kept.stored_map()
        self._written: dict[int, kept.Stored] = {}
        self._row_versions: dict[int, int] = {}
        self._campaigns: list[UUID] = []  # the page's campaigns (`_claim`): its statements name them
        self._aimed: int | None = None  # the generation this writer writes to
        # A page's public states by (id, version): a member's row and its phase history read the same state
        # when the page ends at the resolution (a resolution's own page does), so it is built once, and encoded
        # once for its row, its history row and its base (projections/public_states.py).
        self._public = PublicStates(public_state)
        self._bases: history.PendingBases | None = None  # the page's phase-history bases (projections/history.py)
        self._page_history: PageHistory | None = None
        self.origins: Origins | None = None  # set by the runner: the campaign of aggregates with no row
        # A page's knowledge rows in one statement off Citus (projections/page.py `FoldingView.together`): asked of the
        # database at the first page.
        self.together = False
        self._backend_known = False
        # Set by an inline projection for its page: the command's events, decoded, which its phase reports need not
        # read back from the store (projections/phase_reports.py `Decoded`).
        self.decoded: phase_reports.Decoded | None = None
        # A runner's page's events, decoded, while it is folded: those its phase reports need not read back (P4).
        self._page_decoded: phase_reports.PageDecoded | None = None
        # Set by whoever runs this writer (the runner, the inline projection): where an aggregate not in
        # memory is restored from.
        self.restorer: Restorer | None = None
        self.stopped = StoppedCampaigns(self.read_failures)
        if self.generation is not None:
            self._aim(self.generation)

    def create_table(self) -> None:
        """Generations are created by `intrigue migrate` and by rebuilds, not by the recorder; the failures
        of every generation are kept in one table, created here (every `migrate` runs this)."""
        with self.datastore.transaction(commit=True) as curs:
            curs.execute(SQL(FAILURES_DDL))

    def _aim(self, generation: int) -> None:
        self._sql = statements_of(generation)
        self._aimed = generation
        self.forget_rows()

    def forget_rows(self) -> None:
        """Trust no state kept in memory (the rows may differ from it)."""
        self._cache.clear()
        self._stored.clear()

    def _statements(self) -> dict[str, Composed]:
        """The statements of the generation this writer writes to, or, before its first page has aimed it, of
        the current one: a fresh runner whose first page holds a resolution asks for rows before that (issue
        12). The first page still aims it, and learns what a rebuild already projected there."""
        if self._aimed is None:
            rows = self.query(SQL(CURRENT), {"model": MODEL})
            if not rows:
                raise RuntimeError("no read_model_generation row for 'state': run `intrigue migrate`")
            self._sql = statements_of(int(rows[0]["current"]))
        return self._sql

    @property
    def folded_inline(self) -> bool:
        """Whether commands' inline projections (projections/inline.py) fold into the tracking this writer's runner
        reads: the live writer's (`state_tracking`, the current generation's), not a rebuild's generation."""
        return self.generation is None

    def read_failures(self) -> list[DictRow]:
        """The rows of `read_model_failures` for the generation readers see (or this rebuild writes)."""
        if self.generation is None:
            return self.query(CURRENT_FAILURES)
        return self.query(OF_GENERATION, (self.generation,))

    def lane_position(self, campaign_id: UUID) -> int:
        """The campaign's last position folded into this writer's generation (0 for none)."""
        rows = self.query(self._statements()["lane"], (campaign_id,))
        return int(rows[0]["position"]) if rows else 0

    def read_position(self, campaign_id: UUID) -> int:
        """The campaign's last position folded into the generation readers see (`state_tracking`), whoever folded it;
        for a rebuild's writer (a generation of its own), what it folded there."""
        if self.generation is not None:
            return self.lane_position(campaign_id)
        rows = self.query(SQL("SELECT position FROM state_tracking WHERE campaign_id = %s"), (campaign_id,))
        return int(rows[0]["position"]) if rows else 0

    def progress(self) -> tuple[int, int]:
        """Events folded into this writer's generation, and events in the store (positions are gap-free counts)."""
        rows = self.query(self._statements()["progress"])
        return int(rows[0]["done"]), int(rows[0]["head"])

    @staticmethod
    def needs_exact_state(topic: str) -> bool:
        """Whether folding an event of this topic reads other rows, which must then be exact, not skipped."""
        return topic.rpartition(":")[2] in HISTORY_EVENTS

    @staticmethod
    def needs_every_event(topic: str) -> bool:
        """Whether no event of this topic's aggregate may be spared by a snapshot: a house's intel, each of whose
        events adds rows to what the houses know (projections/knowledge.py)."""
        return topic.rpartition(":")[2].startswith("HouseIntel.")

    def project(
        self,
        events: Sequence[tuple[Any, int]],
        application_name: str,
        starts: dict[int, tuple[Aggregate, int]] | None = None,
        lanes: Lanes | None = None,
        topics: Mapping[int, str] | None = None,
    ) -> dict[UUID, int]:
        """Fold a page of (domain event, notification id), in log order, and write it in one transaction; return
        each campaign's position written.

        `lanes` gives each event's campaign and position in it (by notification id): the page writes the lanes
        whose tracking rows it can lock, from their rows on (issue 26). `starts` (by the id's integer) are
        aggregates restored from the event store's snapshots, with the position of the event each was taken at;
        the page's events up to them are left out of `events`. An event that cannot be folded or written stops
        its campaign alone (projections/page.py). `topics` (by notification id) are the stored topics of the events
        decoded: its resolutions' reports take those events from the page (issue 31, P4).
        """
        careful = False
        while True:
            try:
                return self._project(events, application_name, dict(starts or {}), careful, lanes or {}, topics=topics)
            except _GenerationChangedError as changed:  # a rebuild switched: its rows say what it projected
                self._aim(changed.current)
            except Exception as error:
                if careful or not data_fault(error):
                    raise
                log.warning(
                    "projection state: PostgreSQL refused a row; folding the page again, campaign by campaign: %s",
                    type(error).__name__,
                )
                careful = True

    def _project(
        self,
        events: Sequence[tuple[Any, int]],
        application_name: str,
        starts: dict[int, tuple[Aggregate, int]],
        careful: bool,
        lanes: Lanes,
        outer: Cursor[DictRow] | None = None,
        topics: Mapping[int, str] | None = None,
    ) -> dict[UUID, int]:
        """The page in one transaction: its own, or the `outer` one it is given (an inline projection's)."""
        # Keyed by the ids' integers: a UUID hashes and compares in Python, an int in C, and a page looks
        # each id up several times per event.
        ids: dict[int, UUID] = {}
        self._public.clear()
        self._written.clear()
        self._row_versions = {}
        try:
            with nullcontext(outer) if outer is not None else self.datastore.transaction(commit=True) as curs:
                failed = self._check_generation(curs)
                if not self._backend_known:
                    self.together = curs.execute(SQL(ON_CITUS)).fetchone() is None
                    self._backend_known = True
                held = self._claim(curs, lanes)
                at = {c.int: p for c, p in held.items()}
                events = [(event, p) for event, p in events if lanes[p][1] > at.get(lanes[p][0].int, _NOT_HELD)]
                starts = {k: s for k, s in starts.items() if lanes[s[1]][1] > at.get(lanes[s[1]][0].int, _NOT_HELD)}
                ids.update((event.originator_id.int, event.originator_id) for event, _ in events)
                ids.update((key, start.id) for key, (start, _) in starts.items())
                page = PageFold(self, curs, self._starting_states(curs, ids), ids, failed, careful)
                # A careful page writes each campaign in a savepoint of its own: its bases too, at once.
                self._bases = None if careful else {}
                # A runner's page (a rebuild's: many phases) records its resolutions together (page_history.py).
                self._page_history = (
                    PageHistory(self._bases, self.together) if self._bases is not None and outer is None else None
                )
                if topics:  # a runner's page: its resolutions' reports read its events (phase_reports.PageDecoded)
                    self._page_decoded = phase_reports.PageDecoded(events, lanes, topics, self.mapper)
                try:
                    page.fold(events, starts)
                finally:
                    self._page_decoded = None
                if self._page_history is not None:
                    self._page_history.flush(curs, self._sql)
                if self._bases:
                    history.store_bases(curs, self._sql, self._bases, self._public.jsonb, self.together)
                self._accept(page)
                page.write(self._sql)
                standings.refresh(curs, self._sql, page.changed(), partial(self._read_back, page.states))
                generation = self._aimed
                assert generation is not None
                for failure in page.failures:
                    curs.execute(SQL(RECORD), failure.params(generation))
                tracks = _tracks(lanes, held)
                if tracks:
                    curs.executemany(self._sql["track"], tracks)
        except BaseException:
            for key in ids:  # folded in place, perhaps past what was written
                self._cache.pop(key, None)
                self._stored.pop(key, None)
            raise
        for failure in page.failures:
            log.error(
                "projection state stopped campaign %s at event %s (%s): %s",
                failure.campaign_id,
                failure.position,
                failure.topic,
                failure.error,
            )
        self.stopped.learn(page.failures)
        self._public.clear()
        for key in ids:
            self._cache.pop(key, None)
            self._stored.pop(key, None)
        for key, folded in page.cacheable().items():
            written = self._written.get(key)
            kept.keep(self._cache, key, kept.Folded(folded, kept.folded_size(written[1] if written else None)))
            if written is not None:
                kept.keep(self._stored, key, written)
        return {track["campaign_id"]: track["position"] for track in tracks}

    def _claim(self, curs: Cursor[DictRow], lanes: Lanes) -> dict[UUID, int]:
        """Lock the tracking rows of the page's campaigns (made where missing), skipping those another writer
        holds (an inline projection in a command's transaction): each held campaign's position."""
        by_int = {campaign_id.int: campaign_id for campaign_id, _ in lanes.values()}  # hashed in C, in UUID order
        campaigns = self._campaigns = [by_int[key] for key in sorted(by_int)]
        if not campaigns:
            return {}
        curs.execute(self._sql["open_lanes"], (campaigns,))
        return {row["campaign_id"]: row["position"] for row in curs.execute(self._sql["lock_lanes"], (campaigns,))}

    def _accept(self, page: PageFold) -> None:
        """Whether the folded page may be written (every page may; an inline projection's refuses some)."""

    def _check_generation(self, curs: Cursor[DictRow]) -> set[int]:
        """The generation still current (else `_GenerationChangedError`), and its stopped campaigns."""
        if self.generation is not None:  # a rebuild's writer never touches the generation row
            return {row["campaign_id"].int for row in curs.execute(SQL(FAILED), (self._aimed,))}
        curs.execute(SQL(WRITING), {"model": MODEL})  # a switch in flight: until it commits (state_sql.py)
        current = curs.execute(SQL(CURRENT_AND_FAILED), {"model": MODEL}).fetchone()
        if current is None:
            raise RuntimeError("no read_model_generation row for 'state': run `intrigue migrate`")
        if current["current"] != self._aimed:
            raise _GenerationChangedError(current["current"])
        return {campaign_id.int for campaign_id in current["failed"]}

    def _versions(self, curs: Cursor[DictRow], ids: list[UUID]) -> list[Any]:
        """The rows' id, campaign and version, locked for this page."""
        return curs.execute(self._sql["versions"], (ids, self._campaigns)).fetchall()

    def _starting_states(self, curs: Cursor[DictRow], ids: dict[int, UUID]) -> dict[int, Any]:
        """Each aggregate as its row has it (locked for this page): from the cache when it is at the row's
        version, else restored at that version from the event store (projections/restore.py; `Unreadable` if
        that fails); None where there is no row yet."""
        rows = self._versions(curs, list(ids.values()))
        self._row_versions = {row["id"].int: row["version"] for row in rows}
        states: dict[int, Any] = {}
        stale: dict[UUID, tuple[int, UUID]] = {}  # id: (the row's version, its campaign)
        for row in rows:
            key = row["id"].int
            cached = self._cache.get(key)
            if cached is not None and cached.state.version == row["version"]:
                states[key] = cached.state
            else:
                stale[row["id"]] = (row["version"], row["campaign_id"])
        if stale:
            if self.restorer is None:
                raise RuntimeError("this state writer has no event store to restore aggregates from")
            wanted = {aggregate_id: version for aggregate_id, (version, _) in stale.items()}
            for aggregate_id, restored in self.restorer.restore(curs, wanted, self.mapper.to_domain_event).items():
                failed = isinstance(restored, Exception)
                states[aggregate_id.int] = Unreadable(stale[aggregate_id][1], restored) if failed else restored
        return {key: states.get(key) for key in ids}

    def _record_history(self, curs: Cursor[DictRow], domain_event: Any, position: int, states: dict[int, Any]) -> None:
        name = type(domain_event).__qualname__
        campaign_id = domain_event.originator_id
        params = {"campaign_id": campaign_id, "position": position}
        if name == "Campaign.PhaseResolved":
            members = [a for a in states.values() if _member_of(a, campaign_id)]
            encode = self._public.jsonb  # a member's whole state from the parts its row is encoded with
            in_memory = {
                a.id: history.Member(type(a).__name__.lower(), a.version, partial(self._public_state, a))
                for a in members
            }
            if self._page_history is not None:
                self._page_history.record(curs, self._sql, params | {"phase": domain_event.phase}, in_memory, encode)
            else:
                phase = params | {"phase": domain_event.phase}
                history.record(curs, self._sql, phase, in_memory, encode, self._bases, self.together)
            campaign, version = states.get(campaign_id.int), domain_event.originator_version
            loaded = partial(_loaded, states)
            decoded = self.decoded if self.decoded is not None and self.decoded.campaign_id == campaign_id else None
            if decoded is None and self._page_decoded is not None:
                decoded = self._page_decoded.at(campaign_id, position)
            phase_reports.record(
                curs, self._sql, campaign, domain_event.phase, version, loaded, decoded, together=self.together
            )
        elif name == "Campaign.PhaseRolledBack":
            if self._page_history is not None:
                self._page_history.roll_back(curs, self._sql, params | {"phase": domain_event.to_phase}, jsonb)
            else:
                curs.execute(self._sql["supersede"], params | {"phase": domain_event.to_phase})
                history.rebase(curs, self._sql, campaign_id, jsonb, self._bases)
            phase_reports.forget(curs, self._sql, campaign_id, domain_event.to_phase)

    def _row(self, aggregate: Any, position: int) -> dict[str, Any]:
        """The row's new values: whole, or, where this writer knows its stored `state` and only a few keys moved
        from it (a dice roll: `version`, `rolls_recorded`), those keys in `recent` (issue 26, item 2)."""
        key, state = aggregate.id.int, self._public_state(aggregate)
        encoded = self._public.parts(state)
        stored = self._stored.get(key)
        if stored is not None and stored[0] == self._row_versions.get(key) and stored[1].keys() <= encoded.keys():
            recent = [name for name, value in encoded.items() if stored[1].get(name) != value]
            if sum(len(encoded[name]) for name in recent) <= RECENT_BYTES:
                self._written[key] = (aggregate.version, stored[1])
                return {
                    "id": aggregate.id,
                    "campaign_id": campaign_of(aggregate),
                    "version": aggregate.version,
                    "position": position,
                    "recent": jsonsafe.as_jsonb(joined({name: encoded[name] for name in recent})),
                }
        self._written[key] = (aggregate.version, encoded)
        return {
            "id": aggregate.id,
            "campaign_id": campaign_of(aggregate),
            "kind": type(aggregate).__name__.lower(),
            "version": aggregate.version,
            "state": self._public.jsonb(state),
            "position": position,
        }

    def _read_back(self, states: dict[int, Any], member_id: UUID) -> dict[str, Any] | None:
        """A member's state as reading back the row the page wrote gives it, where the page holds it (the standings'
        composer takes it: projections/standings.py `Held`)."""
        aggregate = states.get(member_id.int)
        return self._public.read_back(aggregate) if isinstance(aggregate, Aggregate) else None

    def _public_state(self, aggregate: Any) -> dict[str, Any]:
        return self._public.state(aggregate)

    def query(self, statement: str | Composable, params: Any = None) -> list[DictRow]:
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(SQL(statement) if isinstance(statement, str) else statement, params)  # type: ignore[arg-type,call-overload,unused-ignore]
            return curs.fetchall()
