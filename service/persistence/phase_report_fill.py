"""Migration step 18: each member's phase reports (projections/phase_reports.py), for a store from before.

The step makes the table of the current generation and fills it for every phase that stands resolved (its last
resolution, not undone by a rollback), as the projection writes them when it folds a resolution: with the reporter
the use cases register (service/usecases/phase_report_kept.py). A process that registered none (a bare `migrate`
of an old image) makes the table empty; readers then build each report from the events as before, and a rebuild
fills it. The houses' actors come from their rows in the generation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

import psycopg
from psycopg.sql import SQL

from projections import phase_reports, state_tables, state_upgrades
from projections.codec import domain_mapper
from projections.state_sql import statements_of
from service.persistence.citus import EVENTS

_CAMPAIGNS = "SELECT id, state || recent FROM {state} WHERE kind = 'campaign' ORDER BY id"
_MARKS = f"""SELECT originator_version, topic, state FROM {EVENTS}
    WHERE campaign_id = %s AND originator_id = %s AND topic = ANY(%s) ORDER BY campaign_position"""
_RESOLVED, _ROLLED_BACK = "domain.campaign:Campaign.PhaseResolved", "domain.campaign:Campaign.PhaseRolledBack"


@dataclass(frozen=True)
class _Campaign:
    """What `phase_reports.members_of` reads of a campaign, from its row."""

    id: UUID
    members: dict[str, str]

    def member_ids(self, kind: str) -> list[UUID]:
        return [UUID(i) for i, k in self.members.items() if k == kind]


def keep_phase_reports(conn: psycopg.Connection[Any]) -> None:
    row = conn.execute("SELECT current FROM read_model_generation WHERE name = %s", (state_tables.MODEL,)).fetchone()
    if row is None:
        return
    generation = int(str(row[0]))
    for statement in state_upgrades.keep_phase_reports(generation):
        conn.execute(statement)
    fill(conn, generation)


def standing(marks: list[tuple[int, str, dict[str, Any]]]) -> dict[int, int]:
    """Each phase that stands resolved, with the campaign's version at its last resolution."""
    resolved: dict[int, int] = {}
    for version, topic, payload in marks:
        if topic == _RESOLVED:
            resolved[int(payload["phase"])] = version
        else:  # a rollback to `to_phase` undoes that phase's resolution and every later one
            resolved = {p: v for p, v in resolved.items() if p < int(payload["to_phase"])}
    return resolved


def fill(conn: psycopg.Connection[Any], generation: int) -> int:
    """Write the reports of every phase that stands resolved; return how many phases (0 with no reporter)."""
    if not phase_reports.REPORTERS:
        return 0
    decode = domain_mapper().transcoder.decode
    sql = statements_of(generation)
    tables = state_tables.names(generation)
    phases = 0
    for campaign_id, state in conn.execute(SQL(_CAMPAIGNS).format(**tables)).fetchall():
        rows = conn.execute(_MARKS, (campaign_id, campaign_id, [_RESOLVED, _ROLLED_BACK])).fetchall()
        marks = [(int(version), str(topic), decode(bytes(payload))) for version, topic, payload in rows]
        campaign = _Campaign(UUID(str(campaign_id)), dict(state.get("members") or {}))
        with conn.cursor() as curs:
            for phase, version in sorted(standing(marks).items()):
                phase_reports.record(curs, sql, phase_reports.Resolution(campaign, phase, version, lambda _: None))
                phases += 1
    return phases
