"""A House's standing, read from its state: power, rank, effective rank, dedication, defences, who may act."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, Self

from domain.errors import NotFoundError
from domain.gameofbones.tables.ranks import Defences, action_bonuses, defences, rank_for
from domain.gameofbones.tables.records import (
    Applies,
    AreaDamage,
    Character,
    Circumstance,
    Member,
    PendingAction,
    Priest,
    Spy,
)


class Standing:
    """Read-only rules over a House's state; the House aggregate supplies the attributes."""

    name: str
    leader: Character
    lieutenants: dict[str, Character]
    members: dict[str, Member]
    priests: dict[str, Priest]
    influence: int
    granted_power: int
    gold: int
    area_ids: list[str]
    entered_game: bool
    circumstances: list[Circumstance]
    pending: dict[str, PendingAction]
    knowledge: list[dict[str, Any]]
    spies: dict[str, Spy]
    area_damage: dict[str, AreaDamage]
    destroyed: bool

    @property
    def power(self) -> int:
        return max(0, sum(m.power for m in self.members.values()) + self.granted_power)

    @property
    def total(self) -> int:
        return self.influence + self.power

    @property
    def rank(self) -> int:
        return rank_for(self.total)

    def modifier_total(self, applies: Applies, phase: int, action: str = "", other: str | None = None) -> int:
        return sum(c.value for c in self.circumstances if c.matches(applies, phase, action, other, True))

    def effective_influence(self, phase: int) -> int:
        return max(0, self.influence + self.modifier_total(Applies.EFFECTIVE_INFLUENCE, phase))

    def effective_rank(self, phase: int) -> int:
        base = rank_for(self.effective_influence(phase) + self.power)
        return max(0, base + self.modifier_total(Applies.EFFECTIVE_RANK, phase))

    @property
    def dedicated_influence(self) -> int:
        return sum(p.dedicated_influence for p in self.pending.values())

    @property
    def dedicated_power(self) -> int:
        return sum(p.dedicated_power for p in self.pending.values())

    def available_influence(self, phase: int) -> int:
        return max(0, self.effective_influence(phase) - self.dedicated_influence)

    @property
    def available_power(self) -> int:
        return max(0, self.power - self.dedicated_power)

    def defences(self, phase: int) -> Defences:
        """Dedicated resources cannot defend: the defences come from what is still available."""
        influence, power = self.available_influence(phase), self.available_power
        return defences(rank_for(influence + power), influence, power)

    def action_bonuses(self, phase: int) -> tuple[int, ...]:
        return action_bonuses(self.effective_rank(phase))

    def character(self, name: str) -> Character:
        if name == self.leader.name:
            return self.leader
        if name not in self.lieutenants:
            raise NotFoundError(f"{self.name} has no leader or lieutenant named {name!r}")
        return self.lieutenants[name]

    @property
    def characters(self) -> list[Character]:
        return [self.leader, *self.lieutenants.values()]

    def qualifies(self, name: str, phase: int) -> bool:
        """A lieutenant may lead a second or later action with levels of at least Rank − 5."""
        return name in self.lieutenants and self.lieutenants[name].level >= self.effective_rank(phase) - 5

    def orders_in(self, phase: int) -> list[PendingAction]:
        return sorted(
            (p for p in self.pending.values() if p.phase == phase and p.counts_as_action), key=lambda p: p.ordinal
        )

    def pending_action(self, action_id: str) -> PendingAction:
        if action_id not in self.pending:
            raise NotFoundError(f"{self.name} has no pending action {action_id}")
        return self.pending[action_id]

    def booked(self, pending: Mapping[str, PendingAction]) -> Self:
        """A scratch copy (never saved, no events) whose book is `pending`: what the house could order with it."""
        view = copy.copy(self)
        view.pending = dict(pending)
        return view

    def best(self, skill: str) -> Character | None:
        """The defender's roller: whoever free among the leader and lieutenants has the best modifier."""
        free = [c for c in self.characters if c.active]
        return max(free, key=lambda c: c.modifier(skill)) if free else None
