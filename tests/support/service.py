"""Helpers the service's and the entry points' tests share: GraphQL as a seat, a campaign with a hidden
asset, a replaying process. The `intrigue` and `client` fixtures are in tests/conftest.py."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from uuid import UUID, uuid4

from starlette.testclient import TestClient

from domain.commands import CreateCampaign, FoundFaction, MapRegion, StartingAsset
from domain.dice import RaisingDice
from domain.factionturn.aggregate.faction import Faction
from service.bootstrap import Intrigue
from service.persistence.database import Database


def gql(client: TestClient, query: str, **variables: object) -> dict[str, object]:
    response = client.post("/graphql", json={"query": query, "variables": variables})
    assert response.status_code == 200, response.text
    body: dict[str, object] = response.json()
    return body


def gql_as(client: TestClient, token: str, query: str, **variables: object) -> dict[str, object]:
    """GraphQL as the seat whose bearer token is `token` (a campaign's GM token comes from createCampaign)."""
    response = client.post(
        "/graphql", json={"query": query, "variables": variables}, headers={"Authorization": f"Bearer {token}"}
    )
    assert response.status_code == 200, response.text
    body: dict[str, object] = response.json()
    return body


def campaign_with_hidden_spies(intrigue: Intrigue, prefix: str) -> tuple[UUID, UUID, UUID]:
    """A Faction Turn campaign of one region and the faction Spies (FacGold 7) with a stealthed master assassin:
    the campaign, the region and the faction."""
    command = CreateCampaign(f"{prefix}-{uuid4().hex[:6]}", ["factionturn"], None, [MapRegion("A", 0, 0, arcana=4)])
    campaign = intrigue.campaigns.create_campaign(command)
    region_id = campaign.member_ids("region")[0]
    founded = intrigue.factionturn.found_faction(
        FoundFaction(campaign.id, "Spies", 2, 5, 2, region_id, facgold=7, assets=[StartingAsset("master_assassin")])
    )
    spies = intrigue.store.load(founded.id, Faction)
    assassin = next(a for a in spies.assets.values() if a.type_key == "master_assassin")
    spies.set_stealth(assassin.id, True, "test setup: hidden in the city")
    intrigue.wait_for_projections(intrigue.store.commit(spies))
    return campaign.id, region_id, spies.id


def raising_dice(campaign: object, stream: str) -> RaisingDice:
    return RaisingDice()


@contextmanager
def replaying(db: Database) -> Iterator[Intrigue]:
    """A second Intrigue on the same database, as a replaying process would be: every dice source raises, and
    it runs no projections of its own."""
    system = Intrigue(db, dice=raising_dice, run_projections=False, migrate=False)
    try:
        yield system
    finally:
        system.close()
