"""`intrigue projections retry CAMPAIGN_ID` and `intrigue projections stopped`: campaigns whose read model
stopped at an event it could not fold (projections/failures.py, docs/operations.md)."""

from __future__ import annotations

import json
import sys
from uuid import UUID

from projections.retry import StillFailsError, retry
from projections.state import StateView
from service.bootstrap import Settings, bootstrap


def run(command: str, campaign_id: UUID | None) -> int:
    intrigue = bootstrap(Settings.load().model_copy(update={"run_projections": False, "migrate_on_start": False}))
    try:
        if command == "stopped":
            for failure in intrigue.read_side.stopped_campaigns():
                print(json.dumps(failure.to_json(with_error=True)))
            return 0
        assert campaign_id is not None
        try:
            position = retry(intrigue.store, intrigue.read_side.view(StateView), campaign_id)
        except StillFailsError as still:
            print(f"intrigue: {still}\n{still.failure.error}", file=sys.stderr)
            return 1
        if position is None:
            print(f"campaign {campaign_id}'s read model is not stopped: nothing to do")
        else:
            print(f"campaign {campaign_id}'s read model folded again up to event {position}")
        return 0
    finally:
        intrigue.close()
