"""A faction's player, with its own seat token and GraphQL only, plays two phases (an attack, then a purchase) while
the GM opens and resolves them, and learns from `phaseReport` and its faction what the rules let it learn."""

from __future__ import annotations

from math import ceil
from typing import Any

from starlette.testclient import TestClient

from domain.factionturn.aggregate.holdings import max_hp_for
from tests.support.service import gql, gql_as

CREATE = "mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken } }"
FOUND = "mutation($c: UUID!, $i: FoundFactionInput!) { foundFaction(campaignId: $c, input: $i) { id } }"
SEAT = """mutation($c: UUID!, $f: UUID!) { createSeat(campaignId: $c, input: {role: PLAYER, factionId: $f}) {
  token } }"""
FACTION = """query($id: UUID!) { faction(id: $id) { name force cunning wealth hp facgold homeRegionId
  assets { id typeKey hp regionId } } }"""
MAP = "query($c: UUID!) { campaign(id: $c) { phase phaseStatus regions { id name } } }"
RIVALS = "query($c: UUID!) { factions(campaignId: $c) { id name facgold assets { id typeKey hp } } }"
SUBMIT = """mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { name } }"""
ROLL = "expression faces modifiers { source value } base total purpose rule actor"
REPORT = f"""query($c: UUID!, $p: Int!) {{ phaseReport(campaignId: $c, phase: $p) {{ phase kind memberId initiative
  orders {{ action outcome rolls {{ total }} }} rolls {{ {ROLL} }} income costs ledger {{ amount reason }}
  damageTaken {{ memberId assetId amount hpLeft byMemberId reason rolls {{ {ROLL} }} }}
  damageDealt {{ memberId assetId amount hpLeft byMemberId reason rolls {{ {ROLL} }} }} learned {{ kind }} }} }}"""

BUYABLE = """query($c: UUID!, $f: UUID!) { buyableAssets(campaignId: $c, factionId: $f) {
  typeKey cost rating attribute } }"""
HEARD = """subscription($c: UUID!) { phaseResults(campaignId: $c) { phase status
  report { income costs ledger { amount reason } orders { action } } } }"""


def ok(body: dict[str, Any]) -> Any:
    assert "errors" not in body, body["errors"]
    return body["data"]


def test_a_faction_player_plays_a_phase_and_learns_its_income_purchase_rolls_and_damage(client: TestClient) -> None:
    regions = [{"name": "Harbour", "q": 0, "r": 0, "arcana": 4}, {"name": "Hills", "q": 1, "r": 0, "arcana": 4}]
    created = ok(
        gql(
            client,
            CREATE,
            input={
                "name": "Report play",
                "ruleSystems": ["FACTION_TURN"],
                "diceSeed": "phase report",
                "regions": regions,
            },
        )
    )
    created = created["createCampaign"]
    gm, c = created["gmToken"], created["id"]
    harbour = ok(gql_as(client, gm, MAP, c=c))["campaign"]["regions"][0]["id"]
    red = ok(
        gql_as(
            client,
            gm,
            FOUND,
            c=c,
            i={
                "name": "Red",
                "force": 4,
                "cunning": 3,
                "wealth": 3,
                "facgold": 10,
                "homeRegionId": harbour,
                "assets": [{"typeKey": "zealots"}],
            },
        )
    )["foundFaction"]["id"]
    blue = ok(
        gql_as(
            client,
            gm,
            FOUND,
            c=c,
            i={
                "name": "Blue",
                "force": 3,
                "cunning": 3,
                "wealth": 3,
                "facgold": 5,
                "homeRegionId": harbour,
                "assets": [{"typeKey": "guardsmen"}],
            },
        )
    )["foundFaction"]["id"]
    player = ok(gql_as(client, gm, SEAT, c=c, f=red))["createSeat"]["token"]

    def play(query: str, **variables: Any) -> Any:
        return ok(gql_as(client, player, query, c=c, **variables))

    # The player reads its faction, the map and its rivals, then orders its Zealots against Blue's Guardsmen.
    mine = ok(gql_as(client, player, FACTION, id=red))["faction"]
    assert (mine["facgold"], mine["hp"]) == (10, max_hp_for(4, 3, 3))
    assert [r["name"] for r in play(MAP)["campaign"]["regions"]] == ["Harbour", "Hills"]
    rivals = {f["name"]: f for f in play(RIVALS)["factions"]}
    assert rivals["Blue"]["facgold"] is None  # a rival's FacGold is secret
    zealots = next(a for a in mine["assets"] if a["typeKey"] == "zealots")
    guardsmen = next(a for a in rivals["Blue"]["assets"] if a["typeKey"] == "guardsmen")
    buyable = play(BUYABLE, f=red)["buyableAssets"]
    assert {b["typeKey"] for b in buyable} >= {"thugs", "zealots"}  # Force 4 and 10 FacGold: Thugs cost 2, Zealots 6
    assert all(
        b["cost"] <= 10 and b["rating"] <= {"FORCE": 4, "CUNNING": 3, "WEALTH": 3}[b["attribute"]] for b in buyable
    )
    others = gql_as(client, player, BUYABLE, c=c, f=blue)
    assert others["errors"][0]["extensions"]["code"] == "FORBIDDEN"  # type: ignore[index]  # it tells Blue's FacGold
    strike = {"attackerId": zealots["id"], "targetFactionId": blue, "targetAssetId": guardsmen["id"]}
    refused = gql_as(client, player, SUBMIT, c=c, f=blue, o={"narrative": "not yours"})
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"  # type: ignore[index]  # not its faction
    before = gql_as(client, player, REPORT, c=c, p=1)
    assert before["errors"][0]["extensions"]["code"] == "NOT_FOUND"  # type: ignore[index]  # not resolved yet
    ok(gql_as(client, gm, "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }", c=c))
    play(SUBMIT, f=red, o={"action": {"attack": {"strikes": [strike]}}})
    ok(gql_as(client, gm, SUBMIT, c=c, f=blue, o={"narrative": "Blue holds the harbour."}))
    ok(gql_as(client, gm, "mutation($c: UUID!) { resolvePhase(campaignId: $c) { phase } }", c=c))

    report = play(REPORT, p=1)["phaseReport"]
    assert (report["phase"], report["kind"], report["memberId"]) == (1, "FACTION", red)
    assert report["initiative"] in (1, 2)
    # Seed 002, Faction Turn income: half Wealth rounded up, plus a quarter of Force + Cunning rounded down.
    income = ceil(3 / 2) + (4 + 3) // 4
    assert (report["income"], report["costs"]) == (income, 0)
    assert report["ledger"][0]["amount"] == income
    (order,) = report["orders"]
    assert order["action"] == "Attack" and order["outcome"]
    # Its own rolls: the attack check, 1d10 + Force, by the rule of the Attack Procedure.
    attack = next(r for r in report["rolls"] if r["purpose"] == "Zealots attacks Blue: attack")
    assert (attack["expression"], attack["modifiers"], attack["rule"], attack["actor"]) == (
        "1d10",
        [{"source": "Force", "value": 4}],
        "seed 002, Attack Procedure",
        red,
    )
    assert attack["total"] == attack["faces"][0] + 4 and 1 <= attack["faces"][0] <= 10
    contest = report["damageDealt"] + report["damageTaken"]
    assert contest, "the strike either hit or drew a counterattack"
    defence = next(r for r in contest[0]["rolls"] if r["purpose"].endswith("defence") or r["actor"] == blue)
    assert defence["actor"] == blue and defence["modifiers"] == [{"source": "Force", "value": 3}]
    after = ok(gql_as(client, player, FACTION, id=red))["faction"]
    blue_after = {f["name"]: f for f in play(RIVALS)["factions"]}["Blue"]
    if attack["total"] >= defence["total"]:  # seed 002, Attack: a tie means both hit
        (dealt,) = report["damageDealt"]
        damage = dealt["rolls"][-1]
        assert (dealt["memberId"], dealt["assetId"], dealt["byMemberId"]) == (blue, guardsmen["id"], red)
        assert dealt["amount"] == min(damage["total"], guardsmen["hp"])  # Guardsmen: 1d3+1... Zealots deal 2d6
        assert damage["expression"] == "2d6" and damage["total"] == sum(damage["faces"])
        left = {a["id"]: a["hp"] for a in blue_after["assets"]}.get(guardsmen["id"])
        assert dealt["hpLeft"] == (left if left is not None else 0)
    if attack["total"] <= defence["total"]:  # the Guardsmen counter: 1d4 damage to the Zealots
        (taken,) = [d for d in report["damageTaken"] if d["byMemberId"] == blue]
        counter = taken["rolls"][-1]
        assert (taken["assetId"], taken["byMemberId"], counter["expression"]) == (zealots["id"], blue, "1d4")
        assert taken["amount"] == min(counter["total"], zealots["hp"])
        left = {a["id"]: a["hp"] for a in after["assets"]}.get(zealots["id"])
        assert taken["hpLeft"] == (left if left is not None else 0)
    # Seed 002, Zealots: after they attack they take 1d4 damage of their own, dealt by no one.
    (spent,) = [d for d in report["damageTaken"] if d["reason"] == "Zealots spend themselves"]
    (losses,) = spent["rolls"]
    assert (losses["expression"], losses["rule"], spent["byMemberId"]) == ("1d4", "seed 002, Zealots", None)
    assert spent["amount"] == min(losses["total"], zealots["hp"]) and losses in report["rolls"]
    assert after["facgold"] == 10 + income

    # Phase 2: it buys Thugs (Force 1, cost 2) at home, and the report says so.
    # It hears the result on `phaseResults` with its own report, so it need not ask again.
    ok(gql_as(client, gm, "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }", c=c))
    play(SUBMIT, f=red, o={"action": {"buyAsset": {"typeKey": "thugs", "regionId": harbour}}})
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {"Authorization": f"Bearer {player}"}})
        assert ws.receive_json()["type"] == "connection_ack"
        ws.send_json({"id": "r", "type": "subscribe", "payload": {"query": HEARD, "variables": {"c": c}}})
        ok(gql_as(client, gm, "mutation($c: UUID!) { resolvePhase(campaignId: $c) { phase } }", c=c))
        heard = [ws.receive_json()["payload"]["data"]["phaseResults"] for _ in range(2)]
    assert [h["phase"] for h in heard] == [1, 2]  # from the start of the campaign: both phases, each with its report
    second = play(REPORT, p=2)["phaseReport"]
    assert heard[1]["report"] == {k: second[k] for k in ("income", "costs", "ledger")} | {
        "orders": [{"action": o["action"]} for o in second["orders"]]
    }
    assert (second["income"], second["costs"]) == (income, 2)
    assert {"amount": -2, "reason": "bought Thugs"} in second["ledger"]
    assert [o["action"] for o in second["orders"]] == ["Buy Asset"]
    final = ok(gql_as(client, player, FACTION, id=red))["faction"]
    assert final["facgold"] == 10 + 2 * income - 2
    assert [a["typeKey"] for a in final["assets"]].count("thugs") == 1
    # Blue's report is Blue's seat's and the GM's, not Red's; the GM reads any.
    foreign = gql_as(
        client,
        player,
        "query($c: UUID!, $f: UUID!) { phaseReport(campaignId: $c, phase: 1, factionId: $f) { phase } }",
        c=c,
        f=blue,
    )
    assert foreign["errors"][0]["extensions"]["code"] == "FORBIDDEN"  # type: ignore[index]
    seen = ok(
        gql_as(
            client,
            gm,
            "query($c: UUID!, $f: UUID!) { phaseReport(campaignId: $c, phase: 1, factionId: $f)"
            " { orders { action } income } }",
            c=c,
            f=blue,
        )
    )["phaseReport"]
    assert seen == {"orders": [{"action": "Wait"}], "income": ceil(3 / 2) + (3 + 3) // 4}
