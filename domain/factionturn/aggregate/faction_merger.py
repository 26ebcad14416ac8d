"""Mergers on the Faction aggregate (seed 002, Other Faction Rules: Mergers): each faction's consent, then the
merged faction absorbing its partner, which is dissolved. The dice are `merger.merge`'s; the readings are in
docs/rules-notes/factionturn-play.md ("Mergers through the API")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from eventsourcing.domain import event

from domain.errors import InvalidInputError, RuleViolationError
from domain.factionturn.aggregate.effects import Rolls
from domain.factionturn.aggregate.faction_assets import FactionAssets
from domain.factionturn.aggregate.holdings import ATTRIBUTES, OwnedAsset, max_hp_for
from domain.gm import check_intervention

RULE_MERGERS = "seed 002, Mergers"  # as merger.py names it; the aggregate does not import a rule module back


@dataclass(frozen=True)
class MergerResult:
    """What `merger.merge` decided, as plain data: the score, each rating, every roll, and the assets sold
    (`asset_id`, `side` "a" for this faction or "b" for the partner, `facgold`)."""

    merger_score: int
    ratings: Mapping[str, int]
    rolls: Sequence[dict[str, Any]]
    sold: Sequence[Mapping[str, Any]]


class FactionMergers(FactionAssets):
    """Consent to a merger, absorb a partner, be dissolved into one. State is set up by `Faction.__init__`."""

    if TYPE_CHECKING:
        xp: int
        turn: int
        tags: list[str]
        goal: dict[str, Any] | None
        order: dict[str, Any] | None
        multi_turn: dict[str, Any] | None
        wild: bool

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

    @event("MergerConsented")
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

    def check_merger_with(self, partner: FactionMergers) -> None:
        """Seed 002: "Sometimes factions may merge": two factions, each having consented to merge with the other."""
        if partner.id == self.id:
            raise RuleViolationError("a faction merges with another faction, not itself", RULE_MERGERS)
        for faction, other in ((self, partner), (partner, self)):
            faction.check_can_merge()
            if str(other.id) not in faction.merger_consents():
                raise RuleViolationError(f"{faction.name} has not consented to merge with {other.name}", RULE_MERGERS)

    def absorb(self, partner: FactionMergers, outcome: MergerResult, tags: list[str], seat: str, reason: str) -> None:
        """Become the merged faction: the rolled ratings, this faction's kept assets where they stood, the
        partner's kept ones as this faction's (a Base of Influence joins one this faction has in its region), the
        sold ones' FacGold, both treasuries and XP, the GM's tags, and no goal until one is picked."""
        why = check_intervention(seat, reason)
        self.check_merger_with(partner)
        top = max_hp_for(*(outcome.ratings[a] for a in ATTRIBUTES))
        sold = [dict(fate) for fate in outcome.sold]
        kept = {a for a in partner.assets if not any(f["asset_id"] == a and f["side"] == "b" for f in sold)}
        acquired = self._acquisitions(partner, kept, top)
        gained = sum(int(f["facgold"]) for f in sold)
        self._merged(
            str(partner.id),
            partner.name,
            outcome.merger_score,
            list(outcome.rolls),
            dict(outcome.ratings),
            min(top, self.hp + partner.hp),
            self.facgold + partner.facgold + gained,
            self.xp + partner.xp,
            sorted({t.strip() for t in tags if t.strip()}),
            sold,
            acquired,
            seat,
            why,
        )

    def _acquisitions(self, partner: FactionMergers, kept: set[str], top: int) -> list[dict[str, Any]]:
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

    @event("Merged")
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

    def dissolve_into(self, survivor: FactionMergers, seat: str, reason: str) -> None:
        """This faction is gone into `survivor`: its assets were kept by it or sold."""
        self._dissolved(str(survivor.id), survivor.name, sorted(self.assets), seat, check_intervention(seat, reason))

    @event("DissolvedByMerger")
    def _dissolved(self, into_id: str, into_name: str, asset_ids: list[str], seat: str, reason: str) -> None:
        self.assets = {}
        self.hp, self.facgold, self.destroyed = 0, 0, True
        self.order = self.multi_turn = None
        self.__dict__["_merger_consents"] = {}
        self.__dict__["_merged_into"] = into_id
