"""Every closed set a client can reach, by the name its GraphQL enum carries: the one source the GraphQL
enums are made from and the OpenAPI contract's enums are checked against (tests/test_closed_sets.py).

A set's values are the strings events, REST and the domain use ("Buy Asset", "open"); GraphQL spells each
value by its member name (BUY_ASSET, OPEN), as GraphQL enums are written (docs/architecture.md).
Open sets stay strings: a character's skills and a faction's tags are whatever the GM writes.
"""

from __future__ import annotations

from enum import StrEnum

from domain import campaign, enums, seats
from domain.factionturn.tables import enums as factionturn
from domain.gameofbones.rules.gm_hooks import Hook
from domain.gameofbones.tables import enums as gameofbones

CLOSED_SETS: dict[str, type[StrEnum]] = {
    "RuleSystem": campaign.RuleSystemName,
    "PhaseStatus": campaign.PhaseStatus,
    "CampaignPreset": campaign.CampaignPreset,
    "PhaseChange": enums.PhaseChange,
    "SummaryScope": enums.SummaryScope,
    "CampaignChangeKind": enums.ChangeKind,
    "NewsKind": enums.NewsKind,
    "WebhookFormat": enums.WebhookFormat,
    "DeliveryState": enums.DeliveryState,
    "SeatRole": seats.Role,
    "Population": enums.Population,
    "MemberKind": enums.MemberKind,
    "AggregateKind": enums.AggregateKind,
    "AdjustField": enums.AdjustField,
    "AdjustMode": enums.AdjustMode,
    "Attribute": factionturn.Attribute,
    "AssetAttribute": factionturn.AssetAttribute,
    "AssetKind": factionturn.AssetKind,
    "AssetOutcome": factionturn.AssetOutcome,
    "FactionActionName": factionturn.FactionActionName,
    "GoalKey": factionturn.GoalKey,
    "ExampleFactionName": factionturn.ExampleFactionName,
    "PermissionAnswer": factionturn.PermissionAnswer,
    "BookChoice": factionturn.BookChoice,
    "HouseActionName": gameofbones.HouseActionName,
    "CharacterStatus": gameofbones.Status,
    "Fate": gameofbones.Fate,
    "SettleResult": gameofbones.SettleResult,
    "Temperament": enums.Temperament,
    "DraftDecision": enums.DraftDecision,
    "DiceSource": enums.DiceSource,
    "HuntResult": gameofbones.HuntResult,
    "InfluenceSourceKey": gameofbones.InfluenceSourceKey,
    "CircumstanceHook": Hook,
    "CircumstanceApplies": gameofbones.Applies,
}
