"""The events a page holds decoded, which a resolution's reporter need not read back from the store and decode again
(issue 31, item 1 and P4): an inline page's command's own (`Decoded`), a runner's page's by campaign (`PageDecoded`);
the reporter (service/usecases/phase_report_kept.py) takes a resolution's window from them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID


@dataclass(frozen=True)
class Decoded:
    """Events of the campaign the page holds decoded (an inline page's: its command's own; a runner's: `PageDecoded`),
    so that a reporter need not read them back from the store and decode them again (issue 31, item 1): those at the
    campaign's positions `first`, `first + 1`..., each with its stored topic, and the mapper that decoded them."""

    campaign_id: UUID
    first: int
    events: Sequence[tuple[str, Any]]
    mapper: Any

    @property
    def end(self) -> int:
        """The position after the last."""
        return self.first + len(self.events)


class PageDecoded:
    """A runner's page's events, decoded, by campaign (issue 31, P4): for a resolution folded in the page, its
    campaign's events of the page at their positions, which its reports need not read back from the store and decode
    again (`Decoded`). A page holds several campaigns interleaved, each one's events a prefix of its lane in position
    order (projections/lane_reader.py); an event left out of the page (spared by a snapshot, undecodable: no `topics`
    entry) breaks its campaign's run, and a resolution is given only the run of consecutive positions ending at it.
    Indexed at the page's first resolution."""

    def __init__(
        self,
        events: Sequence[tuple[Any, int]],
        lanes: Mapping[int, tuple[UUID, int]],
        topics: Mapping[int, str],
        mapper: Any,
    ) -> None:
        self._events, self._lanes, self._topics, self.mapper = events, lanes, topics, mapper
        # By campaign: its positions, (topic, event) pairs, and where each one's run of consecutive positions starts.
        self._runs: dict[int, tuple[list[int], list[tuple[str, Any]], list[int]]] | None = None

    def at(self, campaign_id: UUID, notification_id: int) -> Decoded | None:
        """The campaign's run of the page's events that ends at the event `notification_id`, or None."""
        if self._runs is None:
            self._runs = self._index()
        lane, runs = self._lanes.get(notification_id), self._runs.get(campaign_id.int)
        if lane is None or lane[0] != campaign_id or runs is None or notification_id not in self._topics:
            return None
        positions, pairs, starts = runs
        last = _index_of(positions, lane[1])
        if last is None:
            return None
        first = starts[last]
        return Decoded(campaign_id, positions[first], pairs[first : last + 1], self.mapper)

    def _index(self) -> dict[int, tuple[list[int], list[tuple[str, Any]], list[int]]]:
        runs: dict[int, tuple[list[int], list[tuple[str, Any]], list[int]]] = {}
        lanes, topics = self._lanes, self._topics
        for event, notification_id in self._events:
            topic = topics.get(notification_id)
            if topic is None:
                continue
            campaign_id, position = lanes[notification_id]
            key = campaign_id.int
            if key not in runs:
                runs[key] = ([], [], [])
            positions, pairs, starts = runs[key]
            consecutive = bool(positions) and positions[-1] == position - 1
            starts.append(starts[-1] if consecutive else len(positions))
            positions.append(position)
            pairs.append((topic, event))
        return runs


def _index_of(positions: list[int], position: int) -> int | None:
    """Where `position` is in a campaign's positions of the page (rising: found by its offset from the first)."""
    at = position - positions[0] if positions else -1
    if 0 <= at < len(positions) and positions[at] == position:
        return at
    try:
        return positions.index(position)  # a run broken before it
    except ValueError:
        return None


def decoded_at(own: Decoded | None, page: PageDecoded | None, campaign_id: UUID, position: int) -> Decoded | None:
    """What a resolution at `position` (a notification id) may take: an inline page's events where they are its
    campaign's, else the runner's page's run that ends at it, else nothing."""
    if own is not None and own.campaign_id == campaign_id:
        return own
    return None if page is None else page.at(campaign_id, position)
