"""What a house's intel keeps of all it learned: the entries the rules can still read (issue 26; the rule and its
reasons: docs/rules-notes/intel-working-set.md). Everything learned stays in the intel's events, and the views read
it from the read model (projections/knowledge.py); the aggregate keeps the working set alone, so that a late
month loads and writes what an early one does.

The rules read three kinds of a house's own entries (seed 000):
- plots (Intelligence Gathering, `covert.py`): their action ids, so a plot already known is not discovered
  again, which it can be only while its action is still to resolve (`aimed_at`: `scene.week < resolve_week`);
  and this month's false plots' phantom orders (`false_plots.phantoms_by_rival`: `phase == scene.phase`);
- attacks (Assassination's source hunt, `hunt.py`): one whose author the house does not know can be hunted in
  any later month, whole; one whose author it knows is refused by its author alone;
- source hunts (`hunt.py`): one that found the author (the attack is then refused), and this month's (one hunt
  of an attack a month).
Nothing else is read by a rule: troops assessed, movements seen (Troop Movements: what others "know", a view).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.gameofbones.tables.records import absolute_week

Entry = dict[str, Any]
# What the refusal of a hunt of a traced attack reads of it ("already knows who made it"), and its place in order.
TRACED = ("id", "kind", "phase", "week", "aggressor_house_id")


def moment(entry: Entry) -> tuple[int, int]:
    """When an entry was learned: its month and absolute week; a source hunt (no week, made between
    resolutions at the campaign's phase) counts as the week before its month's first, before any action of it."""
    phase = int(entry.get("phase") or 0)
    week = entry.get("week")
    return phase, int(week) if week else absolute_week(phase, 1) - 1


def needed(entry: Entry, phase: int, week: int) -> bool:
    """Whether a rule can still read the entry once it is `week` of month `phase` (no action of the campaign
    resolves earlier from then on: months resolve week by week, and hunts come at the campaign's phase)."""
    kind, learned = entry.get("kind"), int(entry.get("phase") or 0)
    if kind == "plot":  # this month's phantoms, or an action that can still be aimed at the house
        return learned >= phase or int(entry.get("expected_week") or 0) > week
    if kind == "attack":
        return True
    if kind == "source":
        return learned >= phase or entry.get("aggressor_house_id") is not None
    return False


def narrowed(entries: Iterable[Entry], phase: int, week: int) -> list[Entry]:
    """The entries a rule can still read from (`phase`, `week`) on, in their order; a traced attack as much of
    it as its refusal reads.

    Attacks are kept at every moment (`needed`), so they are the part of the working set that only grows (a
    house's every attack suffered: 35 entries a house at phase 50 of the bench's campaign), and each entry
    learned narrows it all again. An attack is taken as it is, without `needed` or a copy, where its kept shape
    is itself: untraced, or traced and already holding `TRACED` alone, in that order (what a narrowing made of
    it before); so each entry costs a quarter of what it did (issue 31, P6), and the list is the same."""
    kept = []
    for entry in entries:
        if entry.get("kind") == "attack":
            shaped = entry.get("aggressor_house_id") is None or tuple(entry) == TRACED
            kept.append(entry if shaped else {k: entry[k] for k in TRACED if k in entry})
        elif needed(entry, phase, week):
            kept.append(entry)
    return kept


def latest(entries: Iterable[Entry]) -> tuple[int, int]:
    """The moment of the latest entry (nothing resolves before it any more), (0, 0) for none."""
    return max((moment(e) for e in entries), default=(0, 0))
