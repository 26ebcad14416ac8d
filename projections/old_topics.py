"""Where stored classes used to live: the old topics of moved aggregates and events resolve to the classes.

eventsourcing names an event by `module:qualname` (`domain.faction:Faction.Created`) in every stored event
and snapshot, and a domain dataclass is written under the same kind of name. When a module moves, its old
name goes into `MOVED` with the modules its classes went to; stored events keep decoding, new ones are
written under the new names.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from eventsourcing.domain import DomainEvent
from eventsourcing.utils import register_topic, resolve_topic

# old module -> the modules its classes live in now (issue 13 moved the aggregates into their rule systems)
MOVED: dict[str, tuple[str, ...]] = {
    "domain.faction": ("domain.factionturn.faction",),
    "domain.faction_assets": ("domain.factionturn.faction_assets",),
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


def moved_classes(moved: Mapping[str, tuple[str, ...]] = MOVED) -> Iterator[tuple[str, type]]:
    """(old topic, class) for every class defined in a moved module and every event class it carries."""
    for old, modules in moved.items():
        for name in modules:
            module = importlib.import_module(name)
            for value in vars(module).values():
                if isinstance(value, type) and value.__module__ == name:
                    yield f"{old}:{value.__qualname__}", value
                    for attribute in dir(value):  # inherited events too: House.ActionOrdered may live on a base
                        nested = getattr(value, attribute, None)
                        if isinstance(nested, type) and issubclass(nested, DomainEvent):
                            yield f"{old}:{value.__qualname__}.{attribute}", nested


def register_old_topics(
    moved: Mapping[str, tuple[str, ...]] = MOVED, renamed: Mapping[str, str] = RENAMED
) -> dict[str, type]:
    """Make every old topic resolve to its class; returns them, old topic to class. Safe to call again."""
    found = dict(moved_classes(moved))
    found |= {old: resolve_topic(new) for old, new in renamed.items()}
    for topic, cls in found.items():
        register_topic(topic, cls)
    return found
