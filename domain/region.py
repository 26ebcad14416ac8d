"""The Region aggregate: a hex of the campaign map and, for the Game of Bones, a city area."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.campaign import clean_name
from domain.dice import DiceSpec
from domain.enums import Population
from domain.errors import InvalidInputError
from domain.gm import check_intervention
from domain.history import Rewindable, leaner
from domain.ids import region_id

# Seed 002, "Arcana & Population of Home Region": the population column, smallest first.
POPULATIONS = tuple(p.value for p in Population)
MAX_ARCANA = 5  # seed 002: arcana levels run 0-5
MAX_TERRAIN = 8  # seed 002, The Wild: "A Terrain difficulty will range from 0 to 8"
DIFFICULT_TERRAIN_ABOVE = 5  # seed 002: "Terrain above difficulty 5 ... twice as long"


def check_region_values(arcana: int, population: str, terrain_difficulty: int, income: int) -> None:
    if not 0 <= arcana <= MAX_ARCANA:
        raise InvalidInputError(f"arcana level must be 0-{MAX_ARCANA}, not {arcana}")
    if population not in POPULATIONS:
        raise InvalidInputError(f"unknown population {population!r}; choose from {list(POPULATIONS)}")
    if not 0 <= terrain_difficulty <= MAX_TERRAIN:
        raise InvalidInputError(f"terrain difficulty must be 0-{MAX_TERRAIN}, not {terrain_difficulty}")
    if income < 0:
        raise InvalidInputError(f"monthly income cannot be negative, not {income}")


def check_monster(monster: dict[str, Any]) -> dict[str, Any]:
    """Seed 002, Monster: difficulty is CR/3; HP and hit dice come from its stat block."""
    name = clean_name(str(monster.get("name", "")), "monster")
    cr, hp = int(monster.get("cr", 0)), int(monster.get("hp", 0))
    if not 0 <= cr <= 30:
        raise InvalidInputError(f"a monster's challenge rating must be 0-30, not {cr}")
    if hp < 1:
        raise InvalidInputError(f"a monster needs at least 1 hit point, not {hp}")
    hit_dice = str(DiceSpec.parse(str(monster.get("hit_dice", ""))))
    return {"name": name, "cr": cr, "hp": hp, "hit_dice": hit_dice, "difficulty": cr // 3}


@leaner  # the @event methods triggered leaner (domain/history.py; issue 31, P6)
class Region(Rewindable):
    """Name, hex, arcana, population, tags, terrain, government; and as a city area income and troops."""

    @staticmethod
    def create_id(campaign_id: UUID, q: int, r: int) -> UUID:
        return region_id(campaign_id, q, r)

    @classmethod
    def map(
        cls,
        campaign_id: UUID,
        name: str,
        q: int,
        r: int,
        *,
        arcana: int = 0,
        population: str = "Hundreds",
        tags: list[str] | None = None,
        terrain_difficulty: int = 0,
        wild: bool = False,
        monthly_income: int = 0,
        monster: dict[str, Any] | None = None,
    ) -> Region:
        check_region_values(arcana, population, terrain_difficulty, monthly_income)
        clean_tags = sorted({t.strip() for t in tags or [] if t.strip()})
        return cls(
            campaign_id,
            clean_name(name, "region"),
            q,
            r,
            arcana,
            population,
            clean_tags,
            terrain_difficulty,
            wild,
            monthly_income,
            check_monster(monster) if monster else None,
        )

    @event("Mapped")
    def __init__(
        self,
        campaign_id: UUID,
        name: str,
        q: int,
        r: int,
        arcana: int,
        population: str,
        tags: list[str],
        terrain_difficulty: int,
        wild: bool,
        monthly_income: int,
        monster: dict[str, Any] | None,
    ) -> None:
        self.campaign_id = campaign_id
        self.name = name
        self.q = q
        self.r = r
        self.arcana = arcana
        self.population = population
        self.tags = list(tags)
        self.terrain_difficulty = terrain_difficulty
        self.wild = wild
        self.governing_faction_id: str | None = None
        # Seed 002, Region Specifics: "Assign a head monster to the region" (The Wild).
        self.monster = monster
        # Game of Bones, "target areas": a city block or holding with income, a controller and troops.
        self.monthly_income = monthly_income
        self.controlling_house_id: str | None = None
        self.troops: dict[str, int] = {}  # house id -> power stationed here

    @property
    def hex(self) -> tuple[int, int]:
        return self.q, self.r

    @property
    def difficult_terrain(self) -> bool:
        return self.terrain_difficulty > DIFFICULT_TERRAIN_ABOVE

    @event("Described")
    def describe(self, name: str, arcana: int, population: str, tags: list[str], terrain_difficulty: int) -> None:
        self.name = name
        self.arcana = arcana
        self.population = population
        self.tags = list(tags)
        self.terrain_difficulty = terrain_difficulty

    @event("GovernmentChanged")
    def change_government(self, faction_id: str | None, reason: str) -> None:
        self.governing_faction_id = faction_id
        self.wild = self.wild and faction_id is None

    @event("ControlChanged")
    def change_control(self, house_id: str | None, reason: str) -> None:
        self.controlling_house_id = house_id

    @event("IncomeSet")
    def set_income(self, monthly_income: int) -> None:
        self.monthly_income = monthly_income

    def station_troops(self, house_id: str, power: int, reason: str) -> None:
        if self.troops.get(house_id, 0) + power < 0:
            raise InvalidInputError(f"house {house_id} has only {self.troops.get(house_id, 0)} power in {self.name}")
        self._troops_changed(house_id, power, reason)

    @event("TroopsChanged")
    def _troops_changed(self, house_id: str, power: int, reason: str) -> None:
        total = self.troops.get(house_id, 0) + power
        if total:
            self.troops[house_id] = total
        else:
            self.troops.pop(house_id, None)

    # --- the GM's hand (docs/rules-notes/gm.md) -------------------------------------------------------------
    def appoint_ruler(self, role: str, holder_id: str | None, seat: str, reason: str) -> None:
        """Grant or remove the Regional Government (a faction) or control of the area (a house)."""
        why = check_intervention(seat, reason)
        if role not in ("government", "control"):
            raise InvalidInputError(f"a region has a government or a controller, not {role!r}")
        current = self.governing_faction_id if role == "government" else self.controlling_house_id
        if current == holder_id:
            raise InvalidInputError(f"{self.name}'s {role} is already {holder_id}")
        self._ruler_appointed(role, holder_id, current, seat, why)

    @event("RulerAppointed")
    def _ruler_appointed(self, role: str, holder_id: str | None, previous: str | None, seat: str, reason: str) -> None:
        if role == "government":
            self.governing_faction_id = holder_id
            self.wild = self.wild and holder_id is None
        else:
            self.controlling_house_id = holder_id
