"""Where one resolution's CPU goes, without a profiler's overhead (issue 31, item 1): the same run as
`bench/phase_run.py resolve`, with a few functions wrapped to add up their inclusive CPU seconds
(`time.process_time`, this process's threads; a nested call of the same function is counted once).

`python -m bench.phase_split TEMPLATE LABEL`: prints `SPLIT {json}`, seconds by part, before the RESULT line.
"""

from __future__ import annotations

import functools
import gc
import json
import sys
import time
from collections import defaultdict
from typing import Any

import eventsourcing.persistence

import projections.history
import projections.inline
import projections.page
import projections.phase_reports
import projections.public_states
import projections.standings
import projections.state
import service.entrypoints.graphql.precomputed
import service.persistence.app
import service.persistence.commits
import service.persistence.kept_aggregates
import service.persistence.recorder
import service.persistence.storable
import service.usecases.campaigns
import service.usecases.chronicle
import service.usecases.factionturn
import service.usecases.gameofbones
import service.usecases.phase_report_kept
from bench import phase_run

SPENT: dict[str, float] = defaultdict(float)
_DEPTH: dict[str, int] = defaultdict(int)
# (module or class, attribute, label): inclusive CPU seconds of each call, outermost calls only.
PARTS: list[tuple[Any, str, str]] = [
    (service.usecases.campaigns.CampaignService, "resolve_phase", "resolution"),
    (service.usecases.campaigns.CampaignService, "play_phase", "deciding (play_phase: loads and both rules)"),
    (service.usecases.factionturn.FactionTurnService, "resolve", "rules: faction turn (with its loads)"),
    (service.usecases.factionturn, "resolve_phase_in_place", "rules: faction turn's turns (in memory)"),
    (service.usecases.factionturn, "read_orders", "rules: faction turn's orders read"),
    (service.usecases.gameofbones.GameOfBonesService, "resolve", "rules: game of bones (with its loads)"),
    (service.usecases.gameofbones, "resolve_month_in_place", "rules: game of bones' month (in memory)"),
    (service.usecases.chronicle.ChronicleService, "draft_resolution", "rules: chronicle draft"),
    (service.persistence.app.IntrigueStore, "load_many", "loads (load_many)"),
    (service.persistence.app.IntrigueStore, "_load", "loads (one by one)"),
    (service.persistence.kept_aggregates.KeptAggregates, "forwarded", "loads: kept ones forwarded and copied out"),
    (service.persistence.kept_aggregates.KeptAggregates, "keep", "kept: copies of what was read or saved"),
    (service.persistence.app.IntrigueStore, "commit", "save (everything after deciding)"),
    (service.persistence.commits, "encoded_and_checked", "save: events encoded once and checked"),
    (service.persistence.storable, "check_event", "save: storable check's walks"),
    (eventsourcing.persistence.Mapper, "to_stored_event", "save: encoding events"),
    (service.persistence.recorder.IntrigueRecorder, "_transaction", "save: the insert transaction"),
    (projections.inline.InlineProjection, "project", "save: inline projection"),
    (projections.page.PageFold, "fold", "projection: fold (events applied, history)"),
    (projections.history, "record", "projection: phase history"),
    (projections.page.PageFold, "write", "projection: rows written"),
    (projections.state, "public_state", "projection: public states built"),
    (projections.history, "change", "projection: history diffs"),
    (projections.state, "jsonb", "projection: jsonb wrapped"),
    (projections.phase_reports, "record", "projection: phase reports (a runner's page)"),
    # An inline page's reports: read before the history's rows are sent, built and written after (issue 31, P6).
    (projections.phase_reports, "read_first", "projection: phase reports read (an inline page's)"),
    (service.usecases.phase_report_kept, "window_read", "reports: the window read"),
    (projections.phase_reports, "write", "reports: written"),
    (service.usecases.phase_report_kept, "build_report", "reports: built"),
    (service.usecases.phase_report_kept, "report_json", "reports: as rows"),
    (projections.standings, "refresh", "projection: standings answers"),
    (projections.standings, "_stored", "standings: kept elements read"),
    (projections.public_states.PublicStates, "read_back", "standings: page's states as read back"),
    (projections.standings, "_write", "standings: written"),
    (service.entrypoints.graphql.precomputed.FactionStandings, "compose", "standings: composed"),
    (service.entrypoints.graphql.precomputed, "narrating", "standings: narratives"),
    (service.entrypoints.graphql.precomputed, "faction_view", "standings: views"),
    (service.entrypoints.graphql.precomputed.Faction, "from_state", "standings: typed objects"),
    (service.entrypoints.graphql.precomputed, "copy_out", "standings: copied out"),
    (service.entrypoints.graphql.precomputed, "encode", "standings: encoded"),
    (service.persistence.app.IntrigueStore, "_take_snapshots", "save: snapshots taken and encoded"),
    (service.persistence.app.IntrigueStore, "snapshots_written", "snapshots inserted (writer thread, waited)"),
]


def wrap(owner: Any, name: str, label: str) -> None:
    original = getattr(owner, name)

    @functools.wraps(original)
    def timed(*args: Any, **kwargs: Any) -> Any:
        _DEPTH[label] += 1
        started = time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            _DEPTH[label] -= 1
            if not _DEPTH[label]:
                SPENT[label] += time.process_time() - started

    setattr(owner, name, timed)


_GC: dict[str, float] = {}


def _gc(phase: str, info: dict[str, int]) -> None:
    """The garbage collector's passes, by generation: CPU seconds and count."""
    if phase == "start":
        _GC["started"] = time.process_time()
        return
    label = f"gc: generation {info['generation']}"
    SPENT[label] += time.process_time() - _GC.pop("started", time.process_time())
    SPENT[label + " passes"] += 1


def main() -> None:
    gc.callbacks.append(_gc)
    for owner, name, label in PARTS:
        wrap(owner, name, label)
    resolve = phase_run.resolve

    def reporting(*args: Any) -> None:
        SPENT.clear()
        phase_run.after_warm = SPENT.clear
        resolve(*args)

    reporting(sys.argv[1], sys.argv[2], None)
    print("SPLIT " + json.dumps({k: round(v, 3) for k, v in SPENT.items()}), flush=True)


if __name__ == "__main__":
    main()
