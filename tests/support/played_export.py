"""Write tests/data/: exports of two played campaigns, one per rule system, and the state their events replay to.

`python -m tests.support.played_export` plays them on an embedded PostgreSQL of its own (a tmp dir) and
rewrites the files. They were made before the aggregates moved packages (issue 13), so their events carry the
old topics (`domain.faction:Faction.Created`…); tests/service/persistence/test_old_topics.py replays them.
Regenerate only to add coverage, and only from a tree whose aggregates still sit where the committed files say they did.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any
from uuid import UUID

from domain.campaign import Campaign
from projections.state import public_state
from service.bootstrap import Intrigue
from service.persistence import database
from service.persistence.app import IntrigueStore
from service.usecases.interventions import By
from service.usecases.rewind import RollBackPhase
from service.usecases.transfer import export_lines
from tests.service.usecases.test_factionturn_play import play_phase, played
from tests.support.gameofbones_world import city, give_orders, register_five

DATA = Path(__file__).resolve().parent.parent / "data"
FILES = {"factionturn": DATA / "played_factionturn.ndjson", "gameofbones": DATA / "played_gameofbones.ndjson"}
STATE = DATA / "played_state.json"


def replayed_state(store: IntrigueStore, campaign_id: UUID) -> dict[str, Any]:
    """Every aggregate of the campaign as its events replay it, keyed by id, in plain JSON."""
    campaign: Campaign = store.repository.get(campaign_id)
    return {str(i): public_state(store.repository.get(i)) for i in [campaign_id, *campaign.member_ids()]}


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def play_factionturn(intrigue: Intrigue) -> UUID:
    """Six generated factions and The Wild play five phases; the fifth is rolled back and played again, and
    the GM adjusts a faction between phases."""
    campaign = played(intrigue, "old topics", 4)
    faction_id = next(UUID(i) for i, kind in campaign.members.items() if kind == "faction")
    intrigue.gm.adjust(By(campaign.id, "gm", "a windfall"), faction_id, "facgold", 3)
    play_phase(intrigue, campaign.id)
    intrigue.rewind.roll_back(RollBackPhase(campaign.id, 5, "a disputed phase"))
    intrigue.campaigns.resolve_phase(campaign.id)
    return campaign.id


def play_gameofbones(intrigue: Intrigue, months: int = 5) -> UUID:
    """Five houses of one city play `months` months of the plain policy's orders; the GM grants one influence."""
    campaign = intrigue.campaigns.create_campaign(city("old-topics"))
    houses = register_five(intrigue, intrigue.store.load(campaign.id, Campaign))
    intrigue.gm.adjust(By(campaign.id, "gm", "a patron's gift"), houses[-1].id, "influence", 500)
    for _ in range(months):
        intrigue.campaigns.open_phase(campaign.id)
        give_orders(intrigue, campaign.id)
        intrigue.campaigns.resolve_phase(campaign.id)
    return campaign.id


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        admin = database.start_embedded(Path(tmp) / "pgdata")
        db = database.create_database(admin, "played_export")
        intrigue = Intrigue(db)
        try:
            ids = {"factionturn": play_factionturn(intrigue), "gameofbones": play_gameofbones(intrigue)}
            state: dict[str, Any] = {}
            for system, campaign_id in ids.items():
                lines = list(export_lines(intrigue.store, db, campaign_id))
                FILES[system].write_text("".join(line + "\n" for line in lines))
                state[str(campaign_id)] = replayed_state(intrigue.store, campaign_id)
                print(f"{system}: {len(lines) - 1} events, {FILES[system].stat().st_size} bytes", file=sys.stderr)
            STATE.write_text(canonical(state))
        finally:
            intrigue.close()


if __name__ == "__main__":
    main()
