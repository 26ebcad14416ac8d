"""deploy/citus: the compose file of a coordinator and two workers, and the Kubernetes manifests where Patroni
keeps every Citus group (issue 27, item 7). Valid resources, every group configured, services on the right pods."""

from __future__ import annotations

import shutil
import subprocess
from typing import Any

import pytest
import yaml

from tests.deploy.manifests import DEPLOY, documents

CITUS = DEPLOY / "citus"
K8S = CITUS / "k8s"
GROUPS = ("patroni-config.yaml", "group-0.yaml", "group-1.yaml", "group-2.yaml")
MANIFESTS = (*GROUPS, "rbac.yaml", "secret.example.yaml")
VERSIONS = ("1.30.0", "latest")


def resources() -> dict[tuple[str, str], dict[str, Any]]:
    return {(d["kind"], d["metadata"]["name"]): d for name in MANIFESTS for d in documents(K8S / name)}


def of_kind(kind: str) -> dict[str, dict[str, Any]]:
    return {name: doc for (k, name), doc in resources().items() if k == kind}


def env(statefulset: dict[str, Any]) -> dict[str, Any]:
    (patroni,) = statefulset["spec"]["template"]["spec"]["containers"]
    return {e["name"]: e.get("value", e.get("valueFrom")) for e in patroni["env"]}


@pytest.mark.parametrize("name", MANIFESTS)
@pytest.mark.parametrize("version", VERSIONS)
def test_every_manifest_is_a_valid_kubernetes_resource(name: str, version: str) -> None:
    validator = pytest.importorskip("kubernetes_validate", reason="kubernetes-validate is not installed (dev extras)")
    target = validator.latest_version() if version == "latest" else version
    for doc in documents(K8S / name):
        validator.validate(doc, target, strict=True)


def test_each_citus_group_is_one_patroni_statefulset_of_one_scope() -> None:
    sets = of_kind("StatefulSet")
    groups = {int(env(s)["PATRONI_CITUS_GROUP"]): s for s in sets.values()}
    assert sorted(groups) == [0, 1, 2] and len(groups) == len(sets)  # a coordinator and two workers
    assert {env(s)["PATRONI_SCOPE"] for s in sets.values()} == {"intrigue-citus"}
    for group, found in groups.items():
        labels = found["spec"]["template"]["metadata"]["labels"]
        assert labels["citus-group"] == str(group)
        assert labels["citus-type"] == ("coordinator" if group == 0 else "worker")
        assert found["spec"]["selector"]["matchLabels"].items() <= labels.items()
        assert found["spec"]["replicas"] >= 2  # a standby to fail over to
        assert found["spec"]["template"]["spec"]["serviceAccountName"] in of_kind("ServiceAccount")


def test_patroni_runs_citus_in_kubernetes_dcs_mode_with_synchronous_replication() -> None:
    config = yaml.safe_load(of_kind("ConfigMap")["intrigue-citus-patroni"]["data"]["patroni.yml"])
    assert config["citus"]["database"] == "intrigue"
    assert config["kubernetes"]["use_endpoints"] is True
    dcs = config["bootstrap"]["dcs"]
    assert dcs["synchronous_mode"] is True and dcs["postgresql"]["parameters"]["max_prepared_transactions"] > 0
    for found in of_kind("StatefulSet").values():
        pod = found["spec"]["template"]["spec"]
        mounted = {v["name"]: v for v in pod["volumes"]}
        (patroni,) = pod["containers"]
        config_mount = next(m for m in patroni["volumeMounts"] if m["mountPath"] == "/etc/patroni")
        assert mounted[config_mount["name"]]["configMap"]["name"] == "intrigue-citus-patroni"
        assert patroni["command"] == ["patroni", "/etc/patroni/patroni.yml"]


def test_each_group_has_its_leader_service_and_the_services_select_real_pods() -> None:
    services, endpoints = of_kind("Service"), of_kind("Endpoints")
    pods = [s["spec"]["template"]["metadata"]["labels"] for s in of_kind("StatefulSet").values()]
    for group in ("0", "1", "2"):
        # Patroni writes the leader's address into Endpoints of the Service's name: the Service has no selector.
        assert "selector" not in services[f"intrigue-citus-{group}"]["spec"]
        assert endpoints[f"intrigue-citus-{group}"]["metadata"]["labels"]["citus-group"] == group
        assert services[f"intrigue-citus-{group}-config"]["spec"]["clusterIP"] == "None"
    for name, service in services.items():
        selector = service["spec"].get("selector")
        if selector:  # beside Patroni's own labels (role), it must match some pods' template labels
            fixed = {k: v for k, v in selector.items() if k != "role"}
            assert any(fixed.items() <= labels.items() for labels in pods), name


def test_the_service_reaches_the_coordinator_and_the_kustomization_swaps_the_database() -> None:
    (secret,) = [d for d in documents(K8S / "secret.example.yaml") if d["metadata"]["name"] == "intrigue-db-app"]
    assert "@intrigue-citus-0:5432/intrigue" in secret["stringData"]["uri"]
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    assert set(kustomization["resources"]) == {"../../k8s", "rbac.yaml", *GROUPS}
    deleted = {yaml.safe_load(p["patch"])["kind"] for p in kustomization["patches"]}
    assert deleted == {"Cluster", "ScheduledBackup"}  # CloudNativePG's single-primary database is not deployed


def compose() -> dict[str, Any]:
    path = CITUS / "compose.yaml"
    if shutil.which("docker"):
        done = subprocess.run(
            ["docker", "compose", "-f", str(path), "config", "--format", "yaml"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode == 0:
            found: dict[str, Any] = yaml.safe_load(done.stdout)
            return found
    found = yaml.safe_load(path.read_text())  # no Docker here: the YAML itself, anchors resolved by the loader
    return found


def test_compose_runs_a_coordinator_two_workers_and_registers_them_before_migrating() -> None:
    services = compose()["services"]
    nodes = [n for n in services if n.startswith("citus-") and n != "citus-register"]
    assert sorted(nodes) == ["citus-coordinator", "citus-worker-1", "citus-worker-2"]
    assert all("citus" in services[n]["image"] for n in nodes)
    register = " ".join(services["citus-register"]["command"])
    assert "citus_set_coordinator_host('citus-coordinator'" in register
    assert all(f"citus_add_node('{w}', 5432)" in register for w in nodes if "worker" in w)
    assert set(services["citus-register"]["depends_on"]) == set(nodes)
    assert services["migrate"]["depends_on"]["citus-register"]["condition"] == "service_completed_successfully"
    for name in ("api", "worker", "migrate"):
        assert "@citus-coordinator:5432/" in services[name]["environment"]["DATABASE_URL"]
