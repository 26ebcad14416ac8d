"""What a seat's phase report shows of events that are not its own member's (service/usecases/phase_report.py).

Faction Turn: a rival's `AssetDamaged` / `AssetDestroyed` in which the seat rolled, whole (seed 002 attacks are
rolled in the open, a stealthed asset loses its Stealth when it attacks or defends, and the ratings behind the
modifiers are public). Of any event, the rolls whose actor is one of the seat's own: a rival's opposing roll carries
the rival's secret defences (seed 000, Influence Defence) or ties an author to a covered attack (seed 000, Cover Up).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

REPORT_RIVAL_TOPICS = ("FactionAssets.AssetDamaged", "FactionAssets.AssetDestroyed")


def actors_rolls(rolls: Sequence[dict[str, Any]], actors: set[str]) -> list[dict[str, Any]]:
    """The rolls the seat's own characters or faction rolled."""
    return [r for r in rolls if str(r.get("actor", "")) in actors]


def sees_rival_event(name: str, payload: dict[str, Any], actors: set[str]) -> bool:
    """Faction Turn only: a rival's damage from a contest in which the seat rolled."""
    return not actors.isdisjoint(rival_event_rollers(name, payload))


def rival_event_rollers(name: str, payload: dict[str, Any]) -> set[str]:
    """Whose seats see this rival event (`sees_rival_event`): the actors that rolled in it; none for other topics.
    A resolution's reporter indexes the phase's events by it (service/usecases/phase_report_many.py)."""
    return {str(r.get("actor")) for r in payload["rolls"]} if name in REPORT_RIVAL_TOPICS else set()
