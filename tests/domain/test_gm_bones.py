"""The GM's hand on the Game of Bones: PCs foil or see through pending actions, decide fates, adjust."""

from __future__ import annotations

import pytest

from domain.chronicle import draft_gossip, draft_summary, is_secret
from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.gameofbones.rules.custom import plan_custom
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName as A
from domain.gameofbones.tables.records import Status
from domain.gm import Adjustment, Check, CustomActionDef
from domain.region import Region
from tests.domain.gameofbones.bones_world import CAMPAIGN, court

GM = "gm-seat"


def test_an_assassination_foiled_by_the_pcs_never_resolves_and_frees_its_influence() -> None:
    world, baenre, xorlarrin = court()
    pending = world.order(baenre, Order(A.ASSASSINATION, "Yvonnel", str(xorlarrin.id), "Zeerith"))
    assert baenre.dedicated_influence > 0
    baenre.settle_action(pending.id, "foiled", GM, "the PCs caught the assassin on the stair")
    assert baenre.pending == {} and baenre.dedicated_influence == 0
    assert world.month([]).outcomes == ()  # nothing left to resolve: no dice rolled
    assert xorlarrin.leader.status is Status.ACTIVE


def test_a_resolved_action_is_not_foiled_after_the_fact() -> None:
    world, baenre, xorlarrin = court()
    pending = world.order(baenre, Order(A.ASSASSINATION, "Yvonnel", str(xorlarrin.id), "Zeerith"))
    baenre.resolve_action(pending.id, "killed", [], pending.resolve_week - 1)
    with pytest.raises(RuleViolationError, match="overturn"):
        baenre.settle_action(pending.id, "foiled", GM, "too late")
    with pytest.raises(NotFoundError):
        baenre.settle_action("no-such-action", "foiled", GM, "?")


def test_pcs_kill_capture_and_save_leaders_and_lieutenants() -> None:
    _, baenre, _ = court()
    baenre.decide_fate("Dab", Status.CAPTURED, GM, "taken by the party")
    baenre.decide_fate("Dab", Status.ACTIVE, GM, "rescued")
    baenre.decide_fate("Yvonnel", Status.DEAD, GM, "slain in the temple")
    assert (baenre.character("Dab").status, baenre.leader.status) == (Status.ACTIVE, Status.DEAD)
    with pytest.raises(RuleViolationError):
        baenre.decide_fate("Yvonnel", Status.DEAD, GM, "twice")


def test_house_adjustments_never_leave_a_negative_treasury() -> None:
    _, _, xorlarrin = court()
    with pytest.raises(RuleViolationError, match="no negative treasury"):
        xorlarrin.adjust("gold", "adjust", -10_001, GM, "theft")
    xorlarrin.adjust("power", "set", 1_000, GM, "plague")
    xorlarrin.adjust("influence", "adjust", 500, GM, "a wedding")
    assert (xorlarrin.power, xorlarrin.influence) == (1_000, 3_500)
    with pytest.raises(InvalidInputError):
        xorlarrin.adjust("facgold", "adjust", 1, GM, "wrong system")


def test_the_gm_grants_and_removes_control_and_government_with_seat_and_reason() -> None:
    area = Region.map(CAMPAIGN, "Bazaar", 0, 0)
    area.appoint_ruler("control", "house-1", GM, "the PCs won the bazaar")
    area.appoint_ruler("government", "faction-1", GM, "crowned")
    assert (area.controlling_house_id, area.governing_faction_id) == ("house-1", "faction-1")
    with pytest.raises(InvalidInputError):
        area.appoint_ruler("control", "house-1", GM, "again")


def test_the_public_gossip_draft_never_tells_a_secret() -> None:
    stealthy = [("AssetPurchased", {"asset": {"name": "Cutthroats", "stealthed": True}, "cost": 2})]
    assert draft_gossip("Republic", "Republic gathers new strength.", stealthy) == [
        "Little is heard of Republic this month."
    ]
    assert "[secret]" in draft_summary("Republic", "Republic gathers new strength.", stealthy)
    assert is_secret("TroopsChanged", {"reason": "hidden troop movement"})
    assert is_secret("KnowledgeGained", {}) and is_secret("SpySet", {})
    open_buy = [("AssetPurchased", {"asset": {"name": "Regiment", "stealthed": False}})]
    assert draft_gossip("Empire", "Empire gathers new strength.", open_buy) == ["Empire gathers new strength."]
    deaths = [("FateDecided", {"name": "Zeerith", "status": "dead"})]
    assert draft_gossip("Xorlarrin", "", deaths) == ["Zeerith of Xorlarrin is said to be dead."]


SHRINE = CustomActionDef(
    "shrine",
    "Raise a Shrine to Lolth",
    "gameofbones",
    2,
    cost=5_000,
    dedicated_influence=2_000,
    check=Check("1d20", "Diplomacy", dc=20),
    on_success=(Adjustment("influence", 1_000),),
    on_failure=(Adjustment("gold", -1_000_000),),
)


def test_a_custom_house_action_dedicates_and_spends_then_resolves_in_its_week_with_its_check() -> None:
    world, baenre, _ = court()
    pending = plan_custom(baenre, SHRINE, "Yvonnel", phase=1, start_week=2, seat=GM, reason="a homebrew plot")
    baenre.order_action(pending)
    assert (pending.resolve_week, baenre.gold, baenre.dedicated_influence) == (3, 95_000, 2_000)
    influence = baenre.influence
    report = world.month([10])  # 10 + Diplomacy 10 + Action Bonus 6 = 26 meets DC 20
    [outcome] = report.outcomes
    assert (outcome.result, [r.total for r in outcome.rolls]) == ("succeeded", [26])
    assert baenre.influence == influence + 1_000 and baenre.pending == {}


def test_a_failed_custom_house_action_never_empties_the_treasury_below_zero() -> None:
    world, baenre, _ = court()
    baenre.order_action(plan_custom(baenre, SHRINE, "Yvonnel", phase=1, seat=GM, reason="homebrew"))
    world.month([1])
    assert baenre.gold == 0


def test_a_custom_house_action_can_be_foiled_and_factions_cannot_take_it() -> None:
    world, baenre, _ = court()
    pending = plan_custom(baenre, SHRINE, "Yvonnel", phase=1, seat=GM, reason="homebrew")
    baenre.order_action(pending)
    baenre.settle_action(pending.id, "foiled", GM, "the PCs desecrated the site")
    assert world.month([]).outcomes == () and baenre.dedicated_influence == 0
    bribe = CustomActionDef("bribe", "Bribe", "factionturn", 2, 2)
    with pytest.raises(InvalidInputError):
        plan_custom(baenre, bribe, "Yvonnel", phase=1, seat=GM, reason="wrong system")


def test_the_gm_records_a_lieutenants_assistance_and_it_shows_as_a_modifier_in_the_roll() -> None:
    from domain.gameofbones.rules.gm_hooks import gm_circumstance
    from domain.gameofbones.rules.ordering import Order
    from domain.gameofbones.tables.actions import ActionName as A
    from domain.gameofbones.tables.records import Applies
    from tests.domain.gameofbones.bones_world import act, court

    world, a, b = court()
    help_ = gm_circumstance(
        a, "lieutenants' assistance", 2, Applies.HOLDER_ATTACKS.value, 1, 1, "gm-seat", "Dab briefs the agents"
    )
    a.add_circumstance(help_)
    outcome = act(world, a, Order(A.SMEAR_CAMPAIGN, "Yvonnel", str(b.id)), [10, 15])
    assert (help_.from_phase, help_.until_phase) == (1, 1)
    assert ("lieutenants' assistance (GM gm-seat: Dab briefs the agents)", 2) in [
        (m["source"], m["value"]) for m in outcome.rolls[0].to_dict()["modifiers"]
    ]


def test_throwing_rank_around_is_a_penalty_and_the_gm_must_say_why() -> None:
    import pytest

    from domain.errors import InvalidInputError, RuleViolationError
    from domain.gameofbones.rules.gm_hooks import gm_circumstance
    from tests.domain.gameofbones.bones_world import court

    _, a, _ = court()
    lost = gm_circumstance(a, "Throwing Rank around", -1, "the holder's effective rank", 2, 2, "gm", "too many checks")
    a.add_circumstance(lost)
    assert (a.effective_rank(1), a.effective_rank(2), a.effective_rank(3), a.effective_rank(4)) == (6, 5, 5, 6)
    with pytest.raises(RuleViolationError, match="a penalty"):
        gm_circumstance(a, "Throwing Rank around", 1, "the holder's effective rank", 2, 1, "gm", "why")
    with pytest.raises(InvalidInputError, match="reason"):
        gm_circumstance(a, "Throwing Rank around", -1, "the holder's effective rank", 2, 1, "gm", " ")
