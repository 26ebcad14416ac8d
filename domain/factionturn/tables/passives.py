"""The passive abilities: those no order uses, which the rules read where they apply (seed 002, the assets'
texts). A row declares its ability passive (`AssetType.passive`); each hook names it by a member here, never by a
bare string, so tests/domain/factionturn/test_ability_registry.py can hold the rows, this list and the hooks
that read it to each other: a passive ability no rule reads, or a hook no row declares, fails it."""

from __future__ import annotations

from enum import StrEnum


class Passive(StrEnum):
    ARCANE_LABORATORY = "arcane_laboratory"  # purchase_rules: the region counts as arcana 4
    ARCANE_RESEARCHERS = "arcane_researchers"  # purchase_rules: arcana 5 for Cunning and Wealth
    ARSONISTS = "arsonists"  # abilities.after_strike: the struck asset's ability is blocked
    BANDITS = "bandits"  # abilities.after_hit: FacGold stolen
    BASE_OF_INFLUENCE = "base_of_influence"  # holdings: damage to it is damage to the faction
    BLACKMAIL = "blackmail"  # attack: no tag dice against it, none for its targets
    BOLTHOLES = "boltholes"  # damage: units shelter instead of dying
    BOOK_OF_SECRETS = "book_of_secrets"  # attack: the factions holding it there (books_in)
    CATHEDRAL = "cathedral"  # damage, purchase: a unit restored at 1 HP, cheaper repairs
    CUTTHROATS = "cutthroats"  # purchase: bought Stealthed
    DIPLOMATS = "diplomats"  # purchase_rules: contest a rival's permission there
    ENCHANTERS = "enchanters"  # abilities: only Special Forces attack them; they reveal stealth
    FALSE_FRONT = "false_front"  # damage: sacrificed to save another asset
    FORTRESS = "fortress"  # abilities.may_defend: defends only against Force
    FRANCHISE = "franchise"  # abilities.after_hit: a FacGold taken
    GUARDS_AND_WARDS = "guards_and_wards"  # abilities: stealth tests, a Cunning die
    GUILD_AGENTS = "guild_agents"  # purchase_rules: arcana 4 for Wealth assets anywhere
    HOSTILE_TAKEOVER = "hostile_takeover"  # damage: a killing blow takes the asset over
    ILLUSIONISTS = "illusionists"  # abilities.counter_of: the attacker strikes itself
    INFORMERS = "informers"  # attack, abilities.special_hit: stealthed assets revealed
    LAWYERS = "lawyers"  # abilities: cannot attack or be countered by Force
    LOCAL_INVESTMENTS = "local_investments"  # purchase_rules: rivals pay one FacGold more there
    POLITICAL_PUPPETS = "political_puppets"  # upkeep: income
    POPULAR_MOVEMENT = "popular_movement"  # purchase_rules: permission always granted there
    PROFESSIONAL_ARMY = "professional_army"  # movement: needs no permission
    STEALTH = "stealth"  # purchase: a quality bought for another asset
    SURVEYORS = "surveyors"  # influence: a die on Expand Influence
    THIEVES_GUILD = "thieves_guild"  # abilities: stealth tests on arrival
    TRADE_EMBARGO = "trade_embargo"  # abilities.special_hit, movement: a region embargoed
    TREACHERY = "treachery"  # abilities.special_hit: the target turned
    TREASURE_VAULT = "treasure_vault"  # abilities, purchase_rules: a loss ignored
    WARMAGE_ACADEMY = "warmage_academy"  # abilities, attack: defends only versus Cunning, a die
    ZEALOTS = "zealots"  # abilities: they hurt themselves
