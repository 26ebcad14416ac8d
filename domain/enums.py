"""Closed sets the kernel owns, as enums whose values are the strings events and REST payloads carry.

The rule systems' own sets live beside their rules (domain/factionturn/tables/enums.py,
domain/gameofbones/tables/enums.py); domain/closed_sets.py names every closed set a client can reach.
"""

from __future__ import annotations

from enum import StrEnum


class Population(StrEnum):
    """Seed 002, "Arcana & Population of Home Region": the population column, smallest first."""

    RUINS = "Ruins"
    OUTPOST = "Outpost"
    MULTIPLE_DOZENS = "Multiple Dozens"
    HUNDREDS = "Hundreds"
    THOUSANDS = "Thousands"
    TENS_OF_THOUSANDS = "Tens of Thousands"
    UNKNOWN_OR_NON_HUMANOID = "Unknown or non-humanoid"


class MemberKind(StrEnum):
    """What plays in a campaign: a Faction Turn faction or a Game of Bones house."""

    FACTION = "faction"
    HOUSE = "house"


class AggregateKind(StrEnum):
    """The aggregates a campaign's state is rebuilt from."""

    CAMPAIGN = "campaign"
    REGION = "region"
    FACTION = "faction"
    HOUSE = "house"
    HOUSE_INTEL = "houseintel"  # what a house has learned, its own aggregate (domain/gameofbones/aggregate/intel.py)


class AdjustMode(StrEnum):
    """A GM adjustment sets the number or adds to it."""

    SET = "set"
    ADJUST = "adjust"


class AdjustField(StrEnum):
    """The numbers a GM adjustment (or a custom action's effect) may change: a faction's, then a house's."""

    FORCE = "force"
    CUNNING = "cunning"
    WEALTH = "wealth"
    HP = "hp"
    FACGOLD = "facgold"
    XP = "xp"
    INFLUENCE = "influence"
    POWER = "power"
    GOLD = "gold"


FACTION_FIELDS = (
    AdjustField.FORCE,
    AdjustField.CUNNING,
    AdjustField.WEALTH,
    AdjustField.HP,
    AdjustField.FACGOLD,
    AdjustField.XP,
)
HOUSE_FIELDS = (AdjustField.INFLUENCE, AdjustField.POWER, AdjustField.GOLD)


class PhaseChange(StrEnum):
    """What became of a phase, as the phaseResults subscription tells it."""

    RESOLVED = "resolved"
    ROLLED_BACK = "rolled back"


class SummaryScope(StrEnum):
    """How much of a resolved phase a seat's summary holds (service/usecases/visibility.py `summary_scope`): the GM
    every faction's and house's report and the GM's own turn summaries; a player its own member's report; an
    observer none; every seat the public chronicle."""

    GM = "gm"
    PLAYER = "player"
    OBSERVER = "observer"


class Temperament(StrEnum):
    """How the GM's assistant weighs a GM-run power's choices (issue 19): derived from its tags and goal unless
    the GM sets it (domain/assistant/temperaments.py)."""

    AGGRESSIVE = "aggressive"
    CAUTIOUS = "cautious"
    GREEDY = "greedy"
    SCHEMING = "scheming"


class DraftDecision(StrEnum):
    """What the GM did with a drafted order (issue 19): accepted as drafted, accepted after editing, or rejected."""

    ACCEPTED = "accepted"
    EDITED = "edited"
    REJECTED = "rejected"


class ChangeKind(StrEnum):
    """What changed in a campaign, as the campaignChanges subscription tells a seat (issue 18, Live): the phase
    clock moved, orders landed, the chronicle was published, or something else the seat may know of."""

    PHASE_OPENED = "phase opened"
    PHASE_RESOLVING = "phase resolving"
    PHASE_RESOLVED = "phase resolved"
    PHASE_ROLLED_BACK = "phase rolled back"
    ORDERS = "orders"
    CHRONICLE = "chronicle"
    OTHER = "other"


class NewsKind(StrEnum):
    """A kind of news a GM's webhook endpoint may ask for (issue 32; docs/webhooks.md): the phase clock, the published
    chronicle, the announced due time of the phase's orders, and the GM's test."""

    PHASE_OPENED = "phase_opened"
    PHASE_RESOLVED = "phase_resolved"
    PHASE_ROLLED_BACK = "phase_rolled_back"
    CHRONICLE_PUBLISHED = "chronicle_published"
    ORDERS_DUE_SOON = "orders_due_soon"
    TEST = "test"


class WebhookFormat(StrEnum):
    """How a webhook's body is shaped: Intrigue's own JSON, or a Discord or Slack incoming webhook's message."""

    JSON = "json"
    DISCORD = "discord"
    SLACK = "slack"


class DeliveryState(StrEnum):
    """Where a webhook delivery stands: still to be sent (or tried again later), delivered, or given up."""

    PENDING = "pending"
    DELIVERED = "delivered"
    GIVEN_UP = "given up"


class DiceSource(StrEnum):
    """Whose dice resolve a phase (issue 28): the server's, or the table's own physical dice, entered by the GM."""

    SERVER = "server"
    TABLE = "table"
