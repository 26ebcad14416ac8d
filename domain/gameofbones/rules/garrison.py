"""Power stationed in areas, and power dedicated to actions: never the same soldiers (docs/rules-notes, Assault).

Seed 000, Taking Action: dedicated power "cannot be used for any other actions or defences during the course of
the action", and an Assault's defender counts "power … in position at the location". Troops in position are that
area's defence, so an order's dedicated power comes from power that is neither dedicated nor stationed, and power
dedicated to an action cannot be stationed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from domain.errors import RuleViolationError
from domain.gameofbones.rules.view import HouseView

if TYPE_CHECKING:
    from domain.region import Region

GARRISON_RULE = "seed 000, Taking Action: Cost (dedicated power cannot be used for defences)"


def stationed_power(house_id: str, areas: Iterable[Region]) -> int:
    """The house's power in position across the areas given (pass the whole map)."""
    return sum(area.troops.get(house_id, 0) for area in areas)


def free_power(house: HouseView, stationed: int) -> int:
    """Power an order may dedicate: neither dedicated to another action nor stationed in an area."""
    return max(0, house.available_power - stationed)


def check_stationing(house: HouseView, stationed: int) -> None:
    """`stationed`: the house's power in position once the change is made."""
    if stationed > house.available_power:
        busy = f" ({house.dedicated_power} is dedicated to actions)" if house.dedicated_power else ""
        raise RuleViolationError(
            f"{house.name} has {house.power} power; {stationed} cannot be stationed{busy}", GARRISON_RULE
        )
