"""housePreview(replacing:): an amendment's preview (the console's Orders screen, issue 18). The house is judged
as amendHouseAction judges the new order, with the pending action it replaces withdrawn first; nothing is written."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from domain.gameofbones.aggregate.house import House
from service.bootstrap import Intrigue
from tests.entrypoints.graphql.test_order_status import AMEND, ORDER, code, ok, smear, table
from tests.support.rest_support import API, bearer
from tests.support.service import gql_as

__all__ = ["table"]  # the campaign of test_order_status: five houses, a phase open
PREVIEW = """query($c: UUID!, $h: UUID!, $who: String!, $r: UUID) {
  housePreview(campaignId: $c, houseId: $h, actor: $who, replacing: $r) {
    action actor targetHouseId allowed reason rule } }"""


def _smear_verdict(options: list[dict[str, Any]], target: str) -> dict[str, Any]:
    return next(o for o in options if o["action"] == "SMEAR_CAMPAIGN" and o["targetHouseId"] == target)


def test_an_amendments_preview_frees_the_order_it_replaces_and_agrees_with_the_amendment(
    client: TestClient, intrigue: Intrigue, t: dict[str, Any]
) -> None:
    baenre, target = t["houses"][0].id, str(t["houses"][1].id)
    given = ok(gql_as(client, t["baenre"], ORDER, c=t["c"], h=str(baenre), o=smear(t)))
    action_id = given["orderHouseAction"]["pendingActions"][0]["id"]
    version = intrigue.store.load(baenre, House).version

    as_new = ok(gql_as(client, t["baenre"], PREVIEW, c=t["c"], h=str(baenre), who="Baenre Matron", r=None))
    refused = _smear_verdict(as_new["housePreview"], target)
    assert not refused["allowed"] and refused["rule"] == "seed 000, Lieutenants"  # she leads one already
    as_amendment = ok(gql_as(client, t["baenre"], PREVIEW, c=t["c"], h=str(baenre), who="Baenre Matron", r=action_id))[
        "housePreview"
    ]
    assert _smear_verdict(as_amendment, target)["allowed"]
    assert intrigue.store.load(baenre, House).version == version  # the preview wrote nothing
    rest = client.get(
        f"{API}/campaigns/{t['c']}/houses/{baenre}/preview",
        headers=bearer(t["baenre"]),
        params={"actor": "Baenre Matron", "replacing": action_id},
    )
    assert rest.status_code == 200
    assert next(o for o in rest.json() if o["action"] == "Smear Campaign" and o["target_house_id"] == target)["allowed"]

    amended = ok(gql_as(client, t["baenre"], AMEND, c=t["c"], h=str(baenre), a=action_id, o=smear(t)))
    assert [a["action"] for a in amended["amendHouseAction"]["pendingActions"]] == ["Smear Campaign"]


def test_replacing_an_order_the_house_never_gave_is_refused(client: TestClient, t: dict[str, Any]) -> None:
    baenre = str(t["houses"][0].id)
    unknown = "00000000-0000-4000-8000-000000000000"
    body = gql_as(client, t["baenre"], PREVIEW, c=t["c"], h=baenre, who="", r=unknown)
    assert code(body) == "NOT_FOUND"
    bad = client.get(
        f"{API}/campaigns/{t['c']}/houses/{baenre}/preview",
        headers=bearer(t["baenre"]),
        params={"replacing": "not-a-uuid"},
    )
    assert bad.status_code == 422
