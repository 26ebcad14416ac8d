"""The API side of one month at the table (tests/console/test_month_at_the_table.py): the campaigns made alike, the
twin's orders and faces given through GraphQL, and the month read back with its ids put in names."""

from __future__ import annotations

from typing import Any

from tests.console.server import ConsoleServer

PACT, REMNANTS, GUILD = "The Iron Pact", "Empire Remnants", "The Gilded Guild"
CREATE = "mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken } }"
REGIONS = "query($c: UUID!) { campaign(id: $c) { regions { id name q r } } }"
FOUND = "mutation($c: UUID!, $input: FoundFactionInput!) { foundFaction(campaignId: $c, input: $input) { id } }"
OPEN = "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }"
SEAT = "mutation($c: UUID!, $input: SeatInput!) { createSeat(campaignId: $c, input: $input) { token } }"
NAMES = """query($c: UUID!) { factions(campaignId: $c) { id name assets { id typeKey } }
  houses(campaignId: $c) { id name } campaign(id: $c) { regions { id q r } } }"""
ORDERS = """query($c: UUID!, $f: UUID!) { factionOrders(campaignId: $c, factionId: $f) {
  narrative raiseRatings goal { goal target } defences { regionId defenderId baseAbsorbs }
  action { __typename ... on AttackOrder { strikes { attackerId targetFactionId targetAssetId } } } } }"""
SUBMIT = """mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { id } }"""
HOUSE_ORDERS = """query($c: UUID!, $h: UUID!) { houseOrders(campaignId: $c, houseId: $h) { action actor startWeek
  dedicatedInfluence dedicatedPower gold targetHouseId targetCharacter areaIds narrative } }"""
PREVIEW = """query($c: UUID!, $h: UUID!) { housePreview(campaignId: $c, houseId: $h) { action actor targetHouseId
  targetCharacter areaIds power toAreaId coveredActionId allowed gold dedicatedInfluence dedicatedPower }
  house(id: $h) { gold availableInfluence availablePower } }"""
ORDER_HOUSE = """mutation($c: UUID!, $h: UUID!, $o: HouseOrderInput!) {
  orderHouseAction(campaignId: $c, houseId: $h, order: $o) { id } }"""
SET_TABLE = "mutation($c: UUID!) { setDiceSource(campaignId: $c, source: TABLE, phase: 1) { source } }"
ROLL = "expression count sides purpose rule roller faces modifiers { source value }"
STEP = f"query($c: UUID!) {{ tableDiceStep(campaignId: $c) {{ resolved entered {{ {ROLL} }} next {{ {ROLL} }} }} }}"
ENTER = "mutation($c: UUID!, $f: [Int!]!) { enterTableDice(campaignId: $c, faces: $f) { resolved } }"
REPORT = """query($c: UUID!, $f: UUID, $h: UUID) { phaseReport(campaignId: $c, phase: 1, factionId: $f, houseId: $h) {
  initiative rolls { expression faces modifiers { source value } base total purpose rule actor } } }"""
STATE = """query($c: UUID!) { campaign(id: $c) { phase phaseStatus regions { id q r } }
  factions(campaignId: $c) { name force cunning wealth hp maxHp facgold xp
    goal { key target progress { name value } baseline { name value } adoptedTurn }
    assets { typeKey hp regionId stealthed } }
  houses(campaignId: $c) { name rank gold availableInfluence availablePower destroyed
    pendingActions { action actor resolved } } }"""


def table_campaign(server: ConsoleServer, name: str) -> tuple[str, str]:
    """The demo preset on one dice seed, with the GM's Iron Pact founded in The Capital and phase 1 open."""
    made = server.gql(
        CREATE,
        None,
        input={
            "name": name,
            "ruleSystems": ["FACTION_TURN", "GAME_OF_BONES"],
            "preset": "DEMO",
            "diceSeed": "a month at the table",
        },
    )["createCampaign"]
    campaign, token = made["id"], made["gmToken"]  # type: ignore[index]
    regions = server.gql(REGIONS, token, c=campaign)["campaign"]["regions"]  # type: ignore[index]
    capital = next(r["id"] for r in regions if r["name"] == "The Capital")  # type: ignore[index]
    assets = [{"typeKey": key, "regionId": capital} for key in ("guardsmen", "militia_unit", "mob")]
    pact = {"name": PACT, "force": 4, "cunning": 3, "wealth": 2, "homeRegionId": capital, "xp": 6, "assets": assets}
    server.gql(FOUND, token, c=campaign, input=pact)
    server.gql(OPEN, token, c=campaign)
    return str(campaign), str(token)


def names_of(server: ConsoleServer, campaign: str, token: str) -> dict[str, str]:
    """Every id of the campaign's members, assets and regions, by a name that is the same in its twin."""
    found: dict[str, Any] = server.gql(NAMES, token, c=campaign)
    named = {f["id"]: f["name"] for f in found["factions"]} | {h["id"]: h["name"] for h in found["houses"]}
    for faction in found["factions"]:
        keys = [a["typeKey"] for a in faction["assets"]]
        named |= {
            a["id"]: f"{faction['name']}/{a['typeKey']}" for a in faction["assets"] if keys.count(a["typeKey"]) == 1
        }
    return named | {r["id"]: f"hex {r['q']},{r['r']}" for r in found["campaign"]["regions"]}


def translated(value: Any, ids: dict[str, str]) -> Any:
    """`value` with every id found in `ids` replaced by what it maps to."""
    if isinstance(value, dict):
        return {k: translated(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [translated(v, ids) for v in value]
    return ids.get(value, value) if isinstance(value, str) else value


def member_id(server: ConsoleServer, campaign: str, token: str, name: str) -> str:
    return next(i for i, n in names_of(server, campaign, token).items() if n == name)


def player(server: ConsoleServer, campaign: str, token: str, name: str, kind: str) -> str:
    seat = {"role": "PLAYER", "name": f"{name}'s player", kind: member_id(server, campaign, token, name)}
    return str(server.gql(SEAT, token, c=campaign, input=seat)["createSeat"]["token"])  # type: ignore[index]


def costly_house_order(server: ConsoleServer, campaign: str, token: str) -> dict[str, Any]:
    """The Guild's first allowed order spending over half of its gold, free influence or free power."""
    found: dict[str, Any] = server.gql(PREVIEW, token, c=campaign, h=member_id(server, campaign, token, GUILD))
    held = found["house"]
    return next(
        o
        for o in found["housePreview"]
        if o["allowed"]
        and (
            o["gold"] * 2 > held["gold"]
            or o["dedicatedInfluence"] * 2 > held["availableInfluence"]
            or o["dedicatedPower"] * 2 > held["availablePower"]
        )
    )


def faces_for(roll: int, count: int, sides: int) -> list[int]:
    """The faces the table reads off for roll `roll` (from 1): fixed, and varied across rolls and dice."""
    return [(roll * 7 + die * 3) % sides + 1 for die in range(count)]


def the_twins_month(server: ConsoleServer, twin: str, token: str, entered: list[tuple[str, list[int]]]) -> None:
    """The same faces through the API, each roll asked checked against the console's."""
    server.gql(SET_TABLE, token, c=twin)
    for number, (asked, faces) in enumerate(entered, start=1):
        step: dict[str, Any] = server.gql(STEP, token, c=twin)["tableDiceStep"]  # type: ignore[assignment]
        roll = step["next"]
        assert roll is not None, f"the API asks no roll {number}; the console asked {asked!r}"
        assert asked.startswith(f"Roll {number}: {roll['roller']} rolls "), (asked, roll)
        assert f"for {roll['purpose']}" in asked and f"({roll['rule']})" in asked, (asked, roll)
        resolved = server.gql(ENTER, token, c=twin, f=faces)["enterTableDice"]["resolved"]  # type: ignore[index]
        assert resolved == (number == len(entered)), f"roll {number} of {len(entered)}: resolved {resolved}"


def standing(server: ConsoleServer, campaign: str, token: str) -> dict[str, Any]:
    """The campaign as it stands, ids put in names."""
    state: dict[str, Any] = server.gql(STATE, token, c=campaign)
    for faction in state["factions"]:  # in the order the API lists them, which is by id
        faction["assets"].sort(key=lambda a: (a["typeKey"], a["regionId"], a["hp"]))
    return translated(state, names_of(server, campaign, token))


def month_of(server: ConsoleServer, campaign: str, token: str) -> dict[str, Any]:
    """The month: the campaign as it stands, and the phase reports (their rolls) of those who acted or were struck."""
    ids = names_of(server, campaign, token)
    reports = {
        name: server.gql(REPORT, token, c=campaign, **{kind: member_id(server, campaign, token, name)})
        for name, kind in ((PACT, "f"), (REMNANTS, "f"), (GUILD, "h"))
    }
    return {**standing(server, campaign, token), "reports": translated(reports, ids)}


def the_wild(month: dict[str, Any]) -> dict[str, Any]:
    """The Wild, taken out of the month: the preset places and sizes its terrain with randomness of its own, which the
    dice seed does not fix, so each campaign's Wild is compared with itself before the month."""
    (wild,) = [f for f in month["factions"] if f["name"] == "The Wild"]
    month["factions"].remove(wild)
    return dict(wild)
