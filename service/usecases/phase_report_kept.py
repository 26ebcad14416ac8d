"""The phase reports' read model from the use cases' side (projections/phase_reports.py): the reporter the state
projection calls as a phase resolves, which builds every member's report from the phase's events, once; and the
reports read back, so a request decodes no event (issue 30, item 8).

The reporter reads what a request read before, in the projection's transaction: the phase's events from its last
opening before the resolution (the same window, `phase_window`, service/usecases/phase_report.py), and builds each
report with `build_report`, so what a seat sees of each event is decided in one place, as it was. The events the
projection's page holds decoded (an inline page's: its command's; a runner's page: its campaign's run up to the
resolution, projections/page_decoded.py `PageDecoded`) are taken from it, not read back and decoded again (issue 31,
item 1 and P4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any
from uuid import UUID

import orjson
import psycopg
from eventsourcing.persistence import Mapper, StoredEvent
from psycopg import Cursor
from psycopg.rows import tuple_row

from projections import jsonsafe, page_decoded, phase_reports
from projections.codec import domain_mapper
from projections.event_mapper import EventMapper
from service.persistence.app import event_payload
from service.persistence.citus import EVENTS
from service.persistence.database import Database
from service.usecases.audit import AuditEntry
from service.usecases.phase_report import build_report, phase_window
from service.usecases.phase_report_records import Damage, Learned, Modifier, Money, PhaseReport, ReportOrder, ReportRoll
from service.usecases.phase_report_window import ReportWindow, read_by_any

_RESOLVED = f"""SELECT campaign_position FROM {EVENTS}
    WHERE campaign_id = %s AND originator_id = %s AND originator_version = %s"""
_OPENINGS = f"""SELECT campaign_position, state FROM {EVENTS}
    WHERE campaign_id = %s AND originator_id = %s AND topic = %s AND campaign_position < %s ORDER BY 1"""
_WINDOW = f"""SELECT campaign_position, originator_id, originator_version, topic, state FROM {EVENTS}
    WHERE campaign_id = %s AND campaign_position > %s AND campaign_position < %s ORDER BY 1"""
_OPENED = "domain.campaign:Campaign.PhaseOpened"


@cache
def _mapper() -> Mapper[UUID]:
    return domain_mapper()


def report_json(report: PhaseReport) -> dict[str, Any]:
    """A report as its row keeps it: what `dataclasses.asdict` gives, walked directly. Its generic walk (a deep copy
    of every value, its fields looked up for each record) was a quarter of a resolution's reports at the issue's
    size (issue 31, item 1)."""
    kept: dict[str, Any] = _plain(report)
    kept["campaign_id"], kept["member_id"] = str(report.campaign_id), str(report.member_id)
    return kept


def report_row(report: PhaseReport) -> bytes:
    """A report's row, encoded: orjson writes the records as `report_json` makes them (a dataclass as an object of its
    fields in their order, ids and enums as `jsonsafe.dumps` writes them) without the walk that makes the dicts first;
    a report with text a jsonb column cannot hold (or anything orjson refuses) goes through `report_json` and
    `jsonsafe.dumps`, which escape it (issue 31, item 1)."""
    try:
        encoded = orjson.dumps(report)
    except orjson.JSONEncodeError:
        return jsonsafe.dumps(report_json(report))
    return jsonsafe.dumps(report_json(report)) if jsonsafe.unsafe(encoded) else jsonsafe.owned(encoded)


_AS_IS = frozenset({str, int, float, bool, type(None)})
_FIELDS: dict[type, tuple[str, ...] | None] = {}  # a report record's fields, by its class; None: not a record


def _plain(value: Any) -> Any:
    """A report's records as dicts, lists as lists and tuples as tuples (as `asdict`); anything else is immutable
    (text, numbers, None, UUIDs) and kept as it is, which `asdict` copies to an equal value."""
    kind = type(value)
    if kind in _AS_IS:
        return value
    as_is = _AS_IS  # most values are text and numbers: kept without a call
    if kind is list:
        return [v if type(v) in as_is else _plain(v) for v in value]
    if kind is tuple:
        return tuple(v if type(v) in as_is else _plain(v) for v in value)
    if kind is dict:
        return {_plain(k): v if type(v) in as_is else _plain(v) for k, v in value.items()}
    if kind not in _FIELDS:  # each class asked once: `is_dataclass` for every text and number was a third of the walk
        _FIELDS[kind] = tuple(f.name for f in fields(value)) if is_dataclass(value) else None
    names = _FIELDS[kind]
    if names is None:
        return value
    return {name: v if type(v := getattr(value, name)) in as_is else _plain(v) for name in names}


def _roll(d: dict[str, Any]) -> ReportRoll:
    return ReportRoll(**(d | {"modifiers": [Modifier(**m) for m in d["modifiers"]]}))


def _damage(d: dict[str, Any]) -> Damage:
    return Damage(**(d | {"rolls": [_roll(r) for r in d["rolls"]]}))


def report_of(kept: dict[str, Any]) -> PhaseReport:
    """A report read back from its row, equal to the one written."""
    return PhaseReport(
        UUID(kept["campaign_id"]),
        int(kept["phase"]),
        UUID(kept["member_id"]),
        str(kept["kind"]),
        kept["initiative"],
        [ReportOrder(**(o | {"rolls": [_roll(r) for r in o["rolls"]]})) for o in kept["orders"]],
        [_roll(r) for r in kept["rolls"]],
        [_damage(d) for d in kept["damage_taken"]],
        [_damage(d) for d in kept["damage_dealt"]],
        [Learned(**(k | {"details": [tuple(pair) for pair in k["details"]]})) for k in kept["learned"]],
        [Money(**m) for m in kept["ledger"]],
    )


def window_at(
    curs: Cursor[Any], campaign_id: UUID, phase: int, end: int, decoded: page_decoded.Decoded | None = None
) -> list[AuditEntry]:
    """The phase's events up to `end`, from its last opening before it (as PhaseReports read them); those `decoded`
    holds (the resolving command's own, issue 31 item 1) taken from it, not read back and decoded again."""
    return window_read(curs, campaign_id, phase, end, decoded)()


def window_read(
    curs: Cursor[Any],
    campaign_id: UUID,
    phase: int,
    end: int,
    decoded: page_decoded.Decoded | None = None,
    reads: Callable[[UUID, str], bool] | None = None,
) -> Callable[[], list[AuditEntry]]:
    """`window_at`'s reads made now, its events decoded by the function answered (an inline page's reports decode
    them while the server writes the history's rows: projections/phase_reports.py `read_first`, issue 31 P6); with
    `reads`, only the events it answers true for, by their aggregate and topic (`read_by_any`: the others neither
    decoded nor kept, issue 31 P4)."""
    mapper = _mapper() if decoded is None else decoded.mapper
    held = decoded is not None and decoded.first <= end <= decoded.end  # `decoded` runs up to `end`
    opened = _opened(decoded, campaign_id, phase, end) if held and decoded is not None else None
    if opened is None:
        decode = mapper.transcoder.decode
        openings = [
            int(position)
            for position, state in curs.execute(_OPENINGS, (campaign_id, campaign_id, _OPENED, end)).fetchall()
            if int(decode(bytes(state))["phase"]) == phase
        ]
        opened = openings[-1] if openings else None
    start = opened - 1 if opened is not None else 0
    cut = end  # the window's events below `cut` are read back from the store, those from it on are `decoded`'s
    if held and decoded is not None:
        cut = max(decoded.first, start + 1)
    read_back = curs.execute(_WINDOW, (campaign_id, start, cut)).fetchall() if cut > start + 1 else []

    def window() -> list[AuditEntry]:
        entries = []
        attributes = mapper.attributes if isinstance(mapper, EventMapper) else None
        for position, originator_id, version, topic, state in read_back:
            if reads is not None and not reads(originator_id, topic):
                continue
            held = attributes(originator_id, topic, bytes(state)) if attributes is not None else None
            if held is not None and "timestamp" in held[1]:
                entries.append(_entry_of(int(position), held[0], version, topic, held[1]))
            else:
                event = mapper.to_domain_event(StoredEvent(originator_id, version, topic, bytes(state)))
                entries.append(_entry(int(position), topic, event))
        if decoded is not None:
            first, events = decoded.first, decoded.events
            for p in range(cut, end):
                topic, event = events[p - first]
                if reads is None or reads(event.originator_id, topic):
                    entries.append(_entry(p, topic, event))
        return phase_window(entries, campaign_id, phase)

    return window


def _opened(decoded: page_decoded.Decoded, campaign_id: UUID, phase: int, end: int) -> int | None:
    """The position of the phase's last opening before `end` among the decoded events, which run up to `end`: then
    the last there is, not asked of the store (issue 31, P4); None where they hold none."""
    first, events = decoded.first, decoded.events
    for position in range(end - 1, first - 1, -1):
        topic, event = events[position - first]
        if topic == _OPENED and event.originator_id == campaign_id and int(event.phase) == phase:
            return position
    return None


def _entry(position: int, topic: str, event: Any) -> AuditEntry:
    timestamp = event.timestamp
    return AuditEntry(position, event.originator_id, event.originator_version, topic, timestamp, event_payload(event))


_PLAIN: dict[tuple[str, ...], bool] = {}  # an event's attributes by name: whether they are its payload as they are


def _entry_of(position: int, originator_id: Any, version: int, topic: str, attributes: dict[str, Any]) -> AuditEntry:
    """`_entry` of the event `EventMapper.decoded` would make of these `attributes` (taken, not copied), without
    making it: its payload is what `event_payload` would give, its attributes but the timestamp where no other
    name is left out; those of a few dozen shapes are asked once (issue 31, P4: the events made and their payloads
    copied were a fifth of a rebuild's reporting process)."""
    timestamp = attributes.pop("timestamp")
    names = tuple(attributes)
    plain = _PLAIN.get(names)
    if plain is None:
        plain = event_payload(_Attributes(attributes)) == attributes
        if len(_PLAIN) < 4096:
            _PLAIN[names] = plain
    payload = attributes if plain else event_payload(_Attributes(attributes))
    return AuditEntry(position, originator_id, version, topic, timestamp, payload)


class _Attributes:
    """An object whose attributes are the given dict, for `event_payload`."""

    def __init__(self, attributes: dict[str, Any]) -> None:
        self.__dict__ = attributes


def reporter(
    curs: Cursor[Any],
    campaign_id: UUID,
    phase: int,
    resolved_version: int,
    members: phase_reports.Members,
    decoded: page_decoded.Decoded | None = None,
) -> Callable[[], tuple[int, dict[UUID, bytes]]]:
    """Every member's report of the resolution at the campaign's version `resolved_version` (phase_reports.Reporter):
    the window read now, the reports built by the function answered, which reads nothing."""
    # The page's cursor reads dict rows; the events come in binary: their bytes as they are, not hex the server writes
    # and the client reads back (issue 31, P4: a rebuild's reporting process reads every window).
    with curs.connection.cursor(row_factory=tuple_row, binary=True) as events:
        row = events.execute(_RESOLVED, (campaign_id, campaign_id, resolved_version)).fetchone()
        if row is None:
            raise LookupError(f"no event {resolved_version} of campaign {campaign_id}")
        end = int(row[0]) + 1  # as History.phase_end answers it
        window_of = window_read(events, campaign_id, phase, end, decoded, read_by_any(campaign_id, members))

    def built() -> tuple[int, dict[UUID, bytes]]:
        window = ReportWindow(window_of())  # indexed once for every report
        return end, {
            member: report_row(build_report(window, campaign_id, phase, member, kind, set(actors)))
            for member, (kind, actors) in members.items()
        }

    return built


phase_reports.register(reporter)


def kept_reports(db: Database, campaign_id: UUID, phase: int, resolved_at: int) -> dict[UUID, PhaseReport]:
    """The reports kept for the resolution that ended at `resolved_at`; empty where none were."""
    with psycopg.connect(db.conninfo) as conn:
        rows = conn.execute(phase_reports.READ, (campaign_id, phase, resolved_at)).fetchall()
    return {UUID(str(member_id)): report_of(report) for member_id, report in rows}
