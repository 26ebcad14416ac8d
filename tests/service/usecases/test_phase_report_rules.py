"""What a seat's phase report keeps of each event (service/usecases/phase_report.py), on hand-made events."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from uuid import UUID, uuid4

from domain.factionturn.face import Faction
from domain.gameofbones.face import House
from service.usecases.audit import AuditEntry
from service.usecases.phase_report import build_report, phase_window

CAMPAIGN, MINE, RIVAL = uuid4(), uuid4(), uuid4()
_positions = iter(range(1, 10_000))


def event(aggregate: UUID, name: str, **payload: Any) -> AuditEntry:
    module = {
        "Campaign": "domain.campaign",
        "House": House.__module__,
        "Faction": Faction.__module__,
        "FactionAssets": Faction.__module__,  # the asset events' class lives beside the Faction
    }
    return AuditEntry(
        next(_positions), aggregate, 1, f"{module[name.split('.')[0]]}:{name}", datetime.now(UTC), payload
    )


def roll(actor: str, purpose: str, total: int) -> dict[str, Any]:
    return {
        "expression": "1d20",
        "faces": [total],
        "modifiers": [],
        "base": total,
        "total": total,
        "purpose": purpose,
        "rule": "seed 000, Smear Campaign",
        "actor": actor,
    }


def test_an_attack_under_cover_up_names_no_author_and_the_gm_part_never_shows() -> None:
    notice = {
        "id": "k1",
        "kind": "attack",
        "phase": 1,
        "week": 4,
        "action": "Smear Campaign",
        "aggressor_house_id": None,
        "result": "smeared",
        "influence_lost": 1000,
        "gm_only": {"source_house_id": str(RIVAL)},
    }
    window = [
        event(MINE, "House.InfluenceChanged", amount=-1000, reason="seed 000, Smear Campaign"),
        event(MINE, "House.KnowledgeGained", knowledge=notice),
    ]
    report = build_report(window, CAMPAIGN, 1, MINE, "house", {"Zeerith"})
    (hit,) = report.damage_taken
    assert (hit.amount, hit.by_member_id) == (1000, None)
    (learned,) = report.learned
    assert learned.aggressor_id is None and str(RIVAL) not in repr(report)


def test_a_house_sees_none_of_a_rivals_events_not_even_its_own_opposing_roll() -> None:
    resolved = event(
        RIVAL,
        "House.ActionResolved",
        action_id="a",
        action="Smear Campaign",
        week=4,
        result="the target lost 1000 influence",
        rolls=[roll("Yvonnel", "Innuendo", 30), roll("Zeerith", "opposes", 9)],
    )
    report = build_report([resolved], CAMPAIGN, 1, MINE, "house", {"Zeerith"})
    assert (report.rolls, report.orders, report.damage_dealt) == ([], [], [])


def test_a_house_keeps_only_its_own_characters_rolls_of_its_own_action() -> None:
    ordered = event(
        MINE,
        "House.ActionOrdered",
        pending={"action": "Smear Campaign", "actor": "Yvonnel", "target_house_id": str(RIVAL), "resolve_week": 4},
    )
    resolved = event(
        MINE,
        "House.ActionResolved",
        action_id="a",
        action="Smear Campaign",
        week=4,
        result="the money was wasted",
        rolls=[roll("Yvonnel", "Innuendo", 12), roll("Zeerith", "opposes", 19)],
    )
    report = build_report([ordered, resolved], CAMPAIGN, 1, MINE, "house", {"Yvonnel"})
    (order,) = report.orders
    assert order.outcome == "the money was wasted" and [r.actor for r in order.rolls] == ["Yvonnel"]
    assert [r.total for r in report.rolls] == [12]


def test_a_faction_sees_a_rivals_damage_only_from_a_contest_it_rolled_in() -> None:
    mine = str(MINE)
    struck = event(
        RIVAL,
        "FactionAssets.AssetDamaged",
        asset_id="x",
        damage=3,
        hp=0,
        faction_damage=0,
        reason="hit by Red's Zealots",
        rolls=[roll(mine, "attack", 9), roll(str(RIVAL), "defence", 4)],
    )
    elsewhere = event(
        RIVAL,
        "FactionAssets.AssetDamaged",
        asset_id="y",
        damage=2,
        hp=1,
        faction_damage=0,
        reason="hit by Green's Thugs",
        rolls=[roll("green", "attack", 9)],
    )
    report = build_report([struck, elsewhere], CAMPAIGN, 1, MINE, "faction", {mine})
    (dealt,) = report.damage_dealt
    assert (dealt.asset_id, dealt.amount, dealt.by_member_id) == ("x", 3, mine)
    assert [r.purpose for r in report.rolls] == ["attack"]


def test_a_rolled_back_resolution_drops_out_of_the_phase() -> None:
    first = event(MINE, "House.IncomeReceived", phase=1, amount=999, by_area={})
    again = event(MINE, "House.IncomeReceived", phase=1, amount=2000, by_area={})
    entries = [
        event(CAMPAIGN, "Campaign.PhaseOpened", phase=1),
        event(
            MINE,
            "House.ActionOrdered",
            pending={"action": "Intelligence Gathering", "actor": "Dab", "target_house_id": None, "resolve_week": 1},
        ),
        event(CAMPAIGN, "Campaign.PhaseResolutionBegan", phase=1),
        first,
        event(CAMPAIGN, "Campaign.PhaseResolved", phase=1, summary={}),
        event(CAMPAIGN, "Campaign.PhaseRolledBack", to_phase=1, reason="r", seat="gm", reverted={}),
        event(CAMPAIGN, "Campaign.PhaseResolutionBegan", phase=1),
        again,
        event(CAMPAIGN, "Campaign.PhaseResolved", phase=1, summary={}),
    ]
    report = build_report(phase_window(entries, CAMPAIGN, 1), CAMPAIGN, 1, MINE, "house", {"Dab"})
    assert [m.amount for m in report.ledger] == [2000]
    assert [o.action for o in report.orders] == ["Intelligence Gathering"]


def test_a_covered_smear_does_not_borrow_the_author_named_on_another_smears_notice() -> None:
    def notice(aggressor: UUID | None) -> dict[str, Any]:
        return {
            "id": str(uuid4()),
            "kind": "attack",
            "phase": 1,
            "week": 4,
            "action": "Smear Campaign",
            "aggressor_house_id": str(aggressor) if aggressor else None,
            "result": "smeared",
        }

    window = [
        event(MINE, "House.InfluenceChanged", amount=-1000, reason="seed 000, Smear Campaign"),
        event(MINE, "House.KnowledgeGained", knowledge=notice(None)),
        event(MINE, "House.InfluenceChanged", amount=-2000, reason="seed 000, Smear Campaign"),
        event(MINE, "House.KnowledgeGained", knowledge=notice(RIVAL)),
    ]
    report = build_report(window, CAMPAIGN, 1, MINE, "house", set())
    assert [(d.amount, d.by_member_id) for d in report.damage_taken] == [(1000, None), (2000, str(RIVAL))]
