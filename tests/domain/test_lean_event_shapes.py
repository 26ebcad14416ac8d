"""Issue 31, P6: `LeanCommand` works out, once per call shape (how many arguments by position, which by name),
where each argument goes; every shape records what the library's own path records, and a wrong call is refused
with the library's own error."""

from __future__ import annotations

from typing import Any

import pytest
from eventsourcing.domain import event

from domain import history as lean_events
from domain.history import LeanCommand, Rewindable, leaner


@leaner
class Ledgered(Rewindable):
    def __init__(self) -> None:
        self.lines: list[Any] = []

    @event("Noted")
    def note(self, text: str, amount: int = 3, tags: list[str] | None = None, by: str = "gm") -> None:
        self.lines.append((text, amount, tags, by))

    @event("Counted")
    def count(self, n: int, *, step: int) -> None:
        self.lines.append((n, step))


CALLS: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
    ("note", ("a",), {}),
    ("note", ("b", 5), {}),
    ("note", ("c", 5, ["x"]), {}),
    ("note", ("d",), {"by": "seat"}),
    ("note", (), {"text": "e", "tags": ["y"]}),
    ("note", ("f",), {"amount": 7, "by": "p"}),
    ("note", (), {"by": "q", "text": "g"}),
    ("count", (1,), {"step": 2}),
    ("count", (), {"step": 4, "n": 3}),
    ("note", ("a",), {}),  # a shape seen before, from its plan
    ("count", (1,), {"step": 9}),
]
WRONG: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
    ("note", (), {}),
    ("note", ("a", 1, [], "by", "extra"), {}),
    ("note", ("a",), {"text": "twice"}),
    ("note", ("a",), {"colour": "red"}),
    ("count", (1,), {}),
]


def play(calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]]) -> list[Any]:
    ledgered = Ledgered()
    for name, args, kwargs in calls:
        getattr(ledgered, name)(*args, **kwargs)
    events = [
        (type(e).__qualname__, {k: v for k, v in vars(e).items() if k not in ("timestamp", "originator_id")})
        for e in ledgered.pending_events[1:]
    ]
    return [events, ledgered.lines, ledgered.version, ledgered.modified_on == ledgered.pending_events[-1].timestamp]


def refusal(call: tuple[str, tuple[Any, ...], dict[str, Any]]) -> str:
    ledgered = Ledgered()
    with pytest.raises(TypeError) as refused:
        getattr(ledgered, call[0])(*call[1], **call[2])
    assert ledgered.version == 1 and len(ledgered.pending_events) == 1
    return str(refused.value)


def test_every_call_shape_records_as_the_library_does(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(vars(Ledgered)["note"], LeanCommand)
    lean = play(CALLS)
    monkeypatch.setattr(lean_events, "LIBRARY", True)
    assert lean == play(CALLS)
    assert lean[1][:4] == [("a", 3, None, "gm"), ("b", 5, None, "gm"), ("c", 5, ["x"], "gm"), ("d", 3, None, "seat")]


@pytest.mark.parametrize("call", WRONG, ids=lambda c: repr(c)[:40])
def test_a_wrong_call_is_refused_as_the_library_refuses_it(
    call: tuple[str, tuple[Any, ...], dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    lean = refusal(call)
    monkeypatch.setattr(lean_events, "LIBRARY", True)
    assert lean == refusal(call)
