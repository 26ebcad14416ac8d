"""Coverage pass, attacks and defences (seed 002, Asset List): the abilities that strike, counter, defend and
reroll, on fixed dice (test_coverage_abilities.py says where the others are). Regions lie in a row, one hex apart:
R0 (home) to R4.
"""

from __future__ import annotations

from domain.factionturn.aggregate.orders import (
    AbilityUse,
    Attack,
    Defence,
    Strike,
)
from tests.domain.factionturn.factionturn_scenario import give
from tests.support.factionturn_map import Map, _refused, _strike


# ---- Attacks and defences -------------------------------------------------------------------------------------------
def test_zealots_take_1d4_damage_when_they_counterattack() -> None:
    m = Map()
    regiment = give(m.guild, "regiment", m.r[0])
    zealots = give(m.rulers, "zealots", m.r[0])
    m.table.resolve(m.guild, _strike(regiment, m.rulers, zealots), 1, 9, 2, 3, 2)  # counter 2d6 = 5; 1d4 = 2
    assert (regiment.hp, zealots.hp) == (12 - 5, 4 - 2)


def test_a_fortress_is_not_chosen_to_defend_against_a_cunning_attack() -> None:
    m = Map()
    assassin = give(m.guild, "master_assassin", m.r[0])
    informers = give(m.rulers, "informers", m.r[0])
    fortress = give(m.rulers, "fortress", m.r[0])
    m.table.order(m.rulers, defences=(Defence(m.id(0), defender_id=fortress.id),))
    m.table.resolve(m.guild, _strike(assassin, m.rulers, informers), 9, 1, 1, 1)
    assert (informers.hp, fortress.hp) == (3 - 2, 20)


def test_a_fortress_meets_a_force_attack_when_its_owner_chooses_it() -> None:
    m = Map()
    regiment = give(m.guild, "regiment", m.r[0])
    informers = give(m.rulers, "informers", m.r[0])
    fortress = give(m.rulers, "fortress", m.r[0])
    m.table.order(m.rulers, defences=(Defence(m.id(0), defender_id=fortress.id),))
    m.table.resolve(m.guild, _strike(regiment, m.rulers, informers), 9, 1, 5)
    assert (informers.hp, fortress.hp) == (3, 20 - 5)


def test_lawyers_do_not_counterattack_a_force_asset() -> None:
    m = Map()
    regiment = give(m.guild, "regiment", m.r[0])
    lawyers = give(m.rulers, "lawyers", m.r[0])
    m.table.resolve(m.guild, _strike(regiment, m.rulers, lawyers), 1, 9)
    assert regiment.hp == 12


def test_lawyers_counterattack_a_cunning_asset() -> None:
    m = Map()
    assassin = give(m.guild, "master_assassin", m.r[0])
    lawyers = give(m.rulers, "lawyers", m.r[0])
    m.table.resolve(m.guild, _strike(assassin, m.rulers, lawyers), 1, 9, 3)
    assert assassin.hp == 4 - 3


def test_enchanters_reveal_the_targets_other_stealthed_assets_on_a_hit_and_do_no_damage() -> None:
    m = Map()
    enchanters = give(m.guild, "enchanters", m.r[0])
    informers = give(m.rulers, "informers", m.r[0])
    hidden = [give(m.rulers, "master_assassin", m.r[0], stealthed=True) for _ in range(2)]
    m.table.resolve(m.guild, _strike(enchanters, m.rulers, informers), 9, 1)
    assert informers.hp == 3 and not any(h.stealthed for h in hidden)


def test_enchanters_that_miss_reveal_nothing() -> None:
    m = Map()
    enchanters = give(m.guild, "enchanters", m.r[0])
    informers = give(m.rulers, "informers", m.r[0])
    hidden = give(m.rulers, "master_assassin", m.r[0], stealthed=True)
    m.table.resolve(m.guild, _strike(enchanters, m.rulers, informers), 1, 9)
    assert hidden.stealthed


def test_blackmail_strips_the_defenders_tag_dice_when_it_attacks() -> None:
    m = Map()
    m.rulers.tags = ["Theocratic"]  # a bonus die defending with Cunning
    blackmail = give(m.guild, "blackmail", m.r[0])
    informers = give(m.rulers, "informers", m.r[0])
    outcome = m.table.resolve(m.guild, _strike(blackmail, m.rulers, informers), 9, 1, 1)
    assert outcome.rolls[1].expression == "1d10" and informers.hp == 3 - 2


def test_guards_and_wards_add_a_die_to_their_owners_cunning_attacks_in_the_region() -> None:
    m = Map()
    give(m.guild, "guards_and_wards", m.r[0])
    assassin = give(m.guild, "master_assassin", m.r[0])
    informers = give(m.rulers, "informers", m.r[0])
    outcome = m.table.resolve(m.guild, _strike(assassin, m.rulers, informers), 3, 8, 1, 1, 1)
    assert outcome.rolls[0].expression == "2d10kh1" and outcome.rolls[0].total == 8 + 4


def test_guards_and_wards_add_a_die_to_their_owners_cunning_defences_in_the_region() -> None:
    m = Map()
    give(m.rulers, "guards_and_wards", m.r[0])
    assassin = give(m.guild, "master_assassin", m.r[0])
    informers = give(m.rulers, "informers", m.r[0])
    outcome = m.table.resolve(m.guild, _strike(assassin, m.rulers, informers), 5, 1, 9)
    assert outcome.rolls[1].expression == "2d10kh1" and informers.hp == 3  # 5+4 loses to 9+4


def test_a_franchise_takes_one_facgold_from_a_faction_once_a_turn_however_many_hit() -> None:
    m = Map()
    franchises = [give(m.guild, "franchise", m.r[0]) for _ in range(2)]
    target = give(m.rulers, "regiment", m.r[0])
    strikes = Attack(tuple(Strike(f.id, str(m.rulers.id), target.id) for f in franchises))
    m.table.resolve(m.guild, strikes, 9, 1, 1, 9, 1, 1)
    assert (m.guild.facgold, m.rulers.facgold, target.hp) == (21, 19, 10)


def test_agitators_stop_sapping_once_they_no_longer_share_the_assets_region() -> None:
    m = Map()
    agitators = give(m.guild, "agitators", m.r[0])
    smugglers = give(m.guild, "smugglers", m.r[0])
    regiment = give(m.rulers, "regiment", m.r[0])
    target = give(m.guild, "guardsmen", m.r[0])
    m.use(
        m.guild, AbilityUse(agitators.id, target_faction_id=str(m.rulers.id), target_asset_id=regiment.id), faces=(2,)
    )
    _refused(m, m.rulers, _strike(regiment, m.guild, target), "Agitators")
    m.guild.begin_turn(2)
    m.use(m.guild, AbilityUse(smugglers.id, m.id(1), carried_ids=(agitators.id,)))
    m.table.resolve(m.rulers, _strike(regiment, m.guild, target), 9, 1, 3)
    assert target.id not in m.guild.assets


# ---- Book of Secrets: reroll your own die, or force the enemy's ---------------------------------------------------
def test_a_book_of_secrets_forces_a_winning_enemy_to_reroll_a_high_die() -> None:
    m = Map()
    give(m.guild, "book_of_secrets", m.r[0])
    regiment = give(m.guild, "regiment", m.r[0])
    target = give(m.rulers, "regiment", m.r[0])
    # 5+4 loses to 9+4; a 9 is further above average than the 5 is below: the Rulers reroll, a 2; 1d8 = 4.
    outcome = m.table.resolve(m.guild, _strike(regiment, m.rulers, target), 5, 9, 2, 4)
    assert "forced by a Book of Secrets" in outcome.rolls[2].purpose and outcome.rolls[2].actor == str(m.rulers.id)
    assert target.hp == 12 - 4


def test_a_defenders_book_of_secrets_forces_the_attacker_to_reroll() -> None:
    m = Map()
    give(m.rulers, "book_of_secrets", m.r[0])
    regiment = give(m.guild, "regiment", m.r[0])
    target = give(m.rulers, "regiment", m.r[0])
    m.table.resolve(m.guild, _strike(regiment, m.rulers, target), 9, 4, 1, 3)  # the Guild rerolls 1: counter 3
    assert (regiment.hp, target.hp) == (12 - 3, 12)


def test_a_book_of_secrets_holder_may_order_its_own_reroll_instead() -> None:
    m = Map()
    give(m.guild, "book_of_secrets", m.r[0])
    regiment = give(m.guild, "regiment", m.r[0])
    target = give(m.rulers, "regiment", m.r[0])
    m.table.order(m.guild, book_of_secrets="own")
    outcome = m.table.resolve(m.guild, _strike(regiment, m.rulers, target), 5, 9, 10, 4)
    assert outcome.rolls[2].purpose.endswith("Book of Secrets reroll") and target.hp == 8


def test_only_one_book_of_secrets_reroll_a_turn_however_many_books() -> None:
    m = Map()
    for _ in range(2):
        give(m.guild, "book_of_secrets", m.r[0])
    first, second = give(m.guild, "regiment", m.r[0]), give(m.guild, "regiment", m.r[0])
    target = give(m.rulers, "regiment", m.r[0])
    strikes = Attack((Strike(first.id, str(m.rulers.id), target.id), Strike(second.id, str(m.rulers.id), target.id)))
    m.table.resolve(m.guild, strikes, 2, 8, 9, 5, 2, 8, 3)  # reroll once (a 9 hits for 5); then a miss, counter 3
    assert (target.hp, first.hp, second.hp) == (12 - 5, 12, 12 - 3)
