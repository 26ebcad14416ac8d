"""Each member's report built from the window indexed once (service/usecases/phase_report_window.py) is the one
built from every entry of the window, on hand-made events of both rule systems: own orders and rolls, rival
strikes rolled in and not, a house's intel stream and others' sightings, the initiative, and events of nobody's."""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import product
from typing import Any
from uuid import UUID, uuid4

import pytest

from domain.gameofbones.aggregate.intel import HouseIntel
from domain.gameofbones.face import intel_id
from projections.topics import stored_topics
from service.usecases.audit import AuditEntry
from service.usecases.phase_report import build_report
from service.usecases.phase_report_window import READ_OFF, ReportWindow, entry_name, read_by_any
from tests.service.usecases.test_phase_report_rules import CAMPAIGN, event, roll

RED, BLUE, GREEN, HOUSE, OTHER = uuid4(), uuid4(), uuid4(), uuid4(), uuid4()


def struck(target: UUID, *rollers: UUID) -> AuditEntry:
    return event(
        target,
        "FactionAssets.AssetDamaged",
        asset_id=str(uuid4()),
        damage=2,
        hp=1,
        faction_damage=0,
        reason="struck",
        rolls=[roll(str(r), "attack", 7 + i) for i, r in enumerate(rollers)],
    )


def intel(house: UUID, name: str, **payload: Any) -> AuditEntry:
    """An event of the house's intel stream (its own aggregate, domain/gameofbones/aggregate/intel.py)."""
    entry = event(house, "House.IncomeReceived")  # a position and a time
    return AuditEntry(
        entry.position, intel_id(str(house)), 1, f"{HouseIntel.__module__}:{name}", entry.timestamp, payload
    )


def knowledge(result: str) -> dict[str, Any]:
    return {"id": str(uuid4()), "kind": "scouting", "phase": 1, "week": 2, "action": "Scout", "result": result}


def window() -> list[AuditEntry]:
    seen = {"knowledge": knowledge("troops moved"), "observers": {str(HOUSE): "s1", str(OTHER): "s2"}}
    return [
        event(CAMPAIGN, "Campaign.InitiativeRolled", order=[str(BLUE), str(RED), str(GREEN)]),
        event(RED, "Faction.OrderSubmitted", order={"action": {"action": "Attack"}}),
        struck(BLUE, RED, BLUE),
        struck(GREEN, BLUE),
        struck(RED, GREEN, RED),
        event(RED, "Faction.TurnEnded", action="Attack", narrative="Red struck", rolls=[roll(str(RED), "attack", 9)]),
        intel(HOUSE, "HouseIntel.KnowledgeGained", knowledge=knowledge("a spy")),
        intel(OTHER, "HouseIntel.KnowledgeGained", knowledge=knowledge("not ours")),
        intel(OTHER, "HouseIntel.MovementSeen", **seen),
        event(HOUSE, "House.IncomeReceived", phase=1, amount=2000, by_area={}),
        event(CAMPAIGN, "Campaign.PhaseResolved", phase=1, summary={}),
    ]


def whole_window(
    monkeypatch: pytest.MonkeyPatch, entries: list[AuditEntry], members: dict[UUID, Any]
) -> dict[UUID, Any]:
    """Every member's report read off every entry, as before the window was indexed."""
    with monkeypatch.context() as p:
        p.setattr(ReportWindow, "read_by", lambda self, member_id, kind, actors: self.entries)
        return {m: build_report(entries, CAMPAIGN, 1, m, k, a) for m, (k, a) in members.items()}


def test_each_report_is_the_one_the_whole_window_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    entries = window()
    members = {
        RED: ("faction", {str(RED)}),
        BLUE: ("faction", {str(BLUE)}),
        GREEN: ("faction", {str(GREEN)}),
        HOUSE: ("house", {"Matron"}),
        OTHER: ("house", {"Blade"}),
    }
    indexed = ReportWindow(entries)
    reports = {m: build_report(indexed, CAMPAIGN, 1, m, k, a) for m, (k, a) in members.items()}
    assert reports == whole_window(monkeypatch, entries, members)
    # What each kind reads of others' events is in them (else the equality could hold by reading nothing).
    assert [len(reports[f].damage_dealt) for f in (RED, BLUE, GREEN)] == [1, 1, 1]
    assert [k.result for k in reports[HOUSE].learned] == ["a spy", "troops moved"]
    assert (reports[RED].initiative, reports[GREEN].initiative) == (2, 3)


def test_a_sighting_is_learned_once_for_every_house_that_saw_it_as_each_alone_would_learn_it() -> None:
    """What a sighting teaches is built at its first observer and handed to the others (`ReportWindow.sightings`,
    issue 31 P4): each house's report equals the one built from a window of its own, where nothing is shared; a
    house that did not see a movement learns nothing of it, and two movements are not confused."""
    third = uuid4()
    dated = {"id": "x", "kind": "movement", "phase": 1, "week": 3, "area_ids": ["a1"], "plans": [{"start_week": 5}]}
    sightings = [
        intel(OTHER, "HouseIntel.MovementSeen", knowledge=dated, observers={str(HOUSE): "s1", str(third): "s2"}),
        intel(third, "HouseIntel.MovementSeen", knowledge=knowledge("marched"), observers={str(HOUSE): "s3"}),
        intel(HOUSE, "HouseIntel.MovementSeen", knowledge=knowledge("rode"), observers={str(OTHER): "s4"}),
    ]
    houses = {HOUSE: ("house", {"Matron"}), OTHER: ("house", {"Blade"}), third: ("house", {"Spy"})}
    indexed = ReportWindow(sightings)
    shared = {m: build_report(indexed, CAMPAIGN, 1, m, k, a) for m, (k, a) in houses.items()}
    alone = {m: build_report(ReportWindow(sightings), CAMPAIGN, 1, m, k, a) for m, (k, a) in houses.items()}
    assert shared == alone
    assert [len(shared[h].learned) for h in (HOUSE, OTHER, third)] == [2, 1, 1]
    assert [k.result for k in shared[HOUSE].learned] == [None, "marched"]
    (key, text), *_ = shared[third].learned[0].details
    assert (key, "'month': 2" in text) == ("plans", True)  # dated at depth (`dated`)
    assert shared[HOUSE].learned[0] is shared[third].learned[0]  # built once, at its first observer


def test_a_movement_seen_is_handed_to_the_houses_that_saw_it_alone_and_every_report_is_the_whole_windows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 31, P6: a movement seen is read by its observers (and its mover, whose intel stream it is in), not by
    every member; each report is still the one the whole window gives. A sighting without its observers is handed
    to everyone, as before."""
    third = uuid4()
    sightings = [
        intel(OTHER, "HouseIntel.MovementSeen", knowledge=knowledge("rode"), observers={str(HOUSE): "s1"}),
        intel(third, "HouseIntel.MovementSeen", knowledge=knowledge("marched"), observers={str(OTHER): "s2"}),
        intel(HOUSE, "HouseIntel.MovementSeen", knowledge=knowledge("sailed"), observers={str(OTHER): "s3"}),
    ]
    entries = [*window(), *sightings]
    members = {
        RED: ("faction", {str(RED)}),
        BLUE: ("faction", {str(BLUE)}),
        HOUSE: ("house", {"Matron"}),
        OTHER: ("house", {"Blade"}),
        third: ("house", {"Spy"}),
    }
    indexed = ReportWindow(entries)
    reports = {m: build_report(indexed, CAMPAIGN, 1, m, k, a) for m, (k, a) in members.items()}
    assert reports == whole_window(monkeypatch, entries, members)
    assert [k.result for k in reports[HOUSE].learned] == ["a spy", "troops moved", "rode"]
    assert [k.result for k in reports[OTHER].learned] == ["not ours", "marched", "sailed"]  # its own: not learned

    def seen(member: UUID) -> list[str]:
        kind, actors = members[member]
        read = indexed.read_by(member, kind, actors)
        return sorted(e.payload["knowledge"]["result"] for e in read if e.topic.endswith("MovementSeen"))

    # A house is handed its own intel's too (its mover's stream), which its report reads as such.
    handed = [[], [], ["rode", "sailed", "troops moved"], ["marched", "rode", "sailed", "troops moved"], ["marched"]]
    assert [seen(m) for m in members] == handed
    unnamed = intel(OTHER, "HouseIntel.MovementSeen", knowledge=knowledge("old"), observers=[str(HOUSE)])
    assert all(unnamed in ReportWindow([unnamed]).read_by(m, *members[m]) for m in members)


def test_the_initiative_places_are_made_once_a_window_and_a_member_named_twice_takes_its_first() -> None:
    """`ReportWindow.places_in` (issue 31, P4): every report of the window reads the same places; the order's ids may
    be UUIDs or text; a member named twice has its first place, one not named none."""
    rolled = event(CAMPAIGN, "Campaign.InitiativeRolled", order=[BLUE, str(RED), str(BLUE), GREEN])
    indexed = ReportWindow([rolled, event(CAMPAIGN, "Campaign.PhaseResolved", phase=1, summary={})])
    members = {RED: {str(RED)}, BLUE: {str(BLUE)}, GREEN: {str(GREEN)}, OTHER: {str(OTHER)}}
    places = {m: build_report(indexed, CAMPAIGN, 1, m, "faction", a).initiative for m, a in members.items()}
    assert places == {RED: 2, BLUE: 1, GREEN: 4, OTHER: None}
    assert indexed.places_in(rolled) is indexed.places_in(rolled)
    other = event(CAMPAIGN, "Campaign.InitiativeRolled", order=[str(GREEN)])
    assert indexed.places_in(other) == {str(GREEN): 1}  # another roll is not taken for the first


def test_the_window_less_what_no_report_reads_gives_every_report_and_the_phases_cut() -> None:
    """`read_by_any` (issue 31, P4): the entries no member's report reads left out of the window before it is decoded
    (a chronicle's, a region's, a stranger's own) change no report; kept are the campaign's, the members' own and
    their intel's, and a rival's strike, a sighting and the initiative whoever's they are."""
    stranger, chronicle = uuid4(), uuid4()
    unread = [
        AuditEntry(900, chronicle, 1, "domain.phase_chronicle:PhaseChronicle.GossipDrafted", datetime.now(UTC), {}),
        event(stranger, "House.IncomeReceived", phase=1, amount=5, by_area={}),
        event(stranger, "Faction.TurnEnded", action="Attack", narrative="x", rolls=[roll(str(RED), "attack", 3)]),
    ]
    read_off_any = [
        struck(stranger, RED),  # a strike on nobody's asset that Red rolled in
        intel(stranger, "HouseIntel.MovementSeen", knowledge=knowledge("crept"), observers={str(HOUSE): "s9"}),
        event(stranger, "Campaign.InitiativeRolled", order=[str(RED), str(BLUE)]),
    ]
    entries = [unread[0], *window()[:-1], unread[1], *read_off_any, unread[2], window()[-1]]
    members = {
        RED: ("faction", frozenset({str(RED)})),
        BLUE: ("faction", frozenset({str(BLUE)})),
        HOUSE: ("house", frozenset({"Matron"})),
        OTHER: ("house", frozenset({"Blade"})),
    }
    reads = read_by_any(CAMPAIGN, members)
    kept = [e for e in entries if reads(e.aggregate_id, e.topic)]
    assert [e for e in entries if e not in kept] == unread
    whole, less = ReportWindow(entries), ReportWindow(kept)
    for member, (kind, actors) in members.items():
        report = build_report(less, CAMPAIGN, 1, member, kind, set(actors))
        assert report == build_report(whole, CAMPAIGN, 1, member, kind, set(actors))
    assert len(build_report(less, CAMPAIGN, 1, RED, "faction", {str(RED)}).damage_dealt) == 2
    assert "crept" in [k.result for k in build_report(less, CAMPAIGN, 1, HOUSE, "house", {"Matron"}).learned]


def test_the_window_filter_keeps_every_entry_any_report_is_handed_and_else_only_the_campaigns() -> None:
    """`read_by_any` and `ReportWindow.read_by` must not drift (issue 31, P4): on a window of every stored topic on a
    stranger's aggregate (rolled in, seen and ordered by every member), on the campaign's, on each member's own streams
    and on a faction's would-be intel stream, the filter keeps every entry some member's report is handed, and besides
    them the campaign's alone (which cut the window). What is handed off the stranger's is every event `READ_OFF`
    names, each a stored event."""
    topics = sorted(stored_topics().events)
    assert set(READ_OFF) <= {topic.rsplit(":", 1)[-1] for topic in topics}
    members = {RED: ("faction", frozenset({str(RED)})), HOUSE: ("house", frozenset({"Matron"}))}
    everyone = {
        "rolls": [roll(actor, "attack", 7) for _, actors in members.values() for actor in actors],
        "observers": {str(member): "s1" for member in members},
        "order": [str(member) for member in members],
    }
    stranger = uuid4()
    streams = [stranger, CAMPAIGN, RED, HOUSE, intel_id(str(HOUSE)), intel_id(str(RED))]  # a faction has no intel
    at = datetime.now(UTC)
    entries = [AuditEntry(p, a, 1, t, at, everyone) for p, (a, t) in enumerate(product(streams, topics), 1)]
    reads = read_by_any(CAMPAIGN, members)
    kept = {e.position for e in entries if reads(e.aggregate_id, e.topic)}
    window = ReportWindow(entries)
    handed = {e.position for m, (kind, actors) in members.items() for e in window.read_by(m, kind, actors)}
    assert handed <= kept
    assert {e.aggregate_id for e in entries if e.position in kept - handed} == {CAMPAIGN}
    off_the_strangers = {entry_name(e) for e in entries if e.position in handed and e.aggregate_id == stranger}
    assert off_the_strangers == set(READ_OFF)
