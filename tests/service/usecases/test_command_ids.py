"""A command's ids in any spelling `uuid.UUID` reads are the ids they spell, stored canonical (issue 31, import ids):
through the use cases, REST and GraphQL alike, a faction's orders and a house's order name their members as the
product writes them; a well-formed id that names no member is refused, writing nothing."""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

import pytest
from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.errors import InvalidInputError, NotFoundError
from domain.factionturn.aggregate.faction import Faction
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName
from service.bootstrap import Intrigue
from service.usecases.interventions import By
from tests.entrypoints.rest.test_rest_phases import world  # noqa: F401 - the fixture: both rule systems, seats for each
from tests.support.gameofbones_world import city, register_five
from tests.support.rest_support import bearer, conforms
from tests.support.service import gql_as

SUBMIT = """mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { name } }"""


def upper(value: str) -> str:
    return value.upper()


def braced_hex(value: str) -> str:
    return "{" + UUID(value).hex + "}"


def _orders(intrigue: Intrigue, faction: str) -> dict[str, Any] | None:
    order: dict[str, Any] | None = intrigue.store.load(UUID(faction), Faction).order
    return order


def _opened(client: TestClient, world: dict[str, Any]) -> UUID:  # noqa: F811 (the fixture's value)
    """The world's campaign, its first phase opened."""
    conforms(client.post(f"{world['base']}/phases", headers=bearer(world["gm"])))
    return UUID(world["base"].rsplit("/", 1)[1])


def _standing(guards: str) -> dict[str, Any]:
    """What the orders below stand for once stored: the guards named as the product names them."""
    return {"permissions": [{"faction_id": guards, "answer": "grant"}], "allow_seizure": [guards]}


def _stored(order: dict[str, Any] | None) -> dict[str, Any]:
    assert order is not None
    return {"permissions": list(order["permissions"]), "allow_seizure": list(order["allow_seizure"])}


@pytest.mark.parametrize("spell", [upper, braced_hex])
def test_a_faction_order_naming_a_rival_in_another_spelling_is_stored_canonical(
    intrigue: Intrigue,
    client: TestClient,
    world: dict[str, Any],  # noqa: F811
    spell: Any,
) -> None:
    cid, spies, guards = _opened(client, world), world["spies"], world["guards"]
    orders = {"permissions": [{"faction_id": spell(guards), "answer": "grant"}], "allow_seizure": [spell(guards)]}

    intrigue.factionturn.submit_orders(cid, UUID(spies), orders)

    assert _stored(_orders(intrigue, spies)) == _standing(guards)


def test_a_faction_order_over_rest_and_over_graphql_stores_an_upper_case_id_as_the_product_writes_it(
    intrigue: Intrigue,
    client: TestClient,
    world: dict[str, Any],  # noqa: F811
) -> None:
    """The contract's `format: uuid` takes upper case, as GraphQL's `UUID` does: both now store the same order
    (REST's used to be refused, "no faction ... in this campaign", where GraphQL's was kept)."""
    cid, spies, guards = str(_opened(client, world)), world["spies"], world["guards"]
    body = {"permissions": [{"faction_id": upper(guards), "answer": "grant"}], "allow_seizure": [upper(guards)]}
    answer = conforms(client.put(f"{world['base']}/factions/{spies}/orders", json=body, headers=bearer(world["gm"])))
    assert answer.status_code == 200, answer.text
    over_rest = _stored(_orders(intrigue, spies))

    typed = {"permissions": [{"factionId": upper(guards), "answer": "GRANT"}], "allowSeizure": [upper(guards)]}
    answered = gql_as(client, world["gm"], SUBMIT, c=cid, f=spies, o=typed)
    assert "errors" not in answered, answered

    assert over_rest == _stored(_orders(intrigue, spies)) == _standing(guards)


def test_a_faction_order_naming_no_member_is_refused_and_writes_nothing(
    intrigue: Intrigue,
    client: TestClient,
    world: dict[str, Any],  # noqa: F811
) -> None:
    cid, spies, stranger = _opened(client, world), world["spies"], str(uuid4())
    with pytest.raises(InvalidInputError) as refused:
        intrigue.factionturn.submit_orders(cid, UUID(spies), {"permissions": [{"faction_id": upper(stranger)}]})
    assert refused.value.message == f"orders.permissions[0].faction_id: no faction {stranger} in this campaign"
    with pytest.raises(InvalidInputError) as named:  # a name is no id (REST's contract and GraphQL refuse it before)
        intrigue.factionturn.submit_orders(cid, UUID(spies), {"allow_seizure": ["Guards"]})
    assert named.value.message == "orders.allow_seizure[0]: no faction Guards in this campaign"
    assert _orders(intrigue, spies) is None


@pytest.fixture
def houses(intrigue: Intrigue) -> tuple[UUID, House, House]:
    campaign = intrigue.campaigns.create_campaign(city("ids"))
    first, second, *_ = register_five(intrigue, intrigue.store.load(campaign.id, Campaign))
    intrigue.campaigns.open_phase(campaign.id)
    return campaign.id, first, second


@pytest.mark.parametrize("spell", [upper, braced_hex])
def test_a_house_order_built_in_code_naming_its_rival_in_another_spelling_is_stored_canonical(
    intrigue: Intrigue, houses: tuple[UUID, House, House], spell: Any
) -> None:
    cid, house, rival = houses
    order = Order(ActionName.SMEAR_CAMPAIGN, "Baenre Matron", spell(str(rival.id)))

    pending = intrigue.gameofbones.order_action(cid, house.id, order)

    assert pending.target_house_id == str(rival.id)
    stored = intrigue.store.load(house.id, House).pending_action(pending.id)
    assert stored.target_house_id == str(rival.id)


def test_a_house_order_naming_no_house_of_the_campaign_is_refused_and_writes_nothing(
    intrigue: Intrigue, houses: tuple[UUID, House, House]
) -> None:
    cid, house, _ = houses
    stranger = str(uuid4())
    with pytest.raises(NotFoundError) as refused:
        intrigue.gameofbones.order_action(cid, house.id, Order(ActionName.SMEAR_CAMPAIGN, "Baenre Matron", stranger))
    assert refused.value.message == f"Smear Campaign needs a rival house; {stranger} is not one"
    assert intrigue.store.load(house.id, House).version == house.version


def test_a_gm_intervention_over_rest_naming_an_asset_in_upper_case_changes_that_asset(
    intrigue: Intrigue,
    client: TestClient,
    world: dict[str, Any],  # noqa: F811
) -> None:
    """An asset's id is kept as text by its faction; REST's body gives it as sent, GraphQL's `UUID` canonical."""
    spies = intrigue.store.load(UUID(world["spies"]), Faction)
    assassin = next(a for a in spies.assets.values() if a.type_key == "master_assassin")
    assert assassin.stealthed
    body = {"faction_id": world["spies"], "asset_id": upper(assassin.id), "outcome": "reveal", "reason": "seen"}
    answer = conforms(
        client.post(f"{world['base']}/interventions/asset-adventures", json=body, headers=bearer(world["gm"]))
    )
    assert answer.status_code == 200, answer.text
    assert not intrigue.store.load(UUID(world["spies"]), Faction).assets[assassin.id].stealthed


def test_gossip_about_a_faction_spelt_in_upper_case_is_kept_under_its_id_and_about_no_member_refused(
    intrigue: Intrigue,
    client: TestClient,
    world: dict[str, Any],  # noqa: F811
) -> None:
    cid, spies = _opened(client, world), world["spies"]
    by = By(cid, "gm", "the town crier")
    intrigue.chronicle.write_gossip(by, 1, upper(spies), ["The Spies were seen."])
    assert list(intrigue.chronicle.public(cid, 1)) == [spies]
    stranger = str(uuid4())
    for write in (intrigue.chronicle.write_gossip, intrigue.chronicle.write_draft):
        with pytest.raises(NotFoundError) as refused:
            write(by, 1, stranger, ["Nobody was seen."])
        assert refused.value.message == f"no faction or house {stranger} in this campaign"
    with pytest.raises(NotFoundError):
        intrigue.chronicle.write_summary(by, 1, stranger, "Nobody's turn.")
    assert list(intrigue.chronicle.public(cid, 1)) == [spies] and intrigue.chronicle.drafts(cid, 1) == {}
