"""A restart keeps the demo GM's token: printed once, at creation, and still valid after (issue 28, item 4)."""

from __future__ import annotations

import re
from pathlib import Path

from service.persistence.database import Database
from tests.support.processes import Api, eventually, run

TOKEN_LINE = re.compile(r"Demo campaign ([0-9a-f-]{36}): GM token .*\n\s+(\S+)")
WHO = "{ me { role } }"


def start(db: Database, logs: Path, name: str) -> tuple[Api, str]:
    """A real `intrigue serve --demo`, ready; its stdout once ready."""
    # The demo's seeding reads its own regions back, so this server runs the projections itself.
    api = Api(db, logs, name, "--demo", "--no-migrate", env={"INTRIGUE_RUN_PROJECTIONS": "1"})
    eventually(api.ready, name, api)
    return api, api.output()


def test_the_demo_gm_token_printed_at_the_first_start_still_works_after_a_restart(
    fresh_db: Database, tmp_path: Path
) -> None:
    assert run(fresh_db, tmp_path, "migrate", "migrate").returncode == 0
    first, printed = start(fresh_db, tmp_path, "api-first")
    try:
        found = TOKEN_LINE.search(printed)
        assert found, printed
        campaign_id, token = found.groups()
    finally:
        first.stop()
    second, printed_again = start(fresh_db, tmp_path, "api-second")
    try:
        assert not TOKEN_LINE.search(printed_again) and token not in printed_again, printed_again
        assert f"intrigue gm-token {campaign_id}" in printed_again
        assert second.gql(WHO, token)["data"] == {"me": {"role": "GM"}}
    finally:
        second.stop()
