"""GraphQL types of the Game of Bones' city areas (seed 000): a region with its income, controller and the troops
stationed in it, as a seat may see them (over the region's read model)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.seats import Seat
from service.entrypoints.graphql.core.guards import seat
from service.entrypoints.graphql.core.visibility import over
from service.usecases.visibility import REGION, area_view


@over(REGION, "troops")
@strawberry.type(description="Power a house has stationed in an area.")
class Troops:
    house_id: UUID = strawberry.field(description="The id of the house whose troops they are (`House.id`).")
    power: int = strawberry.field(
        description="How much power the house has stationed there (a whole number of power points)."
    )


@over(REGION)
@strawberry.type(description="A city area: a region of the campaign with its income, controller and troops.")
class Area:
    id: UUID = strawberry.field(description="The area's id: a region of the campaign.")
    name: str = strawberry.field(description="The city area's name, as the GM mapped it.")
    q: int = strawberry.field(description="Its hex column on the map (axial q coordinate).")
    r: int = strawberry.field(description="Its hex row on the map (axial r coordinate).")
    monthly_income: int = strawberry.field(
        description="The gold (gp) the area pays its controlling house each month, before any damage."
    )
    controlling_house_id: UUID | None = strawberry.field(description="The house that controls it; null for none.")
    troops: list[Troops] = strawberry.field(
        description="The troops stationed in the area, by house: each house sees only its own (the GM all)."
    )

    @classmethod
    def seen_by(cls, info: Info, s: dict[str, Any]) -> Area:
        return cls.seen_as(seat(info), s)

    @classmethod
    def seen_as(cls, seat: Seat | None, s: dict[str, Any]) -> Area:
        return cls.from_state(area_view(s, seat))

    @classmethod
    def from_state(cls, s: dict[str, Any]) -> Area:
        troops = [Troops(house_id=UUID(h), power=p) for h, p in sorted(s["troops"].items())]
        controller = UUID(s["controlling_house_id"]) if s["controlling_house_id"] else None
        return cls(
            id=UUID(s["id"]),
            name=s["name"],
            q=s["q"],
            r=s["r"],
            monthly_income=s["monthly_income"],
            controlling_house_id=controller,
            troops=troops,
        )
