"""Each member's phase report, kept as the phase resolves (issue 30, item 8): a request reads its row instead of
reading and decoding the phase's events.

A report is the same whoever reads it (the GM any member's, a player its own: service/usecases/phase_reports.py
decides who may), so a resolution writes one row per faction and house of the campaign, keyed by the phase and
the campaign position of the resolution it reports (`resolved_at`, the position after `PhaseResolved`, as
`History.phase_end` answers it). A reader asks for the resolution it found: a row of an earlier resolution of the
same phase is never served, and where no row answers (a phase resolved before step 18 that no fill reached, a
writer with no reporter) the reader builds the report from the events as before. A rollback to phase `p` deletes the
rows of phases `p` and later; the phase's next resolution writes its own.

What a report shows is decided by the visibility room, which lives in `service/` (projections/ knows no service):
the reporter registered from there (`register`, service/usecases/phase_reports.py) reads the phase's events in the
page's transaction and builds each member's report. A reporter that fails is contained: the resolution is folded
and its reports are left to the readers.

The table is one per generation of the state read model (`phase_report_g{N}`, view `phase_report`), distributed
by campaign on Citus (service/persistence/citus.py); migration step 18 makes it for the current generation and fills
it for the phases already resolved.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar
from uuid import UUID

import orjson
import psycopg
from psycopg import Cursor
from psycopg.sql import SQL, Composed, Identifier
from psycopg.types.json import Jsonb

from projections import jsonsafe
from projections import together as together_rows
from projections.page_decoded import Decoded

log = logging.getLogger("intrigue.projections")
TABLE = """CREATE TABLE IF NOT EXISTS {reports} (
        campaign_id uuid NOT NULL,
        phase integer NOT NULL,
        member_id uuid NOT NULL,
        resolved_at bigint NOT NULL,
        report jsonb NOT NULL,
        PRIMARY KEY (campaign_id, phase, member_id))"""
VIEW = "CREATE OR REPLACE VIEW phase_report AS SELECT * FROM {reports}"
READ = "SELECT member_id, report FROM phase_report WHERE campaign_id = %s AND phase = %s AND resolved_at = %s"
_WRITE = """INSERT INTO {reports} (campaign_id, phase, member_id, resolved_at, report)
    VALUES (%(campaign_id)s, %(phase)s, %(member_id)s, %(resolved_at)s, %(report)s)
    ON CONFLICT (campaign_id, phase, member_id) DO UPDATE SET resolved_at = EXCLUDED.resolved_at,
    report = EXCLUDED.report"""
# The same rows, a resolution's together in one statement (one JSON array of its members' reports), where the backend
# is plain PostgreSQL (issue 31, P4, session 18; on Citus a row each: projections/knowledge.py `_INSERT_TOGETHER`).
_WRITE_TOGETHER = """INSERT INTO {reports} (campaign_id, phase, member_id, resolved_at, report)
    SELECT %(campaign_id)s, %(phase)s, r.member_id, %(resolved_at)s, r.report
    FROM jsonb_to_recordset(%(reports)s) AS r(member_id uuid, report jsonb)
    ON CONFLICT (campaign_id, phase, member_id) DO UPDATE SET resolved_at = EXCLUDED.resolved_at,
    report = EXCLUDED.report"""
_FORGET = "DELETE FROM {reports} WHERE campaign_id = %s AND phase >= %s"
_ROW = "SELECT state || recent AS state FROM {state} WHERE id = %s AND campaign_id = %s"

Members = dict[UUID, tuple[str, frozenset[str]]]  # each member's kind, and whose rolls are its own
T = TypeVar("T")


@dataclass(frozen=True)
class Resolution:
    """A resolution a page just folded, whose members' reports are to be made (`record`, `read_first`, or handed over:
    projections/page_reports.py): the campaign (its aggregate, or what of it `members_of` reads), the phase, the
    campaign's version that resolved it, the page's aggregates by id, and the events the page holds decoded."""

    campaign: Any
    phase: int
    version: int
    loaded: Callable[[UUID], Any | None]
    decoded: Decoded | None = None

    def members(self, curs: Cursor[Any], sql: Mapping[str, Composed]) -> Members:
        return members_of(curs, sql, self.campaign, self.loaded)


class Reporter(Protocol):
    """Reads, in the page's transaction, what every member's report of a resolution is built from (the events), and
    answers the function that builds them without reading: it answers the resolution's `resolved_at` and each
    member's report as JSON. `decoded`: the events it need not read back."""

    def __call__(
        self,
        curs: Cursor[Any],
        campaign_id: UUID,
        phase: int,
        resolved_version: int,
        members: Members,
        decoded: Decoded | None = None,
    ) -> Callable[[], tuple[int, Mapping[UUID, dict[str, Any] | bytes]]]: ...


REPORTERS: list[Reporter] = []


def register(reporter: Reporter) -> None:
    REPORTERS[:] = [reporter]


def table(generation: int) -> Identifier:
    return Identifier(f"phase_report_g{generation}")


def statements(generation: int, state: Identifier) -> dict[str, Composed]:
    reports = table(generation)
    return {
        "report_write": SQL(_WRITE).format(reports=reports),
        "report_write_together": SQL(_WRITE_TOGETHER).format(reports=reports),
        "report_forget": SQL(_FORGET).format(reports=reports),
        "report_member_row": SQL(_ROW).format(state=state),
    }


def actors_of(house: Any) -> frozenset[str]:
    """Whose rolls are a house's own: its leader's and its lieutenants' (a house aggregate or its row's state)."""
    if isinstance(house, Mapping):
        return frozenset({str(house["leader"]["name"]), *house.get("lieutenants", {})})
    return frozenset({house.leader.name, *house.lieutenants})


def members_of(
    curs: Cursor[Any], sql: Mapping[str, Composed], campaign: Any, loaded: Callable[[UUID], Any | None]
) -> Members:
    """The campaign's factions and houses; a house's actors from its aggregate in memory, or else its row."""
    members: Members = {member: ("faction", frozenset({str(member)})) for member in campaign.member_ids("faction")}
    for house_id in campaign.member_ids("house"):
        house = loaded(house_id)
        if house is None:
            row = curs.execute(sql["report_member_row"], (house_id, campaign.id)).fetchone()
            house = None if row is None else (row["state"] if isinstance(row, Mapping) else row[0])
        if house is not None:
            members[house_id] = ("house", actors_of(house))
    return members


def record(curs: Cursor[Any], sql: Mapping[str, Composed], resolution: Resolution, together: bool = False) -> None:
    """Write every member's report of the resolution just folded (nothing with no reporter registered); `together`:
    in one statement (plain PostgreSQL only: `_WRITE_TOGETHER`)."""
    if not REPORTERS or resolution.campaign is None:
        return
    try:
        with curs.connection.transaction():  # a savepoint: a reporter's failure leaves the page's writes alone
            read_first(curs, sql, resolution, together)()
    except Exception:
        not_kept(resolution.phase, resolution.campaign.id)


def read_first(
    curs: Cursor[Any], sql: Mapping[str, Composed], resolution: Resolution, together: bool = False
) -> Callable[[], None]:
    """An inline page's reports (issue 31, P6): read now, before the history's rows are sent (in the pipeline a read
    sent after them is answered once the server has written them); built and written by the function answered,
    while the server writes those rows. No savepoint (psycopg's syncs the pipeline on entering: waits for the rows).
    A reporter's failure has written nothing and is logged as in `record`. A statement PostgreSQL refuses (a read;
    the write, reported at a later read or the commit) loses the inline fold: the runner folds the events
    (projections/inline.py, service/persistence/recorder.py `_insert`), its reports in `record`'s savepoint."""
    if not REPORTERS or resolution.campaign is None:
        return lambda: None
    r, campaign_id = resolution, resolution.campaign.id
    build = contained(r, lambda: REPORTERS[0](curs, campaign_id, r.phase, r.version, r.members(curs, sql), r.decoded))
    if build is None:
        return lambda: None

    def written() -> None:
        try:
            resolved_at, reports = build()
        except Exception:
            not_kept(r.phase, campaign_id)
            return
        write(curs, sql, campaign_id, r.phase, resolved_at, reports, together=together)

    return written


def contained(resolution: Resolution, read: Callable[[], T]) -> T | None:
    """What `read` answers (a read in the page's transaction: the members, the reporter's window), or None where it
    failed, logged (`not_kept`): its reports are left to the readers. A failure of the transaction (psycopg's) is
    raised: the page's statements are lost, and it is folded again."""
    try:
        return read()
    except psycopg.Error:
        raise
    except Exception:
        not_kept(resolution.phase, resolution.campaign.id)
        return None


def not_kept(phase: int, campaign_id: UUID, failure: BaseException | None = None) -> Callable[[], None]:
    """Logged (with `failure`, or the failure being handled); nothing to write."""
    log.error(
        "phase %s reports of campaign %s not kept; readers build them", phase, campaign_id, exc_info=failure or True
    )
    return lambda: None


def write(
    curs: Cursor[Any],
    sql: Mapping[str, Composed],
    campaign_id: UUID,
    phase: int,
    resolved_at: int,
    reports: Mapping[UUID, dict[str, Any] | bytes],
    together: bool = False,
) -> None:
    """Each member's report as JSON, or as its JSON already encoded for jsonb (`jsonsafe.dumps`)."""
    if together:
        if reports:
            encoded = orjson.dumps(
                [{"member_id": m, "report": orjson.Fragment(_encoded(r))} for m, r in reports.items()]
            )
            params = {"campaign_id": campaign_id, "phase": phase, "resolved_at": resolved_at}
            curs.execute(sql["report_write_together"], params | {"reports": jsonsafe.as_jsonb(encoded)})
            together_rows.sent(curs.connection)  # a late big phase's reports are megabytes
        return
    rows = [
        {
            "campaign_id": campaign_id,
            "phase": phase,
            "member_id": member_id,
            "resolved_at": resolved_at,
            "report": _jsonb(report),
        }
        for member_id, report in reports.items()
    ]
    if rows:
        curs.executemany(sql["report_write"], rows)


def forget(curs: Cursor[Any], sql: Mapping[str, Composed], campaign_id: UUID, to_phase: int) -> None:
    """A rollback to `to_phase`: the reports of that phase and after no longer stand."""
    curs.execute(sql["report_forget"], (campaign_id, to_phase))


def _encoded(value: Any) -> bytes:
    return value if type(value) is bytes else jsonsafe.dumps(value)


def _jsonb(value: Any) -> Jsonb:
    return jsonsafe.as_jsonb(_encoded(value))
