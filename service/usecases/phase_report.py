"""Each seat's phase report: what its faction or house did and suffered in one resolved phase, from the events.

Who reads which report (service/usecases/phase_reports.py): a player seat its own faction's or house's; the GM
any member's, by naming it; an observer, or a request with no seat, none.

What a seat sees of each event (decided in `service/usecases/visibility/`: reports.py, gm_hand.py):

- Its own member's events of the phase: whole, but for the GM's part of its knowledge (`own_knowledge`).
- Faction Turn, a rival's `AssetDamaged` / `AssetDestroyed` in which the seat rolled: whole. Seed 002 attacks are
  rolled in the open, a stealthed asset loses its Stealth when it attacks or defends (seed 002, Stealth), and the
  ratings behind the modifiers are public.
- Game of Bones, any event on a rival house: nothing, not even the house's own opposing roll. That roll sits on the
  author's `ActionResolved`; showing it would tie the author to an attack that Cover Up hides (seed 000, Cover Up).
- Game of Bones, rolls on its own events: those whose actor is one of its own characters. A rival's opposing roll
  stays out: its modifiers carry the rival's Influence Defence, which comes from its secret Influence.
- Game of Bones, an action that gave the house knowledge: the outcome and the knowledge, never the check. Its
  `ActionResolved` has no rolls, since they would tell a false plot from a true one (docs/rules-notes/gameofbones.md,
  Hidden information); the GM's summary in `PhaseResolved` is never read here.
- Damage a house takes names its author only as the house's own attack notice does (null under Cover Up, or
  until the house traces it).
- The campaign's `InitiativeRolled`: the seat's own place in the Faction Turn's order.

A phase that was rolled back and resolved again reports its last resolution only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any
from uuid import UUID

from domain.factionturn.face import FACTION_TURN
from domain.gameofbones.face import DATED_KEYS, GAME_OF_BONES, dated, sighting_entries
from domain.systems import of_kind
from service.usecases.audit import AuditEntry
from service.usecases.phase_report_records import Damage, Learned, Money, PhaseReport, ReportOrder, ReportRoll
from service.usecases.phase_report_window import ReportWindow, intel_of
from service.usecases.phase_report_window import entry_name as _name
from service.usecases.visibility import own_knowledge
from service.usecases.visibility.reports import REPORT_RIVAL_TOPICS, actors_rolls, sees_rival_event


def phase_window(entries: Iterable[AuditEntry], campaign_id: UUID, phase: int) -> list[AuditEntry]:
    """The events of phase `phase` from its opening to its last resolution; a rolled-back resolution drops out."""
    kept: list[AuditEntry] = []
    resolving_from, resolved_at, collecting = 0, 0, False
    for entry in entries:
        name, p = _name(entry), entry.payload
        if entry.aggregate_id == campaign_id:
            if name == "Campaign.PhaseOpened":
                if p["phase"] == phase:
                    kept, resolving_from, resolved_at, collecting = [], 0, 0, True
                elif p["phase"] > phase:
                    collecting = False
            elif name == "Campaign.PhaseResolutionBegan" and p["phase"] == phase:
                resolving_from = len(kept)
            elif name == "Campaign.PhaseRolledBack" and int(p["to_phase"]) <= phase:
                # Back to phase `phase`: its orders stand, its resolution is undone; further back: all of it is.
                kept, resolved_at = (kept[:resolving_from], 0) if int(p["to_phase"]) == phase else ([], 0)
                collecting = int(p["to_phase"]) == phase
                continue
            elif name == "Campaign.PhaseResolved" and p["phase"] == phase:
                kept.append(entry)
                resolved_at, collecting = len(kept), False
                continue
        if collecting and not name.endswith("StateRestored"):
            kept.append(entry)
    return kept[:resolved_at]


_WITHDRAWN = "House.ActionWithdrawn"


def own_rolls(rolls: Sequence[dict[str, Any]], actors: set[str]) -> list[ReportRoll]:
    return [ReportRoll.of(r) for r in actors_rolls(rolls, actors)]


def build_report(
    window: Sequence[AuditEntry] | ReportWindow,
    campaign_id: UUID,
    phase: int,
    member_id: UUID,
    kind: str,
    actors: set[str],
) -> PhaseReport:
    """The report of member `member_id` from its phase's events; `actors`: whose rolls are its own. A window
    indexed once (`ReportWindow`) serves every member's report of a resolution."""
    report = PhaseReport(campaign_id, phase, member_id, kind)
    seen_elsewhere = SEEN_ELSEWHERE.get(kind, _nothing)
    indexed = window if isinstance(window, ReportWindow) else ReportWindow(window)
    read = indexed.read_by(member_id, kind, actors)
    # An action withdrawn (or amended: withdrawn and given anew) was never played: its order is left out.
    withdrawn = {  # its topic's end asked first: a method of the text, not a call for each entry (issue 31, P4)
        str(e.payload["action_id"])
        for e in read
        if e.topic.endswith(_WITHDRAWN) and _name(e) == _WITHDRAWN and e.aggregate_id == member_id
    }
    member = str(member_id)  # once a report, not once an entry (issue 31, P4)
    for entry in read:
        if entry.aggregate_id == member_id:
            if _name(entry) == "House.ActionOrdered" and str(entry.payload["pending"].get("id")) in withdrawn:
                continue
            _own(report, entry, actors)
        elif seen_elsewhere(report, entry, member, actors, indexed):
            continue
        elif _name(entry) == "Campaign.InitiativeRolled" and entry.aggregate_id == campaign_id:
            report.initiative = indexed.places_in(entry).get(member)
    _credit_attackers(report)
    return report


def _rival_strike(
    report: PhaseReport, entry: AuditEntry, member_id: str, actors: set[str], window: ReportWindow
) -> bool:
    """Faction Turn: a rival's damage in which the seat rolled (seed 002 attacks are rolled in the open)."""
    if not sees_rival_event(_name(entry), entry.payload, actors):
        return False
    report.damage_dealt.append(_damage(entry, actors, member_id))
    report.rolls.extend(own_rolls(entry.payload["rolls"], actors))
    return True


def _intel_learned(
    report: PhaseReport, entry: AuditEntry, member_id: str, actors: set[str], window: ReportWindow
) -> bool:
    """Game of Bones: the house's own intel stream, and the movements of other houses it saw."""
    if entry.aggregate_id == intel_of(member_id):
        _learned_in_intel(report, entry)
    elif _name(entry) == "HouseIntel.MovementSeen":
        _sighting(report, entry, member_id, window.sightings)
    else:
        return False
    return True


def _nothing(report: PhaseReport, entry: AuditEntry, member_id: str, actors: set[str], window: ReportWindow) -> bool:
    return False


# What a member's report takes from other aggregates' events, by its rule system's kind (domain/systems.py).
SEEN_ELSEWHERE: dict[str, Callable[[PhaseReport, AuditEntry, str, set[str], ReportWindow], bool]] = {
    FACTION_TURN.kind: _rival_strike,
    GAME_OF_BONES.kind: _intel_learned,
}


def _own(report: PhaseReport, entry: AuditEntry, actors: set[str]) -> None:
    name, p = _name(entry), entry.payload
    rolled = p.get("rolls")
    rolls = own_rolls(rolled, actors) if rolled else []  # most of a member's events roll nothing (issue 31, P4)
    report.rolls.extend(rolls)
    if name in ("Faction.OrderSubmitted", "Faction.OrderWithdrawn"):
        # seed 002: one order a turn; submitting again replaces it, withdrawing takes it back
        report.orders = [o for o in report.orders if o.outcome is not None]
    if name == "Faction.OrderSubmitted":
        action = (p["order"].get("action") or {}).get("action") or "Wait"
        report.orders.append(ReportOrder(str(action), None, None, None, None, []))
    elif name == "House.ActionOrdered":
        pending = p["pending"]
        report.orders.append(
            ReportOrder(
                pending["action"], pending["actor"], pending["target_house_id"], None, int(pending["resolve_week"]), []
            )
        )
    elif name in ("Faction.TurnEnded", "Faction.ActionFailed"):
        _settle(report, str(p["action"]), p.get("narrative") or p.get("reason") or "", None, rolls)
    elif name == "House.ActionResolved":
        _settle(report, str(p["action"]), str(p["result"]), int(p["week"]), rolls)
    elif name in ("Faction.FacGoldGained", "Faction.FacGoldSpent", "House.GoldChanged"):
        sign = -1 if name.endswith("Spent") else 1
        report.ledger.append(Money(sign * int(p["amount"]), str(p["reason"])))
    elif name in ("FactionAssets.AssetPurchased", "FactionAssets.InfluenceExpanded"):
        what = p["asset"]["name"] if "asset" in p else "Base of Influence"
        report.ledger.append(Money(-int(p["cost"]), f"bought {what}"))
    elif name == "Faction.MaintenancePaid" and p["paid"]:
        report.ledger.append(Money(-int(p["paid"]), "maintenance"))
    elif name == "House.ActionWithdrawn" and int(p["gold"]):
        report.ledger.append(Money(int(p["gold"]), f"{p['action']} withdrawn: its gold back"))
    elif name == "House.IncomeReceived":
        report.ledger.append(Money(int(p["amount"]), "income"))
    elif name in REPORT_RIVAL_TOPICS:
        report.damage_taken.append(_damage(entry, actors, None))
    elif name == "House.InfluenceChanged" and p["amount"] < 0:
        report.damage_taken.append(
            Damage(
                str(entry.aggregate_id), None, -int(p["amount"]), -int(p["amount"]), None, None, str(p["reason"]), rolls
            )
        )
    elif name == "House.KnowledgeGained":
        report.learned.append(_learned(dated(own_knowledge([p["knowledge"]])[0])))


def _learned_in_intel(report: PhaseReport, entry: AuditEntry) -> None:
    """What the house learned from its own intel stream (domain/gameofbones/aggregate/intel.py); the movements of other
    houses it saw are `_sighting`'s."""
    if _name(entry) == "HouseIntel.KnowledgeGained":
        report.learned.append(_learned(dated(own_knowledge([entry.payload["knowledge"]])[0])))


def _sighting(report: PhaseReport, entry: AuditEntry, observer: str, memo: dict[int, Learned]) -> None:
    """A movement of another house that `observer` saw (`sighting_entries`), in its report. What it learned is the same
    for every observer: the entry differs only by its `id` (the observer's own), which `_learned` leaves out; so it is
    built once per window (`memo`, by the entry's identity, which the window keeps alive), not once per observer (issue
    31, P4: the dated sightings were a tenth of a rebuild's runner)."""
    if observer not in entry.payload["observers"]:
        return
    learned = memo.get(id(entry))
    if learned is None:
        learned = memo[id(entry)] = _learned(dated(sighting_entries([entry.payload], observer)[0]))
    report.learned.append(learned)


def _settle(report: PhaseReport, action: str, outcome: str, week: int | None, rolls: list[ReportRoll]) -> None:
    """The outcome goes to the first open order of that action (a faction has one order a phase: its own)."""
    open_ = [i for i, o in enumerate(report.orders) if o.outcome is None]
    matching = [i for i in open_ if report.orders[i].action == action]
    one_order = (system := of_kind(report.kind)) is not None and system.one_order_a_phase
    for index in (matching or [i for i in open_ if one_order])[:1]:
        order = report.orders[index]
        report.orders[index] = ReportOrder(
            order.action, order.actor, order.target_id, outcome, week or order.week, rolls
        )
        return
    report.orders.append(ReportOrder(action, None, None, outcome, week, rolls))  # an action ordered in an earlier phase


def _damage(entry: AuditEntry, actors: set[str], by: str | None) -> Damage:
    p = entry.payload
    rolls = p.get("rolls") or []
    rivals = [str(r["actor"]) for r in rolls if r.get("actor") and str(r["actor"]) not in actors]
    return Damage(
        str(entry.aggregate_id),
        p["asset_id"],
        int(p.get("damage", 0)),
        int(p.get("faction_damage", 0)),
        p.get("hp"),
        by if by is not None else (rivals[0] if rivals else None),
        str(p["reason"]),
        [ReportRoll.of(r) for r in rolls],
    )


def _credit_attackers(report: PhaseReport) -> None:
    """An influence loss names its author only where the house's own attack notice does; notices and losses pair
    off in order, each notice once, so a covered attack never borrows the name on another notice."""
    notices = [k for k in report.learned if k.kind == "attack"]
    for index, hit in enumerate(report.damage_taken):
        if hit.asset_id is not None or hit.by_member_id is not None:
            continue
        known = next((k for k in notices if k.action and k.action in hit.reason), None)
        if known is None:
            continue
        notices.remove(known)
        report.damage_taken[index] = Damage(
            hit.member_id, None, hit.amount, hit.member_damage, None, known.aggressor_id, hit.reason, hit.rolls
        )


_LEARNED_KEYS = (
    "id",
    "kind",
    "action",
    "week",
    "expected_week",
    "aggressor_house_id",
    "target_house_id",
    "area_ids",
    "result",
    *DATED_KEYS.values(),
)


def _learned(k: dict[str, Any]) -> Learned:
    details = [(key, str(value)) for key, value in sorted(k.items()) if key not in _LEARNED_KEYS and key != "phase"]
    return Learned(
        str(k.get("kind", "")),
        k.get("action"),
        _int(k.get("week")),
        _int(k.get("expected_week")),
        k.get("aggressor_house_id"),
        k.get("target_house_id"),
        [str(a) for a in k.get("area_ids") or []],
        k.get("result"),
        details,
    )


def _int(value: Any) -> int | None:
    return None if value is None else int(value)
