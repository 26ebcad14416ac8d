"""The Wild as a faction (seed 002, Special Faction: The Wild): its Terrain and Monster assets."""

from __future__ import annotations

from uuid import UUID

from domain.dice import DiceSpec
from domain.errors import InvalidInputError
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.holdings import WILD_MONSTER, WILD_TERRAIN, OwnedAsset
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.tables.wild import terrain_of_difficulty

THE_WILD = "The Wild"


# Seed 002, Special Faction: The Wild gives it no ratings and no hit points: "The Terrain Asset adds its difficulty
# to its defense rolls, instead of a stat", and each asset has its own HP. Told to every client beside them.
WILD_STATS_NOTE = (
    "The seed gives The Wild no Force, Cunning, Wealth or hit points (seed 002, Special Faction: The "
    "Wild): its Terrain and Monster assets roll their difficulty instead of a stat and carry their own "
    "HP. The ratings of 1 and the HP shown are the engine's own, held only so that The Wild is stored "
    "as a faction; no rule of The Wild reads them."
)


def found_the_wild(campaign_id: UUID, region_id: str, secret: str = "") -> Faction:
    """The Wild has no ratings of its own (its assets add their difficulty instead); it is given 1s."""
    return Faction.found(campaign_id, THE_WILD, 1, 1, 1, region_id, wild=True, secret=secret)


def stats_note(wild: bool) -> str | None:
    """Why a faction's ratings and HP are the engine's own (The Wild's), or None when they are the faction's."""
    return WILD_STATS_NOTE if wild else None


def terrain(wild: FactionView, region_id: str, difficulty: int, hp: int, name: str = "Terrain") -> OwnedAsset:
    """A Terrain asset: defends with its difficulty; counterattacks as the Terrain Table says."""
    row = terrain_of_difficulty(difficulty)
    return OwnedAsset(
        wild.next_asset_id(),
        WILD_TERRAIN,
        name,
        "special",
        region_id,
        hp,
        hp,
        difficulty=difficulty,
        counter=str(row.counter) if row.counter else "",
    )


def stated_terrain_hp(difficulty: int, hp: int) -> int:
    """A Terrain HP the GM states instead of rolling (the worked example's "Terrain 2 Asset with 7 hp"): it must
    be one the row's HP dice can give (seed 002, Terrain Table)."""
    dice = terrain_of_difficulty(difficulty).hp
    if not dice.minimum <= hp <= dice.maximum:
        raise InvalidInputError(
            f"terrain difficulty {difficulty} has {dice} HP ({dice.minimum}-{dice.maximum}), not {hp}"
        )
    return hp


def monster(
    wild: FactionView, region_id: str, name: str, level: int, hp: int, hit_die: str, heal: str = ""
) -> OwnedAsset:
    """A Monster asset: level = CR / 3; strikes with one hit die + level; heals a roll of its hit dice
    (`heal`, e.g. "19d10+76", from its stat block; one hit die when not given)."""
    return OwnedAsset(
        wild.next_asset_id(),
        WILD_MONSTER,
        name,
        "special",
        region_id,
        hp,
        hp,
        difficulty=level,
        hit_die=hit_die,
        heal=heal,
    )


def strike_dice(monster: OwnedAsset) -> DiceSpec:
    """Seed 002, Monster: "When dealing damage on an attack or counterattack, a monster rolls one of its hit dice
    and adds its difficulty level"."""
    return DiceSpec(1, DiceSpec.parse(monster.hit_die or "1d8").sides, monster.difficulty)
