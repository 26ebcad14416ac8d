"""A Sectors Without Number sector as a campaign's regions (issue 32, item 4).

Sectors Without Number exports a sector as one JSON object keyed by kind of entity (`sector`, `system`,
`blackHole`, `planet`, …), each an object of entities keyed by a 20-character id (letters and digits). The sector
names its grid (`rows`, `columns`, 1-20 each); each entity on the grid (a `system` or a `blackHole`) has a `name`,
its column `x` and row `y` counted from 1, and the id of its sector as `parent`. Everything else (planets, notes,
attributes, visibility) is left out: a region is a name and a hex.

Sectors Without Number draws flat-topped hexes in columns, every second column (x even) half a hex lower: the
"odd-q" offset layout counted from 0. Its (x, y) become our axial (q, r) by q = x - 1, r = (y - 1) - (q - (q & 1)) / 2,
so neighbours there are neighbours here and distances are kept (docs/architecture.md, "Importing a Sectors
Without Number sector").
"""

from __future__ import annotations

import json
from typing import Any

from jsonschema import Draft202012Validator

from domain.commands import MapRegion
from domain.errors import InvalidInputError

ID = "^[0-9A-Za-z]{20}$"
ON_THE_GRID = ("system", "blackHole")  # the entities Sectors Without Number places on a hex of its own
MAX_SIDE = 20  # Sectors Without Number: rows and columns run 1-20
MAX_BYTES = 16 * 1024 * 1024

_ENTITY = {
    "type": "object",
    "required": ["name", "x", "y", "parent"],
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": 200},
        "x": {"type": "integer", "minimum": 1, "maximum": MAX_SIDE},
        "y": {"type": "integer", "minimum": 1, "maximum": MAX_SIDE},
        "parent": {"type": "string", "pattern": ID},
    },
}
SCHEMA = {
    "type": "object",
    "required": ["sector"],
    "properties": {
        "sector": {
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "additionalProperties": False,
            "patternProperties": {
                ID: {
                    "type": "object",
                    "required": ["name", "rows", "columns"],
                    "properties": {
                        "name": {"type": "string", "minLength": 1, "maxLength": 200},
                        "rows": {"type": "integer", "minimum": 1, "maximum": MAX_SIDE},
                        "columns": {"type": "integer", "minimum": 1, "maximum": MAX_SIDE},
                    },
                }
            },
        },
        **{
            kind: {"type": "object", "additionalProperties": False, "patternProperties": {ID: _ENTITY}}
            for kind in ON_THE_GRID
        },
    },
}


def axial(x: int, y: int) -> tuple[int, int]:
    """Sectors Without Number's column `x` and row `y` (from 1, odd-q offset) as an axial hex (q, r)."""
    q, row = x - 1, y - 1
    return q, row - (q - (q & 1)) // 2


def read_sector(text: bytes) -> tuple[str, list[MapRegion]]:
    """The sector's name and its systems as regions; a file that is not such an export is refused, whole."""
    if len(text) > MAX_BYTES:
        raise InvalidInputError(f"a sector file is at most {MAX_BYTES:,} bytes")
    try:
        data: Any = json.loads(text.decode("utf-8"))
    except UnicodeDecodeError:
        raise InvalidInputError("not a Sectors Without Number export: not UTF-8 text") from None
    except json.JSONDecodeError as bad:
        raise InvalidInputError(f"not a Sectors Without Number export: line {bad.lineno}: {bad.msg}") from None
    except RecursionError:  # arrays or objects nested deeper than the parser goes: no export is
        raise InvalidInputError("not a Sectors Without Number export: nested too deeply") from None
    errors = sorted(Draft202012Validator(SCHEMA).iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])
    if errors:
        error = errors[0]
        where = "/".join(str(p) for p in error.absolute_path) or "the file"
        raise InvalidInputError(f"not a Sectors Without Number export: at {where}: {error.message}")
    ((sector_id, sector),) = data["sector"].items()
    regions: dict[tuple[int, int], MapRegion] = {}
    for kind in ON_THE_GRID:
        for entity_id, entity in sorted((data.get(kind) or {}).items()):
            if entity["parent"] != sector_id:
                raise InvalidInputError(f"{kind} {entity_id} belongs to sector {entity['parent']}, not {sector_id}")
            x, y = entity["x"], entity["y"]
            if x > sector["columns"] or y > sector["rows"]:
                raise InvalidInputError(
                    f"{kind} {entity_id} at column {x}, row {y} is outside the sector's "
                    f"{sector['columns']} columns and {sector['rows']} rows"
                )
            hex_ = axial(x, y)
            if hex_ in regions:
                raise InvalidInputError(f"{kind} {entity_id} shares column {x}, row {y} with {regions[hex_].name}")
            tags = ["black hole"] if kind == "blackHole" else []
            regions[hex_] = MapRegion(entity["name"].strip(), *hex_, tags=tags)
    if not regions:
        raise InvalidInputError("the sector has no system to make a region of")
    return str(sector["name"]).strip(), [regions[h] for h in sorted(regions)]
