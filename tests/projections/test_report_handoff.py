"""A rebuild's resolution handed to its reporting process (projections/report_handoff.py `resolved`): its members as
`phase_reports.members_of` reads them, and a failure to read them contained as a reporter's is (`phase_reports.
contained`): logged, nothing sent; a failure of the page's transaction raised (the page is folded again)."""

from __future__ import annotations

import logging
from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest

from projections import phase_reports, report_handoff


class Sent:
    def __init__(self) -> None:
        self.jobs: list[report_handoff.Job] = []

    def send(self, job: report_handoff.Job) -> None:
        self.jobs.append(job)

    def commit(self) -> None: ...

    def abort(self) -> None: ...


class Campaign:
    def __init__(self, members: dict[str, list[UUID]] | Exception) -> None:
        self.id, self.members = uuid4(), members

    def member_ids(self, kind: str) -> list[UUID]:
        if isinstance(self.members, Exception):
            raise self.members
        return self.members.get(kind, [])


def _resolved(campaign: Campaign, loaded: dict[UUID, Any]) -> list[report_handoff.Job]:
    sent = Sent()
    resolution = phase_reports.Resolution(campaign, 3, 41, loaded.get)
    report_handoff.resolved(sent, None, {}, resolution)  # type: ignore[arg-type]  # nothing read: the houses loaded
    return sent.jobs


def test_a_resolution_is_sent_with_its_members_as_members_of_reads_them() -> None:
    red, house = uuid4(), uuid4()
    campaign = Campaign({"faction": [red], "house": [house]})
    loaded = {house: {"leader": {"name": "Matron"}, "lieutenants": {"Blade": {}}}}
    ((name, campaign_id, phase, version, given),) = _resolved(campaign, loaded)
    assert (name, campaign_id, phase, version) == ("resolved", str(campaign.id), 3, 41)
    assert report_handoff.members(given) == phase_reports.members_of(None, {}, campaign, loaded.get)  # type: ignore[arg-type]
    assert given[str(house)] == ["house", ["Blade", "Matron"]]


def test_members_that_cannot_be_read_send_nothing_and_are_logged_not_kept(caplog: pytest.LogCaptureFixture) -> None:
    campaign = Campaign(RuntimeError("a member unreadable"))
    with caplog.at_level(logging.ERROR, logger="intrigue.projections"):
        assert _resolved(campaign, {}) == []
    assert [r.getMessage() for r in caplog.records] == [
        f"phase 3 reports of campaign {campaign.id} not kept; readers build them"
    ]


def test_a_failure_of_the_pages_transaction_is_raised() -> None:
    with pytest.raises(psycopg.OperationalError):
        _resolved(Campaign(psycopg.OperationalError("the connection lost")), {})
