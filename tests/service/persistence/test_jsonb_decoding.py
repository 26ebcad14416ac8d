"""jsonb is decoded with orjson on every connection the service reads with (issue 16, item 4)."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
import psycopg
import pytest

from projections import jsonsafe
from service.bootstrap import Intrigue
from service.persistence.readpool import ReadPool

VALUE = {"name": "Ünïcødé ✓", "n": [1, 2.5, None, True], "nested": {"deep": "🎲"}}
SELECT = "SELECT %s::jsonb AS value"


class Spy:
    """orjson, counting what it decodes."""

    def __init__(self) -> None:
        self.decoded = 0

    def loads(self, data: Any) -> Any:
        self.decoded += 1
        return orjson.loads(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(orjson, name)


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Spy:
    watching = Spy()
    monkeypatch.setattr(jsonsafe, "orjson", watching)
    return watching


def test_the_event_stores_connections_decode_jsonb_with_orjson(intrigue: Intrigue, spy: Spy) -> None:
    datastore = intrigue.store.recorder.datastore  # type: ignore[attr-defined]
    for binary in (False, True):
        with datastore.get_connection() as conn, conn.cursor(binary=binary) as cursor:
            row = cursor.execute(SELECT, (orjson.dumps(VALUE).decode(),)).fetchone()
        assert row["value"] == VALUE
    assert spy.decoded == 2


def test_the_read_pool_and_plain_connections_decode_jsonb_with_orjson(intrigue: Intrigue, spy: Spy) -> None:
    async def read() -> list[dict[str, Any]]:
        pool = ReadPool(intrigue.db.conninfo, min_size=1, max_size=1)
        await pool.open()
        try:
            return await pool.rows(SELECT, (orjson.dumps(VALUE).decode(),))
        finally:
            await pool.close()

    assert asyncio.run(read()) == [{"value": VALUE}]
    with psycopg.connect(intrigue.db.conninfo) as conn:
        assert conn.execute(SELECT, (orjson.dumps(VALUE).decode(),)).fetchone() == (VALUE,)
    assert spy.decoded == 2


def test_escaped_text_comes_back_as_it_was(intrigue: Intrigue) -> None:
    unsafe = {"nul": "a\x00b", "\ufffflike a mark": "\ud800"}
    with psycopg.connect(intrigue.db.conninfo) as conn:
        row = conn.execute("SELECT %s::jsonb", (jsonsafe.dumps(unsafe).decode(),)).fetchone()
    assert row == (unsafe,)
