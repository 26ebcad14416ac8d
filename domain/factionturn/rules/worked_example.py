"""Seed 002's "Example of Faction Play": the five factions of its worked example as generated, The Wild's
Charch-Go, and the Crows' made-up action, as presets (docs/rules-notes/factionturn-play.md)."""

from __future__ import annotations

from dataclasses import dataclass

from domain.factionturn.rules.creation import FactionSize
from domain.factionturn.tables.progression import max_hp
from domain.gm import CustomActionDef


@dataclass(frozen=True)
class WorkedFaction:
    """A faction of "Example of Faction Play", as generated, before its first faction turn."""

    number: int  # its place on the turn-order list
    name: str
    size: FactionSize
    arcana: int
    population: str
    force: int
    cunning: int
    wealth: int
    stated_hp: int
    tags: tuple[str, ...]
    goal: str
    goal_target: str | None
    home: str
    assets: tuple[str, ...]
    stated_income: int  # FacGold the text says it gains on its first turn

    @property
    def max_hp(self) -> int:
        return max_hp(self.force, self.cunning, self.wealth)


_MINOR, _MAJOR = FactionSize.MINOR, FactionSize.MAJOR

WORKED_FACTIONS: tuple[WorkedFaction, ...] = (
    # Rolled Heavy Transport(s) and chose Warmage Regiment instead.
    WorkedFaction(
        1,
        "Remzal's Chosen",
        _MINOR,
        5,
        "Thousands",
        4,
        1,
        3,
        15,
        ("pactsworn",),
        "regional_seizure",
        "home",
        "North-eastern corner of the map",
        ("warmage_regiment", "arcane_laboratory"),
        3,
    ),
    WorkedFaction(
        2,
        "Empresses' Crows",
        _MINOR,
        4,
        "Dozens",
        3,
        4,
        1,
        15,
        ("imperialist",),
        "destroy_the_foe",
        "The Republic",
        "Central-West",
        ("thieves_guild", "indentured_workforce"),
        2,
    ),
    WorkedFaction(
        3,
        "The Republic",
        _MAJOR,
        4,
        "Hundreds",
        6,
        5,
        3,
        29,
        ("rebels", "deep_rooted", "regional_government"),
        "inside_enemy_territory",
        "Empire Remnants",
        "South-East",
        ("calvary", "fortress", "covert_shipping", "organization_moles"),
        4,
    ),
    # Stated income 4; the income formula gives 5 (notes: "Empire Remnants' income").
    WorkedFaction(
        4,
        "Empire Remnants",
        _MAJOR,
        2,
        "Tens of Thousands",
        6,
        3,
        5,
        29,
        ("machiavellian",),
        "blood_the_enemy",
        "The Republic",
        "Central",
        ("veteran_regiment", "bandits", "confidence_men", "monopoly"),
        4,
    ),
    WorkedFaction(
        5,
        "Goldbar House",
        _MINOR,
        4,
        "Outpost",
        1,
        3,
        4,
        15,
        ("plutocratic",),
        "legendary_wealth",
        None,
        "South-West",
        ("treasure_vault", "master_assassin"),
        3,
    ),
)


@dataclass(frozen=True)
class WildExample:
    """Faction 6, The Wild: the beholder Charch-Go's lair and the beholder."""

    terrain_difficulty: int
    terrain_hp: int
    monster_level: int
    monster_hp: int
    terrain_2d6_as_stated: int  # the text says it rolled 3, which the table gives difficulty 1 (notes)


CHARCH_GO = WildExample(terrain_difficulty=2, terrain_hp=7, monster_level=4, monster_hp=189, terrain_2d6_as_stated=3)

# The text gives no starting FacGold, and its arithmetic starts every faction at 0: the Empire Remnants "gain
# 4 FacGold" and buy a 2 FacGold workforce, "That leaves them 2" (docs/rules-notes/factionturn-play.md).
STARTING_FACGOLD = 0

# The Crows' "special action I just made up": "They'll spend 2 more turns scouring the land for a way to bribe
# the Beholder Charch-Go, spending 2 FacGold each turn." Its reward (Charch-Go theirs for three turns) is the
# GM's to hand over (`transferAsset`): no check, no effect the engine applies.
BRIBE_THE_BEHOLDER = CustomActionDef(
    "bribe_the_beholder",
    "Bribe the Beholder",
    "factionturn",
    duration=2,
    cost=2,
    description="Scour the land for an artifact that induces dreams, to buy Charch-Go's service for three turns.",
)
