"""The seeds' tables as rows a client shows (issue 17, item 3), shaped once for GraphQL and REST alike.

Every row is read from the domain's typed tables and carries its rules text beside its numbers: the seed's
description (asset types, house actions), the requirement or summary the domain states (goals, tags), or the
printed row itself (gaining tables, rank table), with the rule it comes from. Keys are snake_case; GraphQL
spells them in camelCase.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.factionturn.face import (
    ASSET_TEXTS,
    CATALOG,
    EXAMPLE_FACTIONS,
    GOALS,
    NOT_BOUGHT_AS_ASSETS,
    RANDOM_GOAL,
    RANDOM_TAG,
    TAGS,
    AssetKind,
    AssetType,
    Attribute,
)
from domain.gameofbones.face import (
    ACTION_TABLE,
    ACTION_TEXTS,
    GAINING_INFLUENCE,
    GAINING_POWER,
    INFLUENCE_RULE,
    POWER_RULE,
    RANK_RULE,
    RANK_TABLE,
    Scale,
    action_rule,
)

CUSTOM_RULE = "the campaign's GM (seed 002: the GM may add asset types)"


def _plus(values: Iterable[int]) -> str:
    return "/".join(f"+{v}" for v in values)


def asset_type_row(row: AssetType, *, custom: bool = False) -> dict[str, Any]:
    return {
        "key": row.key,
        "name": row.name,
        "attribute": row.attribute,
        "rating": row.rating,
        "hp": row.hp,
        "cost": row.cost,
        "arcana": row.arcana,
        "kind": row.kind,
        "attack": str(row.attack) if row.attack else None,
        "counter": "Special" if row.counter_special else (f"{row.counter} damage" if row.counter else None),
        "codes": row.codes,
        "needs_permission": row.needs_permission,
        "has_action": row.has_action,
        "has_special": row.has_special,
        "maintenance": row.maintenance,
        "vehicle": row.vehicle,
        "bought_as_asset": row.key not in NOT_BOUGHT_AS_ASSETS,
        "custom": custom,
        "text": "" if custom else ASSET_TEXTS[row.key],
        "rule": CUSTOM_RULE if custom else f"seed 002, Asset List: {row.name}",
    }


def asset_type_rows(
    custom: Iterable[AssetType] = (),
    *,
    attribute: Attribute | None = None,
    rating: int | None = None,
    kind: AssetKind | None = None,
) -> list[dict[str, Any]]:
    """The seed's rows in catalog order, then the campaign's own types, filtered by what is given."""
    rows = [asset_type_row(r) for r in CATALOG.values()]
    rows += [asset_type_row(r, custom=True) for r in custom if r.key not in CATALOG]
    return [
        r
        for r in rows
        if (attribute is None or r["attribute"] is attribute)
        and (rating is None or r["rating"] == rating)
        and (kind is None or r["kind"] is kind)
    ]


def goal_rows() -> list[dict[str, Any]]:
    faces = {key: face for face, key in RANDOM_GOAL.items() if key}
    return [
        {
            "key": g.key,
            "name": g.name,
            "requirement": g.requirement,
            "difficulty": g.difficulty.__name__,
            "d12": faces[g.key],
            "text": f"{g.name}: {g.requirement}.",
            "rule": "seed 002, Faction Goals",
        }
        for g in GOALS.values()
    ]


def tag_rows() -> list[dict[str, Any]]:
    faces = {key: face for face, key in RANDOM_TAG.items() if key}
    return [
        {
            "key": t.key,
            "name": t.name,
            "text": t.summary,
            "per_region": t.per_region,
            "d20": faces.get(t.key),
            "rule": "seed 002, Random Faction Tag (its effect: docs/rules-notes/factionturn-tables.md)",
        }
        for t in TAGS.values()
    ]


def example_rows() -> list[dict[str, Any]]:
    return [
        {
            "name": e.name,
            "force": e.force,
            "cunning": e.cunning,
            "wealth": e.wealth,
            "stated_hp": e.stated_hp,
            "max_hp": e.max_hp,
            "tags": list(e.tags),
            "rule": "seed 002, Example Factions",
            "assets": [
                {
                    "printed": a.printed,
                    "attribute": a.attribute,
                    "rating": a.rating,
                    "type_key": a.key,
                    "match": a.match.value,
                }
                for a in e.assets
            ],
        }
        for e in EXAMPLE_FACTIONS
    ]


def scale_row(scale: Scale) -> dict[str, Any]:
    """`base + per × unit`, and as the seed would say it."""
    said = " + ".join(
        p
        for p in (
            f"{scale.base:,}" if scale.base or not scale.per else "",
            f"{scale.per:,} {scale.unit.value}" if scale.per else "",
        )
        if p
    )
    return {"base": scale.base, "per": scale.per, "unit": scale.unit.value, "text": said}


def house_action_rows() -> list[dict[str, Any]]:
    return [
        {
            "name": r.name,
            "influence_requirement": scale_row(r.influence_requirement),
            "power_requirement": scale_row(r.power_requirement),
            "dedicated_influence": scale_row(r.dedicated_influence),
            "dedicated_power": scale_row(r.dedicated_power),
            "gold": scale_row(r.gold),
            "weeks": r.weeks,
            "skill": str(r.skill),
            "dc": scale_row(r.dc) if r.dc else None,
            "opposed_by": str(r.opposed_by) if r.opposed_by else None,
            "target": r.target.value,
            "defence": r.defence.value if r.defence else None,
            "hostile": r.hostile,
            "text": ACTION_TEXTS[r.name],
            "rule": action_rule(r.name),
        }
        for r in ACTION_TABLE
    ]


def influence_rows() -> list[dict[str, Any]]:
    return [
        {
            "key": s.key,
            "gained_by": s.action,
            "influence": s.influence,
            "unit": s.unit.value,
            "skill": s.skill.value if s.skill else None,
            "dc": s.dc,
            "rule": INFLUENCE_RULE,
            "text": f"{s.action}: {s.influence:,} influence{'' if s.unit.value == 'once' else ' ' + s.unit.value}"
            + (f", {s.skill.value} (DC {s.dc})" if s.skill else ""),
        }
        for s in GAINING_INFLUENCE
    ]


def power_rows() -> list[dict[str, Any]]:
    def said(p: Any) -> str:
        more = f", then {p.higher_per_level} per level above {p.up_to_level}" if p.up_to_level else ""
        return f"{p.character_class}: {p.per_level} power per level{more}"

    return [
        {
            "character_class": p.character_class,
            "per_level": p.per_level,
            "higher_per_level": p.higher_per_level,
            "up_to_level": p.up_to_level,
            "text": said(p),
            "rule": POWER_RULE,
        }
        for p in GAINING_POWER
    ]


def rank_rows() -> list[dict[str, Any]]:
    return [
        {
            "rank": r.rank,
            "total": r.total,
            "action_bonuses": list(r.action_bonuses),
            "defence_high": r.defence_high,
            "defence_low": r.defence_low,
            "rule": RANK_RULE,
            "text": f"Total Power and Influence {r.total:,}: rank {r.rank}, action bonus "
            f"{_plus(r.action_bonuses)}, Influence/Power Defence +{r.defence_high}/+{r.defence_low}",
        }
        for r in RANK_TABLE
    ]
