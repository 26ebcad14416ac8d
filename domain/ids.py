"""Ids: UUIDs, with uuid5 of a natural key where one exists, so creation is idempotent."""

from __future__ import annotations

from typing import NewType
from uuid import UUID, uuid5

CampaignId = NewType("CampaignId", UUID)
RegionId = NewType("RegionId", UUID)
FactionId = NewType("FactionId", UUID)
HouseId = NewType("HouseId", UUID)


def region_id(campaign_id: UUID, q: int, r: int) -> RegionId:
    """A campaign has at most one region per hex."""
    return RegionId(uuid5(campaign_id, f"region:{q},{r}"))


def faction_id(campaign_id: UUID, name: str) -> FactionId:
    return FactionId(uuid5(campaign_id, f"faction:{name.strip().casefold()}"))


def house_id(campaign_id: UUID, name: str) -> HouseId:
    return HouseId(uuid5(campaign_id, f"house:{name.strip().casefold()}"))
