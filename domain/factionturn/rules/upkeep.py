"""Income and maintenance (seed 002, Procedure for each faction turn; Assets)."""

from __future__ import annotations

from domain.factionturn.aggregate.asset_effects import AssetMarked
from domain.factionturn.aggregate.effects import FacGoldGained, FacGoldSpent, MaintenancePaid
from domain.factionturn.aggregate.holdings import ATTRIBUTES, OwnedAsset, income_for
from domain.factionturn.rules.rows import holds, type_of
from domain.factionturn.rules.world import Session
from domain.factionturn.tables.passives import Passive

RULE_INCOME = "seed 002, Procedure for each faction turn (income)"
RULE_UPKEEP = "seed 002, Procedure for each faction turn (maintenance)"


def collect_income(session: Session) -> None:
    """ceil(Wealth / 2) + floor((Force + Cunning) / 4), plus 1 per Political Puppets."""
    me = session.actor
    base = income_for(me.force, me.cunning, me.wealth)
    puppets = len(holds(me, Passive.POLITICAL_PUPPETS))
    reason = f"income: ceil({me.wealth}/2) + floor(({me.force}+{me.cunning})/4) = {base}" + (
        f", Political Puppets +{puppets}" if puppets else ""
    )
    session.record(me, FacGoldGained(amount=base + puppets, reason=reason))


def dues(assets: list[OwnedAsset], ratings: dict[str, int]) -> list[tuple[OwnedAsset, int]]:
    """What each asset owes this turn: its table maintenance, +1 when it is beyond the attribute's limit
    (the newest assets of an attribute are the ones over the limit)."""
    owed = []
    counts = dict.fromkeys(ATTRIBUTES, 0)
    for asset in assets:
        row = type_of(asset)
        if row is None:
            continue
        extra = 0
        if asset.attribute in counts:
            counts[asset.attribute] += 1
            extra = 1 if counts[asset.attribute] > ratings[asset.attribute] else 0
        owed.append((asset, row.maintenance + extra))
    return owed


def pay_maintenance(session: Session) -> None:
    """Pay what can be paid, in the order assets were acquired; unpaid assets are threatened, then lost."""
    me = session.actor
    funds, paid = me.facgold, 0
    threatened, lost, restored = [], [], []
    for asset, amount in dues(list(me.assets.values()), {a: me.rating(a) for a in ATTRIBUTES}):
        if amount <= funds:
            funds, paid = funds - amount, paid + amount
            if asset.threatened:
                restored.append(asset.id)
        elif asset.threatened:
            lost.append(asset.id)
        else:
            threatened.append(asset.id)
    if paid or threatened or lost or restored:
        session.record(me, MaintenancePaid(paid=paid, threatened=threatened, lost=lost, restored=restored))


def redeem_disabled(session: Session) -> None:
    """Seed 002, Confidence Men: a disabled asset works again once half its purchase cost is paid."""
    me = session.actor
    for asset in [a for a in me.assets.values() if a.disabled]:
        row = type_of(asset)
        due = (row.cost or 0) // 2 if row else 0
        if due <= me.facgold:
            session.record(me, FacGoldSpent(amount=due, reason=f"redeeming {asset.name} (seed 002, Confidence Men)"))
            session.record(me, AssetMarked(asset_id=asset.id, changes={"disabled": False}, reason="price paid"))
