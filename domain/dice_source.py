"""Whose dice resolve a phase (issue 28, item 3): the server's, or the table's own, entered by the GM.

The GM sets it for the whole campaign or for one phase; a phase's own setting wins over the campaign's. The
setting is kept under a `_` name, out of the public read model, like the GM's other ledgers.
"""

from __future__ import annotations

from typing import Any

from eventsourcing.domain import Aggregate, event

from domain.enums import DiceSource
from domain.errors import InvalidInputError
from domain.history import leaner

RULE_TABLE_DICE = "issue 28: a table that rolls its own dice enters the faces; the rules ask for them in order"


@leaner  # the @event methods triggered leaner (domain/history.py; issue 31, P6)
class DiceSourceLedger(Aggregate):
    """Mixed into `Campaign` beside `GMLedger` and `AssistantLedger`."""

    def dice_source(self, phase: int | None = None) -> DiceSource:
        """The dice that resolve `phase` (the current one when None)."""
        setting: dict[str, Any] = vars(self).get("_dice_sources", {})
        wanted = int(getattr(self, "phase", 0)) if phase is None else phase
        return DiceSource(setting.get(str(wanted), setting.get("campaign", DiceSource.SERVER.value)))

    def set_dice_source(self, source: str, phase: int | None, seat: str) -> None:
        """For the campaign (`phase` None) or one phase not yet resolved: the current one or a later one."""
        known = {s.value for s in DiceSource}
        if source not in known:
            raise InvalidInputError(f"unknown dice source {source!r}; choose from {sorted(known)}")
        current = int(getattr(self, "phase", 0))
        status = str(getattr(self, "phase_status", ""))
        if phase is not None and (phase < current or (phase == current and status == "resolved")):
            raise InvalidInputError(
                f"phase {phase} is already resolved; set the dice of phase {current + 1} or of the campaign"
            )
        self._dice_source_set(source, phase, seat)

    @event("DiceSourceSet")
    def _dice_source_set(self, source: str, phase: int | None, seat: str) -> None:
        setting = dict(vars(self).get("_dice_sources", {}))
        setting["campaign" if phase is None else str(phase)] = source
        self._dice_sources = setting

    def record_table_dice(self, rolls: list[dict[str, Any]]) -> None:
        """The phase's rolls as the table entered them, each with what it was for, written with the resolution
        (before its `PhaseResolved`). A phase resolved without this event was resolved with the server's dice."""
        self._table_dice_recorded(int(getattr(self, "phase", 0)), DiceSource.TABLE.value, rolls)

    @event("TableDiceRecorded")
    def _table_dice_recorded(self, phase: int, source: str, rolls: list[dict[str, Any]]) -> None:
        pass
