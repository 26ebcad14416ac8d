"""A real `intrigue serve` for the browser tests: its own database, migrations and projections in the process."""

from __future__ import annotations

from pathlib import Path

import httpx

from service.persistence.database import Database
from tests.support.processes import Process, eventually, free_port


class ConsoleServer(Process):
    def __init__(self, db: Database, logs: Path, *extra: str, port: int | None = None) -> None:
        self.port = port or free_port()  # a restart keeps its port: the page's origin, and its cookies, stay
        env = {"INTRIGUE_MIGRATE_ON_START": "1", "INTRIGUE_RUN_PROJECTIONS": "1", "INTRIGUE_LOG_FORMAT": "text"}
        super().__init__(db, logs, "console", "serve", "--port", str(self.port), *extra, env=env)
        self.origin = f"http://127.0.0.1:{self.port}"
        try:
            eventually(self.ready, "the console's server", self)
        except BaseException:  # no fixture holds it yet to stop it: left running, it loaded the rest of the run
            self.stop()
            raise

    def ready(self) -> bool:
        try:
            return httpx.get(f"{self.origin}/readyz", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def gql(self, query: str, token: str | None = None, **variables: object) -> dict[str, object]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = httpx.post(
            f"{self.origin}/graphql", json={"query": query, "variables": variables}, headers=headers, timeout=30
        )
        body: dict[str, object] = response.json()
        assert "errors" not in body, body
        return body["data"]  # type: ignore[return-value]
