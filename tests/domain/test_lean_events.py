"""Issue 31, P6: the aggregates' `@event` methods triggered by `domain/history.py` record what the library's own
path records: on the same dice, months of scheming houses (Houses, their intel, the city's regions) and a Faction
Turn phase give the same events (class, aggregate, version, every attribute but the time), the same states, each
aggregate's time its last event's; a refused command records nothing on either path."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain import history as lean_events
from domain.dice import RandomDice
from domain.gameofbones.aggregate.intel import HouseIntel
from domain.gameofbones.resolution.month import apply_month, resolve_month
from domain.history import LeanCommand
from tests.domain.factionturn.test_phase_in_place import _old, _table
from tests.domain.gameofbones.bones_world import CAMPAIGN
from tests.domain.gameofbones.plot_campaigns import campaign
from tests.domain.gameofbones.test_intel_working_set import orders


def recorded(aggregates: list[Any]) -> list[Any]:
    """Each aggregate's pending events (all but their time) and its state, its version and time as its events set."""
    out = []
    for a in aggregates:
        events = a.pending_events
        out.append([(type(e).__qualname__, {k: v for k, v in vars(e).items() if k != "timestamp"}) for e in events])
        out.append({k: v for k, v in vars(a).items() if k not in ("_pending_events", "_modified_on", "_created_on")})
        assert not events or a.modified_on == events[-1].timestamp
    return out


def months(seed: int) -> list[Any]:
    world, rng, dice = campaign(seed), random.Random(seed), RandomDice.seeded(f"lean {seed}")
    intel = {hid: HouseIntel(CAMPAIGN, hid) for hid in world.houses}
    for phase in range(1, 5):
        orders(world, rng, phase)
        report = resolve_month(list(world.houses.values()), list(world.areas.values()), phase, dice, intel)
        apply_month(report, world.houses.values(), world.areas.values(), intel)
    return recorded([*world.houses.values(), *world.areas.values(), *intel.values()])


def faction_turn(seed: int) -> list[Any]:
    factions, regions, given = _table()
    _, played = _old(factions, regions, given, f"lean {seed}")
    return [(type(e).__qualname__, e.originator_version) for e in played] + recorded([*factions, *regions])


def both(monkeypatch: pytest.MonkeyPatch, play: Any) -> tuple[Any, Any, int]:
    """`play` on the lean path and on the library's, and how many calls took the lean one."""
    calls = 0
    lean_trigger = LeanCommand.trigger

    def counted(self: LeanCommand, *args: Any, **kwargs: Any) -> None:
        nonlocal calls
        calls += 1
        lean_trigger(self, *args, **kwargs)

    monkeypatch.setattr(LeanCommand, "trigger", counted)
    lean = play()
    lean_calls = calls
    monkeypatch.setattr(lean_events, "LIBRARY", True)
    library = play()
    assert calls == lean_calls, "the library's path took no lean call"
    return lean, library, lean_calls


@pytest.mark.parametrize("seed", range(4))
def test_months_of_houses_record_the_same_on_both_paths(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    lean, library, calls = both(monkeypatch, lambda: months(seed))
    assert lean == library
    assert calls > 100


@pytest.mark.parametrize("seed", range(3))
def test_a_faction_turn_records_the_same_on_both_paths(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    lean, library, calls = both(monkeypatch, lambda: faction_turn(seed))
    assert lean == library
    assert calls > 10


def test_a_refused_command_records_nothing_on_either_path(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused() -> list[Any]:
        world = campaign(1)
        house = next(iter(world.houses.values()))
        before = (house.version, len(house.pending_events))
        with pytest.raises(KeyError):  # raised inside the decorated method's body, after the event is made
            house._character_set({"name": house.leader.name}, "no level")
        assert (house.version, len(house.pending_events)) == before
        return recorded([house])

    lean, library, _ = both(monkeypatch, refused)
    assert lean == library
