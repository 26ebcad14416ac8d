"""One page of the state projection folded with its failures contained to their campaigns.

An event whose fold raises, or whose rows cannot be written, stops its campaign alone: the campaign's rows
of this page are left out, the failure is recorded in the page's transaction, and the campaign's later
events are skipped (projections/failures.py) while every other campaign's are folded and written as before.
Where PostgreSQL itself refuses a row, the whole transaction is lost; the view then folds the page again
"carefully", each campaign's writes in a savepoint of their own, to find which campaign it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol
from uuid import UUID

import psycopg
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import PersistenceError
from psycopg import Cursor
from psycopg.rows import DictRow

from domain.gameofbones.face import HouseIntel
from projections import together as one_statement
from projections.failures import Failure
from projections.fold import fold
from projections.knowledge import PageKnowledge

HISTORY_EVENTS = frozenset({"Campaign.PhaseResolved", "Campaign.PhaseRolledBack"})
Origins = Callable[[list[UUID]], dict[int, int]]  # each aggregate's campaign, from its creating event


class FoldingView(Protocol):
    """What a page's fold needs of the view that writes it (projections/state.py `StateView`)."""

    origins: Origins | None
    # Whether a page's many rows of a table may go in one statement: on plain PostgreSQL, not on Citus (where such a
    # statement leaves its campaign's shard for the coordinator: projections/knowledge.py `_INSERT_TOGETHER`).
    together: bool

    def _record_history(
        self, curs: Cursor[DictRow], domain_event: Any, position: int, states: dict[int, Any]
    ) -> None: ...

    def _row(self, aggregate: Any, position: int) -> dict[str, Any]: ...


class Unreadable:
    """An aggregate whose row's snapshot could not be restored: folding onto it fails its campaign."""

    def __init__(self, campaign_id: UUID, error: BaseException) -> None:
        self.campaign_id, self.error = campaign_id, error


def data_fault(error: BaseException) -> bool:
    """PostgreSQL refused the data (a value it cannot hold, a limit), not the connection: sqlstate 22 or 54."""
    cause = error if isinstance(error, psycopg.Error) else error.__cause__
    if not isinstance(error, psycopg.Error | PersistenceError) or not isinstance(cause, psycopg.Error):
        return False
    return (cause.sqlstate or "")[:2] in ("22", "54")


def event_name(event: Any) -> str:
    return str(getattr(event, "stored_topic", None) or type(event).__qualname__)


def campaign_key(aggregate: Any) -> int:
    campaign_id = getattr(aggregate, "campaign_id", None) or aggregate.id
    return (campaign_id if isinstance(campaign_id, UUID) else UUID(str(campaign_id))).int


class PageFold:
    """The page's aggregates folded in memory, with the campaigns stopped before it and in it."""

    def __init__(
        self,
        view: FoldingView,
        curs: Cursor[DictRow],
        states: dict[int, Any],
        ids: dict[int, UUID],
        failed: set[int],
        careful: bool,
    ) -> None:
        self.view, self.curs, self.states, self.ids = view, curs, states, ids
        self.failed, self.careful = failed, careful
        self.failures: list[Failure] = []
        self.dirty: dict[int, tuple[int, Any]] = {}  # key -> (position, event) of its last folded event
        self.campaigns: dict[int, int] = {}
        self.knowledge = PageKnowledge()  # what the houses' intel events add to what they know (issue 26)

    def fold(self, events: Sequence[tuple[Any, int]], starts: dict[int, tuple[Aggregate, int]]) -> None:
        learned = bool(self.failed)
        if learned:
            self._learn_campaigns(events, starts)
        states, dirty = self.states, self.dirty
        for event, position in events:
            key = event.originator_id.int
            if self.failed and self.campaigns.get(key) in self.failed:
                continue
            try:
                before = states[key]
                if type(before) is Unreadable:
                    raise before.error
                if starts and key in starts and starts[key][0].version < event.originator_version:
                    start = starts.pop(key)[0]
                    before = start if before is None or before.version < start.version else before
                if before is not None and before.version >= event.originator_version:
                    continue  # another writer already projected it into the row
                after = states[key] = fold(event, before)  # `event.mutate(before)`, leaner (issue 31, P4)
                dirty[key] = (position, event)
                if type(after) is HouseIntel:
                    self.knowledge.fold(campaign_key(after), after, event)
                if type(event).__qualname__ in HISTORY_EVENTS:
                    self._record_history(event, position)
            except Exception as error:  # the blast radius is this event's campaign
                if isinstance(error, psycopg.Error | PersistenceError) and not (self.careful and data_fault(error)):
                    raise  # the transaction is lost: the view folds the page again carefully, or the runner retries
                self._fail(key, event, position, error)
                if not learned:  # from now on each event's campaign is looked at, to skip the stopped one's
                    self._learn_campaigns(events, starts)
                    learned = True
        for key, (start, position) in starts.items():  # snapshots at the last event of their aggregate
            before = self.states[key]
            if self.campaign_of(key) in self.failed:
                continue
            if before is None or (not isinstance(before, Unreadable) and before.version < start.version):
                self.states[key], self.dirty[key] = start, (position, None)

    def _record_history(self, event: Any, position: int) -> None:
        if not self.careful:
            self.view._record_history(self.curs, event, position, self.states)
            return
        with self.curs.connection.transaction():  # a savepoint: a refused write loses only its campaign
            self.view._record_history(self.curs, event, position, self.states)

    def _learn_campaigns(self, events: Sequence[tuple[Any, int]], starts: dict[int, tuple[Aggregate, int]]) -> None:
        for key in self.ids:
            self.campaign_of(key)
        for event, _ in events:
            key = event.originator_id.int
            if key not in self.campaigns and event.originator_version == 1 and hasattr(event, "campaign_id"):
                self.campaigns[key] = UUID(str(event.campaign_id)).int
            elif key not in self.campaigns and event.originator_version == 1:
                self.campaigns[key] = key  # a campaign is created by its own first event
        unknown = [self.ids[key] for key in self.ids if key not in self.campaigns]
        if unknown and self.view.origins is not None:  # created before the page, never written: a stopped campaign's
            self.campaigns.update(self.view.origins(unknown))

    def campaign_of(self, key: int) -> int | None:
        if key not in self.campaigns:
            state = self.states.get(key)
            if isinstance(state, Unreadable):
                self.campaigns[key] = state.campaign_id.int
            elif state is not None:
                self.campaigns[key] = campaign_key(state)
        return self.campaigns.get(key)

    def _fail(self, key: int, event: Any | None, position: int, error: BaseException) -> None:
        """`event` is None where the row came from a stored snapshot rather than a folded event."""
        campaign = self.campaign_of(key)
        if campaign is None and event is not None and event.originator_version == 1:
            campaign = UUID(str(getattr(event, "campaign_id", event.originator_id))).int
        campaign = key if campaign is None else campaign  # the aggregate's campaign cannot be told: itself
        self.campaigns[key] = campaign
        if campaign in self.failed:  # stopped at an earlier event of this page: that one is the one to name
            return
        self.failed.add(campaign)
        name = "snapshot" if event is None else event_name(event)
        self.failures.append(Failure.of_error(UUID(int=campaign), position, name, self.ids[key], error))
        for other in list(self.dirty):
            if self.campaign_of(other) == campaign:
                del self.dirty[other]

    def rows(self) -> list[dict[str, Any]]:
        """The rows to write, each built apart: one that cannot be encoded fails its campaign."""
        rows: dict[int, dict[str, Any]] = {}
        for key, (position, event) in list(self.dirty.items()):
            if self.campaign_of(key) in self.failed:
                continue
            try:
                rows[key] = self.view._row(self.states[key], position)
            except Exception as error:
                self._fail(key, event, position, error)
        return [row for key, row in rows.items() if self.campaign_of(key) not in self.failed]

    def write(self, statements: Mapping[str, Any]) -> None:
        """Write the rows: whole (`upsert`), or their changed keys alone (`patch`, projections/state_rows.py `_row`)."""
        rows = self.rows()
        if not self.careful:
            for name, kind in (("upsert", True), ("patch", False)):
                of_kind = [row for row in rows if ("state" in row) is kind]
                one_statement.write(self.curs, statements, name, of_kind, self.view.together)
            campaigns = [c for c in self.knowledge.campaigns() if c not in self.failed]
            self.knowledge.write(self.curs, statements, campaigns, together=self.view.together)
            return
        for row in rows:
            key = row["id"].int
            if self.campaign_of(key) in self.failed:
                continue
            try:
                with self.curs.connection.transaction():
                    self.curs.execute(statements["upsert" if "state" in row else "patch"], row)
            except psycopg.Error as error:
                if not data_fault(error):
                    raise
                position, event = self.dirty[key]
                self._fail(key, event, position, error)
        self._write_knowledge_carefully(statements)

    def _write_knowledge_carefully(self, statements: Mapping[str, Any]) -> None:
        """Each campaign's knowledge rows in a savepoint of their own: a refused row stops its campaign alone."""
        for campaign in sorted(self.knowledge.campaigns() - self.failed):
            try:
                with self.curs.connection.transaction():
                    self.knowledge.write(self.curs, statements, [campaign])
            except psycopg.Error as error:
                if not data_fault(error):
                    raise
                key = next(k for k, (_, e) in self.dirty.items() if self.campaign_of(k) == campaign)
                position, event = self.dirty[key]
                self._fail(key, event, position, error)

    def changed(self) -> dict[UUID, set[tuple[str, UUID]]]:
        """The members whose rows the page wrote, by campaign: (kind, id)."""
        changed: dict[UUID, set[tuple[str, UUID]]] = {}
        for key in self.dirty:
            campaign, state = self.campaign_of(key), self.states[key]
            if campaign is not None and campaign not in self.failed and state is not None:
                changed.setdefault(UUID(int=campaign), set()).add((type(state).__name__.lower(), self.ids[key]))
        return changed

    def cacheable(self) -> dict[int, Any]:
        """What the page folded and wrote: the stopped campaigns' aggregates are left out (folded in place)."""
        return {
            key: state
            for key, state in self.states.items()
            if state is not None and not isinstance(state, Unreadable) and self.campaign_of(key) not in self.failed
        }
