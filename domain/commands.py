"""Commands for campaign setup: what a GM asks for, before any rule decides (a campaign, its regions, and the
factions and houses of its two rule systems)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from domain.gameofbones.tables.records import Character


@dataclass(frozen=True)
class MapRegion:
    name: str
    q: int
    r: int
    arcana: int = 0
    population: str = "Hundreds"
    tags: list[str] = field(default_factory=list)
    terrain_difficulty: int = 0
    wild: bool = False
    monthly_income: int = 0
    monster: dict[str, Any] | None = None  # name, cr, hp, hit_dice (The Wild's head monster)


@dataclass(frozen=True)
class CreateCampaign:
    name: str
    rule_systems: list[str]
    dice_seed: str | None = None
    regions: list[MapRegion] = field(default_factory=list)


@dataclass(frozen=True)
class AddRegions:
    campaign_id: UUID
    regions: list[MapRegion]


@dataclass(frozen=True)
class RollDice:
    campaign_id: UUID
    expression: str
    purpose: str


# ---- the rule systems' members, as the GM sets them up -------------------------------------------------------
@dataclass(frozen=True)
class StartingAsset:
    type_key: str  # a catalog key, or one of the campaign's custom types (docs/rules-notes/gm.md)
    region_id: UUID | None = None  # default: the home region


@dataclass(frozen=True)
class FoundFaction:
    campaign_id: UUID
    name: str
    force: int
    cunning: int
    wealth: int
    home_region_id: UUID
    tags: list[str] = field(default_factory=list)
    facgold: int = 0
    xp: int = 0
    hp: int | None = None
    assets: list[StartingAsset] = field(default_factory=list)


@dataclass(frozen=True)
class StartingMember:
    name: str
    classes: dict[str, int]


@dataclass(frozen=True)
class StartingPriest:
    name: str
    level: int
    fatespinner_priestess: bool = False


@dataclass(frozen=True)
class StartingArea:
    region_id: UUID
    troops: int = 0  # power stationed there


@dataclass(frozen=True)
class RegisterHouse:
    """A house as the GM sets it up: its leader and treasury, and optionally its people, grants and areas."""

    campaign_id: UUID
    name: str
    leader: Character
    gold: int = 0
    lieutenants: list[Character] = field(default_factory=list)
    members: list[StartingMember] = field(default_factory=list)
    priests: list[StartingPriest] = field(default_factory=list)
    influence: int = 0  # the GM's grant of standing influence (seed 000 sets no start beyond the tables)
    power: int = 0  # power granted directly, beyond the members' by the Gaining Power table
    areas: list[StartingArea] = field(default_factory=list)
