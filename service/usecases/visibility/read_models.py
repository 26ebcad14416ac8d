"""Each read model's fields with who may read them: declared once, here, and applied to every row read for a seat.

A row of the state read model (projections/state.py) is an aggregate's public state. Each of its fields is declared
below with its decision; the views (views.py) apply them to every row a seat reads, and GraphQL's and REST's types
build from those views alone, so their fields' visibility is this declaration's (a GraphQL type says which read model
it is over: service/entrypoints/graphql/core/visibility.py `over`). **Default deny:** a field a row carries with no
decision here is the GM's alone; no player, observer or unseated request reads it.

- PUBLIC: every seat, and a request with no token.
- WHOLE: the GM and the member's own seat (the faction's or house's player); no one else.
- `filtered(...)`: public, but the other seats read only part of it (stealthed assets left out, others' troops).
- `.own_reads(...)`: what the member's own seat reads of it, where not the value whole (the GM's hand taken out).
- GM: the GM alone (as every undeclared field).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Final
from uuid import UUID

from domain.seats import Seat
from service.usecases.visibility.decisions import Decision
from service.usecases.visibility.gm_hand import own_knowledge, own_order, own_pending, own_plan


class _Hidden:
    """What a seat reads of a field it may not see: nothing (the field is left out of its view)."""


HIDDEN: Final = _Hidden()


@dataclass(frozen=True)
class Seen:
    """Who reads one field of a read model, and what."""

    decision: Decision
    others: Callable[[Any, Seat | None], Any] | None = None  # what the other seats read of a public field
    own: Callable[[Any], Any] | None = None  # what the member's own seat reads, where not the value whole
    parts: Mapping[str, Decision] = field(default_factory=dict)  # a nested field's own word, where it differs

    def own_reads(self, reader: Callable[[Any], Any]) -> Seen:
        return replace(self, own=reader)

    def with_parts(self, **parts: Decision) -> Seen:
        return replace(self, parts=parts)

    @property
    def word(self) -> Decision:
        """The decision a client reads for this field: a public field others read part of is each seat's."""
        return Decision.SEAT if self.others is not None else self.decision

    def shown(self, value: Any, seat: Seat | None, owner: bool) -> Any:
        if owner:
            return HIDDEN if self.decision is Decision.GM else (self.own(value) if self.own else value)
        if self.others is not None:
            return self.others(value, seat)
        return value if self.decision is Decision.PUBLIC else HIDDEN


PUBLIC: Final = Seen(Decision.PUBLIC)
WHOLE: Final = Seen(Decision.SEAT)
GM: Final = Seen(Decision.GM)


def filtered(others: Callable[[Any, Seat | None], Any]) -> Seen:
    return Seen(Decision.SEAT, others=others)


def sees_everything(seat: Seat | None, campaign_id: UUID) -> bool:
    return seat is not None and seat.is_gm_of(campaign_id)


def owns(seat: Seat | None, aggregate_id: UUID) -> bool:
    return seat is not None and aggregate_id in (seat.faction_id, seat.house_id)


@dataclass(frozen=True)
class ReadModel:
    """The rows of one kind of the state read model, each field with its decision."""

    kind: str
    owner_key: str | None  # the field naming the faction or house whose seat reads the row whole
    fields: Mapping[str, Seen]

    def owned_by(self, state: dict[str, Any], seat: Seat | None) -> bool:
        return self.owner_key is not None and owns(seat, UUID(str(state[self.owner_key])))

    def seen_by(self, state: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
        """The row as `seat` may read it: the GM whole; anyone else each declared field as decided, nothing else."""
        if sees_everything(seat, UUID(str(state["campaign_id"]))):
            return state
        owner = self.owned_by(state, seat)
        plain, reading = self._read_by(owner)
        seen = {k: state[k] for k in plain if k in state}
        for key, decided in reading:
            if key in state and (shown := decided.shown(state[key], seat, owner)) is not HIDDEN:
                seen[key] = shown
        return seen

    def owner_reads_as_gm(self, names: Iterable[str]) -> bool:
        """Whether the member's own seat reads each of these fields as the GM does: the value whole (not GM-only, no
        reader taking the GM's hand out). Then anything made from those fields alone is the same for both (issue 31:
        the standings' own element is the GM's, service/entrypoints/graphql/precomputed.py)."""
        return all(
            (seen := self.fields.get(n)) is not None and seen.decision is not Decision.GM and seen.own is None
            for n in names
        )

    def _read_by(self, owner: bool) -> tuple[tuple[str, ...], tuple[tuple[str, Seen], ...]]:
        """The fields its own seat (or another) reads whole, and those it reads through a reader."""
        return self._owners if owner else self._others

    @cached_property
    def _owners(self) -> tuple[tuple[str, ...], tuple[tuple[str, Seen], ...]]:
        plain = tuple(k for k, d in self.fields.items() if d.decision is not Decision.GM and d.own is None)
        return plain, tuple((k, d) for k, d in self.fields.items() if d.own is not None)

    @cached_property
    def _others(self) -> tuple[tuple[str, ...], tuple[tuple[str, Seen], ...]]:
        plain = tuple(k for k, d in self.fields.items() if d.decision is Decision.PUBLIC and d.others is None)
        return plain, tuple((k, d) for k, d in self.fields.items() if d.others is not None)


def _fields(seen: Seen, names: str) -> dict[str, Seen]:
    return dict.fromkeys(names.split(), seen)


def _unstealthed(assets: dict[str, Any], _: Seat | None) -> dict[str, Any]:
    """Seed 002, Stealth: a stealthed asset is hidden from every other faction."""
    return {i: a for i, a in assets.items() if not a.get("stealthed")}


def _own_troops(troops: dict[str, int], seat: Seat | None) -> dict[str, int]:
    """Seed 000, Troop Movements: the read model keeps troops per house but not how they arrived, so a hidden
    movement cannot be told from an open one; every house's troops show only to that house and the GM."""
    own = str(seat.house_id) if seat is not None and seat.house_id else None
    return {h: p for h, p in troops.items() if h == own}


FACTION: Final = ReadModel(
    "faction",
    "id",
    {
        **_fields(
            PUBLIC, "id campaign_id name force cunning wealth hp max_hp tags home_region_id destroyed wild narratives"
        ),
        **_fields(WHOLE, "facgold xp goal"),  # its purse, experience and plans
        "order": WHOLE.own_reads(own_order),  # pending orders are secret until they resolve
        "multi_turn": WHOLE.own_reads(own_plan),
        "version": WHOLE,  # it rises with every secret order, spend and thing learned
        "assets": filtered(_unstealthed),
    },
)

# Seed 000, Rank: players "are aware of their position in the game, as well as the position of others – at least
# within a few ranks"; so rank is public, the numbers behind it are not. Members and priests are not public: from
# their classes and levels the Gaining Power and Gaining Influence tables give the house's secret Power and part of
# its Influence.
HOUSE: Final = ReadModel(
    "house",
    "id",
    {
        **_fields(PUBLIC, "id campaign_id name leader lieutenants area_ids entered_game destroyed rank"),
        **_fields(WHOLE, "influence power granted_power gold dedicated_influence dedicated_power"),
        "knowledge": WHOLE.own_reads(own_knowledge),  # true and false plots look alike; the GM's part is the GM's
        **_fields(WHOLE, "circumstances members priests"),
        # The player's own words in its orders: read as the house's own (the orders it reads back) by the GM and it.
        "pending": WHOLE.own_reads(own_pending).with_parts(narrative=Decision.OWN),
        **_fields(WHOLE, "spies version area_damage"),  # area_damage: seed 000, Vandalism, the damage and the bill
    },
)

REGION: Final = ReadModel(
    "region",
    None,
    {
        **_fields(
            PUBLIC,
            "id campaign_id name q r arcana population tags terrain_difficulty wild governing_faction_id "
            "monthly_income controlling_house_id",
        ),
        "troops": filtered(_own_troops),
    },
)

# A house's intel stream (domain/gameofbones/aggregate/intel.py), its knowledge: the GM whole, the house's own seat
# without the GM's part, anyone else only whose it is (what others saw is in their houses' views).
INTEL: Final = ReadModel(
    "houseintel",
    "house_id",
    {
        **_fields(PUBLIC, "id campaign_id house_id version"),
        "knowledge": WHOLE.own_reads(own_knowledge),
        "sightings": WHOLE,
    },
)

READ_MODELS: Final = {model.kind: model for model in (FACTION, HOUSE, REGION, INTEL)}
