"""What the GM keeps on the Campaign: custom asset types and actions, turn summaries and the public chronicle.

Attributes whose names start with `_` stay out of the public read model (`projections.plain_state.public_state`):
the GM's summaries and the custom actions (they name what factions plan) are read from the aggregate, by
the GM only. The public chronicle is plain state, for every seat.
"""

from __future__ import annotations

from typing import Any

from eventsourcing.domain import Aggregate, event

from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.factionturn.tables.assets import AssetType
from domain.factionturn.tables.custom_types import row_from_dict, row_to_dict
from domain.gm import CustomActionDef, check_intervention
from domain.history import leaner

RULE_GOSSIP = "seed 002, Procedure: 1-2 lines passed around as gossip"
MAX_LINE = 500
RULE_PUBLISH = "design: the chronicle drafts itself at resolution; players hear it once the GM publishes it"


def check_gossip(lines: list[str], spin: str) -> list[str]:
    """Seed 002: "1-2 lines" of gossip per turn; none at all withdraws the entry."""
    cleaned = [line.strip() for line in lines if line.strip()]
    if len(cleaned) > 2:
        raise InvalidInputError(f"a turn's gossip is one or two lines ({RULE_GOSSIP}), not {len(cleaned)}")
    if any(len(line) > MAX_LINE for line in [*cleaned, spin]):
        raise InvalidInputError(f"a gossip line or spin is at most {MAX_LINE} characters")
    return cleaned


@leaner  # the @event methods triggered leaner (domain/history.py; issue 31, P6)
class GMLedger(Aggregate):
    """Mixed into `Campaign`. Each record is an event carrying the GM's seat and reason."""

    def _ledger(self, name: str) -> dict[str, Any]:
        """A ledger to write to, made on its first record (campaigns older than a ledger have none)."""
        found: dict[str, Any] = vars(self).setdefault(name, {})
        return found

    def _kept(self, name: str) -> dict[str, Any]:
        """A ledger to read: reading leaves no trace, so the state saved is the state its events replay."""
        found: dict[str, Any] = vars(self).get(name, {})
        return found

    # ---- custom asset types and actions ---------------------------------------------------------------------
    def custom_asset_rows(self) -> dict[str, AssetType]:
        return {key: row_from_dict(row) for key, row in self._kept("custom_asset_types").items()}

    def define_asset_type(self, row: AssetType, seat: str, reason: str) -> None:
        """A custom type for this campaign only; redefining it leaves assets already owned as they were."""
        self._asset_type_defined(row.key, row_to_dict(row), seat, check_intervention(seat, reason))

    @event("CustomAssetTypeDefined")
    def _asset_type_defined(self, key: str, row: dict[str, Any], seat: str, reason: str) -> None:
        self._ledger("custom_asset_types")[key] = dict(row)

    def custom_action(self, key: str) -> CustomActionDef:
        found = self._kept("_custom_actions").get(key)
        if found is None:
            raise NotFoundError(f"no custom action {key!r} in this campaign")
        return CustomActionDef.from_dict(found)

    def custom_actions(self) -> list[CustomActionDef]:
        """The GM's actions of this campaign, as defined (the last definition of each key)."""
        return [CustomActionDef.from_dict(found) for found in self._kept("_custom_actions").values()]

    def define_custom_action(self, action: CustomActionDef, seat: str, reason: str) -> None:
        self._custom_action_defined(action.key, action.to_dict(), seat, check_intervention(seat, reason))

    @event("CustomActionDefined")
    def _custom_action_defined(self, key: str, definition: dict[str, Any], seat: str, reason: str) -> None:
        self._ledger("_custom_actions")[key] = dict(definition)

    # ---- the phase chronicle --------------------------------------------------------------------------------
    def gm_summaries(self, phase: int) -> dict[str, str]:
        """The GM's summaries of a phase, by faction or house id ("" for the GM's note on the whole phase)."""
        return dict(self._kept("_gm_summaries").get(str(phase), {}))

    def public_chronicle(self, phase: int) -> dict[str, dict[str, Any]]:
        return dict(self._kept("chronicle").get(str(phase), {}))

    def write_summary(self, phase: int, actor_id: str, text: str, seat: str, reason: str) -> None:
        self._check_phase(phase)
        self._summary_written(phase, actor_id, text.strip(), seat, check_intervention(seat, reason))

    @event("TurnSummaryWritten")
    def _summary_written(self, phase: int, actor_id: str, text: str, seat: str, reason: str) -> None:
        self._ledger("_gm_summaries").setdefault(str(phase), {})[actor_id] = text

    def write_gossip(self, phase: int, actor_id: str, lines: list[str], spin: str, seat: str, reason: str) -> None:
        """The public chronicle: what the players hear of a turn, and who spreads it (the spin)."""
        self._check_phase(phase)
        cleaned = check_gossip(lines, spin)
        self._gossip_written(phase, actor_id, cleaned, spin.strip(), seat, check_intervention(seat, reason))

    @event("GossipWritten")
    def _gossip_written(self, phase: int, actor_id: str, lines: list[str], spin: str, seat: str, reason: str) -> None:
        entries = self._ledger("chronicle").setdefault(str(phase), {})
        if lines:
            entries[actor_id] = {"lines": list(lines), "spin": spin}
        else:
            entries.pop(actor_id, None)
        self._ledger("_chronicle_drafts").get(str(phase), {}).pop(actor_id, None)  # what the GM wrote wins

    def chronicle_drafts(self, phase: int) -> dict[str, dict[str, Any]]:
        """The drafted, unpublished gossip of a phase: the GM's to edit, heard by no player until published."""
        return dict(self._kept("_chronicle_drafts").get(str(phase), {}))

    def draft_gossip(self, phase: int, actor_id: str, lines: list[str], spin: str, seat: str, reason: str) -> None:
        self._check_phase(phase)
        cleaned = check_gossip(lines, spin)
        self._gossip_drafted(phase, actor_id, cleaned, spin.strip(), seat, check_intervention(seat, reason))

    @event("GossipDrafted")
    def _gossip_drafted(self, phase: int, actor_id: str, lines: list[str], spin: str, seat: str, reason: str) -> None:
        drafts = self._ledger("_chronicle_drafts").setdefault(str(phase), {})
        if lines:
            drafts[actor_id] = {"lines": list(lines), "spin": spin}
        else:
            drafts.pop(actor_id, None)

    def publish_chronicle(self, phase: int, seat: str, reason: str) -> None:
        """Every drafted entry of the phase goes into the public chronicle; refused when none is drafted."""
        self._check_phase(phase)
        drafts = self.chronicle_drafts(phase)
        if not drafts:
            raise RuleViolationError(f"phase {phase} has no drafted chronicle to publish", RULE_PUBLISH)
        self._chronicle_published(phase, drafts, seat, check_intervention(seat, reason))

    @event("ChroniclePublished")
    def _chronicle_published(self, phase: int, entries: dict[str, Any], seat: str, reason: str) -> None:
        self._ledger("chronicle").setdefault(str(phase), {}).update({k: dict(v) for k, v in entries.items()})
        self._ledger("_chronicle_drafts").pop(str(phase), None)

    def check_phase(self, phase: int) -> None:
        """A chronicle is written for a phase played, at or before the campaign's own."""
        self._check_phase(phase)

    def _check_phase(self, phase: int) -> None:
        current = int(getattr(self, "phase", 0))
        if not 1 <= phase <= current:
            raise InvalidInputError(f"phase {phase} has not been played; the campaign is in phase {current}")
