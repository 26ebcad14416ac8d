"""`intrigue export-analytics`: a campaign's facts as typed Parquet or CSV tables, one file per table (issue 32,
item 3). The tables and their columns are declared here once; docs/analytics.md describes each, and a test holds
the two together."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

import pyarrow as pa
import pyarrow.csv as pa_csv
import pyarrow.parquet as pq

from domain.errors import InvalidInputError
from service.usecases import analytics_facts as facts
from service.usecases.analytics import Analytics
from service.usecases.audit import AuditLog

FORMATS = ("parquet", "csv")
ID, TEXT, COUNT, SMALL, FLAG = pa.string(), pa.string(), pa.int64(), pa.int32(), pa.bool_()
_PHASE = [("phase", SMALL)]
_STANDS = [("phase", SMALL), ("stands", FLAG)]

TABLES: dict[str, list[tuple[str, pa.DataType]]] = {
    "rolls": [
        ("roll_id", COUNT),
        *_STANDS,
        ("position", COUNT),
        ("event", TEXT),
        ("aggregate_id", ID),
        ("actor", TEXT),
        ("purpose", TEXT),
        ("rule", TEXT),
        ("expression", TEXT),
        ("sides", SMALL),
        ("dice", SMALL),
        ("base", COUNT),
        ("modifiers", COUNT),
        ("total", COUNT),
    ],
    "dice": [("roll_id", COUNT), *_STANDS, ("die", SMALL), ("sides", SMALL), ("face", SMALL)],
    "actions": [
        *_STANDS,
        ("kind", TEXT),
        ("actor_id", ID),
        ("actor", TEXT),
        ("action", TEXT),
        ("succeeded", FLAG),
        ("result", TEXT),
    ],
    "attacks": [
        *_STANDS,
        ("position", COUNT),
        ("system", TEXT),
        ("attacker_id", ID),
        ("attacker", TEXT),
        ("target_id", ID),
        ("target", TEXT),
        ("action", TEXT),
        ("succeeded", FLAG),
        ("damage", COUNT),
        ("detail", TEXT),
    ],
    "members": [*_PHASE, ("kind", TEXT), ("member_id", ID), ("name", TEXT), *((f, COUNT) for f in facts.MEMBER_FIELDS)],
    "assets": [
        *_PHASE,
        ("faction_id", ID),
        ("faction", TEXT),
        ("asset_id", ID),
        ("type_key", TEXT),
        ("name", TEXT),
        ("attribute", TEXT),
        ("region_id", ID),
        ("hp", SMALL),
        ("max_hp", SMALL),
        ("stealthed", FLAG),
    ],
    "areas": [
        *_PHASE,
        ("area_id", ID),
        ("name", TEXT),
        ("q", SMALL),
        ("r", SMALL),
        ("monthly_income", COUNT),
        ("house_id", ID),
        ("house", TEXT),
    ],
    "troops": [*_PHASE, ("area_id", ID), ("house_id", ID), ("house", TEXT), ("power", COUNT)],
}


def schema(table: str) -> pa.Schema:
    return pa.schema([pa.field(name, kind) for name, kind in TABLES[table]])


def fact_tables(audit: AuditLog, analytics: Analytics, campaign_id: UUID, names: dict[str, str]) -> dict[str, Any]:
    """Every table's rows for one campaign; `names` maps member ids to names."""
    rows: dict[str, list[dict[str, Any]]] = {table: [] for table in TABLES}
    rows.update(facts.event_facts(audit.events(campaign_id), names))
    rows["attacks"] = rows.get("attacks", []) + facts.house_attacks(audit.events(campaign_id), names)
    rows["actions"] = facts.actions(audit.events(campaign_id), names)
    rows.update(facts.state_facts(analytics.series(campaign_id), names))
    return rows


def write_tables(
    rows: dict[str, list[dict[str, Any]]], out: Path, form: str, progress: Callable[[int], None] | None = None
) -> dict[str, Path]:
    """One file per table in `out` (`rolls.parquet`, `rolls.csv`…), typed by `TABLES`; the paths by table."""
    if form not in FORMATS:
        raise InvalidInputError(f"unknown format {form!r}; choose from {list(FORMATS)}")
    if out.exists() and not out.is_dir():
        raise InvalidInputError(f"{out} is a file, not a directory")
    out.mkdir(parents=True, exist_ok=True)
    written, count = {}, 0
    for table in TABLES:
        data = pa.Table.from_pylist(rows.get(table, []), schema=schema(table))
        path = out / f"{table}.{form}"
        if form == "parquet":
            pq.write_table(data, path)
        else:
            pa_csv.write_csv(data, path)
        written[table] = path
        count += data.num_rows
        if progress is not None:
            progress(count)
    return written
