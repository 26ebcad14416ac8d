"""The analyst's export (issue 32, item 3): a campaign's history as one table per kind of fact, as rows.

The tables and their typed columns are declared once in `service/usecases/analytics_export.py` (`TABLES`), which
writes them with pyarrow; docs/analytics.md describes each column. Here the rows are read from the event log (rolls,
dice, actions, attacks) and from the phase history the read models keep (members, assets, areas, troops).

A phase's facts stand unless the GM rolled the phase back: `stands` is false for a roll, action or attack made in a
phase that a later `PhaseRolledBack` undid (docs/architecture.md, "Time, rewind and audit"); the per-phase states
are those of the phases that stand, as `phaseSeries` answers them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from domain.systems import of_kind
from service.usecases.analytics import action_rows, rolls_in, sides_of
from service.usecases.audit import AuditEntry

Row = dict[str, Any]
RIVAL_DAMAGE = ("FactionAssets.AssetDamaged", "FactionAssets.AssetDestroyed")  # seed 002: a rival's strike lands
MEMBER_FIELDS = (
    "rank",
    "effective_rank",
    "influence",
    "power",
    "gold",
    "hp",
    "max_hp",
    "facgold",
    "xp",
    "force",
    "cunning",
    "wealth",
)


@dataclass
class Facts:
    """Rows per table name, with the phases each row was made in, until the log's rollbacks are applied."""

    names: dict[str, str]
    tables: dict[str, list[Row]] = field(default_factory=dict)
    phase: int = 0

    def add(self, table: str, row: Row) -> None:
        self.tables.setdefault(table, []).append({"phase": self.phase, "stands": True, **row})

    def roll_back(self, to_phase: int) -> None:
        """Seed-independent: a rollback to phase T undoes the facts of phase T and later that came before it."""
        for rows in self.tables.values():
            for row in rows:
                if row["phase"] >= to_phase:
                    row["stands"] = False

    def name(self, member_id: Any) -> str | None:
        return None if member_id is None else self.names.get(str(member_id), str(member_id))


def event_facts(entries: Iterable[AuditEntry], names: dict[str, str]) -> dict[str, list[Row]]:
    """The rolls, their dice, and the rival damage of the Faction Turn from the log; `names` by member id."""
    facts = Facts(names)
    by_name = {name: member_id for member_id, name in names.items()}
    for entry in entries:
        event = entry.topic.rsplit(":", 1)[-1]
        payload = entry.payload
        if event in ("Campaign.PhaseOpened", "Campaign.PhaseResolutionBegan", "Campaign.PhaseResolved"):
            facts.phase = int(payload["phase"])
        elif event == "Campaign.PhaseRolledBack":
            facts.roll_back(int(payload["to_phase"]))
            facts.phase = int(payload["to_phase"])
        for roll in rolls_in(payload):
            _roll(facts, entry, event, roll)
        if event in RIVAL_DAMAGE:
            _strike(facts, entry, event, by_name)
    return facts.tables


def _roll(facts: Facts, entry: AuditEntry, event: str, roll: dict[str, Any]) -> None:
    roll_id = len(facts.tables.get("rolls", [])) + 1
    sides = sides_of(roll["expression"])
    faces = [int(f) for f in roll["faces"]]
    modifiers = sum(int(m.get("value", 0)) for m in roll.get("modifiers") or [])
    facts.add(
        "rolls",
        {
            "roll_id": roll_id,
            "position": entry.position,
            "event": event,
            "aggregate_id": str(entry.aggregate_id),
            "actor": str(roll.get("actor") or ""),
            "purpose": str(roll.get("purpose") or ""),
            "rule": str(roll.get("rule") or ""),
            "expression": roll["expression"],
            "sides": sides,
            "dice": len(faces),
            "base": _int(roll.get("base")),
            "modifiers": modifiers,
            "total": _int(roll.get("total")),
        },
    )
    for index, face in enumerate(faces, start=1):
        facts.add("dice", {"roll_id": roll_id, "die": index, "sides": sides, "face": face})


def _strike(facts: Facts, entry: AuditEntry, event: str, by_name: dict[str, str]) -> None:
    """Who hit whom: the contest's rolls name the attacking faction (`actor`, its id or name), the event's stream
    the target."""
    target = str(entry.aggregate_id)
    target_name = facts.name(target)
    actors = [
        str(r["actor"])
        for r in entry.payload.get("rolls") or []
        if r.get("actor") not in (None, "", "GM", target, target_name)
    ]
    if not actors:
        return
    attacker_id = actors[0] if actors[0] in facts.names else by_name.get(actors[0])
    facts.add(
        "attacks",
        {
            "position": entry.position,
            "system": "factionturn",
            "attacker_id": attacker_id,
            "attacker": facts.names.get(attacker_id or "", actors[0]),
            "target_id": target,
            "target": target_name,
            "action": event.rsplit(".", 1)[-1],
            "succeeded": True,
            "damage": _int(entry.payload.get("damage")),
            "detail": str(entry.payload.get("reason", "")),
        },
    )


def house_attacks(entries: Iterable[AuditEntry], names: dict[str, str]) -> list[Row]:
    """Game of Bones actions against another house, from each phase's GM-side summary (`PhaseResolved`)."""
    facts = Facts(names)
    for entry in entries:
        event = entry.topic.rsplit(":", 1)[-1]
        if event == "Campaign.PhaseRolledBack":
            facts.roll_back(int(entry.payload["to_phase"]))
        if event != "Campaign.PhaseResolved":
            continue
        facts.phase = int(entry.payload["phase"])
        bones = (entry.payload.get("summary") or {}).get("gameofbones") or {}
        for outcome in bones.get("outcomes", []):
            if outcome.get("action_id") is None or not outcome.get("defender_id"):
                continue
            attacker, target = str(outcome["house_id"]), str(outcome["defender_id"])
            facts.add(
                "attacks",
                {
                    "position": entry.position,
                    "system": "gameofbones",
                    "attacker_id": attacker,
                    "attacker": facts.name(attacker),
                    "target_id": target,
                    "target": facts.name(target),
                    "action": outcome["action"],
                    "succeeded": bool(outcome.get("succeeded")),
                    "damage": None,
                    "detail": str(outcome.get("result", "")),
                },
            )
    return facts.tables.get("attacks", [])


def actions(entries: Iterable[AuditEntry], names: dict[str, str]) -> list[Row]:
    """Every action tried, with its outcome; those of rolled-back phases with `stands` false."""
    return [
        {
            "phase": a.phase,
            "stands": a.stands,
            "kind": a.kind,
            "actor_id": a.actor_id,
            "actor": a.actor,
            "action": a.action,
            "succeeded": a.succeeded,
            "result": a.result,
        }
        for a in action_rows(entries, names)
    ]


def state_facts(series: Iterable[dict[str, Any]], names: dict[str, str]) -> dict[str, list[Row]]:
    """Each member's standing, each faction's assets, and each area's controller and troops as each phase ended."""
    tables: dict[str, list[Row]] = {"members": [], "assets": [], "areas": [], "troops": []}
    for point in series:
        phase, kind, member_id, state = point["phase"], point["kind"], str(point["aggregate_id"]), point["state"]
        system = of_kind(kind)
        if system is not None:
            tables["members"].append(
                {
                    "phase": phase,
                    "kind": kind,
                    "member_id": member_id,
                    "name": state.get("name"),
                    **{f: _int(state.get(f)) for f in MEMBER_FIELDS},
                }
            )
            tables["assets"].extend(_asset(phase, member_id, state.get("name"), a) for a in system.assets_of(state))
        if kind == "region" and (state.get("controlling_house_id") or state.get("troops")):
            controller = state.get("controlling_house_id")
            tables["areas"].append(
                {
                    "phase": phase,
                    "area_id": member_id,
                    "name": state.get("name"),
                    "q": _int(state.get("q")),
                    "r": _int(state.get("r")),
                    "monthly_income": _int(state.get("monthly_income")),
                    "house_id": controller,
                    "house": names.get(str(controller or "")),
                }
            )
            tables["troops"].extend(
                {
                    "phase": phase,
                    "area_id": member_id,
                    "house_id": house_id,
                    "house": names.get(house_id),
                    "power": int(power),
                }
                for house_id, power in sorted((state.get("troops") or {}).items())
            )
    return tables


def _asset(phase: int, faction_id: str, faction: Any, asset: dict[str, Any]) -> Row:
    return {
        "phase": phase,
        "faction_id": faction_id,
        "faction": faction,
        "asset_id": str(asset.get("id")),
        "type_key": asset.get("type_key"),
        "name": asset.get("name"),
        "attribute": asset.get("attribute"),
        "region_id": asset.get("region_id"),
        "hp": _int(asset.get("hp")),
        "max_hp": _int(asset.get("max_hp")),
        "stealthed": bool(asset.get("stealthed")),
    }


def _int(value: Any) -> int | None:
    return None if value is None or isinstance(value, bool) else int(value)
