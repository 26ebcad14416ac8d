"""Issue 16, item 3: a phase resolution reads the campaign's members in one round trip per kind, not two per
member, and what it reads is exactly what loading each one alone gives."""

from __future__ import annotations

import uuid
from collections import Counter
from typing import Any

import pytest
from eventsourcing.domain import Aggregate

from bench.played import Size, build, order_factions
from domain.campaign import Campaign
from domain.errors import NotFoundError
from domain.factionturn.aggregate.faction import Faction
from domain.gameofbones.aggregate.house import House
from projections.state import public_state
from service.bootstrap import Intrigue
from service.persistence.app import AGGREGATE_CACHE, IntrigueStore
from service.persistence.database import Database
from tests.service.persistence.test_snapshots import busy_faction, busy_house
from tests.support.gameofbones_world import give_orders


def reads_of_one_resolution(intrigue: Intrigue, size: Size, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Open a phase of a campaign of `size`, give its orders, and count the store's reads while it resolves."""
    played = build(intrigue, intrigue.db, size, seed=f"batched {uuid.uuid4()}")
    intrigue.campaigns.open_phase(played.campaign_id)
    order_factions(played)
    give_orders(intrigue, played.campaign_id)
    store = intrigue.store
    assert store.snapshots is not None
    reads: Counter[str] = Counter()
    with monkeypatch.context() as patch:
        for name, recorder in (("one aggregate", store.recorder), ("one snapshot", store.snapshots.recorder)):
            real = recorder.select_events
            patch.setattr(
                recorder,
                "select_events",
                lambda *a, real=real, name=name, **k: (reads.update([name]), real(*a, **k))[1],
            )
        real_streams = store.streams.read
        patch.setattr(store.streams, "read", lambda *a: (reads.update(["many aggregates"]), real_streams(*a))[1])
        intrigue.campaigns.resolve_phase(played.campaign_id)
    return reads


@pytest.mark.single_node(
    reason="counts one server's batched loads; on Citus `load_many` loads each aggregate alone by"
    " design, its snapshots being distributed by aggregate (docs/scaling.md, Citus)"
)
def test_a_resolution_reads_its_members_in_a_few_round_trips_whatever_their_number(
    intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch
) -> None:
    small = reads_of_one_resolution(intrigue, Size(factions=3, assets=4, houses=2, phases=1), monkeypatch)
    big = reads_of_one_resolution(intrigue, Size(factions=12, assets=4, houses=6, phases=1), monkeypatch)
    assert big == small  # the same reads with four times the members
    # The campaign alone is read by the repository (its snapshot, its events); regions, factions, houses and the
    # houses' intel streams (HouseIntel, issue 16 item 2) in one statement each.
    assert big["one aggregate"] <= 2 and big["one snapshot"] <= 2
    assert 1 <= big["many aggregates"] <= 4


@pytest.mark.parametrize("snapshotting", ["y", "n"])
def test_many_aggregates_load_as_each_loads_alone_from_snapshots_and_events(db: Database, snapshotting: str) -> None:
    # Nothing kept in this process (else the saves below would leave every aggregate kept, read on from there).
    store = IntrigueStore(env=db.eventsourcing_env() | {"IS_SNAPSHOTTING_ENABLED": snapshotting, AGGREGATE_CACHE: "0"})
    try:
        campaign_id = uuid.uuid4()  # one save writes one campaign's lane (issue 26)
        faction, house = busy_faction(campaign_id), busy_house(campaign_id)  # past the snapshot interval
        store.commit(faction, house)
        faction.gain_facgold(2, "after the snapshot")
        house.change_gold(3, "after the snapshot")
        plain = House.register(campaign_id, "Melarn", house.leader, 10)  # events only
        store.commit(faction, house, plain)
        store.snapshots_written()
        if store.snapshots is not None:  # else every aggregate is read from its events alone
            assert list(store.snapshots.get(faction.id))
        ids = [house.id, plain.id, faction.id, house.id]
        many = store.load_many(ids, Aggregate)
        alone = [store.load(i, Aggregate) for i in ids]
        assert [(type(a), a.version, public_state(a)) for a in many] == [
            (type(a), a.version, public_state(a)) for a in alone
        ]
        assert many[0].version == house.version and many[2].version == faction.version
    finally:
        store.close()


def test_loading_many_refuses_an_id_not_found_or_of_another_kind(db: Database) -> None:
    store = IntrigueStore(env=db.eventsourcing_env())
    try:
        campaign_id = uuid.uuid4()  # one save writes one campaign's lane (issue 26)
        faction, house = busy_faction(campaign_id), busy_house(campaign_id)
        store.commit(faction, house)
        with pytest.raises(NotFoundError, match="not a house"):
            store.load_many([house.id, faction.id], House)
        with pytest.raises(NotFoundError, match="no faction"):
            store.load_many([faction.id, uuid.uuid4()], Faction)
    finally:
        store.close()


def test_a_kept_member_is_read_on_from_its_kept_version_and_loads_as_a_fresh_process_loads_it(db: Database) -> None:
    """Issue 31, item 1: `load_many` reads a member this process keeps (saved or loaded here) as its events after
    the kept version, though another process moved it meanwhile; what it hands out is a copy, which a command may
    change and drop without touching what is kept."""
    store, other = IntrigueStore(env=db.eventsourcing_env()), IntrigueStore(env=db.eventsourcing_env())
    fresh = IntrigueStore(env=db.eventsourcing_env() | {AGGREGATE_CACHE: "0"})
    try:
        campaign_id = uuid.uuid4()
        faction, house = busy_faction(campaign_id), busy_house(campaign_id)  # past the snapshot interval
        store.commit(faction, house)  # kept here as saved
        store.snapshots_written()
        ids = [faction.id, house.id]
        moved_faction, moved_house = other.load(faction.id, Faction), other.load(house.id, House)
        moved_faction.gain_facgold(2, "in another process")
        moved_house.change_gold(3, "in another process")
        other.commit(moved_faction, moved_house)
        read: list[dict[uuid.UUID, list[Any]]] = []
        real = store.streams.read

        def reading(*args: Any) -> dict[uuid.UUID, list[Any]]:
            read.append(real(*args))
            return read[-1]

        store.streams.read = reading
        many = store.load_many(ids, Aggregate)
        if store.on_citus:  # there each member is loaded alone (two router queries), never in one statement
            assert read == []
        else:
            assert {i: [e.originator_version for e in s] for i, s in read[0].items()} == {
                faction.id: [faction.version + 1],
                house.id: [house.version + 1],
            }  # only what the other process appended: no snapshot, no earlier event
        alone = [fresh.load(i, Aggregate) for i in ids]
        assert [(a.version, public_state(a)) for a in many] == [(a.version, public_state(a)) for a in alone]
        changed = store.load_many(ids, Aggregate)[0]
        assert isinstance(changed, Faction)
        changed.gain_facgold(5, "changed and dropped")  # a command that fails: nothing saved
        again = store.load_many(ids, Aggregate)[0]
        assert (again.version, public_state(again)) == (alone[0].version, public_state(alone[0]))
    finally:
        for made in (store, other, fresh):
            made.close()


def test_loading_many_reads_a_kind_it_does_not_keep_whole_though_the_library_keeps_it(db: Database) -> None:
    """A campaign (or a chronicle) loaded alone is kept by the library's own cache; `load_many` reads it whole."""
    store = IntrigueStore(env=db.eventsourcing_env())
    try:
        campaign = Campaign.start("Kept", ["factionturn"], "seed")
        store.commit(campaign)
        faction = busy_faction(campaign.id)
        store.commit(faction)
        store.load(campaign.id, Campaign)  # now in the library's cache
        many = store.load_many([campaign.id, faction.id], Aggregate)
        assert [(type(a), a.version) for a in many] == [(Campaign, campaign.version), (Faction, faction.version)]
    finally:
        store.close()
