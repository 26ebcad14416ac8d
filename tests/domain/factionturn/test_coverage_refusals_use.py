"""Coverage pass, continued (test_coverage_refusals.py holds the first half of issue 3's cases): an asset already
used this turn, a stealthed target, missing permission and a second purchase in a turn are refused with a clear
reason, by `resolve_action` and at submission, and write nothing.
"""

from __future__ import annotations

import pytest

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.orders import (
    AbilityUse,
    Attack,
    BuyAsset,
    FactionOrders,
    RefitAsset,
    Strike,
)
from domain.factionturn.rules.ability_actions import check_free_uses
from tests.domain.factionturn.factionturn_scenario import give, settle
from tests.support.factionturn_refusals import Scene, _refused, _refused_at_submission, _use


# ---- An asset already used this turn -----------------------------------------------------------------------------
def test_an_asset_that_strikes_twice_in_one_attack_is_refused() -> None:
    scene = Scene()
    regiment = give(scene.guild, "regiment", scene.court)
    target = give(scene.rulers, "regiment", scene.court)
    strike = Strike(regiment.id, str(scene.rulers.id), target.id)
    _refused(scene, Attack((strike, strike)), "attacks only once per turn")


def test_an_ability_used_twice_in_one_order_is_refused() -> None:
    scene = Scene()
    workforce = give(scene.guild, "indentured_workforce", scene.home)
    _refused(scene, _use(AbilityUse(workforce.id), AbilityUse(workforce.id)), "already used this turn")


def test_a_teleportation_web_named_twice_among_free_uses_is_refused() -> None:
    scene = Scene()
    web = give(scene.guild, "teleportation_web", scene.home)
    use = AbilityUse(web.id, str(scene.court.id))
    settle(scene.guild)
    with pytest.raises(RuleViolationError, match="already used this turn"):
        check_free_uses(scene.table.world(), scene.guild, FactionOrders(free_uses=(use, use)))
    assert scene.guild.collect_events() == []


def test_an_asset_used_twice_is_refused_at_submission() -> None:
    scene = Scene()
    workforce = give(scene.guild, "indentured_workforce", scene.home)
    _refused_at_submission(scene, _use(AbilityUse(workforce.id), AbilityUse(workforce.id)), "already used")


# ---- A stealthed target ------------------------------------------------------------------------------------------
def test_attacking_a_stealthed_asset_is_refused() -> None:
    scene = Scene()
    regiment = give(scene.guild, "regiment", scene.court)
    hidden = give(scene.rulers, "master_assassin", scene.court, stealthed=True)
    _refused(scene, Attack((Strike(regiment.id, str(scene.rulers.id), hidden.id),)), "Stealth assets can't be")


@pytest.mark.parametrize("key", ["confidence_men", "agitators"])
def test_an_ability_aimed_at_a_stealthed_asset_is_refused(key: str) -> None:
    scene = Scene()
    mine = give(scene.guild, key, scene.court)
    hidden = give(scene.rulers, "master_assassin", scene.court, stealthed=True)
    _refused(
        scene,
        _use(AbilityUse(mine.id, target_faction_id=str(scene.rulers.id), target_asset_id=hidden.id)),
        "stealthed asset cannot be targeted",
    )


def test_a_stealthed_target_is_refused_at_submission() -> None:
    scene = Scene()
    regiment = give(scene.guild, "regiment", scene.court)
    hidden = give(scene.rulers, "master_assassin", scene.court, stealthed=True)
    _refused_at_submission(scene, Attack((Strike(regiment.id, str(scene.rulers.id), hidden.id),)), "Stealth")


# ---- Missing permission -----------------------------------------------------------------------------------------
def test_buying_a_permission_asset_the_government_refuses_is_refused() -> None:
    scene = Scene()
    scene.deny()
    _refused(scene, BuyAsset("militia_unit", str(scene.court.id)), "refuses its permission")


def test_refitting_to_a_permission_asset_the_government_refuses_is_refused() -> None:
    scene = Scene()
    scene.deny()
    guards = give(scene.guild, "guardsmen", scene.court)
    _refused(scene, RefitAsset(guards.id, "militia_unit"), "refuses its permission")


def test_moving_a_permission_asset_into_a_region_whose_government_refuses_is_refused() -> None:
    scene = Scene()
    scene.deny()
    mercs = give(scene.guild, "mercenaries", scene.home)
    _refused(scene, _use(AbilityUse(mercs.id, str(scene.court.id))), "refuses Mercenaries its permission")


def test_a_transport_carrying_a_permission_asset_into_a_refusing_region_is_refused() -> None:
    scene = Scene()
    scene.deny()
    galleys = give(scene.guild, "heavy_transports", scene.home)
    militia = give(scene.guild, "militia_unit", scene.home)
    _refused(
        scene,
        _use(AbilityUse(galleys.id, str(scene.court.id), carried_ids=(militia.id,))),
        "refuses Militia Unit its permission",
    )


def test_missing_permission_is_refused_at_submission() -> None:
    scene = Scene()
    scene.deny()
    _refused_at_submission(scene, BuyAsset("militia_unit", str(scene.court.id)), "refuses its permission")


# ---- A second purchase in a turn ---------------------------------------------------------------------------------
def _bought_once(scene: Scene) -> None:
    scene.table.resolve(scene.guild, BuyAsset("informers", str(scene.home.id)))


def test_a_second_purchase_in_a_turn_is_refused() -> None:
    scene = Scene()
    _bought_once(scene)
    _refused(scene, BuyAsset("regiment", str(scene.home.id)), "only one asset can be purchased")


def test_stealth_after_a_purchase_in_the_same_turn_is_refused() -> None:
    scene = Scene()
    spies = give(scene.guild, "informers", scene.home)
    _bought_once(scene)
    _refused(scene, BuyAsset("stealth", str(scene.home.id), for_asset_id=spies.id), "only one asset")


def test_a_ruin_excavation_purchase_after_another_purchase_in_the_turn_is_refused() -> None:
    scene = Scene()
    scene.guild.force = 5
    dig = give(scene.guild, "ruin_excavation", scene.home)
    _bought_once(scene)
    _refused(scene, _use(AbilityUse(dig.id, type_key="regiment")), "only one asset")


def test_a_new_turn_allows_a_purchase_again() -> None:
    scene = Scene()
    _bought_once(scene)
    scene.guild.begin_turn(2)
    scene.table.resolve(scene.guild, BuyAsset("regiment", str(scene.home.id)))
    assert scene.guild.facgold == 20 - 2 - 8
