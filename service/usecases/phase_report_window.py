"""A phase's window of events indexed once for all of its members' reports (service/usecases/phase_report.py).

Issue 31, item 1: every report scanned the whole window, 150 reports of 1,100 events at the issue's size, and that
was more than half of a big resolution's CPU (a second of 1.8, with a uuid5 for each entry of each house's report).
`build_report` does nothing with an entry that is not the member's own, its intel's, a rival's strike in which one
of its actors rolled, a sighting or the initiative (`SEEN_ELSEWHERE`; `READ_OFF` names those off others' aggregates),
so it is given those alone, in the window's order, and builds the same report (tests/service/persistence/
test_phase_cuts.py scans the whole window instead).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from enum import Enum
from functools import lru_cache
from typing import Any
from uuid import UUID

from domain.gameofbones.face import GAME_OF_BONES, intel_id
from service.usecases.audit import AuditEntry
from service.usecases.visibility.reports import REPORT_RIVAL_TOPICS

# A movement seen: read off the mover's intel by the houses that saw it alone (phase_report.py `_sighting` reads
# nothing else of it, and a faction's report nothing at all), found by its `observers`.
SIGHTING = "HouseIntel.MovementSeen"
# A house's intel id, a uuid5 of its id: asked for each intel entry of a house's report.
intel_of: Callable[[UUID | str], UUID] = lru_cache(maxsize=4096)(intel_id)
# The stream of a member's own that its report reads whole, by its rule system's kind (a house's intel).
COMPANION_STREAM: dict[str, Callable[[UUID | str], UUID]] = {GAME_OF_BONES.kind: intel_of}


class Reach(Enum):
    """Which members' reports read an event off an aggregate not their own."""

    ROLLED_IN = "the members whose actors rolled in it"  # `sees_rival_event`
    SEEN = "the members that saw it"  # its `observers`; without them, every member (as before issue 31, P6)
    EVERY = "every member"


# What a member's report reads off another aggregate's events, by the event's name: the one declaration both
# `ReportWindow` (which indexes them by their reach) and `read_by_any` (which keeps them in the window before it is
# decoded) take it from, so the filter cannot drop what a report reads (issue 31, P4; STYLE.md 12).
READ_OFF: Mapping[str, Reach] = {
    **dict.fromkeys(REPORT_RIVAL_TOPICS, Reach.ROLLED_IN),
    SIGHTING: Reach.SEEN,
    "Campaign.InitiativeRolled": Reach.EVERY,
}


def own_streams(member_id: UUID, kind: str) -> tuple[UUID, ...]:
    """The streams a member's report reads whole: its own and its companion's (`COMPANION_STREAM`)."""
    companion = COMPANION_STREAM.get(kind)
    return (member_id,) if companion is None else (member_id, companion(member_id))


_NAMES: dict[str, str] = {}  # a topic's event name: a few dozen topics, asked some 60,000 times by a rebuild's reports


def entry_name(entry: AuditEntry) -> str:
    name = _NAMES.get(entry.topic)
    if name is None:
        name = _NAMES[entry.topic] = entry.topic.rsplit(":", 1)[-1]
    return name


def read_by_any(campaign_id: UUID, members: Mapping[UUID, tuple[str, Collection[str]]]) -> Callable[[UUID, str], bool]:
    """Whether an event (by its aggregate and its stored topic) may be read by one of `members`' reports or cut their
    window (`phase_window` reads the campaign's own): one of the campaign's, a member's or its companion stream's, or
    one read off any aggregate (`READ_OFF`). `ReportWindow.read_by` hands a report nothing else, so the window is
    the same without the others (issue 31, P4: a late phase's window is a quarter chronicle and regions, which a
    rebuild's reporting process decoded for nothing)."""
    ids = {campaign_id}
    for member, (kind, _) in members.items():
        ids.update(own_streams(member, kind))
    by_topic: dict[str, bool] = {}  # a few dozen topics

    def reads(aggregate_id: UUID, topic: str) -> bool:
        if aggregate_id in ids:
            return True
        read = by_topic.get(topic)
        if read is None:
            read = by_topic[topic] = topic.rsplit(":", 1)[-1] in READ_OFF
        return read

    return reads


class ReportWindow:
    """The window's entries by aggregate, a rival's strikes by who rolled in them (`sees_rival_event`), the movements
    seen by who saw them, and the other entries any member may read, by their places in the window.

    Issue 31, P6: every report was handed every movement seen, and a late phase has about fifty (a house's troops
    moving, seen by every house): the 100 factions' reports were handed 5,000 entries they did nothing with."""

    def __init__(self, window: Sequence[AuditEntry]) -> None:
        self.entries = list(window)
        self.by_aggregate: dict[UUID, list[int]] = {}
        self.by_actor: dict[str, list[int]] = {}
        self.by_observer: dict[str, list[int]] = {}
        self.shared: list[int] = []
        # What a sighting taught its observers, built at the first of them (phase_report.py `_sighting`).
        self.sightings: dict[int, Any] = {}
        self._initiative: dict[int, dict[str, int]] = {}  # `places_in`, by the entry's identity
        for place, entry in enumerate(self.entries):
            self.by_aggregate.setdefault(entry.aggregate_id, []).append(place)
            reach = READ_OFF.get(entry_name(entry))
            if reach is None:  # most entries: asked first (an enum member's lookup costs, issue 31 P4)
                continue
            if reach is Reach.ROLLED_IN:
                for actor in {str(r.get("actor")) for r in entry.payload.get("rolls") or ()}:
                    self.by_actor.setdefault(actor, []).append(place)
            elif reach is Reach.SEEN and isinstance(observers := entry.payload.get("observers"), dict):
                for observer in observers:
                    self.by_observer.setdefault(observer, []).append(place)
            else:  # every member's, and a sighting without its observers: as before
                self.shared.append(place)

    def read_by(self, member_id: UUID, kind: str, actors: Collection[str]) -> list[AuditEntry]:
        """The entries a member's report may read, in the window's order; `actors`: whose rolls are its own."""
        places = set(self.shared).union(self.by_observer.get(str(member_id), ()))
        for stream in own_streams(member_id, kind):
            places.update(self.by_aggregate.get(stream, ()))
        for actor in actors:
            places.update(self.by_actor.get(actor, ()))
        return [self.entries[place] for place in sorted(places)]

    def places_in(self, entry: AuditEntry) -> dict[str, int]:
        """Each member's first place (from 1) in an `InitiativeRolled`'s order, by its id's text: made once a window,
        not once a report (issue 31, P4: every faction's report made the hundred ids' text again)."""
        places = self._initiative.get(id(entry))
        if places is None:
            places = self._initiative[id(entry)] = {}
            for place, member in enumerate(entry.payload["order"], 1):
                places.setdefault(str(member), place)
        return places
