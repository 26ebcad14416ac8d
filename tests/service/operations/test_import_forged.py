"""`intrigue import` checks the whole file against the campaign it imports (issue 25, item 2): forged exports are
refused, naming the line and the reason, and append nothing.

The store holds the recorded Faction Turn campaign (the one a forger aims at); each file is the recorded Game of
Bones export, a campaign new to the store, with one forgery.
"""

from __future__ import annotations

import re
import sys
import uuid
from collections.abc import Iterator
from uuid import UUID

import pytest

from domain.errors import ConflictError, DomainError, InvalidInputError
from service.persistence import database
from service.persistence.app import IntrigueStore
from service.persistence.database import Database
from service.usecases.transfer import import_lines
from tests.service.operations.forged_exports import (
    Row,
    encoded,
    first_of,
    index_of,
    rows_of,
    stream,
    text,
    uuid_hex,
    with_state,
)
from tests.support.played_export import FILES

TARGET, FILE = FILES["factionturn"], FILES["gameofbones"]
PYTHON_TEXT = re.compile(r"Traceback|[A-Z][a-z]+Error\b|\bTypeError|\bKeyError")


@pytest.fixture(scope="module")
def store(admin_db: Database) -> Iterator[IntrigueStore]:
    """A store of its own, holding the target campaign only."""
    db = database.create_database(admin_db, f"intrigue_forged_{uuid.uuid4().hex[:12]}")
    target = IntrigueStore(env=db.eventsourcing_env(1))
    try:
        import_lines(target, lambda: text(rows_of(TARGET)))
        yield target
    finally:
        target.close()
        database.drop_database(admin_db, db.dbname)


def refusal(store: IntrigueStore, rows: list[Row], error: type[DomainError] = InvalidInputError) -> str:
    """The message the import refuses these rows with, after checking that it appended nothing."""
    before = store.recorder.max_notification_id()
    with pytest.raises(DomainError) as refused:
        import_lines(store, lambda: text(rows))
    assert type(refused.value) is error, refused.value.message
    assert store.recorder.max_notification_id() == before
    assert not PYTHON_TEXT.search(refused.value.message), refused.value.message
    return refused.value.message


def forged() -> list[Row]:
    return rows_of(FILE)


def campaign_of(rows: list[Row]) -> UUID:
    return UUID(rows[0]["campaign_id"])


def test_an_event_appended_to_another_campaigns_faction_is_refused(store: IntrigueStore) -> None:
    target = rows_of(TARGET)
    faction = first_of(target, "Faction")
    history = stream(target, faction)
    rows = [*forged(), {**history[-1], "v": len(history) + 1}]
    message = refusal(store, rows)
    assert message == (
        f"line {len(rows)}: {faction} starts at version {len(history) + 1}: an export holds whole"
        " aggregates, from version 1"
    )
    assert store.repository.get(faction).version == len(history)


def test_another_campaigns_faction_moved_whole_into_the_file_is_refused(store: IntrigueStore) -> None:
    """Its whole history, re-homed to the file's campaign and enrolled there: its id is not new to the store."""
    rows, target = forged(), rows_of(TARGET)
    faction = first_of(target, "Faction")
    history = stream(target, faction)
    campaign = campaign_of(rows)
    enrolment = rows[index_of(rows, campaign, 2)]
    enrolled = with_state(enrolment, member_id=str(faction), kind="faction")
    first = len(rows) + 1
    rows += [
        with_state(history[0], campaign_id=uuid_hex(campaign)),
        *history[1:],
        {**enrolled, "v": len(stream(rows, campaign)) + 1},
    ]
    message = refusal(store, rows, ConflictError)
    assert message == f"line {first}: faction {faction} is already in this store"


@pytest.mark.parametrize("topic", ["os:system", "tests.service.operations.forged_topic_target:IMPORTED"])
def test_a_topic_outside_the_registry_is_refused_without_importing_its_module(store: IntrigueStore, topic: str) -> None:
    rows = forged()
    rows[5] = {**rows[5], "topic": topic}
    assert refusal(store, rows) == f"line 6: topic {topic!r} is not an Intrigue event"
    assert "tests.service.operations.forged_topic_target" not in sys.modules


def test_a_long_topic_is_named_shortened(store: IntrigueStore) -> None:
    rows = forged()
    rows[5] = {**rows[5], "topic": "x" * 10_000}
    assert refusal(store, rows) == f"line 6: topic '{'x' * 100}…' is not an Intrigue event"


def test_an_unknown_event_of_a_known_aggregate_is_refused(store: IntrigueStore) -> None:
    rows = forged()
    rows[5] = {**rows[5], "topic": "domain.campaign:Campaign.Nope"}
    assert refusal(store, rows) == "line 6: topic 'domain.campaign:Campaign.Nope' is not an Intrigue event"


def test_a_creation_state_naming_a_class_outside_the_registry_is_refused(store: IntrigueStore) -> None:
    rows = forged()
    region = first_of(rows, "Region")
    at = index_of(rows, region, 1)
    rows[at] = with_state(rows[at], originator_topic="os:system")
    assert refusal(store, rows) == f"line {at + 1}: Region.Mapped does not create an Intrigue aggregate"


def test_a_gap_in_an_aggregates_versions_is_refused(store: IntrigueStore) -> None:
    rows = forged()
    house = first_of(rows, "House")
    del rows[index_of(rows, house, 5)]
    assert refusal(store, rows) == f"line {index_of(rows, house, 6) + 1}: {house} skips to version 6 after 4"


def test_an_aggregate_that_does_not_start_at_version_one_is_refused(store: IntrigueStore) -> None:
    rows = forged()
    house = first_of(rows, "House")
    del rows[index_of(rows, house, 1)]
    message = refusal(store, rows)
    assert message.startswith(f"line {index_of(rows, house, 2) + 1}: {house} starts at version 2")


def test_a_repeated_version_is_refused(store: IntrigueStore) -> None:
    rows = forged()
    house = first_of(rows, "House")
    at = index_of(rows, house, 3)
    rows.insert(at + 1, rows[at])
    assert refusal(store, rows) == f"line {at + 2}: {house} repeats version 3 after 3"


def test_an_event_of_a_campaign_other_than_the_files_is_refused(store: IntrigueStore) -> None:
    rows = forged()
    other = uuid.uuid4()
    rows.append({**rows[1], "id": str(other)})
    assert refusal(store, rows) == f"line {len(rows)}: campaign {other} is not the file's campaign {campaign_of(rows)}"


def test_a_campaign_event_on_a_member_is_refused(store: IntrigueStore) -> None:
    rows = forged()
    region = first_of(rows, "Region")
    campaign = campaign_of(rows)
    rows.append({**rows[index_of(rows, campaign, 2)], "id": str(region), "v": len(stream(rows, region)) + 1})
    assert refusal(store, rows) == f"line {len(rows)}: Campaign.MemberEnrolled is not an event of a region"


def test_a_member_created_in_another_campaign_is_refused(store: IntrigueStore) -> None:
    rows = forged()
    region = first_of(rows, "Region")
    at = index_of(rows, region, 1)
    rows[at] = with_state(rows[at], campaign_id=uuid_hex(campaign_of(rows_of(TARGET))))
    assert refusal(store, rows) == f"line {at + 1}: region {region} belongs to another campaign"


def test_an_aggregate_the_campaign_does_not_enrol_is_refused(store: IntrigueStore) -> None:
    rows = forged()
    stray = uuid.uuid4()
    rows.append({**rows[index_of(rows, first_of(rows, "Region"), 1)], "id": str(stray)})
    message = refusal(store, rows)
    assert message == f"line {len(rows)}: region {stray} is not enrolled in campaign {campaign_of(rows)}"


def test_a_file_without_its_campaigns_events_is_refused(store: IntrigueStore) -> None:
    rows = forged()[:1]
    assert refusal(store, rows) == f"the file holds no event of its campaign {campaign_of(rows)}"


MALFORMED: dict[str, tuple[object, str]] = {
    "not-JSON": ('{"id": ', "not JSON"),
    "not-an-object": ([1, 2], "not an exported event (a JSON object with id, v, topic and state)"),
    "no-state": ({"drop": "state"}, "'state' is missing or not a string"),
    "a-version-in-a-string": ({"v": "3"}, "'v' is missing or not a number"),
    "a-version-that-is-a-boolean": ({"v": True}, "'v' is missing or not a number"),
    "an-id-that-is-no-UUID": ({"id": "nope"}, "'id' is not a UUID or 'state' is not base64"),
    "a-state-that-is-no-base64": ({"state": "!!not base64!!"}, "'id' is not a UUID or 'state' is not base64"),
    "a-state-that-is-no-JSON": ({"state": encoded(b"{not json")}, "its state does not decode to an event's attributes"),
    "a-state-that-is-no-object": ({"state": encoded(b"[1, 2]")}, "its state does not decode to an event's attributes"),
    "an-unknown-type": (
        {"state": encoded(b'{"a": {"_type_": "nope", "_data_": 1}}')},
        "its state does not decode to an event's attributes",
    ),
    "a-UUID-of-the-wrong-type": (
        {"state": encoded(b'{"a": {"_type_": "uuid_hex", "_data_": 5}}')},
        "its state does not decode to an event's attributes",
    ),
    "a-decimal-that-is-no-number": (
        {"state": encoded(b'{"a": {"_type_": "decimal_str", "_data_": "x"}}')},
        "its state does not decode to an event's attributes",
    ),
}


@pytest.mark.parametrize("case", MALFORMED)
def test_a_malformed_line_is_refused_by_its_number_and_reason(store: IntrigueStore, case: str) -> None:
    change, reason = MALFORMED[case]
    rows: list[object] = list(forged())
    line = rows[4]
    assert isinstance(line, dict)
    if isinstance(change, dict) and "drop" in change:
        rows[4] = {k: v for k, v in line.items() if k != change["drop"]}
    elif isinstance(change, dict):
        rows[4] = {**line, **change}
    else:
        rows[4] = change
    lines = text(rows) if not isinstance(change, str) else [*text(rows[:4]), change + "\n", *text(rows[5:])]  # type: ignore[arg-type]
    before = store.recorder.max_notification_id()
    with pytest.raises(InvalidInputError) as refused:
        import_lines(store, lambda: lines)
    assert refused.value.message == f"line 5: {reason}"
    assert store.recorder.max_notification_id() == before


def test_a_file_that_changes_between_the_check_and_the_append_appends_nothing_unchecked(store: IntrigueStore) -> None:
    checked = text(forged())
    rows = forged()
    rows[5] = {**rows[5], "topic": "os:system"}
    reads = iter([checked, text(rows)])
    before = store.recorder.max_notification_id()
    with pytest.raises(ConflictError) as refused:
        import_lines(store, lambda: next(reads))
    assert refused.value.message == ("line 2: the file changed while it was imported; nothing was appended")
    assert store.recorder.max_notification_id() == before
