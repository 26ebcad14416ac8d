from __future__ import annotations

import pytest

from domain.dice import RaisingDice
from domain.errors import InvalidInputError
from domain.factionturn.aggregate.effects import TurnBegun, TurnEnded
from domain.factionturn.aggregate.orders import (
    AbilityUse,
    Attack,
    BuyAsset,
    ChangeHome,
    CustomAction,
    Defence,
    ExpandInfluence,
    FactionOrders,
    GoalChoice,
    Permission,
    RefitAsset,
    RepairAsset,
    SeizeRegion,
    SellAsset,
    Strike,
    UseAssetAbility,
    orders_to_dict,
)
from domain.factionturn.forms.order_form import orders_from_dict
from domain.factionturn.resolution.phase import submitted_orders
from domain.factionturn.resolution.turn import bare_turn
from domain.factionturn.rules.world import Session
from tests.domain.factionturn.factionturn_scenario import Table, faction, region

ACTIONS = [
    Attack((Strike("a", "f", "t"),)),
    BuyAsset("regiment", "r"),
    ChangeHome("r"),
    ExpandInfluence("r", 4),
    RefitAsset("a", "regiment"),
    RepairAsset((("a", 2),), faction=True),
    SellAsset("a"),
    SeizeRegion("r"),
    UseAssetAbility((AbilityUse("a", region_id="r", carried_ids=("b",)),)),
    CustomAction("Bribe the Beholder", 2, 2),
    None,
]


@pytest.mark.parametrize("action", ACTIONS)
def test_orders_survive_a_round_trip_through_their_json_form(action: object) -> None:
    orders = FactionOrders(
        action=action,
        goal=GoalChoice("legendary_wealth"),
        raise_ratings=("force",),  # type: ignore[arg-type]
        defences=(Defence("r", "a", True),),
        permissions=(Permission("f", "grant"),),
    )
    assert orders_from_dict(orders_to_dict(orders)) == orders


def test_an_unknown_action_is_malformed_input() -> None:
    with pytest.raises(InvalidInputError):
        orders_from_dict({"action": {"action": "Summon Dragon"}})


def test_submitted_orders_are_read_back_for_their_phase() -> None:
    crows = faction("Crows", 3, 4, 1, region("Home"))
    orders = FactionOrders(action=SellAsset("a"))
    crows.submit_order(2, orders_to_dict(orders))
    assert submitted_orders([crows], 2) == {str(crows.id): orders} and submitted_orders([crows], 3) == {}


def test_a_bare_turn_records_only_why_the_faction_did_nothing() -> None:
    home = region("Home")
    crows = faction("Crows", 3, 3, 3, home)
    session = Session(Table([crows], [home], phase=2).world(), RaisingDice(), str(crows.id))
    outcome = bare_turn(session, "the orders were set aside")
    begun, *_, ended = [c.effect for c in outcome.changes]
    assert isinstance(begun, TurnBegun) and isinstance(ended, TurnEnded)
    assert (ended.action, ended.attacked, ended.narrative) == ("None", False, "Crows bides its time.")
    assert outcome.step == "None" and outcome.failures and "set aside" in outcome.failures[0]
