"""The HTTP sections' servers (bench/http_servers.py) answer from `INTRIGUE_BENCH_PROCESSES` processes, the real
app and the bare endpoint alike, so a comparison of the two stays fair, on uvicorn's shared socket or on one socket per
child (the SO_REUSEPORT probe); their answers name the same factions."""

from __future__ import annotations

import dataclasses
import json

import httpx
import psutil
import pytest

from bench.http_apps import STANDINGS, bare_from_environment, intrigue_from_environment, pools
from bench.http_load import seed
from bench.http_servers import Server, processes
from bench.played_rows import HTTP_CONNECTIONS
from bench.played_standings import connections_needed
from service.entrypoints import serve_processes
from service.entrypoints.serve_processes import connections_per_process
from service.persistence.database import Database
from tests.support.processes import eventually


def _children(server: Server) -> list[psutil.Process]:
    found = psutil.Process(server.process.pid).children()
    return [child for child in found if "spawn_main" in " ".join(child.cmdline())]


@pytest.mark.parametrize("reuse_port", ["0", "1"])  # uvicorn's one socket, or a socket per child (bench/reuse_port.py)
def test_both_servers_answer_from_two_processes_each(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch, reuse_port: str
) -> None:
    monkeypatch.setenv("INTRIGUE_BENCH_PROCESSES", "2")
    monkeypatch.setenv("INTRIGUE_BENCH_REUSE_PORT", reuse_port)
    campaign_id = seed(fresh_db)
    with Server("bare", fresh_db) as bare, Server("intrigue", fresh_db) as ours:
        for server in (bare, ours):
            eventually(lambda server=server: len(_children(server)) == 2, f"the {server.kind} server's two children")
        # Each app process's store pool is half of one process's (bench/http_apps.py `pools`), read from its settings.
        assert [child.environ().get("INTRIGUE_DB_POOL_SIZE") for child in _children(ours)] == ["3", "3"]
        expected = httpx.get(f"{bare.base}/factions/{campaign_id}", timeout=60).json()["data"]["factions"]
        query = {"query": STANDINGS, "variables": {"campaignId": str(campaign_id)}}
        answer = httpx.post(f"{ours.base}/graphql", json=query, timeout=60).json()["data"]["factions"]
        assert [f["id"] for f in answer] == [f["id"] for f in expected] and len(expected) == 6


@pytest.mark.parametrize("value", ["0", "-1"])
def test_a_count_below_one_is_refused(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("INTRIGUE_BENCH_PROCESSES", value)
    with pytest.raises(ValueError, match="INTRIGUE_BENCH_PROCESSES"):
        processes()


def test_each_process_of_two_opens_half_of_one_process_pools(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """So that two processes of each server fit where one did: the HTTP section's connections follow the count
    (bench/played_standings.py; the embedded server's 100 could not hold two whole processes of each)."""
    monkeypatch.setenv("INTRIGUE_BENCH_PROCESSES", "2")
    monkeypatch.setenv("INTRIGUE_BENCH_DB", json.dumps(dataclasses.asdict(fresh_db)))
    for name, value in {**serve_processes.CHILD_ENV, "DATABASE_URL": fresh_db.url}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("INTRIGUE_DB_POOL_SIZE", str(pools(2).store))
    app = intrigue_from_environment()
    view = next(route.endpoint for route in app.routes if getattr(route, "path", None) == "/graphql")
    try:
        assert (view.reads.pool.pool.max_size, view.claims.pool.max_size) == (5, 5)
    finally:
        view.intrigue.close()
    assert bare_from_environment().state.pool.max_size == 5
    assert pools(1) == (5, 10, 10, 10)
    assert connections_needed(1) == HTTP_CONNECTIONS
    assert connections_needed(2) == HTTP_CONNECTIONS + connections_per_process(3, 5, 5) + 5 <= 81
