"""The table's own dice (issue 28, item 3): faces a GM read off physical dice, handed to the rules in order.

A resolution is deterministic given its faces, so it is run from the start with the faces entered so far; when
they run out, `TableDice` stops it with `TableDiceNeeded`, which names the next roll the rules ask for (who
rolls, what for, which dice, the modifiers). Nothing of that run is kept (service/usecases/table_dice.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.dice import RollRequest
from domain.errors import InvalidInputError


@dataclass(frozen=True)
class EnteredRoll:
    """One roll the rules asked for, with the faces the table gave it."""

    request: RollRequest
    faces: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        # The faces beside the request, not inside it: the events that used them carry them as rolls already, so
        # a reader of rolls (the dice-fairness summary) counts each once.
        return {"asked": request_dict(self.request), "faces": list(self.faces)}


def request_dict(request: RollRequest) -> dict[str, Any]:
    return {
        "expression": request.expression,
        "count": request.count,
        "sides": request.sides,
        "purpose": request.purpose,
        "rule": request.rule,
        "actor": request.actor,
        "modifiers": [{"source": m.source, "value": m.value} for m in request.modifiers],
    }


class TableDiceNeeded(Exception):  # a signal that stops a run, never an error shown to anyone
    """The entered faces ran out: `request` is the next roll the rules need, `entered` what came before it."""

    def __init__(self, request: RollRequest, entered: tuple[EnteredRoll, ...]) -> None:
        super().__init__(f"the table's dice ran out before {request.expression} for {request.purpose or 'a roll'}")
        self.request = request
        self.entered = entered


@dataclass
class TableDice:
    """Dice that answer with faces entered at the table, one announced roll at a time (`domain.dice.announce`).

    Faces are grouped by roll: `rolls[i]` holds exactly the faces of the i-th roll the resolution asks for. A die
    rolled without an announcement (no rule names it) is a roll of one die, named by its sides alone.
    """

    rolls: Sequence[Sequence[int]]
    entered: list[EnteredRoll] = field(default_factory=list)
    _request: RollRequest | None = None
    _faces: list[int] = field(default_factory=list)

    def announce(self, request: RollRequest) -> None:
        self._close()
        self._request = request

    def roll(self, sides: int) -> int:
        if self._request is None or len(self._faces) >= self._request.count:
            self.announce(RollRequest(f"1d{sides}", 1, sides, "a die the rules roll unnamed"))
        request = self._request
        assert request is not None
        index = len(self.entered)
        if index >= len(self.rolls):
            raise TableDiceNeeded(request, tuple(self.entered))
        given = self.rolls[index]
        check_faces(request, given, f"roll {index + 1}")
        face = int(given[len(self._faces)])
        self._faces.append(face)
        if len(self._faces) == request.count:
            self._close()
        return face

    def finish(self) -> tuple[EnteredRoll, ...]:
        """Every roll used, once the resolution is over; faces entered beyond them are refused."""
        self._close()
        if len(self.entered) < len(self.rolls):
            raise InvalidInputError(
                f"the resolution needed {len(self.entered)} rolls, not {len(self.rolls)}: "
                "the faces entered after the last one are not wanted"
            )
        return tuple(self.entered)

    def _close(self) -> None:
        if self._request is not None and len(self._faces) == self._request.count:
            self.entered.append(EnteredRoll(self._request, tuple(self._faces)))
        self._request, self._faces = None, []


def check_faces(request: RollRequest, faces: Sequence[int], where: str = "the roll") -> None:
    """Exactly the roll's number of dice, each a face its dice can show; else a clear error and nothing kept."""
    if len(faces) != request.count:
        dice = "one die" if request.count == 1 else f"{request.count} dice"
        raise InvalidInputError(
            f"{where} ({request.expression}, {request.purpose or 'unnamed'}) takes {dice}, not {len(faces)} faces"
        )
    for face in faces:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= request.sides:
            named = f"{where} ({request.expression}, {request.purpose or 'unnamed'})"
            raise InvalidInputError(f"{named}: a d{request.sides} shows 1 to {request.sides}, not {face!r}")
