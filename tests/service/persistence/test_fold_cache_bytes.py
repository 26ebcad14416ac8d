"""The state writers' fold cache is bounded by bytes, not by a count of aggregates of any size (issue 31, item 5):
a big member counts what it weighs, the budget holds whatever mix of members a process meets, and folding with
the cache evicting at every page gives the same read model as with every member kept."""

from __future__ import annotations

import gc
import sys
import types
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import orjson
import pytest

from projections import jsonsafe, kept
from projections.state import StateView, public_state
from service.bootstrap import Intrigue
from service.persistence.database import Database
from tests.service.persistence.test_bounded_history import current, played
from tests.service.usecases.test_gameofbones_play import two_houses


def in_memory(state: Any) -> int:
    """The bytes a folded aggregate holds: every object reachable from it, each once (classes, modules and the
    interpreter's shared singletons left out), as sys.getsizeof counts them."""
    seen: set[int] = set()
    stack, total = [state], 0
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, (type, types.ModuleType, types.FunctionType)) or item is None:
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        stack.extend(gc.get_referents(item))
    return total


def writers(intrigue: Intrigue) -> list[StateView]:
    """The state writers that fold and keep: the inline projection's and the runner's."""
    inline = intrigue.read_side.inline
    found = [runner.view for runner in intrigue.read_side.runners.values()]
    return [view for view in [*found, inline.view if inline else None] if isinstance(view, StateView)]


@pytest.fixture
def small_budget(fresh_db: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Intrigue]:
    monkeypatch.setenv(kept.FOLD_CACHE_MB, str(BUDGET / 2**20))
    system = Intrigue(fresh_db)
    yield system
    system.close()


BUDGET = 60_000  # bytes: a few of a played campaign's members, counted as they weigh


def test_a_member_is_counted_for_what_it_takes_in_memory_within_three_times(intrigue: Intrigue) -> None:
    """The count is an estimate from the JSON (measuring each object's memory would cost more than the fold): it
    stays within a factor of three of what a member takes, so the budget bounds the memory within three times
    itself."""
    played(intrigue, 3)  # factions grown by three phases
    campaign, *_ = two_houses(intrigue, "fold-cache")  # a big house and a new small one
    intrigue.campaigns.open_phase(campaign.id)
    entries = [entry for view in writers(intrigue) for entry in view._cache.values()]
    members = [entry for entry in entries if type(entry.state).__name__ in {"Faction", "House"}]
    assert {type(e.state).__name__ for e in members} == {"Faction", "House"}, "the writers kept no faction or house"
    for entry in members:
        taken = in_memory(entry.state)
        assert taken / 3 <= entry.size <= taken * 3, (type(entry.state).__name__, taken, entry.size)


def test_a_small_budget_keeps_fewer_big_members_and_folds_the_same(small_budget: Intrigue) -> None:
    campaign = played(small_budget, 3)
    for view in writers(small_budget):
        sizes = [entry.size for entry in view._cache.values()]
        assert sum(sizes) <= BUDGET and view._cache.currsize == sum(sizes)
        assert sum(kept.encoded_size(stored[1]) for stored in view._stored.values()) <= BUDGET
    rows = current(small_budget, campaign.id)
    assert rows
    for member_id, row in rows.items():  # each row is its member as the events make it, kept or not
        loaded = small_budget.store.repository.get(UUID(member_id))
        assert row == orjson.loads(jsonsafe.dumps(public_state(loaded))), type(loaded).__name__
