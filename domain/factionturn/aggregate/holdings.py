"""What a faction holds: owned asset instances and the numbers derived from its ratings.

Seed 002, "Raising Stats" and "Creating a Faction": maximum HP is 4 plus a value per rating.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from domain.factionturn.tables.passives import Passive
from domain.factionturn.tables.progression import XP_COST, max_hp

RULE_RATINGS = "seed 002, Defining Factions"
ATTRIBUTES = ("force", "cunning", "wealth")
MIN_RATING = 1
MAX_RATING = 8
BASE_OF_INFLUENCE = Passive.BASE_OF_INFLUENCE.value  # its rules read its type key, not its ability
WILD_TERRAIN = "wild_terrain"
WILD_MONSTER = "wild_monster"

# Seed 002, Raising Stats: the XP it costs to reach a score (tables: progression.py).
RAISE_XP = {score: cost for score, cost in XP_COST.items() if cost is not None}


def max_hp_for(force: int, cunning: int, wealth: int) -> int:
    """4 plus a value per rating (progression.py): minor 4/3/1 -> 15, major 6/5/3 -> 29, hegemon 8/7/5 -> 49."""
    return max_hp(force, cunning, wealth)


def income_for(force: int, cunning: int, wealth: int) -> int:
    """Seed 002, Procedure: half Wealth rounded up plus a quarter of Force + Cunning rounded down."""
    return -(-wealth // 2) + (force + cunning) // 4


@dataclass
class OwnedAsset:
    """One asset a faction owns, where it is and what state it is in."""

    id: str
    type_key: str
    name: str
    attribute: str  # force, cunning, wealth; "special" for Bases of Influence and The Wild
    region_id: str
    hp: int
    max_hp: int
    usable_from: int = 0  # the owner's turn number from which it may act, defend and use abilities
    stealthed: bool = False
    threatened: bool = False
    arrives_on: int = 0  # owner's turn number on which a transit (difficult terrain, ocean) ends
    disabled: bool = False  # Confidence Men: useless until half its cost is paid
    sheltered: bool = False  # Boltholes: at 0 HP, untouchable and unusable until fully repaired
    attached_to: str = ""  # Agitators: the enemy asset id they sap
    ability_blocked_by: str = ""  # Arsonists: faction id whose next turn lifts the block
    difficulty: int = 0  # The Wild: terrain difficulty or monster level, added to its rolls
    hit_die: str = ""  # The Wild monsters: the die they heal and strike with, e.g. "1d10"
    counter: str = ""  # The Wild terrain: its counterattack dice, when it has one
    heal: str = ""  # The Wild monsters: all their hit dice, rolled to heal each turn, e.g. "19d10+76"
    moved_phase: int | None = None  # The Wild monsters: the phase of the GM's last move of it (one hex a turn)
    attacked_phase: int | None = None  # The Wild monsters: the phase of the GM's last attack with it
    custom_type: dict[str, Any] | None = None  # a campaign's own asset type: its row (custom_types.py)
    # Cathedral, Treasure Vault: the owner's turn number in which it last restored a unit / ignored a loss
    restored_on: int | None = None

    @property
    def is_base(self) -> bool:
        return self.type_key == BASE_OF_INFLUENCE

    def usable_on(self, turn: int) -> bool:
        return (
            turn >= self.usable_from
            and turn >= self.arrives_on
            and not (self.threatened or self.disabled or self.sheltered)
        )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> OwnedAsset:
        return cls(**data)

    @classmethod
    def base(cls, asset_id: str, region_id: str, hp: int, usable_from: int = 0) -> OwnedAsset:
        """A Base of Influence of `hp` (seed 002: its HP and max HP are the HP put into it)."""
        return cls(asset_id, BASE_OF_INFLUENCE, "Base of Influence", "special", region_id, hp, hp, usable_from)
