"""Mergers on the Faction aggregate (seed 002, Mergers): consent, absorbing a partner, being dissolved."""

from __future__ import annotations

import uuid

import pytest

from domain.dice import FixedDice
from domain.errors import InvalidInputError, RuleViolationError
from domain.factionturn.aggregate.faction import Faction, MergerResult
from domain.factionturn.aggregate.holdings import ATTRIBUTES, BASE_OF_INFLUENCE, OwnedAsset
from domain.factionturn.rules.merger import merge

CAMPAIGN = uuid.uuid4()


def _pair() -> tuple[Faction, Faction]:
    ash = Faction.found(CAMPAIGN, "Ash", 4, 1, 3, "r1", facgold=2)
    birch = Faction.found(CAMPAIGN, "Birch", 2, 5, 1, "r2", facgold=3)
    birch.grant_asset(
        OwnedAsset(birch.next_asset_id(), BASE_OF_INFLUENCE, "Base of Influence", "special", "r1", 5, 5),
        "a second base",
    )
    return ash, birch


def _consented() -> tuple[Faction, Faction]:
    ash, birch = _pair()
    ash.consent_to_merger(str(birch.id), True, "seat-ash")
    birch.consent_to_merger(str(ash.id), True, "seat-gm")
    return ash, birch


def _merged(ash: Faction, birch: Faction, faces: list[int]) -> None:
    ratings = [{a: f.rating(a) for a in ATTRIBUTES} for f in (ash, birch)]
    outcome = merge(*ratings, list(ash.assets.values()), list(birch.assets.values()), 6, FixedDice(faces))
    sold = [{"asset_id": f.asset_id, "side": f.side, "facgold": f.facgold} for f in outcome.sold]
    ash.absorb(birch, MergerResult(6, outcome.ratings, outcome.roll_records(), sold), ["Imperialist"], "gm", "why")
    birch.dissolve_into(ash, "gm", "why")


def test_a_merger_needs_both_consents() -> None:
    ash, birch = _pair()
    ash.consent_to_merger(str(birch.id), True, "seat-ash")
    with pytest.raises(RuleViolationError, match="Birch has not consented"):
        ash.check_merger_with(birch)


def test_a_consent_is_given_once_and_withdrawn_once() -> None:
    ash, birch = _pair()
    ash.consent_to_merger(str(birch.id), True, "seat-ash")
    with pytest.raises(RuleViolationError, match="already consented"):
        ash.consent_to_merger(str(birch.id), True, "seat-ash")
    ash.consent_to_merger(str(birch.id), False, "seat-ash")
    assert ash.merger_consents() == {}
    with pytest.raises(RuleViolationError, match="has not consented"):
        ash.consent_to_merger(str(birch.id), False, "seat-ash")
    with pytest.raises(InvalidInputError):
        ash.consent_to_merger(str(ash.id), True, "seat-ash")


def test_a_partners_base_joins_the_base_in_its_region_and_its_home_base_becomes_a_new_one() -> None:
    ash, birch = _consented()
    ash_base = ash.base_in("r1")
    assert ash_base is not None
    _merged(ash, birch, [1, 1, 1])  # bases only: no asset die
    joined = ash.base_in("r1")
    assert joined is not None and joined.id == ash_base.id
    assert joined.max_hp == min(ash.max_hp, ash_base.max_hp + 5) and joined.hp == joined.max_hp
    second = ash.base_in("r2")
    assert second is not None and second.id not in birch.assets and second.usable_from == ash.turn + 1
    assert (ash.force, ash.cunning, ash.wealth, ash.tags, ash.goal) == (4, 5, 3, ["Imperialist"], None)
    assert ash.merger_consents() == {} and ash.facgold == 5


def test_the_dissolved_faction_is_destroyed_and_empty() -> None:
    ash, birch = _consented()
    _merged(ash, birch, [1, 1, 1])
    assert (birch.destroyed, birch.assets, birch.hp, birch.facgold) == (True, {}, 0, 0)
    assert birch.merged_into() == str(ash.id)
    with pytest.raises(RuleViolationError, match="destroyed"):
        birch.consent_to_merger(str(ash.id), True, "gm")
