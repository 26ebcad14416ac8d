"""Issue 31, P6: a turn's `Session.record` names each aggregate's id as text once per object; the changes it keeps
name the same targets as `str(aggregate.id)` did, for the actor, another faction, a region and a text, however
often and in whatever order they are recorded, and an entry left by another object at the same `id()` is not
taken for it."""

from __future__ import annotations

from domain.dice import RandomDice
from domain.factionturn.aggregate.effects import FacGoldGained, GovernmentChanged
from domain.factionturn.rules.world import Session, World
from tests.support.factionturn_map import Map


def test_the_changes_name_each_target_by_its_id() -> None:
    m = Map()
    world = World([m.guild, m.rulers], m.r, phase=1)
    session = Session(world, RandomDice.seeded("keys"), str(m.guild.id))
    guild, rulers = world.faction(str(m.guild.id)), world.faction(str(m.rulers.id))
    gold = m.guild.facgold, m.rulers.facgold
    steps = [guild, rulers, guild, m.r[2], str(m.rulers.id), rulers, m.r[2], guild]
    for target in steps:
        effect = GovernmentChanged(str(m.guild.id), "keys") if target is m.r[2] else FacGoldGained(1, "keys")
        session.record(target, effect)
    assert [c.target_id for c in session.changes] == [t if isinstance(t, str) else str(t.id) for t in steps]
    assert (m.guild.facgold, m.rulers.facgold) == (gold[0] + 3, gold[1] + 3) and m.r[2].governing_faction_id == str(
        m.guild.id
    )


def test_an_entry_of_another_object_is_not_taken() -> None:
    m = Map()
    world = World([m.guild, m.rulers], m.r, phase=1)
    session = Session(world, RandomDice.seeded("keys"), str(m.guild.id))
    rulers, gold = world.faction(str(m.rulers.id)), m.rulers.facgold
    session.keys[id(rulers)] = (m.guild, str(m.guild.id))  # as if another object had had this `id()` before
    session.record(rulers, FacGoldGained(1, "keys"))
    assert session.changes[-1].target_id == str(m.rulers.id) and m.rulers.facgold == gold + 1
