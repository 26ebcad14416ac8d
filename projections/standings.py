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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol
from uuid import UUID

from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL, Composed, Identifier

from projections import pipelined

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
# The elements kept of these members (all: NULL), to write only those that moved; with the marker (ZERO) among them,
# whether the campaign's answers are kept.
_STORED = """SELECT member_id, sort_name, gm, public, own FROM {standings}
    WHERE campaign_id = %s AND root = %s AND (%s::uuid[] IS NULL OR member_id = ANY(%s))"""
_DROP = "DELETE FROM {standings} WHERE campaign_id = %s AND root = %s"
# A kind's states in the campaign: those ids (all: NULL) but the excluded (those the page holds; none: '{}').
_STATES = """SELECT state || recent AS state FROM {state} WHERE campaign_id = %s AND kind = %s
    AND (%s::uuid[] IS NULL OR id = ANY(%s)) AND NOT id = ANY(%s) ORDER BY state->>'name', id"""
Reader = Callable[[str, list[UUID] | None], list[dict[str, Any]]]
# A changed member's state as reading back its row gives it but for its objects' key order, where the page that
# wrote the row holds it (else None): projections/state_rows.py, `PublicStates.read_back`. A composer's elements
# must not follow the order of an object's keys (session 24: the page's states are no longer copied into jsonb's).
Held = Callable[[UUID], dict[str, Any] | None]


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

    def compose(self, campaign_id: UUID, ids: list[UUID] | None, read: Reader) -> list[Member]:
        """The members' elements (those ids, or all), from their states as `read` gives them: some as read back,
        some in the page's key order (`Held`), the same elements either way."""
        ...

    def shown(self) -> frozenset[str]:
        """Those of `also` whose change changes an element of `document`'s answer (it reads them): a change to
        another leaves every element as it was."""
        ...


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
            ("answer_drop", _DROP),
            ("answer_states", _STATES),
            ("answer_stored", _STORED),
        )
    }


Changed = dict[UUID, set[tuple[str, UUID]]]  # by campaign, its members whose rows a page wrote: (kind, id)


# The `_STORED` reads `prefetch` sent, by (campaign, root): the ids each asked for (None: all), and its cursor.
Prefetched = dict[tuple[UUID, str], tuple[list[UUID] | None, Cursor[DictRow]]]


def _asked(changed: Changed) -> Iterator[tuple[UUID, str, set[str], Composer | None, list[UUID], list[UUID] | None]]:
    """For each campaign and root `refresh` looks at: the changed kinds, its composer, the changed members of its
    kind, and the members whose kept elements it reads (all: None)."""
    for campaign_id, members in changed.items():
        kinds = {kind for kind, _ in members}
        for root, (kind, also) in ROOTS.items():
            if kind not in kinds and not kinds & also:
                continue
            composer = COMPOSERS.get(root)
            every = composer is not None and bool(kinds & composer.shown())  # a kind every element shows changed
            changed_ids = sorted(i for k, i in members if k == kind)
            yield campaign_id, root, kinds, composer, changed_ids, None if every else [*changed_ids, ZERO]


def prefetch(curs: Cursor[DictRow], sql: dict[str, Composed], changed: Changed) -> Prefetched:
    """Send the `_STORED` reads `refresh` makes for `changed`, each on a cursor of its own, before the page sends its
    rows (issue 31, P6): in the inline projection's pipeline they are answered before the server executes those writes,
    and the answers are composed while it does, not after. The page's writes before `refresh` touch no answer."""
    sent: Prefetched = {}
    for campaign_id, root, _, composer, _, ids in _asked(changed):
        if composer is not None:
            own = curs.connection.cursor(row_factory=curs.row_factory)
            read = own.execute(sql["answer_stored"], (campaign_id, root, ids, ids), binary=True)
            sent[(campaign_id, root)] = (ids, read)
    if sent:
        pipelined.flush_request(curs.connection)  # their answers sent before the server goes on to the page's rows
    return sent


def refresh(
    curs: Cursor[DictRow],
    sql: dict[str, Composed],
    changed: Changed,
    held: Held | None = None,
    prefetched: Prefetched | None = None,
) -> None:
    """Bring the answers of the page's changed campaigns up to the rows the page wrote (in its transaction); `held`
    gives the changed members' states the page holds, which are then not read back (issue 31, P6); `prefetched`, the
    reads `prefetch` sent (one that asked for other members is made again)."""
    for campaign_id, root, kinds, composer, changed_ids, ids in _asked(changed):
        if composer is None:
            curs.execute(sql["answer_drop"], (campaign_id, root))
            continue
        sent = (prefetched or {}).get((campaign_id, root))
        reads = sent[1] if sent is not None and sent[0] == ids else None
        stored = _stored(curs, sql, campaign_id, root, ids, reads)
        # Unmarked, every member is composed and written (a writer with no composer dropped its rows: none kept).
        kept = stored.pop(ZERO, None) is not None
        kind = ROOTS[root][0]
        if kept and kind not in kinds and ids is not None:
            continue  # a kind its document does not show changed (the console's: no narratives, no chronicles)
        page = {} if held is None else {i: state for i in changed_ids if (state := held(i)) is not None}
        only = changed_ids if kept and ids is not None else None
        _recompose(curs, sql, composer, campaign_id, only, kept, page, stored)


def _stored(
    curs: Cursor[DictRow],
    sql: dict[str, Composed],
    campaign_id: UUID,
    root: str,
    ids: list[UUID] | None,
    reads: Cursor[DictRow] | None = None,
) -> dict[UUID, tuple[str | None, bytes, bytes, bytes | None]]:
    """These members' kept elements (all's: None), the marker's among them. Read in the binary format: a big
    phase's are a megabyte, which the text format sent as hex for this process to decode (issue 31, P6). `reads`:
    the same read, sent earlier (`prefetch`)."""
    if reads is None:
        reads = curs.execute(sql["answer_stored"], (campaign_id, root, ids, ids), binary=True)
    else:
        reads = pipelined.answered(reads)  # not waiting for the page's rows sent after it
    return {
        r["member_id"]: (r["sort_name"], bytes(r["gm"]), bytes(r["public"]), r["own"] and bytes(r["own"]))
        for r in reads
    }


def _recompose(
    curs: Cursor[DictRow],
    sql: dict[str, Composed],
    composer: Composer,
    campaign_id: UUID,
    ids: list[UUID] | None,
    kept: bool,
    page: dict[UUID, dict[str, Any]],
    before: dict[UUID, tuple[str | None, bytes, bytes, bytes | None]],
) -> None:
    def read(kind: str, only: list[UUID] | None) -> list[dict[str, Any]]:
        if kind != composer.kind or not page:
            return [row["state"] for row in curs.execute(sql["answer_states"], (campaign_id, kind, only, only, []))]
        # The members the page holds as it wrote them, the rest read back (all of the kind's but those: `only` None).
        rest = [i for i in only if i not in page] if only is not None else None
        held = list(page.values()) if only is None else [page[i] for i in only if i in page]
        if rest == []:
            return held
        read_back = curs.execute(sql["answer_states"], (campaign_id, kind, rest, rest, list(page)))
        return held + [row["state"] for row in read_back]

    try:
        members = composer.compose(campaign_id, ids, read)
    except Exception:  # contained: the campaign's readers build the answer as before
        log.exception("standings of campaign %s not precomputed", campaign_id)
        curs.execute(sql["answer_drop"], (campaign_id, composer.root))
        return
    # Most changes leave what the answer shows as it was (an order, a die's record: fields it does not select):
    # those members, and the campaign's answers, are not written again.
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
