"""Coverage pass: every faction goal of seed 002 won in a fixed-dice scenario, with XP equal to its difficulty.

Peaceable Kingdom, Blood the Enemy, Military Conquest, Legendary Wealth and uncontested Expand Influence are
in test_turn_goals.py; the other six, contested Expand Influence and the re-selection rules are here.
"""

from __future__ import annotations

from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import (
    AbilityUse,
    Attack,
    ExpandInfluence,
    GoalChoice,
    SeizeRegion,
    Strike,
    UseAssetAbility,
)
from domain.factionturn.rules.seize import REGIONAL_GOVERNMENT
from domain.region import Region
from tests.domain.factionturn.factionturn_scenario import (
    Table,
    event_names,
    faction,
    give,
    influence_action,
    region,
    settle,
    take_turn,
)


def _rivals(
    red_ratings: tuple[int, int, int], blue_ratings: tuple[int, int, int] = (1, 1, 1)
) -> tuple[Table, Faction, Faction, Region]:
    """Red at home in Town; Blue at home elsewhere, with assets in Town only when a test gives them."""
    town, far = region("Town", 0, 0, arcana=4), region("Far", 3, 0)
    red = faction("Red", *red_ratings, town, facgold=10)
    blue = faction("Blue", *blue_ratings, far, facgold=10)
    return Table([red, blue], [town, far]), red, blue, town


def _strikes(attackers: list[object], foe: Faction, targets: list[object]) -> Attack:
    return Attack(tuple(Strike(a.id, str(foe.id), t.id) for a, t in zip(attackers, targets, strict=True)))  # type: ignore[attr-defined]


# ---- Commercial Expansion --------------------------------------------------------------------------------------
def test_commercial_expansion_is_won_by_destroying_rival_wealth_assets_equal_to_wealth() -> None:
    table, red, blue, town = _rivals((1, 1, 2))  # Wealth 2: two rival Wealth assets
    regiments = [give(red, "regiment", town) for _ in range(2)]
    investments = [give(blue, "local_investments", town) for _ in range(2)]  # 2 HP each, no counterattack
    table.order(red, goal=GoalChoice("commercial_expansion"), action=_strikes(regiments, blue, investments))
    settle(red)
    take_turn(table, red, 9, 1, 2, 9, 1, 2)  # each strike: 9+1 beats 1+1, 1d8 = 2 destroys
    assert not any(i.id in blue.assets for i in investments)
    assert red.goal is None and red.xp == 1  # difficulty: half of 2 assets destroyed
    assert "GoalAchieved" in event_names(red)


def test_commercial_expansion_is_not_won_while_fewer_wealth_assets_than_wealth_are_destroyed() -> None:
    table, red, blue, town = _rivals((1, 1, 2))
    regiment = give(red, "regiment", town)
    investments = give(blue, "local_investments", town)
    table.order(red, goal=GoalChoice("commercial_expansion"), action=_strikes([regiment], blue, [investments]))
    take_turn(table, red, 9, 1, 2)
    assert red.goal is not None and red.goal["progress"]["destroyed_wealth"] == 1 and red.xp == 0


def test_commercial_expansion_counts_only_wealth_assets() -> None:
    table, red, blue, town = _rivals((1, 1, 1))
    regiment = give(red, "regiment", town)
    informers = give(blue, "informers", town)  # a Cunning asset
    table.order(red, goal=GoalChoice("commercial_expansion"), action=_strikes([regiment], blue, [informers]))
    take_turn(table, red, 9, 1, 3)
    assert informers.id not in blue.assets and red.goal is not None and red.xp == 0


# ---- Intelligence Coup ------------------------------------------------------------------------------------------
def test_intelligence_coup_is_won_by_destroying_rival_cunning_assets_equal_to_cunning() -> None:
    table, red, blue, town = _rivals((1, 3, 1))  # Cunning 3: three rival Cunning assets
    regiments = [give(red, "regiment", town) for _ in range(3)]
    informers = [give(blue, "informers", town) for _ in range(3)]  # 3 HP each, no counterattack
    table.order(red, goal=GoalChoice("intelligence_coup"), action=_strikes(regiments, blue, informers))
    take_turn(table, red, 9, 1, 3, 9, 1, 3, 9, 1, 3)
    assert red.goal is None and red.xp == 2  # difficulty: half of 3, rounded up


# ---- Regional Seizure -------------------------------------------------------------------------------------------
def _governed_town() -> tuple[Table, Faction, Faction, Region]:
    """Blue (4/4/4) governs Town from its home elsewhere and holds a 3 HP base there; Red has Warmages in Town."""
    table, red, blue, town = _rivals((4, 1, 1), (4, 4, 4))
    blue.tags = [REGIONAL_GOVERNMENT]
    town.change_government(str(blue.id), "set-up")
    blue.expand_influence(str(town.id), 3, 0, 0, [])
    give(red, "warmage_regiment", town)
    return table, red, blue, town


def _seize(table: Table, red: Faction, town: Region, *first_turn_faces: int) -> None:
    table.order(red, goal=GoalChoice("regional_seizure", str(town.id)), action=SeizeRegion(str(town.id)))
    take_turn(table, red, *first_turn_faces)
    table.order(red)
    take_turn(table, red)
    take_turn(table, red)


def test_regional_seizure_is_worth_half_the_average_of_the_ousted_rulers_ratings() -> None:
    table, red, _, town = _governed_town()
    _seize(table, red, town, 9, 1, 2, 2)  # 9+4 beats 1+4; 2d6 = 4 destroys the 3 HP base; then three held turns
    assert town.governing_faction_id == str(red.id) and REGIONAL_GOVERNMENT in red.tags
    assert red.goal is None and red.xp == 2  # (4+4+4)/3 = 4, halved


def test_an_unopposed_regional_seizure_counts_as_difficulty_1() -> None:
    table, red, _, town = _rivals((4, 1, 1))
    give(red, "warmage_regiment", town)
    _seize(table, red, town)
    assert town.governing_faction_id == str(red.id) and red.xp == 1


def test_the_ousted_government_loses_its_regional_government_tag() -> None:
    table, red, blue, town = _governed_town()
    _seize(table, red, town, 9, 1, 2, 2)
    assert REGIONAL_GOVERNMENT not in blue.tags


def test_an_ousted_government_that_still_rules_another_region_keeps_its_tag() -> None:
    table, red, blue, town = _governed_town()
    table.regions[1].change_government(str(blue.id), "set-up")  # Blue also rules its home region
    _seize(table, red, town, 9, 1, 2, 2)
    assert REGIONAL_GOVERNMENT in blue.tags


# ---- Destroy the Foe --------------------------------------------------------------------------------------------
def test_destroy_the_foe_is_won_when_the_rival_faction_falls_for_1_plus_its_average_rating() -> None:
    town = region("Town", 0, 0)
    red = faction("Red", 4, 1, 1, region("Red Home", 3, 0), facgold=10)
    blue = faction("Blue", 3, 3, 3, town, hp=2)  # its home base has 2 HP too
    regiment = give(red, "regiment", town)
    base = blue.base_in(str(town.id))
    assert base is not None
    table = Table([red, blue], [town])
    table.order(red, goal=GoalChoice("destroy_the_foe", str(blue.id)), action=_strikes([regiment], blue, [base]))
    take_turn(table, red, 9, 1, 5)  # 9+4 beats 1+3; 5 damage: the base and the faction's last 2 HP
    assert blue.destroyed and blue.hp == 0
    assert red.goal is None and red.xp == 1 + 3


def test_destroy_the_foe_is_not_won_by_destroying_another_faction() -> None:
    town = region("Town", 0, 0)
    red = faction("Red", 4, 1, 1, region("Red Home", 3, 0), facgold=10)
    blue = faction("Blue", 3, 3, 3, town, hp=2)
    green = faction("Green", 1, 1, 1, region("Green Home", 6, 0))
    regiment = give(red, "regiment", town)
    table = Table([red, blue, green], [town])
    table.order(
        red,
        goal=GoalChoice("destroy_the_foe", str(green.id)),
        action=_strikes([regiment], blue, [blue.base_in(str(town.id))]),
    )
    take_turn(table, red, 9, 1, 5)
    assert blue.destroyed and red.goal is not None and red.xp == 0


# ---- Inside Enemy Territory -------------------------------------------------------------------------------------
def _infiltration(moved: int) -> Faction:
    """Red (Cunning 3) teleports `moved` stealthed Informers into a region Blue governs, where one more of its
    stealthed Informers already was when the goal was adopted."""
    home, capital = region("Home", 0, 0), region("Capital", 1, 0)
    red = faction("Red", 1, 3, 1, home)
    blue = faction("Blue", 4, 4, 4, capital)
    capital.change_government(str(blue.id), "set-up")
    circles = give(red, "teleportation_circles", home)
    spies = [give(red, "informers", home, stealthed=True) for _ in range(moved)]
    give(red, "informers", capital, stealthed=True)
    table = Table([red, blue], [home, capital])
    use = AbilityUse(circles.id, str(capital.id), carried_ids=tuple(s.id for s in spies))
    table.order(red, goal=GoalChoice("inside_enemy_territory"), action=UseAssetAbility((use,)))
    take_turn(table, red)
    assert all(s.region_id == str(capital.id) and s.stealthed for s in spies)
    return red


def test_inside_enemy_territory_is_won_with_stealthed_assets_in_governed_regions_equal_to_cunning() -> None:
    red = _infiltration(moved=3)
    assert red.goal is None and red.xp == 2


def test_inside_enemy_territory_does_not_count_assets_already_stealthed_there_when_adopted() -> None:
    red = _infiltration(moved=2)  # 3 stealthed in Capital, but one was there at adoption
    assert red.goal is not None and red.xp == 0


# ---- Invincible Valour ------------------------------------------------------------------------------------------
def test_invincible_valour_is_won_by_destroying_a_force_asset_rated_above_your_force() -> None:
    table, red, blue, town = _rivals((1, 4, 1))
    assassin = give(red, "master_assassin", town)
    warmages = give(blue, "warmage_regiment", town)  # a Force 4 asset, 8 HP
    table.order(red, goal=GoalChoice("invincible_valour"), action=_strikes([assassin], blue, [warmages]))
    take_turn(table, red, 9, 1, 4, 4)  # Cunning 9+4 beats 1+4; 2d6 = 8
    assert warmages.id not in blue.assets and red.goal is None and red.xp == 2


def test_invincible_valour_is_not_won_by_a_force_asset_within_your_own_force() -> None:
    table, red, blue, town = _rivals((1, 4, 1))
    assassin = give(red, "master_assassin", town)
    guards = give(blue, "guardsmen", town)  # Force 1: not above Red's Force 1
    table.order(red, goal=GoalChoice("invincible_valor"), action=_strikes([assassin], blue, [guards]))
    take_turn(table, red, 9, 1, 2, 1)
    assert guards.id not in blue.assets and red.goal is not None and red.xp == 0


# ---- Expand Influence, contested --------------------------------------------------------------------------------
def test_a_contested_expand_influence_is_worth_difficulty_2() -> None:
    home, away = region("Home", 0, 0), region("Away", 1, 0)
    crows = faction("Crows", 3, 4, 1, home, facgold=5)
    rival = faction("Rival", 1, 1, 1, away)
    give(crows, "informers", away)
    give(rival, "arcane_laboratory", away)  # no Attack entry: the contest costs the base nothing
    table = Table([crows, rival], [home, away])
    table.order(crows, goal=GoalChoice("expand_influence"), action=ExpandInfluence(str(away.id), 3))
    take_turn(table, crows, 3, 6)  # 3+4 = 7 is matched by the rival's 6+1
    assert crows.base_in(str(away.id)) is not None and crows.xp == 2


# ---- Legendary Wealth: chosen again only after Wealth rises ---------------------------------------------------
def _legendary(wealth: int = 1) -> tuple[Table, Faction]:
    home = region("Home")
    goldbar = faction("Goldbar", 1, 1, wealth, home, facgold=20)
    table = Table([goldbar], [home])
    table.order(
        goldbar, goal=GoalChoice("legendary_wealth"), action=influence_action("Gold-plated state house", 4 * wealth)
    )
    take_turn(table, goldbar)
    assert goldbar.goal is None and goldbar.xp == 2
    return table, goldbar


def test_legendary_wealth_cannot_be_chosen_again_until_wealth_rises() -> None:
    table, goldbar = _legendary()
    table.order(goldbar, goal=GoalChoice("legendary_wealth"))
    outcome = take_turn(table, goldbar)
    assert goldbar.goal is None and "Wealth must rise" in outcome.failures[0]


def test_legendary_wealth_can_be_chosen_again_once_wealth_has_risen() -> None:
    table, goldbar = _legendary()
    goldbar.xp = 2
    table.order(goldbar, raise_ratings=("wealth",), goal=GoalChoice("legendary_wealth"))
    take_turn(table, goldbar)
    assert goldbar.wealth == 2 and goldbar.goal is not None and goldbar.goal["key"] == "legendary_wealth"
