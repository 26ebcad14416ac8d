"""The read side survives any committed event (issue 12, finding 1, read side). Events are written here
straight to the store, past any input boundary, as an old version or an import could have written them:
text jsonb cannot hold is projected escaped and read back as stored, and an event whose fold still raises
stops its own campaign alone, says so, and is recovered with `intrigue projections retry`."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import httpx
import orjson
import pytest
from eventsourcing.persistence import StoredEvent
from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.commands import AddRegions, CreateCampaign, MapRegion, RollDice
from domain.dice import FixedDice, roll
from domain.region import Region
from projections.failures import ReadModelStoppedError
from projections.jsonsafe import MARK
from service import migrations
from service.app import IntrigueStore
from service.bootstrap import Intrigue
from service.database import Database
from service.http import create_app
from service.replay import divergences
from tests.service.processes import eventually, run

# Text a jsonb column cannot hold, text that looks like the escape, and a string as long as a whole narrative.
AWKWARD = ["Nul\x00in the name", f"{MARK}marked", "back\\slash \\0 and \\u0000", "\x00", "\ud800 alone", "x" * 100_000]


@pytest.fixture
def served(fresh_db: Database) -> Iterator[Intrigue]:
    intrigue = Intrigue(fresh_db)
    yield intrigue
    intrigue.close()


def commit(intrigue: Intrigue, *aggregates: Any) -> None:
    intrigue.wait_for_projections(intrigue.store.commit(*aggregates))


def raw(store: IntrigueStore, aggregate: Any, edit: Any) -> StoredEvent:
    """The aggregate's pending event as the store would write it, its JSON state edited."""
    stored = store.mapper.to_stored_event(aggregate.collect_events()[0])
    return StoredEvent(stored.originator_id, stored.originator_version, stored.topic, edit(stored.state))


def gql(intrigue: Intrigue, campaign_id: UUID, fields: str) -> dict[str, Any]:
    query = f"query($id: UUID!) {{ campaign(id: $id) {{ {fields} }} }}"
    with TestClient(create_app(intrigue)) as client:
        body: dict[str, Any] = client.post("/graphql", json={"query": query, "variables": {"id": str(campaign_id)}}).json()
    return body


def test_text_jsonb_cannot_hold_is_projected_escaped_and_read_back_as_it_was_stored(served: Intrigue) -> None:
    campaign = Campaign("Nul\x00campaign", ["factionturn"], None)  # the event itself: no boundary is passed
    regions = [Region.map(campaign.id, f"placeholder {q}", q, 0) for q in range(len(AWKWARD))]
    for region, name in zip(regions, AWKWARD, strict=True):  # as an import could bring them: JSON escapes
        campaign.enrol(region.id, "region")
        served.store.recorder.insert_events([raw(served.store, region, lambda state, n=name, r=region: state.replace(
            f'"placeholder {r.q}"'.encode(), json.dumps(n).encode()))])  # fmt: skip
    commit(served, campaign)
    assert served.catalog.campaign(campaign.id)["name"] == "Nul\x00campaign"
    assert sorted(r["name"] for r in served.catalog.regions(campaign.id)) == sorted(AWKWARD)
    # Over GraphQL (a lone surrogate has no UTF-8 form: the answer's encoder is not the read side's to choose).
    assert gql(served, campaign.id, "name")["data"]["campaign"] == {"name": "Nul\x00campaign"}
    assert divergences(served.store, served.state, campaign.id) == []
    healthy = served.campaigns.create_campaign(CreateCampaign("After", ["factionturn"], None, [MapRegion("A", 0, 0)]))
    assert served.catalog.campaign(healthy.id)["name"] == "After"


def test_structures_deeper_than_orjson_goes_are_projected(served: Intrigue) -> None:
    campaign = Campaign("Deep", ["factionturn"], None)
    commit(served, campaign)
    deep: Any = "\x00 at the bottom"
    for _ in range(150):  # 300 deep, as an `extras` object of orders was seen (issue 12)
        deep = {"down": [deep]}
    campaign.record_initiative("factionturn", [], ["deep"])  # the order is kept in the campaign's state
    nested = json.dumps(deep).encode()  # deeper than orjson reads or writes (254)
    served.store.recorder.insert_events([raw(served.store, campaign, lambda s: s.replace(b'["deep"]', b"[" + nested + b"]"))])
    served.wait_for_projections(served.store.recorder.max_notification_id())
    assert served.state.one(campaign.id, "campaign")["initiative"]["order"] == [deep]
    assert divergences(served.store, served.state, campaign.id) == []
