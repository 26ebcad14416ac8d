"""The Game of Bones' face (issue 30, items 3-4): `RuleSystem` over the package's own functions, and everything of
the package that `service/` and `projections/` may use (`__all__`; an import-linter contract in pyproject.toml keeps
them to this module). A name the service needs is exported here, not imported from the module that defines it.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from domain.dice import Dice
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.aggregate.intel import (
    HouseIntel,
    knowing,
    knowing_rows,
    knowledge_given,
    seen_entry,
    sighting_entries,
    view_order,
)
from domain.gameofbones.forms.orders import Order, decode_order
from domain.gameofbones.resolution.ledger import record_hunt, working_copy
from domain.gameofbones.resolution.month import MonthReport, apply_month, resolve_month, resolve_month_in_place
from domain.gameofbones.resolution.orders_given import order_action
from domain.gameofbones.rules.custom import GoldChange, InfluenceChange, PowerChange, effects_of, is_custom, plan_custom
from domain.gameofbones.rules.garrison import check_stationing, stationed_power
from domain.gameofbones.rules.gm_hooks import Hook, gm_circumstance
from domain.gameofbones.rules.hunt import SourceHunt, hunt_source
from domain.gameofbones.rules.influence import attempt_influence_gain
from domain.gameofbones.rules.order_checks import CUSTOM
from domain.gameofbones.rules.ordering import ONE_AREA, plan_open_move
from domain.gameofbones.rules.outcomes import Outcome
from domain.gameofbones.rules.preview import HouseOption, preview_house
from domain.gameofbones.rules.scene import GM_ONLY
from domain.gameofbones.rules.standing import Standing
from domain.gameofbones.rules.view import intel_id
from domain.gameofbones.tables.action_texts import ACTION_TEXTS
from domain.gameofbones.tables.actions import ACTION_TABLE, ACTIONS, ActionName, Target, action_rule
from domain.gameofbones.tables.enums import Applies, Fate, HouseActionName, HuntResult, InfluenceSourceKey, SettleResult
from domain.gameofbones.tables.gains import GAINING_INFLUENCE, GAINING_POWER, INFLUENCE_RULE, POWER_RULE
from domain.gameofbones.tables.ranks import RANK_RULE, RANK_TABLE
from domain.gameofbones.tables.records import (
    DATED_KEYS,
    AreaDamage,
    Character,
    Circumstance,
    Member,
    PendingAction,
    Priest,
    Spy,
    Status,
    dated,
    week_fields,
    week_of_month,
)
from domain.gameofbones.tables.scales import Scale
from domain.region import Region
from domain.rule_system import Companion, RuleSystem


@dataclass
class Court:
    """The campaign's houses and areas (the whole map: stationed power is not free to dedicate, garrison.py) at a
    phase, and each house's intel by house id (a house from before intel streams has none)."""

    houses: dict[str, House]
    areas: dict[str, Region]
    phase: int
    intel: dict[str, HouseIntel] = field(default_factory=dict)


@dataclass(frozen=True)
class HouseFounding:
    """A house as seed 000's GM sets it up (`House.register`): its name, leader and treasury."""

    name: str
    leader: Character
    gold: int = 0
    secret: str = ""  # random text no seat sees, which makes the house's action ids unguessable (ordering.py)


@dataclass(frozen=True)
class MonthResolution:
    """A resolved month: the report, and the working copies it was played on, its changes pending on them."""

    report: MonthReport
    court: Court


@dataclass(frozen=True)
class HouseMonth:
    """A house's part of a resolved month: what its own actions did, what others' did to it, its income."""

    house_id: str
    own: tuple[Outcome, ...]
    suffered: tuple[Outcome, ...]
    income: int


def _copy(court: Court) -> Court:
    """Working copies of the whole court in one deep copy, so what refers to what stays shared."""
    houses, areas, intel = copy.deepcopy((court.houses, court.areas, court.intel))
    return Court(houses, areas, court.phase, intel)


class GameOfBones:
    name = "gameofbones"
    kind = "house"
    member = House
    # seed 000's houses learn things; the knowledge lives in their intel streams (domain/gameofbones/aggregate/intel.py)
    companion = Companion("houseknowledge", knowing_rows, everywhere=False)
    one_order_a_phase = False  # seed 000, Taking Action: one action a month for each leader and lieutenant

    def assets_of(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        return []  # a house holds areas, influence and power, not assets

    def found(self, campaign_id: UUID, founding: HouseFounding) -> House:
        f = founding
        return House.register(campaign_id, f.name, f.leader, f.gold, f.secret)

    def check_orders(self, table: Court, member_id: str, orders: Sequence[Order]) -> None:
        """Each order checked as `order_action` checks it, in turn, on working copies: each sees what those
        before it dedicated."""
        court = _copy(table)
        house = court.houses[member_id]
        for order in orders:
            order_action(house, order, phase=court.phase, houses=court.houses, areas=court.areas)

    def preview(self, table: Court, member_id: str) -> tuple[HouseOption, ...]:
        return preview_house(table.houses[member_id], phase=table.phase, houses=table.houses, areas=table.areas)

    def resolve(self, table: Court, dice: Dice) -> MonthResolution:
        court = _copy(table)
        report = resolve_month(list(court.houses.values()), list(court.areas.values()), court.phase, dice, court.intel)
        apply_month(report, court.houses.values(), court.areas.values(), court.intel)
        return MonthResolution(report, court)

    def report(self, resolution: MonthResolution, member_id: str) -> HouseMonth:
        outcomes = resolution.report.outcomes
        return HouseMonth(
            member_id,
            tuple(o for o in outcomes if o.house_id == member_id),
            tuple(o for o in outcomes if o.defender_id == member_id and o.house_id != member_id),
            resolution.report.income.get(member_id, 0),
        )


GAME_OF_BONES: RuleSystem[
    Court, HouseFounding, Sequence[Order], House, tuple[HouseOption, ...], MonthResolution, HouseMonth
]
GAME_OF_BONES = GameOfBones()

__all__ = [
    "ACTIONS",
    "ACTION_TABLE",
    "ACTION_TEXTS",
    "CUSTOM",
    "DATED_KEYS",
    "GAINING_INFLUENCE",
    "GAINING_POWER",
    "GAME_OF_BONES",
    "GM_ONLY",
    "INFLUENCE_RULE",
    "ONE_AREA",
    "POWER_RULE",
    "RANK_RULE",
    "RANK_TABLE",
    "ActionName",
    "Applies",
    "AreaDamage",
    "Character",
    "Circumstance",
    "Court",
    "Fate",
    "GameOfBones",
    "GoldChange",
    "Hook",
    "House",
    "HouseActionName",
    "HouseFounding",
    "HouseIntel",
    "HouseMonth",
    "HouseOption",
    "HuntResult",
    "InfluenceChange",
    "InfluenceSourceKey",
    "Member",
    "MonthReport",
    "MonthResolution",
    "Order",
    "Outcome",
    "PendingAction",
    "PowerChange",
    "Priest",
    "Scale",
    "SettleResult",
    "SourceHunt",
    "Spy",
    "Standing",
    "Status",
    "Target",
    "action_rule",
    "apply_month",
    "attempt_influence_gain",
    "check_stationing",
    "dated",
    "decode_order",
    "effects_of",
    "gm_circumstance",
    "hunt_source",
    "intel_id",
    "is_custom",
    "knowing",
    "knowing_rows",
    "knowledge_given",
    "order_action",
    "plan_custom",
    "plan_open_move",
    "preview_house",
    "record_hunt",
    "resolve_month",
    "resolve_month_in_place",
    "seen_entry",
    "sighting_entries",
    "stationed_power",
    "view_order",
    "week_fields",
    "week_of_month",
    "working_copy",
]
