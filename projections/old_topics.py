"""Where stored classes used to live: the old topics of moved aggregates and events resolve to the classes.

eventsourcing names an event by `module:qualname` (`domain.faction:Faction.Created`) in every stored event
and snapshot, and a domain dataclass is written under the same kind of name. When a module moves, its old
name goes into `MOVED` with the modules its classes went to; stored events keep decoding, new ones are
written under the new names. A class folded into another (a mixin merged into its aggregate) renames its
events: its old topic goes into `RENAMED` with its new class's, and each of its events' old topics names the new
class's. tests/projections/test_names_of_main.py holds every name `main` wrote at 3de475b to its class.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterator, Mapping

from eventsourcing.domain import DomainEvent
from eventsourcing.utils import register_topic

OldClasses = tuple[tuple[str, type], ...]

# old module -> the modules its classes live in now (issue 13 moved the aggregates into their rule systems)
MOVED: dict[str, tuple[str, ...]] = {
    "domain.faction": ("domain.factionturn.aggregate.faction",),  # issue 30 moved it on into its room
    "domain.faction_assets": ("domain.factionturn.aggregate.faction",),
    "domain.house": ("domain.gameofbones.aggregate.house",),
    # ---- the Game of Bones in sub-rooms (issue 30, item 4: domain/gameofbones/{tables,forms,rules,aggregate,
    # resolution}; House and its commands in one module) --------------------------------------------------------
    **{
        f"domain.gameofbones.{module}": (f"domain.gameofbones.{room}.{module}",)
        for room, modules in {
            "tables": ("actions", "action_texts", "enums", "gains", "ranks", "records"),
            "forms": ("orders",),
            "rules": (
                "checks",
                "covert",
                "custom",
                "effects",
                "false_plots",
                "force",
                "garrison",
                "gm_hooks",
                "hunt",
                "influence",
                "intrigue",
                "order_checks",
                "ordering",
                "outcomes",
                "preview",
                "scene",
                "standing",
            ),
            "aggregate": ("house", "intel", "working_set", "effect_record"),
            "resolution": ("month", "ledger"),
        }.items()
        for module in modules
    },
    "domain.gameofbones.actions": ("domain.gameofbones.tables.actions", "domain.gameofbones.tables.scales"),
    "domain.gameofbones.false_plots": (
        "domain.gameofbones.rules.false_plots",
        "domain.gameofbones.rules.false_plot_rolls",
    ),
    # ---- end of the Game of Bones' sub-rooms ------------------------------------------------------------------
}
# ---- the Game of Bones: classes merged away (issue 30, item 4) -----------------------------------------------------
# old topic -> the topic of the class that took its place. The House's command mixin merged into the House: an
# event of it was written as `House.X` (the mixin's own nested `StateRestored` was registered, never written).
RENAMED: dict[str, str] = {
    "domain.house:HouseCommands.StateRestored": "domain.gameofbones.aggregate.house:House.StateRestored",
    "domain.gameofbones.house_commands:HouseCommands.StateRestored": (
        "domain.gameofbones.aggregate.house:House.StateRestored"
    ),
}
# ---- end of the Game of Bones' merged classes ------------------------------------------------------------------

# ---- the Faction Turn's rooms (issue 30, item 4): every module of domain/factionturn/ moved into a sub-package --
# and some split by concept: old module name -> the room-relative modules its classes live in now.
_FACTIONTURN_SPLIT = {
    "effects": ("aggregate.effects", "aggregate.asset_effects"),
    "examples": ("rules.examples", "rules.worked_example"),
    "faction": ("aggregate.faction",),
    "faction_assets": ("aggregate.faction",),  # FactionAssets stays a class (its events' names are stored)
    "faction_merger": ("aggregate.faction",),  # FactionMergers is folded into Faction: see RENAMED
}
FACTIONTURN_ROOMS: dict[str, str] = {
    "tables": "assets asset_texts catalog catalog_cunning catalog_force catalog_wealth custom_types enums goals "
    "passives progression tags wild",
    "aggregate": "adjustment clone faction_record holdings orders",
    "rules": "abilities ability_actions actions adventures asset_index attack contest creation custom_actions damage "
    "generated_goals generation goal_tracking influence merger monsters movement multiturn purchase purchase_rules "
    "rows seize upkeep wild_assets world",
    "forms": "order_checks order_form order_funds order_scope preview",
    "resolution": "initiative phase turn",
}
_NOW = {m: (f"{room}.{m}",) for room, ms in FACTIONTURN_ROOMS.items() for m in ms.split()} | _FACTIONTURN_SPLIT
MOVED.update({f"domain.factionturn.{m}": tuple(f"domain.factionturn.{n}" for n in now) for m, now in _NOW.items()})
RENAMED.update(
    {
        "domain.factionturn.faction_merger:FactionMergers": "domain.factionturn.aggregate.faction:Faction",
    }
)
# ---- (end of the Faction Turn's rooms) ------------------------------------------------------------------------


def moved_classes(moved: Mapping[str, tuple[str, ...]] = MOVED) -> Iterator[tuple[str, type]]:
    """(old topic, class) for every class defined in a moved module and every event class it carries."""
    for old, modules in moved.items():
        for name in modules:
            module = importlib.import_module(name)
            for value in vars(module).values():
                if isinstance(value, type) and value.__module__ == name:
                    yield from _with_events(f"{old}:{value.__qualname__}", value)


def renamed_classes(renamed: Mapping[str, str] = RENAMED) -> Iterator[tuple[str, type]]:
    """(old topic, class) for every class folded into another, and for each event class the new one carries."""
    for old, new in renamed.items():
        module, qualname = new.split(":")
        found: object = importlib.import_module(module)
        for part in qualname.split("."):
            found = getattr(found, part)
        assert isinstance(found, type), new
        yield from _with_events(old, found)


def _with_events(old: str, cls: type) -> Iterator[tuple[str, type]]:
    yield old, cls
    for attribute in dir(cls):  # inherited events too: House.ActionOrdered may live on a base
        nested = getattr(cls, attribute, None)
        if isinstance(nested, type) and issubclass(nested, DomainEvent):
            yield f"{old}.{attribute}", nested


def register_old_topics(
    moved: Mapping[str, tuple[str, ...]] = MOVED, renamed: Mapping[str, str] | None = None
) -> dict[str, type]:
    """Make every old topic resolve to its class; returns them, old topic to class. Safe to call again.
    `renamed` defaults to `RENAMED` when `moved` is `MOVED`, to none otherwise."""
    renamed = RENAMED if renamed is None and moved is MOVED else renamed or {}
    found = old_classes(tuple(moved.items()), tuple(renamed.items()))
    for topic, cls in found:
        register_topic(topic, cls)
    return dict(found)


@functools.lru_cache(maxsize=16)
def old_classes(moved: tuple[tuple[str, tuple[str, ...]], ...], renamed: tuple[tuple[str, str], ...]) -> OldClasses:
    """(old topic, class) for these moves and renames, found once a process for each (issue 31, P4: every store,
    view and mapper registers them, and walking the moved modules' classes and their events' attributes was half
    of a mapper's making, 4-5 ms, paid three times before a rebuild folded its first event). They depend on the
    code alone; the maps' contents are the key, so a test's own move is found anew."""
    found = dict(moved_classes(dict(moved)))
    found |= dict(renamed_classes(dict(renamed)))
    return tuple(found.items())
