"""The read side survives any committed event (issue 12, finding 1, read side). Events are written here
straight to the store, past any input boundary, as an old version or an import could have written them:
text jsonb cannot hold is projected escaped and read back as stored, and an event whose fold still raises
stops its own campaign alone, says so, and is recovered with `intrigue projections retry`."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.persistence import StoredEvent
from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.commands import AddRegions, CreateCampaign, MapRegion, RollDice
from domain.dice import FixedDice, roll
from domain.region import Region
from projections import jsonsafe
from projections.failures import ReadModelStoppedError
from projections.jsonsafe import MARK
from service.bootstrap import Intrigue
from service.entrypoints.http import create_app
from service.persistence.app import IntrigueStore
from service.persistence.database import Database
from service.usecases.replay import divergences
from tests.support.processes import run

# Text a jsonb column cannot hold, text that looks like the escape, and a string as long as a whole narrative.
AWKWARD = ["Nul\x00in the name", f"{MARK}marked", "back\\slash \\0 and \\u0000", "\x00", "\ud800 alone", "x" * 100_000]


@pytest.fixture
def served(fresh_db: Database) -> Iterator[Intrigue]:
    intrigue = Intrigue(fresh_db)
    yield intrigue
    intrigue.close()


def commit(intrigue: Intrigue, *aggregates: Any) -> None:
    """Write the aggregates' pending events past the store's input backstop (service/persistence/storable.py),
    as an older
    version or a raw import could have written them, and wait until they are projected."""
    events = [e for a in aggregates for e in a.collect_events()]
    positions = intrigue.store.recorder.insert_events([intrigue.store.mapper.to_stored_event(e) for e in events])
    intrigue.wait_for_projections(max(positions) if positions else None)


def raw(store: IntrigueStore, aggregate: Any, edit: Any) -> StoredEvent:
    """The aggregate's pending event as the store would write it, its JSON state edited."""
    stored = store.mapper.to_stored_event(aggregate.collect_events()[0])
    return StoredEvent(stored.originator_id, stored.originator_version, stored.topic, edit(stored.state))


def gql(intrigue: Intrigue, campaign_id: UUID, fields: str) -> dict[str, Any]:
    query = f"query($id: UUID!) {{ campaign(id: $id) {{ {fields} }} }}"
    with TestClient(create_app(intrigue)) as client:
        body: dict[str, Any] = client.post(
            "/graphql", json={"query": query, "variables": {"id": str(campaign_id)}}
        ).json()
    return body


def test_text_jsonb_cannot_hold_is_projected_escaped_and_read_back_as_it_was_stored(served: Intrigue) -> None:
    campaign = Campaign("Nul\x00campaign", ["factionturn"], None)  # the event itself: no boundary is passed
    regions = [Region.map(campaign.id, f"placeholder {q}", q, 0) for q in range(len(AWKWARD))]
    for region, name in zip(regions, AWKWARD, strict=True):  # as an import could bring them: JSON escapes
        campaign.enrol(region.id, "region")
        served.store.recorder.insert_events(
            [
                raw(
                    served.store,
                    region,
                    lambda state, n=name, r=region: state.replace(
                        f'"placeholder {r.q}"'.encode(), json.dumps(n).encode()
                    ),
                )
            ]
        )
    commit(served, campaign)
    assert served.catalog.campaign(campaign.id)["name"] == "Nul\x00campaign"
    assert sorted(r["name"] for r in served.catalog.regions(campaign.id)) == sorted(AWKWARD)
    # Over GraphQL (a lone surrogate has no UTF-8 form: the answer's encoder is not the read side's to choose).
    assert gql(served, campaign.id, "name")["data"]["campaign"] == {"name": "Nul\x00campaign"}
    assert divergences(served.store, served.state, campaign.id) == []
    healthy = served.campaigns.create_campaign(CreateCampaign("After", ["factionturn"], None, [MapRegion("A", 0, 0)]))
    assert served.catalog.campaign(healthy.id)["name"] == "After"


def test_structures_deeper_than_orjson_goes_are_projected(served: Intrigue) -> None:
    campaign = Campaign("Deep", ["factionturn"], None)
    commit(served, campaign)
    deep: Any = "\x00 at the bottom"
    for _ in range(150):  # 300 deep, as an `extras` object of orders was seen (issue 12)
        deep = {"down": [deep]}
    campaign.record_initiative("factionturn", [], ["deep"])  # the order is kept in the campaign's state
    nested = json.dumps(deep).encode()  # deeper than orjson reads or writes (254)
    ids = served.store.recorder.insert_events(
        [raw(served.store, campaign, lambda s: s.replace(b'["deep"]', b"[" + nested + b"]"))]
    )
    served.wait_for_projections(max(ids or [0]))
    assert served.state.one(campaign.id, "campaign")["initiative"]["order"] == [deep]
    assert divergences(served.store, served.state, campaign.id) == []


def two_campaigns(intrigue: Intrigue) -> tuple[UUID, UUID]:
    """A victim and a bystander, each with a region, both projected."""
    ids = []
    for name in ("Victim", "Bystander"):
        command = CreateCampaign(f"{name}-{uuid.uuid4().hex[:6]}", ["factionturn"], None, [MapRegion("A", 0, 0)])
        ids.append(intrigue.campaigns.create_campaign(command).id)
    return ids[0], ids[1]


def break_the_fold(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, in this process, folding a roll whose purpose is "poison" raises, as a bug in an apply
    method would (the command that recorded it ran before the bug was deployed)."""
    apply = Campaign.DiceRolled.apply  # type: ignore[attr-defined]

    def raising(event: Any, aggregate: Any) -> None:
        if event.roll["purpose"] == "poison":
            raise ValueError("a bug in DiceRolled.apply")
        apply(event, aggregate)

    monkeypatch.setattr(Campaign.DiceRolled, "apply", raising)  # type: ignore[attr-defined]


def poison(db: Database, campaign_id: UUID) -> int:
    """A roll the fold will refuse, written straight to the store; its position."""
    store = IntrigueStore(env=db.eventsourcing_env())
    try:
        campaign = store.load(campaign_id, Campaign)
        campaign.record_roll(roll("1d6", FixedDice([3]), purpose="poison"))
        position = store.commit(campaign)
        assert position is not None
        return position
    finally:
        store.close()


def test_an_event_whose_fold_raises_stops_its_campaign_alone_until_retried(
    fresh_db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = Intrigue(fresh_db)
    try:
        victim, bystander = two_campaigns(before)
    finally:
        before.close()
    position = poison(fresh_db, victim)  # written while no server ran: the next one meets it in its backlog
    break_the_fold(monkeypatch)
    served = Intrigue(fresh_db)
    try:
        served.wait_for_projections(position)  # the page is written, the victim stopped in it
        # The bystander writes, projects and reads as before; so do new campaigns.
        served.campaigns.open_phase(bystander)
        served.campaigns.roll_dice(RollDice(bystander, "1d6", "still fine"))
        served.campaigns.add_regions(AddRegions(bystander, [MapRegion("B", 1, 0)]))
        assert served.catalog.campaign(bystander)["phase"] == 1
        assert len(served.catalog.regions(bystander)) == 2
        # The victim's events still commit (written here past its buggy apply), and are left out.
        late = Region.map(victim, "Late", 1, 0)
        commit(served, late)
        with pytest.raises(ReadModelStoppedError, match=f"stopped at event {position} \\(Campaign.DiceRolled\\)"):
            served.catalog.campaign(victim)
        with pytest.raises(ReadModelStoppedError):
            served.state.of_kind(victim, "region")
        with TestClient(create_app(served)) as client:
            errors = client.post(
                "/graphql",
                json={"query": "query($id: UUID!) { campaign(id: $id) { name } }", "variables": {"id": str(victim)}},
            ).json()["errors"]
            assert errors[0]["extensions"]["code"] == "READ_MODEL_STOPPED"
            assert f"event {position}" in errors[0]["message"]
            assert "ValueError" not in errors[0]["message"]  # the cause is for operators: logs and the CLI
            ready = client.get("/readyz")
            assert ready.status_code == 200
            assert [(s["campaign_id"], s["position"]) for s in ready.json()["stopped_campaigns"]] == [
                (str(victim), position)
            ]
            assert 'intrigue_projection_stopped_campaigns{projection="state"} 1.0' in client.get("/metrics").text
    finally:
        served.close()
    restarted = Intrigue(fresh_db)  # the failure is kept: the victim's later events are left out, not failed again
    try:
        late.station_troops("house", 5, "after the restart")  # of an aggregate that has no row
        commit(restarted, late)
        restarted.campaigns.roll_dice(RollDice(bystander, "1d6", "after the restart"))
        assert [f.position for f in restarted.read_side.stopped_campaigns()] == [position]
        assert divergences(restarted.store, restarted.state, bystander) == []
        # The bug is fixed in the retrying process (it has no patch): one command folds the victim again.
        retried = run(fresh_db, tmp_path, "retry", "projections", "retry", str(victim))
        assert retried.returncode == 0, retried.stdout
        assert restarted.read_side.stopped_campaigns() == []
        monkeypatch.undo()  # and now here
        restarted.campaigns.roll_dice(RollDice(victim, "1d6", "after the retry"))  # projected live again
        assert restarted.catalog.campaign(victim)["name"].startswith("Victim")
        assert restarted.state.one(late.id, "region")["troops"] == {"house": 5}
        assert divergences(restarted.store, restarted.state, victim) == []
    finally:
        restarted.close()


def test_a_retry_that_still_fails_changes_nothing_and_says_why(served: Intrigue, tmp_path: Path) -> None:
    victim, bystander = two_campaigns(served)
    campaign = served.store.load(victim, Campaign)
    campaign.enrol(uuid.uuid4(), "region")  # its apply cannot take a misspelt field, in any process
    ids = served.store.recorder.insert_events([raw(served.store, campaign, lambda s: s.replace(b'"kind"', b'"kin"'))])
    served.wait_for_projections(max(ids or [0]))  # the victim's lane, not the highest id (a bystander's on Citus)
    [failure] = served.read_side.stopped_campaigns()
    assert (failure.campaign_id, failure.topic) == (victim, "Campaign.MemberEnrolled")
    retried = run(served.db, tmp_path, "retry", "projections", "retry", str(victim))
    assert retried.returncode == 1, retried.stdout
    assert f"stopped at event {failure.position} (Campaign.MemberEnrolled)" in retried.stdout
    assert [(f.campaign_id, f.position) for f in served.read_side.stopped_campaigns()] == [(victim, failure.position)]
    healthy = run(served.db, tmp_path, "retry-healthy", "projections", "retry", str(bystander))
    assert healthy.returncode == 0 and "not stopped" in healthy.stdout, healthy.stdout


def test_a_row_postgresql_refuses_stops_its_campaign_alone(served: Intrigue, monkeypatch: pytest.MonkeyPatch) -> None:
    victim, bystander = two_campaigns(served)
    as_jsonb = jsonsafe.as_jsonb

    def unescaped(encoded: bytes) -> Any:  # as if the escape missed a case: jsonb refuses \u0000
        # Every jsonb value the projection sends is made here, however it was encoded (jsonsafe's `dumps`, or a
        # page's public state joined from orjson's parts, projections/public_states.py), and a page's rows sent
        # together are one such value (projections/together.py): the refused text reaches each way it is written.
        return as_jsonb(encoded.replace(b"refused by PostgreSQL", b"\\u0000"))

    monkeypatch.setattr(jsonsafe, "as_jsonb", unescaped)
    refused, accepted = Region.map(victim, "refused by PostgreSQL", 1, 0), Region.map(bystander, "Fine", 1, 0)
    commit(served, refused, accepted)  # one transaction: the runner's page holds both
    [failure] = served.read_side.stopped_campaigns()
    assert (failure.campaign_id, failure.topic, failure.aggregate_id) == (victim, "Region.Mapped", refused.id)
    assert "UntranslatableCharacter" in failure.error or "DataError" in failure.error, failure.error
    assert served.state.one(accepted.id, "region")["name"] == "Fine"
    served.campaigns.open_phase(bystander)
    assert served.catalog.campaign(bystander)["phase"] == 1


def test_a_rebuild_meets_a_still_failing_event_and_stops_only_its_campaign_again(
    served: Intrigue, tmp_path: Path
) -> None:
    victim, bystander = two_campaigns(served)
    campaign = served.store.load(victim, Campaign)
    campaign.enrol(uuid.uuid4(), "region")
    ids = served.store.recorder.insert_events([raw(served.store, campaign, lambda s: s.replace(b'"kind"', b'"kin"'))])
    served.wait_for_projections(max(ids or [0]))  # the victim's lane, not the highest id (a bystander's on Citus)
    [failure] = served.read_side.stopped_campaigns()
    rebuilt = run(served.db, tmp_path, "rebuild", "projections", "rebuild")
    assert rebuilt.returncode == 0, rebuilt.stdout
    [again] = served.read_side.stopped_campaigns()  # recorded anew, in the rebuilt generation
    assert (again.campaign_id, again.position, again.topic) == (victim, failure.position, failure.topic)
    served.campaigns.open_phase(bystander)  # the live writer followed the switch
    assert served.catalog.campaign(bystander)["phase"] == 1
    with pytest.raises(ReadModelStoppedError):
        served.catalog.campaign(victim)


def test_an_event_that_cannot_be_decoded_stops_its_campaign_alone(served: Intrigue) -> None:
    victim, bystander = two_campaigns(served)
    campaign = served.store.load(victim, Campaign)
    campaign.record_roll(roll("1d6", FixedDice([3]), purpose="renamed later"))
    stored = raw(served.store, campaign, lambda s: s)
    topic = stored.topic.replace("DiceRolled", "NoSuchEvent")  # a class renamed without an upcaster
    ids = served.store.recorder.insert_events(
        [StoredEvent(stored.originator_id, stored.originator_version, topic, stored.state)]
    )
    served.campaigns.roll_dice(RollDice(bystander, "1d6", "unaffected"))  # its own lane: folded inline, at once
    served.wait_for_projections(max(ids or [0]))  # the victim's lane, which the runner reaches and stops
    [failure] = served.read_side.stopped_campaigns()
    assert (failure.campaign_id, failure.topic) == (victim, topic)
    assert served.catalog.campaign(bystander)["name"].startswith("Bystander")
