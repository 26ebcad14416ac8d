"""The GraphQL enums, made from the domain's closed sets (domain/closed_sets.py), one per set.

Each GraphQL value is the member's name (BUY_ASSET); resolvers receive and answer the domain's own enum,
whose value is the string events and REST carry ("Buy Asset"). See docs/architecture.md, "Enums".
A GraphQL module imports an enum from the domain (a rule system's face, domain.enums…); importing this module
(core/errors.py, where every schema starts) registers them all before a schema reads an annotation.
"""

from __future__ import annotations

from enum import StrEnum

import strawberry

from domain.closed_sets import CLOSED_SETS

# Sets whose domain class has no docstring of its own.
DESCRIPTIONS = {
    "RuleSystem": "A rule system a campaign runs: the Faction Turn (seed 002) or the Game of Bones (seed 000).",
    "CampaignPreset": "What a new campaign starts with: seed 002's worked-example map alone, its worked example, or "
    "the demo (the worked example and three houses playing the Game of Bones); docs/console.md, Presets.",
    "PhaseStatus": "Where a campaign's phase stands: setup (none opened yet), open, resolving or resolved.",
    "SeatRole": "Who a seat is: the GM, a player bound to one faction or house, or an observer.",
    "Attribute": "A Faction Turn attribute (seed 002): Force, Cunning or Wealth.",
    "HouseActionName": "The fifteen actions of the Game of Bones (seed 000, Taking Action).",
    "CharacterStatus": "Whether a house's leader or lieutenant is free to act, dead or captured.",
    "CircumstanceHook": "Seed 000's judgement calls a GM may record on a house (imposeHouseCircumstance).",
    "CircumstanceApplies": "What a house's circumstance modifies.",
}


def register(name: str, enum: type[StrEnum]) -> type[StrEnum]:
    """Make the domain enum a GraphQL enum named `name` (once; the class itself is what resolvers see)."""
    doc = enum.__doc__ if enum.__doc__ and "__doc__" in vars(enum) else None
    return strawberry.enum(enum, name=name, description=DESCRIPTIONS.get(name) or doc)


for _name, _enum in CLOSED_SETS.items():
    register(_name, _enum)
