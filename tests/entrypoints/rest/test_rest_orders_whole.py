"""Issue 12, finding 6, over REST: a faction's and a house's orders are read whole and strictly; a refused order
answers a coded problem naming the field and writes nothing."""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

import pytest
from starlette.testclient import TestClient

from domain.factionturn.aggregate.faction import Faction
from domain.gameofbones.aggregate.house import House
from service.bootstrap import Intrigue
from tests.entrypoints.rest.test_rest_phases import world  # noqa: F401 - the fixture: both rule systems, seats for each
from tests.support.rest_support import bearer, conforms


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        # The contract holds each action to its own fields (openapi.yaml FactionAction), as order_form.py does.
        (
            {"action": {"action": "Sell Asset", "asset_id": str(uuid4()), "strikes": []}},
            "INVALID_INPUT",
            "action: 'strikes' is not a field here",
        ),
        ({"raise_ratings": ["force"]}, "RULE_VIOLATION", "orders.raise_ratings[0]"),
        ({"goal": {"goal": "destroy_the_foe"}}, "INVALID_INPUT", "orders.goal"),
        # A well-formed id that names no region of the campaign: the rules refuse it (a malformed one, the contract).
        ({"defences": [{"region_id": str(uuid4())}]}, "INVALID_INPUT", "orders.defences[0].region_id"),
        ({"defences": [{"region_id": "nowhere"}]}, "INVALID_INPUT", "defences[0].region_id: 'nowhere' is not a 'uuid'"),
    ],
)
def test_a_faction_order_the_campaign_cannot_carry_out_is_refused(
    client: TestClient,
    intrigue: Intrigue,
    world: dict[str, Any],  # noqa: F811
    body: dict[str, Any],
    code: str,
    field: str,
) -> None:
    conforms(client.post(f"{world['base']}/phases", headers=bearer(world["gm"])))
    answer = conforms(
        client.put(
            f"{world['base']}/factions/{world['spies']}/orders", json=body, headers=bearer(world["spies_player"])
        )
    )
    assert answer.status_code in (409, 422) and answer.json()["code"] == code and field in answer.text, answer.text
    assert intrigue.store.load(UUID(world["spies"]), Faction).order is None


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"action": "Counterintelligence", "actor": "Baenre Matron", "power": 500}, "order.power"),
        (
            {"action": "Counterintelligence", "actor": "Baenre Matron", "target_character": "Zed"},
            "order.target_character",
        ),
    ],
)
def test_a_house_order_naming_what_its_action_does_not_read_is_refused(
    client: TestClient,
    intrigue: Intrigue,
    world: dict[str, Any],  # noqa: F811
    body: dict[str, Any],
    field: str,
) -> None:
    conforms(client.post(f"{world['base']}/phases", headers=bearer(world["gm"])))
    house_id = UUID(world["house"])
    before = intrigue.store.load(house_id, House).version
    answer = conforms(
        client.post(
            f"{world['base']}/houses/{world['house']}/actions", json=body, headers=bearer(world["house_player"])
        )
    )
    assert answer.status_code == 422 and answer.json()["code"] == "INVALID_INPUT" and field in answer.text, answer.text
    assert intrigue.store.load(house_id, House).version == before
