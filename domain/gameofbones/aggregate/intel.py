"""A house's intelligence (issue 16, bounded state): what it learned, in its own stream, not in the House.

What a house learns only accumulates (every plot found, attack suffered, source hunted, movement seen), so it
lives in a `HouseIntel` aggregate per house, loaded only where the rules read it (a month's resolution, a source
hunt), never by a command on the house. A troop movement seen in plain sight is one `MovementSeen` in the
mover's intel naming every house that saw it (seed 000, Troop Movements: "every house" sees it), not one event
per other house. Knowledge recorded before this (`House.KnowledgeGained`) stays in the House and is read first;
a house registered before intel streams has none, and what it learns still goes to its House (a rollback could
not undo a stream opened mid-phase).

The aggregate keeps only the working set, what the rules can still read (working_set.py; issue 26: a late month
loads and writes what an early one does). Everything it learned, and each observer's entry of a movement seen, is
in its events; the read model keeps it, a row per entry (projections/knowledge.py), and the house views read it
there (`knowing`), in the order `merged` gives.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any
from uuid import UUID

from eventsourcing.domain import event

from domain.gameofbones.aggregate.working_set import latest, moment, narrowed
from domain.gameofbones.rules.view import intel_id, learned_when
from domain.history import Rewindable, leaner
from domain.ids import check_canonical

if TYPE_CHECKING:
    pass


@leaner  # the @event methods triggered leaner (domain/history.py; issue 31, P6)
class HouseIntel(Rewindable):
    """One house's working set of knowledge (working_set.py); the movements of its troops others saw are events
    alone (no rule reads them)."""

    # Not in the phase history (projections/state.py): every entry names its phase and week, so the history would
    # only copy it again, and each resolution read and rewrote every house's whole intel there, a cost that grew
    # with the phases played (issue 26, "a late phase costs no more than an early one"; docs/scaling.md).
    in_history = False
    # 2: the working set alone (issue 26); a snapshot of version 1 held everything, sightings too.
    class_version = 2

    @staticmethod
    def create_id(campaign_id: UUID, house_id: str) -> UUID:
        return intel_id(house_id)

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """A snapshot taken before the working set: its entries narrowed to it, its sightings dropped."""
        state.pop("sightings", None)
        state["knowledge"] = narrowed(state.get("knowledge", []), *latest(state.get("knowledge", [])))

    @event("Opened")
    def __init__(self, campaign_id: UUID, house_id: str) -> None:
        self.campaign_id = campaign_id
        self.house_id = house_id
        self.knowledge: list[dict[str, Any]] = []

    def learn(self, knowledge: dict[str, Any]) -> None:
        """Knowledge as its holder sees it: a planted falsehood looks exactly like the truth."""
        self._knowledge_gained(dict(knowledge))

    @event("KnowledgeGained")
    def _knowledge_gained(self, knowledge: dict[str, Any]) -> None:
        # Nothing resolves before what is learned now: what no rule can read from then on leaves the working set.
        self.knowledge = narrowed([*self.knowledge, knowledge], *moment(knowledge))

    def record_sighting(self, observers: Mapping[str, str], knowledge: dict[str, Any]) -> None:
        """`observers`: each house that saw the movement, with the id of its knowledge entry. Each house's id is
        canonical, so no house is named twice (domain/ids.py: the views match observers as text)."""
        check_canonical(observers, "observers")
        self._movement_seen(dict(sorted(observers.items())), dict(knowledge))

    @event("MovementSeen")
    def _movement_seen(self, observers: dict[str, str], knowledge: dict[str, Any]) -> None:
        """No rule reads a movement seen (seed 000, Troop Movements: the other houses "know where you have
        moved them"): the event is the record, read by the views (`knowledge_given`)."""

    def _restored(self) -> None:
        """A restore from before the working set (its state held everything): narrowed to it."""
        vars(self).pop("sightings", None)
        self.knowledge = narrowed(self.knowledge, *latest(self.knowledge))


def knowledge_given(event: object) -> tuple[dict[str, Any], Mapping[str, Any] | None] | None:
    """What an intel event gives its holders: (entry, None), what the intel's house learned, its own entry as it is;
    or (seen, observers), a movement seen, each observer's entry `seen_entry(seen, its entry's id)`. None for any other
    event. One event's entries are kept together until they are written (projections/knowledge.py)."""
    name: Any = type(event).__qualname__
    if name == "HouseIntel.KnowledgeGained":
        return getattr(event, "knowledge"), None  # noqa: B009 (an event class made by `@event`)
    if name == "HouseIntel.MovementSeen":
        return getattr(event, "knowledge"), getattr(event, "observers")  # noqa: B009
    return None


def seen_entry(seen: Mapping[str, Any], entry_id: Any) -> dict[str, Any]:
    """An observer's knowledge entry of a movement seen: the movement with the observer's own entry id."""
    return {"id": entry_id, **seen}


def sighting_entries(sightings: Iterable[dict[str, Any]], observer: str) -> list[dict[str, Any]]:
    """The knowledge entries one observer holds from a mover's sightings, each with the observer's own id."""
    return [seen_entry(s["knowledge"], s["observers"][observer]) for s in sightings if observer in s["observers"]]


Entries = list[dict[str, Any]]


def view_order(holder: str, source: str, version: int, entry: dict[str, Any]) -> tuple[Any, ...]:
    """Where an entry stands in its holder's knowledge (`source`: the house whose intel event gave it, at
    `version`): by month and week (a source hunt, between resolutions, has no week and comes before its
    month's), then what the holder learned before what it saw, the movements seen by mover's house id (its
    text), each intel's in its order. The read model orders its rows so (projections/knowledge.py)."""
    return (*learned_when(entry), source != holder, source, version)


def knowing(houses: list[dict[str, Any]], learned: Mapping[str, Entries] | None) -> list[dict[str, Any]]:
    """Houses with everything they know: their own entries (before intel streams), then what their campaign's
    intel gave each (`learned`, by holder, in `view_order`: the read model's rows, or the events folded; None: a
    campaign from before intel streams), so a house's view of its knowledge is what it was in the House."""
    if learned is None:
        return houses
    return [
        house | {"knowledge": [*house.get("knowledge", []), *learned.get(str(house["id"]), [])]} for house in houses
    ]


def knowing_rows(houses: list[dict[str, Any]], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`knowing` from the read model's rows of what houses learned (`house_id`, `entry`, in `view_order`): the
    Game of Bones' companion rows (domain/rule_system.py `Companion`)."""
    learned: dict[str, list[Any]] = {}
    for row in rows:
        learned.setdefault(str(row["house_id"]), []).append(row["entry"])
    return knowing(houses, learned)
