"""Issue 31, P6 (session 22): a command's events are encoded once, and that one encoding is what the storable check
reads, what the insert writes and what the inline fold revives: the rows are the library mapper's bytes, the fold's
events are what decoding those bytes gives, and the check refuses what it refused, with the same error (its refusals
through this path: tests/entrypoints/graphql/test_poisoned_inputs.py)."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator
from enum import Enum
from typing import Any

import psycopg
import pytest
from eventsourcing.persistence import StoredEvent

import service.persistence.recorder
import service.persistence.storable
from bench.played import Size, build, play_phase
from domain.dice import Modifier, Roll
from domain.errors import InvalidInputError
from domain.factionturn.face import FactionOrders
from projections.codec import DataclassAsDict, WrittenJSON
from projections.inline import InlineStateView
from service.bootstrap import Intrigue
from service.persistence.database import Database
from service.persistence.event_encoding import EventEncoder
from service.persistence.written_store import WrittenEventStore
from tests.entrypoints.graphql.test_poisoned_inputs import Scratch, deep
from tests.support.log_head import event_rows


def same(a: Any, b: Any) -> bool:
    """Equal, type for type, all the way down (a tuple is not a list, 1 is not 1.0)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if dataclasses.is_dataclass(a) and not isinstance(a, Enum):
        return all(same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    return bool(a == b) or (isinstance(a, float) and math.isnan(a) and math.isnan(b))


BIG = {"Campaign.FactionsGenerated", "Campaign.PhaseResolved", "PhaseChronicle.Narrated"}


@pytest.fixture
def spied(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list[Any]]]:
    seen: dict[str, list[Any]] = {"put": [], "states": [], "folded": [], "walked": []}
    put, states, project = WrittenEventStore.put, service.persistence.recorder._fold_states, InlineStateView._project
    check = service.persistence.storable.check_event

    def spy_put(store: Any, domain_events: Any, **kwargs: Any) -> Any:
        seen["put"].append((list(domain_events), kwargs.get("encoded")))
        return put(store, domain_events, **kwargs)

    def spy_states(*args: Any) -> Any:
        seen["states"].append(states(*args))
        return seen["states"][-1]

    def spy_project(view: Any, events: Any, *args: Any, **kwargs: Any) -> Any:
        seen["folded"].extend(e for e, _ in events)
        return project(view, events, *args, **kwargs)

    def spy_check(name: str, attributes: Any) -> None:
        seen["walked"].append(name)
        check(name, attributes)

    monkeypatch.setattr(WrittenEventStore, "put", spy_put)
    monkeypatch.setattr(service.persistence.recorder, "_fold_states", spy_states)
    monkeypatch.setattr(InlineStateView, "_project", spy_project)
    monkeypatch.setattr(service.persistence.storable, "check_event", spy_check)
    yield seen


def test_a_played_phase_writes_checks_and_folds_one_encoding_of_each_event(
    intrigue: Intrigue, db: Database, spied: dict[str, list[Any]]
) -> None:
    assert intrigue.store.recorder.inline is not None  # type: ignore[attr-defined]
    played = build(intrigue, db, Size(factions=4, assets=5, houses=3, phases=1), seed="encoded once")
    play_phase(played)
    mapper = intrigue.store.mapper
    with psycopg.connect(db.conninfo) as conn:
        rows = {
            (r[0], r[1]): (r[2], bytes(r[3]))
            for r in conn.execute("SELECT originator_id, originator_version, topic, state FROM intrigue_events")
        }
    saved = [(e, encoded[id(e)]) for events, encoded in spied["put"] if encoded is not None for e in events]
    assert len(saved) > 150 and {type(e).__qualname__ for e, _ in saved} >= {"Faction.TurnEnded", "House.GoldChanged"}
    for domain_event, written in saved:  # the row is the library's mapper's encoding, made once
        assert written.event is domain_event
        assert written.stored == mapper.to_stored_event(domain_event)
        assert rows[(written.stored.originator_id, written.stored.originator_version)] == (
            written.stored.topic,
            written.stored.state,
        )
    # The walk ran only where the JSON does not show it would pass: orders (typed forms) and big summaries.
    assert 0 < len(spied["walked"]) < len(saved) / 10
    assert set(spied["walked"]) <= {"Faction.OrderSubmitted", "House.ActionOrdered", *BIG}, spied["walked"]
    # The fold revived each tree once, and its events are what decoding the stored bytes gives.
    states = [s for batch in spied["states"] for s in batch if type(s) is WrittenJSON]
    assert len(states) == len(saved) and all(s.tree is None for s in states)
    assert len(spied["folded"]) >= len(saved)
    for folded in spied["folded"]:
        topic, state = rows[(folded.originator_id, folded.originator_version)]
        decoded = mapper.to_domain_event(StoredEvent(folded.originator_id, folded.originator_version, topic, state))
        assert type(folded) is type(decoded) and same(vars(folded), vars(decoded)), topic


def test_a_tree_is_revived_once_and_a_second_decode_parses(intrigue: Intrigue) -> None:
    encoder = intrigue.store.mapper.transcoder
    assert isinstance(encoder, EventEncoder)
    roll = Roll("2d6", (3, 4), (Modifier("rank", 1),), 8, "attack")
    data, tree, strict = encoder.written({"roll": roll, "hits": [1, 2], "note": "é"})
    assert strict and tree is not None
    written = WrittenJSON.of(data, tree)
    first, second = encoder.decode(written), encoder.decode(written)
    assert same(first, encoder.decode(data)) and same(second, first)
    assert second["hits"] is not first["hits"] and second["roll"] is not first["roll"]


@dataclasses.dataclass(frozen=True)
class Derived:
    base: int
    label: Any = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", "x" * self.base if self.base < 10 else self.base)


@pytest.mark.parametrize(
    ("state", "strict"),
    [
        ({"a": 1, "b": "text", "c": [0.5, None, True]}, True),
        ({"a": 2**53 - 1, "b": -(2**53 - 1)}, True),
        ({"a": 2**53}, False),  # the walk decides: within 64 bits
        ({"a": 2**63}, False),  # orjson writes it; the walk refuses it
        ({"a": math.nan}, False),
        ({"a": 1e-05}, False),
        ({"d": Derived(2**40)}, True),  # a derived integer within 64 bits
        ({"d": Derived(3)}, False),  # derived text, which the JSON does not show
        ({"d": Derived(2**64)}, False),
        ({"orders": FactionOrders()}, False),  # a typed form writes its own JSON
    ],
)
def test_written_json_is_strict_only_where_it_shows_every_value_the_check_walks(
    intrigue: Intrigue, state: dict[str, Any], strict: bool
) -> None:
    encoder = EventEncoder()
    intrigue.store.register_transcodings(encoder)
    encoder.register(DataclassAsDict(Derived))
    data, tree, shown = encoder.written(state)
    assert data == encoder.encode(state)
    assert shown is strict
    assert tree is not None or not strict


def test_what_the_check_allows_is_stored_and_read_back(intrigue: Intrigue) -> None:
    scratch = Scratch()
    value = {"deep": deep(62), "big": 2**62, "many": [0] * 100_000, "text": "\\u0000 written out"}
    scratch.note(value)
    intrigue.store.commit(scratch)
    assert intrigue.store.load(scratch.id, Scratch).value == value


def test_an_event_that_cannot_be_encoded_still_yields_to_a_later_refusal(intrigue: Intrigue) -> None:
    first, second = Scratch(), Scratch()
    first.note({"opaque": object()})  # no transcoding: the save would fail on it
    second.note({"name": "nul\x00"})
    before = event_rows(intrigue.db)
    with pytest.raises(InvalidInputError, match=r"Scratch\.Noted\.value\.name may not contain NUL"):
        intrigue.store.commit(first, second)
    assert event_rows(intrigue.db) == before
