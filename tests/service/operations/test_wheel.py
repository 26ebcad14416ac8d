"""The built wheel is the whole service: installed in a fresh venv, away from the checkout, it serves REST (with its
contract, openapi.yaml) and GraphiQL (page and assets) from its own package data."""

from __future__ import annotations

import email
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import httpx
import pytest

from service.persistence.database import Database
from tests.support.graphiql_page import check_served_offline
from tests.support.processes import ROOT, eventually, free_port, url_of

SOURCES = ["domain", "projections", "service", "openapi"]  # what pyproject's packages.find includes
LIMIT = 120.0  # seconds for each step (a cold build under load); never asserted as a timing


def build_wheel(into: Path) -> Path:
    """`pip wheel` of a copy of the sources, so the build's own files never land in the checkout."""
    source = into / "source"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in SOURCES:
        shutil.copytree(ROOT / name, source / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(into / "dist"), str(source)],
        check=True,
        timeout=LIMIT,
        capture_output=True,
    )
    (wheel,) = (into / "dist").glob("intrigue-*.whl")
    return wheel


def install(wheel: Path, venv: Path) -> Path:
    """A fresh venv with only the wheel installed; its dependencies come from this venv's site-packages, added
    after the venv's own (a `.pth` line), so nothing is downloaded and the project itself comes from the wheel."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=LIMIT)
    python = venv / "bin" / "python"
    subprocess.run(
        [python, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", str(wheel)],
        check=True,
        timeout=LIMIT,
        capture_output=True,
    )
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    # Only a directory: the checkout's editable install (a .pth there) is not run from a directory a .pth adds.
    (Path(site) / "intrigue-test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    return {**env, **extra}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_wheel_carries_every_file_the_packages_hold(wheel: Path) -> None:
    """Not only openapi.yaml and GraphiQL's assets: any data file a package gains later (SQL, templates) too."""
    tracked = subprocess.run(["git", "ls-files", *SOURCES], cwd=ROOT, check=True, capture_output=True, text=True)
    data = {name for name in tracked.stdout.split() if not name.endswith(".py")}
    assert {"openapi/openapi.yaml", "service/entrypoints/graphql/static/graphiql.html"} <= data
    names = set(zipfile.ZipFile(wheel).namelist())
    assert data - names == set(), "files of the packages missing from the wheel: add them to pyproject's package-data"
    assert zipfile.ZipFile(wheel).read("openapi/openapi.yaml") == (ROOT / "openapi" / "openapi.yaml").read_bytes()


def test_the_wheels_metadata_names_its_licence_authors_readme_and_classifiers(wheel: Path) -> None:
    """Issue 32, item 5: read from the built wheel's METADATA, as pip and an index read it."""
    archive = zipfile.ZipFile(wheel)
    (metadata_name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
    metadata = email.message_from_bytes(archive.read(metadata_name))
    assert metadata["License-Expression"] == "Apache-2.0"
    assert metadata.get_all("License-File") == ["LICENSE"]
    licence = next(n for n in archive.namelist() if n.endswith(".dist-info/licenses/LICENSE"))
    assert archive.read(licence) == (ROOT / "LICENSE").read_bytes()
    assert b"Apache License" in archive.read(licence) and b"Version 2.0" in archive.read(licence)
    assert metadata["Author"] == "The Intrigue developers"
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert metadata.get_payload().startswith("# Intrigue")  # the README is the long description
    classifiers = metadata.get_all("Classifier") or []
    assert {
        "Programming Language :: Python :: 3.11",
        "Topic :: Games/Entertainment :: Role-Playing",
        "Typing :: Typed",
    } <= set(classifiers)
    # Licence classifiers are superseded by License-Expression (PEP 639); no address but a real one (pyproject).
    assert not [c for c in classifiers if c.startswith("License ::")]
    assert metadata.get_all("Project-URL") is None


def test_installed_from_the_wheel_it_serves_rest_and_graphiql(wheel: Path, fresh_db: Database, tmp_path: Path) -> None:
    python = install(wheel, tmp_path / "venv")
    away = tmp_path / "elsewhere"  # the working directory: nothing of the checkout can be imported from it
    away.mkdir()
    imported = "import openapi, service; print(openapi.__file__); print(service.__file__)"
    where = subprocess.run(
        [python, "-c", imported], cwd=away, env=clean_env(), check=True, capture_output=True, text=True
    ).stdout.split()
    assert all(Path(f).is_relative_to(tmp_path / "venv") for f in where), where
    port = free_port()
    log = (tmp_path / "serve.log").open("wb")
    env = clean_env(DATABASE_URL=url_of(fresh_db), INTRIGUE_LOG_FORMAT="json", INTRIGUE_RUN_PROJECTIONS="0")
    serve = subprocess.Popen(
        [tmp_path / "venv" / "bin" / "intrigue", "serve", "--port", str(port)],
        cwd=away,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        eventually(lambda: _ready(base), "the installed server to be ready", limit=LIMIT)
        contract = httpx.get(f"{base}/api/v1/openapi.yaml", timeout=30)
        assert contract.status_code == 200 and contract.text == (ROOT / "openapi" / "openapi.yaml").read_text()
        refused = httpx.post(f"{base}/api/v1/campaigns", json={"name": "Wheel", "rule_systems": ["chess"]}, timeout=30)
        assert refused.status_code == 422, refused.text  # checked against the contract the wheel carries
        assert "rule_systems[0]" in refused.json()["detail"], refused.text
        check_served_offline(lambda path, headers: httpx.get(f"{base}{path}", headers=headers, timeout=30))
    except AssertionError:
        log.flush()
        print((tmp_path / "serve.log").read_text(errors="replace")[-4000:])
        raise
    finally:
        serve.terminate()
        serve.wait(timeout=30)
        log.close()


def _ready(base: str) -> bool:
    try:
        return httpx.get(f"{base}/readyz", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False
