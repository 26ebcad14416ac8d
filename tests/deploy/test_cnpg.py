"""The CloudNativePG database: lint-clean YAML, valid against the operator's CRD schema, HA with backups."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.deploy.manifests import DEPLOY, K8S, documents

SCHEMAS = Path(__file__).parent / "schemas" / "cloudnative-pg-v1.json"
YAMLLINT = "{extends: default, rules: {line-length: {max: 120}, document-start: disable}}"


def test_every_deployment_yaml_file_is_clean_under_yamllint() -> None:
    config = pytest.importorskip("yamllint.config", reason="yamllint is not installed (dev extras)")
    linter = pytest.importorskip("yamllint.linter")
    rules = config.YamlLintConfig(YAMLLINT)
    problems = [
        f"{path.relative_to(DEPLOY)}:{p.line}: {p.desc}"
        for path in sorted(DEPLOY.rglob("*.yaml"))
        for p in linter.run(path.read_text(), rules)
    ]
    assert problems == []


def strict(schema: Any) -> Any:
    """Unknown fields are errors, as with the API server's strict field validation."""
    if isinstance(schema, list):
        return [strict(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    tightened = {k: strict(v) for k, v in schema.items()}
    open_ended = "additionalProperties" in schema or schema.get("x-kubernetes-preserve-unknown-fields")
    if "properties" in schema and not open_ended:
        tightened["additionalProperties"] = False
    return tightened


def database() -> dict[str, dict[str, Any]]:
    return {doc["kind"]: doc for doc in documents(K8S / "database.yaml")}


@pytest.mark.parametrize("kind", ["Cluster", "ScheduledBackup"])
def test_the_database_resources_match_the_cloudnative_pg_crd(kind: str) -> None:
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is not installed")
    schema = strict(json.loads(SCHEMAS.read_text())[kind])
    resource = database()[kind]
    assert resource["apiVersion"] == "postgresql.cnpg.io/v1"
    errors = sorted(jsonschema.Draft7Validator(schema).iter_errors(resource), key=str)
    assert [f"{'/'.join(map(str, e.path))}: {e.message}" for e in errors] == []


def test_the_database_has_three_instances_synchronous_replication_and_backups() -> None:
    cluster = database()["Cluster"]["spec"]
    assert cluster["instances"] == 3
    assert cluster["postgresql"]["synchronous"]["number"] >= 1
    assert cluster["backup"]["barmanObjectStore"]["destinationPath"].startswith("s3://")
    assert cluster["backup"]["retentionPolicy"]
    scheduled = database()["ScheduledBackup"]["spec"]
    assert scheduled["cluster"]["name"] == database()["Cluster"]["metadata"]["name"]
