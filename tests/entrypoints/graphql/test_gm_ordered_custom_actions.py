"""A custom action the GM orders for a house or a faction (issue 25, items 4 and 8): the house's preview still
answers, for the GM and for its own seat, over GraphQL and REST, and offers a Cover Up of it sized by what it
dedicates; and REST, like GraphQL, shows the member's own seat the action but not the GM's seat or reason."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from tests.entrypoints.graphql.test_order_status import ORDER, ok, table
from tests.support.rest_support import API, bearer
from tests.support.service import gql_as

__all__ = ["table"]  # the campaign of test_order_status: five houses and the faction Spies, a phase open
REASON = "the party's cleric asked the matron for a shrine"
DEFINE = """mutation($c: UUID!, $i: CustomActionInput!, $r: String!) {
  defineCustomAction(campaignId: $c, input: $i, reason: $r) { key } }"""
ORDER_HOUSE_CUSTOM = """mutation($c: UUID!, $h: UUID!, $k: String!, $a: String!, $r: String!) {
  orderHouseCustomAction(campaignId: $c, houseId: $h, key: $k, actor: $a, reason: $r) { pendingActions { id } } }"""
ORDER_FACTION_CUSTOM = """mutation($c: UUID!, $f: UUID!, $k: String!, $r: String!) {
  orderCustomAction(campaignId: $c, factionId: $f, key: $k, reason: $r) { name } }"""
PREVIEW = """query($c: UUID!, $h: UUID!) { housePreview(campaignId: $c, houseId: $h) {
  action coveredActionId influenceRequirement allowed reason } }"""
SHRINE = {
    "key": "shrine",
    "name": "Raise a Shrine",
    "system": "GAME_OF_BONES",
    "duration": 3,
    "cost": 5_000,
    "dedicatedInfluence": 1_000,
    "dedicatedPower": 500,
}
BRIBE = {"key": "bribe", "name": "Bribe the Beholder", "system": "FACTION_TURN", "duration": 2, "cost": 1}


def _shrine_ordered(client: TestClient, t: dict[str, Any]) -> str:
    """The GM defines the shrine and orders it for Baenre; the pending action's id."""
    ok(gql_as(client, t["gm"], DEFINE, c=t["c"], i=SHRINE, r="homebrew"))
    ordered = ok(
        gql_as(
            client,
            t["gm"],
            ORDER_HOUSE_CUSTOM,
            c=t["c"],
            h=str(t["houses"][0].id),
            k="shrine",
            a="Baenre Matron",
            r=REASON,
        )
    )
    [pending] = ordered["orderHouseCustomAction"]["pendingActions"]
    return str(pending["id"])


def test_a_house_with_a_gm_ordered_custom_action_is_previewed_for_the_gm_and_its_own_seat(
    client: TestClient, t: dict[str, Any]
) -> None:
    custom_id = _shrine_ordered(client, t)
    baenre = str(t["houses"][0].id)
    for token in (t["gm"], t["baenre"]):
        options = ok(gql_as(client, token, PREVIEW, c=t["c"], h=baenre))["housePreview"]
        [cover] = [o for o in options if o["action"] == "COVER_UP"]
        # Seed 000, Cover Up: the covered action's requirements; a custom action's are what it dedicates.
        assert (cover["coveredActionId"], cover["influenceRequirement"], cover["allowed"]) == (custom_id, 1_500, True)
        rest = client.get(f"{API}/campaigns/{t['c']}/houses/{baenre}/preview", headers=bearer(token))
        assert rest.status_code == 200, rest.text
        [cover] = [o for o in rest.json() if o["action"] == "Cover Up"]
        assert (cover["covered_action_id"], cover["influence_requirement"]) == (custom_id, 1_500)
    cover_up = {"action": "COVER_UP", "actor": "Baenre Blade", "coveredActionId": custom_id}
    given = ok(gql_as(client, t["baenre"], ORDER, c=t["c"], h=baenre, o=cover_up))  # the preview's verdict holds
    assert sorted(a["action"] for a in given["orderHouseAction"]["pendingActions"]) == [
        "Cover Up",
        "Custom: Raise a Shrine",
    ]


def _reads(client: TestClient, t: dict[str, Any], token: str, *paths: str) -> list[Any]:
    answers = [client.get(f"{API}/campaigns/{t['c']}/{path}", headers=bearer(token)) for path in paths]
    assert all(a.status_code == 200 for a in answers), [a.text for a in answers]
    return [a.json() for a in answers]


def test_rest_shows_the_owning_seat_a_gm_ordered_custom_action_without_the_gms_seat_or_reason(
    client: TestClient, intrigue: Intrigue, t: dict[str, Any]
) -> None:
    _shrine_ordered(client, t)
    ok(gql_as(client, t["gm"], DEFINE, c=t["c"], i=BRIBE, r="homebrew"))
    ok(gql_as(client, t["gm"], ORDER_FACTION_CUSTOM, c=t["c"], f=t["spies"], k="bribe", r=REASON))
    house_paths = (f"houses/{t['houses'][0].id}/actions", "houses")
    faction_paths = (f"factions/{t['spies']}/orders", "factions")
    [actions, _], [orders, _] = _reads(client, t, t["gm"], *house_paths), _reads(client, t, t["gm"], *faction_paths)
    shrine, bribe = actions["actions"][0]["params"]["custom"], orders["orders"]["action"]["definition"]
    assert shrine["reason"] == bribe["reason"] == REASON and shrine["seat"] and bribe["seat"] == shrine["seat"]
    gm_seat = shrine["seat"]  # the GM's seat id, as the intervention recorded it

    house_reads, faction_reads = (
        _reads(client, t, t["baenre"], *house_paths),
        _reads(client, t, t["spy"], *faction_paths),
    )
    for read in (*house_reads, *faction_reads):
        assert REASON not in str(read) and gm_seat not in str(read), read
    shrine, bribe = house_reads[0]["actions"][0]["params"]["custom"], faction_reads[0]["orders"]["action"]["definition"]
    assert (shrine["name"], bribe["name"]) == ("Raise a Shrine", "Bribe the Beholder")  # the action itself shows
    assert not {"seat", "reason"} & (shrine.keys() | bribe.keys())

    intrigue.campaigns.resolve_phase(UUID(t["c"]))  # the bribe is now the faction's plan under way, one turn to go
    [factions] = _reads(client, t, t["spy"], "factions")
    spies = next(f for f in factions["factions"] if f["id"] == t["spies"])
    assert spies["multi_turn"]["definition"]["name"] == "Bribe the Beholder"
    assert REASON not in str(spies) and gm_seat not in str(spies)
    [factions] = _reads(client, t, t["gm"], "factions")  # the GM's trail keeps both
    spies = next(f for f in factions["factions"] if f["id"] == t["spies"])
    assert spies["multi_turn"]["definition"]["reason"] == REASON
