"""The demo campaign `make run` shows: seed 002's worked example map, with a city for the Game of Bones."""

from __future__ import annotations

from domain.campaign import Campaign
from domain.commands import CreateCampaign, MapRegion
from domain.hexmap import offset_of, rectangle
from service.bootstrap import Intrigue

DEMO_NAME = "The Shattered Empire"

# (column, row) on the 8x10 map -> name, arcana, population, tags; the homes of "A Month in the Life".
_SETTLED = {
    (7, 0): ("Remzal's Rest", 5, "Thousands", ["ancient ruin", "city"]),
    (1, 4): ("Crowfall", 4, "Multiple Dozens", ["village"]),
    (6, 8): ("The Fort-City", 4, "Hundreds", ["fortress"]),
    (4, 4): ("The Capital", 2, "Tens of Thousands", ["imperial capital"]),
    (0, 9): ("Goldbar Caverns", 4, "Outpost", ["coastal caverns"]),
}
_SWAMP = (5, 9)  # Charch-Go's lair: terrain 2 (seed 002 worked example)


def _region(column: int, row: int, q: int, r: int) -> MapRegion:
    if (column, row) in _SETTLED:
        name, arcana, population, tags = _SETTLED[(column, row)]
        return MapRegion(name, q, r, arcana=arcana, population=population, tags=tags, monthly_income=4000)
    if (column, row) == _SWAMP:
        return MapRegion("Charch-Go's Swamp", q, r, population="Unknown or non-humanoid", tags=["swamp"],
                         terrain_difficulty=2, wild=True)  # fmt: skip
    difficulty = (column * 3 + row * 5) % 7  # a fixed, varied wilderness
    return MapRegion(f"Wilds {column},{row}", q, r, population="Ruins", tags=["wilderness"],
                     terrain_difficulty=difficulty, wild=True)  # fmt: skip


def demo_command() -> CreateCampaign:
    regions = [_region(*offset_of(h), h.q, h.r) for h in rectangle()]
    return CreateCampaign(DEMO_NAME, ["factionturn", "gameofbones"], "demo", regions)


def seed_demo(intrigue: Intrigue) -> Campaign | None:
    """Create the demo campaign when the store holds no campaign yet; return it, or None if skipped."""
    if intrigue.catalog.campaigns(limit=1):
        return None
    return intrigue.campaigns.create_campaign(demo_command())
