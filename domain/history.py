"""Rewinding: an aggregate restored to an earlier version by a compensating event, never by deletion."""

from __future__ import annotations

from typing import Any

from eventsourcing.domain import Aggregate, event

from domain.lean_events import leaner

# Bookkeeping the library keeps on every aggregate; a restore never copies it.
_BOOKKEEPING = frozenset({"_id", "_version", "_created_on", "_modified_on", "_pending_events"})


def restorable_state(aggregate: Aggregate) -> dict[str, Any]:
    return {k: v for k, v in vars(aggregate).items() if k not in _BOOKKEEPING}


@leaner  # the @event methods triggered leaner (domain/lean_events.py; issue 31, P6)
class Rewindable(Aggregate):
    """An aggregate a GM's rollback can return to the state of an earlier version."""

    def restore(self, earlier: Aggregate, phase: int, reason: str) -> None:
        if earlier.id != self.id or earlier.version > self.version:
            raise ValueError(f"cannot restore {self.id} v{self.version} from {earlier.id} v{earlier.version}")
        self._state_restored(restorable_state(earlier) | self._kept_on_restore(), earlier.version, phase, reason)

    def _kept_on_restore(self) -> dict[str, Any]:
        """What a restore keeps of the present (a campaign's fork origin); nothing by default."""
        return {}

    @event("StateRestored")
    def _state_restored(self, state: dict[str, Any], restored_version: int, phase: int, reason: str) -> None:
        for key in [k for k in vars(self) if k not in _BOOKKEEPING]:
            delattr(self, key)
        vars(self).update(state)
        self._restored()

    def _restored(self) -> None:
        """What an aggregate makes of a restored state kept in an older shape (a HouseIntel's)."""
