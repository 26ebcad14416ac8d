"""A form's fields carry `optional(hint)` worked out once (issue 31, P6): the same answer as asking it each time,
for every field of every form the orders of both rule systems are read through."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, get_args, get_origin

from domain.factionturn.aggregate.orders import FactionOrders
from domain.gameofbones.forms.orders import Order
from domain.shapes import Field, Tagged, form_fields, is_form, optional, unwrap


def forms_under(cls: type, seen: set[type]) -> Iterator[type]:
    """`cls` and every form reachable from its fields (members of tagged unions and items of tuples included)."""
    if cls in seen:
        return
    seen.add(cls)
    yield cls
    for f in form_fields(cls):
        inner: list[Any] = [f.base, *get_args(f.base)]
        if isinstance(f.spec, Tagged):
            inner += list(f.spec.names)
        for hint in inner:
            base = unwrap(hint)[0]
            if is_form(base):
                yield from forms_under(base, seen)


def test_every_field_of_every_order_form_carries_the_optional_of_its_hint() -> None:
    fields: list[Field] = []
    forms = [*forms_under(FactionOrders, set()), *forms_under(Order, set())]
    for form in forms:
        fields += form_fields(form)
    assert len(forms) > 10 and any(f.nullable for f in fields) and any(not f.nullable for f in fields)
    for f in fields:
        assert (f.base, f.nullable) == optional(f.hint), f.name


def test_every_field_carries_what_decode_asked_of_its_base_each_time() -> None:
    """Issue 31, P6: whether a field's base is a form, and a tuple's item unwrapped, as decode asked them per read."""
    fields = [f for form in [*forms_under(FactionOrders, set()), *forms_under(Order, set())] for f in form_fields(form)]
    assert any(f.form for f in fields) and any(f.item is not None for f in fields)
    for f in fields:
        assert f.form == is_form(f.base), f.name
        assert f.item == (unwrap(get_args(f.base)[0]) if get_origin(f.base) is tuple else None), f.name
