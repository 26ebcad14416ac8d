"""What the fuzz tests stand on: a played-looking campaign of both rule systems, and the rules every answer keeps.

The campaign has regions (one of them wild, with its monster), two factions with assets, two houses with
lieutenants, troops and areas, a player seat for each kind, and an open phase, so generated requests reach the
rules instead of stopping at NOT_FOUND.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from uuid import UUID

import psycopg

from domain.campaign import Campaign
from domain.commands import (
    CreateCampaign,
    FoundFaction,
    MapRegion,
    RegisterHouse,
    StartingArea,
    StartingAsset,
    StartingMember,
    StartingPriest,
)
from domain.factionturn.aggregate.faction import Faction
from domain.gameofbones.tables.records import Character
from service.bootstrap import Intrigue

SKILLS = ("Gather Information", "Sense Motive", "Diplomacy", "Bluff", "Innuendo", "Intimidate", "Hide", "Reflex save")
_BEHOLDER = {"name": "Charch-Go", "cr": 13, "hp": 189, "hit_dice": "18d10+90"}

# Text that only a server's insides write: Python exceptions, SQL and PostgreSQL/psycopg messages. An answer
# carrying any of it leaks internals (issue 12, section 5: "no Python, SQL or driver text ever reaches a client").
_INTERNAL = (
    r"Traceback \(most recent call last\)",
    r"object has no attribute",
    r"object is not subscriptable",
    r"object is not iterable",
    r"is not JSON serializable",
    r"unsupported operand type",
    r"(?:Key|Type|Value|Attribute|Index|Name|Assertion|Runtime|Lookup|Unicode\w*)Error\b",
    r"NoneType",
    r"takes \d+ positional argument",
    r"got an unexpected keyword argument",
    r"missing \d+ required positional argument",
    r"invalid literal for int\(\)",
    r"\bpsycopg\b",
    r"\bpsql\b",
    r"\bpg_\w+",
    r"DETAIL:",
    r"CONTEXT:",
    r"HINT:",
    r"SQLSTATE",
    r"\bSELECT\b.+\bFROM\b",
    r"\bINSERT INTO\b",
    r"\bUPDATE\b.+\bSET\b",
    r"violates \w+ constraint",
    r"duplicate key value",
    r"relation \"\w+\"",
    r"syntax error at or near",
    r"terminating connection",
    r"too many clients",
    r"server closed the connection",
    r"current transaction is aborted",
    r"invalid input syntax for",
    r"out of range for type",
    r"jsonb",
    r"\\u0000 cannot be converted",
    r"intrigue_events",
    r"File \"[^\"]+\.py\"",
    r"line \d+, in \w+",
)
INTERNAL_TEXT = re.compile("|".join(_INTERNAL))


def internal_text(answer: str, sent: Iterable[str]) -> str | None:
    """The first piece of server-internal text in an answer, if any. Text that a request of the run sent is no
    leak when an answer quotes it back: generated input may hold any words, and reads return what was stored."""
    for found in INTERNAL_TEXT.finditer(answer):
        if not any(found.group(0) in text for text in sent):
            return found.group(0)
    return None


class EventRows:
    """How many events the store holds, on a connection of its own: a refused request must leave it unchanged."""

    def __init__(self, intrigue: Intrigue) -> None:
        self._connection = psycopg.connect(intrigue.db.conninfo, autocommit=True)
        self._sql = f"SELECT count(*) FROM {intrigue.store.name.lower()}_events"

    def __call__(self) -> int:
        row = self._connection.execute(self._sql).fetchone()  # type: ignore[arg-type]
        assert row is not None
        return int(row[0])

    def close(self) -> None:
        self._connection.close()


@dataclass
class World:
    campaign_id: UUID
    gm_token: str
    player_tokens: dict[str, str]  # "faction" / "house" -> a player seat's token
    ids: dict[str, list[str]] = field(default_factory=dict)  # kind -> ids: region, faction, house, asset, seat...

    def of(self, *kinds: str) -> list[str]:
        return [i for kind in kinds for i in self.ids.get(kind, [])]


def _person(name: str, level: int) -> Character:
    return Character(name, level, dict.fromkeys(SKILLS, level // 2 + 2))


def build_world(intrigue: Intrigue, name: str) -> World:
    """A campaign of both rule systems with every kind of member, a seat of each role, and phase 1 open."""
    regions = [
        MapRegion(f"{name} ward {i}", i % 3, i // 3, arcana=i % 5, tags=["city"], monthly_income=3_000)
        for i in range(5)
    ]
    regions.append(
        MapRegion(
            f"{name} swamp",
            2,
            2,
            population="Unknown or non-humanoid",
            terrain_difficulty=2,
            wild=True,
            monster=_BEHOLDER,
        )
    )
    started = intrigue.seats.start_campaign(CreateCampaign(name, ["factionturn", "gameofbones"], "fuzz", regions))
    campaign = started.campaign
    region_ids = [r["id"] for r in intrigue.catalog.regions(campaign.id)]
    factions = [
        intrigue.factionturn.found_faction(
            FoundFaction(
                campaign.id,
                "Crows",
                3,
                5,
                4,
                region_ids[0],
                facgold=12,
                xp=8,
                assets=[StartingAsset("informers"), StartingAsset("thugs"), StartingAsset("smugglers")],
            )
        ),
        intrigue.factionturn.found_faction(
            FoundFaction(
                campaign.id,
                "Republic",
                5,
                3,
                4,
                region_ids[1],
                facgold=8,
                xp=2,
                assets=[StartingAsset("militia_unit"), StartingAsset("thugs", region_ids[2])],
            )
        ),
    ]
    intrigue.factionturn.populate_the_wild(campaign.id)
    houses = [
        intrigue.gameofbones.register_house(
            RegisterHouse(
                campaign.id,
                house,
                _person(f"{house} Matron", 14),
                100_000,
                [_person(f"{house} Blade", 9), _person(f"{house} Wizard", 8)],
                [StartingMember(f"{house} guard {i}", {"fighter": 10}) for i in range(4)],
                [StartingPriest(f"{house} priestess", 3)],
                influence=30_000 - 10_000 * index,
                areas=[StartingArea(UUID(str(region_ids[index + 2])), troops=2_000)],
            )
        )
        for index, house in enumerate(("Varn", "Droste"))
    ]
    faction_seat = intrigue.seats.create_seat(campaign.id, "player", "Crows' player", factions[0].id, None)
    house_seat = intrigue.seats.create_seat(campaign.id, "player", "Varn's player", None, houses[0].id)
    intrigue.campaigns.open_phase(campaign.id)
    rows = intrigue.catalog.regions(campaign.id)
    every = intrigue.store.load(campaign.id, Campaign)
    state = [intrigue.store.load(i, Faction) for i in every.member_ids("faction")]  # The Wild's too
    return World(
        campaign.id,
        started.gm.token,
        {"faction": faction_seat.token, "house": house_seat.token},
        {
            "region": [str(r["id"]) for r in rows],
            "faction": [str(f.id) for f in state],
            "house": [str(h.id) for h in houses],
            "asset": [str(a) for f in state for a in f.assets],
            "seat": [str(started.gm.seat.id), str(faction_seat.seat.id), str(house_seat.seat.id)],
            "character": [c for h in houses for c in (h.leader.name, *h.lieutenants)],
        },
    )
