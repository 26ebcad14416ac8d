"""A city of the Game of Bones for service tests: areas, five houses, and a plain policy that orders actions."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass

from domain.campaign import Campaign
from domain.commands import CreateCampaign, MapRegion, RegisterHouse, StartingArea, StartingMember, StartingPriest
from domain.errors import DomainError
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName as A
from domain.gameofbones.tables.records import Character, PendingAction
from domain.region import Region
from service.bootstrap import Intrigue

SKILLS = ("Gather Information", "Sense Motive", "Diplomacy", "Bluff", "Innuendo", "Intimidate", "Hide", "Reflex save")


def person(name: str, level: int, bonus: int) -> Character:
    return Character(name, level, {skill: bonus + i % 3 for i, skill in enumerate(SKILLS)})


def city(name: str, areas: int = 8) -> CreateCampaign:
    regions = [MapRegion(f"Ward {i + 1}", i % 4, i // 4, monthly_income=2_000 + 1_000 * (i % 3)) for i in range(areas)]
    return CreateCampaign(f"{name}-{uuid.uuid4().hex[:6]}", ["gameofbones"], f"seed {name}", regions)


@dataclass(frozen=True)
class Spec:
    name: str
    influence: int
    fighters: int  # fighters of 10th level: 1,000 power each
    bonus: int  # the leaders' skill modifiers


HOUSES = (
    Spec("Baenre", 60_000, 10, 14),
    Spec("Barrison", 40_000, 8, 12),
    Spec("Faen Tlabbar", 36_000, 8, 11),
    Spec("Mizzrym", 34_000, 6, 13),
    Spec("Xorlarrin", 30_000, 7, 10),
)


def register_five(intrigue: Intrigue, campaign: Campaign) -> list[House]:
    """Five houses in one city, each holding areas with troops in them; three areas are left unclaimed."""
    regions = campaign.member_ids("region")
    houses = []
    for index, spec in enumerate(HOUSES):
        leader = person(f"{spec.name} Matron", 14, spec.bonus)
        lieutenants = [person(f"{spec.name} Blade", 9, spec.bonus - 2), person(f"{spec.name} Wizard", 8, spec.bonus)]
        members = [StartingMember(f"Guard {i + 1}", {"fighter": 10}) for i in range(spec.fighters)]
        areas = [StartingArea(regions[index], troops=3_000)]
        if index < 3:  # the three strongest hold a second, unguarded area
            areas.append(StartingArea(regions[index + 5]))
        houses.append(
            intrigue.gameofbones.register_house(
                RegisterHouse(
                    campaign.id,
                    spec.name,
                    leader,
                    200_000,
                    lieutenants,
                    members,
                    [StartingPriest("Priestess", 3)],
                    influence=spec.influence,
                    areas=areas,
                )
            )
        )
    return houses


Candidate = Callable[[House, str], Order | None]


@dataclass(frozen=True)
class Board:
    """What the policy sees: every house and area as the store holds them at the start of the phase."""

    houses: dict[str, House]
    areas: dict[str, Region]
    phase: int

    def rival(self, house: House, offset: int = 0) -> House | None:
        rivals = sorted((h for h in self.houses.values() if h.id != house.id and not h.destroyed), key=lambda h: h.name)
        return rivals[(self.phase + offset) % len(rivals)] if rivals else None

    def guarded(self, house: House, rival: House) -> str | None:
        found = sorted(a for a, r in self.areas.items() if r.troops.get(str(rival.id), 0) > 0)
        return found[0] if found else None

    def held(self, rival: House, unguarded: bool = False) -> list[str]:
        return sorted(a for a in rival.area_ids if not unguarded or not self.areas[a].troops.get(str(rival.id)))

    def own_troops(self, house: House) -> list[tuple[str, int]]:
        return sorted((a, r.troops[str(house.id)]) for a, r in self.areas.items() if r.troops.get(str(house.id)))

    def hidden_move(self, troops: list[tuple[str, int]]) -> Order | None:
        if not troops:
            return None
        to_area = sorted(self.areas)[self.phase % len(self.areas)]
        return Order(A.TROOP_MOVEMENTS, "", area_ids=(troops[0][0],), power=1_000, to_area_id=to_area)

    def candidates(self, house: House) -> list[Order | None]:
        """Every action the plain policy would like, rotated by phase so each gets its turn."""
        rival, other = self.rival(house), self.rival(house, 2)
        if rival is None or other is None:
            return []
        rid, oid = str(rival.id), str(other.id)
        troops = self.own_troops(house)
        guarded, held, open_ = self.guarded(house, rival), self.held(other), self.held(other, unguarded=True)
        lieutenant = next((c.name for c in rival.lieutenants.values() if c.active), None)
        wanted: list[Order | None] = [
            Order(A.ASSAULT, "", rid, area_ids=(guarded,), power=2_000) if guarded else None,
            Order(A.SMEAR_CAMPAIGN, "", rid),
            Order(A.INTELLIGENCE_GATHERING, ""),
            Order(A.PUBLIC_RELATIONS_CAMPAIGN, ""),
            Order(A.POISON_PILL, "", oid),
            self.hidden_move(troops),
            Order(A.EXTORTION, "", oid, area_ids=tuple(held)) if held else None,
            Order(A.VANDALISM, "", oid, area_ids=tuple(held[:1])) if held else None,
            Order(A.FRAME_UP, "", rid),
            Order(A.FORCE_ASSESSMENT, "", area_ids=tuple(sorted(self.areas)[:2])),
            Order(A.COUNTERINTELLIGENCE, ""),
            Order(A.WREST_CONTROL, "", oid, area_ids=tuple(open_[:1])) if open_ else None,
            Order(A.DIVINE_PETITION, ""),
            Order(A.ASSASSINATION, "", rid, lieutenant) if lieutenant and self.phase > 8 else None,
        ]
        turn = (self.phase * 3 + sorted(self.houses).index(str(house.id))) % len(wanted)
        return [o for o in wanted[turn:] + wanted[:turn] if o is not None]


def load_board(intrigue: Intrigue, campaign_id: uuid.UUID) -> Board:
    campaign = intrigue.store.load(campaign_id, Campaign)
    houses = {str(i): intrigue.store.load(i, House) for i in campaign.member_ids("house")}
    areas = {str(i): intrigue.store.load(i, Region) for i in campaign.member_ids("region")}
    return Board(houses, areas, campaign.phase)


def give_orders(intrigue: Intrigue, campaign_id: uuid.UUID, tries: int = 7) -> tuple[list[PendingAction], int]:
    """Each house tries its candidates with its free leaders, skipping refusals; returns accepted and refused."""
    board = load_board(intrigue, campaign_id)
    accepted: list[PendingAction] = []
    refused = 0
    for house in sorted(board.houses.values(), key=lambda h: h.name):
        if house.destroyed:
            continue
        free = [c.name for c in house.characters if c.active][: len(house.action_bonuses(board.phase))]
        for order in board.candidates(house)[:tries]:
            if not free:
                break
            try:
                pending = intrigue.gameofbones.order_action(campaign_id, house.id, _led(order, free[0]))
            except DomainError:
                refused += 1
                continue
            accepted.append(pending)
            free.pop(0)
            covered = _cover_up(intrigue, campaign_id, house, pending, free)
            if covered is not None:
                accepted.append(covered)
        troops = board.own_troops(house)
        if board.phase % 3 == 0 and troops and troops[0][1] >= 500:
            target = next(a for a in sorted(board.areas) if a != troops[0][0])
            accepted.append(
                intrigue.gameofbones.move_troops(
                    campaign_id, house.id, uuid.UUID(troops[0][0]), uuid.UUID(target), 500, start_week=2
                )
            )
    return accepted, refused


def _led(order: Order, actor: str) -> Order:
    return Order(
        order.action,
        actor,
        order.target_house_id,
        order.target_character,
        order.area_ids,
        order.power,
        order.to_area_id,
        order.covered_action_id,
        order.start_week,
    )


def _cover_up(
    intrigue: Intrigue, campaign_id: uuid.UUID, house: House, pending: PendingAction, free: list[str]
) -> PendingAction | None:
    """Now and then a house covers up a hostile action with its next free leader."""
    if not free or pending.target_house_id is None or pending.phase % 4 != 1:
        return None
    try:
        covered = intrigue.gameofbones.order_action(
            campaign_id, house.id, Order(A.COVER_UP, free[0], covered_action_id=pending.id)
        )
    except DomainError:
        return None
    free.pop(0)
    return covered
