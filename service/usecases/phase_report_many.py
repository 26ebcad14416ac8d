"""Every member's phase report of one resolution, from one pass over the phase's events (the reporter of the phase
reports' read model, service/usecases/phase_report_kept.py; issue 31, item 1).

`build_report` reads the whole window for one member: at the issue's size, 150 members over a window of 1,500
events, 1.4 s of a 2.1 s resolution's CPU (docs/scaling.md, "The bench's phase against phase_run's"). Here the
window is indexed once, and each member's report is built by that same `build_report` from the entries that can
touch it, in the window's order: its own events, the other events its kind reads (`SEEN_WHERE`, the superset of
what `SEEN_ELSEWHERE` takes) and the campaign's initiative. Every other entry is one `build_report` passes over
without effect, so each report is the one the whole window gives (tests/service/usecases/test_phase_report_many.py).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from uuid import UUID

from domain.factionturn.face import FACTION_TURN
from domain.gameofbones.face import GAME_OF_BONES, intel_id
from service.usecases.audit import AuditEntry
from service.usecases.phase_report import SEEN_ELSEWHERE, build_report
from service.usecases.phase_report_records import PhaseReport
from service.usecases.visibility.reports import rival_event_rollers


class WindowIndex:
    """A phase's window by aggregate, by who rolled in a rival event, and its sightings and initiative."""

    def __init__(self, window: Sequence[AuditEntry], campaign_id: UUID) -> None:
        self.window = window
        self.by_aggregate: dict[UUID, list[int]] = defaultdict(list)
        self.rolled_in: dict[str, list[int]] = defaultdict(list)  # an actor: the rival events it rolled in
        self.sightings: list[int] = []
        self.initiative: list[int] = []
        for index, entry in enumerate(window):
            name = entry.topic.rsplit(":", 1)[-1]
            self.by_aggregate[entry.aggregate_id].append(index)
            for actor in rival_event_rollers(name, entry.payload):
                self.rolled_in[actor].append(index)
            if name == "HouseIntel.MovementSeen":
                self.sightings.append(index)
            elif name == "Campaign.InitiativeRolled" and entry.aggregate_id == campaign_id:
                self.initiative.append(index)


def _rival_strikes(index: WindowIndex, member_id: UUID, actors: set[str]) -> list[int]:
    """The Faction Turn's `_rival_strike`: rival events in which one of its actors rolled."""
    return [i for actor in actors for i in index.rolled_in.get(actor, ())]


def _intel(index: WindowIndex, member_id: UUID, actors: set[str]) -> list[int]:
    """The Game of Bones' `_intel_learned`: the house's intel stream, and every sighting."""
    return [*index.by_aggregate.get(intel_id(str(member_id)), ()), *index.sightings]


# By kind, the entries of other aggregates `SEEN_ELSEWHERE` may take; a kind not named here reads the whole window.
SEEN_WHERE: dict[str, Callable[[WindowIndex, UUID, set[str]], list[int]]] = {
    FACTION_TURN.kind: _rival_strikes,
    GAME_OF_BONES.kind: _intel,
}
assert SEEN_WHERE.keys() == SEEN_ELSEWHERE.keys(), "each kind's reading of other events is indexed"


def build_reports(
    window: Sequence[AuditEntry], campaign_id: UUID, phase: int, members: Mapping[UUID, tuple[str, set[str]]]
) -> dict[UUID, PhaseReport]:
    """Each member's `build_report` (members: its kind, and whose rolls are its own)."""
    index = WindowIndex(window, campaign_id)
    reports = {}
    for member, (kind, actors) in members.items():
        seen = SEEN_WHERE.get(kind)
        if seen is None:
            touching: Sequence[AuditEntry] = window
        else:
            at = {*index.by_aggregate.get(member, ()), *seen(index, member, actors), *index.initiative}
            touching = [window[i] for i in sorted(at)]
        reports[member] = build_report(touching, campaign_id, phase, member, kind, actors)
    return reports
