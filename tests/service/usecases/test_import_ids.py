"""An import holds every id of its events to the spelling the product writes (issue 31, import ids): a movement seen
by an upper-case observer, or by one house under two spellings, is refused by its line and reason, appending nothing,
and the product's own exports (the recorded ones, and one with movements seen) still import whole.

`misspelt_id` finds ids by where they sit (domain/ids.py); the last test holds the product's exports to it: every
UUID they hold, spelt otherwise, is refused, but for the few texts that only look like one (`NOT_IDS`)."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest

from domain.campaign import Campaign
from domain.errors import DomainError, InvalidInputError
from domain.ids import misspelt_id
from service.bootstrap import Intrigue
from service.persistence.app import IntrigueStore
from service.persistence.database import Database
from service.usecases.transfer import export_lines, import_lines
from tests.service.operations.forged_exports import Row, rows_of, state, text, with_state
from tests.support.gameofbones_world import city, register_five
from tests.support.played_export import FILES

SEEN = "HouseIntel.MovementSeen"
# Text a payload holds that `uuid.UUID` reads but that names no aggregate, so no spelling of it is refused.
NOT_IDS = {
    "secret": "a faction's secret (domain/factionturn: a uuid4's hex, hiding its asset ids' series)",
    "actor": "a roll's actor: a faction's id, or the name of a house's character, free text",
}


@pytest.fixture(scope="module")
def exported(intrigue: Intrigue) -> list[Row]:
    """A month of the Game of Bones in which a house moves troops in plain sight: its intel's `MovementSeen`."""
    campaign = intrigue.campaigns.create_campaign(city("seen"))
    mover, *_ = register_five(intrigue, intrigue.store.load(campaign.id, Campaign))
    intrigue.campaigns.open_phase(campaign.id)
    regions = intrigue.store.load(campaign.id, Campaign).member_ids("region")
    intrigue.gameofbones.move_troops(campaign.id, mover.id, regions[0], regions[3], 1_000)
    intrigue.campaigns.resolve_phase(campaign.id)
    return [json.loads(line) for line in export_lines(intrigue.store, intrigue.db, campaign.id)]


@pytest.fixture
def target(fresh_db: Database) -> Iterator[IntrigueStore]:
    store = IntrigueStore(env=fresh_db.eventsourcing_env(1))
    try:
        yield store
    finally:
        store.close()


def _seen(rows: list[Row]) -> int:
    return next(i for i, row in enumerate(rows) if row.get("topic", "").endswith(f":{SEEN}"))


def _refused(target: IntrigueStore, rows: list[Row]) -> str:
    with pytest.raises(DomainError) as refused:
        import_lines(target, lambda: text(rows))
    assert type(refused.value) is InvalidInputError, refused.value.message
    assert target.recorder.max_notification_id() in (None, 0)
    return refused.value.message


def _observed(exported: list[Row]) -> tuple[list[Row], int, dict[str, str], str]:
    """A copy of the rows, where the first movement seen is, its observers, and the first of them."""
    rows = list(exported)
    at = _seen(rows)
    observers = state(rows[at])["observers"]
    return rows, at, observers, sorted(observers)[0]


def test_a_movement_seen_by_an_upper_case_observer_is_refused_by_its_line(
    exported: list[Row], target: IntrigueStore
) -> None:
    rows, at, observers, first = _observed(exported)
    upper = {(k.upper() if k == first else k): v for k, v in observers.items()}
    rows[at] = with_state(rows[at], observers=upper)
    assert _refused(target, rows) == (
        f"line {at + 1}: {SEEN}: observers holds a key {first.upper()!r}, an id not in its canonical spelling {first!r}"
    )


def test_a_movement_seen_naming_one_house_twice_is_refused_by_its_line(
    exported: list[Row], target: IntrigueStore
) -> None:
    rows, at, observers, first = _observed(exported)
    spelt = UUID(first).hex
    rows[at] = with_state(rows[at], observers=observers | {spelt: "seen again"})
    assert _refused(target, rows) == f"line {at + 1}: {SEEN}: observers names {first} twice, as {first!r} and {spelt!r}"


def test_an_enrolment_naming_its_member_in_upper_case_is_refused(exported: list[Row], target: IntrigueStore) -> None:
    rows = list(exported)
    at = next(i for i, row in enumerate(rows) if row.get("topic", "").endswith(":Campaign.MemberEnrolled"))
    member = state(rows[at])["member_id"]
    rows[at] = with_state(rows[at], member_id=member.upper())
    assert _refused(target, rows) == (
        f"line {at + 1}: Campaign.MemberEnrolled: member_id holds its value {member.upper()!r}, an id not in its"
        f" canonical spelling {member!r}"
    )


def test_the_export_with_movements_seen_imports_whole(
    exported: list[Row], target: IntrigueStore, fresh_db: Database
) -> None:
    campaign_id = import_lines(target, lambda: text(exported))
    assert [json.loads(line) for line in export_lines(target, fresh_db, campaign_id)][1:] == exported[1:]


def _spelt_otherwise(value: Any, name: object = "") -> Iterator[tuple[str, Any]]:
    """Each UUID the value holds (a map's key too) in turn spelt in braces, with where it is: the value so changed."""
    if isinstance(value, dict) and "_type_" not in value:  # a transcoded value (`uuid_hex`) reads back a UUID object
        for key, item in value.items():
            if isinstance(key, str) and _is_uuid(key):
                yield f"{name}'s key", {(f"{{{k}}}" if k == key else k): v for k, v in value.items()}
            for where, changed in _spelt_otherwise(item, key):
                yield f"{key}.{where}" if where else str(key), {**value, key: changed}
    elif isinstance(value, list):
        for index, item in enumerate(value):
            for where, changed in _spelt_otherwise(item, name):
                yield f"[{index}]{where}", [*value[:index], changed, *value[index + 1 :]]
    elif isinstance(value, str) and _is_uuid(value) and name not in NOT_IDS:
        yield "", f"{{{value}}}"


def _is_uuid(text: str) -> bool:
    try:
        UUID(text)
    except ValueError:
        return False
    return True


def _payloads(rows: list[Row]) -> Iterator[tuple[str, dict[str, Any]]]:
    for row in rows[1:]:
        yield row["topic"].split(":")[1], json.loads(base64.b64decode(row["state"]))


@pytest.mark.parametrize("source", ["movements seen", *FILES])
def test_every_id_the_products_exports_hold_is_where_misspelt_id_looks(source: str, exported: list[Row]) -> None:
    rows = exported if source == "movements seen" else rows_of(FILES[source])
    unchecked, checked = set(), 0
    for topic, payload in _payloads(rows):
        assert misspelt_id(payload) is None, topic
        for where, changed in _spelt_otherwise(payload):
            checked += 1
            if misspelt_id(changed) is None:
                unchecked.add(f"{topic}: {where}")
    assert checked > 50 and not unchecked, sorted(unchecked)
