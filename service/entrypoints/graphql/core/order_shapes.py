"""GraphQL types made from a form's one declaration (domain/shapes.py; a faction's orders in
domain/factionturn/aggregate/orders.py, a house's in domain/gameofbones/forms/orders.py): an input type and an output
type per dataclass, each field typed from the declared one (an id `UUID`, a closed set its enum, "" or an unset choice
null, `X | None` nullable), and the conversions both ways.

A tagged union becomes a `@oneOf` input (one field per member) and a union of the members' outputs. What only
GraphQL says is given in `Naming`, beside the names: the names it has always had, a pair it spells as an object,
and the texts (`Naming.texts`, by schema coordinate) where GraphQL words a type or field other than the
declaration's docstring or `Spec.doc`.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, get_args, get_origin
from uuid import UUID

import strawberry

from domain.shapes import Field, Spec, Tagged, form_fields, is_form, optional, scalar_spec, unwrap
from service.entrypoints.graphql.core import enums as _enums  # noqa: F401 - the domain's enums as GraphQL's

Convert = Callable[[Any], Any]


@dataclass(frozen=True)
class Pair:
    """A domain pair `(a, b)` that GraphQL spells as an object `{a, b}`."""

    name: str
    fields: tuple[str, str]
    default: int


@dataclass
class Naming:
    """GraphQL's names for the forms of one declaration: `{Name}Input` and `{Name}Order` unless named here."""

    inputs: Mapping[type, str]
    outputs: Mapping[type, str]
    pairs: Mapping[tuple[type, str], Pair]
    extra: Mapping[type, Callable[[Any], dict[str, Any]]]  # output fields computed from the value
    extra_types: Mapping[type, dict[str, Any]]
    union_description: str
    texts: Mapping[str, str] = dataclasses.field(default_factory=dict)  # `Type` or `Type.field` → its description


def on(type_name: str, **fields: str) -> dict[str, str]:
    """`Naming.texts` entries of one type: `Type.field` by the field's GraphQL name, the type itself as `_`."""
    return {type_name if name == "_" else f"{type_name}.{name}": text for name, text in fields.items()}


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p.capitalize() for p in rest)


def _doc(cls: type) -> str | None:
    return " ".join((inspect.getdoc(cls) or "").split("\n\n")[0].split()) or None


def _field_doc(f: Field) -> str | None:
    return (f.spec.doc if isinstance(f.spec, Spec) else "") or None


def _member(enum: Any, text: str) -> Any:
    return next(m for m in enum if m.value.lower() == text.lower())


class Builder:
    """Builds and caches the types of one declaration."""

    def __init__(self, naming: Naming) -> None:
        self.naming = naming
        self.inputs: dict[type, Any] = {}
        self.outputs: dict[type, Any] = {}
        self.to_domain: dict[type, Convert] = {}
        self.of_domain: dict[type, Convert] = {}

    # ---- inputs ---------------------------------------------------------------------------------------------
    def input(self, cls: type) -> Any:
        if cls not in self.inputs:
            name = self.naming.inputs.get(cls, f"{cls.__name__}Input")
            made: list[tuple[str, Any, Any, str | None]] = []
            reads: dict[str, Convert] = {}
            for f in form_fields(cls):
                if isinstance(f.spec, Spec) and not f.spec.sent:
                    continue
                hint, default, read = self._input_field(cls, f)
                made.append((f.name, hint, default, _field_doc(f)))
                reads[f.name] = read
            kind = _make(name, made, strawberry.input, _doc(cls), self.naming.texts)
            self.inputs[cls] = kind
            self.to_domain[cls] = functools.partial(_domain_of, cls, reads)
        return self.inputs[cls]

    def _input_field(self, cls: type, f: Field) -> tuple[Any, Any, Convert]:
        base, nullable = optional(f.hint)
        if isinstance(f.spec, Tagged):
            union = self.one_of(f.spec)
            return union | None, None, lambda v, u=f.spec: None if v is None else self._chosen(u, v)
        if is_form(base):
            kind = self.input(base)
            return kind | None, None, lambda v, b=base: None if v is None else self.to_domain[b](v)
        pair = self.naming.pairs.get((cls, f.name))
        if pair is not None:
            kind = _make(
                f"{pair.name}Input",
                [(pair.fields[0], UUID, dataclasses.MISSING, None), (pair.fields[1], int, pair.default, None)],
                strawberry.input,
                None,
                self.naming.texts,
            )
            return (
                _list(kind),
                _default_list(f),
                lambda v, p=pair: tuple((str(getattr(i, p.fields[0])), getattr(i, p.fields[1])) for i in v),
            )
        if get_origin(base) is tuple:
            item, item_spec = unwrap(get_args(base)[0])
            own = scalar_spec(f.spec)
            spec = own if own.enum or own.options else scalar_spec(item_spec)
            if is_form(item):
                kind = self.input(item)
                return _list(kind), _default_list(f), lambda v, i=item: tuple(self.to_domain[i](x) for x in v)
            one, _, read = self._scalar(item, spec, required=True)
            return _list(one), _default_list(f), lambda v, r=read: tuple(r(x) for x in v)
        kind, default, read = self._scalar(base, scalar_spec(f.spec), f.required, f.default, nullable)
        return kind, default, read

    def _scalar(
        self, hint: Any, spec: Spec, required: bool, default: Any = None, nullable: bool = False
    ) -> tuple[Any, Any, Convert]:
        """`nullable`: the declaration's own none is None (`X | None = None`), not ""."""
        missing = dataclasses.MISSING
        none = None if nullable else ""
        if spec.uuid:
            if required:
                return UUID, missing, str
            return UUID | None, None, lambda v: none if v is None else str(v)
        if spec.enum is not None:
            members: list[Any] = list(spec.enum)  # type: ignore[call-overload]
            options = spec.options or tuple(m.value for m in members)
            spell = {m: next(o for o in options if o.lower() == m.value.lower()) for m in members}
            if required:
                return spec.enum, missing, lambda v: spell[v]
            if default:
                return spec.enum, _member(spec.enum, default), lambda v: spell[v]
            return spec.enum | None, None, lambda v: "" if v is None else spell[v]
        return (hint | None if nullable else hint), (missing if required else default), lambda v: v

    def one_of(self, union: Tagged) -> Any:
        if Tagged not in self.inputs:
            made = [(snake(cls.__name__), self.input(cls) | None, strawberry.UNSET, None) for cls in union.names]
            name = self.naming.inputs[Tagged]
            self.inputs[Tagged] = _make(
                name, made, lambda **kw: strawberry.input(one_of=True, **kw), None, self.naming.texts
            )
        return self.inputs[Tagged]

    def _chosen(self, union: Tagged, value: Any) -> Any:
        for cls in union.names:
            chosen = getattr(value, snake(cls.__name__))
            if chosen:  # @oneOf: GraphQL lets exactly one through
                return self.to_domain[cls](chosen)
        return None

    # ---- outputs --------------------------------------------------------------------------------------------
    def output(self, cls: type, first: list[tuple[str, Any]] | None = None) -> Any:
        if cls not in self.outputs:
            name = self.naming.outputs.get(cls, f"{cls.__name__}Order")
            made: list[tuple[str, Any, Any, str | None]] = [(n, h, dataclasses.MISSING, None) for n, h in first or []]
            shows: dict[str, Convert] = {}
            for f in form_fields(cls):
                if isinstance(f.spec, Spec) and not f.spec.sent:
                    continue
                hint, show = self._output_field(cls, f)
                made.append((f.name, hint, dataclasses.MISSING, _field_doc(f)))
                shows[f.name] = show
            extra = self.naming.extra_types.get(cls, {})
            made += [(n, h, dataclasses.MISSING, None) for n, h in extra.items()]
            kind = _make(name, made, strawberry.type, _doc(cls), self.naming.texts)
            self.outputs[cls] = kind
            more = self.naming.extra.get(cls, lambda v: {})
            self.of_domain[cls] = lambda value, kind=kind, shows=shows, more=more, **given: kind(
                **given, **{k: show(getattr(value, k)) for k, show in shows.items()}, **more(value)
            )
        return self.outputs[cls]

    def _output_field(self, cls: type, f: Field) -> tuple[Any, Convert]:
        base, nullable = optional(f.hint)
        if isinstance(f.spec, Tagged):
            return self.union(f.spec) | None, lambda v: None if v is None else self.of_domain[type(v)](v)
        if is_form(base):
            kind = self.output(base)
            return kind | None, lambda v, b=base: None if v is None else self.of_domain[b](v)
        pair = self.naming.pairs.get((cls, f.name))
        if pair is not None:
            kind = _make(
                pair.name,
                [(pair.fields[0], UUID, dataclasses.MISSING, None), (pair.fields[1], int, dataclasses.MISSING, None)],
                strawberry.type,
                None,
                self.naming.texts,
            )
            return _list(kind), lambda v, p=pair, k=kind: [k(**{p.fields[0]: UUID(a), p.fields[1]: n}) for a, n in v]
        if get_origin(base) is tuple:
            item, item_spec = unwrap(get_args(base)[0])
            own = scalar_spec(f.spec)
            spec = own if own.enum or own.options else scalar_spec(item_spec)
            if is_form(item):
                kind = self.output(item)
                return _list(kind), lambda v, i=item: [self.of_domain[i](x) for x in v]
            one, show = self._shown(item, spec, required=True)
            return _list(one), lambda v, s=show: [s(x) for x in v]
        return self._shown(base, scalar_spec(f.spec), f.required, f.default, nullable)

    def _shown(
        self, hint: Any, spec: Spec, required: bool, default: Any = None, nullable: bool = False
    ) -> tuple[Any, Convert]:
        if spec.uuid:
            return (UUID, UUID) if required else (UUID | None, lambda v: UUID(v) if v else None)
        if spec.enum is not None:
            if required or default:
                return spec.enum, lambda v, e=spec.enum: _member(e, v)
            return spec.enum | None, lambda v, e=spec.enum: _member(e, v) if v else None
        return (hint | None if nullable else hint), lambda v: v

    def union(self, union: Tagged) -> Any:
        if Tagged not in self.outputs:
            members = tuple(self.output(cls) for cls in union.names)
            name = self.naming.outputs[Tagged]
            joined = members[0]
            for member in members[1:]:
                joined = joined | member
            self.outputs[Tagged] = Annotated[joined, strawberry.union(name, description=self.naming.union_description)]
        return self.outputs[Tagged]


def _domain_of(cls: type, reads: Mapping[str, Convert], value: Any) -> Any:
    return cls(**{k: read(getattr(value, k)) for k, read in reads.items()})


def _list(kind: Any) -> Any:
    """`list[kind]` for a type made at run time."""
    return list[kind]


def _default_list(f: Field) -> Any:
    return dataclasses.MISSING if f.required else strawberry.field(default_factory=list)


def _make(
    name: str,
    made: Sequence[tuple[str, Any, Any, str | None]],
    decorate: Any,
    description: str | None,
    texts: Mapping[str, str],
) -> Any:
    """A class with these annotated fields, decorated as a strawberry input or type; `texts` win over the
    declaration's own descriptions."""
    namespace: dict[str, Any] = {"__annotations__": {}, "__module__": __name__, "__qualname__": name}
    for field_name, hint, default, declared in made:
        namespace["__annotations__"][field_name] = hint
        doc = texts.get(f"{name}.{camel(field_name)}", declared)
        if doc is not None:
            namespace[field_name] = strawberry.field(description=doc, **_default_kw(default))
        elif isinstance(default, dataclasses.Field | Enum) or default is not dataclasses.MISSING:
            namespace[field_name] = default
    kind = type(name, (), namespace)
    return decorate(name=name, description=texts.get(name, description))(kind)


def _default_kw(default: Any) -> dict[str, Any]:
    if default is dataclasses.MISSING:
        return {}
    if isinstance(default, dataclasses.Field) or hasattr(default, "default_factory"):
        factory = getattr(default, "default_factory", dataclasses.MISSING)
        if factory is not dataclasses.MISSING:
            return {"default_factory": factory}
    return {"default": default}
