"""The state writer's rows: each aggregate as its row has it when a page starts (kept in memory or restored), and the
row's new values (whole, or the few keys that moved); projections/state.py folds and writes the page."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from cachetools import LRUCache
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import Mapper
from psycopg import Cursor
from psycopg.rows import DictRow

from projections import jsonsafe, kept
from projections.page import HISTORY_EVENTS, Unreadable
from projections.plain_state import campaign_of
from projections.public_states import PublicStates, joined
from projections.restore import Restorer
from projections.state_tracking import StateTracking

RECENT_BYTES = 2_048  # keys changed since a row's state was written whole, encoded, up to which only they are written


class StateRows(StateTracking):
    """The rows a state writer's page starts from and writes (projections/state.py `StateView` keeps them)."""

    mapper: Mapper[UUID]
    restorer: Restorer | None
    _cache: LRUCache[int, kept.Folded]
    _stored: LRUCache[int, kept.Stored]
    _written: dict[int, kept.Stored]
    _row_versions: dict[int, int]
    _public: PublicStates

    @staticmethod
    def needs_exact_state(topic: str) -> bool:
        """Whether folding an event of this topic reads other rows, which must then be exact, not skipped."""
        return topic.rpartition(":")[2] in HISTORY_EVENTS

    @staticmethod
    def needs_every_event(topic: str) -> bool:
        """Whether no event of this topic's aggregate may be spared by a snapshot: a house's intel, each of whose
        events adds rows to what the houses know (projections/knowledge.py)."""
        return topic.rpartition(":")[2].startswith("HouseIntel.")

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
