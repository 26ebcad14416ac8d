"""What a faction's methods read of it: its ratings, its assets by id and region, the next asset id, whether it can
pay. The base of the Faction's parts (faction.py); the state is `Faction.__init__`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from uuid import UUID, uuid5

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.holdings import ATTRIBUTES, OwnedAsset, max_hp_for


class CannotPayError(RuleViolationError):
    """A cost above the FacGold the faction holds: what it is for, and how much."""

    def __init__(self, faction: str, facgold: int, what: str, amount: int) -> None:
        super().__init__(f"{faction} has {facgold} FacGold and {what} costs {amount}", "seed 002, Faction Actions")
        self.what, self.amount = what, amount


class FactionReading:
    """Reading what a faction is and owns."""

    if TYPE_CHECKING:  # declared for type checking only: a class annotation would make eventsourcing add fields

        @property
        def id(self) -> UUID: ...

        name: str
        force: int
        cunning: int
        wealth: int
        hp: int
        facgold: int
        xp: int
        home_region_id: str
        tags: list[str]
        wild: bool
        turn: int
        phase: int
        goal: dict[str, Any] | None
        assets: dict[str, OwnedAsset]
        asset_serial: int
        purchased_this_turn: bool
        purchase_discount: int
        embargoes: dict[str, str]
        order: dict[str, Any] | None
        multi_turn: dict[str, Any] | None
        peaceful_turns: int
        destroyed: bool
        legendary_wealth_at: int | None
        narratives: list[str]

    @property
    def max_hp(self) -> int:
        return max_hp_for(self.force, self.cunning, self.wealth)

    def rating(self, attribute: str) -> int:
        if attribute not in ATTRIBUTES:
            return 0
        return int(getattr(self, attribute))

    def asset(self, asset_id: str) -> OwnedAsset:
        found = self.assets.get(asset_id)
        if found is None:
            raise RuleViolationError(f"{self.name} owns no asset {asset_id}", "seed 002, Assets")
        return found

    def assets_in(self, region_id: str) -> list[OwnedAsset]:
        return [a for a in self.assets.values() if a.region_id == region_id]

    def base_in(self, region_id: str) -> OwnedAsset | None:
        return next((a for a in self.assets_in(region_id) if a.is_base), None)

    def next_asset_id(self, ahead: int = 0) -> str:
        """Unguessable: observers see the unstealthed assets' ids, and in a plain series the gaps are the stealthed
        ones. The faction's secret, made at founding, hides the series; factions founded before it keep theirs.
        `ahead`: the id that many places further on in the series."""
        secret = str(getattr(self, "_secret", ""))
        serial = self.asset_serial + 1 + ahead
        return str(uuid5(self.id, f"asset:{secret}:{serial}" if secret else f"asset:{serial}"))

    def _add(self, asset: OwnedAsset) -> None:
        if asset.id == self.next_asset_id():
            self.asset_serial += 1
        self.assets[asset.id] = asset

    def check_can_pay(self, amount: int, what: str) -> None:
        if amount > self.facgold:
            raise CannotPayError(self.name, self.facgold, what, amount)
