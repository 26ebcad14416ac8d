"""Issue 30, item 1: a faction's `OrderSubmitted` carries the typed orders, and the store writes them in the JSON
form its events always held (projections/codec.py FormAsJSON), so old and new events read alike."""

from __future__ import annotations

import json
from uuid import uuid4

from eventsourcing.persistence import DatetimeAsISO, Mapper, UUIDAsHex

from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import (
    BuyAsset,
    Defence,
    FactionOrders,
    GoalChoice,
    RepairAsset,
    orders_to_dict,
)
from domain.factionturn.forms.order_form import stored_orders
from projections.codec import FastJSONTranscoder, register_domain_transcodings
from tests.domain.factionturn.factionturn_scenario import faction, region

ORDERS = FactionOrders(
    action=BuyAsset("informers", str(uuid4())),
    goal=GoalChoice("legendary_wealth"),
    raise_ratings=("cunning",),
    defences=(Defence(str(uuid4()), base_absorbs=True),),
    narrative="The Crows buy ears.",
)


def mapper() -> Mapper:  # type: ignore[type-arg]
    transcoder = FastJSONTranscoder()
    for transcoding in (UUIDAsHex(), DatetimeAsISO()):
        transcoder.register(transcoding)
    register_domain_transcodings(transcoder)
    return Mapper(transcoder=transcoder)


def submitted(crows: Faction, order: object) -> object:
    crows.submit_order(2, order)  # type: ignore[arg-type]
    return crows.collect_events()[-1]


def test_typed_orders_are_stored_as_their_json_form_without_a_type_tag() -> None:
    crows = faction("Crows", 3, 4, 1, region("Home"))
    crows.collect_events()
    stored = mapper().to_stored_event(submitted(crows, ORDERS))  # type: ignore[arg-type]
    order = json.loads(stored.state)["order"]
    assert order == json.loads(json.dumps(orders_to_dict(ORDERS))) and "_type_" not in json.dumps(order)
    assert crows.order == {**orders_to_dict(ORDERS), "phase": 2}


def test_the_stored_event_reads_back_as_the_orders_that_were_typed() -> None:
    crows = faction("Crows", 3, 4, 1, region("Home"))
    events = crows.collect_events()
    codec = mapper()
    order = FactionOrders(action=RepairAsset((("a1", 2),), faction=True))
    stored = [codec.to_stored_event(e) for e in (*events, submitted(crows, order))]  # type: ignore[arg-type]
    again = None
    for event in (codec.to_domain_event(s) for s in stored):
        again = event.mutate(again)  # type: ignore[attr-defined]
    assert isinstance(again, Faction) and stored_orders(again.order) == order


def test_an_event_stored_before_orders_were_typed_still_applies() -> None:
    """The old callers stored the JSON form with the phase inside, and older still free-form `extras`."""
    crows = faction("Crows", 3, 4, 1, region("Home"))
    old = {"action": {"action": "Sell Asset", "asset_id": "a"}, "extras": {"book_of_secrets": "own"}, "phase": 2}
    crows.submit_order(2, old)
    assert crows.order == {**old, "phase": 2}
    assert stored_orders(crows.order).book_of_secrets == "own"
