"""Who intervenes in a campaign and why: every GM intervention carries it onto the events it writes."""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID


@dataclass(frozen=True)
class By:
    """Who intervenes in which campaign, and why: recorded on every event the intervention writes."""

    campaign_id: UUID
    seat: str
    reason: str
