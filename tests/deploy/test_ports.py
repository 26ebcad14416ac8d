"""`make run PORT=…` moves the service and the Vite dev proxy follows it (issue 32, item 7)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from tests.deploy.manifests import ROOT

WEB = ROOT / "web"


def test_make_run_passes_its_port_to_the_service() -> None:
    planned = subprocess.run(
        ["make", "-n", "run", "PORT=9123"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "MAKEFLAGS": ""},
    )
    assert planned.returncode == 0, planned.stderr
    assert "INTRIGUE_PORT=9123 .venv/bin/intrigue serve --demo" in planned.stdout


def test_the_vite_dev_proxy_follows_intrigue_port() -> None:
    node = shutil.which("node")
    if node is None or not (WEB / "node_modules" / "vite").exists():
        pytest.skip("the console's packages are not installed (make web-install)")
    script = (
        "import('vite').then(async v => { const c = await v.loadConfigFromFile({command: 'serve', "
        "mode: 'development'}, 'vite.config.ts'); console.log(JSON.stringify(c.config.server.proxy)); })"
    )
    proxies = {}
    for port in ("9123", None):
        env = {k: v for k, v in os.environ.items() if k != "INTRIGUE_PORT"} | ({"INTRIGUE_PORT": port} if port else {})
        shown = subprocess.run([node, "-e", script], cwd=WEB, capture_output=True, text=True, timeout=120, env=env)
        assert shown.returncode == 0, shown.stderr
        proxies[port] = json.loads(shown.stdout.strip().splitlines()[-1])
    assert proxies["9123"]["/graphql"] == {"target": "http://127.0.0.1:9123", "ws": True}
    assert proxies["9123"]["/api"] == proxies["9123"]["/session"] == "http://127.0.0.1:9123"
    assert proxies[None]["/api"] == "http://127.0.0.1:8000"
