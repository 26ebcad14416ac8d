"""The demo campaign `make run` shows: the DEMO preset (service/usecases/presets.py), seed 002's worked
example map and factions, with houses playing the Game of Bones over its settled areas."""

from __future__ import annotations

from domain.campaign import Campaign
from domain.commands import CreateCampaign
from service.bootstrap import Intrigue
from service.usecases.presets import CampaignPreset, populate, preset_command

DEMO_NAME = "The Shattered Empire"


def demo_command() -> CreateCampaign:
    return preset_command(DEMO_NAME, ["factionturn", "gameofbones"], "demo")


def seed_demo(intrigue: Intrigue) -> Campaign | None:
    """Create the demo campaign when the store holds no campaign yet; return it, or None if skipped."""
    if intrigue.catalog.campaigns(limit=1):
        return None
    campaign = intrigue.campaigns.create_campaign(demo_command())
    populate(intrigue, campaign.id, CampaignPreset.DEMO)
    return intrigue.store.load(campaign.id, Campaign)
