"""Mergers (seed 002, Other Faction Rules): each faction's consent, then the GM's merger; part of `GMService`.

The dice are the rules' (`domain/factionturn/rules/merger.py`), every one recorded on the merged faction's `Merged`; the
readings are in docs/rules-notes/factionturn-play.md ("Mergers through the API")."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from uuid import UUID

from domain.campaign import Campaign, PhaseStatus
from domain.dice import Dice
from domain.errors import RuleViolationError
from domain.factionturn.face import ATTRIBUTES, REGIONAL_GOVERNMENT, RULE_MERGERS, Faction, MergerResult, merge
from domain.region import Region
from service.persistence.app import IntrigueStore

if TYPE_CHECKING:
    from eventsourcing.domain import Aggregate

    from service.usecases.interventions import By


@dataclass(frozen=True)
class MergeFactions:
    """`faction_id` becomes the merged faction (its name, home and id); `partner_id` is dissolved into it."""

    faction_id: UUID
    partner_id: UUID
    merger_score: int
    tags: list[str]


@dataclass(frozen=True)
class MergerDone:
    """The merged faction, the dissolved one, every roll, and which assets were sold for how much."""

    faction: Faction
    dissolved: Faction
    rolls: list[dict[str, Any]]
    sold: list[dict[str, Any]]


class MergerHand:
    """Consent (a faction's seat or the GM) and the merger itself (the GM), each in one transaction."""

    if TYPE_CHECKING:  # provided by GMService
        store: IntrigueStore
        _dice_for: Callable[[Campaign, str], Dice]

        def _campaign(self, by: By) -> Campaign: ...
        def _load(self, campaign: Campaign, member_id: UUID, kind: type[Faction]) -> Faction: ...
        def _save(
            self, *aggregates: Aggregate, unchanged: Mapping[UUID, int] | None = None, played: Sequence[Any] = ()
        ) -> None: ...

    def consent_to_merger(self, by: By, faction_id: UUID, partner_id: UUID, consent: bool = True) -> Faction:
        """Record (or withdraw) a faction's consent to merge with another faction of the campaign."""
        campaign = self._campaign(by)
        faction = self._load(campaign, faction_id, Faction)
        partner = self._load(campaign, partner_id, Faction)
        partner.check_can_merge()
        faction.consent_to_merger(str(partner.id), consent, by.seat)
        self._save(faction)
        return faction

    def merge_factions(self, by: By, command: MergeFactions) -> MergerDone:
        """Seed 002, Mergers: d10s for each rating and each asset against the merger score; the partner is gone."""
        campaign = self._campaign(by)
        if campaign.phase_status in (PhaseStatus.OPEN, PhaseStatus.RESOLVING):
            raise RuleViolationError(
                f"factions merge between phases; phase {campaign.phase} is {campaign.phase_status} (resolve it first)",
                RULE_MERGERS,
            )
        survivor = self._load(campaign, command.faction_id, Faction)
        partner = self._load(campaign, command.partner_id, Faction)
        survivor.check_merger_with(partner)
        dice = self._dice_for(campaign, f"merger:{survivor.id}:{survivor.version}:{partner.id}:{partner.version}")
        outcome = merge(
            _ratings(survivor),
            _ratings(partner),
            list(survivor.assets.values()),
            list(partner.assets.values()),
            command.merger_score,
            dice,
        )
        regions = self.store.members(campaign, Region)
        governed = [r for r in regions if r.governing_faction_id in (str(survivor.id), str(partner.id))]
        tags = [t for t in command.tags if t.strip() != REGIONAL_GOVERNMENT] + ([REGIONAL_GOVERNMENT] * bool(governed))
        sold = [{"asset_id": f.asset_id, "side": f.side, "facgold": f.facgold} for f in outcome.sold]
        survivor.absorb(
            partner,
            MergerResult(outcome.merger_score, outcome.ratings, outcome.roll_records(), sold),
            tags,
            by.seat,
            by.reason,
        )
        partner.dissolve_into(survivor, by.seat, by.reason)
        for region in (r for r in governed if r.governing_faction_id == str(partner.id)):
            region.appoint_ruler("government", str(survivor.id), by.seat, f"merger: {by.reason}")
        self._save(survivor, partner, *governed)
        owners = {"a": str(survivor.id), "b": str(partner.id)}
        return MergerDone(
            survivor,
            partner,
            outcome.roll_records(),
            [
                {"asset_id": f.asset_id, "name": f.name, "faction_id": owners[f.side], "facgold": f.facgold}
                for f in outcome.sold
            ],
        )


def _ratings(faction: Faction) -> dict[str, int]:
    return {name: faction.rating(name) for name in ATTRIBUTES}
