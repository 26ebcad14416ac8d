"""Divine Petition, Extortion, Frame Up, Poison Pill, Public Relations and Smear Campaigns on fixed dice."""

from __future__ import annotations

from domain.dice import FixedDice
from domain.gameofbones.rules.checks import attack_modifiers, defence_modifiers
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName as A
from domain.gameofbones.tables.actions import Defence
from domain.gameofbones.tables.records import Applies
from tests.domain.gameofbones.bones_world import act, court, person, totals


def test_divine_sanction_costs_defenders_4_on_skill_checks_next_phase() -> None:
    world, a, b = court()
    outcome = act(world, a, Order(A.DIVINE_PETITION, "Yvonnel"), [4])  # 4+20+6 = 30 against DC 30
    [sanction] = a.circumstances
    assert (totals(outcome), sanction.applies, sanction.value, sanction.from_phase, sanction.until_phase) == (
        [30],
        Applies.DEFENCE_AGAINST_HOLDER,
        -4,
        2,
        2,
    )
    mods = defence_modifiers(b, a, A.SMEAR_CAMPAIGN, Defence.INFLUENCE, 2, skill_check=True)
    assert sum(m.value for m in mods) == 3 - 4
    assert sum(m.value for m in defence_modifiers(b, a, A.SMEAR_CAMPAIGN, None, 1, skill_check=True)) == 0


def test_a_condemned_petitioner_defends_at_minus_2_next_phase() -> None:
    world, a, b = court()
    act(world, a, Order(A.DIVINE_PETITION, "Yvonnel"), [3])
    mods = defence_modifiers(a, b, A.FRAME_UP, None, 2, skill_check=True)
    assert [m.value for m in mods] == [-2]


def extort(faces: list[int]):  # type: ignore[no-untyped-def]
    world, a, b = court()
    a.update_character(person("Yvonnel", 12))  # Intimidate +0: 1d20+6 against DC 20 and Sense Motive 1d20+5
    bazaar = world.area("Bazaar", controller=b, income=4_000)
    world.order(a, Order(A.EXTORTION, "Yvonnel", str(b.id), area_ids=(bazaar,)))
    return world, world.month(faces), a, b


def test_extortion_takes_5_percent_of_the_areas_income_per_point_won() -> None:
    _, report, a, b = extort([20, 14])  # 26 against 19: 7 points, 35%
    assert report.outcomes[0].result == "35% of the areas' income extorted"
    assert (report.income[str(a.id)], report.income[str(b.id)]) == (1_400, 2_600)
    assert (a.gold, a.dedicated_power) == (100_000 - 700 + 1_400, 0)


def test_failed_extortion_arms_the_defenders_response_with_plus_2() -> None:
    _, _, a, b = extort([10, 10])  # 16 against DC 20
    [armed] = b.circumstances
    assert (armed.applies, armed.value, armed.other_house_id) == (Applies.HOLDER_ATTACKS, 2, str(a.id))
    assert sum(m.value for m in attack_modifiers(b, a, A.FRAME_UP, 2, skill_check=True)) == 2


def test_failed_extortion_beaten_by_10_arms_the_defender_with_plus_5() -> None:
    _, _, _, b = extort([5, 20])  # 11 against 25
    assert [c.value for c in b.circumstances] == [5]


def frame(faces: list[int], actor: str = "Yvonnel"):  # type: ignore[no-untyped-def]
    world, a, b = court()
    return act(world, a, Order(A.FRAME_UP, actor, str(b.id)), faces), a, b  # GI +16 against Sense Motive +5+3


def test_a_frame_up_lowers_effective_rank_by_1_per_10_full_points_next_month() -> None:
    outcome, _, b = frame([19, 2])  # 35 against 10: 25 points
    assert (totals(outcome), b.effective_rank(1), b.effective_rank(2), b.effective_rank(3)) == ([35, 10], 2, 0, 2)
    assert (b.rank, b.influence) == (2, 3_000)


def test_a_frame_up_won_by_less_than_10_convinces_no_one() -> None:
    outcome, _, b = frame([10, 10])
    assert (outcome.result, b.effective_rank(2)) == ("the evidence convinced no one", 2)


def test_a_failed_frame_up_lowers_the_aggressors_own_effective_rank_next_month() -> None:
    _, a, b = frame([1, 1])  # 17 against DC 25
    assert (a.effective_rank(1), a.effective_rank(2), b.effective_rank(2)) == (6, 5, 2)
    assert a.action_bonuses(2) == (5,)


def plant(faces: list[int]):  # type: ignore[no-untyped-def]
    world, a, b = court()
    return act(world, a, Order(A.POISON_PILL, "Yvonnel", str(b.id)), faces), a, b  # SM +16 against GI +5+3


def test_a_planted_spy_gives_plus_2_to_actions_against_the_target() -> None:
    outcome, a, b = plant([15, 5])
    assert (outcome.result, a.spies[str(b.id)].bonus) == ("spy planted", 2)
    assert [m.value for m in attack_modifiers(a, b, A.SMEAR_CAMPAIGN, 3, skill_check=True)] == [2]


def test_a_turned_spy_costs_the_aggressor_2_against_the_target() -> None:
    _, a, b = plant([5, 5])
    assert sum(m.value for m in attack_modifiers(a, b, A.ASSAULT, 2, skill_check=False)) == -2
    assert b.knowledge[-1]["result"] == "spy turned"


def test_a_public_relations_campaign_gains_2000_influence_on_diplomacy_against_10_plus_rank() -> None:
    world, a, _ = court()
    outcome = act(world, a, Order(A.PUBLIC_RELATIONS_CAMPAIGN, "Yvonnel"), [1])  # 17 against 16
    assert (totals(outcome), a.influence) == ([17], 32_000)


def test_a_failed_public_relations_campaign_neither_gains_nor_loses() -> None:
    world, a, _ = court()
    a.update_character(person("Yvonnel", 12))
    act(world, a, Order(A.PUBLIC_RELATIONS_CAMPAIGN, "Yvonnel"), [9])  # 15 against 16
    assert (a.influence, a.gold) == (30_000, 100_000 - 12_000)


def smear(faces: list[int], actor: str = "Yvonnel"):  # type: ignore[no-untyped-def]
    world, a, b = court()
    return act(world, a, Order(A.SMEAR_CAMPAIGN, actor, str(b.id)), faces), a, b  # +21 vs DC 28 and SM +5+3


def test_a_smear_that_beats_sense_motive_costs_the_target_1000_influence() -> None:
    outcome, _, b = smear([10, 15])  # 31 against 23
    assert (totals(outcome), b.influence) == ([31, 23], 2_000)


def test_a_smear_that_wins_by_more_than_10_costs_1d4_thousand() -> None:
    outcome, _, b = smear([15, 5, 3])  # 36 against 13
    assert (totals(outcome), b.influence) == ([36, 13, 3_000], 0)


def test_a_smear_exposed_by_10_lets_the_target_counterattack_at_plus_5() -> None:
    _, a, b = smear([2, 20], actor="Dab")  # 8 against 28
    assert [(c.value, c.other_house_id) for c in b.circumstances] == [(5, str(a.id))]


def test_a_smear_failing_by_less_than_10_only_wastes_the_money() -> None:
    outcome, a, b = smear([1, 20])  # 22 against 28
    assert (outcome.result, b.circumstances, b.influence, a.gold) == ("the money was wasted", [], 3_000, 96_000)


def test_a_smear_that_misses_the_dc_by_10_but_beats_sense_motive_only_wastes_the_money() -> None:
    # Seed 000, Smear Campaign: the +5 needs the Innuendo check "10 or more less than the target's Sense Motive".
    outcome, _, b = smear([12, 1], actor="Dab")  # 18 misses DC 28 by 10, yet beats Sense Motive 9
    assert (totals(outcome), outcome.result, b.circumstances) == ([18, 9], "the money was wasted", [])


def test_a_smear_9_below_sense_motive_and_far_below_the_dc_is_not_exposed() -> None:
    outcome, _, b = smear([2, 9], actor="Dab")  # 8 misses DC 28 by 20, Sense Motive 17 by 9
    assert (totals(outcome), outcome.result, b.circumstances) == ([8, 17], "the money was wasted", [])


def test_fixed_dice_are_exhausted_loudly() -> None:
    assert FixedDice([3]).roll(20) == 3
