"""Which factions stand in some regions, as submitting orders asks the state read model (service/usecases/
order_world.py, service/persistence/queries.py `_FACTIONS_IN`): read from each faction's assets as its row keeps
them, the state last written whole with its recently changed keys over it (projections/state_tables.py
`STORED_VIEW`), without building every faction's whole state. The answer is the one the readers' whole states give,
also where a faction's assets moved in a key written apart from its state."""

from __future__ import annotations

import random
from typing import Any
from uuid import UUID

import psycopg

from domain.campaign import Campaign
from domain.factionturn.face import Faction
from service.bootstrap import Intrigue
from service.persistence.database import Database
from service.usecases.interventions import By
from tests.support.paths_world import _faction_turn, play_phase


def _rows(db: Database, campaign_id: UUID) -> list[tuple[UUID, dict[str, Any], dict[str, Any]]]:
    """Each faction's id, its state as readers see it, and its `recent` keys."""
    with psycopg.connect(db.conninfo) as conn:
        found = conn.execute(
            "SELECT s.id, s.state, r.recent FROM aggregate_state s"
            " JOIN aggregate_state_stored r USING (campaign_id, id) WHERE s.campaign_id = %s AND s.kind = 'faction'",
            (campaign_id,),
        ).fetchall()
    return [(UUID(str(i)), state, recent) for i, state, recent in found]


def _moved_by_the_gm(intrigue: Intrigue, campaign_id: UUID, rng: random.Random) -> None:
    """Adventures between phases: a faction's asset destroyed, another made in a region it may not stand in."""
    by = By(campaign_id, "gm", "the players' adventure")
    campaign = intrigue.store.load(campaign_id, Campaign)
    regions = campaign.member_ids("region")
    factions = [intrigue.store.load(i, Faction) for i in campaign.member_ids("faction")]
    for faction in rng.sample(factions, k=2):
        standing = [a for a in faction.assets.values() if a.type_key != "base_of_influence"]
        if standing:
            intrigue.gm.destroy_asset(by, faction.id, rng.choice(standing).id)
        intrigue.gm.create_asset(by, faction.id, "informers", rng.choice(regions))


def _check(intrigue: Intrigue, db: Database, campaign_id: UUID) -> bool:
    """factions_in against the whole states, region by region and all at once; whether a row's assets were in
    its `recent` keys."""
    rows = _rows(db, campaign_id)
    regions = sorted({a["region_id"] for _, state, _ in rows for a in state["assets"].values()})
    assert regions
    for region in regions:
        truth = {i for i, state, _ in rows if any(a["region_id"] == region for a in state["assets"].values())}
        assert set(intrigue.state.factions_in(campaign_id, [region]) or []) == truth, region
    everywhere = {i for i, state, _ in rows if state["assets"]}
    assert set(intrigue.state.factions_in(campaign_id, regions) or []) == everywhere
    return any("assets" in recent for _, _, recent in rows)


def _played_and_checked(intrigue: Intrigue, db: Database) -> None:
    """Three phases of a small Faction Turn (the seed is one in which a faction's assets are written apart from its
    state, as a phase's small change is), each with the GM's adventures after it, checked after each."""
    rng = random.Random(31)
    campaign_id = _faction_turn(intrigue, rng)
    patched = False
    for _ in range(3):
        play_phase(intrigue, campaign_id)
        patched |= _check(intrigue, db, campaign_id)
        _moved_by_the_gm(intrigue, campaign_id, rng)
        patched |= _check(intrigue, db, campaign_id)
    assert patched  # the case the read's `recent` stands for was met
    assert intrigue.state.factions_in(campaign_id, ["no such region"]) == []


def test_the_factions_in_a_region_are_those_the_whole_states_place_there(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        _played_and_checked(intrigue, fresh_db)
    finally:
        intrigue.close()


def test_step_20_gives_a_database_made_before_it_the_view_of_the_rows_as_stored(fresh_db: Database) -> None:
    Intrigue(fresh_db).close()
    with psycopg.connect(fresh_db.conninfo, autocommit=True) as conn:  # back to step 19
        conn.execute("DROP VIEW aggregate_state_stored")
        conn.execute("DELETE FROM intrigue_schema WHERE version = 20")
    intrigue = Intrigue(fresh_db)  # migrates on start
    try:
        with psycopg.connect(fresh_db.conninfo) as conn:
            columns = [r[0] for r in conn.execute("SELECT * FROM aggregate_state_stored LIMIT 0").description or []]
            readers = [r[0] for r in conn.execute("SELECT * FROM aggregate_state LIMIT 0").description or []]
        assert columns == ["id", "campaign_id", "kind", "written", "recent"]
        assert readers == ["id", "campaign_id", "kind", "version", "state", "position"]  # as it was
        _played_and_checked(intrigue, fresh_db)
    finally:
        intrigue.close()
