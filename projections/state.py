"""Read model of every aggregate's current state, folded from its events by the domain's own apply methods.

Each row keeps the aggregate's state as plain JSON with the values of its public properties (max HP, rank…), for
the queries that serve standings, regions and assets, and its version. The writer folds onto the aggregates it
keeps in memory, and restores any other from the event store (projections/restore.py); the rows keep no snapshot.
A page of events is folded in memory and written in one transaction with its last position: each touched
row once (not once per event), the phase history where a phase resolved or rolled back, and the tracking
row, so a row is never ahead of or behind its events (tables: projections/state_tables.py).

The writer's generation and its campaigns' tracking rows are in projections/state_tracking.py, the rows a page starts
from and writes in projections/state_rows.py, an aggregate's public state in projections/plain_state.py.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from functools import partial
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate
from eventsourcing.postgres import PostgresDatastore
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL

from projections import history, kept, page_pipeline, page_reports, phase_reports, report_handoff, standings
from projections.codec import domain_mapper
from projections.failures import RECORD, StoppedCampaigns
from projections.page import Origins, PageFold, data_fault
from projections.page_decoded import Decoded, PageDecoded, decoded_at
from projections.page_history import PageHistory
from projections.plain_state import campaign_of, jsonb, public_state
from projections.progress import Again
from projections.public_states import PublicStates
from projections.restore import Restorer
from projections.state_rows import StateRows
from projections.state_sql import ON_CITUS, statements_of
from projections.state_tables import RELATIONS
from projections.state_tracking import _NOT_HELD, Lanes, _GenerationChangedError, _tracks

# Imported from here by service/, projections/inline.py, bench/ and tests/ (the names moved when state.py was split);
# `public_state` and `jsonb` are also read from here by the code below, so bench/phase_split.py's wrappers count them.
__all__ = ["Lanes", "StateView", "_GenerationChangedError", "campaign_of", "jsonb", "public_state"]

log = logging.getLogger("intrigue.projections")


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


class StateView(StateRows):
    """The state read model. Queries read the views (`aggregate_state`…) of the current generation.

    The live writer (`generation = None`, tracking table the view `state_tracking`) writes to the current
    generation and follows a rebuild's switch: it notices the new generation in its next write, forgets its
    cache, and skips the events the rebuild already projected there. A rebuild's writer (`at_generation(n)`)
    writes to generation n only, with tracking table `state_g{n}_tracking`.
    """

    RELATIONS = RELATIONS
    # A resolution's phase reports read before its history's rows are sent and written without a savepoint: an inline
    # page's (projections/inline.py, issue 31 P6: phase_reports.read_first); a runner's keep theirs (`record`).
    reports_read_first = False
    # A rebuild's runner's: its resolutions' reports built and written by another process (issue 31, P4).
    reports_to: report_handoff.Handoff | None = None
    # A rebuild's page sent in pipeline mode (projections/page_pipeline.py, issue 31, P4): a generation no reader reads
    # until the switch. The live writer's pages would run the same code; not measured there, not sent so (session 27).
    pipelined_pages = True

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
        # read back from the store (projections/page_decoded.py `Decoded`).
        self.decoded: Decoded | None = None
        # A runner's page's events, decoded, while it is folded: those its phase reports need not read back (P4).
        self._page_decoded: PageDecoded | None = None
        # Set by whoever runs this writer (the runner, the inline projection): where an aggregate not in
        # memory is restored from.
        self.restorer: Restorer | None = None
        self.stopped = StoppedCampaigns(self.read_failures)
        if self.generation is not None:
            self._aim(self.generation)

    def _aim(self, generation: int) -> None:
        self._sql = statements_of(generation)
        self._aimed = generation
        self.forget_rows()

    def forget_rows(self) -> None:
        """Trust no state kept in memory (the rows may differ from it)."""
        self._cache.clear()
        self._stored.clear()

    def project(
        self,
        events: Sequence[tuple[Any, int]],
        application_name: str,
        starts: dict[int, tuple[Aggregate, int]] | None = None,
        lanes: Lanes | None = None,
        topics: Mapping[int, str] | None = None,
        again: Again | None = None,
    ) -> dict[UUID, int]:
        """Fold a page of (domain event, notification id), in log order, and write it in one transaction; return
        each campaign's position written.

        `lanes` gives each event's campaign and position in it (by notification id): the page writes the lanes
        whose tracking rows it can lock, from their rows on (issue 26). `starts` (by the id's integer) are
        aggregates restored from the event store's snapshots, with the position of the event each was taken at;
        the page's events up to them are left out of `events`. An event that cannot be folded or written stops
        its campaign alone (projections/page.py). `topics` (by notification id) are the stored topics of the events
        decoded: its resolutions' reports take those events from the page (issue 31, P4). `again` decodes the page's
        events, starts and topics anew for a page folded again: a fold changes its starts in place, and an aggregate
        may hold a container of an event it folded, which its later events then change.
        """
        careful, folded = False, False
        while True:
            if folded and again is not None:
                events, starts, topics = again()
            folded = True
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
        if outer is None and not self._backend_known:  # asked before the page: whether it may be pipelined
            self.together, self._backend_known = not self.query(SQL(ON_CITUS)), True
        # A rebuild's page in pipeline mode (issue 31, P4), not a careful one, not on Citus: page_pipeline.py.
        pipelined = outer is None and not careful and self.together and self.pipelined_pages
        pipelined = pipelined and self.generation is not None
        try:
            with nullcontext(outer) if outer is not None else self._transaction(pipelined) as curs:
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
                    PageHistory(self._bases, self.together, pipelined)
                    if self._bases is not None and outer is None
                    else None
                )
                if topics:  # a runner's page: its resolutions' reports read its events (page_decoded.py `PageDecoded`)
                    self._page_decoded = PageDecoded(events, lanes, topics, self.mapper)
                try:
                    page.fold(events, starts)
                finally:
                    self._page_decoded = None
                page_pipeline.settle(curs)  # the last resolution's reports answered before anything else is sent
                if self._page_history is not None:
                    self._page_history.flush(curs, self._sql)
                # Sent before the bases and rows (issue 31, P6): answered before the server writes those, which it
                # then does while this process composes the standings (projections/standings.py `prefetch`).
                prefetched = standings.prefetch(curs, self._sql, page.changed())
                if self._bases:
                    history.store_bases(curs, self._sql, self._bases, self._public.jsonb, self.together)
                self._accept(page)
                page.write(self._sql)
                standings.refresh(curs, self._sql, page.changed(), partial(self._read_back, page.states), prefetched)
                generation = self._aimed
                assert generation is not None
                for failure in page.failures:
                    curs.execute(SQL(RECORD), failure.params(generation))
                tracks = _tracks(lanes, held)
                if tracks:
                    curs.executemany(self._sql["track"], tracks)
        except BaseException:
            if self.reports_to is not None:
                self.reports_to.abort()  # the page's reports go with it
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
        if self.reports_to is not None:
            self.reports_to.commit()
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

    def _transaction(self, pipelined: bool) -> AbstractContextManager[Cursor[DictRow]]:
        return page_pipeline.transaction(self.datastore) if pipelined else self.datastore.transaction(commit=True)

    def _accept(self, page: PageFold) -> None:
        """Whether the folded page may be written (every page may; an inline projection's refuses some)."""

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
            campaign, version = states.get(campaign_id.int), domain_event.originator_version
            decoded = decoded_at(self.decoded, self._page_decoded, campaign_id, position)
            loaded = partial(_loaded, states)
            resolution = phase_reports.Resolution(campaign, domain_event.phase, version, loaded, decoded)
            reports = page_reports.made(curs, self._sql, resolution, self)
            if self._page_history is not None:
                self._page_history.record(curs, self._sql, params | {"phase": domain_event.phase}, in_memory, encode)
            else:
                phase = params | {"phase": domain_event.phase}
                history.record(curs, self._sql, phase, in_memory, encode, self._bases, self.together)
            reports()
        elif name == "Campaign.PhaseRolledBack":
            if self._page_history is not None:
                self._page_history.roll_back(curs, self._sql, params | {"phase": domain_event.to_phase}, jsonb)
            else:
                curs.execute(self._sql["supersede"], params | {"phase": domain_event.to_phase})
                history.rebase(curs, self._sql, campaign_id, jsonb, self._bases)
            page_reports.forgotten(curs, self._sql, campaign_id, domain_event.to_phase, self.reports_to)
