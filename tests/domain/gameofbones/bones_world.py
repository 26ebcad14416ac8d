"""Builders for Game of Bones tests: houses, areas and a little world that orders and resolves."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from uuid import UUID

from domain.dice import FixedDice
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.resolution.ledger import Ledger, apply_outcome
from domain.gameofbones.resolution.month import RESOLVERS, MonthReport, apply_month, resolve_month
from domain.gameofbones.resolution.orders_given import order_action
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.rules.outcomes import Outcome
from domain.gameofbones.rules.scene import Scene
from domain.gameofbones.tables.actions import ActionName
from domain.gameofbones.tables.records import Character, PendingAction
from domain.region import Region

CAMPAIGN = UUID("00000000-0000-4000-8000-000000000000")


def person(name: str, level: int = 10, **skills: int) -> Character:
    names = {
        "gi": "Gather Information",
        "sm": "Sense Motive",
        "dip": "Diplomacy",
        "bluff": "Bluff",
        "inn": "Innuendo",
        "intim": "Intimidate",
        "hide": "Hide",
        "reflex": "Reflex save",
        "merchant": "Profession (Merchant)",
    }
    return Character(name, level, {names[k]: v for k, v in skills.items()})


def house(
    name: str,
    *,
    influence: int = 0,
    power: int = 0,
    gold: int = 100_000,
    leader: Character | None = None,
    lieutenants: Iterable[Character] = (),
    secret: str = "",
) -> House:
    built = House.register(CAMPAIGN, name, leader or person(f"{name} Matron"), gold, secret)
    for lieutenant in lieutenants:
        built.appoint_lieutenant(lieutenant)
    if influence:
        built.change_influence(influence, "setup")
    if power:
        built.change_power(power, "setup")
    return built


@dataclass
class World:
    houses: dict[str, House] = field(default_factory=dict)
    areas: dict[str, Region] = field(default_factory=dict)

    def add(self, *houses: House) -> World:
        for h in houses:
            self.houses[str(h.id)] = h
        return self

    def area(
        self, name: str, *, income: int = 0, controller: House | None = None, troops: dict[str, int] | None = None
    ) -> str:
        region = Region.map(CAMPAIGN, name, len(self.areas), 0, monthly_income=income)
        area_id = str(region.id)
        self.areas[area_id] = region
        if controller is not None:
            region.change_control(str(controller.id), "setup")
            controller.gain_area(area_id, "setup")
        for hid, power in (troops or {}).items():
            region.station_troops(hid, power, "setup")
        return area_id

    def order(self, actor_house: House, order: Order, phase: int = 1) -> PendingAction:
        return order_action(actor_house, order, phase=phase, houses=self.houses, areas=self.areas)

    def month(self, faces: Iterable[int], phase: int = 1) -> MonthReport:
        dice = FixedDice(faces)
        houses, areas = list(self.houses.values()), list(self.areas.values())
        report = resolve_month(houses, areas, phase, dice)
        apply_month(report, houses, areas)
        assert dice.remaining == 0, f"{dice.remaining} scripted faces were not used"
        return report

    def recorded(self) -> int:
        return sum(len(a.pending_events) for a in [*self.houses.values(), *self.areas.values()])


def court(secret: str = "") -> tuple[World, House, House]:
    """Baenre (rank 6: +6/+1, Influence/Power Defence 5/2) against Xorlarrin (rank 2: 3/0, a tie)."""
    yvonnel = person("Yvonnel", 12, gi=10, sm=10, dip=10, bluff=20, inn=15, hide=10)
    a = house(
        "Baenre",
        influence=30_000,
        power=6_000,
        leader=yvonnel,
        lieutenants=[person("Dab", 9)],
        secret=secret and f"{secret}-a",
    )
    b = house(
        "Xorlarrin",
        influence=3_000,
        power=3_000,
        gold=10_000,
        leader=person("Zeerith", 8, gi=5, sm=5),
        secret=secret and f"{secret}-b",
    )
    return World().add(a, b), a, b


def act(world: World, actor_house: House, order: Order, faces: Iterable[int]) -> Outcome:
    """Order an action and resolve it at once, as the month driver would in its week."""
    pending = world.order(actor_house, order)
    dice = FixedDice(faces)
    scene = Scene(actor_house, pending, pending.resolve_week, world.houses, world.areas)
    outcome = RESOLVERS[ActionName(pending.action)](scene, dice)
    assert dice.remaining == 0, f"{dice.remaining} scripted faces were not used"
    apply_outcome(outcome, Ledger(world.houses, world.areas))  # recorded on the world's own aggregates
    return outcome


def totals(outcome: Outcome) -> list[int]:
    return [r.total for r in outcome.rolls]
