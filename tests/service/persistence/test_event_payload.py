"""An event's payload for audit output and the phase reports' windows: its public attributes, without the ones every
event has (its aggregate, version and time) and the private ones (service/persistence/app.py `event_payload`)."""

from __future__ import annotations

from domain.campaign import Campaign
from service.persistence.app import event_payload


def test_the_payload_leaves_out_the_aggregate_its_version_its_time_and_private_names() -> None:
    campaign = Campaign.start("payload", ["factionturn"])
    created = campaign.collect_events()[0]
    payload = event_payload(created)
    assert payload["name"] == "payload"
    assert not {"originator_id", "originator_version", "timestamp"} & payload.keys()
    assert not [k for k in payload if k.startswith("_")]
    object.__setattr__(created, "_hidden", 1)
    assert "_hidden" not in event_payload(created) and event_payload(created) == payload
