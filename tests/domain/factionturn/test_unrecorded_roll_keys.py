"""A turn's unrecorded rolls found by plain tuple keys where every roll is of `Roll.to_dict`'s plain shape, by JSON
keys otherwise: the same rolls left, in the same order, as the JSON keys alone found (issue 31, P6)."""

from __future__ import annotations

import json
import random
from collections import Counter
from enum import IntEnum
from types import SimpleNamespace
from typing import Any
from uuid import UUID

from domain.dice import Modifier, Roll
from domain.factionturn.resolution import turn


class Level(IntEnum):
    TWO = 2


class Text(str):
    pass


def json_unrecorded(session: Any) -> list[dict[str, Any]]:
    """The search before the cut: a JSON key per roll (sort_keys, default=str)."""

    def key(roll: Any) -> str:
        return json.dumps(roll.to_dict() if isinstance(roll, Roll) else roll, sort_keys=True, default=str)

    carried = Counter(key(r) for change in session.changes for r in getattr(change.effect, "rolls", None) or [])
    left = []
    for roll in session.rolls:
        if carried[key(roll)]:
            carried[key(roll)] -= 1
        else:
            left.append(roll.to_dict())
    return left


def a_roll(rng: random.Random, odd: bool) -> Roll:
    mods = tuple(
        Modifier(rng.choice(["Force", "Cunning", "tag"]), rng.randint(-2, 2)) for _ in range(rng.randint(0, 2))
    )
    actor: Any = rng.choice(["a", "b"])
    faces: Any = tuple(rng.randint(1, 3) for _ in range(rng.randint(1, 2)))
    if odd:  # values JSON reads alike or apart where a tuple would not: ids, bools, floats, enums, text subclasses
        actor = rng.choice([UUID(int=1), str(UUID(int=1)), Text("a"), True, 1])
        faces = rng.choice([faces, (True,), (1.0,), (Level.TWO,), (2,)])
    return Roll(rng.choice(["1d10", "2d6"]), faces, mods, rng.randint(0, 1), rng.choice(["hit", ""]), "r", actor)


def carried_form(rng: random.Random, roll: Roll) -> dict[str, Any]:
    """The roll as an effect carries it: its dict, sometimes changed so that it is another roll's, or no roll's."""
    data = roll.to_dict()
    change = rng.random()
    if change < 0.1:
        data["faces"] = tuple(data["faces"])  # a JSON array all the same
    elif change < 0.2:
        data["extra"] = 1
    elif change < 0.3:
        data["modifiers"] = [{**m, "note": ""} for m in data["modifiers"]] or [{"source": "x"}]
    elif change < 0.4:
        data["base"] = float(data["base"])
    elif change < 0.5:
        del data["rule"]
    return data


def a_session(rng: random.Random, odd: bool) -> Any:
    rolls = [a_roll(rng, odd and rng.random() < 0.3) for _ in range(rng.randint(0, 8))]
    carried = [carried_form(rng, r) for r in rolls if rng.random() < 0.6]
    carried += [a_roll(rng, False).to_dict() for _ in range(rng.randint(0, 2))]  # rolls of nothing rolled
    rng.shuffle(carried)
    changes = [SimpleNamespace(effect=SimpleNamespace(rolls=carried[i : i + 2])) for i in range(0, len(carried), 2)]
    changes.append(SimpleNamespace(effect=SimpleNamespace()))  # an effect that keeps no dice
    return SimpleNamespace(changes=changes, rolls=rolls)


def test_the_rolls_left_unrecorded_are_those_the_json_keys_left() -> None:
    rng = random.Random(31)
    for n in range(3000):
        session = a_session(rng, odd=n % 2 == 1)
        assert json.dumps(turn.unrecorded_rolls(session), default=str) == json.dumps(
            json_unrecorded(session), default=str
        )


def test_plain_keys_are_equal_exactly_where_the_json_keys_are() -> None:
    rng = random.Random(7)
    plain = [r.to_dict() for r in (a_roll(rng, False) for _ in range(400))]
    plain += [{**r, "faces": tuple(r["faces"])} for r in plain[:50]]
    plain += [{**r, "modifiers": r["modifiers"][::-1]} for r in plain[:100]]  # the same modifiers, reordered
    plain += [{**r, "faces": r["faces"][::-1]} for r in plain[:100]]
    for a in plain[::6]:
        for b in plain:
            assert (turn._plain_key(a) == turn._plain_key(b)) == (turn._key(a) == turn._key(b))


def test_rolls_of_another_shape_have_no_plain_key() -> None:
    base = Roll("1d10", (3,), (Modifier("Force", 1),), 0, "hit", "r", "a").to_dict()
    assert turn._plain_key(base) == ("1d10", (3,), (("Force", 1),), 0, base["total"], "hit", "r", "a")
    odd: list[Any] = [
        {**base, "actor": UUID(int=1)},
        {**base, "actor": Text("a")},
        {**base, "base": True},
        {**base, "total": 4.0},
        {**base, "faces": [True]},
        {**base, "faces": [Level.TWO]},
        {**base, "faces": "3"},
        {**base, "modifiers": [{"source": "Force", "value": 1, "note": ""}]},
        {**base, "modifiers": [{"source": "Force"}]},
        {**base, "modifiers": [("Force", 1)]},
        {**base, "modifiers": "Force"},
        {**base, "extra": 1},
        {k: v for k, v in base.items() if k != "rule"} | {"Rule": "r"},
        list(base.items()),
    ]
    for roll in odd:
        assert turn._plain_key(roll) is None, roll
