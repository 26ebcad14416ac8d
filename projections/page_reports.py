"""How a state page makes a resolution's phase reports, and forgets a rolled-back phase's (issue 31, P4 and P6): an
inline page's are read before the history's rows are sent and built while the server writes them
(`phase_reports.read_first`); a rebuild's are handed to its reporting process (projections/report_handoff.py); a
pipelined runner page's are written apart (projections/page_pipeline.py); any other's after the history
(`phase_reports.record`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any
from uuid import UUID

from psycopg import Cursor
from psycopg.sql import Composed

from projections import page_pipeline, phase_reports, report_handoff

# `phase_reports.record`'s arguments but `together`: the cursor, the statements, the campaign, the phase, the resolved
# version, the page's aggregates by id, and the events decoded.
Args = tuple[Cursor[Any], Mapping[str, Composed], Any, int, int, Callable[[UUID], Any | None], Any]


def made(
    curs: Any, args: Args, read_first: bool, handoff: report_handoff.Handoff | None, together: bool
) -> Callable[[], Any]:
    """The resolution's reports, to be called once its history is recorded; `args` are `phase_reports.record`'s."""
    if read_first:
        return phase_reports.read_first(*args, together=together)
    if handoff is not None:
        return partial(report_handoff.resolved, handoff, *args[:-1])
    if isinstance(curs, page_pipeline.PageCursors):
        return page_pipeline.reports_apart(curs, *args[1:], together=together)
    return partial(phase_reports.record, *args, together=together)


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
