"""deploy/compose.yaml: PostgreSQL 16, a migrate one-shot first, then API replicas and workers."""

from __future__ import annotations

from typing import Any

import yaml

from tests.deploy.manifests import DEPLOY


def services() -> dict[str, Any]:
    compose: dict[str, Any] = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    assert "pgdata" in compose["volumes"]
    return compose["services"]  # type: ignore[no-any-return]


def test_postgres_16_keeps_its_data_in_a_volume() -> None:
    postgres = services()["postgres"]
    assert postgres["image"].startswith("postgres:16")
    assert any(v.startswith("pgdata:") for v in postgres["volumes"])
    assert postgres["healthcheck"]["test"]


def test_migrate_runs_once_before_the_api_and_the_workers() -> None:
    found = services()
    assert found["migrate"]["command"] == ["migrate"] and found["migrate"]["restart"] == "no"
    for name in ("api", "worker"):
        assert found[name]["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}
        assert found[name]["environment"]["INTRIGUE_MIGRATE_ON_START"] == "0"


def test_the_api_scales_without_projections_and_workers_run_them() -> None:
    found = services()
    assert found["api"]["command"][:2] == ["serve", "--no-projections"]
    assert found["api"]["deploy"]["replicas"] >= 2
    assert found["worker"]["command"][0] == "worker"
    assert found["api"]["environment"]["DATABASE_URL"].startswith("postgresql://")
    assert found["api"]["image"] == found["worker"]["image"] == found["migrate"]["image"]
