"""The Faction Turn's closed sets, as enums whose values are the strings events and REST payloads carry.

Attribute and AssetKind live with the asset tables (domain/factionturn/tables/assets.py) and are named here too,
so a client-facing adapter finds every Faction Turn set in one place.
"""

from __future__ import annotations

from enum import StrEnum

from domain.factionturn.tables.assets import AssetKind, Attribute

__all__ = [
    "AssetAttribute",
    "AssetKind",
    "AssetOutcome",
    "Attribute",
    "BookChoice",
    "ExampleFactionName",
    "FactionActionName",
    "GoalKey",
    "PermissionAnswer",
]


class FactionActionName(StrEnum):
    """Seed 002, Faction Actions: the turn's one action, by the name the seed prints ("None": it bides its time)."""

    NONE = "None"
    ATTACK = "Attack"
    BUY_ASSET = "Buy Asset"
    CHANGE_HOME = "Change Home"
    EXPAND_INFLUENCE = "Expand Influence"
    REFIT_ASSET = "Refit Asset"
    REPAIR_ASSET = "Repair Asset/Faction"
    SELL_ASSET = "Sell Asset"
    SEIZE_REGION = "Seize Region"
    USE_ASSET_ABILITY = "Use Asset Ability"
    CUSTOM_ACTION = "Custom Action"


class GoalKey(StrEnum):
    """Seed 002, Faction Goals: the goal table's rows (domain/factionturn/tables/goals.py GOALS)."""

    MILITARY_CONQUEST = "military_conquest"
    COMMERCIAL_EXPANSION = "commercial_expansion"
    INTELLIGENCE_COUP = "intelligence_coup"
    REGIONAL_SEIZURE = "regional_seizure"
    EXPAND_INFLUENCE = "expand_influence"
    BLOOD_THE_ENEMY = "blood_the_enemy"
    PEACEABLE_KINGDOM = "peaceable_kingdom"
    DESTROY_THE_FOE = "destroy_the_foe"
    INSIDE_ENEMY_TERRITORY = "inside_enemy_territory"
    INVINCIBLE_VALOR = "invincible_valor"
    LEGENDARY_WEALTH = "legendary_wealth"


class ExampleFactionName(StrEnum):
    """Seed 002, Example Factions (domain/factionturn/rules/examples.py EXAMPLE_FACTIONS)."""

    COLONY = "Colony"
    SAVAGE_TRIBE = "Savage Tribe"
    BACKWATER_REGION = "Backwater Region"
    ZEALOUS_FAITH = "Zealous Faith"
    REGIONAL_HEGEMON = "Regional Hegemon"
    MERCHANT_ALLIANCE = "Merchant Alliance"
    CULT = "Cult"
    REBEL_FREEDOM_FIGHTERS = "Rebel Freedom Fighters"


class PermissionAnswer(StrEnum):
    """Seed 002, Buy Asset: a ruler's answer to a rival buying a permission-needing asset in its region."""

    GRANT = "grant"
    BRIBE = "bribe"
    DENY = "deny"


class BookChoice(StrEnum):
    """Seed 002, Book of Secrets: reroll its own roll, or force the enemy to reroll."""

    OWN = "own"
    FORCE = "force"


class AssetOutcome(StrEnum):
    """A GM's adventure result on an asset (seed 002, Players & The Faction Turn)."""

    DESTROY = "destroy"
    DAMAGE = "damage"
    HEAL = "heal"
    REVEAL = "reveal"
    STEALTH = "stealth"


class AssetAttribute(StrEnum):
    """The attribute an owned asset answers to, as its holdings store it: a table row's attribute in lower
    case, or "special" for a Base of Influence and The Wild's Terrain and Monster
    (domain/factionturn/aggregate/holdings.py)."""

    FORCE = "force"
    CUNNING = "cunning"
    WEALTH = "wealth"
    SPECIAL = "special"
