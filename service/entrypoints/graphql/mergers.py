"""GraphQL for mergers (seed 002, Other Faction Rules): a faction's consent (its seat or the GM), the GM's merger.

`guards.POLICY`: `consentToMerger` to the GM or the faction's own seat, `mergeFactions` to the campaign's GM only.
"""

from __future__ import annotations

from uuid import UUID

import strawberry
from strawberry.scalars import JSON
from strawberry.types import Info

from service.entrypoints.graphql.context import intrigue, off_loop, on_loop, reads
from service.entrypoints.graphql.factionturn import Faction
from service.entrypoints.graphql.gm import Intervened, _by, _state
from service.entrypoints.graphql.types import as_json
from service.usecases.mergers import MergeFactions


@strawberry.type(description="A merger's result: the merged faction, the one dissolved into it, every d10 rolled "
                             "and the assets sold (seed 002, Mergers).")  # fmt: skip
class MergerResult:
    faction: Intervened
    dissolved: Intervened
    rolls: JSON
    sold: JSON


@strawberry.type
class MergerMutation:
    @strawberry.mutation(description="Record (consent: false withdraws) a faction's consent to merge with another; "
                                     "the faction's own seat or the GM on its behalf.")  # fmt: skip
    async def consent_to_merger(self, info: Info, campaign_id: UUID, faction_id: UUID, partner_id: UUID,
                                consent: bool = True) -> Faction:  # fmt: skip
        by = _by(info, campaign_id, "consent to a merger")
        await off_loop(intrigue(info).gm.consent_to_merger, by, faction_id, partner_id, consent)
        return Faction.seen_by(info, await on_loop(reads(info).one(faction_id, "faction")))

    @strawberry.mutation(description="Merge two factions that have both consented: `factionId` becomes the merged "
                         "faction, `partnerId` is dissolved into it. mergerScore 1-8 (6 the average); the GM's tags.")
    async def merge_factions(self, info: Info, campaign_id: UUID, faction_id: UUID, partner_id: UUID,
                             merger_score: int, tags: list[str], reason: str) -> MergerResult:  # fmt: skip
        command = MergeFactions(faction_id, partner_id, merger_score, list(tags))
        done = await off_loop(intrigue(info).gm.merge_factions, _by(info, campaign_id, reason), command)
        return MergerResult(faction=await _state(info, faction_id, "faction"),
                            dissolved=await _state(info, partner_id, "faction"), rolls=as_json(done.rolls),
                            sold=as_json(done.sold))  # fmt: skip
