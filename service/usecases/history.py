"""Time travel and rewind: state as of a position or a phase, rebuilt from events; rollbacks that append."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID

import psycopg
from eventsourcing.domain import Aggregate

from domain.campaign import Campaign
from domain.errors import InvalidInputError, NotFoundError
from domain.factionturn.face import Faction
from domain.history import Rewindable
from domain.phase_chronicle import chronicle_ids, narratives_of
from projections.state import public_state
from service.persistence.app import IntrigueStore, replay
from service.persistence.database import Database

_CAMPAIGN_TOPIC = "domain.campaign:Campaign."


class History:
    def __init__(self, store: IntrigueStore, db: Database) -> None:
        self.store = store
        self.db = db
        self.table = f"{store.name.lower()}_events"

    def _rows(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with psycopg.connect(self.db.conninfo) as conn:
            return conn.execute(sql.format(table=self.table), params).fetchall()

    def phase_marks(self, campaign_id: UUID, name: str) -> list[tuple[int, int]]:
        """(phase, position) of each of the campaign's phase events named `name`, oldest first."""
        rows = self._rows(
            "SELECT campaign_position, originator_version, state FROM {table}"
            " WHERE originator_id = %s AND topic = %s ORDER BY campaign_position",
            (campaign_id, _CAMPAIGN_TOPIC + name),
        )
        marks = []
        for position, _version, state in rows:
            payload = self.store.mapper.transcoder.decode(bytes(state))
            marks.append((int(payload["phase"]), int(position)))
        return marks

    def campaign_marks(self, campaign_id: UUID, names: tuple[str, ...]) -> list[tuple[int, str, dict[str, Any]]]:
        """(position, name, payload) of each of the campaign's own events named in `names`, oldest first."""
        rows = self._rows(
            "SELECT campaign_position, topic, state FROM {table}"
            " WHERE originator_id = %s AND topic = ANY(%s) ORDER BY campaign_position",
            (campaign_id, [_CAMPAIGN_TOPIC + name for name in names]),
        )
        decode = self.store.mapper.transcoder.decode
        return [
            (int(position), topic.removeprefix(_CAMPAIGN_TOPIC), decode(bytes(state)))
            for position, topic, state in rows
        ]

    def resolution_start(self, campaign_id: UUID, phase: int) -> int:
        """Where phase `phase` last began resolving: every turn's rolls and results come after it."""
        starts = [pos for p, pos in self.phase_marks(campaign_id, "PhaseResolutionBegan") if p == phase]
        if not starts:
            raise InvalidInputError(f"phase {phase} has not begun resolving; there is nothing to roll back")
        return starts[-1]

    def phase_end(self, campaign_id: UUID, phase: int) -> int:
        ends = [pos for p, pos in self.phase_marks(campaign_id, "PhaseResolved") if p == phase]
        if not ends:
            raise NotFoundError(f"phase {phase} of campaign {campaign_id} has not been resolved")
        return ends[-1] + 1

    def versions_before(self, campaign_id: UUID, position: int) -> dict[UUID, int]:
        """Each of the campaign's aggregates at its last version written before `position`."""
        campaign = self.store.load(campaign_id, Campaign)
        ids = [campaign_id, *campaign.member_ids()]
        rows = self._rows(
            "SELECT originator_id, max(originator_version) FROM {table}"
            " WHERE originator_id = ANY(%s) AND campaign_position < %s GROUP BY originator_id",
            (ids, position),
        )
        return {UUID(str(aggregate_id)): int(version) for aggregate_id, version in rows}

    def as_of(self, campaign_id: UUID, position: int) -> dict[UUID, Aggregate]:
        """Every aggregate of the campaign as it stood before the event at `position`, rebuilt from events."""
        return self._narrated(
            campaign_id,
            position,
            {
                aggregate_id: self.store.repository.get(aggregate_id, version=version, projector_func=replay)
                for aggregate_id, version in self.versions_before(campaign_id, position).items()
            },
        )

    def _narrated(self, campaign_id: UUID, position: int, aggregates: dict[UUID, Aggregate]) -> dict[UUID, Aggregate]:
        """Past factions with the narratives their phases' chronicles held then (domain/phase_chronicle.py), as a
        faction's `narratives` read before chronicles. These are copies for display, never saved."""
        factions = [a for a in aggregates.values() if isinstance(a, Faction)]
        if not factions:
            return aggregates
        phase = int(getattr(aggregates.get(campaign_id), "phase", 0))
        ids = chronicle_ids(campaign_id, phase)
        rows = self._rows(
            "SELECT originator_id, max(originator_version) FROM {table}"
            " WHERE originator_id = ANY(%s) AND campaign_position < %s GROUP BY originator_id",
            (ids, position),
        )
        chronicles = [
            public_state(self.store.repository.get(UUID(str(i)), version=int(v), projector_func=replay))
            for i, v in rows
        ]
        for faction in factions:
            faction.narratives = narratives_of({"id": faction.id, "narratives": faction.narratives}, chronicles)
        return aggregates

    def as_of_phase(self, campaign_id: UUID, phase: int) -> dict[UUID, Aggregate]:
        """The campaign as phase `phase` left it, once resolved."""
        return self.as_of(campaign_id, self.phase_end(campaign_id, phase))

    def event_count(self, campaign_id: UUID) -> int:
        """How many events the campaign's lane holds: its own and those of every member it ever enrolled (one a
        rollback dropped included) and its phases' chronicles, so a rollback never lowers it. Its events are
        numbered 1 to this count (campaign positions: docs/architecture.md, Persistence: positions)."""
        rows = self._rows(
            "SELECT coalesce(max(campaign_position), 0) FROM {table} WHERE campaign_id = %s", (campaign_id,)
        )
        return int(rows[0][0])

    def as_of_event(self, campaign_id: UUID, number: int) -> tuple[dict[UUID, Aggregate], int]:
        """The campaign just after its own event `number` (1: its first): each aggregate that was a member then,
        at its version then; and `number`."""
        count = self.event_count(campaign_id)
        if not 1 <= number <= count:
            raise InvalidInputError(
                f"position {number} is outside campaign {campaign_id}: its events are numbered 1-{count}"
            )
        return self._members_before(campaign_id, number + 1), number

    def as_of_resolved_phase(self, campaign_id: UUID, phase: int) -> tuple[dict[UUID, Aggregate], int]:
        """The campaign as resolved phase `phase` left it (a phase rolled back and open again is not resolved), and
        the number of its events then."""
        check_resolved(self.store.load(campaign_id, Campaign), phase)
        end = self.phase_end(campaign_id, phase)
        return self._members_before(campaign_id, end), end - 1

    def _members_before(self, campaign_id: UUID, position: int) -> dict[UUID, Aggregate]:
        rows = self._rows(
            "SELECT max(originator_version) FROM {table} WHERE originator_id = %s AND campaign_position < %s",
            (campaign_id, position),
        )
        then: Campaign = self.store.repository.get(campaign_id, version=int(rows[0][0]), projector_func=replay)
        ids = [campaign_id, *then.member_ids()]
        versions = self._rows(
            "SELECT originator_id, max(originator_version) FROM {table}"
            " WHERE originator_id = ANY(%s) AND campaign_position < %s GROUP BY originator_id",
            (ids, position),
        )
        return self._narrated(
            campaign_id,
            position,
            {
                UUID(str(i)): self.store.repository.get(UUID(str(i)), version=int(v), projector_func=replay)
                for i, v in versions
            },
        )

    def public_as_of(self, campaign_id: UUID, position: int) -> dict[str, dict[str, Any]]:
        return {str(i): public_state(a) for i, a in self.as_of(campaign_id, position).items()}

    def rewind_plan(self, campaign_id: UUID, phase: int) -> tuple[int, dict[UUID, int]]:
        position = self.resolution_start(campaign_id, phase)
        return position, self.versions_before(campaign_id, position)


def check_resolved(campaign: Campaign, phase: int) -> None:
    """`phase` is one of the campaign's resolved phases (a phase rolled back and open again is not)."""
    last = campaign.phase if campaign.phase_status == "resolved" else campaign.phase - 1
    if not 1 <= phase <= last:
        standing = f"1-{last}" if last >= 1 else "none yet"
        raise InvalidInputError(
            f"phase {phase} is not a resolved phase of campaign {campaign.id}: resolved phases are {standing}"
        )


def restore_all(
    store: IntrigueStore,
    versions: dict[UUID, int],
    phase: int,
    reason: str,
    loaded: Mapping[UUID, Aggregate] | None = None,
) -> tuple[list[Rewindable], dict[str, list[int]]]:
    """Compensating events: each aggregate that changed since the mark goes back to its version there
    (restored on the instance in `loaded` when the caller has one, else on a fresh load)."""
    changed: list[Rewindable] = []
    reverted: dict[str, list[int]] = {}
    for aggregate_id, version in versions.items():
        current = (loaded or {}).get(aggregate_id) or store.repository.get(aggregate_id, projector_func=replay)
        if current.version == version:
            continue
        if not isinstance(current, Rewindable):
            raise TypeError(f"{type(current).__name__} cannot be rewound")
        current.restore(store.repository.get(aggregate_id, version=version, projector_func=replay), phase, reason)
        changed.append(current)
        reverted[str(aggregate_id)] = [version, current.version - 1]
    return changed, reverted
