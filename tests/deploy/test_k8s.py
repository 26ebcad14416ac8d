"""deploy/k8s: valid against the Kubernetes API schemas, and wired to each other as intended."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.deploy.manifests import CORE, K8S, documents, pod_spec, resources

# The oldest Kubernetes we support and the newest schema the validator knows.
VERSIONS = ("1.30.0", "latest")


@pytest.mark.parametrize("path", CORE, ids=lambda p: p.name)
@pytest.mark.parametrize("version", VERSIONS)
def test_every_core_manifest_is_a_valid_kubernetes_resource(path: Path, version: str) -> None:
    validator = pytest.importorskip("kubernetes_validate", reason="kubernetes-validate is not installed (dev extras)")
    target = validator.latest_version() if version == "latest" else version
    for doc in documents(path):
        validator.validate(doc, target, strict=True)


def container(name: str) -> dict[str, Any]:
    kind = "Job" if name == "intrigue-migrate" else "Deployment"
    containers: list[dict[str, Any]] = pod_spec(resources()[(kind, name)])["containers"]
    assert len(containers) == 1
    return containers[0]


def test_the_api_runs_three_ready_checked_replicas_without_projections() -> None:
    api = resources()[("Deployment", "intrigue-api")]
    assert api["spec"]["replicas"] == 3
    main = container("intrigue-api")
    assert main["args"][0] == "serve" and "--no-projections" in main["args"]
    assert main["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert main["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert main["resources"]["requests"] and main["resources"]["limits"]


def test_the_worker_and_the_migrate_job_run_their_roles() -> None:
    assert container("intrigue-worker")["args"][0] == "worker"
    assert container("intrigue-migrate")["args"] == ["migrate"]
    assert all(container(name)["resources"]["requests"] for name in ("intrigue-worker", "intrigue-migrate"))


def test_every_pod_runs_one_image_as_a_non_root_user_with_the_database_from_the_operator_secret() -> None:
    images = set()
    for name in ("intrigue-api", "intrigue-worker", "intrigue-migrate"):
        main = container(name)
        images.add(main["image"])
        kind = "Job" if name == "intrigue-migrate" else "Deployment"
        assert pod_spec(resources()[(kind, name)])["securityContext"]["runAsNonRoot"] is True
        assert main["securityContext"]["allowPrivilegeEscalation"] is False
        database_url = next(e for e in main["env"] if e["name"] == "DATABASE_URL")
        assert database_url["valueFrom"]["secretKeyRef"] == {"name": "intrigue-db-app", "key": "uri"}
        assert main["envFrom"] == [{"configMapRef": {"name": "intrigue-config"}}]
    assert len(images) == 1


def test_service_budget_and_autoscaler_point_at_the_api_pods() -> None:
    found = resources()
    labels = found[("Deployment", "intrigue-api")]["spec"]["template"]["metadata"]["labels"]
    assert found[("Deployment", "intrigue-api")]["spec"]["selector"]["matchLabels"].items() <= labels.items()
    assert found[("Service", "intrigue-api")]["spec"]["selector"].items() <= labels.items()
    assert found[("PodDisruptionBudget", "intrigue-api")]["spec"]["selector"]["matchLabels"].items() <= labels.items()
    hpa = found[("HorizontalPodAutoscaler", "intrigue-api")]["spec"]
    assert hpa["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": "intrigue-api"}
    assert hpa["minReplicas"] >= 3
    backend = found[("Ingress", "intrigue")]["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert backend["name"] == "intrigue-api"


def test_the_kustomization_applies_every_manifest_but_the_secret_template() -> None:
    listed = set(yaml.safe_load((K8S / "kustomization.yaml").read_text())["resources"])
    present = {p.name for p in K8S.glob("*.yaml")} - {"kustomization.yaml", "secret.example.yaml"}
    assert listed == present
