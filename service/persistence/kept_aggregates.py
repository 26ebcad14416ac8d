"""The members a phase resolution loads, kept between commands (issue 31, item 1: the loads of a big phase).

`IntrigueStore.load_many` read every member from its latest snapshot and the events after it, decoded, whatever
the process already held: at the issue's size 356 snapshots and about 5,800 events a phase, 0.1-0.18 s of the
resolution's CPU, though the order commands had just loaded the factions (the library's aggregate cache, which
`load_many` never asked). Here `load_many` asks the same cache: an aggregate kept at version v is read as its events
after v, in the same one statement as the rest (usually none: an order command or the last save left it current),
applied to the kept object, and handed out as a working copy, as the library's `Repository.get` does (there with
`deepcopy`); each aggregate a command saves is kept as saved (a copy), so the next phase starts from it.

A kept aggregate is the one a load would build: the same events applied in order from the same start (the store's
snapshots are taken of saved aggregates, `IntrigueStore._take_snapshots`), and its copy shares nothing mutable
with it (domain/clone.py, tested equal to `deepcopy`). Fast-forwarding is done under the library's per-aggregate
lock, as its own is; a kept aggregate found behind what the statement read (replaced meanwhile by an older save's
copy) is not used.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from eventsourcing.application import ProjectorFunction, Repository, project_aggregate

from domain.clone import clone
from domain.factionturn.face import Faction
from domain.factionturn.face import working_copy as faction_copy
from domain.gameofbones.face import House, HouseIntel
from domain.gameofbones.face import working_copy as court_copy
from domain.region import Region

# The members a resolution loads many at a time (`load_many`), each with the copy its rule system makes of it for a
# working world; others keep the library's own path.
_COPIES: dict[type, Callable[[Any], Any]] = {
    Faction: faction_copy,
    House: court_copy,
    HouseIntel: court_copy,
    Region: clone,
}
KEPT_KINDS = tuple(_COPIES)


def working_copy(aggregate: Any) -> Any:
    """A copy sharing nothing mutable with `aggregate` (pending events aside, immutable)."""
    return _COPIES[type(aggregate)](aggregate)


def copy_of(aggregate: Any) -> Any:
    """A copy sharing nothing mutable with `aggregate`, of any kind: a member as `working_copy` makes it, another (a
    campaign, a chronicle) by `clone` (a snapshot taken of it later is the one taken of `aggregate` now)."""
    return _COPIES.get(type(aggregate), clone)(aggregate)


class KeptAggregates:
    """The repository's aggregate cache, read and filled for many aggregates at once."""

    def __init__(self, repository: Repository[UUID]) -> None:
        self.repository = repository
        self._handing_over = threading.local()

    def versions(self, ids: Iterable[UUID]) -> dict[UUID, int]:
        """The version kept of each of `ids` that is kept, of the kinds read here."""
        cache = self.repository.cache
        if cache is None:
            return {}
        held: dict[UUID, int] = {}
        for aggregate_id in ids:
            try:
                kept = cache.get(aggregate_id)
            except KeyError:
                continue
            if type(kept) in _COPIES:  # a campaign or a chronicle the library's own loads keep is read whole
                held[aggregate_id] = kept.version
        return held

    def forwarded(self, aggregate_id: UUID, read_from: int, events: Sequence[Any]) -> Any | None:
        """A working copy of the kept aggregate with `events` (those after `read_from`, decoded) applied to it;
        None when it is no longer kept or is kept behind `read_from`."""
        cache = self.repository.cache
        if cache is None:
            return None
        lock = self.repository._use_fastforward_lock(aggregate_id)
        try:
            with lock:
                try:
                    kept = cache.get(aggregate_id)
                except KeyError:
                    return None
                if kept.version < read_from:
                    return None
                for event in events:
                    if event.originator_version > kept.version:  # another thread may have forwarded it already
                        event.mutate(kept)
                return working_copy(kept)
        finally:
            self.repository._disuse_fastforward_lock(aggregate_id)

    def keep(self, aggregates: Iterable[Any]) -> None:
        """Keep a copy of each of `aggregates` of the kinds `load_many` reads, as it now stands (loaded or saved);
        inside `handed_over`, the aggregate itself."""
        cache = self.repository.cache
        if cache is None:
            return
        handed_over = getattr(self._handing_over, "on", False)
        for aggregate in aggregates:
            if type(aggregate) in _COPIES:
                cache.put(aggregate.id, aggregate if handed_over else working_copy(aggregate))

    @contextmanager
    def handed_over(self) -> Iterator[None]:
        """What this thread saves inside the block is kept as the object saved, not a copy of it: for a caller that
        drops the saved aggregates unchanged once the save returns (a phase's resolution: about 300 members whose
        copies were 4-5 ms of its CPU; issue 31, P6). A load still hands out a copy of what is kept."""
        self._handing_over.on = True
        try:
            yield
        finally:
            self._handing_over.on = False


class CopyingRepository(Repository[UUID]):
    """The library's repository, handing out what its cache holds copied by `copy_of` (domain/clone.py, equal to
    `deepcopy`'s, tested) where the library's `get` copies it with `deepcopy`, and in the same cases: a campaign of
    the issue's size, loaded by every command of its campaign, is about 750 values, whose generic walk (a memo entry
    and a dispatch for each) was a third of a small command's CPU (`roll_dice`; docs/scaling.md, session 31)."""

    def get(
        self,
        aggregate_id: UUID,
        *,
        version: int | None = None,
        projector_func: ProjectorFunction[Any, Any] = project_aggregate,
        fastforward_skipping: bool = False,
        deepcopy_from_cache: bool = True,
    ) -> Any:
        aggregate = super().get(
            aggregate_id,
            version=version,
            projector_func=projector_func,
            fastforward_skipping=fastforward_skipping,
            deepcopy_from_cache=False,
        )
        if deepcopy_from_cache and self.deepcopy_from_cache and self.cache and version is None:
            return copy_of(aggregate)  # the library's own condition for its `deepcopy`
        return aggregate
