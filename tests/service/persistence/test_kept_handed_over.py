"""A resolution's members kept as the objects it saved, not copies of them (service/persistence/kept_aggregates.py
`handed_over`; issue 31, P6): the process keeps what the resolution saved, a load still hands out a copy, any other
save keeps a copy, and phases played on from what was handed over write what they wrote from copies."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import nullcontext
from typing import Any

import psycopg
import pytest

from bench.phase_run import digest
from bench.played import Played, Size, build, order_factions, play_phase
from domain.factionturn.face import Faction
from service.bootstrap import Intrigue
from service.persistence import database
from service.persistence.database import Database
from service.persistence.kept_aggregates import KEPT_KINDS, KeptAggregates
from service.usecases.campaigns import CampaignService
from tests.service.persistence.test_phase_cuts import copy_of

SMALL = Size(factions=3, assets=4, houses=2, phases=3)


@pytest.fixture
def played(fresh_db: Database) -> Iterator[Any]:
    intrigue = Intrigue(fresh_db, pool_size=2, run_projections=False)
    try:
        yield build(intrigue, fresh_db, SMALL, seed="handed over")
    finally:
        intrigue.close()


def kept(intrigue: Intrigue, aggregate_id: uuid.UUID) -> Any:
    cache = intrigue.store.repository.cache
    assert cache is not None
    return cache.get(aggregate_id)


def noted_saves(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The members each resolution's save writes, as they are noted."""
    saved: list[Any] = []
    commit_phase = CampaignService.commit_phase

    def noting(self: CampaignService, campaign: Any, phase: Any, *args: Any) -> None:
        commit_phase(self, campaign, phase, *args)
        saved.extend(a for a in phase.changed if type(a) in KEPT_KINDS)

    monkeypatch.setattr(CampaignService, "commit_phase", noting)
    return saved


def test_a_resolution_keeps_the_members_it_saved_and_a_load_copies_them_out(
    played: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = noted_saves(monkeypatch)
    play_phase(played)
    intrigue = played.intrigue
    assert len(saved) >= SMALL.factions + SMALL.houses
    for member in saved:
        assert kept(intrigue, member.id) is member
    for kind in {type(m) for m in saved}:  # the next resolution's loads: many at once, read on from what is kept
        members = [m for m in saved if type(m) is kind]
        for member, loaded in zip(members, intrigue.store.load_many([m.id for m in members], kind), strict=True):
            assert loaded is not member and loaded.version == member.version
        loaded = intrigue.store.load(members[0].id, kind)  # one alone: the library's read, its deep copy
        assert loaded is not members[0] and loaded.version == members[0].version


def test_a_resolution_inside_an_enclosing_unit_of_work_keeps_copies(
    played: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = noted_saves(monkeypatch)
    intrigue = played.intrigue
    intrigue.campaigns.open_phase(played.campaign_id)
    order_factions(played)
    with intrigue.store.identity_map():  # the enclosing block may go on changing what the resolution saved
        intrigue.campaigns.resolve_phase(played.campaign_id)
    assert len(saved) >= SMALL.factions
    assert all(kept(intrigue, member.id) is not member for member in saved)


def test_a_save_outside_a_resolution_keeps_a_copy(played: Any) -> None:
    store = played.intrigue.store
    faction = store.load(played.member_ids("faction")[0], Faction)
    faction.adjust("xp", "adjust", 1, "GM", "saved")
    store.commit(faction)
    faction.adjust("xp", "adjust", 1, "GM", "never saved")
    assert kept(played.intrigue, faction.id) is not faction
    assert store.load(faction.id, Faction).version == faction.version - 1


def test_what_is_saved_after_the_block_is_copied_even_when_the_block_failed(played: Any) -> None:
    store = played.intrigue.store
    with pytest.raises(RuntimeError), store.kept.handed_over():
        raise RuntimeError("a resolution refused")
    faction = store.load(played.member_ids("faction")[0], Faction)
    faction.adjust("xp", "adjust", 1, "GM", "saved")
    store.commit(faction)
    assert kept(played.intrigue, faction.id) is not faction


def two_phases(db: Database, handed_over: bool, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    with monkeypatch.context() as patch:
        if not handed_over:
            patch.setattr(KeptAggregates, "handed_over", lambda self: nullcontext())
        intrigue = Intrigue(db, pool_size=2)
        try:
            with psycopg.connect(db.conninfo) as conn:
                before = conn.execute("SELECT max(notification_id) FROM intrigue_events").fetchone()
            assert before is not None
            again = build_from(intrigue, db)
            play_phase(again)
            play_phase(again)
            intrigue.store.snapshots_written()
            return digest(db, before[0])
        finally:
            intrigue.close()


def build_from(intrigue: Intrigue, db: Database) -> Any:
    """The copy's campaign as `bench.played` plays it."""
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute(
            "SELECT originator_id FROM intrigue_events WHERE topic = 'domain.campaign:Campaign.Created'"
        ).fetchone()
    assert row is not None
    return Played(intrigue, db, row[0], SMALL)


@pytest.mark.single_node(reason="copies a database with CREATE DATABASE ... TEMPLATE, which a Citus cluster has not")
def test_phases_played_on_from_handed_over_members_write_what_copies_wrote(
    admin_db: Database, fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    intrigue = Intrigue(fresh_db, pool_size=2, run_projections=False)
    build(intrigue, fresh_db, SMALL, seed="handed over")
    intrigue.store.snapshots_written()
    intrigue.close()
    copies = [copy_of(admin_db, fresh_db.dbname), copy_of(admin_db, fresh_db.dbname)]
    try:
        assert two_phases(copies[0], True, monkeypatch) == two_phases(copies[1], False, monkeypatch)
    finally:
        for made in copies:
            database.drop_database(admin_db, made.dbname)
