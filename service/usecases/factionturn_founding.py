"""Faction Turn application methods that found factions (seed 002): one as the GM states it, an Example Faction,
factions generated with their world, and The Wild's monsters; the play is service/usecases/factionturn.py."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate

from domain.campaign import Campaign, RuleSystemName
from domain.commands import FoundFaction, StartingAsset
from domain.dice import Dice, DiceSpec
from domain.errors import InvalidInputError, NotFoundError
from domain.factionturn.face import (
    EXAMPLE_FACTIONS,
    THE_WILD,
    Faction,
    FactionOrders,
    GeneratedFaction,
    OwnedAsset,
    World,
    asset_type,
    foe_for,
    found_the_wild,
    generate_world,
    monster,
    new_asset,
    starting_asset,
    stated_terrain_hp,
    terrain,
    terrain_of_difficulty,
)
from domain.ids import faction_id
from domain.region import Region
from service.persistence.app import IntrigueStore, RollsSavesAndWaits, unit_of_work
from service.usecases.order_world import FactionsIn, order_world

RULE = RuleSystemName.FACTION_TURN


class FactionFounding(RollsSavesAndWaits):
    """Get → decide → apply → save, for a faction's founding; `FactionTurnService` adds the play."""

    def __init__(
        self,
        store: IntrigueStore,
        projected: Callable[[int | None], None],
        dice_for: Callable[[Campaign, str], Dice],
        factions_in: FactionsIn | None = None,
    ) -> None:
        super().__init__(store, projected, dice_for)
        self._factions_in = factions_in  # which factions stand in some regions (service/usecases/order_world.py)

    # ---- setup ------------------------------------------------------------------------------------------------
    @unit_of_work
    def found_faction(self, command: FoundFaction) -> Faction:
        campaign = self._campaign(command.campaign_id)
        home = self._region(campaign, command.home_region_id)
        faction = Faction.found(
            campaign.id,
            command.name,
            command.force,
            command.cunning,
            command.wealth,
            str(home.id),
            tags=command.tags,
            facgold=command.facgold,
            xp=command.xp,
            hp=command.hp,
            secret=secrets.token_hex(16),
        )
        self._check_new(campaign, faction)
        types = World([], [], custom_types=campaign.custom_asset_rows())  # the catalog and the campaign's own types
        for starting in command.assets:
            region = self._region(campaign, starting.region_id or home.id)
            row = types.asset_type(starting.type_key)
            faction.grant_asset(starting_asset(faction, row, str(region.id)), "starting asset")
        campaign.enrol(faction.id, "faction")
        self._save(campaign, faction)
        return faction

    @unit_of_work
    def found_example(self, campaign_id: UUID, example: str, home_region_id: UUID, name: str | None = None) -> Faction:
        """One of seed 002's Example Factions, as a preset."""
        preset = next((e for e in EXAMPLE_FACTIONS if e.name.casefold() == example.strip().casefold()), None)
        if preset is None:
            known = ", ".join(e.name for e in EXAMPLE_FACTIONS)
            raise NotFoundError(f"no Example Faction named {example!r}; choose from {known}")
        assets = [StartingAsset(a.key) for a in preset.assets]
        return self.found_faction(
            FoundFaction(
                campaign_id,
                name or preset.name,
                preset.force,
                preset.cunning,
                preset.wealth,
                home_region_id,
                list(preset.tags),
                assets=assets,
            )
        )

    @unit_of_work
    def generate_factions(self, campaign_id: UUID, count: int, names: Sequence[str] | None = None) -> list[Faction]:
        """A starting world of 3-6 random factions, each homed in a settled region chosen by the dice."""
        campaign = self._campaign(campaign_id)
        dice = self._dice_for(campaign, "generate-factions")
        generated = generate_world(count, dice, list(names) if names else None)
        settled = [r for r in self._regions(campaign) if not r.wild and not self._home_taken(campaign, r)]
        if len(settled) < count:
            raise InvalidInputError(f"{count} factions need {count} settled regions without a faction home")
        factions: list[Faction] = []
        records = {spec.name: spec.roll_records() for spec in generated}
        for spec in generated:
            home = settled.pop(_pick(dice, settled, spec.name, "home region", records) - 1)
            home.describe(home.name, spec.home_arcana, spec.home_population, home.tags, home.terrain_difficulty)
            faction = Faction.found(
                campaign.id,
                spec.name,
                spec.force,
                spec.cunning,
                spec.wealth,
                str(home.id),
                tags=list(spec.tags),
                secret=secrets.token_hex(16),
            )
            self._check_new(campaign, faction)
            for key in (*spec.primary_assets, *spec.other_assets):
                faction.grant_asset(new_asset(faction, asset_type(key), str(home.id), 0), "generated starting asset")
            # Seed 002, Random Faction Location: its further Bases of Influence land in other regions.
            elsewhere = [r for r in self._regions(campaign) if not r.wild and r.id != home.id]
            for _ in range(min(spec.additional_bases, len(elsewhere))):
                region = elsewhere.pop(
                    _pick(dice, elsewhere, spec.name, "region of a further Base of Influence", records) - 1
                )
                base = OwnedAsset.base(faction.next_asset_id(), str(region.id), spec.base_hp)
                faction.grant_asset(base, "generated Base of Influence")
            campaign.enrol(faction.id, "faction")
            factions.append(faction)
        _adopt_rolled_goals(generated, factions, dice, records)
        campaign.record_generation(records)
        changed: list[Aggregate] = [campaign, *factions, *self._regions(campaign)]
        self._save(*changed)
        return factions

    @unit_of_work
    def populate_the_wild(self, campaign_id: UUID, stated_hp: Mapping[UUID, int] | None = None) -> Faction | None:
        """Seed 002, The Wild: every wild region gets its Terrain asset and, if it has one, its Monster. A
        terrain's HP is rolled on its row, unless `stated_hp` gives it for that region (a worked example's)."""
        campaign = self._campaign(campaign_id)
        wild_regions = [r for r in self._regions(campaign) if r.wild]
        stated = dict(stated_hp or {})
        if unknown := set(stated) - {r.id for r in wild_regions}:
            raise InvalidInputError(f"stated terrain HP for regions that are not wild: {sorted(map(str, unknown))}")
        if not wild_regions:
            return None
        wild_id = faction_id(campaign.id, THE_WILD)
        exists = str(wild_id) in campaign.members
        if exists:
            the_wild = self.store.load(wild_id, Faction)
        else:
            the_wild = found_the_wild(campaign.id, str(wild_regions[0].id), secrets.token_hex(16))
        dice = self._dice_for(campaign, "the-wild")
        occupied = {a.region_id for a in the_wild.assets.values()}
        for region in wild_regions:
            if str(region.id) in occupied:
                continue
            _grant_terrain(the_wild, region, stated.get(region.id), dice)
            if region.monster:
                m = region.monster
                # seed 002, Monster: it strikes with one hit die and heals "a roll of their hit dice" (all of them)
                beast = monster(
                    the_wild,
                    str(region.id),
                    m["name"],
                    m["difficulty"],
                    m["hp"],
                    _hit_die(m["hit_dice"]),
                    heal=str(DiceSpec.parse(m["hit_dice"])),
                )
                the_wild.grant_asset(beast, "The Wild")
        if not exists:
            campaign.enrol(the_wild.id, "faction")
        self._save(campaign, the_wild)
        return the_wild

    # ---- loading ----------------------------------------------------------------------------------------------
    def _campaign(self, campaign_id: UUID) -> Campaign:
        return self.store.campaign_running(campaign_id, RULE)

    def _region(self, campaign: Campaign, region_id: UUID) -> Region:
        return self.store.member(campaign, region_id, Region)

    def _order_world(self, campaign: Campaign, faction: Faction, orders: FactionOrders) -> World:
        return order_world(self.store, campaign, faction, orders, self._factions_in)

    def _regions(self, campaign: Campaign) -> list[Region]:
        return self.store.members(campaign, Region)

    def _factions(self, campaign: Campaign) -> list[Faction]:
        return self.store.members(campaign, Faction)

    def _check_new(self, campaign: Campaign, faction: Faction) -> None:
        if str(faction.id) in campaign.members:
            raise InvalidInputError(f"this campaign already has a faction named {faction.name!r}")

    def _home_taken(self, campaign: Campaign, region: Region) -> bool:
        return any(f.home_region_id == str(region.id) for f in self._factions(campaign))


def _pick(dice: Dice, options: Sequence[object], name: str, what: str, records: dict[str, list[dict[str, Any]]]) -> int:
    """Seed 002, Random Faction Location: a region picked by a die over the candidates, kept with the faction's
    generation rolls (1-based)."""
    pick = DiceSpec.parse(f"1d{len(options)}").roll(
        dice, purpose=f"{what} of {name}", rule="seed 002, Random Faction Location", actor=name
    )
    records[name].append(pick.to_dict())
    return pick.total


def _adopt_rolled_goals(
    generated: Sequence[GeneratedFaction],
    factions: Sequence[Faction],
    dice: Dice,
    records: dict[str, list[dict[str, Any]]],
) -> None:
    """Seed 002, Creating a Faction: "Finally, select a Goal for the faction." Each adopts the first goal it
    rolled; a foe it needs is rolled after every other generation die, so those stay where they were."""
    ids = {spec.name: str(faction.id) for spec, faction in zip(generated, factions, strict=True)}
    for spec, faction in zip(generated, factions, strict=True):
        foe = foe_for(spec.name, spec.goal, list(ids), dice)
        records[spec.name].extend(roll.to_dict() for roll in foe.rolls)
        faction.choose_goal(spec.goal, ids[foe.value] if foe.value else None, {}, None)


def _grant_terrain(the_wild: Faction, region: Region, stated_hp: int | None, dice: Dice) -> None:
    """Seed 002, Terrain Table: "The Terrain asset has Hit Points as shown", rolled on the row unless stated."""
    difficulty = region.terrain_difficulty
    if stated_hp is not None:
        hp = stated_terrain_hp(difficulty, stated_hp)
        the_wild.grant_asset(terrain(the_wild, str(region.id), difficulty, hp), "The Wild (HP as stated)")
        return
    rolled = terrain_of_difficulty(difficulty).hp.roll(
        dice, purpose=f"terrain HP of {region.name}", rule="seed 002, Terrain Table", actor=THE_WILD
    )
    the_wild.grant_asset(terrain(the_wild, str(region.id), difficulty, rolled.total), "The Wild", [rolled.to_dict()])


def _hit_die(hit_dice: str) -> str:
    """Seed 002, Monster: it strikes and heals with one of its hit dice: `18d10+90` gives `1d10`."""
    return f"1d{DiceSpec.parse(hit_dice).sides}"
