"""Hunting an attack's source (seed 000, Assassination: Failure Result) on fixed dice."""

from __future__ import annotations

from typing import Any

import pytest

from domain.dice import FixedDice, RaisingDice
from domain.errors import DomainError, NotFoundError
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.resolution.ledger import record_hunt
from domain.gameofbones.rules.hunt import HUNT_DC, SourceHunt, hunt_source
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.rules.scene import GM_ONLY
from domain.gameofbones.tables.actions import ActionName as A
from tests.domain.gameofbones.bones_world import act, court, person


def attacked(faces: list[int]) -> tuple[House, House, str]:
    """Baenre sends an assassin after Xorlarrin's Zeerith (+5 Gather Information); returns the attack's id."""
    world, a, b = court()
    act(world, a, Order(A.ASSASSINATION, "Yvonnel", str(b.id), "Zeerith"), faces)
    return a, b, b.knowledge[-1]["id"]


def hunt(house: House, attack_id: str, face: int, phase: int = 1) -> SourceHunt:
    dice = FixedDice([face])
    found = hunt_source(house, attack_id, phase, dice)
    assert dice.remaining == 0
    record_hunt(house, found)
    return found


def modifiers(found: SourceHunt) -> list[tuple[str, int]]:
    return [(m.source, m.value) for m in found.roll.modifiers]


def test_questioning_the_captured_assassin_adds_10_finds_the_aggressor_and_uses_the_bonus_up() -> None:
    a, b, attack_id = attacked([2, 1])  # 18 against DC 28 and 9: captured
    assert [c.knowledge_id for c in b.circumstances] == [attack_id]
    found = hunt(b, attack_id, 5)  # 5 + 5 + 10 = 20 against DC 20
    assert (found.roll.total, found.found, found.knowledge["aggressor_house_id"]) == (HUNT_DC, True, str(a.id))
    assert modifiers(found) == [("Zeerith's Gather Information", 5), ("captured assassin", 10)]
    assert b.knowledge[-1] == found.knowledge
    assert (b.knowledge[-1]["kind"], b.knowledge[-1]["attack_id"], b.knowledge[-1]["result"]) == (
        "source",
        attack_id,
        "source found",
    )
    assert b.knowledge[-1]["roll"]["faces"] == [5]
    assert b.circumstances == []


def test_a_failed_hunt_learns_nothing_and_still_uses_the_bonus_up() -> None:
    _, b, attack_id = attacked([2, 1])
    found = hunt(b, attack_id, 4)  # 19
    assert (found.found, b.knowledge[-1]["aggressor_house_id"], b.knowledge[-1]["result"]) == (False, None, "not found")
    assert b.circumstances == []


def test_the_captured_assassins_bonus_helps_only_the_next_check() -> None:
    a, b, attack_id = attacked([2, 1])
    hunt(b, attack_id, 4, phase=1)  # 19 with the +10
    again = hunt(b, attack_id, 5, phase=2)  # 10 without it
    assert (again.roll.total, again.found, modifiers(again)) == (10, False, [("Zeerith's Gather Information", 5)])
    last = hunt(b, attack_id, 15, phase=3)
    assert (last.roll.total, last.knowledge["aggressor_house_id"]) == (20, str(a.id))


def test_an_attack_without_a_captured_assassin_can_be_hunted_at_plain_dc_20() -> None:
    a, b, attack_id = attacked([6, 1])  # fails by 5: escaped, the target alarmed
    assert b.circumstances == []
    found = hunt(b, attack_id, 15)
    assert (found.roll.total, found.knowledge["aggressor_house_id"]) == (20, str(a.id))


def test_a_covered_up_attack_leaves_nothing_to_trace_even_on_a_success() -> None:
    world, a, b = court()
    a.update_character(person("Dab", 9, dip=20))
    strike = world.order(a, Order(A.ASSASSINATION, "Yvonnel", str(b.id), "Zeerith"))
    world.order(a, Order(A.COVER_UP, "Dab", covered_action_id=strike.id))
    world.month([4, 2, 1])  # the Cover Up 25 against DC 25; then the assassin is captured
    attack = b.knowledge[-1]
    assert (attack["result"], attack[GM_ONLY]) == ("assassin captured", {"source_house_id": None})
    found = hunt(b, attack["id"], 5)  # 20: a success
    assert (found.found, found.knowledge["result"], b.circumstances) == (False, "the evidence was destroyed", [])


def refused(house: House, attack_id: str, phase: int = 1) -> DomainError:
    before = (len(house.pending_events), list(house.knowledge), list(house.circumstances))
    with pytest.raises(DomainError) as raised:
        hunt_source(house, attack_id, phase, RaisingDice())
    assert (len(house.pending_events), house.knowledge, house.circumstances) == before
    return raised.value


def test_an_attack_the_house_does_not_know_of_is_refused_and_nothing_is_rolled_or_recorded() -> None:
    _, b, _ = attacked([2, 1])
    assert isinstance(refused(b, "no-such-attack"), NotFoundError)


def test_a_house_that_was_not_the_target_cannot_hunt_the_source() -> None:
    a, _, attack_id = attacked([2, 1])
    assert isinstance(refused(a, attack_id), NotFoundError)


def test_only_an_attack_can_be_hunted_not_other_knowledge() -> None:
    """Refused as no attack known: whether the plot is still in the house's intel (its working set,
    docs/rules-notes/intel-working-set.md) must not change the answer."""
    _, b, _ = attacked([2, 1])
    b.learn({"id": "plot-1", "kind": "plot", "phase": 1, "aggressor_house_id": None})
    found = refused(b, "plot-1")
    assert isinstance(found, NotFoundError) and "knows of no attack plot-1" in found.message


def test_one_hunt_per_attack_a_month_and_none_once_the_source_is_known() -> None:
    _, b, attack_id = attacked([2, 1])
    hunt(b, attack_id, 4, phase=1)
    assert "this month already" in str(refused(b, attack_id, phase=1))
    hunt(b, attack_id, 15, phase=2)
    assert "already knows" in str(refused(b, attack_id, phase=3))


def test_an_attack_whose_author_the_house_was_told_cannot_be_hunted() -> None:
    world, a, b = court()
    act(world, a, Order(A.SMEAR_CAMPAIGN, "Yvonnel", str(b.id)), [10, 15])
    told: dict[str, Any] = b.knowledge[-1]
    assert told["aggressor_house_id"] == str(a.id)
    assert "already knows" in str(refused(b, told["id"]))
