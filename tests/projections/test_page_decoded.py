"""Issue 31, P4: a runner's page hands a resolution's reports the page's decoded events of its campaign
(projections/page_decoded.py `PageDecoded`): the run of consecutive campaign positions that ends at the resolution,
whatever other campaigns' events the page interleaves, and nothing past a position the page left out (an event
spared by a snapshot, one that could not be decoded)."""

from __future__ import annotations

from uuid import UUID, uuid4

from projections.page_decoded import PageDecoded

A, B = uuid4(), uuid4()
MAPPER = object()


def _page(lanes: list[tuple[UUID, int]], untopical: frozenset[int] = frozenset()) -> PageDecoded:
    """A page of events (each its notification id's text) at `lanes`, by notification id 1, 2...; those in
    `untopical` without a topic (undecodable)."""
    events = [(f"event {n}", n) for n in range(1, len(lanes) + 1)]
    by_id = dict(zip(range(1, len(lanes) + 1), lanes, strict=True))
    topics = {n: f"topic {n}" for n in by_id if n not in untopical}
    return PageDecoded(events, by_id, topics, MAPPER)


def test_a_campaigns_run_is_its_events_of_the_page_up_to_the_resolution_among_another_campaigns() -> None:
    page = _page([(A, 5), (B, 1), (A, 6), (A, 7), (B, 2), (A, 8)])
    decoded = page.at(A, 4)  # A's position 7
    assert decoded is not None
    assert (decoded.campaign_id, decoded.first, decoded.end) == (A, 5, 8)
    assert list(decoded.events) == [("topic 1", "event 1"), ("topic 3", "event 3"), ("topic 4", "event 4")]
    assert decoded.mapper is MAPPER
    other = page.at(B, 5)
    assert other is not None
    assert (other.first, list(other.events)) == (1, [("topic 2", "event 2"), ("topic 5", "event 5")])


def test_a_run_starts_after_a_gap_or_an_event_without_its_topic() -> None:
    gap = _page([(A, 5), (A, 6), (A, 9), (A, 10)])  # 7 and 8 spared
    decoded = gap.at(A, 4)
    assert decoded is not None
    assert (decoded.first, list(decoded.events)) == (9, [("topic 3", "event 3"), ("topic 4", "event 4")])
    undecodable = _page([(A, 5), (A, 6), (A, 7), (A, 8)], frozenset({2}))
    decoded = undecodable.at(A, 4)
    assert decoded is not None
    assert (decoded.first, list(decoded.events)) == (7, [("topic 3", "event 3"), ("topic 4", "event 4")])


def test_no_run_for_an_event_the_page_does_not_hold() -> None:
    page = _page([(A, 5), (A, 6), (B, 5)], frozenset({2}))
    assert page.at(A, 2) is None  # without its topic
    assert page.at(A, 4) is None  # not in the page
    assert page.at(B, 1) is None  # another campaign's event at the same position
