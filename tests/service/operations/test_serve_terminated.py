"""`intrigue serve` stopped by SIGTERM (a deployment's stop) ends as Ctrl-C ends it: uvicorn's graceful shutdown,
then the service's own (`Intrigue.close`, the log thread's last lines written at exit), exit status 143. Before,
uvicorn raised the signal again after its shutdown with Python's default action, which ended the process there:
its last log lines (uvicorn's own "Finished server process" among them) were never written."""

from __future__ import annotations

import signal
from pathlib import Path

from service.persistence.database import Database
from tests.support.processes import Api, eventually


def test_a_serve_stopped_by_sigterm_writes_its_last_lines_and_exits_143(fresh_db: Database, tmp_path: Path) -> None:
    api = Api(fresh_db, tmp_path, "api", env={"INTRIGUE_MIGRATE_ON_START": "1"})
    try:
        eventually(api.ready, "the API to answer", api)
    finally:
        api.popen.send_signal(signal.SIGTERM)
        code = api.stop()
    out = api.output()
    assert code == 128 + signal.SIGTERM, out[-2000:]
    assert "Application shutdown complete" in out and "Finished server process" in out, out[-2000:]
