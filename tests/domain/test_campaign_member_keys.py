"""Issue 31, P6: `Campaign.member_keys(kind)` is `member_ids(kind)` as text, each as `str` prints a UUID, in the
campaign's order, whatever form a key was enrolled in."""

from __future__ import annotations

import random
import uuid
from uuid import UUID

import pytest

from domain.campaign import Campaign


def test_the_keys_are_the_ids_as_text_in_order() -> None:
    rng = random.Random(31)
    campaign = Campaign.start("keys", ["factionturn"])
    campaign.members.clear()
    for _ in range(300):
        made = (
            UUID(int=rng.getrandbits(128)) if rng.random() < 0.5 else uuid.uuid5(uuid.NAMESPACE_URL, str(rng.random()))
        )
        text = str(made)
        form = rng.randrange(4)
        key = (
            text
            if form == 0
            else text.upper()
            if form == 1
            else "{" + text + "}"
            if form == 2
            else text.replace("-", "")
        )
        campaign.members[key] = rng.choice(("faction", "house", "region"))
    for kind in ("faction", "house", "region", "nothing"):
        assert campaign.member_keys(kind) == [str(i) for i in campaign.member_ids(kind)]
    assert any(k != str(UUID(k)) for k in campaign.members) and any(k == str(UUID(k)) for k in campaign.members)


def test_a_key_that_is_no_id_is_refused_alike() -> None:
    campaign = Campaign.start("keys", ["factionturn"])
    campaign.members.clear()
    campaign.members[str(uuid.uuid4()) + "0"] = "faction"  # an id's text and more
    with pytest.raises(ValueError):
        campaign.member_ids("faction")
    with pytest.raises(ValueError):
        campaign.member_keys("faction")
