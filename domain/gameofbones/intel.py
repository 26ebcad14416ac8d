"""A house's intelligence (issue 16, bounded state): what it learned, in its own stream, not in the House.

What a house learns only accumulates (every plot found, attack suffered, source hunted, movement seen), so it
lives in a `HouseIntel` aggregate per house, loaded only where the rules read it (a month's resolution, a source
hunt), never by a command on the house. A troop movement seen in plain sight is one `MovementSeen` in the
mover's intel naming every house that saw it (seed 000, Troop Movements: "every house" sees it), not one event
per other house; each observer's view reads it from there (`known_by`). Knowledge recorded before this
(`House.KnowledgeGained`) stays in the House and is read first; a house registered before intel streams has
none, and what it learns still goes to its House (a rollback could not undo a stream opened mid-phase).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any
from uuid import UUID, uuid5

from eventsourcing.domain import event

from domain.history import Rewindable

if TYPE_CHECKING:
    from domain.gameofbones.house import House

INTEL = UUID("6c1f7d8e-25a4-4b6e-9a51-0e3f2b7c9d14")  # namespace of intel ids


def intel_id(house_id: UUID | str) -> UUID:
    return uuid5(INTEL, str(house_id))


class HouseIntel(Rewindable):
    """One house's knowledge, and the movements of its troops other houses saw."""

    # Not in the phase history (projections/state.py): every entry names its phase and week, so the history would
    # only copy it again, and each resolution read and rewrote every house's whole intel there, a cost that grew
    # with the phases played (issue 26, "a late phase costs no more than an early one"; docs/scaling.md).
    in_history = False

    @staticmethod
    def create_id(campaign_id: UUID, house_id: str) -> UUID:
        return intel_id(house_id)

    @event("Opened")
    def __init__(self, campaign_id: UUID, house_id: str) -> None:
        self.campaign_id = campaign_id
        self.house_id = house_id
        self.knowledge: list[dict[str, Any]] = []
        self.sightings: list[dict[str, Any]] = []

    def learn(self, knowledge: dict[str, Any]) -> None:
        """Knowledge as its holder sees it: a planted falsehood looks exactly like the truth."""
        self._knowledge_gained(dict(knowledge))

    @event("KnowledgeGained")
    def _knowledge_gained(self, knowledge: dict[str, Any]) -> None:
        self.knowledge.append(knowledge)

    def record_sighting(self, observers: Mapping[str, str], knowledge: dict[str, Any]) -> None:
        """`observers`: each house that saw the movement, with the id of its knowledge entry."""
        self._movement_seen(dict(sorted(observers.items())), dict(knowledge))

    @event("MovementSeen")
    def _movement_seen(self, observers: dict[str, str], knowledge: dict[str, Any]) -> None:
        self.sightings.append({"observers": observers, "knowledge": knowledge})


def sighting_entries(sightings: Iterable[dict[str, Any]], observer: str) -> list[dict[str, Any]]:
    """The knowledge entries one observer holds from a mover's sightings, each with the observer's own id."""
    return [{"id": s["observers"][observer], **s["knowledge"]} for s in sightings if observer in s["observers"]]


def _when(entry: dict[str, Any]) -> tuple[int, int]:
    return int(entry.get("phase") or 0), int(entry.get("week") or 0)


Entries = list[dict[str, Any]]


def merged(own: Entries, learned: Entries, seen: Entries) -> Entries:
    """A house's knowledge in the order it learned it: what its House recorded (before intel streams), then by
    month and week (a source hunt, between resolutions, has no week and comes before its month's)."""
    return [*own, *sorted([*learned, *seen], key=_when)]


def known_by(house: House, intel: Mapping[str, HouseIntel]) -> list[dict[str, Any]]:
    """Everything `house` knows, where `intel` holds the campaign's intel by house id (empty: only the House)."""
    hid = str(house.id)
    if not intel:
        return list(house.knowledge)
    mine = intel[hid].knowledge if hid in intel else []  # none: a house from before intel streams
    seen = [e for other, i in sorted(intel.items()) if other != hid for e in sighting_entries(i.sightings, hid)]
    return merged(list(house.knowledge), list(mine), seen)


def plots_known_by(house: House, intel: Mapping[str, HouseIntel]) -> list[dict[str, Any]]:
    """The plots `house` knows of, in `known_by`'s order: a plot is learned (never seen in a sighting), so
    the sightings, which grow with every movement of every house, are not read (issue 16: a month's false
    plots read every house's plots, and reading all they knew made a late month cost minutes)."""
    own = [k for k in house.knowledge if k["kind"] == "plot"]
    hid = str(house.id)
    learned = [k for k in intel[hid].knowledge if k["kind"] == "plot"] if hid in intel else []
    return [*own, *sorted(learned, key=_when)] if intel else own


def known_in_states(house: dict[str, Any], intels: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The same from the read model's JSON: a house's state and its campaign's intel states."""
    hid, mine, seen = str(house["id"]), [], []
    for state in sorted(intels, key=lambda s: str(s["house_id"])):
        if str(state["house_id"]) == hid:
            mine = list(state["knowledge"])
        else:
            seen += sighting_entries(state["sightings"], hid)
    return merged(list(house.get("knowledge", [])), mine, seen)


def knowing(houses: list[dict[str, Any]], intel: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Houses with everything they know: their own entries and the movements they saw, from their campaign's
    intel, so a house's view of its knowledge is what it was in the House."""
    if not intel:
        return houses
    return [house | {"knowledge": known_in_states(house, intel)} for house in houses]
