from __future__ import annotations

import pytest

from domain.factionturn.aggregate.orders import AbilityUse, BuyAsset, UseAssetAbility
from tests.domain.factionturn.factionturn_scenario import Table, faction, give, region, take_turn


def _use(key: str, face: int, facgold: int = 0) -> tuple[int, bool]:
    home = region("Home", arcana=5)
    guild = faction("Guild", 4, 4, 8, home, facgold=facgold)
    asset = give(guild, key, home)
    Table([guild], [home]).resolve(guild, UseAssetAbility((AbilityUse(asset.id),)), face)
    return guild.facgold - facgold, asset.id in guild.assets


@pytest.mark.parametrize(("face", "gain"), [(1, 1), (5, 3), (8, 4)])
def test_arcane_industry_yields_half_a_d8_rounded_up(face: int, gain: int) -> None:
    assert _use("arcane_industry", face) == (gain, True)


@pytest.mark.parametrize(("face", "result"), [(1, (-1, True)), (2, (1, True)), (4, (1, True)), (5, (2, True))])
def test_industry_loses_one_on_a_1_earns_one_on_2_to_4_and_two_on_5_or_6(face: int, result: tuple[int, bool]) -> None:
    assert _use("industry", face, facgold=1) == result


def test_industry_that_cannot_cover_its_loss_is_destroyed() -> None:
    assert _use("industry", 1) == (0, False)


@pytest.mark.parametrize(("face", "gain"), [(2, 0), (3, 1), (6, 1)])
def test_indentured_workforce_earns_one_on_3_or_more(face: int, gain: int) -> None:
    assert _use("indentured_workforce", face) == (gain, True)


@pytest.mark.parametrize(("face", "result"), [(1, (0, False)), (3, (1, True)), (7, (2, True)), (8, (3, True))])
def test_risky_investments_pay_by_the_d8_or_are_lost_on_a_1(face: int, result: tuple[int, bool]) -> None:
    assert _use("risky_investments", face) == result


def test_political_puppets_add_one_facgold_to_income() -> None:
    home = region("Home")
    guild = faction("Guild", 1, 4, 1, home)
    give(guild, "political_puppets", home)
    take_turn(Table([guild], [home]), guild)
    assert guild.facgold == 1 + 1 + 1


def test_a_trade_broker_discounts_the_next_purchase_down_to_half_price() -> None:
    home = region("Home", arcana=5)
    guild = faction("Guild", 4, 4, 8, home, facgold=20)
    broker = give(guild, "trade_broker", home)
    table = Table([guild], [home])
    table.resolve(guild, UseAssetAbility((AbilityUse(broker.id),)), 8)
    guild.begin_turn(2)
    table.resolve(guild, BuyAsset("regiment", str(home.id)))
    assert guild.facgold == 20 - 4 and guild.purchase_discount == 0


def test_ruin_excavation_buys_a_force_asset_at_half_again_the_price() -> None:
    home = region("Ruins", arcana=0)
    guild = faction("Guild", 5, 4, 4, home, facgold=20)
    dig = give(guild, "ruin_excavation", home)
    table = Table([guild], [home])
    table.resolve(guild, UseAssetAbility((AbilityUse(dig.id, type_key="regiment"),)))
    assert guild.facgold == 20 - 12


def test_guild_agents_let_wealth_assets_be_bought_as_if_at_arcana_4() -> None:
    home = region("Village", arcana=0)
    guild = faction("Guild", 4, 4, 6, home, facgold=20)
    give(guild, "guild_agents", home)
    Table([guild], [home]).resolve(guild, BuyAsset("industry", str(home.id)))
    assert guild.facgold == 20 - 8
