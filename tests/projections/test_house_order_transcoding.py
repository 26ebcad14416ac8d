"""Issue 30, item 1, for the Game of Bones: a house's `ActionOrdered` carries the typed `PendingAction`, and the store
writes it as the dict its events always held (projections/codec.py FormAsJSON), so old and new events read alike;
a snapshot of the house keeps its pending actions typed."""

from __future__ import annotations

import json

from eventsourcing.domain import Snapshot
from eventsourcing.persistence import DatetimeAsISO, Mapper, UUIDAsHex

from domain.gameofbones.aggregate.house import House
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName
from domain.gameofbones.tables.records import PendingAction
from projections.codec import FastJSONTranscoder, register_domain_transcodings
from tests.domain.gameofbones.bones_world import World, house


def mapper() -> Mapper:  # type: ignore[type-arg]
    transcoder = FastJSONTranscoder()
    for transcoding in (UUIDAsHex(), DatetimeAsISO()):
        transcoder.register(transcoding)
    register_domain_transcodings(transcoder)
    return Mapper(transcoder=transcoder)


def ordered() -> tuple[House, PendingAction, list[object]]:
    baenre = house("Baenre", influence=30_000, power=6_000)
    world = World().add(baenre)
    pending = world.order(baenre, Order(ActionName.DIVINE_PETITION, "Baenre Matron", narrative="Lolth hears."))
    return baenre, pending, baenre.collect_events()  # type: ignore[return-value]


def test_the_typed_pending_action_is_stored_as_its_dict_without_a_type_tag() -> None:
    _, pending, events = ordered()
    event = next(e for e in events if type(e).__name__ == "ActionOrdered")
    assert isinstance(event.pending, PendingAction)  # type: ignore[attr-defined]
    stored = json.loads(mapper().to_stored_event(event).state)  # type: ignore[arg-type]
    assert stored["pending"] == json.loads(json.dumps(pending.to_dict()))
    assert "_type_" not in json.dumps(stored["pending"])


def test_the_stored_events_read_back_as_the_house_that_ordered() -> None:
    baenre, pending, events = ordered()
    codec = mapper()
    again = None
    for stored in [codec.to_stored_event(e) for e in events]:  # type: ignore[arg-type]
        again = codec.to_domain_event(stored).mutate(again)  # type: ignore[attr-defined]
    assert isinstance(again, House) and again.pending == baenre.pending == {pending.id: pending}


def test_an_event_stored_before_it_was_typed_still_applies() -> None:
    baenre, pending, _ = ordered()
    old = {**pending.to_dict(), "id": "an-old-id"}
    baenre._action_ordered(old)
    assert baenre.pending["an-old-id"] == PendingAction.from_dict(old)


def test_a_snapshot_keeps_the_pending_actions_typed() -> None:
    baenre, pending, _ = ordered()
    codec = mapper()
    stored = codec.to_stored_event(Snapshot.take(baenre))  # type: ignore[arg-type]
    assert '"_type_"' in stored.state.decode()
    restored = codec.to_domain_event(stored).mutate(None)  # type: ignore[attr-defined]
    assert restored.pending == {pending.id: pending} and isinstance(restored.pending[pending.id], PendingAction)
