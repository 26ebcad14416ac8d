"""Coverage pass: forbidden orders are refused with a clear reason and write nothing.

Issue 3's cases: not enough FacGold, a rating too low, arcana too low, a target not in the region, an asset
already used this turn, a stealthed target, missing permission, a second purchase in a turn. Each is refused
by `resolve_action` (and, where the state allows, by `phase.check_orders` at submission) before any event:
no aggregate gains an event and no version moves. The last four kinds are in test_coverage_refusals_use.py.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from domain.factionturn.aggregate.orders import (
    AbilityUse,
    Action,
    Attack,
    BuyAsset,
    CustomAction,
    ExpandInfluence,
    RefitAsset,
    RepairAsset,
    Strike,
)
from tests.domain.factionturn.factionturn_scenario import give, region
from tests.support.factionturn_refusals import Scene, _refused, _refused_at_submission, _use

# ---- Not enough FacGold ------------------------------------------------------------------------------------------
Build = Callable[[Scene], Action]

NOT_ENOUGH: dict[str, tuple[Build, str]] = {
    "buying a regiment": (lambda s: BuyAsset("regiment", str(s.home.id)), "has 3 FacGold and Regiment costs 8"),
    "a base of influence": (lambda s: ExpandInfluence(str(s.low.id), 4), "Base of Influence costs 4"),
    "a repair": (lambda s: RepairAsset(((give(s.guild, "regiment", s.home, hp=1).id, 3),)), "the repair costs 6"),
    "a refit": (lambda s: RefitAsset(give(s.guild, "guardsmen", s.home).id, "regiment"), "costs 6"),
    "stealth": (
        lambda s: BuyAsset("stealth", str(s.home.id), for_asset_id=give(s.guild, "informers", s.home).id),
        "Stealth costs 2",
    ),
    "an airship's fee": (lambda s: _use(AbilityUse(give(s.guild, "airship", s.home).id, str(s.court.id))), "costs 2"),
    "a custom action": (lambda s: CustomAction("Bribe the Beholder", 2, cost_per_turn=5), "costs 5"),
}


@pytest.mark.parametrize("case", list(NOT_ENOUGH))
def test_an_order_the_faction_cannot_pay_for_is_refused(case: str) -> None:
    scene = Scene(facgold=3 if case == "buying a regiment" else 1)
    build, reason = NOT_ENOUGH[case]
    _refused(scene, build(scene), reason)


def test_agitators_with_no_facgold_for_their_cost_are_refused() -> None:
    scene = Scene(facgold=0)
    agitators = give(scene.guild, "agitators", scene.court)
    target = give(scene.rulers, "regiment", scene.court)
    _refused(
        scene,
        _use(AbilityUse(agitators.id, target_faction_id=str(scene.rulers.id), target_asset_id=target.id)),
        "no FacGold",
    )


def test_an_order_the_faction_cannot_pay_for_is_refused_at_submission() -> None:
    scene = Scene(facgold=3)
    _refused_at_submission(scene, BuyAsset("regiment", str(scene.home.id)), "costs 8")


# ---- A rating too low --------------------------------------------------------------------------------------------
def test_buying_an_asset_rated_above_the_faction_is_refused() -> None:
    scene = Scene()
    _refused(scene, BuyAsset("veteran_regiment", str(scene.home.id)), "needs Force 6; Guild has 4")


def test_refitting_to_an_asset_rated_above_the_faction_is_refused() -> None:
    scene = Scene()
    guards = give(scene.guild, "guardsmen", scene.home)
    _refused(scene, RefitAsset(guards.id, "veteran_regiment"), "needs Force 6")


def test_stealth_without_cunning_3_is_refused() -> None:
    scene = Scene()
    scene.guild.cunning = 2
    spies = give(scene.guild, "informers", scene.home)
    _refused(scene, BuyAsset("stealth", str(scene.home.id), for_asset_id=spies.id), "Stealth needs Cunning 3")


def test_a_rating_too_low_is_refused_at_submission() -> None:
    scene = Scene()
    _refused_at_submission(scene, BuyAsset("veteran_regiment", str(scene.home.id)), "needs Force 6")


# ---- Arcana too low ------------------------------------------------------------------------------------------------
def test_buying_in_a_region_of_too_low_arcana_is_refused() -> None:
    scene = Scene()
    _refused(scene, BuyAsset("regiment", str(scene.low.id)), "needs arcana level 4; the region counts as 1")


def test_refitting_in_a_region_of_too_low_arcana_is_refused() -> None:
    scene = Scene()
    guards = give(scene.guild, "guardsmen", scene.low)
    _refused(scene, RefitAsset(guards.id, "regiment"), "arcana level 4")


def test_arcana_too_low_is_refused_at_submission() -> None:
    scene = Scene()
    _refused_at_submission(scene, BuyAsset("regiment", str(scene.low.id)), "arcana level 4")


# ---- A target not in the region ----------------------------------------------------------------------------------
def test_attacking_an_asset_in_another_region_is_refused() -> None:
    scene = Scene()
    regiment = give(scene.guild, "regiment", scene.home)
    target = give(scene.rulers, "regiment", scene.court)
    _refused(scene, Attack((Strike(regiment.id, str(scene.rulers.id), target.id),)), "same region")


def test_confidence_men_against_an_asset_in_another_region_are_refused() -> None:
    scene = Scene()
    con = give(scene.guild, "confidence_men", scene.home)
    target = give(scene.rulers, "regiment", scene.court)
    _refused(
        scene,
        _use(AbilityUse(con.id, target_faction_id=str(scene.rulers.id), target_asset_id=target.id)),
        "its own region",
    )


def test_agitators_attaching_to_an_asset_in_another_region_are_refused() -> None:
    scene = Scene()
    agitators = give(scene.guild, "agitators", scene.home)
    target = give(scene.rulers, "regiment", scene.court)
    _refused(
        scene,
        _use(AbilityUse(agitators.id, target_faction_id=str(scene.rulers.id), target_asset_id=target.id)),
        "its own region",
    )


def test_a_monopoly_against_a_faction_with_no_assets_in_its_region_is_refused() -> None:
    scene = Scene()
    far = region("Far", 3, 0)
    scene.table.regions.append(far)
    monopoly = give(scene.rulers, "monopoly", far)
    _refused(
        scene,
        _use(AbilityUse(monopoly.id, target_faction_id=str(scene.guild.id))),
        "no unstealthed assets there",
        who=scene.rulers,
    )


def test_carrying_an_asset_that_is_not_in_the_transports_region_is_refused() -> None:
    scene = Scene()
    galleys = give(scene.guild, "heavy_transports", scene.home)
    regiment = give(scene.guild, "regiment", scene.low)
    _refused(
        scene,
        _use(AbilityUse(galleys.id, str(scene.court.id), carried_ids=(regiment.id,))),
        "Regiment is not in Heavy Transports's region",
    )


def test_a_target_in_another_region_is_refused_at_submission() -> None:
    scene = Scene()
    regiment = give(scene.guild, "regiment", scene.home)
    target = give(scene.rulers, "regiment", scene.court)
    _refused_at_submission(scene, Attack((Strike(regiment.id, str(scene.rulers.id), target.id),)), "same region")
