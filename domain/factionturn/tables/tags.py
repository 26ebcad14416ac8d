"""Faction tags (seed 002, Random Faction Tag) with the small mechanical effects we adopted for them.

The seed names tags but gives them no mechanics; it only mentions "bonus dice earned by tags" (Blackmail).
Each effect below is our house rule, recorded in docs/rules-notes/factionturn-tables.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from domain.errors import NotFoundError
from domain.factionturn.tables.assets import Attribute


class TagRoll(StrEnum):
    """The kind of roll a tag's bonus die applies to."""

    ATTACK = "attack"  # this faction's attack roll (1d10 + attribute)
    DEFENCE = "defence"  # this faction's defence roll against an attack
    EXPAND_INFLUENCE = "expand_influence"  # the 1d10 + Cunning roll of Expand Influence
    SEIZE_REGION = "seize_region"  # attack rolls made as part of a Seize Region action
    THE_WILD = "the_wild"  # attack rolls against The Wild's Terrain and Monster assets
    KEEP_STEALTH = "keep_stealth"  # Cunning tests to keep a Stealthed asset hidden


class TagScope(StrEnum):
    """Where the roll must happen for the bonus die to apply."""

    ANYWHERE = "anywhere"
    HOME = "home"  # in the faction's home region
    AWAY = "away"  # outside the faction's home region
    LOW_ARCANA = "low_arcana"  # in a region of arcana level 0-2
    AGAINST_GOVERNMENT = "against_government"  # against the Regional Government of that region


@dataclass(frozen=True)
class BonusDie:
    """One extra die on a kind of roll. `attribute` filters by the score this faction rolls with,
    `against` by the score the opponent rolls with; None means any."""

    roll: TagRoll
    attribute: Attribute | None = None
    against: Attribute | None = None
    scope: TagScope = TagScope.ANYWHERE


@dataclass(frozen=True)
class TagEffect:
    """What a tag does, as data the engine applies. Blackmail strips `bonus_die` (seed 002, Blackmail)."""

    bonus_die: BonusDie | None = None
    arcana_bonus: int = 0  # arcana levels added, for buying assets, where the faction has a base (max 5)
    facgold_on_destroy: int = 0  # FacGold gained, once per turn, when its asset destroys an enemy asset
    repair_faction_bonus: int = 0  # extra HP healed by a Repair Faction action
    grants_permission: bool = False  # its holder is the government whose permission P assets need


@dataclass(frozen=True)
class Tag:
    key: str
    name: str
    effect: TagEffect
    summary: str
    per_region: bool = False  # Regional Government is held for one region at a time


def _tag(key: str, name: str, summary: str, effect: TagEffect, *, per_region: bool = False) -> Tag:
    return Tag(key, name, effect, summary, per_region)


def _die(
    roll: TagRoll,
    *,
    attribute: Attribute | None = None,
    against: Attribute | None = None,
    scope: TagScope = TagScope.ANYWHERE,
) -> TagEffect:
    return TagEffect(bonus_die=BonusDie(roll, attribute, against, scope))


_A, _D = TagRoll.ATTACK, TagRoll.DEFENCE
_F, _C, _W = Attribute.FORCE, Attribute.CUNNING, Attribute.WEALTH

TAGS: Mapping[str, Tag] = MappingProxyType(
    {
        tag.key: tag
        for tag in (
            _tag("colonists", "Colonists", "bonus die attacking The Wild", _die(TagRoll.THE_WILD)),
            _tag("deep_rooted", "Deep Rooted", "bonus die defending at home", _die(_D, scope=TagScope.HOME)),
            _tag("cult", "Cult", "Repair Faction heals 1 more HP", TagEffect(repair_faction_bonus=1)),
            _tag("diplomatic", "Diplomatic", "bonus die on Expand Influence", _die(TagRoll.EXPAND_INFLUENCE)),
            _tag("fanatical", "Fanatical", "bonus die defending with Force", _die(_D, attribute=_F)),
            _tag("imperialist", "Imperialist", "bonus die attacking to Seize Region", _die(TagRoll.SEIZE_REGION)),
            _tag("machiavellian", "Machiavellian", "bonus die on Cunning attacks", _die(_A, attribute=_C)),
            _tag(
                "mercenary_group",
                "Mercenary Group",
                "bonus die attacking away from home",
                _die(_A, scope=TagScope.AWAY),
            ),
            _tag(
                "rebels",
                "Rebels",
                "bonus die attacking a region's government",
                _die(_A, scope=TagScope.AGAINST_GOVERNMENT),
            ),
            _tag("pirates", "Pirates", "bonus die attacking Wealth", _die(_A, against=_W)),
            _tag("plutocratic", "Plutocratic", "bonus die on Wealth attacks", _die(_A, attribute=_W)),
            _tag(
                "magocratic",
                "Magocratic",
                "+1 arcana level for purchases where it has a base",
                TagEffect(arcana_bonus=1),
            ),
            _tag("pactsworn", "Pactsworn", "bonus die attacking at home", _die(_A, scope=TagScope.HOME)),
            _tag("savage", "Savage", "bonus die defending in arcana 0-2 regions", _die(_D, scope=TagScope.LOW_ARCANA)),
            _tag(
                "scavengers",
                "Scavengers",
                "1 FacGold when it destroys an asset (once a turn)",
                TagEffect(facgold_on_destroy=1),
            ),
            _tag("secretive", "Secretive", "bonus die on tests to keep Stealth", _die(TagRoll.KEEP_STEALTH)),
            _tag("field_expertise", "Field Expertise", "bonus die defending with Wealth", _die(_D, attribute=_W)),
            _tag("theocratic", "Theocratic", "bonus die defending with Cunning", _die(_D, attribute=_C)),
            _tag("warlike", "Warlike", "bonus die on Force attacks", _die(_A, attribute=_F)),
            _tag(
                "regional_government",
                "Regional Government",
                "grants or refuses permission for P assets",
                TagEffect(grants_permission=True),
                per_region=True,
            ),
        )
    }
)

# Random Faction Tag, d20: faces 1-19 name a tag; 20 means roll twice more.
RANDOM_TAG: Mapping[int, str | None] = MappingProxyType(
    {face: key for face, key in enumerate(list(TAGS)[:19], start=1)} | {20: None}
)
ROLL_TWICE_MORE = 20

# Spellings used in the seed's examples for these tags.
TAG_ALIASES: Mapping[str, str] = MappingProxyType({"imperialists": "imperialist", "eugenics_cult": "cult"})


def tag(key: str) -> Tag:
    """The tag for a key (or a seed spelling of one); NotFoundError otherwise."""
    found = TAGS.get(TAG_ALIASES.get(key, key))
    if found is None:
        raise NotFoundError(f"no faction tag {key!r}")
    return found
