"""Issue 29, Faction Turn: the Treasure Vault's record and its "once", on fixed dice (the tie that kills and the
Cathedral's discount are in test_attack.py, tests/domain/odds and test_coverage_abilities.py)."""

from __future__ import annotations

from domain.factionturn.aggregate.asset_effects import AssetMarked
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import AbilityUse, UseAssetAbility
from domain.region import Region
from tests.domain.factionturn.factionturn_scenario import Table, faction, give, region


def _vault_holder() -> tuple[Table, Faction, Faction, Faction, Region]:
    """Guild holds a Treasure Vault at home; Rulers and Barons each hold a Monopoly there."""
    home, far = region("Home", 0, 0, arcana=4), region("Far", 3, 0, arcana=4)
    guild = faction("Guild", 4, 4, 4, home, facgold=20)
    rulers, barons = faction("Rulers", 4, 4, 4, far, facgold=20), faction("Barons", 4, 4, 4, far, facgold=20)
    give(guild, "treasure_vault", home)
    return Table([guild, rulers, barons], [home, far]), guild, rulers, barons, home


def _monopoly(table: Table, rival: Faction, victim: Faction, where: Region) -> None:
    monopoly = give(rival, "monopoly", where)
    table.resolve(rival, UseAssetAbility((AbilityUse(monopoly.id, target_faction_id=str(victim.id)),)))


def test_a_treasure_vault_that_ignores_a_loss_says_so_in_the_log() -> None:
    """Seed 002, Treasure Vaults: "Once per turn, the faction can ignore one cost or FacGold loss imposed by another
    faction." The saving is an event of the phase, not a silent skip."""
    table, guild, rulers, _, home = _vault_holder()
    monopoly = give(rulers, "monopoly", home)
    outcome = table.resolve(rulers, UseAssetAbility((AbilityUse(monopoly.id, target_faction_id=str(guild.id)),)))
    assert guild.facgold == 20
    vault = next(a for a in guild.assets.values() if a.type_key == "treasure_vault")
    logged = [c.effect for c in outcome.changes if isinstance(c.effect, AssetMarked) and c.effect.asset_id == vault.id]
    assert [e.reason for e in logged] == [
        "Guild's Treasure Vault ignores the Monopoly's demand (seed 002, Treasure Vaults)"
    ]


def test_a_treasure_vault_ignores_one_loss_between_its_owners_turns_whoever_imposes_it() -> None:
    """Seed 002, Treasure Vaults: "Once per turn, the faction can ignore one cost or FacGold loss imposed by another
    faction." Read as the Cathedral's "Once between turns": by the owner's turn, so a second rival's demand before
    the owner's next turn is not ignored."""
    table, guild, rulers, barons, home = _vault_holder()
    _monopoly(table, rulers, guild, home)
    _monopoly(table, barons, guild, home)
    assert (guild.facgold, rulers.facgold, barons.facgold) == (19, 20, 21)  # the Barons' demand was paid
    guild.begin_turn(2)
    _monopoly(table, rulers, guild, home)
    assert guild.facgold == 19  # the owner's turn came round: the vault ignores again
