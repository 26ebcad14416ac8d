"""The rules read a faction through `FactionView` (domain/factionturn/aggregate/view.py): every member it names is
the aggregate's, with the same value, and the rules' rooms never reach past it to the aggregate itself."""

from __future__ import annotations

import inspect
from pathlib import Path
from uuid import uuid4

from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules.world import OwnedWorld, World

PACKAGE = Path(__file__).resolve().parents[3] / "domain" / "factionturn"
ROOMS = ("rules", "forms", "resolution")


def members() -> list[str]:
    return [n for n in vars(FactionView) if not n.startswith("_")]


def test_every_member_of_the_view_is_the_aggregates_own() -> None:
    faction = Faction.found(uuid4(), "Crows", 3, 4, 2, "home")
    missing = [n for n in members() if not hasattr(faction, n)]
    assert not missing
    assert len(members()) > 30


def test_a_world_hands_the_rules_the_faction_it_holds_and_no_copy() -> None:
    faction = Faction.found(uuid4(), "Crows", 3, 4, 2, "home")
    world = World([faction], [])
    assert world.faction(str(faction.id)) is faction
    assert world.factions[str(faction.id)] is faction


def test_the_views_properties_have_no_setter_and_its_methods_only_read() -> None:
    for name in members():
        member = inspect.getattr_static(FactionView, name)
        if isinstance(member, property):
            assert member.fset is None, name
    commands = {"begin_turn", "raise_rating", "damage_asset", "absorb", "adjust", "submit_order", "grant_asset"}
    assert not commands & set(members())


def test_the_rules_forms_and_resolution_never_take_the_aggregates_out_of_a_world() -> None:
    """`World.aggregates` and an `OwnedWorld` are for whoever owns the world (the face and the service, the assistant,
    the odds), never for the rules' rooms."""
    reaching = [
        f"{path.parent.name}/{path.name}"
        for room in ROOMS
        for path in sorted((PACKAGE / room).glob("*.py"))
        if (".aggregates()" in path.read_text() or "OwnedWorld" in path.read_text()) and path.name != "world.py"
    ]
    assert reaching == []


def test_the_faces_world_hands_its_owner_the_aggregates() -> None:
    faction = Faction.found(uuid4(), "Crows", 3, 4, 2, "home")
    world = OwnedWorld([faction], [])
    assert world.faction(str(faction.id)) is faction and isinstance(world, World)
