"""Issue 31, P6: the chronicle's lines (`describe`, `draft_summary`, `draft_gossip`) read each payload's keys once
per shape and skip the id search where no id can be; the text is what the plain search made (kept here: `_old`),
on random payloads and on the events of seeded Faction Turn phases and Game of Bones months."""

from __future__ import annotations

import random
import re
import uuid
from collections.abc import Mapping
from typing import Any

import pytest

from domain import chronicle
from domain.assistant.players import faction_orders
from domain.assistant.sim_setup import faction_table
from domain.chronicle import ID_KEYS, SUMMARY_KEYS, UUID_RE, _humane, draft_summary, is_secret
from domain.dice import RandomDice
from domain.factionturn.resolution.phase import apply_phase, resolve_phase
from domain.gameofbones.aggregate.intel import HouseIntel
from domain.gameofbones.resolution.month import apply_month, resolve_month
from tests.domain.gameofbones.bones_world import CAMPAIGN
from tests.domain.gameofbones.plot_campaigns import campaign
from tests.domain.gameofbones.test_intel_working_set import orders as given


def _old_named(value: object, names: Mapping[str, str]) -> str:
    text = UUID_RE.sub(lambda m: names.get(m.group(0).lower(), ""), str(value))
    return re.sub(r"\s{2,}", " ", text).strip()


def _old(name: str, payload: dict[str, Any], names: Mapping[str, str] | None = None) -> str:
    known = names or {}
    asset = payload.get("asset")
    parts = [f"asset {asset.get('name')}"] if isinstance(asset, dict) else []
    parts += [
        f"{key.removesuffix('_id').replace('_', ' ')} {known[str(value)]}"
        for key in ID_KEYS
        if (value := payload.get(key)) is not None and str(value) in known
    ]
    facts = [
        (key, _old_named(payload[key], known)) for key in SUMMARY_KEYS if payload.get(key) not in (None, "", [], {})
    ]
    parts += [f"{key} {value}" for key, value in facts if value]
    label = _humane(name)
    return f"{label}: {', '.join(parts)}" if parts else label


IDS = [str(uuid.UUID(int=random.Random(i).getrandbits(128))) for i in range(6)]
NAMES = {i: f"Name {n}" for n, i in enumerate(IDS[:4])}  # two ids are of nobody


def _value(rng: random.Random) -> Any:
    pick = rng.randrange(16)
    simple: list[Any] = [None, "", [], {}, 0, -3, 7, 2.5, -1e-05, True, False, ()]
    if pick < len(simple):
        return simple[pick]
    some = rng.choice(IDS)
    return rng.choice(
        [
            some,
            some.upper(),
            f"  took {some} and   {rng.choice(IDS)} ",
            "a well-known  name",
            "plain words",
            [some, 3, "x  y"],
            {"area_id": some, "n": -2},
            f"tab\t\there-{some[:8]}",
        ]
    )


def _payload(rng: random.Random) -> dict[str, Any]:
    keys = rng.sample([*ID_KEYS, *SUMMARY_KEYS, "rolls", "phase", "asset", "state"], rng.randrange(0, 12))
    payload = {k: _value(rng) for k in keys}
    if "asset" in payload and rng.random() < 0.5:
        payload["asset"] = {"name": "Spy Ring", "stealthed": rng.random() < 0.5}
    return payload


@pytest.mark.parametrize("seed", range(5))
def test_random_payloads_are_described_as_by_the_plain_search(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(2_000):
        payload = _payload(rng)
        names = NAMES if rng.random() < 0.8 else None
        assert chronicle.describe("AssetDamaged", payload, names) == _old("AssetDamaged", payload, names), payload


def test_the_same_keys_in_another_order_keep_the_lists_order() -> None:
    payload = {"reason": "r", "amount": 2, "target_id": IDS[0], "area_id": IDS[1]}
    backwards = dict(reversed(list(payload.items())))
    assert chronicle.describe("X", backwards, NAMES) == _old("X", backwards, NAMES) == _old("X", payload, NAMES)


def _payload_of(event: Any) -> dict[str, Any]:
    """As the service hands an event to the chronicle (service/persistence/app.py `event_payload`)."""
    return {k: v for k, v in vars(event).items() if k not in _SKIP and not k.startswith("_")}


_SKIP = {"originator_id", "originator_version", "timestamp"}


def _turns() -> list[tuple[str, list[tuple[str, dict[str, Any]]]]]:
    """Each aggregate's events of two seeded phases of the simulation's Faction Turn table and of four months of
    scheming houses, as the chronicle is handed them (class name, payload)."""
    table = faction_table()
    listed = [str(f.id) for f in table.factions]
    for phase in (1, 2):
        world = table.world(phase)
        orders = {
            fid: faction_orders("assistant", world, fid, RandomDice.seeded(f"draft {phase} {fid}")) for fid in listed
        }
        outcome = resolve_phase(
            table.factions, table.regions, orders, RandomDice.seeded(f"describe {phase}"), phase=phase
        )
        apply_phase(outcome, table.factions, table.regions)
    world_ = campaign(3)
    rng, dice = random.Random(3), RandomDice.seeded("describe months")
    intel = {hid: HouseIntel(CAMPAIGN, hid) for hid in world_.houses}
    for phase in range(1, 5):
        given(world_, rng, phase)
        report = resolve_month(list(world_.houses.values()), list(world_.areas.values()), phase, dice, intel)
        apply_month(report, world_.houses.values(), world_.areas.values(), intel)
    members = [*table.factions, *table.regions, *world_.houses.values(), *world_.areas.values()]
    return [(str(a.id), [(type(e).__name__, _payload_of(e)) for e in a.pending_events]) for a in members]


def test_seeded_turns_are_drafted_as_by_the_plain_search(monkeypatch: pytest.MonkeyPatch) -> None:
    turns = _turns()
    names = {key: f"Actor {n}" for n, (key, _) in enumerate(turns)}
    fast = [draft_summary(names[key], "", events, names) for key, events in turns]
    monkeypatch.setattr(chronicle, "describe", _old)
    plain = [draft_summary(names[key], "", events, names) for key, events in turns]
    assert fast == plain
    described = sum(len(events) for _, events in turns)
    assert described > 200 and any(is_secret(n, p) for _, events in turns for n, p in events)
    assert sum(line.count("Actor ") for line in fast) > len(fast)  # payload ids were named
