"""GraphQL for the table's own dice (issue 28, item 3): set whose dice resolve a phase, step through the rolls
the rules need, enter their faces, abandon. Every field takes `campaignId` and is the campaign's GM's alone
(guards.POLICY); the use case is service/usecases/table_dice.py."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.dice import RollRequest
from domain.enums import DiceSource
from service.entrypoints.graphql.core.context import intrigue, off_loop
from service.entrypoints.graphql.core.guards import seat
from service.entrypoints.graphql.core.records import RollModifier
from service.usecases.table_dice import TableDiceStep as Step

Source = Annotated[
    DiceSource, strawberry.argument(description="The server's dice, or the table's own, entered by the GM.")
]
Faces = Annotated[
    list[int],
    strawberry.argument(description="The faces of the next roll, as many as its `count`, each 1 to its `sides`."),
]
CAMPAIGN = "The campaign it is about."
PHASE = "The campaign's current phase."


@strawberry.type(
    description="A roll the rules need, named: who rolls, what for, which dice and the modifiers; "
    "with the faces the table gave it once entered."
)
class TableRoll:
    expression: str = strawberry.field(
        description="The dice, as `1d10`, `2d6+2`, or `2d10kh1` (two d10, keep the highest)."
    )
    count: int = strawberry.field(description="How many dice to roll: enter exactly this many faces.")
    sides: int = strawberry.field(description="The sides of each die: a face is 1 to this.")
    keeps_highest: bool = strawberry.field(description="Whether only the highest face counts (bonus dice).")
    purpose: str = strawberry.field(description="What the roll decides.")
    rule: str = strawberry.field(description="The rule that asks for it (seed and section).")
    roller_id: UUID | None = strawberry.field(
        description="The faction or house that rolls; null for the GM's own "
        "rolls (the initiative) or a character the rules name."
    )
    roller: str = strawberry.field(
        description="Who rolls, by name: the faction's or house's, `GM`, or the character's."
    )
    modifiers: list[RollModifier] = strawberry.field(description="What is added to the kept face.")
    faces: list[int] | None = strawberry.field(description="The faces entered; null for the roll still wanted.")

    @classmethod
    def of(cls, step: Step, request: RollRequest, faces: tuple[int, ...] | None) -> TableRoll:
        return cls(
            expression=request.expression,
            count=request.count,
            sides=request.sides,
            keeps_highest=request.keeps_highest,
            purpose=request.purpose,
            rule=request.rule,
            roller_id=step.member_of(request.actor),
            roller=step.who(request.actor),
            modifiers=[RollModifier(source=m.source, value=m.value) for m in request.modifiers],
            faces=None if faces is None else list(faces),
        )


@strawberry.type(
    description="Where a phase resolved with the table's dice stands. Nothing of the phase is "
    "committed until the last roll is in."
)
class TableDiceStep:
    campaign_id: UUID = strawberry.field(description=CAMPAIGN)
    phase: int = strawberry.field(description=PHASE)
    entered: list[TableRoll] = strawberry.field(
        description="The rolls entered so far, in the order the rules asked for them."
    )
    next: TableRoll | None = strawberry.field(
        description="The next roll the resolution needs; null when none is "
        "left (enter no faces to resolve) or once resolved."
    )
    resolved: bool = strawberry.field(description="Whether the phase is now resolved with these rolls.")

    @classmethod
    def of(cls, step: Step) -> TableDiceStep:
        return cls(
            campaign_id=step.campaign_id,
            phase=step.phase,
            entered=[TableRoll.of(step, e.request, e.faces) for e in step.entered],
            next=None if step.next is None else TableRoll.of(step, step.next, None),
            resolved=step.resolved,
        )


@strawberry.type(description="Whose dice resolve a campaign's phases, as the GM set it.")
class DiceSourceSetting:
    campaign_id: UUID = strawberry.field(description=CAMPAIGN)
    phase: int = strawberry.field(description="The phase it is about (the current one unless one was named).")
    source: DiceSource = strawberry.field(description="Whose dice resolve that phase.")


@strawberry.type
class TableDiceQuery:
    @strawberry.field(description="Whose dice resolve a phase of the campaign: the current one, or `phase` (GM only).")
    async def dice_source(self, info: Info, campaign_id: UUID, phase: int | None = None) -> DiceSourceSetting:
        at, source = await off_loop(intrigue(info).table_dice.setting, campaign_id, phase)
        return DiceSourceSetting(campaign_id=campaign_id, phase=at, source=source)

    @strawberry.field(
        description="The next roll a table-dice resolution of the current phase needs, and the rolls "
        "entered so far (GM only; the phase's dice must be the table's)."
    )
    async def table_dice_step(self, info: Info, campaign_id: UUID) -> TableDiceStep:
        return TableDiceStep.of(await off_loop(intrigue(info).table_dice.step, campaign_id))


@strawberry.type
class TableDiceMutation:
    @strawberry.mutation(
        description="Set whose dice resolve the campaign's phases (no `phase`) or one phase not yet "
        "resolved (GM only; recorded as an event); answers that phase's (the current one's) "
        "setting. Faces entered for the current phase are dropped."
    )
    async def set_dice_source(
        self, info: Info, campaign_id: UUID, source: Source, phase: int | None = None
    ) -> DiceSourceSetting:
        found = seat(info)
        campaign = await off_loop(
            intrigue(info).table_dice.set_dice_source, campaign_id, source.value, phase, str(found.id) if found else ""
        )
        at = campaign.phase if phase is None else phase
        return DiceSourceSetting(campaign_id=campaign_id, phase=at, source=campaign.dice_source(at))

    @strawberry.mutation(
        description="Enter the faces of the next roll (`tableDiceStep.next`): exactly its count, "
        "each 1 to its sides, else refused and nothing kept. The last roll resolves the phase; "
        "no faces resolves a phase that needs no more rolls."
    )
    async def enter_table_dice(self, info: Info, campaign_id: UUID, faces: Faces) -> TableDiceStep:
        return TableDiceStep.of(await off_loop(intrigue(info).table_dice.enter, campaign_id, faces))

    @strawberry.mutation(description="Drop every face entered for the current phase; it stays open.")
    async def abandon_table_dice(self, info: Info, campaign_id: UUID) -> TableDiceStep:
        return TableDiceStep.of(await off_loop(intrigue(info).table_dice.abandon, campaign_id))
