"""A played campaign for the bench: factions with assets and houses with areas, built and played with the services.

One campaign of both rule systems, as the issue sizes it (100 factions of 20 assets, 50 houses), is created with
`create_campaign`, `generate_factions`, the GM's `create_asset` and `register_house`, then played phase after
phase: every faction submits the first orders the rules accept (an attack on a foe sharing a region, else the
dearest asset it can buy), every house orders actions and moves troops over the weeks (the plain policy of
tests/support/gameofbones_world.py), and the phase is resolved. The campaign's seed fixes every die; the
policies read the board in a fixed order, so the same size plays the same game.

Sizes come from the environment (`Size.from_env`): INTRIGUE_BENCH_SCALE multiplies the issue's counts (default
1; 0.1 gives 10 factions and 5 houses), and INTRIGUE_BENCH_FACTIONS, _ASSETS, _HOUSES and _PHASES set one count
(phases default to `PHASES`, the issue's 50).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

import psycopg

from bench.cpu_meter import SAMPLER, CpuMeter
from domain.campaign import Campaign
from domain.commands import CreateCampaign, MapRegion, RegisterHouse, StartingArea, StartingMember, StartingPriest
from domain.errors import DomainError
from domain.factionturn.aggregate.faction import Faction
from service.bootstrap import Intrigue
from service.persistence import commits
from service.persistence.database import Database
from service.usecases.interventions import By
from tests.service.usecases.test_factionturn_play import candidate_orders
from tests.support.gameofbones_world import give_orders, person

# The 50 phases: at its size a phase (150 order commands, then the resolution) takes 2-5 s on an idle
# 2-core machine, so the played section takes 4-5 minutes (docs/scaling.md, "Played-campaign bench"). Ten phases
# hid a month whose cost grew with history (issue 16, session 6).
PHASES = 50
BATCH = 6  # generate_factions makes 3-6 at a time (seed 002, Factions)
ASSET_KEYS = ("smugglers", "informers", "thugs", "guardsmen", "militia_unit", "franchise", "local_investments")


@dataclass(frozen=True)
class Size:
    factions: int = 100
    assets: int = 20  # assets each faction holds after setup (its generated ones, then the GM's grants)
    houses: int = 50
    phases: int = PHASES

    @classmethod
    def from_env(cls, **overrides: int) -> Size:
        scale = float(os.environ.get("INTRIGUE_BENCH_SCALE", "1"))

        def count(name: str, full: int, least: int) -> int:
            if name in overrides:
                return overrides[name]
            value = os.environ.get(f"INTRIGUE_BENCH_{name.upper()}")
            return int(value) if value else max(least, round(full * scale))

        return cls(
            count("factions", 100, 3), count("assets", 20, 4), count("houses", 50, 2), count("phases", PHASES, 2)
        )

    def describe(self) -> str:
        return f"{self.factions} factions x {self.assets} assets, {self.houses} houses, {self.phases} phases"


@dataclass
class Played:
    """The campaign and what each phase cost as it was played (filled by `play_phase`)."""

    intrigue: Intrigue
    db: Database
    campaign_id: UUID
    size: Size
    phase_seconds: dict[int, float] = field(default_factory=dict)  # the resolution alone
    phase_events: dict[int, tuple[int, int]] = field(default_factory=dict)  # (after, through) notification ids
    db_bytes: dict[int, int] = field(default_factory=lambda: {})  # the database's size after each phase
    # The resolution's CPU seconds: this process's (all its threads) and the database's backends' (None: the
    # server is not on this machine), a cost the machine's other load moves less than the wall time.
    phase_cpu: dict[int, tuple[float, float | None]] = field(default_factory=dict)
    # Of `phase_seconds`, the deciding alone: the rules run in memory on the loaded members, nothing yet encoded,
    # written or projected (`CampaignService.play_phase`): the floor under a resolution however cheap its save.
    phase_deciding: dict[int, float] = field(default_factory=dict)
    # Of the saving, the events encoded (and checked storable) once, before anything is sent: with the deciding and
    # the insert, the least a resolution's answer can be with no read model written (bench/played_bench.py).
    phase_encoding: dict[int, tuple[float, int]] = field(default_factory=dict)  # seconds, and the saves encoded

    @property
    def phase(self) -> int:
        return max(self.phase_seconds, default=0)

    def campaign(self) -> Campaign:
        return self.intrigue.store.load(self.campaign_id, Campaign)

    def member_ids(self, kind: str) -> list[UUID]:
        return self.campaign().member_ids(kind)


def regions(size: Size) -> list[MapRegion]:
    """A home for each faction and an area for each house, in a grid, every one settled and with an income."""
    count = size.factions + size.houses + 4
    width = max(4, int(count**0.5) + 1)
    return [
        MapRegion(
            f"Region {i:03d}",
            i % width,
            i // width,
            arcana=2,
            population="Thousands",
            monthly_income=2_000 + 1_000 * (i % 3),
        )
        for i in range(count)
    ]


def build(intrigue: Intrigue, db: Database, size: Size, seed: str = "played bench") -> Played:
    command = CreateCampaign(
        f"played {size.factions}x{size.houses}", ["factionturn", "gameofbones"], seed, regions(size)
    )
    campaign = intrigue.campaigns.create_campaign(command)
    made = 0
    for count in batches(size.factions):
        names = [f"Faction {made + i + 1:03d}" for i in range(count)]
        intrigue.factionturn.generate_factions(campaign.id, count, names)
        made += count
    by = By(campaign.id, "gm", "bench setup")
    members = intrigue.store.load(campaign.id, Campaign).member_ids("faction")
    factions = [intrigue.store.load(f, Faction) for f in members]
    for number, faction in enumerate(factions):
        neighbour = factions[(number + 1) % len(factions)].home_region_id
        for i in range(max(0, size.assets - len(faction.assets))):
            where = neighbour if i % 4 == 3 else faction.home_region_id  # a quarter abroad, where foes can be struck
            intrigue.gm.create_asset(by, faction.id, ASSET_KEYS[(number + i) % len(ASSET_KEYS)], UUID(where))
    register_houses(intrigue, campaign.id, size.houses)
    return Played(intrigue, db, campaign.id, size)


def batches(factions: int) -> list[int]:
    """`factions` split into batches of 3-6, as `generate_factions` takes them."""
    out: list[int] = []
    while factions > 0:
        count = factions if factions <= BATCH else (BATCH if factions - BATCH >= 3 else factions - 3)
        out.append(count)
        factions -= count
    return out


def register_houses(intrigue: Intrigue, campaign_id: UUID, count: int) -> None:
    """`count` houses, each holding one area not a faction's home, with troops, a leader and two lieutenants."""
    campaign = intrigue.store.load(campaign_id, Campaign)
    homes = {intrigue.store.load(f, Faction).home_region_id for f in campaign.member_ids("faction")}
    free = [r for r in campaign.member_ids("region") if str(r) not in homes]
    for index in range(count):
        name, bonus = f"House {index + 1:03d}", 10 + index % 5
        intrigue.gameofbones.register_house(
            RegisterHouse(
                campaign_id,
                name,
                person(f"{name} Matron", 14, bonus),
                200_000,
                [person(f"{name} Blade", 9, bonus - 2), person(f"{name} Wizard", 8, bonus)],
                [StartingMember(f"Guard {i + 1}", {"fighter": 10}) for i in range(6)],
                [StartingPriest("Priestess", 3)],
                influence=30_000 + 1_000 * (index % 10),
                areas=[StartingArea(free[index % len(free)], troops=3_000)],
            )
        )


def database_bytes(db: Database) -> int:
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute("SELECT pg_database_size(current_database())").fetchone()
    return int(row[0]) if row else 0


def order_factions(played: Played, tries: int = 3) -> int:
    """Each faction submits the first of its candidate orders the rules accept; returns the orders refused."""
    store = played.intrigue.store
    factions = [store.load(i, Faction) for i in played.member_ids("faction")]
    refused = 0
    for faction in factions:
        if faction.wild or faction.destroyed:
            continue
        for orders in candidate_orders(faction, factions)[:tries]:
            try:
                played.intrigue.factionturn.submit_orders(played.campaign_id, faction.id, orders)
                break
            except DomainError:
                refused += 1
    return refused


@contextmanager
def calls_timed(owner: Any, name: str) -> Iterator[list[float]]:
    """The wall seconds of each call of `owner`'s attribute `name` meanwhile, by a wrapper set on `owner` (an
    instance or a module) and taken away after: the instance's own attribute is deleted, a module's restored."""
    call, own, spent = getattr(owner, name), name in vars(owner), []

    def timed(*args: Any, **kwargs: Any) -> Any:
        began = time.perf_counter()
        try:
            return call(*args, **kwargs)
        finally:
            spent.append(time.perf_counter() - began)

    setattr(owner, name, timed)
    try:
        yield spent
    finally:
        if own:
            setattr(owner, name, call)
        else:
            delattr(owner, name)


def deciding_timed(intrigue: Intrigue) -> AbstractContextManager[list[float]]:
    """Each `CampaignService.play_phase` call meanwhile (a resolution's deciding: loads and rules, nothing saved),
    timed by an attribute on the service itself, which `resolve_phase` calls."""
    return calls_timed(intrigue.campaigns._target, "play_phase")  # type: ignore[attr-defined]  # behind the metrics


def encoding_timed() -> AbstractContextManager[list[float]]:
    """Each save's encoding meanwhile (service/persistence/storable.py `encoded_and_checked`, by the name
    service/persistence/commits.py calls it)."""
    return calls_timed(commits, "encoded_and_checked")


def play_phase(played: Played, between: Callable[[Played], None] | None = None) -> None:
    """Open a phase, give every faction and house its orders, resolve it (timed), and note its events and
    the database's size. `between` runs after the orders and before the resolution (a measurement)."""
    intrigue = played.intrigue
    intrigue.campaigns.open_phase(played.campaign_id)
    order_factions(played)
    if played.size.houses:
        give_orders(intrigue, played.campaign_id)
    if between is not None:
        between(played)
    before = intrigue.store.recorder.max_notification_id() or 0
    with (
        psycopg.connect(played.db.conninfo, autocommit=True, application_name=SAMPLER) as conn,
        CpuMeter(conn) as meter,
    ):
        started, cpu = time.perf_counter(), time.process_time()
        with deciding_timed(intrigue) as deciding, encoding_timed() as encoding:
            resolved = intrigue.campaigns.resolve_phase(played.campaign_id)
        # The snapshots are written after the resolution answers (service/persistence/snapshot_writes.py), by a
        # thread of this process: waited for inside the meters, so their CPU and bytes count, not their wait.
        answered = time.perf_counter() - started
        intrigue.store.snapshots_written()
        seconds, cpu = answered, time.process_time() - cpu
    assert meter.round is not None
    played.phase_cpu[resolved.phase] = (cpu, meter.round.backends)
    played.phase_seconds[resolved.phase] = seconds
    played.phase_deciding[resolved.phase] = sum(deciding)
    played.phase_encoding[resolved.phase] = (sum(encoding), len(encoding))
    played.phase_events[resolved.phase] = (before, intrigue.store.recorder.max_notification_id() or 0)
    played.db_bytes[resolved.phase] = database_bytes(played.db)
