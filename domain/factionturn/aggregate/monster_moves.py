"""The Wild's monsters, played by the GM (seed 002, Monster; domain/factionturn/rules/monsters.py): a move and an
attack a phase. The bodies of the `FactionAssets` events; faction.py declares the events."""

from __future__ import annotations

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.asset_effects import MonsterAttacked, Rolls
from domain.factionturn.aggregate.holdings import WILD_MONSTER, OwnedAsset
from domain.factionturn.aggregate.reading import FactionReading
from domain.factionturn.tables.wild import RULE_MONSTER
from domain.gm import check_intervention


class MonsterMoves(FactionReading):
    """A monster of The Wild's, moved and attacking (the events of `FactionAssets`)."""

    def monster(self, asset_id: str) -> OwnedAsset:
        found = self.asset(asset_id)
        if found.type_key != WILD_MONSTER:
            raise RuleViolationError(f"{found.name} is not a Monster asset of The Wild", RULE_MONSTER)
        return found

    def move_monster(self, monster_id: str, region_id: str, phase: int, seat: str, reason: str) -> None:
        """The GM moves a monster (the map's checks are `monsters.plan_move`'s); once a phase."""
        beast = self.monster(monster_id)
        if beast.moved_phase == phase:
            raise RuleViolationError(f"{beast.name} has already moved in phase {phase}", RULE_MONSTER)
        self._monster_moved(monster_id, beast.region_id, region_id, phase, seat, check_intervention(seat, reason))

    def _monster_moved(
        self, monster_id: str, from_region_id: str, to_region_id: str, phase: int, seat: str, reason: str
    ) -> None:
        beast = self.assets[monster_id]
        beast.region_id, beast.moved_phase = to_region_id, phase

    def record_monster_attack(self, attack: MonsterAttacked) -> None:
        """The GM's monster attack and its contest rolls; the damage follows as ordinary `AssetDamaged` events."""
        beast = self.monster(attack.monster_id)
        if beast.attacked_phase == attack.phase:
            raise RuleViolationError(f"{beast.name} has already attacked in phase {attack.phase}", RULE_MONSTER)
        self._monster_attacked(
            attack.monster_id,
            attack.target_faction_id,
            attack.target_asset_id,
            attack.defender_id,
            attack.phase,
            attack.hit,
            attack.countered,
            attack.rolls,
            attack.seat,
            check_intervention(attack.seat, attack.reason),
        )

    def _monster_attacked(
        self,
        monster_id: str,
        target_faction_id: str,
        target_asset_id: str,
        defender_id: str,
        phase: int,
        hit: bool,
        countered: bool,
        rolls: Rolls,
        seat: str,
        reason: str,
    ) -> None:
        self.assets[monster_id].attacked_phase = phase
