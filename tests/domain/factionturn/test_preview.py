"""Issue 17 item 4: what a faction can do now. Every Faction Turn action's preview agrees with the refusal of
`check_orders`, candidate by candidate, and the prices it quotes are what the turn charges."""

from __future__ import annotations

from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.factionturn.aggregate.orders import (
    ACTION_NAMES,
    AbilityUse,
    Action,
    Attack,
    BuyAsset,
    ChangeHome,
    CustomAction,
    ExpandInfluence,
    FactionOrders,
    RefitAsset,
    RepairAsset,
    SeizeRegion,
    SellAsset,
    Strike,
    UseAssetAbility,
)
from domain.factionturn.forms.preview import Verdict, preview_faction
from domain.factionturn.resolution.phase import check_orders
from domain.gm import CustomActionDef
from tests.domain.factionturn.factionturn_scenario import Table, faction, give, region, run_phase

BRIBE = CustomActionDef("bribe", "Bribe the Beholder", "factionturn", 3, 2)
TOO_DEAR = CustomActionDef("hoard", "Buy the Hoard", "factionturn", 1, 500)


def _table() -> tuple[Table, dict[str, str]]:
    """Crows (F4 C3 W2, 3 FacGold) at home with Guardsmen and Informers; a rival's Local Investments and
    Guardsmen share its home; a far region holds only the rival."""
    home, far = region("Home", 0, 0, arcana=4), region("Far", 5, 0, arcana=2)
    crows, rival = faction("Crows", 4, 3, 2, home, facgold=3), faction("Rival", 3, 3, 4, far)
    ids = {
        "home": str(home.id),
        "far": str(far.id),
        "crows": str(crows.id),
        "rival": str(rival.id),
        "guards": give(crows, "guardsmen", home, hp=1).id,
        "informers": give(crows, "informers", home).id,
        "investments": give(rival, "local_investments", home).id,
        "rival_guards": give(rival, "guardsmen", home).id,
        "rival_far": give(rival, "guardsmen", far).id,
    }
    return Table([crows, rival], [home, far]), ids


def _refusal(table: Table, faction_id: str, action: Action) -> Verdict:
    try:
        check_orders(table.world(), faction_id, FactionOrders(action=action))
    except RuleViolationError as refused:
        return Verdict(False, refused.message, refused.rule)
    except (InvalidInputError, NotFoundError) as wrong:
        return Verdict(False, wrong.message)
    return Verdict(True)


def _candidates(ids: dict[str, str]) -> list[Action]:
    """Orders of every kind, some the rules allow and some they refuse."""
    home, far, rival = ids["home"], ids["far"], ids["rival"]
    return [
        BuyAsset("thugs", home),
        BuyAsset("guardsmen", home),
        BuyAsset("zealots", home),
        BuyAsset("fortress", home),
        BuyAsset("militia_unit", home),
        Attack((Strike(ids["guards"], rival, ids["rival_guards"]),)),
        Attack((Strike(ids["guards"], rival, ids["investments"]),)),
        Attack((Strike(ids["informers"], rival, ids["rival_guards"]),)),
        RepairAsset(((ids["guards"], 1),)),
        RepairAsset(faction=True),
        ExpandInfluence(home, 1),
        RefitAsset(ids["guards"], "thugs"),
        RefitAsset(ids["guards"], "veteran_regiment"),
        SellAsset(ids["guards"]),
        SellAsset(ids["informers"]),
        SeizeRegion(home),
        ChangeHome(far),
        SeizeRegion(far),
        UseAssetAbility((AbilityUse(ids["informers"], home),)),
        UseAssetAbility((AbilityUse(ids["guards"], home),)),
        CustomAction(BRIBE.name, BRIBE.duration, BRIBE.cost, BRIBE.to_dict()),
        CustomAction(TOO_DEAR.name, TOO_DEAR.duration, TOO_DEAR.cost, TOO_DEAR.to_dict()),
    ]


def test_the_preview_and_the_refusal_agree_on_every_candidate_of_every_action() -> None:
    table, ids = _table()
    preview = preview_faction(table.world(), ids["crows"], [BRIBE, TOO_DEAR])
    by_action = {o.action: o for o in preview.options}
    for action in _candidates(ids):
        assert action in by_action, f"the preview does not offer {action}"
        assert by_action[action].verdict == _refusal(table, ids["crows"], action), action
    for option in preview.options:  # and every option it offers, not only those listed here
        assert option.verdict == _refusal(table, ids["crows"], option.action), option.action
    kinds = {o.kind for o in preview.options}
    assert kinds == set(ACTION_NAMES.values())
    for kind in ("Buy Asset", "Attack", "Refit Asset", "Custom Action"):
        verdicts = {o.verdict.allowed for o in preview.of_kind(kind)}
        assert verdicts == {True, False}, f"{kind}: both allowed and refused candidates are previewed"


def test_a_refused_option_names_the_rule_of_its_refusal() -> None:
    table, ids = _table()
    options = {o.action: o for o in preview_faction(table.world(), ids["crows"]).options}
    fortress = options[BuyAsset("fortress", ids["home"])].verdict
    assert not fortress.allowed and fortress.rule == "seed 002, Buy Asset" and "Force 6" in fortress.reason
    far_strike = Attack((Strike(ids["guards"], ids["rival"], ids["rival_far"]),))
    assert far_strike not in options  # out of range: only targets in the attacker's region are offered


def test_a_stealthed_rival_asset_is_never_offered_as_a_target() -> None:
    table, ids = _table()
    hidden = give(table.factions[1], "master_assassin", table.regions[0], stealthed=True).id
    targets = {
        o.action.strikes[0].target_asset_id
        for o in preview_faction(table.world(), ids["crows"]).options
        if isinstance(o.action, Attack)
    }
    assert ids["rival_guards"] in targets and hidden not in targets


def test_prices_include_the_rivals_local_investments_and_the_turn_charges_them() -> None:
    table, ids = _table()
    preview = preview_faction(table.world(), ids["crows"])
    options = {o.action: o for o in preview.options}
    thugs = options[BuyAsset("thugs", ids["home"])]
    assert thugs.cost == 2 + 1 and thugs.verdict.allowed  # table cost 2, +1 for Local Investments
    assert options[RepairAsset(((ids["guards"], 1),))].cost == 1
    assert options[ExpandInfluence(ids["home"], 1)].cost == 1
    crows = table.factions[0]
    table.order(crows, action=thugs.action)
    run_phase(table, 1)
    assert crows.facgold == preview.facgold_at_action - thugs.cost


def test_a_refit_is_priced_at_the_difference_in_cost_and_the_turn_charges_it() -> None:
    """Seed 002, Refit Asset: "paying the difference in cost"; the preview tells it as the check and turn do."""
    table, ids = _table()
    preview = preview_faction(table.world(), ids["crows"])
    options = {o.action: o for o in preview.options}
    mob = options[RefitAsset(ids["guards"], "mob")]
    assert (mob.cost, mob.verdict.allowed) == (4 - 2, True)  # Mob costs 4, Guardsmen 2
    regiment = options[RefitAsset(ids["guards"], "regiment")]
    assert regiment.cost == 8 - 2 and not regiment.verdict.allowed
    assert f"costs {regiment.cost}" in regiment.verdict.reason  # the refusal names the price the preview quotes
    cheaper = options[RefitAsset(ids["informers"], "smugglers")]
    assert cheaper.cost == 0  # a cheaper type costs nothing (no refund)
    crows = table.factions[0]
    table.order(crows, action=mob.action)
    run_phase(table, 1)
    assert crows.facgold == preview.facgold_at_action - mob.cost
