"""Odds, exactly (issue 19): the exact chances of every order the rules resolve with dice. Pure: no I/O, no dice.

How to call it:

    from domain.odds import attack_odds, house_odds, Unknown

    # A Faction Turn strike (seed 002, Attack Procedure). World and Strike as the resolution takes them.
    odds = attack_odds(world, faction_id, Strike(attacker_id, target_faction_id, target_asset_id),
                       viewer=None)            # None: the GM's truth; a faction id: that seat's knowledge
    odds.hit, odds.tie, odds.miss              # Fraction (or Unknown): beat, equal, fall short of the defence
    odds.damage.outcomes, odds.expected_damage # the damage roll's distribution; (hit + tie) × its mean
    odds.counter, odds.counter_damage          # chance the counterattack lands (ties included), its roll

    # A Game of Bones order (seed 000): planned as `plan_order` plans it (its refusals propagate).
    odds = house_odds(house, Order(ActionName.SMEAR_CAMPAIGN, "Yvonnel", rival_id), phase=phase,
                      houses=houses, areas=areas, viewer=None)  # or viewer=<house id>
    odds.success, odds.bands, odds.expected    # each band: name, chance, mean effects given the band
    assault_odds_by_power(house, assault, phase=phase, houses=houses, areas=areas)  # ((power, odds), ...)
    house_success(house, order, phase=phase, houses=houses, areas=areas)  # the GM's odds.success alone, fast

    # The other Faction Turn dice: opposed(Side, Side), expand_influence_odds(world, faction_id, region_id),
    # ability_odds(world, faction_id, asset_id) (Industry, Risky Investments... read off the resolver per face).

    # The Game of Bones checks that are no order: spy_check_odds(aggressor, defender, spy, phase, week),
    # source_hunt_odds(house, attack_id, phase).

    # Any dice expression: distribution.of_expression("2d6+2"), keep_highest(2, 10), of_spec(DiceSpec(...)).

Every chance is a `fractions.Fraction`; where a seat's odds would read a secret (a rival's defence plan or
Book of Secrets order, its hidden assets; a house's defences, effective Rank, circumstances) the value is
`Unknown(reason)` instead. Modifiers come from the resolution's own code, so odds and resolution agree.
Decisions: docs/rules-notes/odds.md.
"""

from domain.odds.assault_power import assault_odds_by_power, assault_powers
from domain.odds.distribution import Distribution, dice_sum, die, keep_highest, mixture, of_expression, of_spec
from domain.odds.faction_attack import TIE_RULE, AttackOdds, attack_odds
from domain.odds.faction_checks import (
    AbilityOdds,
    ContestOdds,
    ExpandOdds,
    ability_odds,
    expand_influence_odds,
    opposed,
    side_total,
)
from domain.odds.house_action import Band, HouseOdds, house_odds, house_success, scene_odds
from domain.odds.house_checks import SpyOdds, source_hunt_odds, spy_check_odds
from domain.odds.knowledge import Chance, Unknown, known, seen_world

__all__ = [
    "TIE_RULE",
    "AbilityOdds",
    "AttackOdds",
    "Band",
    "Chance",
    "ContestOdds",
    "Distribution",
    "ExpandOdds",
    "HouseOdds",
    "SpyOdds",
    "Unknown",
    "ability_odds",
    "assault_odds_by_power",
    "assault_powers",
    "attack_odds",
    "dice_sum",
    "die",
    "expand_influence_odds",
    "house_odds",
    "house_success",
    "keep_highest",
    "known",
    "mixture",
    "of_expression",
    "of_spec",
    "opposed",
    "scene_odds",
    "seen_world",
    "side_total",
    "source_hunt_odds",
    "spy_check_odds",
]
