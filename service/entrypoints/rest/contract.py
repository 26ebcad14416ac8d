"""The REST contract, `openapi/openapi.yaml`: served as is, and the schema every request body must match."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from domain.errors import InvalidInputError

# Package data of the top-level `openapi` package (pyproject's package-data): in a checkout and in an installed wheel.
CONTRACT_PATH: Traversable = files("openapi") / "openapi.yaml"
_URI = "urn:intrigue:openapi"
NOT_BLANK = r"\S"  # the contract's pattern for a name, reason or purpose: one character that is not white space


@cache
def contract_text() -> str:
    return CONTRACT_PATH.read_text(encoding="utf-8")


@cache
def contract() -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load(contract_text())
    return document


@cache
def _validator(schema_name: str) -> Draft202012Validator:
    registry: Registry[Any] = Registry().with_resource(_URI, Resource.from_contents(contract(), DRAFT202012))
    return Draft202012Validator(
        {"$ref": f"{_URI}#/components/schemas/{schema_name}"},
        registry=registry,
        format_checker=Draft202012Validator.FORMAT_CHECKER,  # so `format: uuid` is enforced, not just noted
    )


def check_against(schema_name: str, value: Any) -> None:
    """Raise InvalidInputError naming the first place where `value` breaks the contract's schema."""
    errors = list(_validator(schema_name).iter_errors(value))
    for error in errors:
        member = _member(error)
        if member is not None:
            raise InvalidInputError(_member_message(member))
    # A broken field says more than "no branch of oneOf matched", which a broken field also causes.
    error = best_match([e for e in errors if e.validator != "oneOf"] or errors)
    if error is None:
        return
    outer = error
    while outer.parent is not None:
        outer = outer.parent
    if outer.validator == "oneOf" and "description" in outer.schema:  # the rule its branches state together
        error = outer
    raise InvalidInputError(f"{_where(error)}: {_message(error)}")


def _where(error: Any) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path).lstrip(".") or "the body"


def _member(error: Any) -> Any:
    """Where a `discriminator` names the member of a union a value claims to be, the first error of that member
    alone (the other members' errors say only that it is not them); an unknown name is the error itself."""
    schema = error.schema if isinstance(error.schema, dict) else {}
    found = schema.get("discriminator")
    if found and isinstance(error.instance, dict) and found["propertyName"] in error.instance:
        target = found["mapping"].get(error.instance[found["propertyName"]])
        if target is None:
            return error
        index = next(i for i, branch in enumerate(error.validator_value) if branch.get("$ref") == target)
        inside = [e for e in error.context if e.relative_schema_path[0] == index]
        return best_match(inside) if inside else None
    return next((m for m in map(_member, error.context or ()) if m is not None), None)


def _member_message(error: Any) -> str:
    """The refusal, named as the enum of a flat form would name it."""
    found = error.schema.get("discriminator") if isinstance(error.schema, dict) else None
    if found:
        tag = found["propertyName"]
        name, known = error.instance[tag], sorted(found["mapping"])
        return f"{_where(error)}.{tag}: {name!r} is not one of {known} (unknown {tag.replace('_', ' ')})"
    if error.validator == "additionalProperties":
        unknown = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        fields = sorted(error.schema.get("properties", {}))
        return f"{_where(error)}: {unknown[0]!r} is not a field here; the fields are {fields}"
    return f"{_where(error)}: {_message(error)}"


def _message(error: Any) -> str:
    if error.validator == "additionalProperties":
        return f"unknown field(s) {sorted(set(error.instance) - set(error.schema.get('properties', {})))}"
    if error.validator == "oneOf":  # the rule its branches state together, or no branch matched
        return str(error.schema.get("description") or "matches none of the forms the contract allows")
    if error.validator == "pattern" and error.validator_value == NOT_BLANK:
        return f"needs a {_field(error)} that is not blank"
    if error.validator == "pattern" and "description" in error.schema:
        return f"{error.instance!r} is not {error.schema['description']}"
    if error.validator == "enum" and "propertyNames" in error.schema_path:  # a key its form does not hold
        return f"{error.instance!r} is not a field here; the fields are {sorted(error.validator_value)}"
    if error.validator == "enum":
        return f"{error.message} (unknown {_field(error)})"
    return str(error.message)


def _field(error: Any) -> str:
    """The name of what was refused: `rule_systems[0]` is a rule system."""
    names = [p for p in error.absolute_path if isinstance(p, str)]
    name = names[-1] if names else "value"
    if error.absolute_path and isinstance(error.absolute_path[-1], int):
        name = name.removesuffix("s")
    return name.replace("_", " ")


def contract_fields(schema_name: str, declared: Iterable[str], but: Iterable[str] = ()) -> tuple[str, ...]:
    """The `declared` fields (in their order) that the contract's `schema_name` answers, but those shaped apart."""
    answered = contract()["components"]["schemas"][schema_name]["properties"]
    return tuple(k for k in declared if k in answered and k not in set(but))
