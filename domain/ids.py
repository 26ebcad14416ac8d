"""Ids: UUIDs, with uuid5 of a natural key where one exists, so creation is idempotent."""

from __future__ import annotations

from hashlib import sha1
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


def uuid5_text(namespace: UUID, name: str) -> str:
    """`str(uuid5(namespace, name))` without building the UUID object: a Game of Bones month names every piece of
    knowledge so, thousands a phase, and the object's checks and formatting were most of it (issue 31, P6)."""
    digest = bytearray(sha1(namespace.bytes + name.encode("utf-8")).digest()[:16])
    digest[6] = (digest[6] & 0x0F) | 0x50  # RFC 4122: version 5
    digest[8] = (digest[8] & 0x3F) | 0x80  # RFC 4122: the variant
    x = digest.hex()
    return f"{x[:8]}-{x[8:12]}-{x[12:16]}-{x[16:20]}-{x[20:]}"
