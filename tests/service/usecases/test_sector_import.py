"""A Sectors Without Number sector imported as regions (issue 32, item 4): the hand-written export in tests/data,
through the parser and through `intrigue import-sector` as a real process; a bad file refused, writing nothing."""

from __future__ import annotations

import copy
import json
import uuid
from pathlib import Path
from typing import Any

import pytest

from domain.commands import CreateCampaign, MapRegion
from domain.errors import InvalidInputError
from domain.hexmap import hex_distance
from service.bootstrap import Intrigue
from service.persistence.database import Database
from service.usecases.sector_import import axial, read_sector
from tests.support.processes import run

SECTOR = Path(__file__).resolve().parents[2] / "data" / "swn_sector.json"
SECTOR_ID = "Hq3kTz8aPw2LmN7bXc4R"
EXPECTED = {"Tarsis": (0, 0), "Vespera": (1, 0), "The Maw": (3, 0), "Morrow's Gate": (2, 2), "Caldera": (7, 6)}


def test_the_sectors_systems_become_named_regions_on_their_hexes() -> None:
    name, regions = read_sector(SECTOR.read_bytes())
    assert name == "Hydra Reach"
    assert {r.name: (r.q, r.r) for r in regions} == EXPECTED
    assert next(r for r in regions if r.name == "The Maw").tags == ["black hole"]


NEIGHBOURS = [
    (2, [(1, 1), (1, 2), (2, 0), (2, 2), (3, 1), (3, 2)]),
    (3, [(2, 0), (2, 1), (3, 0), (3, 2), (4, 0), (4, 1)]),
]


@pytest.mark.parametrize(("column", "neighbours"), NEIGHBOURS)
def test_neighbours_in_sectors_without_number_stay_neighbours(column: int, neighbours: list[tuple[int, int]]) -> None:
    # Its columns of flat-topped hexes, every even column (from 1) half a hex lower: (column, 2) touches these
    # (rows from 0 in the list).
    centre = axial(column, 2)
    assert [hex_distance(centre, axial(x, y + 1)) for x, y in neighbours] == [1] * 6
    assert hex_distance(axial(1, 1), axial(8, 10)) == 13  # 7 columns across (3 rows gained on the way), 6 down


def _broken(change: Any) -> bytes:
    data = json.loads(SECTOR.read_text())
    change(data)
    return json.dumps(data).encode()


BROKEN = {
    "not JSON": (b'{"sector": ', "line 1: Expecting value"),
    "not UTF-8": (b"\xff\xfe{}", "not UTF-8 text"),
    "no sector": (_broken(lambda d: d.pop("sector")), "at the file: 'sector' is a required property"),
    "a short id": (
        _broken(lambda d: d["system"].update({"short": d["system"].pop("a1B2c3D4e5F6g7H8i9J0")})),
        "at system: 'short' does not match any of the regexes: '^[0-9A-Za-z]{20}$'",
    ),
    "no name": (
        _broken(lambda d: d["system"]["a1B2c3D4e5F6g7H8i9J0"].pop("name")),
        "at system/a1B2c3D4e5F6g7H8i9J0: 'name' is a required property",
    ),
    "a column as text": (
        _broken(lambda d: d["system"]["a1B2c3D4e5F6g7H8i9J0"].update(x="1")),
        "at system/a1B2c3D4e5F6g7H8i9J0/x: '1' is not of type 'integer'",
    ),
    "off the grid": (
        _broken(lambda d: d["system"]["E1f2G3h4I5j6K7l8M9n0"].update(y=11)),
        "E1f2G3h4I5j6K7l8M9n0 at column 8, row 11 is outside the sector's 8 columns and 10 rows",
    ),
    "two on a hex": (
        _broken(lambda d: d["blackHole"]["o1P2q3R4s5T6u7V8w9X0"].update(x=1, y=1)),
        "blackHole o1P2q3R4s5T6u7V8w9X0 shares column 1, row 1 with",
    ),
    "another sector's": (
        _broken(lambda d: d["system"]["K1l2M3n4O5p6Q7r8S9t0"].update(parent="Z" * 20)),
        f"system K1l2M3n4O5p6Q7r8S9t0 belongs to sector {'Z' * 20}, not {SECTOR_ID}",
    ),
    "no systems": (_broken(lambda d: [d.pop("system"), d.pop("blackHole")]), "the sector has no system"),
}


@pytest.mark.parametrize("case", BROKEN)
def test_a_file_that_is_no_sector_export_is_refused_with_its_reason(case: str) -> None:
    text, reason = BROKEN[case]
    with pytest.raises(InvalidInputError) as refused:
        read_sector(text)
    assert reason in refused.value.message


def test_the_cli_creates_a_campaign_from_the_sector(intrigue: Intrigue, db: Database, tmp_path: Path) -> None:
    result = run(db, tmp_path, "sector-new", "import-sector", str(SECTOR), "--new", "factionturn")
    assert result.returncode == 0, result.stdout
    campaign_id = uuid.UUID(result.stdout.split("created campaign ")[1].split()[0])
    regions = {r["name"]: (r["q"], r["r"]) for r in intrigue.catalog.regions(campaign_id)}
    assert regions == EXPECTED
    assert intrigue.catalog.campaign(campaign_id)["name"] == "Hydra Reach"
    token = result.stdout.split("GM token: ")[1].split()[0]
    assert intrigue.seats.resolve(f"Bearer {token}").is_gm_of(campaign_id)  # type: ignore[union-attr]


def test_the_cli_adds_the_sector_to_a_campaign_or_refuses_writing_nothing(
    intrigue: Intrigue, db: Database, tmp_path: Path
) -> None:
    home = [MapRegion("Home", 0, 0)]  # Tarsis's hex: the whole sector is refused, not all but Tarsis
    campaign = intrigue.campaigns.create_campaign(
        CreateCampaign(f"swn-{uuid.uuid4().hex[:6]}", ["factionturn"], None, home)
    )
    clash = run(db, tmp_path, "sector-clash", "import-sector", str(SECTOR), "--campaign", str(campaign.id))
    assert clash.returncode == 2 and "hex (0, 0) already has a region in this campaign" in clash.stdout
    assert [r["name"] for r in intrigue.catalog.regions(campaign.id)] == ["Home"]
    broken = tmp_path / "broken.json"
    data = json.loads(SECTOR.read_text())
    moved = copy.deepcopy(data)
    moved["system"]["a1B2c3D4e5F6g7H8i9J0"]["x"] = 0
    broken.write_text(json.dumps(moved))
    before = len(intrigue.catalog.campaigns(limit=1000))
    refused = run(db, tmp_path, "sector-bad", "import-sector", str(broken), "--new", "factionturn")
    assert refused.returncode == 2
    assert "at system/a1B2c3D4e5F6g7H8i9J0/x: 0 is less than the minimum of 1" in refused.stdout
    assert "Traceback" not in refused.stdout and len(intrigue.catalog.campaigns(limit=1000)) == before
    data["system"].pop("a1B2c3D4e5F6g7H8i9J0")
    fits = tmp_path / "fits.json"
    fits.write_text(json.dumps(data))
    added = run(db, tmp_path, "sector-add", "import-sector", str(fits), "--campaign", str(campaign.id))
    assert added.returncode == 0, added.stdout
    assert {r["name"] for r in intrigue.catalog.regions(campaign.id)} == {"Home", *EXPECTED} - {"Tarsis"}
