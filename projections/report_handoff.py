"""A rebuild's phase reports handed to another process (issue 31, P4): the rebuild's runner folds and writes everything
else, and for each resolution it folds, hands over what the store alone cannot give (the campaign, the phase, the
resolved version, the members and their actors as `phase_reports.members_of` gives them, read in the page's
transaction); a rollback's `forget` goes the same way, so the reporting process applies them in the runner's order
and its rows are the ones the runner would have written (service/operations/rebuild_reports.py). A job is sent as it
is folded, so the reports are built while the runner folds on; the page's end is sent after it (`commit` once its
transaction has committed, `abort` where it did not: the process then drops the page's jobs, which a page folded
again sends anew).

A job is JSON: `["resolved", campaign, phase, resolved_version, {member: [kind, [actor...]]}]` or
`["forget", campaign, to_phase]`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol
from uuid import UUID

from psycopg import Cursor
from psycopg.sql import Composed

from projections import phase_reports

Job = list[Any]


class Handoff(Protocol):
    """Where a rebuild's runner sends its pages' report jobs, in the order folded, and each page's end."""

    def send(self, job: Job) -> None: ...

    def commit(self) -> None: ...

    def abort(self) -> None: ...


def resolved(
    handoff: Handoff, curs: Cursor[Any], sql: Mapping[str, Composed], resolution: phase_reports.Resolution
) -> None:
    """The resolution's job, its members read now (as `phase_reports.record` reads them); a failure to read them is
    contained as a reporter's is: logged, its reports left to the readers."""
    if resolution.campaign is None:
        return
    members = phase_reports.contained(resolution, lambda: resolution.members(curs, sql))
    if members is None:
        return
    given = {str(m): [kind, sorted(actors)] for m, (kind, actors) in members.items()}
    campaign_id, phase, version = str(resolution.campaign.id), int(resolution.phase), int(resolution.version)
    handoff.send(["resolved", campaign_id, phase, version, given])


def forgotten(handoff: Handoff, campaign_id: UUID, to_phase: int) -> None:
    """A rollback to `to_phase`, in its place among the resolutions."""
    handoff.send(["forget", str(campaign_id), int(to_phase)])


def members(given: Mapping[str, list[Any]]) -> phase_reports.Members:
    """A job's members as `members_of` gave them."""
    return {UUID(m): (str(kind), frozenset(actors)) for m, (kind, actors) in given.items()}
