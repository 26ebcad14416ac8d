"""The Faction Turn's other dice: Expand Influence's contest and the assets' own rolls, against brute force and
the seed's own text; a Seize Region strike's tag die; opposed tests by enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

from domain.factionturn.aggregate.orders import Strike
from domain.factionturn.rules.contest import Side
from domain.odds import ability_odds, attack_odds, expand_influence_odds, opposed
from tests.domain.factionturn.factionturn_scenario import Table, faction, give, region

D10 = range(1, 11)


def test_expand_influence_odds_match_every_face() -> None:
    """Red (Cunning 3, Diplomatic: a bonus die) plants a base where Blue (Cunning 5) and Green (Cunning 2) stand."""
    town, home = region("Town", 0, 0), region("Home", 2, 0)
    red = faction("Red", 3, 3, 3, home, tags=["Diplomatic"])
    blue, green = faction("Blue", 3, 5, 3, home), faction("Green", 3, 2, 3, home)
    give(red, "guardsmen", town)
    give(blue, "guardsmen", town)
    give(green, "guardsmen", town)
    odds = expand_influence_odds(Table([red, blue, green], [town, home]).world(), str(red.id), str(town.id))
    faces = list(itertools.product(D10, D10, D10, D10))  # Red's two dice, Blue's, Green's
    total = Fraction(1, len(faces))
    blue_may = sum(total for a, b, x, _ in faces if x + 5 >= max(a, b) + 3)
    green_may = sum(total for a, b, _, y in faces if y + 2 >= max(a, b) + 3)
    none = sum(total for a, b, x, y in faces if x + 5 < max(a, b) + 3 and y + 2 < max(a, b) + 3)
    assert dict(odds.contested_by) == {str(blue.id): blue_may, str(green.id): green_may}
    assert odds.uncontested == none


def test_the_assets_own_rolls_are_the_seeds_tables() -> None:
    home = region("Home", 0, 0)
    red = faction("Red", 3, 3, 8, home, facgold=5)
    world_assets = {
        key: give(red, key, home)
        for key in (
            "industry",
            "risky_investments",
            "indentured_workforce",
            "arcane_industry",
            "trade_broker",
            "regiment",
        )
    }
    world = Table([red], [home]).world()
    industry = ability_odds(world, str(red.id), world_assets["industry"].id)
    assert industry is not None  # seed 002, Industry: on a 1 lose one, 2-4 earn one, 5-6 two
    assert industry.facgold.as_dict() == {-1: Fraction(1, 6), 1: Fraction(1, 2), 2: Fraction(1, 3)}
    assert industry.expected == 1 and industry.lost == 0
    risky = ability_odds(world, str(red.id), world_assets["risky_investments"].id)
    assert risky is not None  # 1: destroyed; 2-3: one; 4-7: two; 8: three
    assert risky.lost == Fraction(1, 8)
    assert risky.facgold.as_dict() == {0: Fraction(1, 8), 1: Fraction(2, 8), 2: Fraction(4, 8), 3: Fraction(1, 8)}
    workforce = ability_odds(world, str(red.id), world_assets["indentured_workforce"].id)
    assert workforce is not None and workforce.facgold.as_dict() == {0: Fraction(1, 3), 1: Fraction(2, 3)}
    arcane = ability_odds(world, str(red.id), world_assets["arcane_industry"].id)
    assert arcane is not None and arcane.expected == Fraction(1 + 1 + 2 + 2 + 3 + 3 + 4 + 4, 8)  # 1d8, half up
    broker = ability_odds(world, str(red.id), world_assets["trade_broker"].id)
    assert broker is not None and broker.measure.startswith("discount") and broker.expected == Fraction(9, 2)
    assert ability_odds(world, str(red.id), world_assets["regiment"].id) is None


def test_a_seize_region_strike_takes_the_imperialist_die() -> None:
    town = region("Town", 0, 0)
    red, blue = faction("Red", 5, 3, 3, town, tags=["Imperialist"]), faction("Blue", 5, 3, 3, region("Far", 4, 0))
    regiment, target = give(red, "regiment", town), give(blue, "regiment", town)
    world = Table([red, blue], [town]).world()
    strike = Strike(regiment.id, str(blue.id), target.id)
    plain, seizing = attack_odds(world, str(red.id), strike), attack_odds(world, str(red.id), strike, seizing=True)
    assert plain.hit == Fraction(45, 100)
    assert seizing.hit == sum(Fraction(1, 1000) for a, b, d in itertools.product(D10, D10, D10) if max(a, b) > d)
    assert opposed(Side(red, "force", 1), Side(blue, "force")).win == seizing.hit
