"""Moving assets with the movement abilities (seed 002, asset descriptions; Difficult Terrain; the ocean)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.asset_effects import AssetMoved
from domain.factionturn.aggregate.effects import FacGoldSpent
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.orders import AbilityUse
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules import abilities
from domain.factionturn.rules.purchase_rules import obtain_permission, permission
from domain.factionturn.rules.rows import holds, kind_of, type_of
from domain.factionturn.rules.world import Session, World, roll_dicts
from domain.factionturn.tables.assets import AssetKind, AssetType
from domain.factionturn.tables.passives import Passive
from domain.region import Region

RULE_TERRAIN = "seed 002, Difficult Terrain"
Eligible = Callable[[OwnedAsset, AssetType | None], bool]


def _self(asset: OwnedAsset, row: AssetType | None) -> bool:
    return False


def _special_forces(asset: OwnedAsset, row: AssetType | None) -> bool:
    return kind_of(asset) is AssetKind.SPECIAL_FORCES


def _non_vehicle(asset: OwnedAsset, row: AssetType | None) -> bool:
    return row is not None and not row.vehicle  # "non-vehicle": not a transport craft (rules notes)


def _any(asset: OwnedAsset, row: AssetType | None) -> bool:
    return row is not None


def _units(asset: OwnedAsset, row: AssetType | None) -> bool:
    return kind_of(asset) in (AssetKind.SPECIAL_FORCES, AssetKind.MILITARY_UNIT)


def _non_force(asset: OwnedAsset, row: AssetType | None) -> bool:
    return row is not None and asset.attribute != "force"


def _cunning_wealth(asset: OwnedAsset, row: AssetType | None) -> bool:
    return _non_vehicle(asset, row) and asset.attribute in ("cunning", "wealth")


@dataclass(frozen=True)
class Mover:
    """`anchored`: "between any two regions within N hexes of" the mover; else from the mover's region.
    `most`: how many other assets one use carries (None: any number)."""

    reach: int
    cost: int
    carries: Eligible
    most: int | None = 1
    per_asset: bool = False
    anchored: bool = False
    ignores_permission: bool = False
    moves_self: bool = True


MOVERS: dict[str, Mover] = {
    "smugglers": Mover(2, 1, _special_forces),
    "covert_shipping": Mover(3, 1, _special_forces, anchored=True, moves_self=False),
    "heavy_transports": Mover(1, 1, _non_vehicle),
    "transport_supply_chain": Mover(1, 1, _any, None, per_asset=True),
    "extended_supply_lines": Mover(2, 1, _non_vehicle, anchored=True),
    "warmage_regiment": Mover(1, 0, _self, 0),
    "bandits": Mover(1, 0, _self, 0),
    "airship": Mover(3, 2, _any, anchored=True, ignores_permission=True),
    "shock_troops": Mover(1, 0, _self, 0, ignores_permission=True),
    "professional_army": Mover(3, 0, _self, 0, ignores_permission=True),
    "airship_fleet": Mover(3, 2, _units, ignores_permission=True),
    "heavy_shipping_contract": Mover(2, 1, _non_force),
    "mercenaries": Mover(1, 0, _self, 0),
    "skyfortress": Mover(2, 1, _any, None, per_asset=True),
    "surveyors": Mover(2, 0, _self, 0),
    "teleportation_circles": Mover(3, 0, _special_forces, None, anchored=True, moves_self=False),
    "teleportation_web": Mover(3, 1, _cunning_wealth, None, anchored=True),
    "trade_cartel": Mover(3, 0, _self, 0),
    "enchanters": Mover(1, 0, _self, 0),
}


def cargo(faction: FactionView, mover: OwnedAsset, use: AbilityUse) -> list[OwnedAsset]:
    return [faction.asset(i) for i in use.carried_ids] if use.carried_ids else [mover]


def check_move(world: World, faction: FactionView, mover: OwnedAsset, use: AbilityUse, rule: Mover) -> None:
    where = f"seed 002, {mover.name}"
    destination = world.region(use.region_id)
    loads = cargo(faction, mover, use)
    others = [a for a in loads if a.id != mover.id]
    if rule.most is not None and len(others) > rule.most:
        raise RuleViolationError(f"{mover.name} carries at most {rule.most} other asset(s)", where)
    if not rule.moves_self and mover in loads:
        raise RuleViolationError(f"{mover.name} moves other assets, not itself", where)
    for load in others:
        if load.is_base or not rule.carries(load, type_of(load)):
            raise RuleViolationError(f"{mover.name} cannot carry {load.name}", where)
    for load in loads:
        start = mover.region_id if rule.anchored else load.region_id
        if rule.anchored and world.distance(mover.region_id, load.region_id) > rule.reach:
            raise RuleViolationError(f"{load.name} is beyond {mover.name}'s reach", where)
        if not rule.anchored and load.region_id != mover.region_id:
            raise RuleViolationError(f"{load.name} is not in {mover.name}'s region", where)
        if world.distance(start, str(destination.id)) > rule.reach:
            raise RuleViolationError(f"{destination.name} is more than {rule.reach} hexes away", where)
        if (
            needs_permission(rule, load)
            and permission(world, faction, row_of(load), str(destination.id), stealthed=load.stealthed).answer == "deny"
        ):
            raise RuleViolationError(
                f"the government of {destination.name} refuses {load.name} its permission",
                "seed 002, Buy Asset (permission to transport an asset in)",
            )
    faction.check_can_pay(move_cost(rule, loads), f"moving with {mover.name}")


def row_of(asset: OwnedAsset) -> AssetType:
    row = type_of(asset)
    assert row is not None
    return row


def needs_permission(rule: Mover, load: OwnedAsset) -> bool:
    """A P asset asks the destination's government unless its mover ignores it; a Professional Army never asks
    to move (seed 002, Professional Army)."""
    row = type_of(load)
    return row is not None and not rule.ignores_permission and ability_of_row(row) != Passive.PROFESSIONAL_ARMY


def move_cost(rule: Mover, loads: list[OwnedAsset]) -> int:
    return rule.cost * len(loads) if rule.per_asset else rule.cost


def travel_turns(world: World, origin: Region, destination: Region) -> int:
    """Seed 002: difficult terrain (above 5) takes twice as long; entering the ocean counts as difficult."""
    ocean = is_ocean(destination) and not is_ocean(origin)
    return 2 if destination.difficult_terrain or ocean else 1


def is_ocean(region: Region) -> bool:
    return any(t.casefold() in ("ocean", "sea") for t in region.tags)


def run_move(session: Session, mover: OwnedAsset, use: AbilityUse, rule: Mover) -> None:
    me = session.actor
    loads = cargo(me, mover, use)
    cost = move_cost(rule, loads)
    if cost:  # a free move spends nothing, so it records no FacGold spent
        session.record(me, FacGoldSpent(amount=cost, reason=f"transport by {mover.name}"))
    for load in loads:
        _move_one(session, me, load, use.region_id, rule, mover)


def _move_one(
    session: Session, me: FactionView, load: OwnedAsset, region_id: str, rule: Mover, mover: OwnedAsset
) -> None:
    world = session.world
    if needs_permission(rule, load):
        granted, _ = obtain_permission(
            session,
            permission(world, me, row_of(load), region_id, stealthed=load.stealthed),
            region_id,
            f"moving {load.name}",
        )
        if not granted:
            return
    turns = travel_turns(world, world.region(load.region_id), world.region(region_id))
    cost = 0
    if _embargoed(world, me, region_id):
        toll = session.roll("1d4", "Trade Embargo toll", "seed 002, Trade Embargo")
        if toll.total > me.facgold:
            session.failures.append(f"{load.name} cannot pay the Trade Embargo toll")
            return
        session.record(me, FacGoldSpent(amount=toll.total, reason="Trade Embargo", rolls=roll_dicts((toll,))))
        turns += 1
    arrives = me.turn + turns if turns > 1 else me.turn
    why = f"moved by {mover.name}" + (f" ({RULE_TERRAIN})" if turns > 1 else "")
    session.record(me, AssetMoved(asset_id=load.id, region_id=region_id, arrives_on=arrives, cost=cost, reason=why))
    abilities.thieves_guild(session, me, me.assets[load.id])


def _embargoed(world: World, faction: FactionView, region_id: str) -> bool:
    """Seed 002, Trade Embargo: it holds while the embargoing faction keeps its Trade Embargo there."""
    by = faction.embargoes.get(region_id)
    return (
        by is not None
        and by in world.factions
        and bool(holds(world.factions[by], Passive.TRADE_EMBARGO, region_id, usable=False))
    )


def ability_of_row(row: AssetType) -> str:
    return row.ability or ""
