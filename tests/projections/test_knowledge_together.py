"""Issue 31, P4 (session 18): a page's knowledge rows as one JSON array (`knowledge._together`, written by
`jsonb_to_recordset` on plain PostgreSQL) hold each entry as the row-per-statement write encoded it (`jsonsafe.dumps`):
text jsonb cannot hold escaped alike, and nesting beyond orjson's limit encoded by the standard library, whether the
page's other entries are plain or not."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import orjson

from projections import jsonsafe
from projections.knowledge import _together


def deep(levels: int) -> Any:
    value: Any = "bottom"
    for _ in range(levels):
        value = [value]
    return value


def row(entry: Any, version: int) -> dict[str, Any]:
    ids = {"campaign_id": UUID(int=1), "house_id": UUID(int=2), "source_id": UUID(int=3)}
    return ids | {"version": version, "phase": 1, "week": 2, "entry": entry}


def test_each_entry_is_encoded_as_its_own_row_was() -> None:
    entries = [
        {"text": "plain", "n": 3},
        {"text": "a \x00 in it", "\ufffffrom": "the marker"},
        {"lies": "\ud800 alone"},
        {"deep": deep(300)},
    ]
    for page in ([entries[0]], entries[:2], entries, entries[1:], [entries[0], entries[3]]):
        rows = [row(entry, version) for version, entry in enumerate(page)]
        written = orjson.loads(_together(rows).obj)
        assert [r["entry"] for r in written] == [orjson.loads(jsonsafe.dumps(e)) for e in page]
        assert [(r["house_id"], r["version"]) for r in written] == [(str(UUID(int=2)), v) for v in range(len(page))]
