"""A house's standing (effective rank, Action Bonus, defences) from its read-model JSON, by the domain's rules."""

from __future__ import annotations

from typing import Any

from domain.gameofbones.face import AreaDamage, Character, Circumstance, Member, PendingAction, Priest, Spy, Standing


class HouseStanding(Standing):
    """The domain's read-only rules over a house's state, fed from `aggregate_state` instead of its events."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.name = state["name"]
        self.leader = Character.from_dict(state["leader"])
        self.lieutenants = {k: Character.from_dict(v) for k, v in state["lieutenants"].items()}
        self.members = {k: Member(v["name"], dict(v["classes"])) for k, v in state["members"].items()}
        self.priests = {k: Priest(**v) for k, v in state["priests"].items()}
        self.influence = state["influence"]
        self.granted_power = state["granted_power"]
        self.gold = state["gold"]
        self.area_ids = list(state["area_ids"])
        self.entered_game = state["entered_game"]
        self.circumstances = [Circumstance.from_dict(c) for c in state["circumstances"]]
        self.pending = {k: PendingAction.from_dict(v) for k, v in state["pending"].items()}
        self.knowledge = list(state["knowledge"])
        self.spies = {k: Spy(**v) for k, v in state["spies"].items()}
        self.area_damage = {k: AreaDamage(**v) for k, v in state["area_damage"].items()}
        self.destroyed = state["destroyed"]
