"""Mergers (seed 002, Mergers; domain/factionturn/rules/merger.py rolls them): consents, the checks, the partner's
assets as the merged faction's, the merged and the dissolved faction. The bodies of the `Faction` events;
faction.py declares the events, and `Faction.absorb`, which takes the merger's `MergerResult`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.errors import InvalidInputError, RuleViolationError
from domain.factionturn.aggregate.effects import Rolls
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.reading import FactionReading
from domain.gm import check_intervention

RULE_MERGERS = "seed 002, Mergers"  # as merger.py names it; the aggregate does not import a rule module back


class Merging(FactionReading):
    """A faction's side of a merger (the events of `Faction`)."""

    # Methods, not properties: a property would enter every faction's projected state, and the states recorded
    # before mergers existed (tests/data) must replay unchanged.
    def merger_consents(self) -> dict[str, str]:
        """Partner faction id -> the seat that recorded this faction's consent to merge with it."""
        return dict(self.__dict__.get("_merger_consents", {}))

    def merged_into(self) -> str | None:
        """The faction this one was dissolved into by a merger, if it was."""
        found = self.__dict__.get("_merged_into")
        return str(found) if found else None

    def consent_to_merger(self, partner_id: str, consent: bool, seat: str) -> None:
        """Record (or, with `consent` False, withdraw) this faction's consent to merge with `partner_id`."""
        self.check_can_merge()
        if partner_id == str(self.id):
            raise InvalidInputError("a faction merges with another faction, not itself")
        if consent == (partner_id in self.merger_consents()):
            said = "has already consented" if consent else "has not consented"
            raise RuleViolationError(f"{self.name} {said} to merge with {partner_id}", RULE_MERGERS)
        if not seat.strip():
            raise InvalidInputError("a consent names the seat that gives it")
        self._merger_consented(partner_id, consent, seat)

    def _merger_consented(self, partner_id: str, consented: bool, seat: str) -> None:
        consents = self.merger_consents()
        if consented:
            consents[partner_id] = seat
        else:
            consents.pop(partner_id, None)
        self.__dict__["_merger_consents"] = consents

    def check_can_merge(self) -> None:
        if self.wild:
            raise RuleViolationError("The Wild does not merge", RULE_MERGERS)
        if self.destroyed:
            raise RuleViolationError(f"{self.name} has been destroyed", RULE_MERGERS)

    def check_merger_with(self, partner: Merging) -> None:
        """Seed 002: "Sometimes factions may merge": two factions, each having consented to merge with the other."""
        if partner.id == self.id:
            raise RuleViolationError("a faction merges with another faction, not itself", RULE_MERGERS)
        for faction, other in ((self, partner), (partner, self)):
            faction.check_can_merge()
            if str(other.id) not in faction.merger_consents():
                raise RuleViolationError(f"{faction.name} has not consented to merge with {other.name}", RULE_MERGERS)

    def _acquisitions(self, partner: Merging, kept: set[str], top: int) -> list[dict[str, Any]]:
        """The partner's kept assets as this faction's: new ids in its series, usable from its next turn, free of
        threats and attachments (as a transfer); a base where this faction has one adds its HP to it, at most
        the merged faction's maximum HP (seed 002, Expand Influence)."""
        acquired: list[dict[str, Any]] = []
        for asset in (a for a in partner.assets.values() if a.id in kept):
            base = self.base_in(asset.region_id) if asset.is_base else None
            if base is not None:
                grown = min(top, base.max_hp + asset.max_hp)
                acquired.append(replace(base, max_hp=grown, hp=min(grown, base.hp + asset.hp)).to_dict())
                continue
            new_id = self.next_asset_id(ahead=sum(1 for a in acquired if a["id"] not in self.assets))
            acquired.append(
                replace(
                    asset, id=new_id, usable_from=self.turn + 1, attached_to="", ability_blocked_by="", threatened=False
                ).to_dict()
            )
        return acquired

    def _merged(
        self,
        partner_id: str,
        partner_name: str,
        merger_score: int,
        rolls: Rolls,
        ratings: dict[str, int],
        hp: int,
        facgold: int,
        xp: int,
        tags: list[str],
        sold: list[dict[str, Any]],
        acquired: list[dict[str, Any]],
        seat: str,
        reason: str,
    ) -> None:
        for name, rating in ratings.items():
            setattr(self, name, rating)
        for fate in sold:
            if fate["side"] == "a":
                self.assets.pop(fate["asset_id"], None)
        for asset in acquired:
            self._add(OwnedAsset.from_dict(asset))
        self.hp, self.facgold, self.xp, self.tags = hp, facgold, xp, list(tags)
        self.goal = None  # seed 002: "Pick a new goal for the faction."
        self.__dict__["_merger_consents"] = {}

    def dissolve_into(self, survivor: Merging, seat: str, reason: str) -> None:
        """This faction is gone into `survivor`: its assets were kept by it or sold."""
        self._dissolved(str(survivor.id), survivor.name, sorted(self.assets), seat, check_intervention(seat, reason))

    def _dissolved(self, into_id: str, into_name: str, asset_ids: list[str], seat: str, reason: str) -> None:
        self.assets = {}
        self.hp, self.facgold, self.destroyed = 0, 0, True
        self.order = self.multi_turn = None
        self.__dict__["_merger_consents"] = {}
        self.__dict__["_merged_into"] = into_id
