"""The analyst's export (issue 32, item 3), run as `intrigue export-analytics` on played campaigns of both rule
systems, one with a rolled-back phase: typed tables that agree with `phaseSeries` and the CSV analytics, every
column documented, and docs/analytics.md's example run as written."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any
from uuid import UUID

import duckdb
import pyarrow.parquet as pq
import pytest

from service.bootstrap import Intrigue
from service.persistence.database import Database
from service.usecases.analytics_export import TABLES, schema
from tests.support.played_export import play_factionturn, play_gameofbones
from tests.support.processes import run
from tests.support.service import gql_as

DOC = Path(__file__).resolve().parents[3] / "docs" / "analytics.md"


@pytest.fixture(scope="module")
def exported(intrigue: Intrigue, db: Database, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Each campaign exported as Parquet and as CSV, through the CLI as a real process."""
    found: dict[str, Any] = {}
    for system, campaign_id in (
        ("factionturn", play_factionturn(intrigue)),
        ("gameofbones", play_gameofbones(intrigue, months=3)),
    ):
        logs = tmp_path_factory.mktemp(system)
        for form in ("parquet", "csv"):
            result = run(
                db,
                logs,
                f"{system}-{form}",
                "export-analytics",
                str(campaign_id),
                "--format",
                form,
                "--out",
                str(logs / form),
            )
            assert result.returncode == 0, result.stdout
        found[system] = {"id": campaign_id, "dir": logs, "logs": logs}
    return found


def _sql(query: str) -> list[tuple[Any, ...]]:
    return duckdb.sql(query).fetchall()


def _analytics_csv(db: Database, logs: Path, campaign_id: UUID, table: str) -> list[dict[str, str]]:
    out = run(db, logs, f"analytics-{table}", "analytics", str(campaign_id), table).stdout
    header = {"series": "phase,kind", "actions": "actor,action", "dice": "sides,rolls"}[table]
    return list(csv.DictReader(io.StringIO(out[out.index(header) :])))  # log lines may come first


def test_every_table_is_written_with_its_declared_types(exported: dict[str, Any]) -> None:
    for system in exported.values():
        for table in TABLES:
            assert pq.read_schema(system["dir"] / "parquet" / f"{table}.parquet").equals(schema(table)), table
            header = (system["dir"] / "csv" / f"{table}.csv").read_text().splitlines()[0]
            assert header.replace('"', "").split(",") == [name for name, _ in TABLES[table]]


def test_the_csv_files_hold_the_parquet_files_rows(exported: dict[str, Any]) -> None:
    for system in exported.values():
        for table in TABLES:
            parquet = f"{system['dir']}/parquet/{table}.parquet"
            types = ", ".join(f"'{name}': '{kind}'" for name, kind, *_ in _sql(f"DESCRIBE SELECT * FROM '{parquet}'"))
            from_csv = _sql(
                f"SELECT * FROM read_csv('{system['dir']}/csv/{table}.csv', header = true, columns = {{{types}}})"
            )
            assert sorted(from_csv, key=repr) == sorted(_sql(f"SELECT * FROM '{parquet}'"), key=repr), table


def test_members_agree_with_the_gms_phase_series(exported: dict[str, Any], intrigue: Intrigue, client: Any) -> None:
    fields = "phase kind aggregateId name rank influence power hp maxHp facgold xp force cunning wealth"
    for system in exported.values():
        token = intrigue.seats.seat_gm(system["id"]).token
        points = gql_as(
            client, token, f"query($id: UUID!) {{ phaseSeries(campaignId: $id) {{ {fields} }} }}", id=str(system["id"])
        )["data"]["phaseSeries"]  # type: ignore[index]
        from_api = sorted(
            (
                p["phase"],
                p["kind"].lower(),
                p["aggregateId"],
                p["name"],
                p["rank"],
                p["influence"],
                p["power"],
                p["hp"],
                p["maxHp"],
                p["facgold"],
                p["xp"],
                p["force"],
                p["cunning"],
                p["wealth"],
            )
            for p in points
        )  # type: ignore[union-attr, index]
        members = system["dir"] / "parquet" / "members.parquet"
        exported_rows = sorted(
            _sql(
                f"SELECT phase, kind, member_id, name, rank, influence, power, hp, max_hp, "
                f"facgold, xp, force, cunning, wealth FROM '{members}'"
            )
        )
        assert exported_rows == from_api and len(from_api) > 0


def test_actions_and_dice_agree_with_the_csv_analytics(exported: dict[str, Any], db: Database) -> None:
    for system in exported.values():
        parquet, logs = system["dir"] / "parquet", system["logs"]
        rates = {
            (r["actor"], r["action"]): (int(r["attempts"]), int(r["successes"]))
            for r in _analytics_csv(db, logs, system["id"], "actions")
        }
        counted = _sql(
            f"SELECT actor, action, count(*), count(*) FILTER (succeeded) FROM '{parquet}/actions.parquet' "
            f"WHERE stands GROUP BY actor, action"
        )
        assert {(a, b): (n, ok) for a, b, n, ok in counted} == rates and rates
        dice = {
            int(r["sides"]): [int(c) for c in r["counts"].split()]
            for r in _analytics_csv(db, logs, system["id"], "dice")
        }
        faces = _sql(f"SELECT sides, face, count(*) FROM '{parquet}/dice.parquet' WHERE sides > 1 GROUP BY ALL")
        from_files: dict[int, list[int]] = {sides: [0] * sides for sides in dice}
        for sides, face, count in faces:
            from_files[sides][face - 1] = count
        assert from_files == dice and dice


def test_a_rolled_back_phase_keeps_its_facts_marked_as_undone(exported: dict[str, Any]) -> None:
    parquet = exported["factionturn"]["dir"] / "parquet"
    undone = _sql(f"SELECT count(*) FROM '{parquet}/actions.parquet' WHERE phase = 5 AND NOT stands")[0][0]
    standing = _sql(f"SELECT count(*) FROM '{parquet}/actions.parquet' WHERE phase = 5 AND stands")[0][0]
    assert undone > 0 and standing > 0  # phase 5 was played, rolled back and played again
    assert _sql(f"SELECT count(*) FROM '{parquet}/rolls.parquet' WHERE NOT stands")[0][0] > 0


def test_both_systems_name_attackers_and_targets(exported: dict[str, Any]) -> None:
    for system, kind in (("factionturn", "faction"), ("gameofbones", "house")):
        parquet = exported[system]["dir"] / "parquet"
        pairs = _sql(
            f"SELECT a.attacker_id, a.target_id, m.kind FROM '{parquet}/attacks.parquet' a "
            f"JOIN (SELECT DISTINCT member_id, kind FROM '{parquet}/members.parquet') m "
            f"ON m.member_id = a.attacker_id WHERE a.system = '{system}'"
        )
        assert pairs and all(attacker != target and k == kind for attacker, target, k in pairs)
    areas = exported["gameofbones"]["dir"] / "parquet"
    assert _sql(f"SELECT count(*) FROM '{areas}/areas.parquet' WHERE house_id IS NOT NULL")[0][0] > 0
    assert _sql(f"SELECT count(*) FROM '{areas}/troops.parquet' WHERE power > 0")[0][0] > 0


def test_every_table_and_column_is_documented() -> None:
    text = DOC.read_text()
    for table, columns in TABLES.items():
        section = text[text.index(f"### `{table}`") :]
        section = section[: section.index("\n### ", 1) if "\n### " in section[1:] else len(section)]
        documented = re.findall(r"^\| `(\w+)` \| (\w+) \|", section, re.MULTILINE)
        assert documented == [(name, str(kind)) for name, kind in columns], table


def test_the_docs_example_answers_its_three_questions(exported: dict[str, Any], db: Database) -> None:
    block = re.search(r"```python\n(.*?)```", DOC.read_text(), re.DOTALL)
    assert block is not None
    system = exported["factionturn"]
    code = block.group(1).replace('out = "analytics"', f'out = "{system["dir"] / "parquet"}"')
    scope: dict[str, Any] = {}
    exec(compile(code, str(DOC), "exec"), scope)
    expected = {
        int(r["sides"]): (int(r["rolls"]), float(r["chi_square"]))
        for r in _analytics_csv(db, system["logs"], system["id"], "dice")
    }
    assert {s: (n, round(chi, 4)) for s, n, chi in scope["fairness"]} == expected
    series = _analytics_csv(db, system["logs"], system["id"], "series")
    first = min(r["name"] for r in series if r["kind"] == "faction")
    assert [(p, hp) for p, hp, _ in scope["hp"]] == [
        (int(r["phase"]), int(r["hp"])) for r in series if r["kind"] == "faction" and r["name"] == first
    ]
    assert scope["attacks"] and all(n >= 1 for _, _, n, _ in scope["attacks"])


def test_an_unknown_format_or_a_file_for_a_directory_is_refused(
    exported: dict[str, Any], db: Database, tmp_path: Path
) -> None:
    campaign_id = str(exported["factionturn"]["id"])
    bad = run(db, tmp_path, "bad-format", "export-analytics", campaign_id, "--format", "xlsx", "--out", str(tmp_path))
    assert bad.returncode == 2 and "invalid choice: 'xlsx'" in bad.stdout
    a_file = tmp_path / "taken"
    a_file.write_text("mine")
    refused = run(db, tmp_path, "a-file", "export-analytics", campaign_id, "--out", str(a_file))
    assert refused.returncode == 2 and f"{a_file} is a file, not a directory" in refused.stdout
    assert a_file.read_text() == "mine"
