"""Events written in the order they were played, across aggregates (docs/architecture.md, Play order).

eventsourcing collects a save's events aggregate by aggregate, so a phase's log read as "every event of faction A,
then every event of faction B": the damage A dealt showed up in B's block. A resolution hands the events it
triggered in the order it triggered them; the save writes those first, in that order, then the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.domain import Aggregate


def in_play_order(aggregates: Sequence[Aggregate], played: Sequence[Any]) -> list[Any]:
    """What to hand `Application.save`: the pending events, `played` first in its order, then each aggregate's
    remaining ones, then the aggregates themselves (their events collected, so they are only noted for snapshots).

    An aggregate's own events always keep their version order: an event of `played` that has earlier pending
    events on its aggregate brings them along first."""
    if not played:
        return list(aggregates)
    pending = {a.id: list(a.collect_events()) for a in aggregates}
    ordered: list[Any] = []
    for event in played:
        queue = pending.get(event.originator_id, [])
        if not any(e is event for e in queue):
            continue  # not pending on these aggregates (already written, or not theirs)
        while queue:
            head = queue.pop(0)
            ordered.append(head)
            if head is event:
                break
    for aggregate in aggregates:
        ordered.extend(pending[aggregate.id])
    return [*ordered, *aggregates]
