"""What each house knows, a row per entry (issue 26): the read model the house views read their knowledge from.

A house's intel keeps only the working set the rules read (domain/gameofbones/aggregate/working_set.py); everything it
learned, and each movement of another house it saw, is here, written by the state projection's page as the
intel's events are folded: appended, never rewritten. A row names its holder, the house whose intel event gave it
(`source_id`: the holder itself, or the mover of a movement seen) and that event's version; readers order them as
the views always did (`domain.gameofbones.aggregate.intel.view_order`: `ORDERED`). A rollback's `StateRestored` of an
intel deletes the rows of the events it undid (its versions after the one restored).

The table is one per generation of the state read model (`house_knowledge_g{N}`, view `house_knowledge`),
distributed by campaign on Citus (service/persistence/citus.py); migration step 16 makes it for the current
generation and fills it from the intel events its rows had folded (`fill`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from uuid import UUID

import orjson
from psycopg import Cursor
from psycopg.sql import SQL, Composed, Identifier
from psycopg.types.json import Jsonb

from domain.gameofbones.face import HouseIntel, knowledge_given, seen_entry
from projections import jsonsafe
from projections import together as together_rows

KEY = "PRIMARY KEY (campaign_id, house_id, source_id, version)"
TABLE = f"""CREATE TABLE IF NOT EXISTS {{knowledge}} (
        campaign_id uuid NOT NULL,
        house_id uuid NOT NULL,
        source_id uuid NOT NULL,
        version integer NOT NULL,
        phase integer NOT NULL,
        week integer NOT NULL,
        entry jsonb NOT NULL,
        {KEY})"""
# A rebuild's generation on plain PostgreSQL: the table without its key, which is built once the rows are in
# (`ADD_KEY`, before the switch: service/operations/worker.py). Until its switch the rebuild alone writes there, and no
# two of its rows share a key (an intel event's rows are its own, an undone event's versions are not used again), so
# `ON CONFLICT DO NOTHING` keeps none out; a sort then builds the key instead of each row's insert probing and
# inserting into the index (issue 31, P4: about 0.15 s of the server's 1.7 s at the bench's 50th phase, 41,581 rows).
# A row that did share a key would fail the rebuild before its switch; the live writers find the key when they come.
UNKEYED = TABLE.replace(",\n        " + KEY, "")
ADD_KEY = "ALTER TABLE {knowledge} ADD " + KEY
VIEW = "CREATE OR REPLACE VIEW house_knowledge AS SELECT * FROM {knowledge}"
# `view_order`: month and week, what the holder learned before what it saw, by mover (a uuid orders as its text),
# each intel's events in order.
ORDER = "house_id, phase, week, source_id <> house_id, source_id, version"
OF_CAMPAIGN = f"SELECT house_id, entry FROM house_knowledge WHERE campaign_id = %s ORDER BY {ORDER}"
OF_HOUSE = f"SELECT house_id, entry FROM house_knowledge WHERE campaign_id = %s AND house_id = %s ORDER BY {ORDER}"
_INSERT = """INSERT INTO {knowledge} (campaign_id, house_id, source_id, version, phase, week, entry)
    VALUES (%(campaign_id)s, %(house_id)s, %(source_id)s, %(version)s, %(phase)s, %(week)s, %(entry)s)
    ON CONFLICT DO NOTHING"""
# The same rows, a page's together in one statement (one JSON array, `together`), where the backend is plain
# PostgreSQL: a rebuild's page holds thousands, each its own statement in `executemany`'s pipeline (issue 31, P4,
# session 18). Not on Citus: it cannot see that every row names one campaign, so the statement would go through the
# coordinator under a two-phase commit (docs/scaling.md, "Issue 31, item 3 ... (session 13)"); there, a row each.
_INSERT_TOGETHER = """INSERT INTO {knowledge} (campaign_id, house_id, source_id, version, phase, week, entry)
    SELECT campaign_id, house_id, source_id, version, phase, week, entry FROM jsonb_to_recordset(%s) AS r(
    campaign_id uuid, house_id uuid, source_id uuid, version integer, phase integer, week integer, entry jsonb)
    ON CONFLICT DO NOTHING"""
# The same rows from each intel event's entries kept together (`Given`; issue 31, P4): a movement seen by many
# houses is sent once, its observers' entries made by the server (`seen_entry`: `{"id": ...} || seen`, the seen keys
# winning, as in the dict), instead of each observer's copy encoded, sent and parsed (41,581 rows from 3,181 events
# at the bench's 50th phase: the largest statement of a rebuild, the parse of its parameter most of it). A holder is
# `[id]` (the entry as it is) or `[id, entry id]`; rows in the order `Given.rows` gives them.
_INSERT_GIVEN = """INSERT INTO {knowledge} (campaign_id, house_id, source_id, version, phase, week, entry)
    SELECT g.campaign_id, (h.value ->> 0)::uuid, g.source_id, g.version, g.phase, g.week,
    CASE WHEN jsonb_array_length(h.value) = 1 THEN g.entry ELSE jsonb_build_object('id', h.value -> 1) || g.entry END
    FROM jsonb_to_recordset(%s) AS g(campaign_id uuid, source_id uuid, version integer, phase integer, week integer,
    entry jsonb, holders jsonb) CROSS JOIN LATERAL jsonb_array_elements(g.holders) AS h
    ON CONFLICT DO NOTHING"""
_UNDO = """DELETE FROM {knowledge} WHERE campaign_id = %(campaign_id)s AND source_id = %(source_id)s
    AND version > %(restored)s AND version < %(at)s"""
# The same deletes, a page's together in one statement: a rebuild's table has no key to find the rows by until its
# switch, so its undoing is one scan a page, not one a rollback's intel.
_UNDO_TOGETHER = """DELETE FROM {knowledge} k USING jsonb_to_recordset(%s) AS u(campaign_id uuid, source_id uuid,
    restored integer, at integer) WHERE k.campaign_id = u.campaign_id AND k.source_id = u.source_id
    AND k.version > u.restored AND k.version < u.at"""


def table(generation: int) -> Identifier:
    return Identifier(f"house_knowledge_g{generation}")


def statements(generation: int) -> dict[str, Composed]:
    return {
        "learned": SQL(_INSERT).format(knowledge=table(generation)),
        "learned_together": SQL(_INSERT_TOGETHER).format(knowledge=table(generation)),
        "given_together": SQL(_INSERT_GIVEN).format(knowledge=table(generation)),
        "unlearned": SQL(_UNDO).format(knowledge=table(generation)),
        "unlearned_together": SQL(_UNDO_TOGETHER).format(knowledge=table(generation)),
    }


def _jsonb(value: Any) -> Jsonb:
    return jsonsafe.as_jsonb(jsonsafe.dumps(value))


@lru_cache(maxsize=4_096)
def house_id(text: str) -> UUID:
    """A house's id parsed once, not once a row: a late phase's sightings are thousands of rows naming the same few
    dozen observers, and `UUID(text)` is a microsecond or two of Python (issue 31, P6 and P4; docs/scaling.md, session
    24). A UUID is immutable: one object shared by many rows is what each row's own would be."""
    return UUID(text)


@dataclass(frozen=True, slots=True)
class Given:
    """One intel event's rows before they are split by holder (`knowledge_given`): the entry's month and week, the
    entry (a movement's `seen`), and each holder as `(id,)`, the entry as it is, or `(id, its entry's id)`."""

    campaign_id: UUID
    source_id: UUID
    version: int
    phase: int
    week: int
    entry: dict[str, Any]
    holders: list[tuple[UUID] | tuple[UUID, Any]]

    def rows(self) -> list[dict[str, Any]]:
        ids = {"campaign_id": self.campaign_id, "source_id": self.source_id, "version": self.version}
        when = {"phase": self.phase, "week": self.week}
        return [
            {**ids, "house_id": h[0], **when, "entry": self.entry if len(h) == 1 else seen_entry(self.entry, h[1])}
            for h in self.holders
        ]


def _firsts(holders: list[Any]) -> list[Any]:
    """Each holder's first entry of the event: the row its key keeps, made alike by every writer (a live writer's
    insert kept the first `ON CONFLICT DO NOTHING`; a rebuild's, into a table keyed once its rows are in, failed)."""
    kept: dict[UUID, Any] = {}
    for holder in holders:
        kept.setdefault(holder[0], holder)
    return list(kept.values())


def given_of(intel: HouseIntel, event: Any) -> Given | None:
    """The rows one intel event adds (`intel`: the aggregate it was folded onto), or None."""
    house = str(intel.house_id)
    campaign_id, source_id = UUID(str(intel.campaign_id)), UUID(house)  # once an event, not once a row
    given = knowledge_given(event)
    if given is None or (given[1] is not None and not given[1]):
        return None
    entry, observers = given
    entry = dict(entry) if observers is None else entry  # the house's own entry: a copy, as the row's was
    phase, week = int(entry.get("phase") or 0), int(entry.get("week") or 0)
    if observers is None:
        return Given(campaign_id, source_id, event.originator_version, phase, week, entry, [(source_id,)])
    holders: list[tuple[UUID] | tuple[UUID, Any]] = [
        (source_id if holder == house else house_id(holder), entry_id) for holder, entry_id in observers.items()
    ]
    if len({h[0] for h in holders}) < len(holders):  # a house named twice (two spellings of its id)
        holders = _firsts(holders)
    return Given(campaign_id, source_id, event.originator_version, phase, week, entry, holders)


@dataclass
class PageKnowledge:
    """The rows a page of the state projection adds and undoes, by the key of their campaign."""

    given: list[tuple[int, Given]] = field(default_factory=list)
    undone: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    def fold(self, campaign: int, intel: HouseIntel, event: Any) -> None:
        if type(event).__qualname__.endswith(".StateRestored"):  # `Rewindable`'s, on the intel
            undo = {
                "campaign_id": UUID(int=campaign),
                "source_id": UUID(str(intel.house_id)),
                "restored": event.restored_version,
                "at": event.originator_version,
            }
            self.given = [(c, g) for c, g in self.given if not _undone(g, undo)]
            self.undone.append((campaign, undo))
        elif (given := given_of(intel, event)) is not None:
            self.given.append((campaign, given))

    @property
    def rows(self) -> list[tuple[int, dict[str, Any]]]:
        """Each row with its campaign's key, in order."""
        return [(c, row) for c, given in self.given for row in given.rows()]

    def write(
        self, curs: Cursor[Any], statements: Mapping[str, Any], campaigns: Iterable[int] | None, together: bool = False
    ) -> None:
        """Write the page's changes of these campaigns (None: all); `together`: the rows in one statement (plain
        PostgreSQL only: `_INSERT_GIVEN`)."""
        wanted = None if campaigns is None else set(campaigns)
        undone = [u for c, u in self.undone if wanted is None or c in wanted]
        if undone and together:
            curs.execute(statements["unlearned_together"], (together_rows.recordset(undone),))
        elif undone:
            curs.executemany(statements["unlearned"], undone)
        given = [g for c, g in self.given if wanted is None or c in wanted]
        if together:
            if given:
                encoded = _given(given)
                if encoded is not None:
                    curs.execute(statements["given_together"], (encoded,))
                else:
                    curs.execute(statements["learned_together"], (_together([r for g in given for r in g.rows()]),))
                together_rows.sent(curs.connection)  # thousands of rows at a late phase
            return
        rows = [r | {"entry": _jsonb(r["entry"])} for g in given for r in g.rows()]
        if rows:
            curs.executemany(statements["learned"], rows)

    def campaigns(self) -> set[int]:
        return {c for c, _ in self.given} | {c for c, _ in self.undone}


def _given(given: list[Given]) -> Jsonb | None:
    """The events' rows as one JSON array of `Given`s, in one call where orjson's JSON of them all is safe as it is
    (then each entry's is what `jsonsafe.dumps` writes); else None, and the rows go as `_together` sends them."""
    try:
        encoded = orjson.dumps(given)
    except orjson.JSONEncodeError:
        return None
    return None if jsonsafe.unsafe(encoded) else jsonsafe.as_jsonb(encoded)


def _together(rows: list[dict[str, Any]]) -> Jsonb:
    """The rows as one JSON array, each entry as a row's own would be encoded (`jsonsafe.dumps`); ids and numbers are
    orjson's (a uuid as its text). In one call where orjson's JSON of them all is safe as it is (then so is each
    entry's, and it is the same text); else each entry encoded apart (escaped, or nested beyond orjson's limit) and
    embedded as it is."""
    try:
        encoded = orjson.dumps(rows)
    except orjson.JSONEncodeError:
        encoded = b""
    if not encoded or jsonsafe.unsafe(encoded):
        encoded = orjson.dumps([r | {"entry": orjson.Fragment(jsonsafe.dumps(r["entry"]))} for r in rows])
    return jsonsafe.as_jsonb(encoded)


def _undone(given: Given, undo: dict[str, Any]) -> bool:
    return bool(
        given.campaign_id == undo["campaign_id"]
        and given.source_id == undo["source_id"]
        and undo["restored"] < given.version < undo["at"]
    )


def by_house(rows: Iterable[Mapping[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Rows read in `ORDER`, as each holder's entries in order."""
    found: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        found.setdefault(str(row["house_id"]), []).append(row["entry"])
    return found
