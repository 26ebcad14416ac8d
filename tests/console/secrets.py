"""Secrets with markers for the fog-of-war test: each member of the demo keeps something only it and the GM know.

A marker is either a unique string the GM wrote into the secret (a reason kept with a stealthed asset's event), an
id only the secret carries (the stealthed asset's, the pending plot's), or a number set on a hidden field
(FacGold, a house's Influence) that appears nowhere else: drawn again while the console's build holds it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from tests.console.browser import ROOT
from tests.console.table import Table

BUILD = ROOT / "service" / "entrypoints" / "console" / "static"

CREATE_ASSET = """mutation Asset($campaignId: UUID!, $factionId: UUID!, $typeKey: String!, $regionId: UUID!,
  $reason: String!) {
  createAsset(campaignId: $campaignId, factionId: $factionId, typeKey: $typeKey, regionId: $regionId,
    reason: $reason, stealthed: true) { id assets { id stealthed } }
}"""
ADJUST = """mutation Adjust($campaignId: UUID!, $targetId: UUID!, $field: AdjustField!, $value: Int!) {
  adjust(campaignId: $campaignId, targetId: $targetId, field: $field, value: $value, mode: SET,
    reason: "fog-of-war test") { __typename }
}"""
PREVIEW = """query Preview($campaignId: UUID!, $houseId: UUID!) {
  housePreview(campaignId: $campaignId, houseId: $houseId) {
    action actor targetHouseId targetCharacter areaIds power toAreaId coveredActionId allowed
  }
}"""
ORDER = """mutation Order($campaignId: UUID!, $houseId: UUID!, $order: HouseOrderInput!) {
  orderHouseAction(campaignId: $campaignId, houseId: $houseId, order: $order) { id }
}"""
EVENT_LOG = """query Log($campaignId: UUID!) {
  eventLog(campaignId: $campaignId, last: 100) { nodes { reason payload } }
}"""


@dataclass
class Marker:
    """One secret's marker: what it is, and how to find it in text."""

    what: str
    text: str
    number: bool = False

    def pattern(self) -> re.Pattern[str]:
        if not self.number:
            return re.compile(re.escape(self.text), re.IGNORECASE)
        # a number as JSON writes it or as a page shows it (1234567, 1,234,567, 1 234 567), never inside an id
        digits = self.text
        groups = [digits[max(0, i - 3) : i] for i in range(len(digits), 0, -3)][::-1]
        return re.compile(r"(?<![0-9a-fA-F])" + r"[,.\s\u00a0\u202f]?".join(groups) + r"(?![0-9a-fA-F])")

    def found_in(self, text: str) -> bool:
        return self.pattern().search(text) is not None


@dataclass
class Secrets:
    """The markers each member keeps (by its name)."""

    kept: dict[str, list[Marker]] = field(default_factory=dict)

    def add(self, owner: str, marker: Marker) -> None:
        self.kept.setdefault(owner, []).append(marker)

    def others(self, owner: str) -> list[Marker]:
        return [m for who, markers in self.kept.items() if who != owner for m in markers]


def _built_text() -> str:
    return "\n".join(p.read_text(errors="replace") for p in BUILD.rglob("*") if p.is_file())


def fresh_number(rng: random.Random, low: int, high: int, taken: str) -> str:
    """A number that appears nowhere in `taken` (the console's build, the campaign as the GM sees it)."""
    while True:
        candidate = str(rng.randint(low, high))
        if not Marker("", candidate, number=True).found_in(taken):
            return candidate


def _ownable(member: dict[str, Any]) -> str:
    """An asset type the faction already owns, other than a Base of Influence (no asset one can own)."""
    return str(next(a["typeKey"] for a in member["assets"] if a["typeKey"] != "base_of_influence"))


def hide_an_asset(table: Table, faction: str, secrets: Secrets, rng: random.Random) -> str:
    """A stealthed asset for `faction` (an adventure's result, the GM's `createAsset`): its id and reason."""
    member = table.faction(faction)
    reason = f"fogmarker-{rng.getrandbits(48):012x} hides here"
    home = member["homeRegionId"]
    answer = table.gm(CREATE_ASSET, factionId=member["id"], typeKey=_ownable(member), regionId=home, reason=reason)[
        "createAsset"
    ]
    before = {a["id"] for a in member["assets"]}
    hidden = [a["id"] for a in answer["assets"] if a["id"] not in before and a["stealthed"]]
    assert len(hidden) == 1, answer
    logged = table.gm(EVENT_LOG)["eventLog"]["nodes"]
    assert any(reason in str(event) for event in logged), "the GM's reason is not kept with the asset's event"
    secrets.add(faction, Marker(f"{faction}'s stealthed asset id", hidden[0]))
    secrets.add(faction, Marker(f"{faction}'s stealthed asset's reason", reason))
    return str(hidden[0])


def set_hidden_number(table: Table, owner: str, kind: str, secrets: Secrets, rng: random.Random) -> str:
    """Set a faction's FacGold or a house's Influence to a number found nowhere else; the GM sees it."""
    field_name = "FACGOLD" if kind == "faction" else "INFLUENCE"
    member = table.faction(owner) if kind == "faction" else table.house(owner)
    taken = _built_text() + str(table.members()) + str(table.campaign())
    value = fresh_number(rng, 100_000, 999_999, taken)
    table.gm(ADJUST, targetId=member["id"], field=field_name, value=int(value))
    seen = table.gm(
        f"query($campaignId: UUID!) {{ {kind}s(campaignId: $campaignId) {{ name "
        f"{'facgold' if kind == 'faction' else 'influence'} }} }}"
    )[f"{kind}s"]
    assert any(str(m.get("facgold", m.get("influence"))) == value for m in seen if m["name"] == owner), seen
    secrets.add(owner, Marker(f"{owner}'s {field_name.lower()}", value, number=True))
    return value


def order_a_plot(table: Table, house: str, target: str, secrets: Secrets) -> str:
    """The GM orders, for `house`, an allowed action against `target` in the open phase: a pending plot."""
    plotter, victim = table.house(house), table.house(target)
    options = table.gm(PREVIEW, houseId=plotter["id"])["housePreview"]
    aimed = [o for o in options if o["allowed"] and o["targetHouseId"] == victim["id"]]
    assert aimed, f"{house} can do nothing against {target}: {options}"
    option = aimed[0]
    order = {
        k: option[k]
        for k in (
            "action",
            "actor",
            "targetHouseId",
            "targetCharacter",
            "areaIds",
            "power",
            "toAreaId",
            "coveredActionId",
        )
    }
    table.gm(ORDER, houseId=plotter["id"], order=order)
    pending = [p for p in table.house(house)["pendingActions"] if not p["resolved"]]
    assert len(pending) == 1, pending
    secrets.add(house, Marker(f"{house}'s pending plot id", pending[0]["id"]))
    return str(pending[0]["id"])


def plant(table: Table, rng: random.Random) -> Secrets:
    """Every member the fog-of-war test looks at keeps its secrets, in an open phase."""
    secrets = Secrets()
    for faction in ("Remzal's Chosen", "Empresses' Crows"):
        hide_an_asset(table, faction, secrets, rng)
        set_hidden_number(table, faction, "faction", secrets, rng)
    table.open_phase()
    for house, target in (("House Droste", "The Gilded Guild"), ("House Varn", "The Gilded Guild")):
        set_hidden_number(table, house, "house", secrets, rng)
        order_a_plot(table, house, target, secrets)
    return secrets


def members_seen(data: dict[str, Any]) -> list[str]:
    return [m["name"] for kind in ("factions", "houses") for m in data.get(kind, [])]
