"""The Faction Turn's face (issue 30, item 3): `RuleSystem` over the package's own functions."""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from domain.dice import Dice
from domain.factionturn.effects import Effect
from domain.factionturn.faction import Faction
from domain.factionturn.order_checks import check_orders
from domain.factionturn.orders import FactionOrders
from domain.factionturn.phase import PhaseOutcome, resolve_phase
from domain.factionturn.preview import FactionPreview, preview_faction
from domain.factionturn.world import Outcome, World
from domain.rule_system import RuleSystem


@dataclass(frozen=True)
class Founding:
    """A faction as seed 002, Creating a Faction, sets it up (`Faction.found`)."""

    name: str
    force: int
    cunning: int
    wealth: int
    home_region_id: str
    tags: tuple[str, ...] = ()
    facgold: int = 0
    secret: str = ""


@dataclass(frozen=True)
class TurnReport:
    """A faction's part of a resolved phase: its own turn, and what other factions' turns did to it."""

    faction_id: str
    turn: Outcome | None
    suffered: tuple[Effect, ...]


class FactionTurn:
    name = "factionturn"

    def found(self, campaign_id: UUID, founding: Founding) -> Faction:
        f = founding
        return Faction.found(campaign_id, f.name, f.force, f.cunning, f.wealth, f.home_region_id, tags=list(f.tags),
                             facgold=f.facgold, secret=f.secret)  # fmt: skip

    def check_orders(self, table: World, member_id: str, orders: FactionOrders) -> None:
        check_orders(table, member_id, orders)

    def preview(self, table: World, member_id: str) -> FactionPreview:
        return preview_faction(table, member_id)

    def resolve(self, table: World, dice: Dice) -> PhaseOutcome:
        return resolve_phase(table.factions.values(), table.regions.values(), table.orders, dice, phase=table.phase,
                             custom_types=table.custom_types)  # fmt: skip

    def report(self, resolution: PhaseOutcome, member_id: str) -> TurnReport:
        others = [t for t in resolution.turns if t.faction_id != member_id]
        suffered = tuple(c.effect for t in others for c in t.changes if c.target_id == member_id)
        return TurnReport(member_id, resolution.turn_of(member_id), suffered)


FACTION_TURN: RuleSystem[World, Founding, FactionOrders, Faction, FactionPreview, PhaseOutcome, TurnReport]
FACTION_TURN = FactionTurn()
