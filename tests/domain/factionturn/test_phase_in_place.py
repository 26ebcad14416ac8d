"""Issue 31, item 1 (P6): a phase decided on the loaded aggregates (`resolve_phase_in_place`) writes what a phase
decided on a copy and then applied (`resolve_phase`, `apply_phase`) writes, on the same dice: the same outcome, the
same events in the same played order, the same aggregates; also when a turn is refused part-way, once or twice."""

from __future__ import annotations

from typing import Any

import pytest

from domain.dice import RandomDice
from domain.errors import RuleViolationError
from domain.factionturn.aggregate.clone import clone
from domain.factionturn.aggregate.effects import TurnEnded
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import Attack, FactionOrders, SellAsset, Strike
from domain.factionturn.resolution import turn
from domain.factionturn.resolution.in_place import resolve_phase_in_place
from domain.factionturn.resolution.phase import PhaseOutcome, resolve_phase
from domain.factionturn.rules import world
from domain.factionturn.rules.world import World
from domain.region import Region
from tests.domain.factionturn.factionturn_scenario import faction, give, region, settle


def _table() -> tuple[list[Faction], list[Region], dict[str, FactionOrders]]:
    """Three factions in two towns: Red strikes Blue (a victim's events inside Red's turn), Blue sells, Green
    expands nothing and only collects."""
    town, port = region("Town", 0, 0), region("Port", 1, 0)
    red, blue, green = faction("Red", 4, 4, 4, town), faction("Blue", 4, 4, 4, town), faction("Green", 3, 5, 2, port)
    regiment, bandits = give(red, "regiment", town), give(red, "thugs", town)
    guards, smugglers = give(blue, "guardsmen", town), give(blue, "smugglers", town)
    give(green, "informers", port)
    strikes = (Strike(regiment.id, str(blue.id), guards.id), Strike(bandits.id, str(blue.id), smugglers.id))
    orders = {
        str(red.id): FactionOrders(action=Attack(strikes)),
        str(blue.id): FactionOrders(action=SellAsset(guards.id)),
    }
    settle(red, blue, green, town, port)
    return [red, blue, green], [town, port], orders


def _events(aggregates: list[Any]) -> list[tuple[Any, ...]]:
    return [_event(e) for a in aggregates for e in a.pending_events]


def _event(e: Any) -> tuple[Any, ...]:
    return (
        type(e).__qualname__,
        e.originator_id,
        e.originator_version,
        {k: v for k, v in vars(e).items() if k != "timestamp"},
    )


def _state(aggregate: Any) -> dict[str, Any]:
    return {k: v for k, v in vars(aggregate).items() if k not in ("_pending_events", "_modified_on")}


def _old(factions: list[Faction], regions: list[Region], orders: Any, seed: str) -> tuple[PhaseOutcome, list[Any]]:
    """Decided on a copy, then every change applied to the aggregates, their events kept in played order."""
    outcome = resolve_phase(factions, regions, orders, RandomDice.seeded(seed), phase=1)
    world = World(factions, regions)
    members: dict[str, Any] = {**world.aggregates(), **world.regions}
    played: list[Any] = []
    for change in outcome.changes:
        before = len(members[change.target_id].pending_events)
        world.apply(change)
        played.extend(members[change.target_id].pending_events[before:])
    return outcome, played


def _refusing(patch: pytest.MonkeyPatch, who: Faction, times: int) -> list[int]:
    """`who`'s turn refused `times` times as its narrative is drafted (after its income, upkeep and action were
    recorded); the count of refusals made so far is returned, to be reset between the two paths."""
    made = [0]
    drafted = turn.draft_narrative

    def refusing(session: Any, name: str, orders: Any) -> str:
        if session.actor_id == str(who.id) and made[0] < times:
            made[0] += 1
            raise RuleViolationError("the scribes refuse", "a test's refusal")
        return drafted(session, name, orders)

    patch.setattr(turn, "draft_narrative", refusing)
    return made


@pytest.mark.parametrize("refusals", [0, 1, 2])
@pytest.mark.parametrize("seed", ["one", "two", "three"])
def test_a_phase_decided_in_place_writes_what_a_phase_decided_on_a_copy_writes(
    refusals: int, seed: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    factions, regions, orders = _table()
    refused = _refusing(monkeypatch, factions[0], refusals)
    copies = [clone(a) for a in (*factions, *regions)]
    pristine = {a.id: clone(a) for a in (*factions, *regions)}
    restarted: list[Any] = []

    def restart(aggregate: Any, version: int) -> Any:
        assert pristine[aggregate.id].version == version
        restarted.append(aggregate.id)
        return clone(pristine[aggregate.id])

    old_outcome, old_played = _old(copies[:3], copies[3:], orders, seed)  # type: ignore[arg-type]
    assert refused[0] == refusals
    refused[0] = 0
    outcome, played = resolve_phase_in_place(factions, regions, orders, RandomDice.seeded(seed), restart, phase=1)
    assert refused[0] == refusals
    assert outcome == old_outcome
    assert [_event(e) for e in played] == [_event(e) for e in old_played]
    assert _events([*factions, *regions]) == _events(copies)
    assert [_state(a) for a in (*factions, *regions)] == [_state(a) for a in copies]
    assert (factions[0].id in restarted) == (refusals > 0)
    if refusals:
        [red_turn] = [t for t in outcome.turns if t.faction_id == str(factions[0].id)]
        assert any("the scribes refuse" in f for f in red_turn.failures) or red_turn.step == "None"


def test_a_turn_refused_after_striking_a_rival_leaves_the_rival_as_it_stood(monkeypatch: pytest.MonkeyPatch) -> None:
    factions, regions, orders = _table()
    red, blue, _ = factions
    _refusing(monkeypatch, red, 1)
    seen: list[Any] = []
    drafted = turn.draft_narrative

    def watching(session: Any, name: str, orders_: Any) -> str:
        if session.actor_id == str(red.id):
            seen.append([type(e).__name__ for e in blue.pending_events])
        return drafted(session, name, orders_)

    monkeypatch.setattr(turn, "draft_narrative", watching)  # before the refusal: sees each attempt's world
    pristine = {a.id: clone(a) for a in (*factions, *regions)}
    outcome, _ = resolve_phase_in_place(
        factions, regions, orders, RandomDice.seeded("strike"), lambda a, v: clone(pristine[a.id]), phase=1
    )
    red_turn = outcome.turn_of(str(red.id))
    assert red_turn is not None and red_turn.step == "None"
    assert not any(type(c.effect).__name__ in ("AssetDamaged", "AssetDestroyed") for c in red_turn.changes)
    blue_turn = outcome.turn_of(str(blue.id))
    assert blue_turn is not None
    # Red's refused strike was taken back: Blue's assets are only what Blue's own turn (and nothing of Red's) did.
    strikes = {"AssetDamaged", "AssetDestroyed"}
    assert strikes & set(seen[0])  # the refused attempt struck Blue
    assert not strikes & {type(e).__name__ for e in blue.pending_events}


def test_a_change_refused_after_writing_an_event_is_taken_back_with_its_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    factions, regions, orders = _table()
    red = factions[0]
    recorded, refused = world.record, [0]

    def half_recorded(faction: Any, effect: Any) -> None:
        recorded(faction, effect)
        if isinstance(effect, TurnEnded) and faction.id == red.id and not refused[0]:
            refused[0] = 1
            raise RuleViolationError("the ink runs", "a test's refusal")  # after its event was written

    monkeypatch.setattr(world, "record", half_recorded)
    copies = [clone(a) for a in (*factions, *regions)]
    pristine = {a.id: clone(a) for a in (*factions, *regions)}
    _, old_played = _old(copies[:3], copies[3:], orders, "ink")  # type: ignore[arg-type]
    refused[0] = 0
    _, played = resolve_phase_in_place(
        factions, regions, orders, RandomDice.seeded("ink"), lambda a, v: clone(pristine[a.id]), phase=1
    )
    assert refused[0] == 1
    assert [_event(e) for e in played] == [_event(e) for e in old_played]
    assert _events([*factions, *regions]) == _events(copies)
    assert [_state(a) for a in (*factions, *regions)] == [_state(a) for a in copies]
