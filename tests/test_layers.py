"""Imports point inward: domain/ is pure, projections/ never reaches into service/."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
IO_MODULES = {
    "io",
    "os",
    "socket",
    "subprocess",
    "sqlite3",
    "shutil",
    "tempfile",
    "pathlib",
    "asyncio",
    "time",
    "datetime",
    "urllib",
    "http",
    "logging",
    "threading",
    "multiprocessing",
    "select",
    "signal",
}
RANDOM_ALLOWED_IN = {"domain/dice.py"}  # the one place that wraps a random source that is passed in


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def python_files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("path", python_files("domain"), ids=lambda p: str(p.relative_to(ROOT)))
def test_domain_imports_only_the_standard_library_and_eventsourcing_domain(path: Path) -> None:
    relative = str(path.relative_to(ROOT))
    for name in imports_of(path):
        top = name.split(".")[0]
        if top in ("domain", "__future__") or name == "eventsourcing.domain":
            continue
        assert top in sys.stdlib_module_names, f"{relative} imports {name}"
        assert top not in IO_MODULES, f"{relative} imports the I/O module {name}"
        if top == "random":
            assert relative in RANDOM_ALLOWED_IN, f"{relative} imports random; take a Dice instead"


@pytest.mark.parametrize("path", python_files("projections"), ids=lambda p: str(p.relative_to(ROOT)))
def test_projections_do_not_import_the_service_layer(path: Path) -> None:
    assert not any(n.split(".")[0] == "service" for n in imports_of(path))


def test_the_layer_check_catches_a_forbidden_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import psycopg\nfrom service.persistence.app import IntrigueStore\n")
    assert {"psycopg", "service.persistence.app"} <= imports_of(bad)
