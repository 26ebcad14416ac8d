"""How events reach the insert function, three ways: `python -m bench.insert_encoding` (issue 16, item 4).

The old `stored_event[]` composite dumped as text, the parallel binary arrays the recorder sends now
(service/persistence/recorder.py), and binary COPY into a staging table. Each on the same embedded server and
database, the same batches, connections opened before the timed region. docs/architecture.md ("Writing
events") has one run's figures and the choice made from them. Prints the load average: figures from a busy
machine are ratios, not absolutes.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from uuid import uuid4

from eventsourcing.persistence import StoredEvent

from service.persistence import database, migrations
from service.persistence.app import IntrigueStore

SIZES = ((1, 300), (50, 500), (2_000, 500), (2_000, 5_000))  # (events per save, bytes of state each)
STAGING = (
    "CREATE TEMP TABLE IF NOT EXISTS staging (originator_id uuid, originator_version bigint, topic text,"
    " state bytea) ON COMMIT DELETE ROWS"
)


def batch(count: int, size: int) -> list[StoredEvent]:
    return [
        StoredEvent(uuid4(), 1, "domain.bench:Thing.Happened", os.urandom(size // 2).hex().encode())
        for _ in range(count)
    ]


def ways(store: IntrigueStore) -> dict[str, Callable[[list[StoredEvent]], None]]:
    recorder: object = store.recorder
    datastore = recorder.datastore  # type: ignore[attr-defined]
    datastore.register_type_adapters()

    def arrays(events: list[StoredEvent]) -> None:
        recorder.insert_events(events, campaign=uuid4())  # type: ignore[attr-defined]  # a lane of its own

    def copy(events: list[StoredEvent]) -> None:
        with datastore.transaction(commit=True) as curs:
            curs.execute(STAGING)
            curs.execute("LOCK TABLE intrigue_events IN EXCLUSIVE MODE")
            with curs.copy("COPY staging FROM STDIN (FORMAT BINARY)") as staged:
                staged.set_types(["uuid", "int8", "text", "bytea"])
                for e in events:
                    staged.write_row((e.originator_id, e.originator_version, e.topic, e.state))
            curs.execute(
                "INSERT INTO intrigue_events (originator_id, originator_version, topic, state)"
                " SELECT * FROM staging RETURNING notification_id"
            ).fetchall()
            curs.execute("NOTIFY intrigue_events")

    # The composite of steps 1-5 refuses since step 10 (every event needs its campaign): its figures are history.
    return {"binary arrays": arrays, "COPY binary": copy}


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="intrigue-encoding-") as where:
        admin = database.start_embedded(Path(where) / "pgdata")
        db = database.create_database(admin, "encoding")
        migrations.migrate(db)
        store = IntrigueStore({**db.eventsourcing_env(2), "CREATE_TABLE": "n"})
        try:
            print(f"load average {os.getloadavg()[0]:.1f}")
            for count, size in SIZES:
                for name, write in ways(store).items():
                    write(batch(count, size))  # warm: prepared statements, connections
                    batches = [batch(count, size) for _ in range(max(3, 300 // count))]
                    started = time.perf_counter()
                    for events in batches:
                        write(events)
                    each = (time.perf_counter() - started) / len(batches)
                    print(
                        f"{count:6d} events x {size:5d} B  {name:15s} {each * 1000:9.2f} ms"
                        f"  {count / each:10.0f} events/s"
                    )
        finally:
            store.close()


if __name__ == "__main__":
    main()
