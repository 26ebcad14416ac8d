"""No import cycle between any two modules of domain/, projections/ or service/ (grimp's graph, as import-linter's).

Every import counts: one under `if TYPE_CHECKING:` or inside a function still ties the two modules together,
so hiding a cycle there is no way out of it. Run alone as `python tests/test_import_cycles.py` (`make lint`).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as a script, tests/ would come first on the path and shadow domain/
    sys.path[0] = str(ROOT)

import grimp  # noqa: E402

PACKAGES = ("domain", "projections", "service")


def import_graph() -> dict[str, set[str]]:
    graph = grimp.build_graph(*PACKAGES, cache_dir=None)
    return {module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:  # recursion as deep as the longest import chain: a few dozen modules
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in sorted(edges.get(node, ())):
            if successor not in index:
                connect(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in edges.get(node, ()):
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return sorted(found)


def test_no_module_is_part_of_an_import_cycle() -> None:
    assert cycles(import_graph()) == []


def test_the_cycle_check_finds_a_cycle_and_nothing_else() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a", "e"}, "e": set()}
    assert cycles(edges) == [["a", "b", "c"]]


if __name__ == "__main__":
    found = cycles(import_graph())
    for component in found:
        print("import cycle:", " <-> ".join(component))
    print(f"{len(found)} import cycle(s)" if found else "no import cycle")
    sys.exit(1 if found else 0)
