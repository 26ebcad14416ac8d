"""The FacGold a faction will hold when its action comes, for checking its orders at submission.

Seed 002, Procedure for each faction turn: "Gain FacGolds according to this income formula … Maintenance costs
must be paid … Then, the faction can choose 1 faction action." Income, maintenance and the redemption of
disabled assets depend only on the faction's own ratings and assets, so they are applied here as the turn will
apply them (docs/rules-notes/factionturn-play.md, Orders checked as the faction will stand at its action).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.dice import RaisingDice
from domain.errors import RuleViolationError
from domain.factionturn.aggregate.reading import CannotPayError
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules import upkeep
from domain.factionturn.rules.world import Session, World


@dataclass(frozen=True)
class Funds:
    """The figures behind a faction's FacGold at its action."""

    name: str
    now: int
    income: int
    maintenance: int
    redeemed: int
    changing_goal: bool

    @property
    def at_action(self) -> int:
        return self.now + self.income - self.maintenance - self.redeemed

    def figures(self) -> str:
        income = "0 income (the goal changes)" if self.changing_goal else f"{self.income} income"
        redeemed = f" − {self.redeemed} redeeming disabled assets" if self.redeemed else ""
        return f"{self.now} now + {income} − {self.maintenance} maintenance{redeemed}"

    def refusal(self, short: CannotPayError) -> RuleViolationError:
        """The refusal of a cost, naming the figures the FacGold at the action was reckoned from."""
        return RuleViolationError(
            f"{self.name} will have {self.at_action} FacGold when its action comes "
            f"({self.figures()}) and {short.what} costs {short.amount}",
            short.rule,
        )


def bring_to_action(world: World, faction: FactionView, changing_goal: bool) -> Funds:
    """Gain the turn's income (none when the goal changes), pay maintenance and redeem disabled assets, on
    `faction`, a working copy in `world`. None of these rolls a die."""
    session = Session(world, RaisingDice(), str(faction.id))
    now = faction.facgold
    if not changing_goal:
        upkeep.collect_income(session)
    income = faction.facgold - now
    upkeep.pay_maintenance(session)
    maintenance = now + income - faction.facgold
    upkeep.redeem_disabled(session)
    redeemed = now + income - maintenance - faction.facgold
    return Funds(faction.name, now, income, maintenance, redeemed, changing_goal)


def afford(funds: Funds, check: Callable[..., Any], *args: Any) -> None:
    """Run a check; a cost it refuses is refused with the figures of `funds`."""
    try:
        check(*args)
    except CannotPayError as short:
        raise funds.refusal(short) from short
