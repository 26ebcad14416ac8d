"""`intrigue` commands over one campaign's history: export, import, replay, analytics, gm-token."""

from __future__ import annotations

import argparse
import csv
import sys
from contextlib import nullcontext
from pathlib import Path
from typing import TextIO
from uuid import UUID

from domain.systems import MEMBER_KINDS
from service.bootstrap import Intrigue, Settings, bootstrap
from service.operations.progress import Counted
from service.usecases.analytics import Analytics, action_stats, fairness
from service.usecases.replay import divergences
from service.usecases.transfer import export_lines, file_lines, import_lines

NAMES = ("export", "import", "replay", "analytics", "gm-token")


def add_commands(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    export = commands.add_parser("export", help="write a campaign's events as NDJSON (stdout or --out FILE)")
    export.add_argument("campaign_id", type=UUID, help="the campaign's id")
    export.add_argument("--out", type=Path, help="the file to write (default: stdout)")
    imported = commands.add_parser("import", help="append an NDJSON export to a store that lacks that campaign")
    imported.add_argument("file", type=Path, help="an NDJSON export of `intrigue export`")
    replay = commands.add_parser("replay", help="rebuild a campaign from events and compare with the read models")
    replay.add_argument("campaign_id", type=UUID, help="the campaign's id")
    analytics = commands.add_parser("analytics", help="a campaign's analytics as CSV (series, actions or dice)")
    analytics.add_argument("campaign_id", type=UUID, help="the campaign's id")
    analytics.add_argument("table", choices=("series", "actions", "dice"), help="which table")
    token = commands.add_parser("gm-token", help="issue a new GM bearer token for a campaign (the old one stops)")
    token.add_argument("campaign_id", type=UUID, help="the campaign's id")


def run(args: argparse.Namespace) -> int:
    intrigue = bootstrap(Settings.load())
    try:
        if args.command == "export":
            return _export(intrigue, args.campaign_id, args.out)
        if args.command == "import":
            return _import(intrigue, args.file)
        if args.command == "replay":
            return _replay(intrigue, args.campaign_id)
        if args.command == "analytics":
            return _analytics(intrigue, args.campaign_id, args.table, sys.stdout)
        print(intrigue.seats.seat_gm(args.campaign_id).token)
        return 0
    finally:
        intrigue.close()


def _export(intrigue: Intrigue, campaign_id: UUID, out: Path | None) -> int:
    lines = export_lines(intrigue.store, intrigue.db, campaign_id)
    header = next(lines)  # not an event: the count is of events, as `import` counts them
    with (
        nullcontext(sys.stdout) if out is None else out.open("w", encoding="utf-8") as target,
        Counted("exported", "events") as count,
    ):
        target.write(header + "\n")
        for line in lines:
            target.write(line + "\n")
            count.advance()
    return 0


def _import(intrigue: Intrigue, file: Path) -> int:
    with Counted("imported", "events") as count:
        campaign_id = import_lines(intrigue.store, lambda: file_lines(file), count.update)
    print(f"imported campaign {campaign_id}", file=sys.stderr)
    return 0


def _replay(intrigue: Intrigue, campaign_id: UUID) -> int:
    with Counted("replayed", "aggregates") as count:
        found = divergences(intrigue.store, intrigue.state, campaign_id, count.progress)
    for divergence in found:
        print(divergence)
    print(f"{len(found)} divergence(s) across {count.count} aggregates", file=sys.stderr)
    return 1 if found else 0


def _analytics(intrigue: Intrigue, campaign_id: UUID, table: str, out: TextIO) -> int:
    writer = csv.writer(out)
    if table == "series":
        writer.writerow(["phase", "kind", "aggregate_id", "name", "rank", "influence", "power", "hp", "facgold"])
        for row in Analytics(intrigue.state.view).series(campaign_id):
            s = row["state"]
            writer.writerow(
                [
                    row["phase"],
                    row["kind"],
                    row["aggregate_id"],
                    s.get("name"),
                    s.get("rank"),
                    s.get("influence"),
                    s.get("power"),
                    s.get("hp"),
                    s.get("facgold"),
                ]
            )
    elif table == "actions":
        names = {s["id"]: s["name"] for kind in MEMBER_KINDS for s in intrigue.state.of_kind(campaign_id, kind)}
        writer.writerow(["actor", "action", "attempts", "successes", "rate"])
        for stat in action_stats(intrigue.audit.events(campaign_id), names):
            writer.writerow([stat.actor, stat.action, stat.attempts, stat.successes, f"{stat.rate:.3f}"])
    else:
        writer.writerow(["sides", "rolls", "chi_square", "p_value", "counts"])
        for die in fairness(e.payload for e in intrigue.audit.events(campaign_id)):
            writer.writerow(
                [die.sides, die.rolls, f"{die.chi_square:.4f}", f"{die.p_value:.6f}", " ".join(map(str, die.counts))]
            )
    return 0
