"""Guarding what a faction holds (issue 19): the defence it names in each region where it keeps a Base of
Influence, and what guarding a threatened base is worth.

Seed 002, Attack Procedure: "each attacking asset is matched against a defending asset chosen by the
defender", and damage reaches a Base of Influence, and through it the faction's HP, only when the base itself
defends or "the defender may opt to let the damage bypass the asset". So where the faction has a base and an
asset that may meet any attacker, the draft names that asset to defend (its HP and counterattack first) and
never lets the base soak the damage; a base standing alone where a rival could strike it is a reason to buy a
defender there.
"""

from __future__ import annotations

from domain.errors import DomainError
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.orders import Defence, Strike
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules.rows import ability_of, type_of
from domain.factionturn.rules.world import World
from domain.factionturn.tables.passives import Passive
from domain.odds import Unknown, attack_odds

# seed 002: a Fortress defends only against Force assets, a Warmage Academy only against attacks versus
# Cunning, Lawyers never against Force: named as the region's defender, they would leave other strikes to the
# target itself (`attack.choose_defender`), so they are named only where nothing else may defend.
PARTIAL_DEFENDERS = frozenset({Passive.FORTRESS, Passive.WARMAGE_ACADEMY, Passive.LAWYERS})


def defences(world: World, faction: FactionView) -> tuple[Defence, ...]:
    """Per region of one of its bases, the asset that meets every strike there, if it has one."""
    found = []
    for base in (a for a in faction.assets.values() if a.is_base and a.region_id in world.regions):
        defender = best_defender(faction, base.region_id)
        if defender is not None:
            found.append(Defence(base.region_id, defender.id, base_absorbs=False))
    return tuple(found)


def best_defender(faction: FactionView, region_id: str) -> OwnedAsset | None:
    """Seed 002, Buy Asset: a new asset cannot defend "until the beginning of the faction's next turn", so one
    bought last turn meets only the strikes after this turn begins; one usable already is preferred."""
    candidates = [
        a
        for a in faction.assets_in(region_id)
        if not a.is_base and a.usable_on(faction.turn + 1) and type_of(a) is not None
    ]
    return max(
        candidates,
        key=lambda a: (a.usable_on(faction.turn), ability_of(a) not in PARTIAL_DEFENDERS, _staying_power(a)),
        default=None,
    )


def _staying_power(asset: OwnedAsset) -> float:
    row = type_of(asset)
    counter = row.counter.average if row is not None and row.counter is not None else 0.0
    return asset.hp + 1.5 * counter


def threats(world: World, faction: FactionView) -> dict[str, float]:
    """Per region where a base of the faction stands with no asset of its own to defend it: the damage the
    rivals' assets there would deal it, each striking it once, by their exact expected damage (domain/odds, the
    GM's truth: the assistant drafts for the GM). Every point of it is a point of the faction's HP."""
    found: dict[str, float] = {}
    me = str(faction.id)
    for base in (a for a in faction.assets.values() if a.is_base and a.region_id in world.regions):
        if best_defender(faction, base.region_id) is not None:
            continue
        total = 0.0
        for rival, asset in world.present(base.region_id, but=me):
            row = type_of(asset)
            if rival.wild or row is None or row.attack is None or not asset.usable_on(rival.turn):
                continue
            try:
                odds = attack_odds(world, str(rival.id), Strike(asset.id, me, base.id))
            except DomainError:  # the rules would refuse that strike (e.g. an ability's limits)
                continue
            total += 0.0 if isinstance(odds.expected_damage, Unknown) else float(odds.expected_damage)
        if total > 0:
            found[base.region_id] = min(total, base.hp)
    return found
