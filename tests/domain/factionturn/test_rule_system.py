"""The Faction Turn behind the one `RuleSystem` face (issue 30, item 3): found, check orders, preview, resolve,
report, with fixed dice and no I/O."""

from __future__ import annotations

import pytest

from domain.dice import FixedDice
from domain.errors import RuleViolationError
from domain.factionturn.aggregate.asset_effects import AssetDamaged
from domain.factionturn.aggregate.orders import Attack, BuyAsset, FactionOrders, Strike
from domain.factionturn.face import FACTION_TURN, Founding
from domain.factionturn.resolution.phase import apply_phase
from domain.factionturn.rules.world import World
from tests.domain.factionturn.factionturn_scenario import CAMPAIGN, give, region


def test_the_faction_turn_founds_checks_previews_resolves_and_reports_through_one_face() -> None:
    town = region("Town", 0, 0, arcana=5)
    red = FACTION_TURN.found(CAMPAIGN, Founding("Red", 4, 4, 4, str(town.id), facgold=10))
    blue = FACTION_TURN.found(CAMPAIGN, Founding("Blue", 4, 4, 4, str(town.id), facgold=10))
    regiment, guards = give(red, "regiment", town), give(blue, "guardsmen", town)
    table = World([red, blue], [town], phase=1)

    with pytest.raises(RuleViolationError, match="needs Force 7"):
        FACTION_TURN.check_orders(table, str(red.id), FactionOrders(action=BuyAsset("warmage_academy", str(town.id))))
    strike = Attack((Strike(regiment.id, str(blue.id), guards.id),))
    FACTION_TURN.check_orders(table, str(red.id), FactionOrders(action=strike))
    assert any(o.verdict.allowed for o in FACTION_TURN.preview(table, str(red.id)).of_kind("Attack"))

    # initiative 1 on 1d2 (Red first), Red's strike 9 + 4 against Blue's 1 + 4, then the hit's damage die
    table.orders[str(red.id)] = FactionOrders(action=strike)
    dice = FixedDice([1, 9, 1, 3])
    resolution = FACTION_TURN.resolve(table, dice)
    assert dice.used == 4
    assert guards.hp == guards.max_hp  # resolved on copies: the table's aggregates are untouched
    report = FACTION_TURN.report(resolution, str(blue.id))
    hits = [e for e in report.suffered if isinstance(e, AssetDamaged)]
    assert [h.asset_id for h in hits] == [guards.id] and hits[0].damage > 0
    assert report.turn is not None and report.turn.faction_id == str(blue.id)
    apply_phase(resolution, [red, blue], [town])
    left = blue.assets.get(guards.id)
    assert (left.hp if left else 0) == hits[0].hp == guards.max_hp - hits[0].damage
