"""The part of a campaign one faction's orders are checked against, loaded alone (issue 16, item 3).

Submitting orders loads the faction, the regions it stands in and the regions and factions its orders name
(`order_scope`), those regions' governors, and the rivals with assets there; never every member, and each kind in
one read (`load_many`). The rivals present are found in the state read model, which every command waits for, and
then loaded from the events.
A rival that arrived in a command the read model has not reached is missed here; the order is checked again
when its turn comes (docs/rules-notes/factionturn-play.md, Orders that became impossible).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from uuid import UUID

from domain.campaign import Campaign
from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.factionturn.face import CustomAction, Faction, FactionOrders, World, order_scope
from domain.gm import CustomActionDef
from domain.region import Region
from service.persistence.app import IntrigueStore

# The factions of a campaign with an asset in any of these regions; None when that cannot be told.
FactionsIn = Callable[[UUID, list[str]], "list[UUID] | None"]


def order_world(
    store: IntrigueStore, campaign: Campaign, faction: Faction, orders: FactionOrders, factions_in: FactionsIn | None
) -> World:
    scope = order_scope(faction, orders)
    # Each kind in one read (`load_many`), not a round trip per member.
    regions = store.load_many([UUID(i) for i in _members(campaign, "region", scope.region_ids | scope.either)], Region)
    wanted = scope.faction_ids | scope.either | {r.governing_faction_id or "" for r in regions}
    wanted |= _present(store, campaign, [str(r.id) for r in regions], factions_in)
    others = store.load_many([UUID(i) for i in _members(campaign, "faction", wanted - {str(faction.id)})], Faction)
    return World([faction, *others], regions, phase=campaign.phase, custom_types=campaign.custom_asset_rows())


def _members(campaign: Campaign, kind: str, ids: Iterable[str]) -> list[str]:
    """The ids that are members of that kind, in the order they joined; others name nothing (the check says so)."""
    wanted = set(ids)
    return [i for i in campaign.member_keys(kind) if i in wanted]


def _present(
    store: IntrigueStore, campaign: Campaign, region_ids: list[str], factions_in: FactionsIn | None
) -> set[str]:
    found = factions_in(campaign.id, region_ids) if factions_in is not None and region_ids else None
    if found is not None:
        return {str(i) for i in found}
    if not region_ids:
        return set()
    # No read model to ask: every faction is loaded, as before.
    return {str(f.id) for f in store.members(campaign, Faction) if any(f.assets_in(r) for r in region_ids)}


def check_definition(campaign: Campaign, orders: FactionOrders) -> None:
    """A custom action's effects are the GM's to define (docs/rules-notes/gm.md): orders may carry a definition
    only as the campaign holds it (the GM's `orderCustomAction` stored it so), never one of their own."""
    action = orders.action
    if not isinstance(action, CustomAction) or not action.definition:
        return
    given = {k: v for k, v in action.definition.items() if k not in ("seat", "reason")}
    try:  # read as the domain reads it: a definition sent without a later field (influence_spending) has its default
        same = CustomActionDef.from_dict(given) == campaign.custom_action(str(given.get("key", "")))
    except (NotFoundError, InvalidInputError, RuleViolationError):
        same = False
    if not same:
        raise InvalidInputError(
            "orders.action.definition: it is not one of this campaign's custom actions, as "
            "the GM defined it; the GM orders a custom action for a faction"
        )
    for key in ("seat", "reason"):
        if not isinstance(action.definition.get(key, ""), str):
            raise InvalidInputError(f"orders.action.definition.{key} must be text")
