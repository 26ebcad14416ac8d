"""Issue 31, P6: a house's intel narrows its working set at each entry learned, and its attacks (kept at every
moment) are taken as they are where their kept shape is themselves. The list is the one the narrowing gave before
(`narrowed_before`), to the order of each entry's keys, which its encoding keeps, on random entries and folds."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from typing import Any

from domain.gameofbones.aggregate.working_set import TRACED, moment, narrowed, needed

Entry = dict[str, Any]
KINDS = ("attack", "attack", "plot", "source", "troops", None)


def narrowed_before(entries: Iterable[Entry], phase: int, week: int) -> list[Entry]:
    """`narrowed` as it was: every entry asked `needed`, every traced attack copied to its `TRACED` keys."""
    kept = []
    for entry in entries:
        if not needed(entry, phase, week):
            continue
        traced = entry.get("kind") == "attack" and entry.get("aggressor_house_id") is not None
        kept.append({k: entry[k] for k in TRACED if k in entry} if traced else entry)
    return kept


def entry(rng: random.Random, n: int) -> Entry:
    """An entry of any kind, learned in months 1-9; an attack whole, in its traced shape, or in that shape's keys
    shuffled or cut short."""
    phase = rng.randint(1, 9)
    whole: Entry = {
        "id": f"e{n}",
        "kind": rng.choice(KINDS),
        "phase": phase,
        "week": rng.choice([None, phase * 4 - rng.randint(0, 3)]),
        "aggressor_house_id": rng.choice([None, "h1", "h2"]),
        "action_id": f"a{n}",
        "expected_week": rng.randint(1, 40),
        "area_ids": ["x"],
    }
    if whole["kind"] == "attack" and whole["aggressor_house_id"] is not None:
        shape = rng.choice(["whole", "traced", "shuffled", "short"])
        keys = list(TRACED) if shape != "whole" else list(whole)
        if shape == "shuffled":
            rng.shuffle(keys)
        if shape == "short":
            keys.remove(rng.choice(["week", "phase", "id"]))
        return {k: whole[k] for k in keys}
    return {k: v for k, v in whole.items() if rng.random() < 0.85 or k == "kind"}


def same(a: list[Entry], b: list[Entry]) -> bool:
    return json.dumps(a) == json.dumps(b)  # key order included


def test_a_narrowing_keeps_what_it_kept_before_in_the_same_key_order() -> None:
    rng = random.Random(31)
    for n in range(3_000):
        entries = [entry(rng, n * 20 + i) for i in range(rng.randint(0, 20))]
        phase, week = rng.randint(1, 10), rng.randint(1, 44)
        assert same(narrowed(entries, phase, week), narrowed_before(entries, phase, week))


def test_a_working_set_folded_entry_by_entry_is_the_same() -> None:
    """As `HouseIntel._knowledge_gained` folds it: each entry learned narrows the set at its own moment."""
    rng = random.Random(6)
    for _ in range(300):
        now: list[Entry] = []
        before: list[Entry] = []
        for n in range(60):
            learned = entry(rng, n)
            now = narrowed([*now, learned], *moment(learned))
            before = narrowed_before([*before, learned], *moment(learned))
            assert same(now, before)
        assert any(e.get("kind") == "attack" for e in now)
