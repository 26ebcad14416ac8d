"""A form's fields carry `optional(hint)` worked out once (issue 31, P6): the same answer as asking it each time,
for every field of every form the orders of both rule systems are read through."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, get_args, get_origin

import pytest

from domain.factionturn.aggregate.orders import FactionOrders
from domain.gameofbones.forms.orders import Order
from domain.shapes import Field, Spec, Tagged, form_fields, is_form, optional, scalar_spec, unwrap


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


def test_a_field_declares_the_tagged_union_it_carries_and_a_scalar_reading_refuses_one() -> None:
    """`Field.spec` holds a union's Tagged where a field is one (the declaration says so, and mypy checks every
    reader); `scalar_spec`, which the GraphQL and REST schemas read a scalar's or a list's Spec through, refuses it
    rather than read a union as a scalar."""
    tagged = [f for cls in forms_under(FactionOrders, set()) for f in form_fields(cls) if isinstance(f.spec, Tagged)]
    assert tagged, "FactionOrders' action is a tagged union of forms"
    with pytest.raises(TypeError, match="union of forms"):
        scalar_spec(tagged[0].spec)
    plain = Spec(uuid=True)
    assert scalar_spec(plain) is plain
