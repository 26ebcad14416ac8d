"""The seeded campaigns the simulation plays (issue 19): the demo's worlds, built in the domain alone.

Faction Turn: seed 002's five worked factions ("A Month in the Life") with their goals, on a map where they
meet: the Empire Remnants' Capital at the centre and the other homes and two wild hexes on the ring around it,
so every home neighbours the Capital and two hexes of the ring. Each faction also holds the further Bases of
Influence its size gives (seed 002, Generating Faction Quick Reference: a minor faction 1 at 7 HP, a major one
3 at 14 HP), which the worked example leaves out ("nor putting down other bases of influence"). They stand where
its goal sets it against a rival (seed 002, Creating a Faction: "pick goals that will put them in conflict"):
first the home of the rival its goal names, then the homes nearest its own (ties in `_HOMES` order), in place
of the seed's dice thrown on the map (Random Faction Location), so the world is the same on every run. Rivals
thus share regions from the first turn: a base can be struck by the assets of the faction at home there, and
assets can be bought at it (seed 002, Buy Asset: "on a home region or at a Base of Influence").

Game of Bones: five houses of seed 000 over the settled areas, from a great house to a guild that has only
just entered the Game.
"""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.rules.creation import QUICK_REFERENCE
from domain.factionturn.rules.goal_tracking import adoption_baseline
from domain.factionturn.rules.rows import starting_asset
from domain.factionturn.rules.worked_example import STARTING_FACGOLD, WORKED_FACTIONS, WorkedFaction
from domain.factionturn.rules.world import World
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.tables.records import Character
from domain.hexmap import hex_distance
from domain.region import Region

SIM_CAMPAIGN = UUID("00000000-0000-4000-8000-000000000019")
# (home, arcana, q, r): the Capital at the centre hex, the others on its ring (seed 002, Example of Faction
# Play: the Chosen north-east, the Crows west, the Republic's fort-city south-east, Goldbar south-west).
_HOMES = (
    ("Remzal's Rest", 5, 2, 0),
    ("Crowfall", 4, 0, 1),
    ("The Fort-City", 4, 1, 2),
    ("The Capital", 2, 1, 1),
    ("Goldbar Caverns", 4, 0, 2),
)
_WILDS = ((1, 0), (2, 1))
# (house, leader's level, lieutenants' levels, influence, power, the area it holds)
_HOUSES = (
    ("House Varn", 14, (9, 9), 30_000, 6_000, "The Capital"),
    ("House Droste", 13, (9,), 12_000, 4_000, "Remzal's Rest"),
    ("The Gilded Guild", 12, (8,), 8_000, 2_000, "Goldbar Caverns"),
    ("House Mereth", 11, (7,), 3_000, 3_000, "Crowfall"),
    ("The Web of Sith", 10, (), 1_200, 400, "The Fort-City"),
)


@dataclass
class FactionTable:
    factions: list[Faction]
    regions: list[Region]

    def world(self, phase: int) -> World:
        return World(self.factions, self.regions, phase=phase)


@dataclass
class HouseTable:
    houses: dict[str, House]
    areas: dict[str, Region]


def regions() -> list[Region]:
    settled = [
        Region.map(SIM_CAMPAIGN, name, q, r, arcana=arcana, population="Thousands", monthly_income=4_000)
        for name, arcana, q, r in _HOMES
    ]
    wilds = [
        Region.map(SIM_CAMPAIGN, f"Wilds {q},{r}", q, r, population="Ruins", terrain_difficulty=(q + r) % 3, wild=True)
        for q, r in _WILDS
    ]
    return settled + wilds


def faction_table() -> FactionTable:
    regions_ = regions()
    homes = {r.name: r for r in regions_}
    names = [h[0] for h in _HOMES]
    factions: list[Faction] = []
    for worked, home_name in zip(WORKED_FACTIONS, names, strict=True):
        home = homes[home_name]
        tags = [t for t in worked.tags if t != "regional_government"]
        faction = Faction.found(
            SIM_CAMPAIGN,
            worked.name,
            worked.force,
            worked.cunning,
            worked.wealth,
            str(home.id),
            tags=tags,
            facgold=STARTING_FACGOLD,
            secret=f"sim-{worked.name}",
        )
        world = World([faction], regions_)
        for key in worked.assets:
            faction.grant_asset(starting_asset(faction, world.asset_type(key), str(home.id)), "starting asset")
        factions.append(faction)
    ids = {f.name: str(f.id) for f in factions}
    for worked, faction, home_name in zip(WORKED_FACTIONS, factions, names, strict=True):
        ref = QUICK_REFERENCE[worked.size]
        for region in _further_bases(worked, home_name, homes, factions)[: ref.additional_bases]:
            base = OwnedAsset.base(faction.next_asset_id(), str(region.id), ref.base_hp)
            faction.grant_asset(base, "further Base of Influence (seed 002, Generating Faction Quick Reference)")
    world = World(factions, regions_)
    for worked, faction, home_name in zip(WORKED_FACTIONS, factions, names, strict=True):
        named = worked.goal_target or ""
        target = str(homes[home_name].id) if named == "home" else ids.get(named)
        faction.choose_goal(worked.goal, target, adoption_baseline(world, faction, worked.goal), None)
    return FactionTable(factions, regions_)


def _further_bases(
    worked: WorkedFaction, home_name: str, homes: dict[str, Region], factions: list[Faction]
) -> list[Region]:
    """The other homes, the named rival's first, then by distance from its own home, ties in `_HOMES` order."""
    home = homes[home_name]
    rival_home = {f.name: f.home_region_id for f in factions}.get(worked.goal_target or "")
    others = [homes[h[0]] for h in _HOMES if h[0] != home_name]
    return sorted(others, key=lambda r: (str(r.id) != rival_home, hex_distance(r.hex, home.hex)))


def house_table() -> HouseTable:
    areas = {r.name: r for r in regions() if not r.wild}
    houses: dict[str, House] = {}
    for name, level, lieutenants, influence, power, area in _HOUSES:
        leader = Character.trained(f"{name} leader", level)
        house = House.register(SIM_CAMPAIGN, name, leader, 100_000, f"sim-{name}")
        for index, lieutenant_level in enumerate(lieutenants):
            house.appoint_lieutenant(Character.trained(f"{name} lieutenant {index + 1}", lieutenant_level))
        house.change_influence(influence, "setup")
        house.change_power(power, "setup")
        region = areas[area]
        region.change_control(str(house.id), "setup")
        house.gain_area(str(region.id), "setup")
        houses[str(house.id)] = house
    return HouseTable(houses, {str(r.id): r for r in areas.values()})
