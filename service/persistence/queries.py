"""Reads served from the read models, never by rebuilding aggregates: sync for the application services and the
CLI, async (`ReadModelReads`) for the HTTP API. Both run the same statements and shape rows the same way."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from psycopg.sql import SQL, Composed, Identifier, Literal
from starlette.concurrency import run_in_threadpool

from domain.errors import NotFoundError
from domain.systems import of_kind
from projections import knowledge, standings
from projections.failures import CURRENT as CURRENT_FAILURES
from projections.failures import StoppedCampaigns
from projections.history import series_of
from projections.state import StateView
from service.persistence import fresh
from service.persistence.campaign_positions import CampaignPositions
from service.persistence.fresh import FreshReads
from service.persistence.prepared_read import Prepared
from service.persistence.readmodels import READ_MODELS, relations_of
from service.persistence.readpool import ReadPool, SharedRead
from service.persistence.replica import ReplicaReads, wants_own_writes

_CAMPAIGNS = (
    "SELECT state FROM aggregate_state WHERE kind = 'campaign' ORDER BY state->>'created_on', id LIMIT %s OFFSET %s"
)
_CAMPAIGN_COUNT = "SELECT count(*) AS n FROM aggregate_state WHERE kind = 'campaign'"
# A campaign is its own campaign: naming it twice makes the read a router query on Citus (docs/scaling.md).
_CAMPAIGN = "SELECT state FROM aggregate_state WHERE campaign_id = %s AND id = %s AND kind = 'campaign'"
# A campaign's forks (issue 32): their `Campaign.Forked` names it. Every shard is asked, as for the list.
_FORKS = (
    "SELECT state FROM aggregate_state WHERE kind = 'campaign' AND state->'forked_from'->>'campaign_id' = %s"
    " ORDER BY state->>'created_on', id"
)
_REGIONS = (
    "SELECT state FROM aggregate_state WHERE campaign_id = %s AND kind = 'region'"
    " ORDER BY (state->>'r')::int, (state->>'q')::int"
)
_REGIONS_OF = _REGIONS.replace("campaign_id = %s", "campaign_id = ANY(%s)")
_OF_KIND = "SELECT state FROM aggregate_state WHERE campaign_id = %s AND kind = %s ORDER BY state->>'name', id"
# A campaign's precomputed standings (projections/standings.py), concatenated from its members' pieces.
_ANSWER = SQL(standings.READ).format(standings=Identifier("standings_answer"))
# The same, run on the connection's libpq: the read an uncached standings answer pays (service/persistence/
# prepared_read.py; docs/scaling.md, "Issue 31, P5: the uncached answer's cost (session 19)").
_ANSWER_PREPARED = Prepared("intrigue_standings_answer", _ANSWER.as_string())
_TRUE = b"\x01"  # a boolean in binary
_ONE = "SELECT state FROM aggregate_state WHERE id = %s AND kind = %s"
# What the factions narrated, kept by each phase's chronicle (domain/phase_chronicle.py): only that part is read.
_NARRATIVES = (
    "SELECT jsonb_build_object('phase', state->'phase', 'narratives', state->'narratives') AS state"
    " FROM aggregate_state WHERE campaign_id = %s AND kind = 'phasechronicle'"
    " AND state->'narratives' <> '{}'::jsonb"
)
# What each house learned through its intel (projections/knowledge.py), a row per entry in the views' order.
_KNOWLEDGE = (
    "SELECT jsonb_build_object('house_id', house_id, 'entry', entry) AS state FROM house_knowledge"
    " WHERE campaign_id = %s ORDER BY " + knowledge.ORDER
)
_COMPANIONS = {"phasechronicle": _NARRATIVES, "houseknowledge": _KNOWLEDGE}  # a member's companion rows, by their kind
# The assets as `state->'assets'` has them, read without building each faction's whole state (`state || recent`,
# a copy of every faction's JSON: two thirds of this read at the bench's 100 factions; projections/state_tables.py
# `STORED_VIEW`).
_FACTIONS_IN = (
    "SELECT id FROM aggregate_state_stored WHERE campaign_id = %s AND kind = 'faction' AND EXISTS (SELECT 1 FROM"
    " jsonb_each(coalesce(recent->'assets', written->'assets')) AS a(k, v) WHERE v->>'region_id' = ANY(%s))"
)


class CatalogQueries:
    """Campaigns and their regions, shaped for clients, from the state read model."""

    def __init__(self, view: StateView) -> None:
        self.view = view

    def campaigns(self, limit: int = 100, offset: int = 0) -> list[dict[str, Any]]:
        return [_campaign(row["state"]) for row in self.view.query(_CAMPAIGNS, (limit, offset))]

    def campaign(self, campaign_id: UUID) -> dict[str, Any]:
        self.view.stopped.check(campaign_id)
        return _the_campaign(self.view.query(_CAMPAIGN, (campaign_id, campaign_id)), campaign_id)

    def forks(self, campaign_id: UUID) -> list[dict[str, Any]]:
        return [_campaign(row["state"]) for row in self.view.query(_FORKS, (str(campaign_id),))]

    def regions(self, campaign_id: UUID) -> list[dict[str, Any]]:
        self.view.stopped.check(campaign_id)
        return [_region(row["state"]) for row in self.view.query(_REGIONS, (campaign_id,))]

    def regions_of(self, campaign_ids: list[UUID]) -> list[list[dict[str, Any]]]:
        """The regions of several campaigns in one query, in the order asked (a DataLoader's batch)."""
        for campaign_id in campaign_ids:
            self.view.stopped.check(campaign_id)
        return _by_campaign(self.view.query(_REGIONS_OF, (campaign_ids,)), campaign_ids)


class StateQueries:
    """Current state of any aggregate, as its public JSON, from `aggregate_state`."""

    def __init__(self, view: StateView) -> None:
        self.view = view

    def of_kind(self, campaign_id: UUID, kind: str) -> list[dict[str, Any]]:
        self.view.stopped.check(campaign_id)
        states = [row["state"] for row in self.view.query(_OF_KIND, (campaign_id, kind))]
        return self._completed(campaign_id, kind, states)

    def _completed(
        self, campaign_id: UUID | str | None, kind: str, states: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """Members completed by their companion rows where every read completes them (a faction's narratives;
        a house's intel only in the API's reads, `ReadModelReads`)."""
        system = of_kind(kind)
        if system is None or not system.companion.everywhere or not states:
            return states
        companions = [row["state"] for row in self.view.query(_COMPANIONS[system.companion.kind], (campaign_id,))]
        return system.companion.complete(states, companions)

    def factions_in(self, campaign_id: UUID, region_ids: list[str]) -> list[UUID] | None:
        """The factions with an asset in any of these regions; None when the campaign's read model stopped."""
        if self.view.stopped.all().get(campaign_id) is not None:
            return None
        return [row["id"] for row in self.view.query(_FACTIONS_IN, (campaign_id, region_ids))]

    def one(self, aggregate_id: UUID, kind: str) -> dict[str, Any]:
        """The read model's row (a house without what its intel holds: `ReadModelReads` adds it; a faction with
        the narratives its phases' chronicles keep)."""
        found = _checked(_the_one(self.view.query(_ONE, (aggregate_id, kind)), aggregate_id, kind), self.view.stopped)
        return self._completed(found.get("campaign_id"), kind, [found])[0]


class ReadModelReads:
    """The same reads on the async pool, for the HTTP API, and the read models' position."""

    def __init__(self, pool: ReadPool, fresh: FreshReads | None = None, replica: ReplicaReads | None = None) -> None:
        self.pool = pool  # the primary's: seats and everything but the read models' rows
        self.reads: ReadPool | ReplicaReads = replica or pool  # the read models' rows (service/persistence/replica.py)
        # The answer of a command the read models lag behind reads here (service/persistence/fresh.py).
        self.fresh = fresh
        self.position = SharedRead(self._position)  # asked on every cacheable GraphQL request
        self._positions: dict[tuple[UUID, ...], SharedRead[tuple[Any, ...]]] = {}
        self.campaign_positions = CampaignPositions(self.reads)  # a router query on Citus for one campaign
        self.stopped = StoppedCampaigns()  # campaigns whose read model stopped (projections/failures.py)
        # One read of the list for every request that finds it stale at once: each of them read it anew, 50 reads a
        # second with 50 clients (docs/scaling.md, "Issue 31, P5: the uncached answer's cost (session 19)").
        self._failures = SharedRead(lambda: self.reads.rows(CURRENT_FAILURES))

    async def _check(self, *campaign_ids: UUID | str | None) -> StoppedCampaigns:
        if self.stopped.stale():
            # A caller that wants its own writes reads on its own, as for `position_of`: a shared read may have been
            # sent to the replica for another caller (service/persistence/replica.py).
            failures = self.reads.rows(CURRENT_FAILURES) if wants_own_writes() else self._failures()
            self.stopped.replace(await failures)
        for campaign_id in campaign_ids:
            self.stopped.check(campaign_id, self.stopped.all())
        return self.stopped

    async def campaigns(self, limit: int = 100, offset: int = 0) -> list[dict[str, Any]]:
        return [_campaign(row["state"]) for row in await self.reads.rows(_CAMPAIGNS, (limit, offset))]

    async def campaign_count(self) -> int:
        """How many campaigns the list holds: a connection's `totalCount`."""
        return int((await self.reads.rows(_CAMPAIGN_COUNT))[0]["n"])

    async def campaign(self, campaign_id: UUID) -> dict[str, Any]:
        if self.fresh is not None and fresh.wanted():
            return _campaign(await run_in_threadpool(self.fresh.one, campaign_id, "campaign"))
        await self._check(campaign_id)
        return _the_campaign(await self.reads.rows(_CAMPAIGN, (campaign_id, campaign_id)), campaign_id)

    async def forks(self, campaign_id: UUID) -> list[dict[str, Any]]:
        """The campaigns forked from this one (issue 32), oldest first."""
        return [_campaign(row["state"]) for row in await self.reads.rows(_FORKS, (str(campaign_id),))]

    async def regions(self, campaign_id: UUID) -> list[dict[str, Any]]:
        if self.fresh is not None and fresh.wanted():
            return [_region(state) for state in await run_in_threadpool(self.fresh.regions, campaign_id)]
        await self._check(campaign_id)
        return [_region(row["state"]) for row in await self.reads.rows(_REGIONS, (campaign_id,))]

    async def regions_of(self, campaign_ids: list[UUID]) -> list[list[dict[str, Any]]]:
        if self.fresh is not None and fresh.wanted():
            return [await self.regions(i) for i in campaign_ids]
        await self._check(*campaign_ids)
        return _by_campaign(await self.reads.rows(_REGIONS_OF, (campaign_ids,)), campaign_ids)

    async def of_kind(self, campaign_id: UUID, kind: str) -> list[dict[str, Any]]:
        if self.fresh is not None and fresh.wanted():
            return await run_in_threadpool(self.fresh.of_kind, campaign_id, kind)
        await self._check(campaign_id)
        return await self._completed(
            campaign_id, kind, [row["state"] for row in await self.reads.rows(_OF_KIND, (campaign_id, kind))]
        )

    async def standings_answer(self, campaign_id: UUID, root: str, gm: bool, owned: tuple[UUID, ...]) -> bytes | None:
        """The campaign's precomputed answer as the GM (`gm`), or as the public with the element of the member among
        `owned` it has as that member's own seat reads it; None when none is kept (or a fresh read is wanted)."""
        if self.fresh is not None and fresh.wanted():
            return None
        await self._check(campaign_id)
        if isinstance(self.reads, ReadPool):  # the primary's pool (a replica's reads go through ReplicaReads below)
            params = [f"{{{','.join(map(str, owned))}}}".encode(), b"t" if gm else b"f", str(campaign_id).encode()]
            found = await self.reads.prepared_rows(_ANSWER_PREPARED, [*params, root.encode()])
            return standings.answer([{"mark": mark == _TRUE, "element": element} for mark, element in found])
        rows = await self.reads.rows(_ANSWER, (list(owned), gm, campaign_id, root), binary=True)  # bytes, not hex
        return standings.answer(rows)

    async def _completed(
        self, campaign_id: UUID | str | None, kind: str, states: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """Members completed by their companion rows (domain/rule_system.py): narratives, what houses learned."""
        system = of_kind(kind)
        if system is None or not states:
            return states
        companions = await self.reads.rows(_COMPANIONS[system.companion.kind], (campaign_id,))
        return system.companion.complete(states, [row["state"] for row in companions])

    async def one(self, aggregate_id: UUID, kind: str) -> dict[str, Any]:
        if self.fresh is not None and fresh.wanted():
            return await run_in_threadpool(self.fresh.one, aggregate_id, kind)
        found = _checked(
            _the_one(await self.reads.rows(_ONE, (aggregate_id, kind)), aggregate_id, kind), await self._check()
        )
        return (await self._completed(found.get("campaign_id"), kind, [found]))[0]

    async def series(self, campaign_id: UUID) -> list[dict[str, Any]]:
        """Each member's state at the end of each phase, rolled-back phases left out (`Analytics.series`)."""
        return series_of(await self.reads.rows(SERIES, (campaign_id,)))

    async def position_of(self, ids: tuple[UUID, ...] | None) -> tuple[Any, ...]:
        """Where the campaigns of `ids` (campaigns or their members) stand in the read model: its generation, each
        campaign's own position and whether it stopped. A write elsewhere leaves it; None: `position`."""
        if wants_own_writes():  # a shared read may have been sent for a caller that named no position
            return await (self._position() if ids is None else self._campaign_position(ids))
        if ids is None:
            return await self.position()
        shared = self._positions.get(ids)
        if shared is None:
            if len(self._positions) >= MAX_SHARED_POSITIONS:
                self._positions.pop(next(iter(self._positions)))
            shared = self._positions[ids] = SharedRead(lambda: self._campaign_position(ids))
        return await shared()

    async def _campaign_position(self, ids: tuple[UUID, ...]) -> tuple[Any, ...]:
        return await self.campaign_positions.of(ids)  # where the rows are read, on the replica

    async def _position(self) -> tuple[Any, ...]:
        """Where every read model stands: its generation and tracking position. Equal positions, equal rows."""
        rows = await self.reads.rows(_POSITION)
        return tuple(rows[0].values())


def _position() -> Composed:
    # A rebuild may change rows without moving the position, so the generation counts too.
    # Each campaign's tracking row counts its events folded (issue 26): their sum moves with any campaign's write,
    # where the greatest notification id would not (a lane behind another's moves below it).
    parts = [
        SQL("(SELECT current FROM read_model_generation WHERE name = {}), (SELECT sum(position) FROM {})").format(
            Literal(m.name), Identifier(relations_of(m)[-1])
        )
        for m in READ_MODELS
    ]
    return SQL("SELECT ") + SQL(", ").join(parts)


_POSITION = _position()
MAX_SHARED_POSITIONS = 1024


def _the_campaign(rows: list[Any], campaign_id: UUID) -> dict[str, Any]:
    if not rows:
        raise NotFoundError(f"no campaign with id {campaign_id}")
    return _campaign(rows[0]["state"])


def _the_one(rows: list[Any], aggregate_id: UUID, kind: str) -> dict[str, Any]:
    if not rows:
        raise NotFoundError(f"no {kind} with id {aggregate_id}")
    state: dict[str, Any] = rows[0]["state"]
    return state


def _checked(state: dict[str, Any], stopped: StoppedCampaigns) -> dict[str, Any]:
    """An aggregate's state, unless its campaign's read model stopped (a campaign is its own campaign)."""
    stopped.check(state.get("campaign_id") or state.get("id"))
    return state


def _by_campaign(rows: list[Any], campaign_ids: list[UUID]) -> list[list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {str(i): [] for i in campaign_ids}
    for row in rows:
        found[row["state"]["campaign_id"]].append(_region(row["state"]))
    return [found[str(i)] for i in campaign_ids]


def _campaign(state: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": UUID(state["id"]),
        "name": state["name"],
        "rule_systems": state["rule_systems"],
        "seeded": state["dice_seed"] is not None,
        "phase": state["phase"],
        "phase_status": state["phase_status"],
        "created_at": datetime.fromisoformat(state["created_on"]),
        "version": state["version"],
        "forked_from": state.get("forked_from"),
    }


def _uuid(value: str | None) -> UUID | None:
    return UUID(value) if value else None


def _region(state: dict[str, Any]) -> dict[str, Any]:
    return state | {
        "id": UUID(state["id"]),
        "campaign_id": UUID(state["campaign_id"]),
        "governing_faction_id": _uuid(state["governing_faction_id"]),
        "controlling_house_id": _uuid(state["controlling_house_id"]),
    }


# The rows that stand, to fold in log order (projections/history.py `series_of`).
SERIES = (
    "SELECT phase, position, aggregate_id, kind, whole, state FROM phase_history"
    " WHERE campaign_id = %s AND NOT superseded ORDER BY position, aggregate_id"
)


def campaign_row(state: dict[str, Any]) -> dict[str, Any]:
    """A campaign's state as the `campaign` read answers it; also for a state rebuilt from events."""
    return _campaign(state)


def region_row(state: dict[str, Any]) -> dict[str, Any]:
    """A region's state as the `regions` read answers it; also for a state rebuilt from events."""
    return _region(state)
