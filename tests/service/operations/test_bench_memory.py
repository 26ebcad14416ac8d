"""The bench prints, after each section, the resident memory of the processes that served it, measured while they
still ran (bench/server_memory.py, issue 31 item 5), then its own."""

from __future__ import annotations

import re
import subprocess
import sys
from types import SimpleNamespace

import pytest

from bench import server_memory
from service.persistence.aggregate_cache import BytesCache
from tests.service.persistence.test_aggregate_cache_bytes import notes


def test_a_server_is_printed_as_measured_before_it_stopped_and_only_after_its_own_section(
    capsys: pytest.CaptureFixture[str],
) -> None:
    started = "import time; print('up', flush=True); time.sleep(60)"
    server = subprocess.Popen([sys.executable, "-c", started], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None and server.stdout.readline() == "up\n"  # running, its interpreter loaded
        server_memory.note("the test server", server.pid)
    finally:
        server.kill()
        server.wait()
        if server.stdout is not None:
            server.stdout.close()
    server_memory.note("a server already stopped", server.pid)  # gone: nothing to print
    server_memory.resident_memory("a section")
    printed = capsys.readouterr().out
    assert re.search(rf"the test server \(pid {server.pid}\): [1-9]\d* MiB resident", printed)
    assert "already stopped" not in printed
    assert re.search(r"this process now: [1-9]\d* MiB resident", printed)
    server_memory.resident_memory("the next section")
    assert "no server process of its own" in capsys.readouterr().out


def test_a_store_served_in_this_process_is_printed_with_what_its_cache_counts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    cache = BytesCache(budget=2**20)
    for note in notes(3, 100_000):
        cache.put(note.id, note)
    server_memory.note("the services", store=SimpleNamespace(repository=SimpleNamespace(cache=cache)))
    server_memory.note("a store keeping none", store=SimpleNamespace(repository=SimpleNamespace(cache=None)))
    server_memory.resident_memory("a section")
    printed = capsys.readouterr().out
    assert f"its aggregate cache: {len(cache)} aggregates counted {cache.bytes / 2**20:.1f} MiB of 1.0 MiB" in printed
    assert len(cache) == 3 and "a store keeping none" in printed and "no aggregate cache" in printed
