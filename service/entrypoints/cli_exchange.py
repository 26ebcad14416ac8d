"""`intrigue` commands that trade with other tools: the analyst's tables out (`export-analytics`), a Sectors Without
Number sector in (`import-sector`). Both run on the server, as the GM or an analyst (docs/analytics.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from uuid import UUID

from domain.campaign import Campaign
from domain.commands import AddRegions, CreateCampaign, MapRegion
from domain.errors import InvalidInputError
from domain.systems import MEMBER_KINDS
from service.bootstrap import Intrigue, Settings, bootstrap
from service.operations.progress import Counted
from service.usecases.analytics import Analytics
from service.usecases.analytics_export import FORMATS, fact_tables, write_tables
from service.usecases.sector_import import read_sector

NAMES = ("export-analytics", "import-sector")


def add_commands(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    export = commands.add_parser(
        "export-analytics",
        help="write a campaign's facts as typed tables, one per kind "
        "(rolls, dice, actions, attacks, members, assets, areas, troops; docs/analytics.md)",
    )
    export.add_argument("campaign_id", type=UUID, help="the campaign's id")
    export.add_argument("--format", choices=FORMATS, default="parquet", help="file format (default parquet)")
    export.add_argument("--out", type=Path, required=True, help="directory for the files, made if missing")
    sector = commands.add_parser("import-sector", help="a Sectors Without Number sector's JSON export as regions")
    sector.add_argument("file", type=Path, help="the sector's JSON export")
    into = sector.add_mutually_exclusive_group(required=True)
    into.add_argument("--campaign", type=UUID, help="add the regions to this campaign")
    into.add_argument(
        "--new",
        metavar="SYSTEMS",
        help="create a campaign named after the sector with these rule "
        "systems, comma-separated (factionturn, gameofbones), and print its GM token",
    )


def run(args: argparse.Namespace) -> int:
    sector = _read(args.file) if args.command == "import-sector" else None  # a bad file is refused before any write
    intrigue = bootstrap(Settings.load())
    try:
        if sector is None:
            return _export(intrigue, args.campaign_id, args.format, args.out)
        name, regions = sector
        if args.campaign is not None:
            added = intrigue.campaigns.add_regions(AddRegions(args.campaign, regions))
            print(f"added {len(added)} regions to campaign {args.campaign}", file=sys.stderr)
            return 0
        systems = [s.strip() for s in args.new.split(",") if s.strip()]
        campaign = intrigue.campaigns.create_campaign(CreateCampaign(name, systems, None, regions))
        print(f"created campaign {campaign.id} ({name}) with {len(regions)} regions", file=sys.stderr)
        print(f"GM token: {intrigue.seats.seat_gm(campaign.id).token}")
        return 0
    finally:
        intrigue.close()


def _read(file: Path) -> tuple[str, list[MapRegion]]:
    try:
        return read_sector(file.read_bytes())
    except OSError as error:
        raise InvalidInputError(f"cannot read {file}: {error.strerror or 'an error of the system'}") from None


def _export(intrigue: Intrigue, campaign_id: UUID, form: str, out: Path) -> int:
    intrigue.store.load(campaign_id, Campaign)  # an unknown campaign is refused by name, no files written
    names = {str(s["id"]): s["name"] for kind in MEMBER_KINDS for s in intrigue.state.of_kind(campaign_id, kind)}
    rows = fact_tables(intrigue.audit, Analytics(intrigue.state.view), campaign_id, names)
    with Counted("wrote", "rows", total=sum(len(r) for r in rows.values())) as count:
        written = write_tables(rows, out, form, count.update)
    for table, path in written.items():
        print(f"{table}: {path}")
    return 0
