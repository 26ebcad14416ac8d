"""The GM's assistant over REST (issue 19): the GM marks a power and reads it back, the audit trail records the
GM's seat on the change, and a player's seat is refused."""

from __future__ import annotations

import json

from starlette.testclient import TestClient

from tests.support.rest_support import API, bearer, conforms, new_campaign

REGIONS = [{"name": "Capital", "q": 0, "r": 0}, {"name": "Docks", "q": 1, "r": 0}]
CROWS = {"name": "Crows", "force": 4, "cunning": 3, "wealth": 3, "facgold": 10}


def test_the_gm_marks_a_power_over_rest_under_its_own_seat_and_a_player_is_refused(client: TestClient) -> None:
    campaign, gm = new_campaign(client, "assistant", rule_systems=["factionturn"], regions=REGIONS)
    base = f"{API}/campaigns/{campaign['id']}"
    home = campaign["regions"][0]["id"]
    crows = conforms(client.post(f"{base}/factions", json={**CROWS, "home_region_id": home}, headers=bearer(gm)))
    crows_id = crows.json()["id"]
    seated = conforms(client.post(f"{base}/seats", json={"role": "player", "faction_id": crows_id}, headers=bearer(gm)))
    player = seated.json()["token"]
    mark = {"gm_run": True, "temperament": None, "reason": "the Crows' player is away"}
    refused = conforms(client.put(f"{base}/assistant/powers/{crows_id}", json=mark, headers=bearer(player)))
    assert refused.status_code == 403
    marked = conforms(client.put(f"{base}/assistant/powers/{crows_id}", json=mark, headers=bearer(gm)))
    assert marked.status_code == 200, marked.text
    assert [p["member_id"] for p in marked.json()["powers"]] == [crows_id]
    assert conforms(client.get(f"{base}/assistant/powers", headers=bearer(gm))).json() == marked.json()
    assert conforms(client.get(f"{base}/assistant/powers", headers=bearer(player))).status_code == 403
    gm_seat = next(
        s["id"] for s in client.get(f"{base}/seats", headers=bearer(gm)).json()["seats"] if s["role"] == "gm"
    )
    trail = [json.loads(line) for line in client.get(f"{base}/events", headers=bearer(gm)).text.splitlines()]
    [change] = [e for e in trail if "the Crows' player is away" in json.dumps(e)]
    assert gm_seat in json.dumps(change)
