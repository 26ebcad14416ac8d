"""The GM's hand on the Faction Turn, on fixed dice: adventures, adjustments, custom types and actions."""

from __future__ import annotations

import pytest

from domain.dice import FixedDice
from domain.errors import InvalidInputError, RuleViolationError
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import Attack, BuyAsset, CustomAction, FactionOrders, Strike
from domain.factionturn.resolution.turn import resolve_turn
from domain.factionturn.rules import adventures
from domain.factionturn.rules.actions import resolve_action
from domain.factionturn.rules.world import World, apply_outcomes
from domain.factionturn.tables.catalog import CATALOG, asset_type
from domain.factionturn.tables.custom_types import define_row, row_to_dict
from domain.gm import Adjustment, Check, CustomActionDef
from domain.region import Region
from tests.domain.factionturn.factionturn_scenario import event_names, faction, give, region, settle

GM = "gm-seat"
TROLLS = define_row(
    "bridge_trolls",
    "Bridge Trolls",
    "force",
    1,
    6,
    2,
    kind="Military Unit",
    attack_cell="Force vs. Force, 1d6 damage",
    counter_cell="1d4",
)


def _field() -> tuple[Faction, Faction, Region]:
    capital = region("Capital")
    return faction("Crows", 4, 3, 3, capital, facgold=10), faction("Republic", 4, 5, 3, capital), capital


def test_an_adventure_destroys_an_asset_with_no_chance_to_resist() -> None:
    crows, _, capital = _field()
    lab = give(crows, "regiment", capital)
    settle(crows)
    outcome = adventures.destroy(crows, lab.id)
    crows.resolve_adventure(outcome.outcome, outcome.asset_id, outcome.asset, GM, "the PCs burned the barracks")
    assert lab.id not in crows.assets
    events = crows.collect_events()
    assert [type(e).__name__ for e in events] == ["AdventureResolved"]
    assert (events[0].seat, events[0].reason) == (GM, "the PCs burned the barracks")  # type: ignore[attr-defined]


def test_razing_a_base_of_influence_costs_the_faction_its_hp() -> None:
    crows, _, capital = _field()
    base = crows.base_in(str(capital.id))
    assert base is not None
    outcome = adventures.damage(crows, base.id, 4)
    crows.resolve_adventure(outcome.outcome, outcome.asset_id, outcome.asset, GM, "riot")
    assert (crows.assets[base.id].hp, crows.hp) == (base.max_hp - 4, crows.max_hp - 4)


def test_healing_stops_at_maximum_hp_and_a_transfer_changes_hands() -> None:
    crows, republic, capital = _field()
    regiment = give(crows, "regiment", capital, hp=3)
    healed = adventures.heal(crows, regiment.id, 50)
    assert healed.asset is not None and healed.asset.hp == healed.asset.max_hp
    gone, got = adventures.transfer(crows, republic, regiment.id)
    crows.resolve_adventure(gone.outcome, gone.asset_id, gone.asset, GM, "defected")
    republic.resolve_adventure(got.outcome, got.asset_id, got.asset, GM, "defected")
    assert regiment.id not in crows.assets and republic.assets[got.asset_id].name == "Regiment"


def test_stealthing_and_revealing_record_the_new_state() -> None:
    crows, _, capital = _field()
    spies = give(crows, "cutthroats", capital)
    hidden = adventures.set_stealth(crows, spies.id, True)
    crows.resolve_adventure(hidden.outcome, hidden.asset_id, hidden.asset, GM, "PCs cover their tracks")
    assert crows.assets[spies.id].stealthed
    with pytest.raises(RuleViolationError):
        adventures.set_stealth(crows, spies.id, True)


def test_a_base_granted_beyond_the_faction_maximum_is_refused() -> None:
    crows, _, _ = _field()
    far = region("Far", 2, 0)
    with pytest.raises(RuleViolationError, match="maximum HP"):
        adventures.grant_base(crows, str(far.id), crows.max_hp + 1)


@pytest.mark.parametrize(
    ("field", "value", "rule"),
    [("force", 5, "ratings 1-8"), ("hp", 1, "maximum HP"), ("facgold", -11, "FacGold"), ("xp", -1, "Raising")],
)
def test_an_adjustment_that_breaks_an_invariant_is_refused_naming_the_rule(field: str, value: int, rule: str) -> None:
    crows, _, _ = _field()
    settle(crows)
    with pytest.raises(RuleViolationError) as refused:
        crows.adjust(field, "adjust", value, GM, "a typo")
    assert rule in refused.value.rule
    assert crows.collect_events() == []


def test_an_adjustment_records_before_and_after_and_lowering_a_rating_keeps_hp_within_the_maximum() -> None:
    crows, _, _ = _field()
    full = crows.hp
    crows.adjust("force", "set", 1, GM, "the army deserted")
    assert crows.force == 1 and crows.hp == crows.max_hp < full
    crows.adjust("facgold", "adjust", -10, GM, "bribes")
    assert crows.facgold == 0
    with pytest.raises(InvalidInputError):
        crows.adjust("facgold", "adjust", 1, GM, " ")


def test_a_custom_asset_type_never_changes_the_catalog_and_cannot_shadow_it() -> None:
    assert "bridge_trolls" not in CATALOG
    with pytest.raises(InvalidInputError):
        define_row("regiment", "Regiment", "force", 1, 6, 2)
    with pytest.raises(InvalidInputError, match="ability"):
        define_row("odd", "Odd", "force", 1, 6, 2, ability="no_such_ability")


def test_a_custom_asset_type_is_bought_and_attacks_like_a_catalog_row() -> None:
    crows, republic, capital = _field()
    crows.begin_turn(1)
    world = World([crows, republic], [capital], custom_types={TROLLS.key: TROLLS})
    bought = resolve_action(world, str(crows.id), BuyAsset("bridge_trolls", str(capital.id)), FixedDice([]))
    apply_outcomes([bought], [crows, republic], [capital])
    trolls = next(a for a in crows.assets.values() if a.type_key == "bridge_trolls")
    assert trolls.custom_type == row_to_dict(TROLLS) and crows.facgold == 10 - 2
    crows.begin_turn(1)
    target = give(republic, "regiment", capital)
    world = World([crows, republic], [capital], custom_types={TROLLS.key: TROLLS})
    strike = Attack((Strike(trolls.id, str(republic.id), target.id),))
    outcome = resolve_action(world, str(crows.id), strike, FixedDice([9, 1, 5]))
    apply_outcomes([outcome], [crows, republic], [capital])
    assert target.hp == asset_type("regiment").hp - 5  # type: ignore[operator]


BRIBE = CustomActionDef(
    "bribe_the_beholder",
    "Bribe the Beholder",
    "factionturn",
    2,
    2,
    check=Check("1d10", "cunning", dc=8),
    on_success=(Adjustment("xp", 2),),
    on_failure=(Adjustment("facgold", -1),),
)


def _bribe_turn(crows: Faction, capital: Region, faces: list[int]) -> None:
    order = CustomAction(BRIBE.name, BRIBE.duration, BRIBE.cost, BRIBE.to_dict() | {"seat": GM, "reason": "seed"})
    world = World([crows], [capital], {str(crows.id): FactionOrders(action=order)}, 1)
    dice = FixedDice(faces)
    apply_outcomes([resolve_turn(world.copy(), str(crows.id), dice)], [crows], [capital])
    assert dice.remaining == 0


def test_a_two_turn_custom_action_pays_each_turn_and_resolves_with_its_check() -> None:
    crows, _, capital = _field()
    _bribe_turn(crows, capital, [])
    assert crows.multi_turn is not None and crows.facgold == 10 + 3 - 2
    settle(crows)
    _bribe_turn(crows, capital, [5])  # 5 + Cunning 3 = 8 meets DC 8
    assert crows.multi_turn is None and crows.facgold == 11 + 3 - 2 and crows.xp == 2
    assert {"CustomActionResolved", "Adjusted"} <= set(event_names(crows))


def test_a_failed_custom_check_applies_the_failure_effects() -> None:
    crows, _, capital = _field()
    _bribe_turn(crows, capital, [])
    _bribe_turn(crows, capital, [4])
    assert crows.xp == 0 and crows.facgold == 11 + 3 - 2 - 1


def test_an_adventure_foils_a_custom_action_under_way_and_what_was_paid_stays_paid() -> None:
    crows, _, capital = _field()
    _bribe_turn(crows, capital, [])
    crows.foil_plan(GM, "the party stole the dream artifact")
    assert crows.multi_turn is None and crows.facgold == 10 + 3 - 2
    with pytest.raises(RuleViolationError, match="no action"):
        crows.foil_plan(GM, "again")


def test_a_custom_action_is_influence_spending_only_when_the_gm_marks_it_and_older_definitions_are_not() -> None:
    """Seed 002, Legendary Wealth: "Spend FacGolds equal to four times your faction's Wealth score on bribes and
    influence." The GM's definition says whether its FacGold is that spending; a definition recorded before the
    flag existed loads unmarked."""
    marked = CustomActionDef("gild", "Gild the court", "factionturn", 1, 3, influence_spending=True)
    assert CustomActionDef.from_dict(marked.to_dict()).influence_spending is True
    older = {k: v for k, v in marked.to_dict().items() if k != "influence_spending"}
    assert CustomActionDef.from_dict(older).influence_spending is False
    with pytest.raises(InvalidInputError, match="influence_spending"):
        CustomActionDef.from_dict(marked.to_dict() | {"influence_spending": "yes"})
    with pytest.raises(InvalidInputError, match="a faction's goal"):
        CustomActionDef("gild", "Gild the court", "gameofbones", 1, 3, influence_spending=True)
