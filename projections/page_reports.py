"""How a state page makes a resolution's phase reports, and forgets a rolled-back phase's (issue 31, P4 and P6): an
inline page's are read before the history's rows are sent and built while the server writes them
(`phase_reports.read_first`); a rebuild's are handed to its reporting process (projections/report_handoff.py); a
pipelined runner page's are written apart (projections/page_pipeline.py); any other's after the history
(`phase_reports.record`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, Protocol
from uuid import UUID

from psycopg import Cursor
from psycopg.sql import Composed

from projections import page_pipeline, phase_reports, report_handoff


class Writer(Protocol):
    """How a state writer makes its pages' reports (projections/state.py `StateView`)."""

    reports_read_first: bool  # an inline page's (projections/inline.py)
    reports_to: report_handoff.Handoff | None  # a rebuild's, where a reporting process runs
    together: bool  # a resolution's reports in one statement (plain PostgreSQL)


def made(
    curs: Any, sql: Mapping[str, Composed], resolution: phase_reports.Resolution, writer: Writer
) -> Callable[[], Any]:
    """The resolution's reports, to be called once its history is recorded."""
    together = writer.together
    if writer.reports_read_first:
        return phase_reports.read_first(curs, sql, resolution, together=together)
    if writer.reports_to is not None:
        return partial(report_handoff.resolved, writer.reports_to, curs, sql, resolution)
    if isinstance(curs, page_pipeline.PageCursors):
        return page_pipeline.reports_apart(curs, sql, resolution, together=together)
    return partial(phase_reports.record, curs, sql, resolution, together=together)


def forgotten(
    curs: Cursor[Any],
    sql: Mapping[str, Composed],
    campaign_id: UUID,
    to_phase: int,
    handoff: report_handoff.Handoff | None,
) -> None:
    """A rollback to `to_phase`: the reports of that phase and later forgotten, or handed over to be."""
    if handoff is not None:
        report_handoff.forgotten(handoff, campaign_id, to_phase)
    else:
        phase_reports.forget(curs, sql, campaign_id, to_phase)
