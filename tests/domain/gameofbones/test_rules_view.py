"""The rules see a House through a read-only view (issue 30, item 4): mypy refuses a rule that changes it, and the
House is one (rules/view.py; the layer contract keeps the rules from importing the aggregate at all)."""

from __future__ import annotations

from pathlib import Path

from mypy import api

from domain.gameofbones.aggregate.house import House
from domain.gameofbones.rules.view import HouseView
from tests.domain.gameofbones.bones_world import house

RULE = """
from domain.gameofbones.rules.view import HouseView
from domain.gameofbones.tables.records import PendingAction


def a_rule_that_changes_a_house(house: HouseView, pending: PendingAction) -> None:
    house.influence = 0
    house.pending[pending.id] = pending
    house.order_action(pending)
"""


def test_mypy_refuses_a_rule_that_assigns_to_a_house_or_calls_its_commands(tmp_path: Path) -> None:
    rule = tmp_path / "rule.py"
    rule.write_text(RULE)
    out, _, status = api.run(["--strict", "--no-incremental", "--follow-imports=silent", str(rule)])
    assert status == 1
    assert 'Property "influence" defined in "HouseView" is read-only' in out
    assert 'Unsupported target for indexed assignment ("Mapping[str, PendingAction]")' in out
    assert '"HouseView" has no attribute "order_action"' in out


def test_a_house_is_what_the_rules_read_and_its_booked_copy_changes_nothing() -> None:
    matron = house("Baenre", influence=3_000)
    matron.collect_events()
    seen: HouseView = matron  # mypy checks the House against the view here
    planned = house("Xorlarrin").pending  # an empty book, as a rule would hand one in
    copy = seen.booked(planned)
    assert isinstance(copy, House) and copy is not matron and copy.pending is not matron.pending
    assert copy.influence == matron.influence == 3_000
    assert matron.collect_events() == [] and copy.collect_events() == []
