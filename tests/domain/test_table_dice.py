"""`TableDice` (issue 28): faces entered at the table, asked for by name, one announced roll at a time."""

from __future__ import annotations

import pytest

from domain.dice import DiceSpec, Modifier, RollRequest, announce
from domain.errors import InvalidInputError
from domain.factionturn.aggregate.orders import Attack, Strike
from domain.factionturn.rules.actions import resolve_action
from domain.table_dice import TableDice, TableDiceNeeded
from tests.domain.factionturn.factionturn_scenario import Table, faction, give, region


def test_a_roll_through_an_expression_is_asked_for_by_name_with_its_modifiers() -> None:
    dice = TableDice([])
    with pytest.raises(TableDiceNeeded) as needed:
        DiceSpec.parse("2d6+2").roll(
            dice, purpose="terrain HP", rule="seed 002, Terrain", actor="f1", modifiers=[Modifier("Force", 3)]
        )
    assert needed.value.request == RollRequest(
        "2d6+2", 2, 6, "terrain HP", "seed 002, Terrain", "f1", (Modifier("Force", 3),)
    )
    assert needed.value.entered == ()


def test_entered_faces_answer_their_rolls_in_order_and_the_next_is_asked() -> None:
    dice = TableDice([[4, 6], [2]])
    first = DiceSpec.parse("2d6").roll(dice, purpose="size")
    second = DiceSpec.parse("1d4").roll(dice, purpose="bribe")
    assert (first.faces, first.total, second.faces) == ((4, 6), 10, (2,))
    with pytest.raises(TableDiceNeeded) as needed:
        DiceSpec.parse("1d10").roll(dice, purpose="attack")
    assert needed.value.request.purpose == "attack"
    assert [(e.request.purpose, e.faces) for e in needed.value.entered] == [("size", (4, 6)), ("bribe", (2,))]


def test_a_stored_roll_that_does_not_fit_the_roll_asked_is_refused() -> None:
    with pytest.raises(InvalidInputError, match=r"roll 1 \(1d6, initiative\): a d6 shows 1 to 6, not 8"):
        DiceSpec.parse("1d6").roll(TableDice([[8]]), purpose="initiative")
    with pytest.raises(InvalidInputError, match="takes 2 dice, not 1 faces"):
        DiceSpec.parse("2d10").roll(TableDice([[8]]), purpose="merger")


def test_faces_left_over_when_the_resolution_ends_are_refused() -> None:
    dice = TableDice([[3], [5]])
    DiceSpec.parse("1d6").roll(dice, purpose="initiative")
    with pytest.raises(InvalidInputError, match="needed 1 rolls, not 2"):
        dice.finish()


def test_a_die_rolled_without_a_name_is_asked_as_one_die_and_other_sources_ignore_names() -> None:
    with pytest.raises(TableDiceNeeded) as needed:
        TableDice([]).roll(8)
    assert (needed.value.request.expression, needed.value.request.count) == ("1d8", 1)

    class Plain:
        def roll(self, sides: int) -> int:
            return sides

    announce(Plain(), RollRequest("1d6", 1, 6))  # a source with no `announce` of its own is not asked
    assert DiceSpec.parse("2d6").roll(Plain(), purpose="named").faces == (6, 6)


def test_an_attack_asks_the_attacker_then_the_defender_each_with_its_rating() -> None:
    # Seed 002, Attack Procedure: "the attacker rolls 1d10 and adds the relevant attribute ... The defender then
    # rolls 1d10 and adds the relevant attribute."
    town = region("Town", 0, 0, arcana=5)
    red = faction("Red", 4, 5, 4, town, facgold=10)
    blue = faction("Blue", 4, 3, 4, region("Blue Home", 3, 0), facgold=10)
    table = Table([red, blue], [town])
    assassin, moles = give(red, "master_assassin", town), give(blue, "organization_moles", town)
    attack = Attack((Strike(assassin.id, str(blue.id), moles.id),))
    asked = []
    for rolls in ([], [[7]]):
        with pytest.raises(TableDiceNeeded) as needed:
            resolve_action(table.world(), str(red.id), attack, TableDice(rolls))
        asked.append(needed.value.request)
    assert [(r.expression, r.actor, r.modifiers) for r in asked] == [
        ("1d10", str(red.id), (Modifier("Cunning", 5),)),
        ("1d10", str(blue.id), (Modifier("Cunning", 3),)),
    ]
    assert all(r.rule == "seed 002, Attack Procedure" and r.purpose for r in asked)
