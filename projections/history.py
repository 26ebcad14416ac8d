"""Phase history that stores what changed: each phase, a row per member whose state moved since its last row.

A row is `whole` (the member's first, or one that lost a field) or holds only the fields that changed; a
marker row per phase (kind `phase`) says the phase resolved even where nothing moved. Readers fold the rows
that stand (not superseded by a rollback) in log order (`series_of`). The writer takes each change against
the member's base, its whole state as the history last recorded it (table `phase_history_g{N}_base`); a
rollback rebuilds its campaign's bases from the rows that still stand (issue 16: the history grew as phases²
because each resolution wrote every member whole).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any
from uuid import UUID

from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import Composed

from projections import together as one_statement

MARKER = "phase"
MERGE, APPEND = "~merge", "~append"  # no public field starts with "~"
State = dict[str, Any]


def change(before: State | None, after: State) -> tuple[bool, State] | None:
    """(whole, what to store) to go from `before` to `after`, or None when nothing changed. A mapping that
    only gained or changed entries stores those (under `~merge`), a list that only grew its new items (under
    `~append`): a member's assets and narratives cost what changed in them, not all of them each phase."""
    if before is None or not before.keys() <= after.keys():
        return True, after
    changed: State = {}
    merged: State = {}
    appended: State = {}
    for key, value in after.items():
        old = before.get(key)
        if key in before and old == value:
            continue
        if isinstance(old, dict) and isinstance(value, dict) and old.keys() <= value.keys():
            merged[key] = {k: v for k, v in value.items() if k not in old or old[k] != v}
        elif isinstance(old, list) and isinstance(value, list) and value[: len(old)] == old:
            appended[key] = value[len(old) :]
        else:
            changed[key] = value
    if merged:
        changed[MERGE] = merged
    if appended:
        changed[APPEND] = appended
    return (False, changed) if changed else None


def apply(before: State, stored: State) -> State:
    """A member's whole state from its state before and a change (`change`)."""
    after = before | {k: v for k, v in stored.items() if k not in (MERGE, APPEND)}
    for key, entries in stored.get(MERGE, {}).items():
        after[key] = before[key] | entries
    for key, items in stored.get(APPEND, {}).items():
        after[key] = before[key] + items
    return after


def fold(
    rows: Iterable[Mapping[str, Any]], members: Mapping[UUID, tuple[str, State]] | None = None
) -> dict[UUID, tuple[str, State]]:
    """Each member's (kind, whole state) after the given rows, in log order, from `members`."""
    folded = dict(members or {})
    for row in rows:
        if row["kind"] == MARKER:
            continue
        before = folded.get(row["aggregate_id"], ("", {}))[1]
        folded[row["aggregate_id"]] = (row["kind"], dict(row["state"]) if row["whole"] else apply(before, row["state"]))
    return folded


def series_of(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each member's whole state at the end of each phase, from the standing rows in log order."""
    by_phase: dict[int, list[Mapping[str, Any]]] = {}
    for row in rows:
        by_phase.setdefault(row["phase"], []).append(row)
    series: list[dict[str, Any]] = []
    members: dict[UUID, tuple[str, State]] = {}
    for phase, phase_rows in by_phase.items():
        members = fold(phase_rows, members)
        series.extend(
            {"phase": phase, "aggregate_id": i, "kind": kind, "state": state} for i, (kind, state) in members.items()
        )
    return sorted(series, key=lambda r: (r["phase"], r["kind"], str(r["state"].get("name") or "")))


class Member:
    """A member the page folded, as it stands at the resolution: its kind, its version, and its public state,
    built only when the history needs it (a member at the version its base holds has not moved)."""

    __slots__ = ("_state", "_state_of", "kind", "version")

    def __init__(self, kind: str, version: int, state_of: Callable[[], State]) -> None:
        self.kind, self.version, self._state_of = kind, version, state_of
        self._state: State | None = None

    def state(self) -> State:
        if self._state is None:
            self._state = self._state_of()
        return self._state


# Bases written by this page's earlier resolutions and not yet stored, by member id: (its `set_base` row, its
# whole state). A page of a rebuild holds many phases; each member's base is stored once, at the page's end.
PendingBases = dict[UUID, tuple[dict[str, Any], State]]
# A pending base already written with its history row (`record`, `together`): kept for the page's later
# resolutions to read, not stored again (issue 31, P6: a whole state sent and parsed once).
STORED = "~stored"
# The share of a resolution's rows that must be whole for its rows and bases to go in one statement (`_write_once`).
WHOLE_SHARE = 0.5


def record(
    curs: Cursor[DictRow],
    sql: dict[str, Composed],
    params: dict[str, Any],
    in_memory: Mapping[UUID, Member | tuple[str, State]],
    encode: Callable[[Any], Any],
    pending: PendingBases | None = None,
    together: bool = False,
) -> None:
    """Write one resolution's history: `params` has the campaign, phase and position; `in_memory` the members
    the page folded, as they stand at it. With `pending`, the new bases are kept there for `store_bases` (and
    read from there by the page's later resolutions) instead of written now. `together`: each table's rows in one
    statement, or both tables' in one where most rows are whole (plain PostgreSQL only: projections/together.py,
    `_write_once`)."""
    members = {i: m if isinstance(m, Member) else _held(*m) for i, m in in_memory.items()}
    for row in curs.execute(sql["moved"], params | {"in_memory": list(members)}):
        members[row["id"]] = _held(row["kind"], row["state"])
    held = pending if pending is not None else {}
    bases = {i: held[i][1] for i in members if i in held}
    unknown = [i for i in members if i not in bases]
    if unknown:
        found = curs.execute(sql["bases"], (unknown, params["campaign_id"]))
        bases |= {row["aggregate_id"]: row["state"] for row in found}
    made = []  # each changed member's history row and its whole state
    for aggregate_id, member in members.items():
        base = bases.get(aggregate_id)
        if base is not None and base.get("version") == member.version:
            continue  # at the version its base holds: nothing moved (its public state is not even built)
        state = member.state()
        changed = change(base, state)
        if changed is None:
            continue
        whole, stored = changed
        row = params | {"id": aggregate_id, "kind": member.kind, "whole": whole, "state": encode(stored)}
        made.append((row, state))
    marker = params | {"id": params["campaign_id"], "kind": MARKER, "whole": True, "state": encode({})}
    if together and made and sum(row["whole"] for row, _ in made) >= WHOLE_SHARE * len(made):
        _write_once(curs, sql, made, marker, encode, pending)
        return
    new_bases = []
    for row, state in made:
        base_row = row | {"version": state["version"], "whole_state": state}
        if pending is not None:
            pending[row["id"]] = (base_row, state)
        else:
            new_bases.append(_base_row(base_row) | {"whole_state": encode(state)})
    one_statement.write(curs, sql, "record", [*(row for row, _ in made), marker], together)
    one_statement.write(curs, sql, "set_base", new_bases, together)


def _write_once(
    curs: Cursor[DictRow],
    sql: dict[str, Composed],
    made: list[tuple[dict[str, Any], State]],
    marker: dict[str, Any],
    encode: Callable[[Any], Any],
    pending: PendingBases | None,
) -> None:
    """The rows and their bases in one statement (`together.RECORD_BASES`): a whole row's state is its base's, sent
    and parsed once (issue 31, P6: at a first phase every row is whole, 1.37 MB at bench_p1 sent twice). Taken where
    at least half the rows are whole: the statement copies its recordset once more (a CTE read twice), which where
    no row is whole (bench_p12) cost the server 1-3 ms more than the two statements and saved nothing. The bases
    stay in `pending`, marked as stored, for the page's later resolutions to read."""
    rows = [
        row | {"version": state["version"], "based": True} | ({} if row["whole"] else {"whole_state": encode(state)})
        for row, state in made
    ]
    one_statement.write(curs, sql, "record_bases", [*rows, marker], True)
    if pending is not None:
        for row, state in made:
            pending[row["id"]] = (row | {"version": state["version"], "whole_state": state, STORED: True}, state)


def store_bases(
    curs: Cursor[DictRow],
    sql: dict[str, Composed],
    pending: PendingBases,
    encode: Callable[[Any], Any],
    together: bool = False,
) -> None:
    """The page's last base of each member (`together`: in one statement, projections/together.py)."""
    if pending:
        rows = [_base_row(row) | {"whole_state": encode(state)} for row, state in pending.values() if STORED not in row]
        one_statement.write(curs, sql, "set_base", rows, together)
        pending.clear()


def _base_row(row: dict[str, Any]) -> dict[str, Any]:
    """A base's parameters of the history row it was made with (which carries the row's own too)."""
    return {"id": row["id"], "campaign_id": row["campaign_id"], "version": row["version"]}


def _held(kind: str, state: State) -> Member:
    member = Member(kind, int(state.get("version") or 0), lambda: state)
    member._state = state
    return member


def rebase(
    curs: Cursor[DictRow],
    sql: dict[str, Composed],
    campaign_id: UUID,
    encode: Callable[[Any], Any],
    pending: PendingBases | None = None,
) -> None:
    """After a rollback: the campaign's bases are its members as the rows that still stand leave them (the
    page's pending bases of the campaign are dropped with the stored ones)."""
    for aggregate_id in [i for i, (row, _) in (pending or {}).items() if row["campaign_id"] == campaign_id]:
        del pending[aggregate_id]  # type: ignore[union-attr]
    curs.execute(sql["drop_bases"], (campaign_id,))
    members = fold(curs.execute(sql["standing"], (campaign_id,)).fetchall())
    curs.executemany(
        sql["set_base"],
        [
            {"id": i, "campaign_id": campaign_id, "version": state["version"], "whole_state": encode(state)}
            for i, (_, state) in members.items()
        ],
    )
