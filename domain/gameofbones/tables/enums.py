"""The Game of Bones' closed sets, as enums whose values are the strings events and REST payloads carry.

The fifteen actions, a character's status, circumstances and skills live beside their rules; they are
named here too, so a client-facing adapter finds the Game of Bones' sets in one place (the GM's hooks stay
in gm_hooks.py, which needs the house).
"""

from __future__ import annotations

from enum import StrEnum

from domain.gameofbones.tables.actions import ActionName as HouseActionName
from domain.gameofbones.tables.gains import Skill
from domain.gameofbones.tables.records import Applies, Status

__all__ = [
    "Applies",
    "Fate",
    "HouseActionName",
    "HuntResult",
    "InfluenceSourceKey",
    "SettleResult",
    "Skill",
    "Status",
]


class Fate(StrEnum):
    """Seed 000, The Game of Bones and Player Characters: what the PCs do to a leader or lieutenant."""

    KILL = "kill"
    CAPTURE = "capture"
    SAVE = "save"

    @property
    def status(self) -> Status:
        return {Fate.KILL: Status.DEAD, Fate.CAPTURE: Status.CAPTURED, Fate.SAVE: Status.ACTIVE}[self]


class SettleResult(StrEnum):
    """How the GM settles a house's pending action: the PCs foil it, or it succeeds."""

    FOILED = "foiled"
    SUCCEEDED = "succeeded"


class InfluenceSourceKey(StrEnum):
    """Seed 000, Gaining Influence: the table's rows (domain/gameofbones/tables/gains.py GAINING_INFLUENCE)."""

    SPY = "spy"
    TAVERN = "tavern"
    BLACKMAIL = "blackmail"
    KILL = "kill"
    MAGIC_ITEM = "magic_item"
    PRIEST = "priest"
    FATESPINNER_PRIESTESS = "fatespinner_priestess"


class HuntResult(StrEnum):
    """Seed 000, Assassination: what a source hunt comes to (domain/gameofbones/rules/hunt.py)."""

    FOUND = "source found"
    EVIDENCE_DESTROYED = "the evidence was destroyed"
    NOT_FOUND = "not found"
