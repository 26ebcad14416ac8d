"""The candidates the preview does not list that the assistant weighs too (issue 19): moving an asset by its
own ability toward what its goal needs, a larger Base of Influence, and giving up a goal out of reach.

Each is judged by the preview's `verdict`, the submission check, so only allowed ones are ever drafted.
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.assistant.drafts import Choice
from domain.assistant.faction_scores import goal_name
from domain.factionturn.aggregate.orders import AbilityUse, ExpandInfluence, UseAssetAbility
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.forms.preview import Option, verdict
from domain.factionturn.rules.rows import type_of
from domain.factionturn.rules.world import World

# Goals that need a rival within reach; with none in any region the faction holds, they are out of reach.
NEEDS_RIVALS = frozenset(
    {
        "military_conquest",
        "commercial_expansion",
        "intelligence_coup",
        "blood_the_enemy",
        "destroy_the_foe",
        "invincible_valor",
        "inside_enemy_territory",
        "regional_seizure",
    }
)
REACH = 3  # the longest move seed 002's movers make (Airship, Covert Shipping, Teleportation Circles)


def move_options(world: World, faction: FactionView) -> list[Option]:
    """Each asset with a special action, carried by itself to each region within reach, where allowed."""
    found: list[Option] = []
    for asset in faction.assets.values():
        row = type_of(asset)
        if asset.is_base or row is None or not row.has_action:
            continue
        for region_id in world.regions:
            if region_id == asset.region_id or world.distance(asset.region_id, region_id) > REACH:
                continue
            action = UseAssetAbility((AbilityUse(asset.id, region_id),))
            judged = verdict(world, str(faction.id), action)
            if judged.allowed:
                found.append(Option("Use Asset Ability", action, None, judged))
    return found


def score_move(world: World, faction: FactionView, option: Option, weights: Mapping[str, float]) -> Choice | None:
    action = option.action
    assert isinstance(action, UseAssetAbility)
    use = action.uses[0]
    asset, region = faction.assets[use.asset_id], world.regions[use.region_id]
    key = faction.goal["key"] if faction.goal else ""
    rivals = [f for f, a in world.present(use.region_id, but=str(faction.id)) if not f.wild and not a.stealthed]
    value, reasons = 0.0, []
    if key == "expand_influence" and faction.base_in(use.region_id) is None and not region.wild:
        # the goal's one step before planting the base (seed 002, Expand Influence: "a new base needs at least one
        # other asset of the faction in the region"), worth most of what planting it is (`faction_scores._expand`)
        value += 4.0
        reasons.append(f"Goal {goal_name(faction)}: a foothold where it has no base")
    striking = key in NEEDS_RIVALS - {"inside_enemy_territory", "regional_seizure"}
    if rivals and striking:
        value += 1.5 * weights["strike"]
        reasons.append(f"Goal {goal_name(faction)}: within reach of {rivals[0].name}")
    elif striking and _nearest_rival(world, faction, use.region_id) < _nearest_rival(world, faction, asset.region_id):
        value += 0.8 * weights["strike"]
        reasons.append(f"Goal {goal_name(faction)}: closer to its rivals")
    if not reasons:
        return None
    return Choice(f"{asset.name} moves to {region.name}", tuple(reasons), (), value)


def bigger_bases(world: World, faction: FactionView, funds: int) -> list[Option]:
    """Seed 002, Expand Influence: "Pay 1 FacGold per hp"; for Legendary Wealth, what is spent counts."""
    if not faction.goal or faction.goal["key"] != "legendary_wealth" or funds < 2:
        return []
    regions = dict.fromkeys(a.region_id for a in faction.assets.values() if a.region_id in world.regions)
    found = []
    for region_id in regions:
        action = ExpandInfluence(region_id, min(funds, faction.max_hp))
        judged = verdict(world, str(faction.id), action)
        if judged.allowed:
            found.append(Option("Expand Influence", action, action.hp, judged))
    return found


def out_of_reach(world: World, faction: FactionView, key: str, movable: bool) -> bool:
    """No rival asset shares a region with any of the faction's, and none of its assets can move (`movable`):
    a goal that needs rivals cannot be pursued (seed 002, Attack: only in the same region)."""
    if key not in NEEDS_RIVALS:
        return False
    held = {a.region_id for a in faction.assets.values()}
    near = any(f for r in held for f, _ in world.present(r, but=str(faction.id)) if not f.wild)
    return not near and not movable


def _nearest_rival(world: World, faction: FactionView, region_id: str) -> int:
    found = [
        world.distance(region_id, a.region_id)
        for f in world.factions.values()
        if f.id != faction.id and not f.wild and not f.destroyed
        for a in f.assets.values()
        if not a.stealthed
    ]
    return min(found, default=99)
