"""The fuzz harness: send each generated case, judge its answer, and keep every finding for one report.

A finding does not stop the run: the test sees them all, then fails listing each kind once with a reproducer.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis.core.failures import Failure, FailureGroup

from tests.support.fuzz_world import EventRows, internal_text

# Deterministic and bounded, so `make test` stays fast and a failure reproduces: the same examples every run.
# No shrinking: every finding is kept as generated and the run goes on.
FUZZ = settings(
    derandomize=True,
    database=None,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
EXCERPT = 300
EXAMPLES = 3  # distinct answers kept per kind of finding
REPORT_ENV = "INTRIGUE_FUZZ_REPORT"  # a file to append the findings to, one line each (for triage)


@dataclass(frozen=True)
class Finding:
    transport: str
    operation: str
    problem: str
    status: int
    request: str
    answer: str

    def line(self) -> str:
        return f"{self.transport} | {self.operation} | {self.problem} | {self.status} | {self.request} | {self.answer}"


@dataclass
class Findings:
    """Every finding, kept once per (operation, problem) with how often it was seen and a few distinct answers."""

    seen: dict[tuple[str, str, str], list[Finding]] = field(default_factory=dict)
    counts: dict[tuple[str, str, str], int] = field(default_factory=dict)
    cases: int = 0
    accepted: dict[str, int] = field(default_factory=dict)  # operation -> answers that did what was asked
    sent: list[str] = field(default_factory=list)  # every request's text so far, to tell an echo from a leak

    def succeeded(self, operation: str) -> None:
        self.accepted[operation] = self.accepted.get(operation, 0) + 1

    def add(self, finding: Finding) -> None:
        key = (finding.transport, finding.operation, finding.problem)
        self.counts[key] = self.counts.get(key, 0) + 1
        examples = self.seen.setdefault(key, [])
        if len(examples) < EXAMPLES and all(e.answer[:120] != finding.answer[:120] for e in examples):
            examples.append(finding)

    def report(self) -> str:
        target = os.environ.get(REPORT_ENV)
        if target:
            with Path(target).open("a", encoding="utf-8", errors="backslashreplace") as out:
                out.writelines(f"{self.counts[k]}x {f.line()}\n" for k, fs in self.seen.items() for f in fs)
        lines = [f"{self.counts[k]}x {fs[0].line()}" for k, fs in self.seen.items()]
        deep = sum(self.accepted.values())
        return (
            f"{len(self.seen)} kind(s) of finding in {self.cases} cases ({deep} accepted, over "
            f"{len(self.accepted)} operations):\n" + "\n".join(lines)
        )


def excerpt(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= EXCERPT else flat[:EXCERPT] + f"... ({len(text)} chars)"


def check_failures(validate: Callable[[], None]) -> list[str]:
    """What schemathesis's checks found in one answer: each failure's title and the first line of its message."""
    try:
        validate()
    except FailureGroup as group:
        return [_described(f) for f in group.exceptions]
    except Failure as failure:
        return [_described(failure)]
    return []


def _described(failure: Failure) -> str:
    return failure.title  # the kind; the answer itself is kept beside it


def judge_common(
    events: EventRows, send: Callable[[], Any], refused: Callable[[Any], bool], sent: list[str]
) -> tuple[Any, list[str]]:
    """Send one request, counting the store's events around it: a refused request must have written none, and
    no answer may carry server-internal text."""
    before = events()
    response = send()
    written = events() - before
    problems = []
    leaked = internal_text(response.text, sent)
    if leaked:
        problems.append(f"internal text in the answer: {leaked!r}")
    if written and refused(response):
        problems.append(f"refused, yet {written} event(s) written")
    return response, problems


def run_cases(strategy: st.SearchStrategy[Any], examples: int, one: Callable[[Any], None], negative: bool) -> None:
    """Draw `examples` cases from `strategy` and pass each to `one` (which records, never raises, findings)."""

    @settings(FUZZ, max_examples=examples)
    @given(case=strategy)
    def each(case: Any) -> None:
        one(case)

    try:
        each()
    except Unsatisfiable:
        if not negative:  # an operation without parameters has nothing to make invalid; any other is a bug here
            raise


def request_summary(method: str, path: str, query: Any, body: Any) -> str:
    query_text = f"?{json.dumps(query, default=str)}" if query else ""
    if body is None or type(body).__name__ == "NotSet":  # schemathesis's marker of "no body"
        return excerpt(f"{method} {path}{query_text}")
    body_text = " " + (body if isinstance(body, str) else json.dumps(body, default=str))
    return excerpt(f"{method} {path}{query_text}{body_text}")
