"""A form declared once, by its frozen dataclass: the fields' types and defaults, and a `Spec` on the fields that
need more (an id, a limit, a range, a closed set, a text). Read strictly from JSON here (`decode`), and described
from the same declaration by the transports (the REST contract's components, the GraphQL inputs and outputs).

A field without a default is required; `X | None = None` may be null. A union of dataclasses is told apart by a tag
field (`Tagged`), as a faction's one action is by its `action` name; a field typed as an enum (a house order's
`ActionName`) reads its values.

An id (`Spec(uuid=True)`) is read in any spelling `uuid.UUID` reads and kept canonical (domain/ids.py
`canonical_spelling`), from JSON and from a form built in code alike, so the rules, which match ids as text, see one
spelling whatever the transport. Text that is no UUID is left for the rules to refuse as naming no member, or for the
form's own check (a house order's `check="id"`) to refuse at once.
"""

from __future__ import annotations

import dataclasses
import functools
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Union, get_args, get_origin, get_type_hints

from domain.errors import InvalidInputError
from domain.forms import MAX_ID, MAX_ITEMS, choice, fields, flag, integer, items, kind_of, text, texts
from domain.ids import canonical_spelling


@dataclass(frozen=True)
class Spec:
    """What a field's type does not say. `check` names a rule's own test of a read value (`Checks`), `schema` a
    contract component the value follows (a shape declared elsewhere)."""

    doc: str = ""
    uuid: bool = False
    limit: int = MAX_ID
    low: int = 0
    high: int = 1_000_000
    options: tuple[str, ...] = ()
    check: str = ""
    schema: str = ""
    most: int = MAX_ITEMS  # a list's length, as the contract states it (any list reads at most MAX_ITEMS)
    enum: type | None = None  # the closed set `options` spell (case aside), as typed transports name it
    sent: bool = True  # False: the typed transports neither take nor show it (the GM's hand fills it in)


@dataclass(frozen=True)
class Tagged:
    """A union of forms told apart by one field, `tag`: each member's name there, and the name of none."""

    tag: str
    names: Mapping[type, str]
    none: str = ""


Id = Annotated[str, Spec(uuid=True)]  # a UUID as text; "" where there is none
Key = Annotated[str, Spec()]  # a table key or short name, at most MAX_ID characters

# A rule's own test of a value the form has read: (value, where) -> value, raising InvalidInputError.
Check = Callable[[Any, str], Any]


@dataclass(frozen=True)
class Field:
    """One field of a form, as declared."""

    name: str
    hint: Any
    spec: Spec | Tagged  # a union of forms carries its Tagged where a field carries its Spec
    default: Any
    required: bool
    # `optional(hint)`, worked out once with the declaration: every order read asked it of every field (issue 31, P6)
    base: Any = None
    nullable: bool = False
    # What `decode` asks of `base`, worked out once too: a form of its own, and a tuple's item unwrapped (issue 31, P6)
    form: bool = False
    item: tuple[Any, Any] | None = None


@functools.cache
def form_fields(cls: type) -> tuple[Field, ...]:
    hints = get_type_hints(cls, include_extras=True)
    return tuple(_field(f, hints[f.name]) for f in dataclasses.fields(cls) if f.init)


def _field(f: dataclasses.Field[Any], hint: Any) -> Field:
    hint, spec = unwrap(hint)
    base, nullable = optional(hint)
    known = {"base": base, "nullable": nullable, "form": is_form(base), "item": _item(base)}
    if f.default is not dataclasses.MISSING:
        return Field(f.name, hint, spec, f.default, False, **known)
    if f.default_factory is not dataclasses.MISSING:
        return Field(f.name, hint, spec, f.default_factory(), False, **known)
    return Field(f.name, hint, spec, None, True, **known)


def _item(base: Any) -> tuple[Any, Any] | None:
    """A tuple's item hint unwrapped (its type and Spec), or None for any other hint."""
    return unwrap(get_args(base)[0]) if get_origin(base) is tuple else None


def unwrap(hint: Any) -> tuple[Any, Spec | Tagged]:
    """A hint without its `Annotated` layer, and the Spec or Tagged it carried (a plain Spec when none)."""
    if get_origin(hint) is Annotated:
        base, *extras = get_args(hint)
        return base, next((e for e in extras if isinstance(e, Spec | Tagged)), Spec())
    return hint, Spec()


def scalar_spec(spec: Spec | Tagged) -> Spec:
    """The Spec of a field or item that is no union of forms: a Tagged is only ever a union's (`decode_tagged`), so
    one here is a declaration this module cannot read."""
    if isinstance(spec, Tagged):
        raise TypeError(f"a union of forms (tagged by {spec.tag!r}) where a scalar or a list is declared")
    return spec


def optional(hint: Any) -> tuple[Any, bool]:
    """`X | None` as (X, True); anything else as (it, False)."""
    if get_origin(hint) in (Union, types.UnionType):
        members = [a for a in get_args(hint) if a is not type(None)]
        if len(members) < len(get_args(hint)):
            return (members[0] if len(members) == 1 else functools.reduce(lambda a, b: a | b, members)), True
    return hint, False


def is_form(hint: Any) -> bool:
    return isinstance(hint, type) and dataclasses.is_dataclass(hint)


def is_enum(hint: Any) -> bool:
    return isinstance(hint, type) and issubclass(hint, Enum)


def decode(cls: type, data: object, where: str, checks: Mapping[str, Check]) -> Any:
    """One form read whole from its JSON: an unknown key, a missing one or a wrong type is refused, naming the field."""
    if isinstance(data, cls):
        return canonical_form(data, where)
    declared = form_fields(cls)
    form = fields(data, where, [f.name for f in declared], [f.name for f in declared if f.required])
    return cls(**{f.name: _value(f, form, where, checks) for f in declared})


def _value(f: Field, form: Mapping[str, Any], where: str, checks: Mapping[str, Check]) -> Any:
    spec, path, base, nullable = f.spec, f"{where}.{f.name}", f.base, f.nullable
    if isinstance(spec, Tagged):
        return decode_tagged(spec, form.get(f.name), path, checks)
    if f.form:
        value = form.get(f.name)
        return None if nullable and (value is None or value == {}) else decode(base, value, path, checks)
    if f.item is not None:
        return _items(f.item, spec, form, f.name, where, checks)
    if nullable and form.get(f.name) is None:  # `X | None = None`: null or absent is none
        return None
    value = _scalar(base, spec, form, f.name, where, f.default)
    if spec.uuid and value:  # "" or None: no id
        value = canonical_spelling(value)
    return checks[spec.check](value, path) if spec.check else value


def canonical_form(value: Any, where: str) -> Any:
    """A form built in code (a use case's caller, GraphQL's inputs) with its ids canonical, as `decode` reads a
    JSON form's; the same object when they already are."""
    changed = {}
    kind: type = type(value)
    for f in form_fields(kind):
        current = getattr(value, f.name)
        found = _canonical_field(f, current, f"{where}.{f.name}")
        if found is not current:
            changed[f.name] = found
    return dataclasses.replace(value, **changed) if changed else value


def _canonical_field(f: Field, current: Any, path: str) -> Any:
    if current is None or current == "" or current == ():
        return current
    if isinstance(f.spec, Tagged) or f.form:
        return canonical_form(current, path)
    if f.item is not None:
        item, item_spec = f.item
        if is_form(item):
            made = tuple(canonical_form(v, f"{path}[{i}]") for i, v in enumerate(current))
        elif item_spec.uuid:
            made = tuple(canonical_spelling(v) for v in current)
        else:
            return current
        return current if all(a is b for a, b in zip(made, current, strict=True)) else made
    return canonical_spelling(current) if f.spec.uuid else current


def _scalar(hint: Any, spec: Spec, form: Mapping[str, Any], key: str, where: str, default: Any) -> Any:
    if is_enum(hint):  # a closed set typed as its enum: its values, or a rule's own check in its own words
        if spec.check:
            return text(form, key, where, default or "")
        return hint(choice(form, key, where, [m.value for m in hint], default or ""))
    if hint is bool:
        return flag(form, key, where, bool(default))
    if hint is int:
        return integer(form, key, where, default or 0, spec.low, spec.high)
    if hint is str and spec.options and not spec.check:  # a rule's own check refuses in its own words
        return choice(form, key, where, spec.options, default or "")
    if hint is str:
        return text(form, key, where, default or "", limit=spec.limit)
    value = form.get(key) or {}  # an open object a rule reads by its own keys (`Spec.check`)
    if not isinstance(value, dict):
        raise InvalidInputError(f"{where}.{key} must be an object, not {kind_of(value)}")
    return dict(value)


def _items(
    unwrapped: tuple[Any, Any], spec: Spec, form: Mapping[str, Any], key: str, where: str, checks: Mapping[str, Check]
) -> Any:
    item, item_spec = unwrapped
    if item is str and not spec.check:
        found = texts(form, key, where)
        if item_spec.uuid:
            found = tuple(canonical_spelling(v) for v in found)
        if not item_spec.check:
            return found
        return tuple(checks[item_spec.check](value, f"{where}.{key}[{i}]") for i, value in enumerate(found))
    check = checks[spec.check] if spec.check else functools.partial(_decode_item, item, checks)
    return tuple(check(value, f"{where}.{key}[{i}]") for i, value in enumerate(items(form, key, where)))


def _decode_item(item: type, checks: Mapping[str, Check], value: object, where: str) -> Any:
    return decode(item, value, where, checks)


def decode_tagged(union: Tagged, data: object, where: str, checks: Mapping[str, Check]) -> Any:
    """One member of a tagged union from its flat form (`{"action": "Buy Asset", ...}`); null, `{}` or the name
    of none is none."""
    if data is None or data == {}:
        return None
    if not isinstance(data, Mapping) or union.tag not in data:
        fields(data, where, (union.tag,), (union.tag,))
    form: Mapping[str, Any] = data  # type: ignore[assignment]
    name = text(form, union.tag, where)
    if union.none and name == union.none:
        fields(form, where, (union.tag,))
        return None
    kind = next((k for k, known in union.names.items() if known == name), None)
    if kind is None:
        known = sorted(union.names.values())
        raise InvalidInputError(f"{where}.{union.tag}: unknown {union.tag} {name!r}; choose from {known}")
    declared = form_fields(kind)
    fields(form, where, {union.tag, *(f.name for f in declared)}, [f.name for f in declared if f.required])
    return decode(kind, {k: v for k, v in form.items() if k != union.tag}, where, checks)
