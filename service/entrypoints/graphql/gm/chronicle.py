"""GraphQL for the GM's phase chronicle: the gossip every seat hears once published, and the GM's own summaries.

Every mutation takes `campaignId`, so `guards.POLICY` gives it to the campaign's GM only; `chronicle` is public;
`chronicleDraft` and `gmChronicle` are the GM's (see POLICY).
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

import strawberry
from strawberry.types import Info

from service.entrypoints.graphql.campaign.types import uuid_or_none
from service.entrypoints.graphql.core.context import intrigue, off_loop
from service.entrypoints.graphql.gm.hand import _by, _id


@strawberry.type(description="The public gossip of one turn (seed 002: 1-2 lines), and who spreads it.")
class Gossip:
    actor_id: UUID | None = strawberry.field(description="The faction or house whose turn it tells.")
    lines: list[str] = strawberry.field(
        description="The gossip itself: one or two lines of text, as every seat hears it (seed 002, Procedure)."
    )
    spin: str = strawberry.field(description="The spin it carries, if any.")


@strawberry.type(description="The GM's summary of one turn; actorId is null for the GM's note on the phase.")
class TurnSummary:
    actor_id: UUID | None = strawberry.field(description="The faction or house the turn was; empty for the phase note.")
    text: str = strawberry.field(description="The GM's summary of the turn, in words; it may tell secrets.")


@strawberry.type
class GMChronicleMutation:
    @strawberry.mutation(
        description="Draft a resolved phase's summaries and gossip from its events where none is "
        "written (the resolution drafts them already); answers the unpublished drafts."
    )
    async def draft_chronicle(self, info: Info, campaign_id: UUID, phase: int) -> list[Gossip]:
        app = intrigue(info)
        await off_loop(app.chronicle.draft, campaign_id, phase, _by(info, campaign_id, "draft").seat)
        return gossip_of(await off_loop(app.chronicle.drafts, campaign_id, phase))

    @strawberry.mutation(description="Write the GM's summary of a turn (actorId empty: a note on the whole phase).")
    async def write_turn_summary(
        self,
        info: Info,
        campaign_id: UUID,
        phase: int,
        text: Annotated[
            str,
            strawberry.argument(
                description="The GM's summary of the turn, in words (secrets allowed: only the GM reads it)."
            ),
        ],
        actor_id: Annotated[
            UUID | None,
            strawberry.argument(description="The faction or house whose turn it is; empty for the phase note."),
        ] = None,
        reason: str = "edited by the GM",
    ) -> list[TurnSummary]:
        app = intrigue(info)
        await off_loop(app.chronicle.write_summary, _by(info, campaign_id, reason), phase, _id(actor_id), text)
        return summaries_of(await off_loop(app.chronicle.gm_notes, campaign_id, phase))

    @strawberry.mutation(
        description="Write a turn's public gossip (1-2 lines, none to withdraw it) and its spin; "
        "with `draft`, edit the unpublished draft instead (answering the drafts)."
    )
    async def write_gossip(
        self,
        info: Info,
        campaign_id: UUID,
        phase: int,
        actor_id: Annotated[UUID, strawberry.argument(description="The faction or house who spreads it.")],
        lines: Annotated[list[str], strawberry.argument(description="The gossip's lines (seed 002: 1-2).")],
        spin: Annotated[str, strawberry.argument(description="The spin it carries.")] = "",
        reason: str = "edited by the GM",
        draft: Annotated[
            bool,
            strawberry.argument(
                description="Keep it among the drafts (no player hears it) rather than the published chronicle."
            ),
        ] = False,
    ) -> list[Gossip]:
        app = intrigue(info)
        by = _by(info, campaign_id, reason)
        if draft:
            await off_loop(app.chronicle.write_draft, by, phase, str(actor_id), lines, spin)
            return gossip_of(await off_loop(app.chronicle.drafts, campaign_id, phase))
        await off_loop(app.chronicle.write_gossip, by, phase, str(actor_id), lines, spin)
        return gossip_of(await off_loop(app.chronicle.public, campaign_id, phase))

    @strawberry.mutation(description="Publish a phase's drafted gossip: every seat hears it from now on.")
    async def publish_chronicle(
        self, info: Info, campaign_id: UUID, phase: int, reason: str = "published by the GM"
    ) -> list[Gossip]:
        app = intrigue(info)
        await off_loop(app.chronicle.publish, _by(info, campaign_id, reason), phase)
        return gossip_of(await off_loop(app.chronicle.public, campaign_id, phase))


@strawberry.type
class GMQuery:
    @strawberry.field(description="The public chronicle of a phase: what every seat hears.")
    async def chronicle(self, info: Info, campaign_id: UUID, phase: int) -> list[Gossip]:
        return gossip_of(await off_loop(intrigue(info).chronicle.public, campaign_id, phase))

    @strawberry.field(description="The GM's: a phase's drafted gossip, not yet published (no player hears it).")
    async def chronicle_draft(self, info: Info, campaign_id: UUID, phase: int) -> list[Gossip]:
        return gossip_of(await off_loop(intrigue(info).chronicle.drafts, campaign_id, phase))

    @strawberry.field(description="The GM's summaries of a phase, secrets included: the GM's seat only.")
    async def gm_chronicle(self, info: Info, campaign_id: UUID, phase: int) -> list[TurnSummary]:
        return summaries_of(await off_loop(intrigue(info).chronicle.gm_notes, campaign_id, phase))


def gossip_of(entries: dict[str, dict[str, Any]]) -> list[Gossip]:
    return [
        Gossip(actor_id=uuid_or_none(k), lines=list(v["lines"]), spin=str(v["spin"]))
        for k, v in sorted(entries.items())
    ]


def summaries_of(entries: dict[str, str]) -> list[TurnSummary]:
    return [TurnSummary(actor_id=uuid_or_none(k), text=v) for k, v in sorted(entries.items())]
