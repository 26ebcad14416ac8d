"""The scene and the checks of tests/domain/factionturn/test_coverage_refusals*.py: a forbidden order is refused
with a clear reason and writes nothing."""

from __future__ import annotations

import pytest

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import (
    AbilityUse,
    Action,
    FactionOrders,
    Permission,
    UseAssetAbility,
)
from domain.factionturn.resolution.phase import check_orders
from tests.domain.factionturn.factionturn_scenario import Table, faction, region, settle


class Scene:
    """Guild (4/4/4) at home in Home (arcana 4) with `facgold`; Rulers (4/4/4) at home in Court, one hex away.
    Low is a third region, two hexes off, with arcana 1, where the Guild has a base."""

    def __init__(self, facgold: int = 20) -> None:
        self.home, self.court = region("Home", 0, 0, arcana=4), region("Court", 1, 0, arcana=4)
        self.low = region("Low", 2, 0, arcana=1)
        self.guild = faction("Guild", 4, 4, 4, self.home, facgold=facgold)
        self.rulers = faction("Rulers", 4, 4, 4, self.court, facgold=20)
        self.guild.expand_influence(str(self.low.id), 3, 0, 0, [])
        self.guild.expand_influence(str(self.court.id), 3, 0, 0, [])
        self.table = Table([self.guild, self.rulers], [self.home, self.court, self.low])

    def deny(self) -> None:
        """The Rulers govern Court and refuse the Guild every permission."""
        self.court.change_government(str(self.rulers.id), "set-up")
        self.table.order(self.rulers, permissions=(Permission(str(self.guild.id), "deny"),))


def _refused(scene: Scene, action: Action, reason: str, *, who: Faction | None = None) -> None:
    """Refused with `reason`, and nothing written: no event on any aggregate, every version unchanged."""
    aggregates = (*scene.table.factions, *scene.table.regions)
    settle(*aggregates)
    versions = [a.version for a in aggregates]
    with pytest.raises(RuleViolationError, match=reason):
        scene.table.resolve(who or scene.guild, action)
    assert all(a.collect_events() == [] for a in aggregates)
    assert [a.version for a in aggregates] == versions


def _refused_at_submission(scene: Scene, action: Action, reason: str) -> None:
    aggregates = (*scene.table.factions, *scene.table.regions)
    settle(*aggregates)
    with pytest.raises(RuleViolationError, match=reason):
        check_orders(scene.table.world(), str(scene.guild.id), FactionOrders(action=action))
    assert all(a.collect_events() == [] for a in aggregates)


def _use(*uses: AbilityUse) -> UseAssetAbility:
    return UseAssetAbility(uses)
