"""The HTTP sections' servers (bench/http_servers.py) answer from `INTRIGUE_BENCH_PROCESSES` processes, the real
app and the bare endpoint alike, so a comparison of the two stays fair, on uvicorn's shared socket or on one socket per
child (the SO_REUSEPORT probe); their answers name the same factions."""

from __future__ import annotations

import httpx
import psutil
import pytest

from bench.http_apps import STANDINGS
from bench.http_load import seed
from bench.http_servers import Server, processes
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
        expected = httpx.get(f"{bare.base}/factions/{campaign_id}", timeout=60).json()["data"]["factions"]
        query = {"query": STANDINGS, "variables": {"campaignId": str(campaign_id)}}
        answer = httpx.post(f"{ours.base}/graphql", json=query, timeout=60).json()["data"]["factions"]
        assert [f["id"] for f in answer] == [f["id"] for f in expected] and len(expected) == 6


@pytest.mark.parametrize("value", ["0", "-1"])
def test_a_count_below_one_is_refused(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("INTRIGUE_BENCH_PROCESSES", value)
    with pytest.raises(ValueError, match="INTRIGUE_BENCH_PROCESSES"):
        processes()
