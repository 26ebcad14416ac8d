"""Issue 31, P6: a house's intel id is worked out once and kept; it is the uuid5 of the house's id, whether the
id is given as a UUID or as its text."""

from __future__ import annotations

import random
import uuid

from domain.gameofbones.rules.view import INTEL, intel_id, intel_key


def test_an_intel_id_is_the_uuid5_of_its_house_id_however_asked() -> None:
    rng = random.Random(31)
    for _ in range(300):
        house = uuid.UUID(int=rng.getrandbits(128))
        expected = uuid.uuid5(INTEL, str(house))
        assert intel_id(house) == expected == intel_id(str(house)) == intel_id(house)
        assert intel_key(str(house)) == str(expected) == intel_key(str(house))
