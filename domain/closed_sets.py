"""Every closed set a client can reach, by the name its GraphQL enum carries: the one source the GraphQL
enums are made from and the OpenAPI contract's enums are checked against (tests/test_closed_sets.py).

A set's values are the strings events, REST and the domain use ("Buy Asset", "open"); GraphQL spells each
value by its member name (BUY_ASSET, OPEN), as GraphQL enums are written (docs/architecture.md).
Open sets stay strings: a character's skills and a faction's tags are whatever the GM writes.
"""

from __future__ import annotations

from enum import StrEnum

from domain.campaign import CampaignPreset, PhaseStatus, RuleSystemName
from domain.enums import (
    AdjustField,
    AdjustMode,
    AggregateKind,
    ChangeKind,
    DeliveryState,
    DiceSource,
    DraftDecision,
    MemberKind,
    NewsKind,
    PhaseChange,
    Population,
    SummaryScope,
    Temperament,
    WebhookFormat,
)
from domain.factionturn.tables.enums import (
    AssetAttribute,
    AssetKind,
    AssetOutcome,
    Attribute,
    BookChoice,
    ExampleFactionName,
    FactionActionName,
    GoalKey,
    PermissionAnswer,
)
from domain.gameofbones.rules.gm_hooks import Hook
from domain.gameofbones.tables.enums import (
    Applies,
    Fate,
    HouseActionName,
    HuntResult,
    InfluenceSourceKey,
    SettleResult,
    Status,
)
from domain.seats import Role

CLOSED_SETS: dict[str, type[StrEnum]] = {
    "RuleSystem": RuleSystemName,
    "PhaseStatus": PhaseStatus,
    "CampaignPreset": CampaignPreset,
    "PhaseChange": PhaseChange,
    "SummaryScope": SummaryScope,
    "CampaignChangeKind": ChangeKind,
    "NewsKind": NewsKind,
    "WebhookFormat": WebhookFormat,
    "DeliveryState": DeliveryState,
    "SeatRole": Role,
    "Population": Population,
    "MemberKind": MemberKind,
    "AggregateKind": AggregateKind,
    "AdjustField": AdjustField,
    "AdjustMode": AdjustMode,
    "Attribute": Attribute,
    "AssetAttribute": AssetAttribute,
    "AssetKind": AssetKind,
    "AssetOutcome": AssetOutcome,
    "FactionActionName": FactionActionName,
    "GoalKey": GoalKey,
    "ExampleFactionName": ExampleFactionName,
    "PermissionAnswer": PermissionAnswer,
    "BookChoice": BookChoice,
    "HouseActionName": HouseActionName,
    "CharacterStatus": Status,
    "Fate": Fate,
    "SettleResult": SettleResult,
    "Temperament": Temperament,
    "DraftDecision": DraftDecision,
    "DiceSource": DiceSource,
    "HuntResult": HuntResult,
    "InfluenceSourceKey": InfluenceSourceKey,
    "CircumstanceHook": Hook,
    "CircumstanceApplies": Applies,
}
