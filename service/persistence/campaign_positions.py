"""The position a kept GraphQL answer of some campaigns is keyed on (service/persistence/answers.py): the state
read model's generation, and each campaign's own position and whether its read model stopped.

The query names campaigns or their members (service/entrypoints/graphql/answer_scope.py). On Citus a statement
that names its campaign is a router query (one shard), one that does not reads every shard (docs/scaling.md,
"Citus"). So the ids are turned into campaigns first, and a member's campaign, which never changes, is kept: an
id is first tried as a campaign's own (its campaign's row, a router query), and only an id that is not one (a
member's, seen for the first time by this process) is looked up on every shard. The position of one campaign is
then read by its campaign id alone, a router query.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from service.persistence.readpool import ReadPool
from service.persistence.replica import ReplicaReads

# A campaign's own row in the state read model: its `campaign_id` is its id (a campaign is its own campaign).
_OWN = "SELECT id FROM aggregate_state WHERE campaign_id = %s AND id = %s AND kind = 'campaign'"
_MEMBERS = "SELECT id, campaign_id FROM aggregate_state WHERE id = ANY(%s)"  # every shard: ids seen first
_AT = """SELECT g.current AS generation, p.campaign_id, p.position,
    EXISTS (SELECT 1 FROM read_model_failures f
            WHERE f.generation = g.current AND f.campaign_id = p.campaign_id) AS stopped
    FROM read_model_generation g
    LEFT JOIN campaign_position p ON p.campaign_id {match}
    WHERE g.name = 'state' ORDER BY p.campaign_id"""
_ONE = _AT.format(match="= %s")  # one campaign (or none found: NULL), a router query on Citus
_MANY = _AT.format(match="= ANY(%s)")  # a query of several campaigns reads their shards
KEPT = 100_000  # ids whose campaign is kept; past it the memory starts again


class CampaignPositions:
    """Where the campaigns of some ids stand in the state read model, each id's campaign kept once known."""

    def __init__(self, reads: ReadPool | ReplicaReads) -> None:
        self.reads = reads
        self.campaign_of: dict[UUID, UUID] = {}

    async def of(self, ids: tuple[UUID, ...]) -> tuple[Any, ...]:
        """The generation, then (campaign, position, stopped) per campaign found, in campaign order; (None, None,
        False) when none is (ids of nothing projected yet)."""
        campaigns = sorted(await self._campaigns(ids))
        if len(campaigns) > 1:
            rows = await self.reads.rows(_MANY, (campaigns,))
        else:
            rows = await self.reads.rows(_ONE, (campaigns[0] if campaigns else None,))
        return (rows[0]["generation"], *((r["campaign_id"], r["position"], r["stopped"]) for r in rows))

    async def _campaigns(self, ids: tuple[UUID, ...]) -> set[UUID]:
        unknown = [i for i in ids if i not in self.campaign_of]
        if len(self.campaign_of) + len(unknown) > KEPT:
            self.campaign_of.clear()
        members = []
        for candidate in unknown:
            if await self.reads.rows(_OWN, (candidate, candidate)):
                self.campaign_of[candidate] = candidate
            else:
                members.append(candidate)
        if members:
            for row in await self.reads.rows(_MEMBERS, (members,)):
                self.campaign_of[row["id"]] = row["campaign_id"]
        return {self.campaign_of[i] for i in ids if i in self.campaign_of}
