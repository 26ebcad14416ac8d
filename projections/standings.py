"""Each campaign's standings answers, precomputed by the page that changes them (issue 31, item 2).

A standings answer (`factions(campaignId)`) is kept as the bytes a client is sent, in pieces: per member, a row of
its three elements as sent: as the GM reads it, as any other seat does (public), and as its own seat does. A
campaign's answer is not stored whole: a read joins its members' elements in the answer's order (`READ`, one
statement, then `answer`; no JSON decoded or encoded), taking the reader's class of each (its own element for the
member its seat owns). So a change to one faction rewrites that faction's row, not the campaign's 500 KB of answers.

A campaign's row (member id `ZERO`, no bytes) marks its pieces whole: a writer with no composer deletes the rows
its page makes stale, marker included, and readers then build the answer as before until a writer with a
composer writes every member again. What a class reads is decided by the visibility room, which lives in
`service/` (projections/ knows no service): a composer registered from there (`register`) makes the elements.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol
from uuid import UUID

from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL, Composed, Identifier

log = logging.getLogger("intrigue.projections")
ZERO = UUID(int=0)  # the member id of a campaign's row
TABLE = """CREATE TABLE IF NOT EXISTS {standings} (
        campaign_id uuid NOT NULL,
        root text NOT NULL,
        member_id uuid NOT NULL,
        sort_name text,
        gm bytea NOT NULL,
        public bytea NOT NULL,
        own bytea,
        PRIMARY KEY (campaign_id, root, member_id))"""
_MEMBER = """INSERT INTO {standings} (campaign_id, root, member_id, sort_name, gm, public, own)
    VALUES (%(campaign_id)s, %(root)s, %(member_id)s, %(sort_name)s, %(gm)s, %(public)s, %(own)s)
    ON CONFLICT (campaign_id, root, member_id) DO UPDATE SET sort_name = EXCLUDED.sort_name, gm = EXCLUDED.gm,
    public = EXCLUDED.public, own = EXCLUDED.own"""
# Marks the campaign's pieces whole (written once; a writer with no composer deletes it with them).
_MARK = """INSERT INTO {standings} (campaign_id, root, member_id, gm, public)
    VALUES (%(campaign_id)s, %(root)s, %(zero)s, '', '') ON CONFLICT (campaign_id, root, member_id) DO NOTHING"""
# A campaign's answer for one class, from its pieces: the campaign's marker first (no marker: not kept), then each
# member's element in the answer's order (service/persistence/queries.py `_OF_KIND`: by name, then id); a member of
# `owned` (a seat's own faction) is sent its own element, every other the GM's (`gm`) or the public one. `answer`
# joins them: the rows as they are stored, read in the binary format, cost the server half what a `string_agg` of
# them did (docs/scaling.md, "The standings' request path"). Parameters: owned, gm, campaign, root.
READ = f"""SELECT member_id = '{ZERO}' AS mark,
        CASE WHEN member_id = ANY(%s) THEN own WHEN %s THEN gm ELSE public END AS element
    FROM {{standings}} WHERE campaign_id = %s AND root = %s ORDER BY member_id <> '{ZERO}', sort_name, member_id"""
_HAS = "SELECT 1 FROM {standings} WHERE campaign_id = %s AND root = %s AND member_id = %s"
_STORED = """SELECT member_id, sort_name, gm, public, own FROM {standings}
    WHERE campaign_id = %s AND root = %s AND member_id = ANY(%s)"""
_DROP = "DELETE FROM {standings} WHERE campaign_id = %s AND root = %s"
_STATES = """SELECT state || recent AS state FROM {state} WHERE campaign_id = %s AND kind = %s
    AND (%s::uuid[] IS NULL OR id = ANY(%s)) ORDER BY state->>'name', id"""
Reader = Callable[[str, list[UUID] | None], list[dict[str, Any]]]


def answer(rows: Sequence[Mapping[str, Any]]) -> bytes | None:
    """The answer `READ`'s rows make, its members' elements as one JSON array; None when it is not kept."""
    if not rows or not rows[0]["mark"]:
        return None
    return b"[" + b",".join(row["element"] for row in rows[1:]) + b"]"  # a kind's states (those ids, or all), in order


@dataclass(frozen=True)
class Member:
    """One member's elements of the answer, encoded as sent."""

    id: UUID
    sort_name: str | None
    gm: bytes
    public: bytes
    own: bytes


class Composer(Protocol):
    """Makes the elements of one root's answer (service/entrypoints/graphql/precomputed.py)."""

    root: str  # the GraphQL root field
    kind: str  # the read model's kind it lists
    also: frozenset[str]  # kinds whose change changes every element (a faction's narratives: its phase chronicles)
    document: str  # the GraphQL query whose answer it makes: a request with the same selection is sent it

    def compose(self, campaign_id: UUID, ids: list[UUID] | None, read: Reader) -> list[Member]: ...


ROOTS: dict[str, tuple[str, frozenset[str]]] = {"factions": ("faction", frozenset({"phasechronicle"}))}
COMPOSERS: dict[str, Composer] = {}


def register(composer: Composer) -> None:
    assert (composer.kind, composer.also) == ROOTS[composer.root], "a composer lists what ROOTS says its root reads"
    COMPOSERS[composer.root] = composer


def registered() -> list[str]:
    """The registered composers by class (`module:QualName`), for another process to register the same: a
    rebuild's part workers write the answers the rebuild's own process would (service/operations/rebuild_parts.py)."""
    return [f"{type(c).__module__}:{type(c).__qualname__}" for c in COMPOSERS.values()]


def register_named(names: list[str]) -> None:
    """Register each composer `registered()` named in the process that started this one (built with no arguments)."""
    for name in names:
        module, _, qualname = name.partition(":")
        register(getattr(importlib.import_module(module), qualname)())


def table(generation: int) -> Identifier:
    return Identifier(f"standings_answer_g{generation}")


def statements(generation: int, state: Identifier) -> dict[str, Composed]:
    standings = table(generation)
    return {
        name: SQL(text).format(standings=standings, state=state)
        for name, text in (
            ("answer_member", _MEMBER),
            ("answer_mark", _MARK),
            ("answer_has", _HAS),
            ("answer_drop", _DROP),
            ("answer_states", _STATES),
            ("answer_stored", _STORED),
        )
    }


def refresh(curs: Cursor[DictRow], sql: dict[str, Composed], changed: dict[UUID, set[tuple[str, UUID]]]) -> None:
    """Bring the answers of the page's changed campaigns up to the rows the page wrote (in its transaction)."""
    for campaign_id, members in changed.items():
        kinds = {kind for kind, _ in members}
        for root, (kind, also) in ROOTS.items():
            if kind not in kinds and not kinds & also:
                continue
            composer = COMPOSERS.get(root)
            if composer is None:
                curs.execute(sql["answer_drop"], (campaign_id, root))
                continue
            kept = curs.execute(sql["answer_has"], (campaign_id, root, ZERO)).fetchone() is not None
            ids = None if kinds & also or not kept else sorted(i for k, i in members if k == kind)
            _recompose(curs, sql, composer, campaign_id, ids, kept)


def _recompose(
    curs: Cursor[DictRow],
    sql: dict[str, Composed],
    composer: Composer,
    campaign_id: UUID,
    ids: list[UUID] | None,
    kept: bool,
) -> None:
    def read(kind: str, only: list[UUID] | None) -> list[dict[str, Any]]:
        return [row["state"] for row in curs.execute(sql["answer_states"], (campaign_id, kind, only, only))]

    try:
        members = composer.compose(campaign_id, ids, read)
    except Exception:  # contained: the campaign's readers build the answer as before
        log.exception("standings of campaign %s not precomputed", campaign_id)
        curs.execute(sql["answer_drop"], (campaign_id, composer.root))
        return
    # Most changes leave what the answer shows as it was (an order, a die's record: fields it does not select):
    # those members, and the campaign's answers, are not written again.
    stored = curs.execute(sql["answer_stored"], (campaign_id, composer.root, [m.id for m in members])).fetchall()
    before = {
        r["member_id"]: (r["sort_name"], bytes(r["gm"]), bytes(r["public"]), r["own"] and bytes(r["own"]))
        for r in stored
    }
    moved = [m for m in members if before.get(m.id) != (m.sort_name, m.gm, m.public, m.own)]
    if moved or not kept:
        _write(curs, sql, composer.root, campaign_id, moved)


def _write(
    curs: Cursor[DictRow], sql: dict[str, Composed], root: str, campaign_id: UUID, members: Iterable[Member]
) -> None:
    rows = [
        {
            "campaign_id": campaign_id,
            "root": root,
            "member_id": m.id,
            "sort_name": m.sort_name,
            "gm": m.gm,
            "public": m.public,
            "own": m.own,
        }
        for m in members
    ]
    if rows:
        curs.executemany(sql["answer_member"], rows)
    curs.execute(sql["answer_mark"], {"campaign_id": campaign_id, "root": root, "zero": ZERO})
