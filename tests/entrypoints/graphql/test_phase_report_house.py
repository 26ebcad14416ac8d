"""A house's player, with its own seat token and GraphQL only, orders a month of actions while the GM opens and
resolves it, and learns from `phaseReport` and its house the check, the outcome and what it found: no more."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.support.service import gql, gql_as

CREATE = "mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken } }"
AREAS = "query($c: UUID!) { areas(campaignId: $c) { id name } }"
REGISTER = "mutation($c: UUID!, $i: RegisterHouseInput!) { registerHouse(campaignId: $c, input: $i) { id } }"
SEAT = """mutation($c: UUID!, $h: UUID!) { createSeat(campaignId: $c, input: {role: PLAYER, houseId: $h}) {
  token } }"""
HOUSE = "query($id: UUID!) { house(id: $id) { name rank gold influence actionBonuses } }"
ORDER = """mutation($c: UUID!, $h: UUID!, $o: HouseOrderInput!) { orderHouseAction(campaignId: $c, houseId: $h,
  order: $o) { name } }"""
ROLL = "expression faces modifiers { source value } base total purpose rule actor"
REPORT = f"""query($c: UUID!) {{ phaseReport(campaignId: $c, phase: 1) {{ kind memberId initiative
  orders {{ action actor targetId outcome week rolls {{ {ROLL} }} }} rolls {{ {ROLL} }} income costs
  ledger {{ amount reason }} damageTaken {{ memberId amount byMemberId reason }}
  learned {{ kind action week expectedWeek aggressorId targetId result details {{ key value }} }} }} }}"""


def ok(body: dict[str, Any]) -> Any:
    assert "errors" not in body, body["errors"]
    return body["data"]


def character(name: str, level: int, **skills: int) -> dict[str, Any]:
    return {
        "name": name,
        "level": level,
        "skills": [{"skill": s.replace("_", " ").title(), "modifier": m} for s, m in skills.items()],
    }


def test_a_house_player_orders_a_month_and_learns_the_check_the_outcome_and_what_it_found(client: TestClient) -> None:
    regions = [{"name": f"Ward {i}", "q": i, "r": 0, "monthlyIncome": 2_000 + 1_000 * i} for i in range(2)]
    created = ok(
        gql(
            client,
            CREATE,
            input={
                "name": "House report",
                "ruleSystems": ["GAME_OF_BONES"],
                "diceSeed": "house report",
                "regions": regions,
            },
        )
    )
    created = created["createCampaign"]
    gm, c = created["gmToken"], created["id"]
    wards = ok(gql_as(client, gm, AREAS, c=c))["areas"]
    fighters = [{"name": f"Guard {i}", "classes": [{"characterClass": "fighter", "level": 10}]} for i in range(6)]
    baenre = ok(
        gql_as(
            client,
            gm,
            REGISTER,
            c=c,
            i={
                "name": "Baenre",
                "leader": character("Yvonnel", 14, innuendo=13, gather_information=12),
                "gold": 100_000,
                "lieutenants": [character("Dab", 9, gather_information=19)],
                "members": fighters,
                "influence": 30_000,
                "areas": [{"areaId": wards[0]["id"], "troops": 2_000}],
            },
        )
    )["registerHouse"]["id"]
    xorlarrin = ok(
        gql_as(
            client,
            gm,
            REGISTER,
            c=c,
            i={
                "name": "Xorlarrin",
                "leader": character("Zeerith", 8, sense_motive=6, innuendo=40),
                "gold": 20_000,
                "lieutenants": [character("Kaelyn", 6)],
                "members": fighters[:3],
                "influence": 8_000,
                "areas": [{"areaId": wards[1]["id"]}],
            },
        )
    )["registerHouse"]["id"]
    # Zeerith's +40 Innuendo beats the Smear DC (20 + Yvonnel's 14 levels) and any Sense Motive: Baenre loses.
    player = ok(gql_as(client, gm, SEAT, c=c, h=baenre))["createSeat"]["token"]

    def play(query: str, **variables: Any) -> Any:
        return ok(gql_as(client, player, query, c=c, **variables))

    own = ok(gql_as(client, player, HOUSE, id=baenre))["house"]
    rival = ok(gql_as(client, player, HOUSE, id=xorlarrin))["house"]
    assert (own["gold"], own["influence"]) == (100_000, 30_000)
    assert (rival["gold"], rival["influence"]) == (None, None)  # a rival's numbers are secret; its rank is not
    ok(gql_as(client, gm, "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }", c=c))
    play(ORDER, h=baenre, o={"action": "SMEAR_CAMPAIGN", "actor": "Yvonnel", "targetHouseId": xorlarrin})
    play(ORDER, h=baenre, o={"action": "INTELLIGENCE_GATHERING", "actor": "Dab"})
    ok(
        gql_as(
            client,
            gm,
            ORDER,
            c=c,
            h=xorlarrin,
            o={"action": "SMEAR_CAMPAIGN", "actor": "Zeerith", "targetHouseId": baenre},
        )
    )
    ordered = ok(gql_as(client, player, HOUSE, id=baenre))["house"]
    paid = 100_000 - ordered["gold"]  # seed 000, Taking Action: each action's gold is paid when it is ordered
    ok(gql_as(client, gm, "mutation($c: UUID!) { resolvePhase(campaignId: $c) { phase } }", c=c))

    report = play(REPORT)["phaseReport"]
    assert (report["kind"], report["memberId"], report["initiative"]) == ("HOUSE", baenre, None)
    smear, gathering = report["orders"]
    assert (smear["action"], smear["actor"], smear["targetId"], smear["week"]) == (
        "Smear Campaign",
        "Yvonnel",
        xorlarrin,
        4,
    )  # a Smear Campaign takes four weeks
    # The check: d20 + Yvonnel's Innuendo + the Action Bonus of the month's first action; the rival's opposing
    # Sense Motive stays out (its modifiers carry Xorlarrin's secret Influence Defence).
    (check,) = smear["rolls"]
    assert (check["expression"], check["actor"], check["rule"]) == ("1d20", "Yvonnel", "seed 000, Smear Campaign")
    assert check["modifiers"] == [
        {"source": "Yvonnel's Innuendo", "value": 13},
        {"source": "Action Bonus (action 1 of the month)", "value": own["actionBonuses"][0]},
    ]
    assert check["total"] == check["faces"][0] + 13 + own["actionBonuses"][0]
    assert all(r["actor"] in ("Yvonnel", "Dab") for r in report["rolls"])
    gm_view = ok(gql_as(client, gm, HOUSE, id=xorlarrin))["house"]
    if smear["outcome"].startswith("the target lost"):  # seed 000, Smear Campaign: −1,000, or −1d4×1,000 by 10+
        lost = int(smear["outcome"].split()[3])
        assert lost in (1_000, 2_000, 3_000, 4_000) and gm_view["influence"] == 8_000 - lost
    else:
        assert smear["outcome"] in ("the money was wasted", "exposed; the target counterattacks at +5")
        assert gm_view["influence"] == 8_000
    # Intelligence Gathering (Dab's +19 and the Action Bonus make any d20 beat DC 20): what it found, never its
    # check (a failed check plants a false plot, so a check shown beside a plot would tell which it is).
    assert gathering["action"] == "Intelligence Gathering" and gathering["rolls"] == []
    assert gathering["outcome"].endswith("plot(s) discovered")
    found = int(gathering["outcome"].split()[0])
    plots = [k for k in report["learned"] if k["kind"] == "plot"]
    assert len(plots) == found == 1  # one plot, true or false: the house cannot tell which, and neither can we here
    assert (plots[0]["targetId"], plots[0]["aggressorId"]) == (baenre, xorlarrin)  # its one rival, true or false
    # Money: the gold paid when ordering, the month's income from Ward 0 (2,000).
    assert {"amount": 2_000, "reason": "income"} in report["ledger"]
    assert (report["income"], report["costs"]) == (2_000, paid)
    after = ok(gql_as(client, player, HOUSE, id=baenre))["house"]
    assert after["gold"] == 100_000 - paid + 2_000
    # What it suffered: Xorlarrin's smear, by name, where the attack notice names the author.
    attacks = [k for k in report["learned"] if k["kind"] == "attack"]
    lost_here = 30_000 - after["influence"]
    (hit,), (notice,) = report["damageTaken"], attacks
    assert (hit["memberId"], hit["reason"], notice["action"]) == (baenre, "seed 000, Smear Campaign", "Smear Campaign")
    assert hit["amount"] == lost_here == int(dict((d["key"], d["value"]) for d in notice["details"])["influence_lost"])
    assert hit["byMemberId"] == notice["aggressorId"] == xorlarrin  # no Cover Up: the notice names its author
    assert not any(d["key"] == "gm_only" for k in report["learned"] for d in k["details"])
    # The rival's report is its own seat's and the GM's.
    foreign = gql_as(
        client,
        player,
        "query($c: UUID!, $h: UUID!) { phaseReport(campaignId: $c, phase: 1, houseId: $h) { kind } }",
        c=c,
        h=xorlarrin,
    )
    assert foreign["errors"][0]["extensions"]["code"] == "FORBIDDEN"  # type: ignore[index]
