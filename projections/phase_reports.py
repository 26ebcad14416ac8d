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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol
from uuid import UUID

import orjson
import psycopg
from psycopg import Cursor
from psycopg.sql import SQL, Composed, Identifier
from psycopg.types.json import Jsonb

from projections import jsonsafe
from projections import together as together_rows

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


@dataclass(frozen=True)
class Decoded:
    """Events of the campaign the page holds decoded (an inline page's: its command's own; a runner's: `PageDecoded`),
    so that a reporter need not read them back from the store and decode them again (issue 31, item 1): those at the
    campaign's positions `first`, `first + 1`..., each with its stored topic, and the mapper that decoded them."""

    campaign_id: UUID
    first: int
    events: Sequence[tuple[str, Any]]
    mapper: Any

    @property
    def end(self) -> int:
        """The position after the last."""
        return self.first + len(self.events)


class PageDecoded:
    """A runner's page's events, decoded, by campaign (issue 31, P4): for a resolution folded in the page, its
    campaign's events of the page at their positions, which its reports need not read back from the store and decode
    again (`Decoded`). A page holds several campaigns interleaved, each one's events a prefix of its lane in position
    order (projections/lane_reader.py); an event left out of the page (spared by a snapshot, undecodable: no `topics`
    entry) breaks its campaign's run, and a resolution is given only the run of consecutive positions ending at it.
    Indexed at the page's first resolution."""

    def __init__(
        self,
        events: Sequence[tuple[Any, int]],
        lanes: Mapping[int, tuple[UUID, int]],
        topics: Mapping[int, str],
        mapper: Any,
    ) -> None:
        self._events, self._lanes, self._topics, self.mapper = events, lanes, topics, mapper
        # By campaign: its positions, (topic, event) pairs, and where each one's run of consecutive positions starts.
        self._runs: dict[int, tuple[list[int], list[tuple[str, Any]], list[int]]] | None = None

    def at(self, campaign_id: UUID, notification_id: int) -> Decoded | None:
        """The campaign's run of the page's events that ends at the event `notification_id`, or None."""
        if self._runs is None:
            self._runs = self._index()
        lane, runs = self._lanes.get(notification_id), self._runs.get(campaign_id.int)
        if lane is None or lane[0] != campaign_id or runs is None or notification_id not in self._topics:
            return None
        positions, pairs, starts = runs
        last = _index_of(positions, lane[1])
        if last is None:
            return None
        first = starts[last]
        return Decoded(campaign_id, positions[first], pairs[first : last + 1], self.mapper)

    def _index(self) -> dict[int, tuple[list[int], list[tuple[str, Any]], list[int]]]:
        runs: dict[int, tuple[list[int], list[tuple[str, Any]], list[int]]] = {}
        lanes, topics = self._lanes, self._topics
        for event, notification_id in self._events:
            topic = topics.get(notification_id)
            if topic is None:
                continue
            campaign_id, position = lanes[notification_id]
            key = campaign_id.int
            if key not in runs:
                runs[key] = ([], [], [])
            positions, pairs, starts = runs[key]
            consecutive = bool(positions) and positions[-1] == position - 1
            starts.append(starts[-1] if consecutive else len(positions))
            positions.append(position)
            pairs.append((topic, event))
        return runs


def _index_of(positions: list[int], position: int) -> int | None:
    """Where `position` is in a campaign's positions of the page (rising: found by its offset from the first)."""
    at = position - positions[0] if positions else -1
    if 0 <= at < len(positions) and positions[at] == position:
        return at
    try:
        return positions.index(position)  # a run broken before it
    except ValueError:
        return None


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


def record(
    curs: Cursor[Any],
    sql: Mapping[str, Composed],
    campaign: Any,
    phase: int,
    resolved_version: int,
    loaded: Callable[[UUID], Any | None],
    decoded: Decoded | None = None,
    together: bool = False,
) -> None:
    """Write every member's report of the resolution just folded (nothing with no reporter registered); `together`:
    in one statement (plain PostgreSQL only: `_WRITE_TOGETHER`)."""
    if not REPORTERS or campaign is None:
        return
    try:
        with curs.connection.transaction():  # a savepoint: a reporter's failure leaves the page's writes alone
            read_first(curs, sql, campaign, phase, resolved_version, loaded, decoded, together)()
    except Exception:
        not_kept(phase, campaign.id)


def read_first(
    curs: Cursor[Any],
    sql: Mapping[str, Composed],
    campaign: Any,
    phase: int,
    resolved_version: int,
    loaded: Callable[[UUID], Any | None],
    decoded: Decoded | None = None,
    together: bool = False,
) -> Callable[[], None]:
    """An inline page's reports (issue 31, P6): read now, before the history's rows are sent (in the pipeline a read
    sent after them is answered once the server has written them); built and written by the function answered,
    while the server writes those rows. No savepoint (psycopg's syncs the pipeline on entering: waits for the rows).
    A reporter's failure has written nothing and is logged as in `record`. A statement PostgreSQL refuses (a read;
    the write, reported at a later read or the commit) loses the inline fold: the runner folds the events
    (projections/inline.py, service/persistence/recorder.py `_insert`), its reports in `record`'s savepoint."""
    if not REPORTERS or campaign is None:
        return lambda: None
    try:
        members = members_of(curs, sql, campaign, loaded)
        build = REPORTERS[0](curs, campaign.id, phase, resolved_version, members, decoded)
    except psycopg.Error:
        raise  # the command's transaction is lost
    except Exception:
        return not_kept(phase, campaign.id)

    def written() -> None:
        try:
            resolved_at, reports = build()
        except Exception:
            not_kept(phase, campaign.id)
            return
        write(curs, sql, campaign.id, phase, resolved_at, reports, together=together)

    return written


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
