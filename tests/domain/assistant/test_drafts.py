"""The assistant in the domain (issue 19): temperaments derived from tags and goal, drafts that pass the
submission check, chosen the same way from the same seed, and the simulation's players never refused."""

from __future__ import annotations

from fractions import Fraction

import pytest

from domain.assistant import draft_faction, draft_house, faction_temperament, house_drafts, house_temperament, players
from domain.assistant.faction_guard import threats
from domain.assistant.faction_scores import score_strike
from domain.assistant.players import KINDS
from domain.assistant.sim_setup import faction_table, house_table
from domain.assistant.simulation import ROTATION, mixed, play_factions, play_houses, same_kind
from domain.assistant.temperaments import WEIGHTS
from domain.dice import RaisingDice, RandomDice
from domain.enums import Temperament
from domain.factionturn.aggregate.orders import Defence, Strike
from domain.factionturn.forms.order_checks import check_orders
from domain.factionturn.rules.rows import new_asset, type_of
from domain.gameofbones.resolution.orders_given import order_action
from domain.odds import attack_odds, house_odds


def test_a_factions_goal_outvotes_one_tag_and_tags_decide_without_a_goal() -> None:
    assert faction_temperament(["plutocratic"], "military_conquest") is Temperament.AGGRESSIVE
    assert faction_temperament(["machiavellian", "secretive"], None) is Temperament.SCHEMING
    assert faction_temperament([], None) is Temperament.CAUTIOUS


def test_a_power_based_house_is_aggressive_and_an_influence_based_one_schemes() -> None:
    assert house_temperament(2_000, 6_000, 0) is Temperament.AGGRESSIVE
    assert house_temperament(30_000, 6_000, 0) is Temperament.SCHEMING


def test_every_factions_draft_passes_the_submission_check_and_drafts_again_the_same() -> None:
    table = faction_table()
    world = table.world(1)
    for faction in table.factions:
        temperament = faction_temperament(faction.tags, faction.goal["key"] if faction.goal else None)
        first = draft_faction(world, str(faction.id), temperament, RandomDice.seeded("s", str(faction.id)))
        again = draft_faction(world, str(faction.id), temperament, RandomDice.seeded("s", str(faction.id)))
        check_orders(world, str(faction.id), first.orders)
        assert first == again
        assert first.chosen, f"{faction.name} drafted nothing and said nothing"


def test_a_strike_is_told_with_its_goal_and_exact_odds() -> None:
    table = faction_table()
    remnants, chosen = table.factions[3], table.factions[0]
    regiment = next(a for a in remnants.assets.values() if a.name == "Veteran Regiment")
    regiment.region_id = chosen.home_region_id  # moved beside the Chosen's Warmage Regiment
    warmages = next(a for a in chosen.assets.values() if a.name == "Warmage Regiment")
    told = score_strike(
        table.world(1),
        remnants,
        Strike(regiment.id, str(chosen.id), warmages.id),
        WEIGHTS[Temperament.AGGRESSIVE],
        "aggressive",
    )
    assert told is not None
    # seed 002: 1d10 + Force 5 against 1d10 + Force 3, a tie hitting too; the odds are domain/odds' exact ones
    assert told.line() == (
        "Goal Blood the Enemy; aggressive: strike a rival: Veteran Regiment attacks Remzal's "
        "Chosen's Warmage Regiment in Remzal's Rest, 72% to hit, expected 6.5 damage, 36% chance "
        "of a 1d8 counter"
    )


def test_every_houses_draft_is_ordered_in_turn_and_drafts_again_the_same() -> None:
    table = house_table()
    for house_id, house in table.houses.items():
        temperament = house_temperament(house.influence, house.power, house.gold)
        first = draft_house(
            house,
            phase=1,
            houses=table.houses,
            areas=table.areas,
            temperament=temperament,
            dice=RandomDice.seeded("s", house_id),
        )
        again = draft_house(
            house,
            phase=1,
            houses=table.houses,
            areas=table.areas,
            temperament=temperament,
            dice=RandomDice.seeded("s", house_id),
        )
        assert first == again and house.pending == {}  # drafting changed nothing
        for order in first.orders:
            order_action(house, order, phase=1, houses=table.houses, areas=table.areas)


def test_drafting_rolls_only_the_dice_it_is_handed() -> None:
    table = faction_table()
    faction = table.factions[0]
    try:
        draft_faction(table.world(1), str(faction.id), Temperament.CAUTIOUS, RaisingDice())
    except AssertionError:
        return  # it asked the handed dice for its tie-breaks, and they refused
    raise AssertionError("the draft broke no ties with the dice it was handed")


def test_the_assistant_and_the_baseline_are_never_refused_over_a_few_seeded_phases() -> None:
    dice = lambda *parts: RandomDice.seeded("test", *parts)  # noqa: E731
    for kind in ("assistant", "random"):
        factions, houses = play_factions(same_kind(kind), 3, dice)[kind], play_houses(same_kind(kind), 3, dice)[kind]
        assert factions.refused == houses.refused == 0
        assert factions.orders == 15 and houses.orders > 0
    assistant = same_kind("assistant")
    assert play_factions(assistant, 3, dice)["assistant"].row() == play_factions(assistant, 3, dice)["assistant"].row()


def test_a_mixed_table_seats_every_kind_and_a_rotation_gives_each_power_each_kind_once() -> None:
    dice = lambda *parts: RandomDice.seeded("test", *parts)  # noqa: E731
    for play, powers in (
        (play_factions, [f.name for f in faction_table().factions]),
        (play_houses, [h.name for h in house_table().houses.values()]),
    ):
        played: dict[str, list[str]] = {kind: [] for kind in KINDS}
        for rotation in range(ROTATION):
            tallies = play(mixed(rotation), 2, dice)
            assert set(tallies) == set(KINDS)  # all three kinds sit at one table
            assert sorted(p for t in tallies.values() for p in t.seats) == sorted(powers)
            for kind, tally in tallies.items():
                played[kind] += tally.seats
        assert all(sorted(seats) == sorted(powers) for seats in played.values())  # each power once by each kind


def test_a_mixed_table_plays_the_same_for_the_same_seed() -> None:
    dice = lambda *parts: RandomDice.seeded("test", *parts)  # noqa: E731
    for play in (play_factions, play_houses):
        first, again = play(mixed(1), 3, dice), play(mixed(1), 3, dice)
        assert first == again  # the same seats, orders, refusals and figures (no clock: no timing)
        assert first["assistant"].orders > 0 and first["random"].orders > 0


def test_house_drafts_are_those_the_full_odds_would_choose_over_the_simulations_months(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dice = lambda *parts: RandomDice.seeded("sim-1", *parts)  # noqa: E731
    fast: list[tuple[object, ...]] = []
    full: list[tuple[object, ...]] = []
    for found in (fast, full):
        if found is full:  # the odds as `house_odds` gives them, bands and all: what the drafts read before
            monkeypatch.setattr(house_drafts, "house_success", lambda *a, **k: house_odds(*a, **k).success)
        recording = _recording(found)
        monkeypatch.setattr(players, "draft_house", recording)
        play_houses(same_kind("assistant"), 6, dice)
    assert fast == full and len(fast) == 30


def _recording(found: list[tuple[object, ...]]):  # type: ignore[no-untyped-def]
    def draft(*args, **kwargs):  # type: ignore[no-untyped-def]
        drafted = house_drafts.draft_house(*args, **kwargs)
        found.append((drafted.orders, drafted.chosen, drafted.passed_over))
        return drafted

    return draft


def test_a_draft_names_a_defender_where_a_base_stands_and_never_lets_the_base_soak_the_damage() -> None:
    table = faction_table()
    republic = table.factions[2]
    world = table.world(1)
    draft = draft_faction(world, str(republic.id), Temperament.CAUTIOUS, RandomDice.seeded("s", "guard"))
    check_orders(world, str(republic.id), draft.orders)
    (home,) = draft.orders.defences  # its footholds in the Capital, Goldbar Caverns and Remzal's Rest stand alone
    assert home.region_id == republic.home_region_id and not home.base_absorbs
    # seed 002, Fortress: it meets only Force attackers, so the Calvary (14 HP, 1d8 counter) meets every strike
    assert republic.assets[home.defender_id].name == "Calvary"


def test_an_unguarded_base_a_rival_can_strike_is_counted_by_its_exact_expected_damage() -> None:
    table = faction_table()
    chosen, remnants = table.factions[0], table.factions[3]
    found = threats(table.world(1), chosen)
    (capital,) = found  # the Chosen's foothold in the Capital, beside the Remnants' assets
    assert capital == remnants.home_region_id
    world = table.world(1)
    base = chosen.base_in(capital)
    assert base is not None
    expected = Fraction(0)
    for asset in remnants.assets_in(capital):
        row = type_of(asset)
        if row is not None and row.attack is not None and asset.usable_on(remnants.turn):
            odds = attack_odds(world, str(remnants.id), Strike(asset.id, str(chosen.id), base.id))
            assert isinstance(odds.expected_damage, Fraction)  # the GM's odds: from the truth, never Unknown
            expected += odds.expected_damage
    assert found[capital] == pytest.approx(min(float(expected), base.hp)) and found[capital] > 0


def test_a_guard_bought_last_turn_is_named_to_defend_and_its_base_no_longer_counts_as_threatened() -> None:
    table = faction_table()
    chosen = table.factions[0]
    capital = table.factions[3].home_region_id
    world = table.world(1)
    guard = new_asset(chosen, world.asset_type("guardsmen"), capital, chosen.turn + 1)  # seed 002: from next turn
    chosen.grant_asset(guard, "bought last turn")
    assert capital not in threats(world, chosen)
    draft = draft_faction(world, str(chosen.id), Temperament.CAUTIOUS, RandomDice.seeded("s", "guard"))
    check_orders(world, str(chosen.id), draft.orders)
    assert Defence(capital, guard.id, base_absorbs=False) in draft.orders.defences
