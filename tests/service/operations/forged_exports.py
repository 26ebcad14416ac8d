"""Forged exports for the import's tests: the recorded exports of tests/data/, edited line by line."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any
from uuid import UUID

Row = dict[str, Any]


def rows_of(path: Path) -> list[Row]:
    """The header, then one row per event; a row's line number is its index plus one."""
    with path.open() as lines:
        return [json.loads(line) for line in lines]


def text(rows: list[Row]) -> list[str]:
    return [json.dumps(row) + "\n" for row in rows]


def state(row: Row) -> dict[str, Any]:
    decoded: dict[str, Any] = json.loads(base64.b64decode(row["state"]))
    return decoded


def with_state(row: Row, **changes: Any) -> Row:
    return {**row, "state": encoded(json.dumps(state(row) | changes).encode())}


def encoded(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def uuid_hex(value: UUID) -> dict[str, str]:
    """A UUID as the event store's JSON writes it inside a state."""
    return {"_type_": "uuid_hex", "_data_": value.hex}


def index_of(rows: list[Row], aggregate_id: UUID | str, version: int) -> int:
    return next(i for i, r in enumerate(rows) if r.get("id") == str(aggregate_id) and r.get("v") == version)


def stream(rows: list[Row], aggregate_id: UUID | str) -> list[Row]:
    return [r for r in rows[1:] if r["id"] == str(aggregate_id)]


def first_of(rows: list[Row], kind: str) -> UUID:
    """The id of the first aggregate whose events are of this class (`Faction`, `House`, `Region`)."""
    return UUID(next(r["id"] for r in rows[1:] if r["topic"].split(":")[1].startswith(f"{kind}.")))
