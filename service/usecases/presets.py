"""Campaign presets (issue 18, "creating a campaign from a preset"): the demo, the worked example, an empty map.

All three lay out seed 002's 8x10 worked-example map (domain/hexmap.py `rectangle`) with the homes of "A Month
in the Life" named and Charch-Go's swamp. Then:
- EMPTY_MAP: the map alone, nobody on it, for a GM to found factions and register houses on;
- WORKED_EXAMPLE: seed 002's "Example of Faction Play" alone: its five factions with their goals, the Republic's
  Regional Government, The Wild with Charch-Go, and the Crows' made-up special action; no houses;
- DEMO: the worked example, and the capital's great houses and a guild playing the Game of Bones (seed 000)
  over the settled areas: what `intrigue serve --demo` seeds.
The decision is written in docs/console.md (Presets). Shared by the CLI's demo and GraphQL's createCampaign, which
hand it the composition root (`service.bootstrap.Intrigue`, a `Services`).
"""

from __future__ import annotations

from typing import Protocol
from uuid import UUID

from domain.campaign import CampaignPreset
from domain.commands import (
    CreateCampaign,
    FoundFaction,
    MapRegion,
    RegisterHouse,
    StartingArea,
    StartingAsset,
    StartingMember,
)
from domain.errors import InvalidInputError
from domain.factionturn.face import (
    BRIBE_THE_BEHOLDER,
    CHARCH_GO,
    STARTING_FACGOLD,
    WORKED_FACTIONS,
    Faction,
    GoalChoice,
    WorkedFaction,
)
from domain.gameofbones.face import Character
from domain.hexmap import offset_of, rectangle
from domain.seats import gm_seat_id
from service.persistence.queries import CatalogQueries
from service.usecases.factionturn import FactionTurnService
from service.usecases.gameofbones import GameOfBonesService
from service.usecases.gm import GMService
from service.usecases.interventions import By
from service.usecases.seats import SeatService, StartedCampaign


class Services(Protocol):
    """The application services a preset is laid out with (the composition root has them all)."""

    seats: SeatService
    catalog: CatalogQueries
    gm: GMService
    factionturn: FactionTurnService
    gameofbones: GameOfBonesService


__all__ = ["CampaignPreset", "populate", "preset_command", "start_from_preset"]


# The rule systems each preset plays; a campaign created from it must run them.
NEEDS = {
    CampaignPreset.DEMO: {"factionturn", "gameofbones"},
    CampaignPreset.WORKED_EXAMPLE: {"factionturn"},
    CampaignPreset.EMPTY_MAP: set(),
}

# (column, row) on the 8x10 map -> name, arcana, population, tags; the homes of "A Month in the Life".
_SETTLED = {
    (7, 0): ("Remzal's Rest", 5, "Thousands", ["ancient ruin", "city"]),
    (1, 4): ("Crowfall", 4, "Multiple Dozens", ["village"]),
    (6, 8): ("The Fort-City", 4, "Hundreds", ["fortress"]),
    (4, 4): ("The Capital", 2, "Tens of Thousands", ["imperial capital"]),
    (0, 9): ("Goldbar Caverns", 4, "Outpost", ["coastal caverns"]),
}
_SWAMP = (5, 9)  # Charch-Go's lair: "a Terrain 2 Asset with 7 hp" (seed 002 worked example)
# A beholder is CR 13: a Monster asset of difficulty 4 with the 189 HP the worked example states.
_BEHOLDER = {"name": "Charch-Go", "cr": 13, "hp": 189, "hit_dice": "18d10+90"}
_HOMES = {
    "Remzal's Chosen": "Remzal's Rest",
    "Empresses' Crows": "Crowfall",
    "The Republic": "The Fort-City",
    "Empire Remnants": "The Capital",
    "Goldbar House": "Goldbar Caverns",
}
# (house, leader, lieutenants, influence, 10th-level fighters at 1,000 power each, the area it holds)
_HOUSES = (
    ("House Varn", "Matriarch Ilse Varn", ("Oren Varn", "Sabeth Varn"), 30_000, 6, "The Capital"),
    ("House Droste", "Lord Aldo Droste", ("Mira Droste",), 12_000, 4, "Remzal's Rest"),
    ("The Gilded Guild", "Guildmaster Pell", ("Factor Quill",), 8_000, 2, "Goldbar Caverns"),
)


def _region(column: int, row: int, q: int, r: int) -> MapRegion:
    if (column, row) in _SETTLED:
        name, arcana, population, tags = _SETTLED[(column, row)]
        return MapRegion(name, q, r, arcana=arcana, population=population, tags=tags, monthly_income=4000)
    if (column, row) == _SWAMP:
        return MapRegion(
            "Charch-Go's Swamp",
            q,
            r,
            population="Unknown or non-humanoid",
            tags=["swamp"],
            terrain_difficulty=2,
            wild=True,
            monster=_BEHOLDER,
        )
    difficulty = (column * 3 + row * 5) % 7  # a fixed, varied wilderness
    return MapRegion(
        f"Wilds {column},{row}", q, r, population="Ruins", tags=["wilderness"], terrain_difficulty=difficulty, wild=True
    )


def preset_command(name: str, rule_systems: list[str], dice_seed: str | None) -> CreateCampaign:
    """The campaign with the worked example's map."""
    regions = [_region(*offset_of(h), h.q, h.r) for h in rectangle()]
    return CreateCampaign(name, rule_systems, dice_seed, regions)


def start_from_preset(
    intrigue: Services, preset: CampaignPreset, name: str, rule_systems: list[str], dice_seed: str | None
) -> StartedCampaign:
    """Create the campaign, its caller seated as its GM, and set it up as the preset says."""
    missing = NEEDS[preset] - set(rule_systems)
    if missing:
        raise InvalidInputError(f"the {preset.name} preset plays {', '.join(sorted(missing))}: add it to ruleSystems")
    started = intrigue.seats.start_campaign(preset_command(name, rule_systems, dice_seed))
    populate(intrigue, started.campaign.id, preset)
    return started


def populate(intrigue: Services, campaign_id: UUID, preset: CampaignPreset) -> None:
    """Found the preset's factions and register its houses on a campaign made by `preset_command`."""
    if preset is CampaignPreset.EMPTY_MAP:
        return
    regions = {r["name"]: r["id"] for r in intrigue.catalog.regions(campaign_id)}
    # Seed 002, "A Month in the Life": the five factions in list order, then The Wild as the sixth.
    ids = {w.name: _found(intrigue, campaign_id, w, regions[_HOMES[w.name]]).id for w in WORKED_FACTIONS}
    by = By(campaign_id, str(gm_seat_id(campaign_id)), "seed 002, Example of Faction Play")  # the GM's setup
    # "I decided to give this faction Regional Government over their hex."
    intrigue.gm.set_government(by, regions[_HOMES["The Republic"]], ids["The Republic"])
    for worked in WORKED_FACTIONS:  # the goals of the turn-order table: "Regional Seizure (home)", ...
        named = worked.goal_target or ""
        target = regions[_HOMES[worked.name]] if named == "home" else ids.get(named)
        intrigue.factionturn.adopt_goal(campaign_id, ids[worked.name], GoalChoice(worked.goal, str(target or "")))
    # "Charch-Go lair in a Terrain 2 Asset with 7 hp": stated, not rolled again.
    intrigue.factionturn.populate_the_wild(campaign_id, {regions["Charch-Go's Swamp"]: CHARCH_GO.terrain_hp})
    # The special action the author "just made up" for the Crows, for the GM to order (`orderCustomAction`).
    intrigue.gm.define_custom_action(by, BRIBE_THE_BEHOLDER)
    if preset is CampaignPreset.WORKED_EXAMPLE:
        return
    # Seed 000: the capital's great houses and a guild play the Game of Bones over the settled areas.
    for name, leader, lieutenants, influence, fighters, area in _HOUSES:
        intrigue.gameofbones.register_house(
            RegisterHouse(
                campaign_id,
                name,
                Character.trained(leader, 14),
                100_000,
                [Character.trained(n, 9) for n in lieutenants],
                [StartingMember(f"{name} guard {i + 1}", {"fighter": 10}) for i in range(fighters)],
                influence=influence,
                areas=[StartingArea(regions[area], troops=2_000)],
            )
        )


def _found(intrigue: Services, campaign_id: UUID, worked: WorkedFaction, home: UUID) -> Faction:
    """A worked faction as generated: ratings, tags, its home's Base of Influence and its starting assets; the
    Regional Government tag comes with the government itself (`set_government`)."""
    tags = [t for t in worked.tags if t != "regional_government"]
    return intrigue.factionturn.found_faction(
        FoundFaction(
            campaign_id,
            worked.name,
            worked.force,
            worked.cunning,
            worked.wealth,
            home,
            tags,
            facgold=STARTING_FACGOLD,
            assets=[StartingAsset(k) for k in worked.assets],
        )
    )
