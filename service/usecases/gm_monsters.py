"""The GM plays The Wild's monsters (seed 002, Monster: they move and attack "as you determine"); part of
`GMService`. The rules are `domain/factionturn/rules/monsters.py`; the readings,
docs/rules-notes/factionturn-play.md."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from uuid import UUID

from domain.campaign import Campaign
from domain.dice import Dice
from domain.errors import NotFoundError
from domain.factionturn.face import (
    THE_WILD,
    Faction,
    MonsterAttacked,
    World,
    apply_outcomes,
    decide_attack,
    plan_move,
    submitted_orders,
)
from domain.ids import faction_id
from domain.region import Region
from service.persistence.app import IntrigueStore

if TYPE_CHECKING:
    from eventsourcing.domain import Aggregate

    from service.usecases.interventions import By


@dataclass(frozen=True)
class MonsterAttack:
    """What a monster's attack came to: whether it hit, whether it was counterattacked, and every roll."""

    hit: bool
    countered: bool
    rolls: list[dict[str, Any]]


class MonsterHand:
    """Move a monster one hex, or attack with it; each at most once a phase, each a GM intervention."""

    if TYPE_CHECKING:  # provided by GMService
        store: IntrigueStore
        _dice_for: Callable[[Campaign, str], Dice]

        def _campaign(self, by: By) -> Campaign: ...
        @staticmethod
        def _member(campaign: Campaign, member_id: UUID, kind: str) -> None: ...
        def _save(
            self, *aggregates: Aggregate, unchanged: Mapping[UUID, int] | None = None, played: Sequence[Any] = ()
        ) -> None: ...

    def move_monster(self, by: By, monster_id: str, region_id: UUID) -> Faction:
        """A Monster of The Wild moves to an adjacent region, once a phase."""
        campaign = self._campaign(by)
        wild = self.store.load(self._wild_id(campaign), Faction)
        world = World([wild], self.store.members(campaign, Region))
        move = plan_move(world, str(wild.id), monster_id, str(region_id), campaign.phase)
        wild.move_monster(move.monster_id, move.to_region_id, campaign.phase, by.seat, by.reason)
        self._save(wild)
        return wild

    def attack_with_monster(self, by: By, monster_id: str, faction_id_: UUID, asset_id: str) -> MonsterAttack:
        """A Monster of The Wild attacks a faction's asset in its region, once a phase."""
        campaign = self._campaign(by)
        wild_id = self._wild_id(campaign)
        self._member(campaign, faction_id_, "faction")
        factions, regions = self.store.members(campaign, Faction), self.store.members(campaign, Region)
        wild = next(f for f in factions if f.id == wild_id)
        world = World(factions, regions, submitted_orders(factions, campaign.phase), campaign.phase)
        dice = self._dice_for(campaign, f"monster-attack:{monster_id}:{wild.version}")
        outcome = decide_attack(
            world,
            str(wild.id),
            monster_id,
            str(faction_id_),
            asset_id,
            dice,
            phase=campaign.phase,
            seat=by.seat,
            reason=by.reason,
        )
        apply_outcomes([outcome], factions, regions)
        self._save(*(a for a in (*factions, *regions) if a.pending_events))
        record = outcome.changes[0].effect  # MonsterAttacked, written first
        assert isinstance(record, MonsterAttacked)
        return MonsterAttack(record.hit, record.countered, [r.to_dict() for r in outcome.rolls])

    @staticmethod
    def _wild_id(campaign: Campaign) -> UUID:
        wild_id = faction_id(campaign.id, THE_WILD)
        if campaign.members.get(str(wild_id)) != "faction":
            raise NotFoundError("this campaign has no Wild yet: populate The Wild first")
        return wild_id
