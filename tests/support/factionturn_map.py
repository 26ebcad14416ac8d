"""The map of tests/domain/factionturn/test_coverage_abilities*.py: regions in a row, one hex apart, R0 (home) to
R4, and the checks those tests share."""

from __future__ import annotations

import pytest

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.orders import (
    AbilityUse,
    Attack,
    BuyAsset,
    Permission,
    Strike,
    UseAssetAbility,
)
from tests.domain.factionturn.factionturn_scenario import Table, faction, region, settle


class Map:
    """Guild (4/4/4, 20 FacGold) at home in R0; Rulers (4/4/4, 20 FacGold) at home in R4."""

    def __init__(self, arcana: int = 4) -> None:
        self.r = [region(f"R{q}", q, 0, arcana=arcana) for q in range(5)]
        self.guild = faction("Guild", 4, 4, 4, self.r[0], facgold=20)
        self.rulers = faction("Rulers", 4, 4, 4, self.r[4], facgold=20)
        self.table = Table([self.guild, self.rulers], self.r)

    def id(self, q: int) -> str:
        return str(self.r[q].id)

    def govern(self, q: int, answer: str = "bribe") -> None:
        """The Rulers govern region q and answer the Guild's permission requests so."""
        self.r[q].change_government(str(self.rulers.id), "set-up")
        self.table.order(self.rulers, permissions=(Permission(str(self.guild.id), answer),))

    def use(self, who: Faction, *uses: AbilityUse, faces: tuple[int, ...] = ()) -> None:
        self.table.resolve(who, UseAssetAbility(uses), *faces)


def _strike(attacker: OwnedAsset, foe: Faction, target: OwnedAsset) -> Attack:
    return Attack((Strike(attacker.id, str(foe.id), target.id),))


def _refused(m: Map, who: Faction, order: UseAssetAbility | Attack | BuyAsset, rule: str) -> None:
    settle(*m.table.factions, *m.table.regions)
    with pytest.raises(RuleViolationError, match=rule):
        m.table.resolve(who, order)
    assert all(a.collect_events() == [] for a in (*m.table.factions, *m.table.regions))
