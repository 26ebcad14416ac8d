"""REST for each seat's phase report: the same application method and the same seat rule as GraphQL's phaseReport."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any
from uuid import UUID

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from domain.errors import InvalidInputError, NotFoundError
from domain.gameofbones.face import week_fields
from service.entrypoints.rest.support import campaign_id_of, endpoint, intrigue_of, json_response, seat_of
from service.usecases.phase_report_records import PhaseReport


def _phase(request: Request) -> int:
    raw = request.path_params["phase"]
    if not raw.isascii() or not raw.isdigit() or len(raw) > 9:
        raise NotFoundError(f"no phase {raw!r}")
    return int(raw)


def _member(request: Request) -> UUID | None:
    raw = request.query_params.get("member_id")
    try:
        return None if raw is None else UUID(raw)
    except ValueError:
        raise InvalidInputError(f"member_id must be a UUID, not {raw!r}") from None


def report_shape(report: PhaseReport) -> dict[str, Any]:
    shaped = asdict(report)
    shaped["campaign_id"], shaped["member_id"] = str(report.campaign_id), str(report.member_id)
    for order in shaped["orders"]:
        order["when"] = _month_week(order["week"])
    for learned in shaped["learned"]:
        learned["details"] = [{"key": k, "value": v} for k, v in learned["details"]]
        learned["when"], learned["expected"] = _month_week(learned["week"]), _month_week(learned["expected_week"])
    return shaped | {"income": report.income, "costs": report.costs}


def _month_week(week: int | None) -> dict[str, int] | None:
    """A week also as its month and the week within it, as GraphQL's `when` / `expected` (issue 15)."""
    return None if week is None else week_fields(week)


@endpoint
async def phase_report(request: Request) -> Response:
    """The caller's own faction's or house's report of a resolved phase; the GM names any with `member_id`."""
    campaign_id, phase, member = campaign_id_of(request), _phase(request), _member(request)
    seat = await seat_of(request)
    found = await run_in_threadpool(intrigue_of(request).phase_reports.report, campaign_id, phase, seat, member)
    return json_response(report_shape(found))
