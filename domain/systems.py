"""Every rule system's face (domain/rule_system.py), by name and by the kind its members are enrolled as: what
`service/` looks a system up in instead of branching on `kind == "faction"` or `"house"` (issue 30, item 3)."""

from __future__ import annotations

from domain.factionturn.face import FACTION_TURN
from domain.gameofbones.face import GAME_OF_BONES
from domain.rule_system import AnyRuleSystem

SYSTEMS: tuple[AnyRuleSystem, ...] = (FACTION_TURN, GAME_OF_BONES)
BY_NAME: dict[str, AnyRuleSystem] = {system.name: system for system in SYSTEMS}
BY_KIND: dict[str, AnyRuleSystem] = {system.kind: system for system in SYSTEMS}
MEMBER_KINDS = tuple(BY_KIND)  # ("faction", "house"): the kinds a campaign's players play


def of_kind(kind: str | None) -> AnyRuleSystem | None:
    """The rule system whose members are of this kind; None for a campaign's other members (regions, chronicles)."""
    return BY_KIND.get(kind or "")
