"""The classes of seat a campaign's standings are precomputed for (projections/standings.py, issue 31 item 2).

The answer to a list of a campaign's factions is one of: the GM's (every row whole); the public one (each row as
a seat that is not its owner reads it: an observer, a request with no seat, a seat of a house or of another
campaign); and each member's own seat's, which differs from the public answer in that member's row alone. That
holds for a read model whose rows a non-owner reads alike whoever asks (`SPLICED`); a region's troops are read
per house (read_models.py `_own_troops`), so areas are not precomputed.
"""

from __future__ import annotations

from enum import Enum
from functools import lru_cache
from typing import Final
from uuid import UUID

from domain.seats import Role, Seat, gm_seat_id
from service.usecases.visibility.read_models import FACTION, ReadModel, sees_everything

SPLICED: Final = frozenset({FACTION.kind})  # whose rows every seat but the owner's and the GM's reads alike


class Reader(Enum):
    GM = "gm"
    PUBLIC = "public"
    OWN = "own"  # the public answer with the seat's own member's row as it reads it


def reader_of(seat: Seat | None, campaign_id: UUID) -> tuple[Reader, tuple[UUID, ...]]:
    """Which precomputed answer a seat reads, with the members it may own (a row of none of them: the public)."""
    if sees_everything(seat, campaign_id):
        return Reader.GM, ()
    owned = tuple(i for i in (seat.faction_id, seat.house_id) if i is not None) if seat is not None else ()
    return (Reader.OWN, owned) if owned else (Reader.PUBLIC, ())


def seats_of(model: ReadModel, campaign_id: UUID, member_id: UUID) -> dict[Reader, Seat | None]:
    """A seat of each class, to read one member's row through the views as that class does."""
    if model.kind not in SPLICED:
        raise ValueError(f"a {model.kind}'s rows are read per seat: not precomputed by class")
    own = Seat(
        _NO_ID,
        campaign_id,
        Role.PLAYER,
        "own seat",
        **{"faction_id" if model is FACTION else "house_id": member_id},
    )
    return {Reader.GM: _gm_seat(campaign_id), Reader.PUBLIC: None, Reader.OWN: own}


_NO_ID: Final = UUID(int=0)


@lru_cache(maxsize=64)
def _gm_seat(campaign_id: UUID) -> Seat:
    """The campaign's GM seat, made once (a `Seat` is frozen): its id is a `uuid5`, which every faction the standings
    compose asked again (issue 31, P6, session 24)."""
    return Seat(gm_seat_id(campaign_id), campaign_id, Role.GM, "GM")
