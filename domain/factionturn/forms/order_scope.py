"""What checking one faction's orders reads, so that a submission loads only that (issue 16, item 3).

The check reads the faction itself; its home, the regions its orders name and the regions of its assets they
name (an attacker, a mover, the asset to refit); the factions its orders name; and, through those regions,
their governors (permission, Trade Embargo) and the rivals present there (Arcane Laboratory and Scholars
raise the arcana for every buyer, Local Investments add to a price, Agitators stop an attacker). The caller
finds those last two from the regions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from domain.factionturn.aggregate.orders import FactionOrders, orders_to_dict
from domain.factionturn.aggregate.view import FactionView


@dataclass(frozen=True)
class Scope:
    """Ids an order check reads: factions and regions, as the orders and the faction name them. An id may name
    nothing (the check then refuses it); `either` holds ids that may be a faction or a region (a goal's target)."""

    faction_ids: frozenset[str]
    region_ids: frozenset[str]
    either: frozenset[str]


def order_scope(faction: FactionView, orders: FactionOrders) -> Scope:
    factions: set[str] = set()
    regions = {faction.home_region_id}
    mentioned: set[str] = set()
    _walk(orders_to_dict(orders), factions, regions, mentioned)
    regions |= {a.region_id for i, a in faction.assets.items() if i in mentioned}
    either = {orders.goal.target} if orders.goal is not None and orders.goal.target else set()
    return Scope(frozenset(factions - {""}), frozenset(regions - {""}), frozenset(either))


def _walk(data: Any, factions: set[str], regions: set[str], mentioned: set[str]) -> None:
    """Every id the orders carry, by its field's name (`…region_id`, `…faction_id`, `allow_seizure`); every
    other text is kept in `mentioned`, where the faction's own asset ids are looked for."""
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(value, str) and key.endswith("region_id"):
                regions.add(value)
            elif isinstance(value, str) and key.endswith("faction_id"):
                factions.add(value)
            elif key == "allow_seizure" and isinstance(value, Iterable):
                factions.update(str(v) for v in value)
            else:
                _walk(value, factions, regions, mentioned)
    elif isinstance(data, list | tuple):
        for item in data:
            _walk(item, factions, regions, mentioned)
    elif isinstance(data, str):
        mentioned.add(data)
