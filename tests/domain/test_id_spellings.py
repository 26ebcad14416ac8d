"""One spelling of an id (issue 31, import ids): a command's id in any spelling `uuid.UUID` reads is that id, kept
canonical; other text is refused naming its field by a house order's form, by the rules in a faction's orders. An
event's payload holding an id in another spelling, or one id twice under two, is refused by `misspelt_id`, and a
movement's observers by the intel's own guard."""

from __future__ import annotations

from uuid import UUID, uuid4

import pytest

from domain.errors import InvalidInputError
from domain.factionturn.aggregate.orders import Defence, FactionOrders, GoalChoice, Permission, RepairAsset
from domain.factionturn.forms.order_form import orders_from_dict
from domain.gameofbones.aggregate.intel import HouseIntel
from domain.gameofbones.forms.orders import Order, decode_order
from domain.gameofbones.tables.actions import ActionName
from domain.ids import canonical_id, canonical_spelling, misspelt_id

HOUSE = UUID("6f9619ff-8b86-d011-b42d-00c04fc964ff")
TEXT = str(HOUSE)
SPELLINGS = (TEXT.upper(), HOUSE.hex, HOUSE.hex.upper(), f"{{{TEXT}}}", f"urn:uuid:{TEXT}")


@pytest.mark.parametrize("spelt", [*SPELLINGS, TEXT, HOUSE])
def test_any_spelling_uuid_reads_is_the_id_in_its_canonical_form(spelt: object) -> None:
    assert canonical_id(spelt, "orders.goal.target") == TEXT


@pytest.mark.parametrize("given", ["nowhere", "", f"{TEXT}0", TEXT.replace("-", "_"), 7, None])
def test_what_is_no_uuid_is_refused_naming_its_field(given: object) -> None:
    with pytest.raises(InvalidInputError, match=r"^orders\.goal\.target: .* is not an id \(a UUID\)$"):
        canonical_id(given, "orders.goal.target")


@pytest.mark.parametrize("spelt", SPELLINGS)
def test_a_faction_order_read_from_json_keeps_its_ids_canonical(spelt: str) -> None:
    orders = orders_from_dict(
        {
            "action": {"action": "Repair Asset/Faction", "assets": [[spelt, 1]]},
            "goal": {"goal": "destroy_the_foe", "target": spelt},
            "defences": [{"region_id": spelt, "defender_id": spelt}],
            "permissions": [{"faction_id": spelt, "answer": "grant"}],
            "allow_seizure": [spelt, ""],
        }
    )
    assert orders.action == RepairAsset(assets=((TEXT, 1),))
    assert orders.goal == GoalChoice("destroy_the_foe", TEXT)
    assert orders.defences == (Defence(TEXT, TEXT),)
    assert orders.permissions == (Permission(TEXT, "grant"),)
    assert orders.allow_seizure == (TEXT, "")


@pytest.mark.parametrize("spelt", SPELLINGS)
def test_an_order_built_in_code_is_read_with_its_ids_canonical(spelt: str) -> None:
    built = FactionOrders(goal=GoalChoice("destroy_the_foe", spelt), allow_seizure=(spelt,))
    assert orders_from_dict(built) == FactionOrders(goal=GoalChoice("destroy_the_foe", TEXT), allow_seizure=(TEXT,))
    order = Order(ActionName.ASSAULT, "Matron", spelt, area_ids=(spelt,), to_area_id=spelt, covered_action_id=spelt)
    assert decode_order(order) == Order(
        ActionName.ASSAULT, "Matron", TEXT, area_ids=(TEXT,), to_area_id=TEXT, covered_action_id=TEXT
    )


def test_an_order_already_canonical_is_read_as_the_same_object() -> None:
    built = FactionOrders(goal=GoalChoice("destroy_the_foe", TEXT), allow_seizure=(TEXT,))
    assert orders_from_dict(built) is built


@pytest.mark.parametrize("given", ["nowhere", "", f"{TEXT}0"])
def test_text_that_is_no_uuid_is_left_as_it_is_for_the_rules_to_refuse(given: str) -> None:
    """A faction's orders name no member by it: the rules refuse it so, as they always have
    (tests/service/usecases/test_command_ids.py)."""
    assert canonical_spelling(given) is given
    assert orders_from_dict({"allow_seizure": [given]}).allow_seizure == (given,)


def test_a_house_order_naming_no_uuid_is_refused_naming_the_field() -> None:
    with pytest.raises(InvalidInputError) as refused:
        decode_order({"action": "Smear Campaign", "actor": "Matron", "target_house_id": "Baenre"})
    assert refused.value.message == "order.target_house_id: 'Baenre' is not an id (a UUID)"


@pytest.mark.parametrize("spelt", SPELLINGS)
def test_a_payload_naming_an_id_in_another_spelling_is_refused(spelt: str) -> None:
    assert misspelt_id({"knowledge": {"target_house_id": spelt}}) == (
        f"knowledge.target_house_id holds its value {spelt!r}, an id not in its canonical spelling {TEXT!r}"
    )
    assert misspelt_id({"observers": {spelt: "seen"}}) == (
        f"observers holds a key {spelt!r}, an id not in its canonical spelling {TEXT!r}"
    )
    assert misspelt_id({"pending": [{"area_ids": [TEXT, spelt]}]}) == (
        f"pending[0].area_ids names {TEXT} twice, as {TEXT!r} and {spelt!r}"
    )


@pytest.mark.parametrize("spelt", SPELLINGS)
def test_a_repair_order_naming_its_asset_in_another_spelling_is_refused(spelt: str) -> None:
    """A faction's submitted order as its event holds it (`orders_to_dict`): Repair Asset's [asset id, steps] pairs."""
    repair = {"action": "Repair Asset/Faction", "assets": [[TEXT, 1], [spelt, 2]], "faction": False}
    assert misspelt_id({"phase": 1, "order": {"action": repair}}) == (
        f"order.action.assets names {TEXT} twice, as {TEXT!r} and {spelt!r}"
    )
    repair["assets"] = [[spelt, 1]]
    assert misspelt_id({"phase": 1, "order": {"action": repair}}) == (
        f"order.action.assets holds a pair {spelt!r}, an id not in its canonical spelling {TEXT!r}"
    )
    repair["assets"] = [[TEXT, 1]]
    assert misspelt_id({"phase": 1, "order": {"action": repair}}) is None


def test_a_payload_naming_one_observer_twice_is_refused_naming_both_spellings() -> None:
    assert misspelt_id({"observers": {TEXT: "a", TEXT.upper(): "b"}}) == (
        f"observers names {TEXT} twice, as {TEXT!r} and {TEXT.upper()!r}"
    )


def test_what_the_product_writes_is_no_misspelt_id() -> None:
    """A faction's secret is a uuid4's hex, a name may look like an id, a circumstance's id need not be a UUID, and
    a list may name one id twice in one spelling: none of them is an id misspelt."""
    payload = {
        "secret": uuid4().hex,
        "name": TEXT.upper(),
        "circumstance": {"id": f"turned spy:{TEXT}", "other_house_id": TEXT},
        "order": [TEXT, TEXT],
        "members": {TEXT: "house"},
        "for_asset_id": "",
        "target_house_id": None,
    }
    assert misspelt_id(payload) is None


def test_an_intel_records_no_sighting_whose_observer_is_not_canonical() -> None:
    intel = HouseIntel(uuid4(), str(uuid4()))
    version = intel.version
    with pytest.raises(InvalidInputError, match=r"observers: '6F9619FF-.*' is not an id in its canonical spelling"):
        intel.record_sighting({TEXT: "a", TEXT.upper(): "b"}, {"kind": "movement", "phase": 1, "week": 1})
    assert intel.version == version
    intel.record_sighting({TEXT: "a"}, {"kind": "movement", "phase": 1, "week": 1})
    assert intel.version == version + 1
