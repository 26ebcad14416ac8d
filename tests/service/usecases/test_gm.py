"""The GM's hand on PostgreSQL: every intervention is an event with the GM's seat and reason, in the audit
trail, and a rewind undoes it with the rest of the phase."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from uuid import UUID

import pytest

from domain.campaign import Campaign
from domain.commands import CreateCampaign, FoundFaction, MapRegion, StartingAsset
from domain.errors import RuleViolationError
from domain.factionturn.aggregate.faction import Faction
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.resolution.orders_given import order_action
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName
from domain.gameofbones.tables.records import Character, Status
from domain.gm import Adjustment, Check, CustomActionDef
from domain.ids import region_id
from service.bootstrap import Intrigue
from service.usecases.audit import AuditEntry
from service.usecases.interventions import By
from service.usecases.rewind import RollBackPhase


@dataclass
class Table:
    campaign_id: UUID
    seat: str
    gm_token: str
    capital: UUID
    crows: Faction
    republic: Faction

    def by(self, reason: str) -> By:
        return By(self.campaign_id, self.seat, reason)


def table(intrigue: Intrigue, systems: tuple[str, ...] = ("factionturn",)) -> Table:
    regions = [MapRegion("Capital", 0, 0, arcana=3, population="Thousands"), MapRegion("Swamp", 1, 0)]
    started = intrigue.seats.start_campaign(CreateCampaign(f"gm-{uuid.uuid4().hex[:6]}", list(systems), "gm", regions))
    cid = started.campaign.id
    capital = region_id(cid, 0, 0)
    if "factionturn" not in systems:
        return Table(cid, str(started.gm.seat.id), started.gm.token, capital, None, None)  # type: ignore[arg-type]
    found = intrigue.factionturn.found_faction
    crows = found(FoundFaction(cid, "Crows", 4, 3, 3, capital, facgold=10, assets=[StartingAsset("regiment")]))
    republic = found(FoundFaction(cid, "Republic", 4, 5, 3, capital, assets=[StartingAsset("regiment")]))
    return Table(cid, str(started.gm.seat.id), started.gm.token, capital, crows, republic)


def trail(intrigue: Intrigue, campaign_id: UUID, name: str) -> list[AuditEntry]:
    return [e for e in intrigue.audit.events(campaign_id) if e.topic.endswith(f".{name}")]


def regiment_of(intrigue: Intrigue, faction_id: UUID) -> str:
    faction = intrigue.store.load(faction_id, Faction)
    return next(a.id for a in faction.assets.values() if a.type_key == "regiment")


def test_an_asset_destroyed_by_an_adventure_is_in_the_trail_with_the_gm_seat_and_reason(intrigue: Intrigue) -> None:
    t = table(intrigue)
    barracks = regiment_of(intrigue, t.crows.id)
    intrigue.gm.destroy_asset(t.by("the PCs burned the barracks"), t.crows.id, barracks)
    assert barracks not in intrigue.store.load(t.crows.id, Faction).assets
    [entry] = trail(intrigue, t.campaign_id, "AdventureResolved")
    assert (entry.payload["outcome"], entry.payload["seat"]) == ("destroyed", t.seat)
    assert entry.payload["reason"] == "the PCs burned the barracks"
    assert barracks not in {a["id"] for a in intrigue.state.one(t.crows.id, "faction")["assets"].values()}


def court(intrigue: Intrigue) -> tuple[Table, Campaign, House, House]:
    """A Game of Bones campaign in phase 1, its houses written straight to the store (set-up only)."""
    t = table(intrigue, ("gameofbones",))
    campaign = intrigue.store.load(t.campaign_id, Campaign)
    baenre = House.register(t.campaign_id, "Baenre", Character("Yvonnel", 12, {"Bluff": 20}), 100_000)
    baenre.change_influence(30_000, "setup")
    baenre.change_power(6_000, "setup")
    xorlarrin = House.register(t.campaign_id, "Xorlarrin", Character("Zeerith", 8), 10_000)
    for house in (baenre, xorlarrin):
        campaign.enrol(house.id, "house")
    campaign.open_phase()
    return t, campaign, baenre, xorlarrin


def test_an_assassination_foiled_by_the_pcs(intrigue: Intrigue) -> None:
    t, campaign, baenre, xorlarrin = court(intrigue)
    houses = {str(h.id): h for h in (baenre, xorlarrin)}
    plot = order_action(
        baenre,
        Order(ActionName.ASSASSINATION, "Yvonnel", str(xorlarrin.id), "Zeerith"),
        phase=1,
        houses=houses,
        areas={},
    )
    intrigue.store.commit(campaign, baenre, xorlarrin)
    intrigue.gm.settle_action(t.by("the party caught the assassin on the stair"), baenre.id, plot.id, "foiled")
    assert intrigue.store.load(baenre.id, House).pending == {}
    assert intrigue.store.load(xorlarrin.id, House).leader.status is Status.ACTIVE
    [entry] = trail(intrigue, t.campaign_id, "ActionSettled")
    assert (entry.payload["action"], entry.payload["result"], entry.payload["seat"]) == (
        "Assassination",
        "foiled",
        t.seat,
    )
    assert entry.payload["reason"] == "the party caught the assassin on the stair"


def test_a_custom_house_action_that_the_pcs_help_succeeds_with_its_effects(intrigue: Intrigue) -> None:
    t, campaign, baenre, xorlarrin = court(intrigue)
    intrigue.store.commit(campaign, baenre, xorlarrin)
    shrine = CustomActionDef(
        "shrine",
        "Raise a Shrine",
        "gameofbones",
        3,
        5_000,
        dedicated_influence=1_000,
        check=Check("1d20", "Diplomacy", dc=25),
        on_success=(Adjustment("influence", 2_500),),
    )
    intrigue.gm.define_custom_action(t.by("homebrew"), shrine)
    house = intrigue.gm.order_house_custom_action(t.by("Baenre builds"), baenre.id, "shrine", "Yvonnel")
    [pending] = house.pending.values()
    assert (house.gold, pending.action) == (95_000, "Custom: Raise a Shrine")
    house = intrigue.gm.settle_action(t.by("the party guarded the builders"), baenre.id, pending.id, "succeeded")
    assert (house.influence, house.pending) == (32_500, {})
    [adjusted] = trail(intrigue, t.campaign_id, "Adjusted")
    assert (adjusted.payload["field"], adjusted.payload["seat"]) == ("influence", t.seat)


BRIBE = CustomActionDef(
    "bribe_the_beholder",
    "Bribe the Beholder",
    "factionturn",
    2,
    2,
    "find a gift worthy of Charch-Go",
    check=Check("1d10", "cunning", dc=8),
    on_success=(Adjustment("xp", 2),),
    on_failure=(Adjustment("facgold", -1),),
)


def test_a_custom_two_turn_action_costs_each_turn_and_resolves_with_a_check(intrigue: Intrigue) -> None:
    t = table(intrigue)
    intrigue.gm.define_custom_action(t.by("seed 002's worked example"), BRIBE)
    intrigue.campaigns.open_phase(t.campaign_id)
    intrigue.gm.order_custom_action(t.by("the Crows want the Beholder"), t.crows.id, BRIBE.key)
    intrigue.campaigns.resolve_phase(t.campaign_id)
    assert intrigue.store.load(t.crows.id, Faction).multi_turn is not None
    intrigue.campaigns.open_phase(t.campaign_id)
    intrigue.campaigns.resolve_phase(t.campaign_id)
    crows = intrigue.store.load(t.crows.id, Faction)
    paid = [
        e.payload["amount"]
        for e in trail(intrigue, t.campaign_id, "FacGoldSpent")
        if e.payload["reason"] == "Bribe the Beholder"
    ]
    [resolved] = trail(intrigue, t.campaign_id, "CustomActionResolved")
    [check] = resolved.payload["rolls"]
    assert paid == [2, 2] and crows.multi_turn is None
    assert resolved.payload["succeeded"] == (check["total"] >= 8)
    assert (resolved.payload["seat"], resolved.payload["reason"]) == (t.seat, "the Crows want the Beholder")
    assert crows.xp == (2 if resolved.payload["succeeded"] else 0)
    [defined] = trail(intrigue, t.campaign_id, "CustomActionDefined")
    assert defined.payload["seat"] == t.seat


def test_a_custom_asset_type_is_bought_and_used_in_an_attack(intrigue: Intrigue) -> None:
    t = table(intrigue)
    intrigue.gm.define_asset_type(
        t.by("trolls under the bridge"),
        "bridge_trolls",
        "Bridge Trolls",
        "force",
        1,
        6,
        2,
        kind="Military Unit",
        attack_cell="Force vs. Force, 1d6 damage",
        counter_cell="1d4",
    )
    intrigue.campaigns.open_phase(t.campaign_id)
    buy = {"action": {"action": "Buy Asset", "type_key": "bridge_trolls", "region_id": str(t.capital)}}
    intrigue.factionturn.submit_orders(t.campaign_id, t.crows.id, buy)
    intrigue.campaigns.resolve_phase(t.campaign_id)
    trolls = next(a for a in intrigue.store.load(t.crows.id, Faction).assets.values() if a.name == "Bridge Trolls")
    strike = {
        "attacker_id": trolls.id,
        "target_faction_id": str(t.republic.id),
        "target_asset_id": regiment_of(intrigue, t.republic.id),
    }
    intrigue.campaigns.open_phase(t.campaign_id)
    intrigue.factionturn.submit_orders(t.campaign_id, t.crows.id, {"action": {"action": "Attack", "strikes": [strike]}})
    intrigue.campaigns.resolve_phase(t.campaign_id)
    rolls = [r for e in trail(intrigue, t.campaign_id, "AssetDamaged") for r in e.payload["rolls"]]
    assert any("Bridge Trolls" in r["purpose"] for r in rolls)
    assert trail(intrigue, t.campaign_id, "ActionFailed") == []
    [defined] = trail(intrigue, t.campaign_id, "CustomAssetTypeDefined")
    assert (defined.payload["seat"], defined.payload["reason"]) == (t.seat, "trolls under the bridge")


def test_an_adjustment_that_breaks_an_invariant_is_refused_and_writes_nothing(intrigue: Intrigue) -> None:
    t = table(intrigue)
    before = len(list(intrigue.audit.events(t.campaign_id)))
    with pytest.raises(RuleViolationError) as refused:
        intrigue.gm.adjust(t.by("a slip of the pen"), t.crows.id, "force", 9, "set")
    assert "ratings 1-8" in refused.value.rule
    assert len(list(intrigue.audit.events(t.campaign_id))) == before
    intrigue.gm.adjust(t.by("a windfall"), t.crows.id, "facgold", 5)
    [entry] = trail(intrigue, t.campaign_id, "Adjusted")
    assert (entry.payload["before"], entry.payload["after"], entry.payload["seat"]) == (10, 15, t.seat)


def test_rolling_back_a_phase_undoes_the_interventions_made_after_it(intrigue: Intrigue) -> None:
    t = table(intrigue)
    intrigue.campaigns.open_phase(t.campaign_id)
    intrigue.campaigns.resolve_phase(t.campaign_id)
    barracks = regiment_of(intrigue, t.crows.id)
    intrigue.gm.destroy_asset(t.by("adventure after the phase"), t.crows.id, barracks)
    intrigue.gm.adjust(t.by("loot"), t.republic.id, "facgold", 7)
    intrigue.chronicle.write_gossip(t.by("town crier"), 1, str(t.crows.id), ["The Crows mourn."], "the Crows")
    intrigue.rewind.roll_back(RollBackPhase(t.campaign_id, 1, "the session was retconned", t.seat))
    crows = intrigue.store.load(t.crows.id, Faction)
    assert barracks in crows.assets
    assert intrigue.store.load(t.republic.id, Faction).facgold == t.republic.facgold  # as the phase began
    [rolled_back] = trail(intrigue, t.campaign_id, "PhaseRolledBack")
    assert str(t.crows.id) in rolled_back.payload["reverted"]
    assert intrigue.chronicle.public(t.campaign_id, 1) == {}
