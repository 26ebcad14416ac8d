"""The resolution's working copy (domain/factionturn/aggregate/clone.py) is what `copy.deepcopy` gives, and shares
nothing."""

from __future__ import annotations

import copy
from typing import Any

from domain.dice import RandomDice
from domain.factionturn.aggregate.clone import clone
from domain.factionturn.resolution.phase import apply_phase, read_orders, resolve_phase
from domain.factionturn.rules.world import World
from domain.history import restorable_state
from tests.domain.factionturn.test_coverage_abilities import Map


def played() -> Map:
    """Two factions after three phases with whatever they did, events still pending on them."""
    m = Map()
    for phase in range(1, 4):
        factions = [m.guild, m.rulers]
        orders, unreadable = read_orders(factions, phase)
        dice = RandomDice.seeded(f"p{phase}")
        outcome = resolve_phase(factions, m.r, orders, dice, phase=phase, unreadable=unreadable)
        apply_phase(outcome, factions, m.r)
    m.guild.assets[next(iter(m.guild.assets))].custom_type = {"key": "x", "rows": [1, 2]}
    return m


def state(aggregate: Any) -> dict[str, Any]:
    return {k: v for k, v in restorable_state(aggregate).items()}


def test_a_clone_equals_a_deep_copy_and_shares_nothing_mutable() -> None:
    m = played()
    for original in (m.guild, m.rulers, *m.r):
        made, deep = clone(original), copy.deepcopy(original)
        assert type(made) is type(original) and made.id == original.id and made.version == original.version
        assert state(made) == state(deep) == state(original)
        assert len(made.pending_events) == len(original.pending_events)
    made = clone(m.guild)
    asset = next(iter(made.assets.values()))
    asset.hp, asset.custom_type["rows"][0] = -5, 99  # type: ignore[index]
    made.tags.append("changed")
    made.goal = {"key": "changed"}
    original = next(iter(m.guild.assets.values()))
    assert original.hp != -5 and original.custom_type == {"key": "x", "rows": [1, 2]} and "changed" not in m.guild.tags


def test_a_world_copy_resolves_as_the_world() -> None:
    m = played()
    world = World([m.guild, m.rulers], m.r, phase=4)
    copied = world.copy()
    assert {k: state(f) for k, f in copied.factions.items()} == {k: state(f) for k, f in world.factions.items()}
    assert all(copied.factions[k] is not f for k, f in world.factions.items())
