"""What a faction or house can do now (issue 17, item 4), shaped once for GraphQL and REST alike.

Each option is one order the domain's preview judged with the checks that refuse orders; `allowed`, `reason`
and `rule` are that check's answer (domain/factionturn/forms/preview.py, domain/gameofbones/rules/preview.py). `odds`:
an allowed order's exact odds as the asking seat may know them (issue 19; shared/odds.py), else null.
"""

from __future__ import annotations

from typing import Any

from domain.factionturn.face import (
    Attack,
    BuyAsset,
    ChangeHome,
    CustomAction,
    ExpandInfluence,
    FactionActionName,
    Option,
    RefitAsset,
    RepairAsset,
    SeizeRegion,
    SellAsset,
    UseAssetAbility,
)
from domain.gameofbones.face import HouseOption
from domain.odds import AttackOdds, HouseOdds
from service.entrypoints.shared import odds as shaped_odds
from service.usecases.previews import FactionPreviewOdds, HousePreviewOdds

EMPTY = {
    "region_id": None,
    "type_key": None,
    "name": None,
    "asset_id": None,
    "target_faction_id": None,
    "target_asset_id": None,
}


def _named(option: Option) -> dict[str, Any]:
    """The ids and keys an option's order names."""
    a = option.action
    if isinstance(a, BuyAsset):
        return {"region_id": a.region_id, "type_key": a.type_key}
    if isinstance(a, Attack):
        strike = a.strikes[0]
        return {
            "asset_id": strike.attacker_id,
            "target_faction_id": strike.target_faction_id,
            "target_asset_id": strike.target_asset_id or None,
        }
    if isinstance(a, RepairAsset):
        return {"asset_id": a.assets[0][0] if a.assets else None}
    if isinstance(a, RefitAsset):
        return {"asset_id": a.asset_id, "type_key": a.type_key}
    if isinstance(a, SellAsset):
        return {"asset_id": a.asset_id}
    if isinstance(a, (ExpandInfluence, ChangeHome, SeizeRegion)):
        return {"region_id": a.region_id}
    if isinstance(a, UseAssetAbility):
        return {"asset_id": a.uses[0].asset_id, "region_id": a.uses[0].region_id}
    if isinstance(a, CustomAction):
        return {"name": a.name}
    return {}


def faction_option(option: Option, odds: AttackOdds | None = None) -> dict[str, Any]:
    verdict = option.verdict
    return {
        "kind": FactionActionName(option.kind),
        "cost": option.cost,
        "allowed": verdict.allowed,
        "reason": verdict.reason or None,
        "rule": verdict.rule or None,
        **EMPTY,
        **_named(option),
        "odds": shaped_odds.attack_odds(odds),
    }


def faction_preview(found: FactionPreviewOdds, *, allowed_only: bool = False) -> dict[str, Any]:
    preview = found.preview
    options = [
        faction_option(o, odds)
        for o, odds in zip(preview.options, found.odds, strict=True)
        if o.verdict.allowed or not allowed_only
    ]
    return {"faction_id": preview.faction_id, "facgold_at_action": preview.facgold_at_action, "options": options}


def house_options(found: HousePreviewOdds) -> list[dict[str, Any]]:
    by_power = found.by_power or ((),) * len(found.options)
    return [house_option(o, odds, powers) for o, odds, powers in zip(found.options, found.odds, by_power, strict=True)]


def house_option(
    option: HouseOption, odds: HouseOdds | None = None, by_power: tuple[tuple[int, HouseOdds], ...] = ()
) -> dict[str, Any]:
    order, cost = option.order, option.cost
    return {
        "action": order.action,
        "actor": order.actor,
        "target_house_id": order.target_house_id,
        "target_character": order.target_character,
        "area_ids": list(order.area_ids),
        "power": order.power,
        "to_area_id": order.to_area_id,
        "covered_action_id": order.covered_action_id,
        "influence_requirement": cost.influence_requirement,
        "power_requirement": cost.power_requirement,
        "dedicated_influence": cost.dedicated_influence,
        "dedicated_power": cost.dedicated_power,
        "gold": cost.gold,
        "allowed": option.allowed,
        "reason": option.reason or None,
        "rule": option.rule or None,
        "odds": shaped_odds.house_odds(odds),
        "odds_by_power": [{"power": p, "odds": shaped_odds.house_odds(o)} for p, o in by_power],
    }
