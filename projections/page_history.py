"""The phase history of a runner's page (a rebuild's above all): its many resolutions recorded with the round trips of
one, the same rows as `history.record` writes resolution by resolution (issue 31, item 3).

A rebuild's page holds many phases of each of its campaigns, and `history.record` asks PostgreSQL, at each of them,
for the members that moved outside the page and for the members' bases, then inserts the phase's rows. Within one
page's transaction none of that changes but by the page itself, so:
- the members that moved outside the page are asked for once per campaign: at its later resolutions each of them
  has the base the first one kept (pending, at the version of its row, which the page has not written), so the
  question would name no member that is not skipped;
- a base read from the table is kept for the page: the table changes only at the page's end (`store_bases`) and at
  a rollback, which forgets the campaign's kept answers;
- the rows are inserted together at the page's end, before a rollback's statements (which read them), and once
  `QUIET` seconds have passed since the page history last spoke: a page's transaction stays no longer silent than
  one phase's fold, as before, well within the session's `idle_in_transaction_session_timeout` (5 s).

Each member's public state is still built whole where its version moved (`history.Member`): what an event changed
in a member is not told by the domain, and most of a public state's cost is in its properties and its mutable
collections, which can change in place (docs/scaling.md, issue 31 item 3).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any
from uuid import UUID

from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import Composed

from projections import together as one_statement
from projections.history import MARKER, Member, PendingBases, State, change, rebase

QUIET = 1.0  # seconds: kept rows are sent at the next resolution after this long without a statement


def held(kind: str, state: State) -> Member:
    """A member whose public state is already at hand (its row's)."""
    return Member(kind, int(state.get("version") or 0), lambda: state)


class PageHistory:
    """The history of one page, written in `flush` (the page's bases in `history.store_bases`)."""

    def __init__(self, pending: PendingBases, together: bool = False, at_once: bool = False) -> None:
        self.pending, self.together = pending, together  # together: rows in one statement (projections/together.py)
        # A pipelined page's rows are sent at each resolution, for the server to write while the page folds on: in
        # pipeline mode a statement costs no round trip (issue 31, P4: projections/page_pipeline.py).
        self.at_once = at_once
        self.asked: set[UUID] = set()  # campaigns whose members that moved outside the page are known
        self.known: dict[UUID, dict[UUID, State | None]] = {}  # by campaign: each member's base in the table
        self.rows: list[dict[str, Any]] = []
        self.spoke = time.monotonic()  # when this page history last sent a statement

    def record(
        self,
        curs: Cursor[DictRow],
        sql: dict[str, Composed],
        params: dict[str, Any],
        in_memory: Mapping[UUID, Member | tuple[str, State]],
        encode: Callable[[Any], Any],
    ) -> None:
        """One resolution's rows, as `history.record` with `pending` makes them, kept for `flush`."""
        campaign_id = params["campaign_id"]
        members = {i: m if isinstance(m, Member) else held(*m) for i, m in in_memory.items()}
        if campaign_id not in self.asked:
            for row in curs.execute(sql["moved"], params | {"in_memory": list(members)}):
                members[row["id"]] = held(row["kind"], row["state"])
            self.asked.add(campaign_id)
            self.spoke = time.monotonic()
        known = self.known.setdefault(campaign_id, {})
        unknown = [i for i in members if i not in self.pending and i not in known]
        if unknown:
            found = {row["aggregate_id"]: row["state"] for row in curs.execute(sql["bases"], (unknown, campaign_id))}
            known.update((i, found.get(i)) for i in unknown)
            self.spoke = time.monotonic()
        rows = []  # kept only once the whole resolution is made: one that fails (its campaign stops) writes none
        for aggregate_id, member in members.items():
            kept = self.pending.get(aggregate_id)
            base = kept[1] if kept is not None else known[aggregate_id]
            if base is not None and base.get("version") == member.version:
                continue  # at the version its base holds: nothing moved (its public state is not even built)
            state = member.state()
            changed = change(base, state)
            if changed is None:
                continue
            whole, stored = changed
            row = params | {"id": aggregate_id, "kind": member.kind, "whole": whole, "state": encode(stored)}
            rows.append(row)
            self.pending[aggregate_id] = (row | {"version": state["version"], "whole_state": state}, state)
        rows.append(params | {"id": campaign_id, "kind": MARKER, "whole": True, "state": encode({})})
        self.rows += rows
        if self.at_once or time.monotonic() - self.spoke >= QUIET:
            self.flush(curs, sql)

    def roll_back(
        self, curs: Cursor[DictRow], sql: dict[str, Composed], params: dict[str, Any], encode: Callable[[Any], Any]
    ) -> None:
        """A rollback's statements (`params` has the campaign, its position and the phase rolled back to), after
        the rows kept so far; the campaign's kept answers are forgotten."""
        campaign_id = params["campaign_id"]
        self.flush(curs, sql)
        curs.execute(sql["supersede"], params)
        rebase(curs, sql, campaign_id, encode, self.pending)
        self.asked.discard(campaign_id)
        self.known.pop(campaign_id, None)

    def flush(self, curs: Cursor[DictRow], sql: dict[str, Composed]) -> None:
        """The rows kept so far (`together`: in one statement, projections/together.py)."""
        one_statement.write(curs, sql, "record", self.rows, self.together)
        self.rows.clear()
        self.spoke = time.monotonic()
