"""Small campaigns of both rule systems played by a seeded script, interleaved in one log, for the test that the
state read model's writers agree (tests/service/operations/test_paths_agree.py, issue 31): phases resolved, rolled
back and played again, dice rolled in runs (snapshots to start from), factions destroyed by the GM, the Game of
Bones' intelligence (true and false plots) and covert actions, all through the project's own services."""

from __future__ import annotations

import contextlib
import random
import uuid
from collections.abc import Callable
from uuid import UUID

from domain.campaign import Campaign, PhaseStatus
from domain.commands import CreateCampaign, FoundFaction, MapRegion, RollDice
from domain.errors import DomainError
from domain.factionturn.aggregate.faction import Faction
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName as A
from domain.seats import gm_seat_id
from service.bootstrap import Intrigue
from service.usecases.forks import ForkCampaign
from service.usecases.interventions import By
from service.usecases.rewind import RollBackPhase
from tests.service.usecases.test_factionturn_play import candidate_orders, world_map
from tests.support.gameofbones_world import city, give_orders, register_five


def _both(intrigue: Intrigue, rng: random.Random) -> UUID:
    """Two factions and five houses in one city (tests/support/both_systems_world.py's campaign)."""
    regions = [MapRegion(f"Ward {i + 1}", i % 4, i // 4, monthly_income=2_000 + 1_000 * (i % 3)) for i in range(8)]
    command = CreateCampaign(f"both-{uuid.uuid4().hex[:6]}", ["factionturn", "gameofbones"], str(rng.random()), regions)
    campaign = intrigue.campaigns.create_campaign(command)
    harbour = campaign.member_ids("region")[0]
    for name, gold in (("Red", 40), ("Blue", 5)):
        intrigue.factionturn.found_faction(FoundFaction(campaign.id, name, 3, 3, 5, harbour, facgold=gold))
    register_five(intrigue, intrigue.store.load(campaign.id, Campaign))
    return campaign.id


def _faction_turn(intrigue: Intrigue, rng: random.Random) -> UUID:
    """The Wild and four generated factions on a 4x4 map (tests/service/usecases/test_factionturn_play.py)."""
    command = CreateCampaign(f"ft-{uuid.uuid4().hex[:6]}", ["factionturn"], str(rng.random()), world_map())
    campaign = intrigue.campaigns.create_campaign(command)
    intrigue.factionturn.populate_the_wild(campaign.id)
    intrigue.factionturn.generate_factions(campaign.id, 4)
    return campaign.id


def _bones(intrigue: Intrigue, rng: random.Random) -> UUID:
    """Five houses in a city (tests/support/gameofbones_world.py)."""
    campaign = intrigue.campaigns.create_campaign(city(f"bones-{rng.randrange(1000)}"))
    register_five(intrigue, intrigue.store.load(campaign.id, Campaign))
    return campaign.id


KINDS: dict[str, Callable[[Intrigue, random.Random], UUID]] = {"both": _both, "ft": _faction_turn, "gob": _bones}


def _factions(intrigue: Intrigue, c: UUID) -> list[Faction]:
    campaign = intrigue.store.load(c, Campaign)
    return [intrigue.store.load(i, Faction) for i in campaign.member_ids("faction")]


def play_phase(intrigue: Intrigue, c: UUID, spying: bool = False) -> None:
    """Open the phase if it is not, give every member an order the rules accept, resolve. `spying`: each house's
    leader first orders Intelligence Gathering, whose failure plants a false plot (domain/gameofbones/rules/
    false_plots.py) and whose success finds the true ones."""
    campaign = intrigue.store.load(c, Campaign)
    if campaign.phase_status != PhaseStatus.OPEN:
        intrigue.campaigns.open_phase(c)
    for house in (intrigue.store.load(h, House) for h in campaign.member_ids("house") if spying):
        with contextlib.suppress(DomainError):
            intrigue.gameofbones.order_action(c, house.id, Order(A.INTELLIGENCE_GATHERING, house.leader.name))
    if "factionturn" in campaign.rule_systems:
        factions = _factions(intrigue, c)
        for faction in factions:
            if faction.wild or faction.destroyed:
                continue
            for orders in [*candidate_orders(faction, factions)[:4], {}]:
                try:
                    intrigue.factionturn.submit_orders(c, faction.id, orders)
                    break
                except DomainError:
                    continue
    if "gameofbones" in campaign.rule_systems:
        give_orders(intrigue, c)  # intelligence, covert actions, troops: true and false plots found
    intrigue.campaigns.resolve_phase(c)


def _roll_back(intrigue: Intrigue, c: UUID, rng: random.Random) -> None:
    """Back to a phase already resolved (its orders stand, the phase open again), then resolved again or not."""
    campaign = intrigue.store.load(c, Campaign)
    resolved = campaign.phase if campaign.phase_status == PhaseStatus.RESOLVED else campaign.phase - 1
    if resolved < 1:
        return
    intrigue.rewind.roll_back(RollBackPhase(c, rng.randint(max(1, resolved - 2), resolved), "a disputed roll"))
    if rng.random() < 0.5:
        intrigue.campaigns.resolve_phase(c)


def _dice(intrigue: Intrigue, c: UUID, rng: random.Random, least: int = 3) -> None:
    """A run of the campaign's own events: more than a snapshot interval, so a page may start from a snapshot
    (projections/lane_reader.py `JUMP`: 20 events of one aggregate after its campaign's last resolution)."""
    for turn in range(rng.randint(least, 26)):
        intrigue.campaigns.roll_dice(RollDice(c, "2d6", f"roll {turn}"))


def _destroy(intrigue: Intrigue, c: UUID, rng: random.Random) -> None:
    """The GM sets a faction's HP to 0: it is destroyed (domain/factionturn/aggregate/gm_hand.py)."""
    standing = [f for f in _factions(intrigue, c) if not f.wild and not f.destroyed]
    if standing:
        by = By(c, str(gm_seat_id(c)), "the players burned its last holding")
        intrigue.gm.adjust(by, rng.choice(standing).id, "hp", 0, "set")


def _ruin(intrigue: Intrigue, c: UUID, rng: random.Random) -> None:
    """The GM kills a house's leader and lieutenants and takes its influence and power: the next month destroys it
    (seed 000, Destroying an Enemy House: Rank 1 or less, every leader dead)."""
    campaign = intrigue.store.load(c, Campaign)
    standing = [h for h in (intrigue.store.load(i, House) for i in campaign.member_ids("house")) if not h.destroyed]
    if standing:
        house, by = rng.choice(standing), By(c, str(gm_seat_id(c)), "the city turned on it")
        for field in ("influence", "power"):
            intrigue.gm.adjust(by, house.id, field, 0, "set")
        for person in house.characters:
            intrigue.gm.decide_fate(by, house.id, person.name, "kill")


def _edits(intrigue: Intrigue, c: UUID, rng: random.Random) -> None:
    """The GM edits one member's gold again and again: a run of its events past its snapshot interval."""
    campaign = intrigue.store.load(c, Campaign)
    members = [*campaign.member_ids("house"), *(f.id for f in _factions(intrigue, c) if not f.wild and not f.destroyed)]
    if members:
        target, by = rng.choice(members), By(c, str(gm_seat_id(c)), "a windfall, counted out")
        field = "gold" if target in campaign.member_ids("house") else "facgold"
        for _ in range(rng.randint(18, 27)):
            intrigue.gm.adjust(by, target, field, 1)


def _fork(intrigue: Intrigue, c: UUID, rng: random.Random, campaigns: list[UUID]) -> None:
    """A what-if fork at one of the campaign's resolved phases (issue 32): the source's lane up to it, rollbacks and
    all, imported in one transaction under new ids; played on from the next round."""
    campaign = intrigue.store.load(c, Campaign)
    resolved = campaign.phase if campaign.phase_status == PhaseStatus.RESOLVED else campaign.phase - 1
    if resolved >= 1:
        fork = ForkCampaign(c, rng.randint(1, resolved), f"what if {rng.randrange(1000)}")
        campaigns.append(intrigue.forks.fork(fork).campaign.id)


Move = Callable[[Intrigue, UUID, random.Random, list[UUID]], None]
MOVES: list[tuple[Move, int]] = [  # each with its weight
    (lambda intrigue, c, rng, _: play_phase(intrigue, c), 4),
    (lambda intrigue, c, rng, _: play_phase(intrigue, c, spying=True), 2),
    (lambda intrigue, c, rng, _: _roll_back(intrigue, c, rng), 2),
    (lambda intrigue, c, rng, _: _dice(intrigue, c, rng), 2),
    (lambda intrigue, c, rng, _: _destroy(intrigue, c, rng), 1),
    (lambda intrigue, c, rng, _: _ruin(intrigue, c, rng), 1),
    (lambda intrigue, c, rng, _: _edits(intrigue, c, rng), 1),
    (_fork, 1),
]


def play_round(intrigue: Intrigue, campaigns: list[UUID], rng: random.Random) -> None:
    """Each campaign, in a shuffled order, resolves a phase (most often), rolls back, rolls dice, loses a faction, is
    edited by the GM, ruined (a house) or forked; a refused command writes nothing and is passed over."""
    for c in rng.sample(campaigns, k=len(campaigns)):
        move = rng.choices([m for m, _ in MOVES], weights=[w for _, w in MOVES])[0]
        try:
            move(intrigue, c, rng, campaigns)
        except DomainError:
            continue


def play_interleaved(
    intrigue: Intrigue, seed: int, steps: int = 5, between: Callable[[], None] = lambda: None
) -> list[UUID]:
    """A campaign of each kind, then `steps` rounds of `play_round`, `between` called half-way. Each campaign ends
    with a run of dice: a page that holds it starts the campaign from a snapshot. Returns the campaigns' ids."""
    rng = random.Random(seed)
    campaigns = [KINDS[kind](intrigue, rng) for kind in rng.sample(sorted(KINDS), k=3)]
    for step in range(steps):
        if step == steps // 2:
            between()
        play_round(intrigue, campaigns, rng)
    for c in campaigns:
        _dice(intrigue, c, rng, least=21)
    return campaigns
