"""A read waits on the runner of its own process, which may lead the projection while another process (an API
replica, a worker) folds a campaign's commands inline in their own transactions. The runner is never told of
those folds, so its memory of the campaign's lane can be behind the tracking row: a wait for a position folded
elsewhere must read the tracking, not sleep out its timeout (projections/progress.py `wait_lane`). Seen in
`make test-external`, where a subprocess server's commands left the session's runner waiting 10 s a campaign."""

from __future__ import annotations

import uuid

from domain.commands import CreateCampaign, MapRegion
from projections.state import StateView
from service.bootstrap import Intrigue
from service.persistence.database import Database


def test_a_position_another_process_folded_is_not_waited_for(fresh_db: Database) -> None:
    leading = Intrigue(fresh_db)  # takes the projection's lock: its runner leads
    other = Intrigue(fresh_db, migrate=False)  # stands by; its commands fold inline, in their own transactions
    try:
        assert [getattr(r, "leading", False) for r in leading.read_side.runners.values()] == [True]
        assert not any(getattr(r, "leading", False) for r in other.read_side.runners.values())
        name = f"elsewhere-{uuid.uuid4().hex[:6]}"
        command = CreateCampaign(name, ["factionturn"], "seed", [MapRegion("Port", 0, 0)])
        campaign = leading.campaigns.create_campaign(command)  # the leading runner knows this lane now
        other.campaigns.open_phase(campaign.id)  # folded by the other process
        head = other.store.recorder.max_notification_id()
        lane = other.store.recorder.lane_of(head)  # type: ignore[attr-defined]
        tracked = leading.read_side.view(StateView).lane_position(campaign.id)
        assert lane.campaign_id == campaign.id and tracked == lane.last  # folded, and this runner was not told
        leading.read_side.wait(head, timeout=5)  # TimeoutError when the runner only trusts its own memory
    finally:
        other.close()
        leading.close()
