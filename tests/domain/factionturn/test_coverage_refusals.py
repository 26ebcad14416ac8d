"""Coverage pass: forbidden orders are refused with a clear reason and write nothing.

Issue 3's cases: not enough FacGold, a rating too low, arcana too low, a target not in the region, an asset
already used this turn, a stealthed target, missing permission, a second purchase in a turn. Each is refused
by `resolve_action` (and, where the state allows, by `phase.check_orders` at submission) before any event:
no aggregate gains an event and no version moves.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import (
    AbilityUse,
    Action,
    Attack,
    BuyAsset,
    CustomAction,
    ExpandInfluence,
    FactionOrders,
    Permission,
    RefitAsset,
    RepairAsset,
    Strike,
    UseAssetAbility,
)
from domain.factionturn.resolution.phase import check_orders
from domain.factionturn.rules.ability_actions import check_free_uses
from tests.domain.factionturn.factionturn_scenario import Table, faction, give, region, settle


class Scene:
    """Guild (4/4/4) at home in Home (arcana 4) with `facgold`; Rulers (4/4/4) at home in Court, one hex away.
    Low is a third region, two hexes off, with arcana 1, where the Guild has a base."""

    def __init__(self, facgold: int = 20) -> None:
        self.home, self.court = region("Home", 0, 0, arcana=4), region("Court", 1, 0, arcana=4)
        self.low = region("Low", 2, 0, arcana=1)
        self.guild = faction("Guild", 4, 4, 4, self.home, facgold=facgold)
        self.rulers = faction("Rulers", 4, 4, 4, self.court, facgold=20)
        self.guild.expand_influence(str(self.low.id), 3, 0, 0, [])
        self.guild.expand_influence(str(self.court.id), 3, 0, 0, [])
        self.table = Table([self.guild, self.rulers], [self.home, self.court, self.low])

    def deny(self) -> None:
        """The Rulers govern Court and refuse the Guild every permission."""
        self.court.change_government(str(self.rulers.id), "set-up")
        self.table.order(self.rulers, permissions=(Permission(str(self.guild.id), "deny"),))


def _refused(scene: Scene, action: Action, reason: str, *, who: Faction | None = None) -> None:
    """Refused with `reason`, and nothing written: no event on any aggregate, every version unchanged."""
    aggregates = (*scene.table.factions, *scene.table.regions)
    settle(*aggregates)
    versions = [a.version for a in aggregates]
    with pytest.raises(RuleViolationError, match=reason):
        scene.table.resolve(who or scene.guild, action)
    assert all(a.collect_events() == [] for a in aggregates)
    assert [a.version for a in aggregates] == versions


def _refused_at_submission(scene: Scene, action: Action, reason: str) -> None:
    aggregates = (*scene.table.factions, *scene.table.regions)
    settle(*aggregates)
    with pytest.raises(RuleViolationError, match=reason):
        check_orders(scene.table.world(), str(scene.guild.id), FactionOrders(action=action))
    assert all(a.collect_events() == [] for a in aggregates)


def _use(*uses: AbilityUse) -> UseAssetAbility:
    return UseAssetAbility(uses)


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
