"""What a seat may know: a typed `Unknown` where the odds would read a secret, and the world as a seat sees it.

The GM's odds read the truth. A player's odds read only what its seat may see (the visibility decisions of
service/usecases/visibility_registry.py): a rival's stealthed assets, its orders (defence plans, Book of Secrets
choices) and, in the Game of Bones, its Influence, Power, defences, effective Rank and circumstances are secret.
Where an odd depends on one of them, it is `Unknown`, with the reason, never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from domain.factionturn.rules.world import World


@dataclass(frozen=True)
class Unknown:
    """An odd this seat cannot be told: it depends on a secret (`reason` says which)."""

    reason: str


Chance = Fraction | Unknown


def known(value: object) -> bool:
    return not isinstance(value, Unknown)


def seen_world(world: World, viewer_id: str) -> World:
    """The Faction Turn world as `viewer_id`'s seat may see it: rivals' stealthed assets gone, rivals' orders
    unread (seed 002, Stealth: "cannot be detected"; orders are a faction's own, visibility_registry)."""
    seen = world.copy()
    for faction in seen.aggregates().values():  # its own copy, with what the seat cannot see taken out
        if str(faction.id) != viewer_id:
            for asset in [a for a in faction.assets.values() if a.stealthed]:
                del faction.assets[asset.id]
    seen.orders = {k: v for k, v in world.orders.items() if k == viewer_id}
    return seen
