"""The deployment files, loaded once for the tests."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
OPERATOR_MANIFESTS = {"database.yaml"}  # custom resources: checked against their CRD in test_cnpg.py
NOT_RESOURCES = {"kustomization.yaml"}
CORE = sorted(p for p in K8S.glob("*.yaml") if p.name not in OPERATOR_MANIFESTS | NOT_RESOURCES)


def documents(path: Path) -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all(path.read_text()) if doc]


def resources() -> dict[tuple[str, str], dict[str, Any]]:
    """Every Kubernetes resource under deploy/k8s, by (kind, name)."""
    return {
        (doc["kind"], doc["metadata"]["name"]): doc
        for path in K8S.glob("*.yaml")
        if path.name not in NOT_RESOURCES
        for doc in documents(path)
    }


def pod_spec(resource: dict[str, Any]) -> dict[str, Any]:
    spec: dict[str, Any] = resource["spec"]["template"]["spec"]
    return spec


def tool(name: str) -> str | None:
    """A command-line tool from this venv (where pip put it) or from PATH."""
    return shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
