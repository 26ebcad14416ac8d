"""Seats as pure rules: who is the GM, and what a seat may be bound to."""

from __future__ import annotations

from uuid import uuid4

import pytest

from domain.errors import ForbiddenError, InvalidInputError
from domain.seats import Role, Seat, check_gm, gm_seat_id, plan_seat

CAMPAIGN = uuid4()
FACTION, HOUSE = uuid4(), uuid4()
MEMBERS = {str(FACTION): "faction", str(HOUSE): "house", str(uuid4()): "region"}


def test_only_the_campaigns_own_gm_seat_passes_the_gm_check() -> None:
    check_gm(Seat(gm_seat_id(CAMPAIGN), CAMPAIGN, Role.GM, "GM"), CAMPAIGN, "open a phase")
    for seat in (None, Seat(uuid4(), CAMPAIGN, Role.PLAYER, "p", FACTION), Seat(uuid4(), uuid4(), Role.GM, "GM")):
        with pytest.raises(ForbiddenError, match="only the campaign's GM may open a phase"):
            check_gm(seat, CAMPAIGN, "open a phase")


def test_a_campaign_has_one_gm_seat_whatever_asks() -> None:
    assert gm_seat_id(CAMPAIGN) == gm_seat_id(CAMPAIGN) != gm_seat_id(uuid4())


def test_a_player_is_bound_to_one_faction_or_house_of_the_campaign() -> None:
    assert plan_seat("player", " Ana ", FACTION, None, MEMBERS) == (Role.PLAYER, "Ana")
    assert plan_seat("player", "Bo", None, HOUSE, MEMBERS) == (Role.PLAYER, "Bo")
    assert plan_seat("observer", "Cy", None, None, MEMBERS) == (Role.OBSERVER, "Cy")


@pytest.mark.parametrize(
    ("role", "faction", "house", "message"),
    [
        ("player", None, None, "exactly one faction or one house"),
        ("player", FACTION, HOUSE, "exactly one faction or one house"),
        ("player", HOUSE, None, "no faction with id"),
        ("player", None, uuid4(), "no house with id"),
        ("observer", FACTION, None, "bound to no faction or house"),
        ("gm", None, None, "one GM seat"),
        ("king", None, None, "unknown seat role"),
    ],
)
def test_a_seat_that_breaks_the_binding_rules_is_refused(
    role: str, faction: object, house: object, message: str
) -> None:
    with pytest.raises(InvalidInputError, match=message):
        plan_seat(role, "x", faction, house, MEMBERS)  # type: ignore[arg-type]
