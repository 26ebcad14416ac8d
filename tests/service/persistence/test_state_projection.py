"""The state read model folds from memory when it can, and from the stored row when another writer moved it."""

from __future__ import annotations

from eventsourcing.persistence import InfrastructureFactory
from eventsourcing.utils import Environment

from domain.campaign import Campaign
from domain.dice import FixedDice, roll
from projections.restore import Restorer
from projections.state import StateView, public_state
from service.persistence import migrations
from service.persistence.app import IntrigueStore
from service.persistence.database import Database


def test_two_writers_taking_turns_leave_the_row_equal_to_the_aggregate(fresh_db: Database) -> None:
    migrations.migrate(fresh_db)
    env = fresh_db.eventsourcing_env()
    store = IntrigueStore(env=env)
    first, second = (
        InfrastructureFactory.construct(env=Environment("state", env)).tracking_recorder(StateView) for _ in range(2)
    )
    for view in (first, second):  # as the runner and the inline projection set it
        view.restorer = Restorer.of(store)
    try:
        campaign = Campaign.start("turns", ["factionturn"])
        for face in (1, 2, 3, 4, 5, 6):
            campaign.record_roll(roll("1d6", FixedDice([face]), purpose=f"roll {face}"))
        store.commit(campaign)
        notifications = store.recorder.select_notifications(start=1, limit=100)
        # The first writer folds three events (caching the state), the second the next two (moving the row
        # under the first one's cache), then the first resumes: it must notice and fold from the row.
        for index, notification in enumerate(notifications):
            view = second if index in (3, 4) else first
            lane = {notification.id: (campaign.id, index + 1)}  # the campaign's own position (issue 26)
            view.project([(store.mapper.to_domain_event(notification), notification.id)], store.name, None, lane)
        row = first.query("SELECT state, version FROM aggregate_state WHERE id = %s", (campaign.id,))[0]
        assert row["version"] == campaign.version == len(notifications)
        assert row["state"] == public_state(store.load(campaign.id, Campaign))
        assert first.lane_position(campaign.id) == len(notifications)
    finally:
        store.close()
        first.datastore.close()
        second.datastore.close()
