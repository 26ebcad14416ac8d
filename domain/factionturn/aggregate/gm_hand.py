"""The GM's hand on a faction: adventures, adjustments, foiled plans, custom actions (domain/gm.py,
docs/rules-notes/gm.md). The bodies of the `Faction` events; faction.py declares the events."""

from __future__ import annotations

from typing import Any

from domain.errors import InvalidInputError, RuleViolationError
from domain.factionturn.aggregate.adjustment import faction_adjustment
from domain.factionturn.aggregate.effects import Adjusted, Rolls
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.reading import FactionReading
from domain.gm import FACTION_FIELDS, check_intervention, target_value


class GMHand(FactionReading):
    """Adventures, adjustments, foiled plans and custom actions (the events of `Faction`)."""

    def resolve_adventure(self, outcome: str, asset_id: str, asset: OwnedAsset | None, seat: str, reason: str) -> None:
        """A PC adventure's final result on one asset (seed 002): `asset` is its new state, None when it is gone.

        HP a Base of Influence loses is lost by the faction too, as with any damage to a base."""
        why = check_intervention(seat, reason)
        old = self.assets.get(asset_id)
        if old is None and (asset is None or asset_id != self.next_asset_id()):
            raise RuleViolationError(f"{self.name} owns no asset {asset_id}", "seed 002, Assets")
        if asset is not None and asset.id != asset_id:
            raise InvalidInputError(f"asset {asset.id} is not asset {asset_id}")
        lost = old.hp - (asset.hp if asset else 0) if old is not None and old.is_base else 0
        self._adventure_resolved(
            outcome, asset_id, asset.to_dict() if asset else None, min(max(lost, 0), self.hp), seat, why
        )

    def _adventure_resolved(
        self, outcome: str, asset_id: str, asset: dict[str, Any] | None, faction_damage: int, seat: str, reason: str
    ) -> None:
        self.hp -= faction_damage
        self.destroyed = self.destroyed or self.hp <= 0
        if asset is None:
            self.assets.pop(asset_id, None)
        else:
            self._add(OwnedAsset.from_dict(asset))

    def adjust(self, field: str, mode: str, value: int, seat: str, reason: str) -> None:
        """Set or adjust a rating, HP, FacGold or XP; refused, naming the rule, when an invariant would break."""
        done = self.adjustment(field, mode, value, seat, reason)
        self._adjusted(done.field, done.before, done.after, done.hp, done.seat, done.reason)

    def adjustment(self, field: str, mode: str, value: int, seat: str, reason: str) -> Adjusted:
        why = check_intervention(seat, reason)
        numbers = {name: int(getattr(self, name)) for name in FACTION_FIELDS}
        if field not in numbers:
            raise InvalidInputError(f"a faction has no {field!r} to adjust; choose from {list(FACTION_FIELDS)}")
        after = faction_adjustment(numbers, field, target_value(numbers[field], mode, value))
        return Adjusted(field, numbers[field], after[field], after["hp"], seat, why)

    def _adjusted(self, field: str, before: int, after: int, hp: int, seat: str, reason: str) -> None:
        setattr(self, field, after)
        self.hp = hp
        self.destroyed = self.destroyed or self.hp <= 0

    def foil_plan(self, seat: str, reason: str) -> None:
        """An adventure stops the action ordered for this phase, or the multi-turn one under way (a custom
        action, a move home, a seizure): what its earlier turns did and paid stands."""
        why = check_intervention(seat, reason)
        ordered = (self.order or {}).get("action") or {}
        if not ordered and self.multi_turn is None:
            raise RuleViolationError(f"{self.name} has no action ordered or under way", "seed 002, Faction Actions")
        under_way = str(self.multi_turn["kind"]) if self.multi_turn else ""
        self._plan_foiled(str(ordered.get("action", "")), under_way, seat, why)

    def _plan_foiled(self, ordered: str, under_way: str, seat: str, reason: str) -> None:
        if self.order is not None:
            self.order = dict(self.order, action={})
        self.multi_turn = None

    def resolve_custom_action(self, name: str, succeeded: bool, rolls: Rolls, seat: str, reason: str) -> None:
        """A GM-made action's last turn: its check (if any) and whether it succeeded."""
        self._custom_action_resolved(name, succeeded, rolls, seat, check_intervention(seat, reason))

    def _custom_action_resolved(self, name: str, succeeded: bool, rolls: Rolls, seat: str, reason: str) -> None:
        pass
