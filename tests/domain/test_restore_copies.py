"""A rollback's `StateRestored` is a fact like any other event: the aggregate it restores takes a copy of the state
it carries, so the aggregate's later events do not change the event in place (domain/history.py `Rewindable`). A
page of the projection folded again, or a phase report built from the page's events after their fold, reads the
event as it was stored (found by tests/service/operations/test_rebuild_reports_careful.py: a house's pending actions
restored from a changed event, folded again, refused its next action)."""

from __future__ import annotations

from typing import Any

from eventsourcing.domain import event

from domain.history import Rewindable


class Ledger(Rewindable):
    def __init__(self) -> None:
        self.entries: dict[str, int] = {}

    @event("Entered")
    def enter(self, name: str, amount: int) -> None:
        self.entries[name] = amount


def replayed(events: list[Any]) -> Any:
    aggregate = None
    for stored in events:
        aggregate = stored.mutate(aggregate)
    return aggregate


def test_the_aggregates_later_events_leave_a_restoring_event_and_the_earlier_state_as_they_were() -> None:
    ledger = Ledger()
    ledger.enter("a", 1)
    earlier = replayed(ledger.collect_events())
    ledger.enter("b", 2)
    ledger.restore(earlier, 1, "a disputed entry")
    restored = ledger.pending_events[-1]
    assert type(restored).__qualname__.endswith("StateRestored") and ledger.entries == {"a": 1}
    ledger.enter("c", 3)
    assert restored.state["entries"] == {"a": 1}, "the event as it was triggered"
    assert earlier.entries == {"a": 1}, "the earlier state it was made from"


def test_a_log_with_a_restore_folds_to_the_same_state_twice() -> None:
    ledger = Ledger()
    ledger.enter("a", 1)
    events = ledger.collect_events()
    earlier = replayed(events)
    ledger.enter("b", 2)
    ledger.restore(earlier, 1, "a disputed entry")
    ledger.enter("c", 3)
    events += ledger.collect_events()
    once = replayed(events)
    assert once.entries == {"a": 1, "c": 3}
    once.enter("d", 4)  # the folded aggregate goes on changing, as the projection's kept state does
    assert replayed(events).entries == {"a": 1, "c": 3}, "the same events fold to the same state again"
