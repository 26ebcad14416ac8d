"""Seed 002's Example Factions and the five factions of its worked example, as presets.

Some example assets are not catalog rows; each is mapped to one, and how is recorded in `match`
(docs/rules-notes/factionturn-tables.md, "Example Faction assets").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from domain.factionturn.tables.assets import Attribute
from domain.factionturn.tables.progression import max_hp


class AssetMatch(StrEnum):
    EXACT = "exact"  # the printed name is the catalog row's name
    RENAMED = "renamed"  # another name the seed itself uses for that row
    STAND_IN = "stand_in"  # no such row; the nearest row of the printed attribute and rating stands in


@dataclass(frozen=True)
class PresetAsset:
    printed: str
    attribute: Attribute  # as printed after the slash
    rating: int  # as printed after the slash
    key: str
    match: AssetMatch = AssetMatch.EXACT


@dataclass(frozen=True)
class ExampleFaction:
    name: str
    force: int
    cunning: int
    wealth: int
    stated_hp: int
    assets: tuple[PresetAsset, ...]
    tags: tuple[str, ...]

    @property
    def max_hp(self) -> int:
        return max_hp(self.force, self.cunning, self.wealth)


_F, _C, _W = Attribute.FORCE, Attribute.CUNNING, Attribute.WEALTH
_EXACT, _RENAMED, _STAND_IN = AssetMatch.EXACT, AssetMatch.RENAMED, AssetMatch.STAND_IN


def _a(printed: str, attribute: Attribute, rating: int, key: str, match: AssetMatch = _EXACT) -> PresetAsset:
    return PresetAsset(printed, attribute, rating, key, match)


EXAMPLE_FACTIONS: tuple[ExampleFaction, ...] = (
    ExampleFaction(
        "Colony",
        4,
        3,
        1,
        15,
        (
            _a("Guerilla Populace", _F, 2, "mob", _STAND_IN),
            _a("Arsonists", _C, 2, "arsonists"),
        ),
        ("colonists",),
    ),
    ExampleFaction(
        "Savage Tribe",
        4,
        1,
        3,
        15,
        (
            _a("Zealots", _F, 3, "zealots"),
            _a("Indentured Workforce", _W, 1, "indentured_workforce"),
        ),
        ("savage",),
    ),
    ExampleFaction(
        "Backwater Region",
        6,
        3,
        5,
        29,
        (
            _a("Arcana Infantry", _F, 4, "regiment", _STAND_IN),
            _a("Regional Defences", _F, 6, "fortress", _STAND_IN),
            _a("Informers", _C, 1, "informers"),
            _a("Bank", _W, 4, "treasure_vault", _STAND_IN),
        ),
        ("deep_rooted",),
    ),
    ExampleFaction(
        "Zealous Faith",
        3,
        6,
        5,
        29,
        (
            _a("Demagogue", _C, 6, "demagogue"),
            _a("Informants", _C, 5, "informers", _RENAMED),  # printed "Cunning 5"; Informers is Cunning 1
            _a("Zealots", _F, 3, "zealots"),
            _a("Confidence Men", _W, 5, "confidence_men"),
        ),
        ("theocratic",),
    ),
    ExampleFaction(
        "Regional Hegemon",
        8,
        5,
        7,
        49,
        (
            _a("Marines", _F, 7, "shock_troops", _STAND_IN),
            _a("Regional Defences", _F, 6, "fortress", _STAND_IN),
            _a("Bandits", _F, 5, "bandits"),
            _a("Extended Theater", _F, 4, "extended_supply_lines", _RENAMED),
            _a("Arcana Smith", _W, 7, "arcane_industry", _STAND_IN),
            _a("Shipping Combine", _W, 4, "airship_fleet", _STAND_IN),
            _a("Intrusion Ward", _C, 4, "thieves_guild", _STAND_IN),
            _a("Assassin", _C, 3, "master_assassin", _RENAMED),
        ),
        ("imperialist",),
    ),
    ExampleFaction(
        "Merchant Alliance",
        3,
        5,
        6,
        29,
        (
            _a("Risky Investments", _W, 6, "risky_investments"),
            _a("Airship Trade Hub", _W, 4, "airship_fleet", _STAND_IN),
            _a("Calvary", _F, 2, "calvary"),  # printed "Forces 2"; Calvary is Force 6
            _a("Blackmail", _C, 2, "blackmail"),
        ),
        ("plutocratic",),
    ),
    ExampleFaction(
        "Cult",
        3,
        6,
        5,
        29,
        (
            _a("Illusionists", _C, 5, "illusionists"),
            _a("Demagogue", _C, 6, "demagogue"),
            _a("Arcane Laboratory", _W, 3, "arcane_laboratory"),
            _a("Cultists", _F, 1, "thugs", _STAND_IN),
        ),
        ("cult",),
    ),
    ExampleFaction(
        "Rebel Freedom Fighters",
        3,
        4,
        1,
        15,
        (
            _a("Agitators", _C, 4, "agitators"),
            _a("Zealots", _F, 3, "zealots"),
        ),
        ("secretive",),
    ),
)

# Printed tag spellings of the Example Factions, in order: "Imperialists" and "Eugenics Cult" map to tags.
EXAMPLE_PRINTED_TAGS = (
    "Colonists",
    "Savage",
    "Deep Rooted",
    "Theocratic",
    "Imperialists",
    "Plutocratic",
    "Eugenics Cult",
    "Secretive",
)
