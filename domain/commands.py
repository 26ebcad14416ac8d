"""Commands for campaign setup: what a GM asks for, before any rule decides."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from uuid import UUID


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
