"""The REST contract, `openapi/openapi.yaml`: served as is, and the schema every request body must match."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from domain.errors import InvalidInputError

CONTRACT_PATH = Path(__file__).resolve().parents[2] / "openapi" / "openapi.yaml"
_URI = "urn:intrigue:openapi"


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
    error = best_match(_validator(schema_name).iter_errors(value))
    if error is None:
        return
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path).lstrip(".")
    raise InvalidInputError(f"{where or 'the body'}: {_message(error)}")


def _message(error: Any) -> str:
    if error.validator == "additionalProperties":
        return f"unknown field(s) {sorted(set(error.instance) - set(error.schema.get('properties', {})))}"
    return str(error.message)
