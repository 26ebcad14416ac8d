"""GraphQL for the GM's hand: adventure outcomes on assets, monsters and areas, a house's fate and circumstances,
adjustments (custom types and actions: custom.py; the phase chronicle: chronicle.py).

Every mutation takes `campaignId`, so `guards.POLICY` gives it to the campaign's GM only; the GM's seat id is
recorded on each event with the `reason`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.enums import AdjustField, AdjustMode
from domain.factionturn.face import AssetOutcome
from domain.gameofbones.face import Applies, Fate, Hook, HouseActionName, SettleResult
from service.entrypoints.graphql.campaign.types import Region
from service.entrypoints.graphql.core.context import intrigue, off_loop, on_loop, reads
from service.entrypoints.graphql.core.guards import seat
from service.entrypoints.graphql.core.records import Roll
from service.entrypoints.graphql.factionturn.factions import Faction
from service.entrypoints.graphql.gameofbones.areas import Area
from service.entrypoints.graphql.gameofbones.houses import read_house
from service.entrypoints.graphql.gameofbones.types import House
from service.persistence.queries import region_row
from service.usecases.interventions import By


@strawberry.type(
    description="A monster's attack: whether it hit, whether the defender countered, every roll, "
    "and the attacked faction afterwards."
)
class MonsterAttackResult:
    hit: bool = strawberry.field(description="Whether the attack hit.")
    countered: bool = strawberry.field(description="Whether the defender countered.")
    rolls: list[Roll] = strawberry.field(description="Every roll, as recorded.")
    target: Faction = strawberry.field(description="The attacked faction afterwards.")


FactionOrHouse = Annotated[
    Faction | House,
    strawberry.union("FactionOrHouse", description="The faction or house an intervention changed, as the GM sees it."),
]


def _id(value: UUID | None) -> str:
    """The domain's form of an optional id: its text, or empty for none."""
    return "" if value is None else str(value)


def _by(info: Info, campaign_id: UUID, reason: str) -> By:
    found = seat(info)
    return By(campaign_id, str(found.id) if found else "", reason)


async def read_faction(info: Info, faction_id: UUID) -> Faction:
    return Faction.seen_by(info, await on_loop(reads(info).one(faction_id, "faction")))


async def _region(info: Info, region_id: UUID) -> Region:
    return Region.seen_as(seat(info), region_row(await on_loop(reads(info).one(region_id, "region"))))


async def _area(info: Info, region_id: UUID) -> Area:
    return Area.seen_by(info, await on_loop(reads(info).one(region_id, "region")))


@strawberry.type
class GMMutation:
    @strawberry.mutation(description="An adventure's result on an asset: destroy, damage, heal, reveal or stealth.")
    async def resolve_asset_adventure(
        self,
        info: Info,
        campaign_id: UUID,
        faction_id: UUID,
        asset_id: UUID,
        outcome: Annotated[AssetOutcome, strawberry.argument(description="destroy, damage, heal, reveal or stealth.")],
        reason: str,
        amount: Annotated[int, strawberry.argument(description="The damage or healing.")] = 0,
    ) -> Faction:
        gm, by, asset = intrigue(info).gm, _by(info, campaign_id, reason), str(asset_id)
        calls: dict[AssetOutcome, Callable[[], object]] = {
            AssetOutcome.DESTROY: lambda: gm.destroy_asset(by, faction_id, asset),
            AssetOutcome.DAMAGE: lambda: gm.damage_asset(by, faction_id, asset, amount),
            AssetOutcome.HEAL: lambda: gm.heal_asset(by, faction_id, asset, amount),
            AssetOutcome.REVEAL: lambda: gm.set_asset_stealth(by, faction_id, asset, False),
            AssetOutcome.STEALTH: lambda: gm.set_asset_stealth(by, faction_id, asset, True),
        }
        await off_loop(calls[outcome])
        return await read_faction(info, faction_id)

    @strawberry.mutation(description="An adventure creates an asset (a catalog or custom type) for a faction.")
    async def create_asset(
        self,
        info: Info,
        campaign_id: UUID,
        faction_id: UUID,
        type_key: Annotated[str, strawberry.argument(description="The asset type's key.")],
        region_id: UUID,
        reason: str,
        stealthed: Annotated[bool, strawberry.argument(description="Whether it starts Stealthed.")] = False,
    ) -> Faction:
        await off_loop(
            intrigue(info).gm.create_asset, _by(info, campaign_id, reason), faction_id, type_key, region_id, stealthed
        )
        return await read_faction(info, faction_id)

    @strawberry.mutation(description="An asset changes hands as the PCs decided.")
    async def transfer_asset(
        self,
        info: Info,
        campaign_id: UUID,
        from_faction_id: Annotated[
            UUID, strawberry.argument(description="The id of the faction that owns the asset now.")
        ],
        asset_id: UUID,
        to_faction_id: Annotated[
            UUID, strawberry.argument(description="The id of the faction that receives the asset.")
        ],
        reason: str,
    ) -> Faction:
        await off_loop(
            intrigue(info).gm.transfer_asset,
            _by(info, campaign_id, reason),
            from_faction_id,
            str(asset_id),
            to_faction_id,
        )
        return await read_faction(info, to_faction_id)

    @strawberry.mutation(description="Grant (hp > 0) or remove (hp = 0) a faction's Base of Influence in a region.")
    async def set_base_of_influence(
        self,
        info: Info,
        campaign_id: UUID,
        faction_id: UUID,
        region_id: UUID,
        hp: Annotated[int, strawberry.argument(description="Its HP; 0 removes it.")],
        reason: str,
    ) -> Faction:
        gm, by = intrigue(info).gm, _by(info, campaign_id, reason)
        if hp > 0:
            await off_loop(gm.grant_base, by, faction_id, region_id, hp)
        else:
            await off_loop(gm.remove_base, by, faction_id, region_id)
        return await read_faction(info, faction_id)

    @strawberry.mutation(description="The PCs stop a faction's ordered action or its multi-turn action under way.")
    async def foil_faction_plan(self, info: Info, campaign_id: UUID, faction_id: UUID, reason: str) -> Faction:
        await off_loop(intrigue(info).gm.foil_faction_plan, _by(info, campaign_id, reason), faction_id)
        return await read_faction(info, faction_id)

    @strawberry.mutation(
        description="A Monster of The Wild moves to an adjacent region (seed 002: up to one hex a turn; once a phase)."
    )
    async def move_monster(
        self, info: Info, campaign_id: UUID, monster_id: UUID, region_id: UUID, reason: str
    ) -> Faction:
        wild = await off_loop(
            intrigue(info).gm.move_monster, _by(info, campaign_id, reason), str(monster_id), region_id
        )
        return await read_faction(info, wild.id)

    @strawberry.mutation(
        description="A Monster of The Wild attacks a faction's asset in its region: 1d10 + its level "
        "against 1d10 + Force; once a phase."
    )
    async def attack_with_monster(
        self, info: Info, campaign_id: UUID, monster_id: UUID, faction_id: UUID, asset_id: UUID, reason: str
    ) -> MonsterAttackResult:
        done = await off_loop(
            intrigue(info).gm.attack_with_monster,
            _by(info, campaign_id, reason),
            str(monster_id),
            faction_id,
            str(asset_id),
        )
        return MonsterAttackResult(
            hit=done.hit,
            countered=done.countered,
            rolls=Roll.all_of(done.rolls),
            target=await read_faction(info, faction_id),
        )

    @strawberry.mutation(description="Give a region's Regional Government to a faction, or to no one.")
    async def set_regional_government(
        self, info: Info, campaign_id: UUID, region_id: UUID, faction_id: UUID | None, reason: str
    ) -> Region:
        await off_loop(intrigue(info).gm.set_government, _by(info, campaign_id, reason), region_id, faction_id)
        return await _region(info, region_id)

    @strawberry.mutation(description="Give control of a city area to a house, or to no one.")
    async def set_area_control(
        self, info: Info, campaign_id: UUID, region_id: UUID, house_id: UUID | None, reason: str
    ) -> Area:
        await off_loop(intrigue(info).gm.set_control, _by(info, campaign_id, reason), region_id, house_id)
        return await _area(info, region_id)

    @strawberry.mutation(description="Kill, capture or save a house's leader or lieutenant.")
    async def decide_fate(
        self,
        info: Info,
        campaign_id: UUID,
        house_id: UUID,
        name: Annotated[str, strawberry.argument(description="The leader's or lieutenant's name.")],
        fate: Annotated[Fate, strawberry.argument(description="dead, captured or active.")],
        reason: str,
    ) -> House:
        await off_loop(intrigue(info).gm.decide_fate, _by(info, campaign_id, reason), house_id, name, fate)
        return await read_house(info, house_id)

    @strawberry.mutation(
        description="Seed 000's judgement calls, recorded: hook 'Throwing Rank around' (a penalty) "
        "or 'lieutenants' assistance' (a bonus) as a circumstance on the house from this phase for "
        "`months`; `applies` as in the house's circumstances; `actions` limits it (empty: all)."
    )
    async def impose_house_circumstance(
        self,
        info: Info,
        campaign_id: UUID,
        house_id: UUID,
        hook: Annotated[Hook, strawberry.argument(description="'Throwing Rank around' or 'lieutenants' assistance'.")],
        value: Annotated[int, strawberry.argument(description="The penalty or bonus.")],
        applies: Annotated[
            Applies, strawberry.argument(description="What it applies to, as the house's circumstances say.")
        ],
        months: Annotated[int, strawberry.argument(description="How many months it lasts.")],
        reason: str,
        actions: Annotated[
            list[HouseActionName] | None,
            strawberry.argument(description="The actions it is limited to; null or empty for all."),
        ] = None,
    ) -> House:
        await off_loop(
            intrigue(info).gm.impose_circumstance,
            _by(info, campaign_id, reason),
            house_id,
            hook,
            value,
            applies,
            months,
            tuple(actions or ()),
        )
        return await read_house(info, house_id)

    @strawberry.mutation(description="Foil a house's pending action (result: foiled) or let it succeed (succeeded).")
    async def settle_house_action(
        self,
        info: Info,
        campaign_id: UUID,
        house_id: UUID,
        action_id: UUID,
        result: Annotated[SettleResult, strawberry.argument(description="How the GM settles it: FOILED or SUCCEEDED.")],
        reason: str,
    ) -> House:
        await off_loop(
            intrigue(info).gm.settle_action, _by(info, campaign_id, reason), house_id, str(action_id), result
        )
        return await read_house(info, house_id)

    @strawberry.mutation(
        description="Set (mode: set) or adjust a faction's force, cunning, wealth, hp, facgold or "
        "xp, or a house's influence, power or gold. A broken invariant is refused."
    )
    async def adjust(
        self,
        info: Info,
        campaign_id: UUID,
        target_id: Annotated[UUID, strawberry.argument(description="The faction or house.")],
        field: Annotated[AdjustField, strawberry.argument(description="The field to change.")],
        value: Annotated[int, strawberry.argument(description="The amount (adjust) or the value (set).")],
        reason: str,
        mode: Annotated[
            AdjustMode,
            strawberry.argument(description="ADJUST adds `value` to the field; SET makes the field `value`."),
        ] = AdjustMode.ADJUST,
    ) -> FactionOrHouse:
        target = await off_loop(intrigue(info).gm.adjust, _by(info, campaign_id, reason), target_id, field, value, mode)
        if type(target).__name__ == "Faction":
            return await read_faction(info, target_id)
        return await read_house(info, target_id)
