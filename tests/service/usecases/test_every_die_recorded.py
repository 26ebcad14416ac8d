"""Every die rolled while campaigns are played is in the event log: none is rolled and then forgotten
(design: dice values are recorded inside the events that used them)."""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Iterator
from typing import Any

from domain.campaign import Campaign
from domain.dice import Dice
from service.bootstrap import Intrigue, campaign_dice
from service.persistence.database import Database
from tests.service.usecases.test_factionturn_play import played
from tests.support.gameofbones_world import city, give_orders, register_five


class CountingDice:
    def __init__(self, inner: Dice, faces: list[int]) -> None:
        self.inner, self.faces = inner, faces

    def roll(self, sides: int) -> int:
        face = self.inner.roll(sides)
        self.faces.append(face)
        return face


def recorded_faces(value: Any) -> Iterator[int]:
    if isinstance(value, dict):
        if "faces" in value and "expression" in value:
            yield from value["faces"]
            return
        for item in value.values():
            yield from recorded_faces(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from recorded_faces(item)


def test_every_face_rolled_in_played_phases_of_both_rule_systems_is_in_the_log(db: Database) -> None:
    rolled: dict[uuid.UUID, list[int]] = {}

    def dice(campaign: Campaign, stream: str) -> Dice:
        return CountingDice(campaign_dice(campaign, stream), rolled.setdefault(campaign.id, []))

    intrigue = Intrigue(db, dice=dice)
    try:
        bones = intrigue.campaigns.create_campaign(city("dice"))
        register_five(intrigue, intrigue.store.load(bones.id, Campaign))
        for _ in range(4):
            intrigue.campaigns.open_phase(bones.id)
            give_orders(intrigue, bones.id)
            intrigue.campaigns.resolve_phase(bones.id)
        turn = played(intrigue, "dice", 4)
        for campaign_id in (bones.id, turn.id):
            logged = Counter(f for e in intrigue.audit.events(campaign_id) for f in recorded_faces(e.payload))
            thrown = Counter(rolled[campaign_id])
            assert sum(thrown.values()) > 30
            assert thrown - logged == Counter(), f"faces rolled but in no event: {thrown - logged}"
    finally:
        intrigue.close()
