"""Drafting a faction's orders (issue 19): the preview's allowed actions weighed, the best taken, the whole
checked by `check_orders`, the very check a submission passes (seed 002, Faction Actions).

One action a turn, "in as many regions as it desires" (seed 002, The Faction Phase): a chosen Attack carries
every worthwhile strike, one per attacking asset. A faction without a goal picks one (seed 002, Faction
Goals); XP enough raises a rating first (seed 002, Raising Stats). Where it keeps a Base of Influence, it names
the asset that defends (seed 002, Attack Procedure: the defender chooses; `faction_guard`). Whatever is refused
is left out, so the draft always passes; randomness is only the tie-breaking die handed in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from domain.assistant.candidates import candidates
from domain.assistant.drafts import Choice, Dice, FactionDraft, best, tie_breaks
from domain.assistant.faction_goals import goal_choice as goal_choice_of
from domain.assistant.faction_goals import refused
from domain.assistant.faction_guard import defences, threats
from domain.assistant.faction_moves import bigger_bases, move_options, score_move
from domain.assistant.faction_scores import is_strike, score_option
from domain.assistant.temperaments import WEIGHTS
from domain.enums import Temperament
from domain.factionturn.aggregate.effects import GoalChosen
from domain.factionturn.aggregate.orders import Action, Attack, FactionOrders, GoalChoice, Strike, UseAssetAbility
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.forms.preview import Option
from domain.factionturn.rules.world import Change, World

RAISES = {Temperament.AGGRESSIVE: "force", Temperament.SCHEMING: "cunning", Temperament.GREEDY: "wealth"}


def draft_faction(world: World, faction_id: str, temperament: Temperament, dice: Dice) -> FactionDraft:
    """The faction's drafted orders for the open phase, each choice with its reasons and odds."""
    faction = world.faction(faction_id)
    chosen: list[Choice] = []
    moves = move_options(world, faction)
    goal_choice = goal_choice_of(world, faction, temperament, chosen, moves)
    raises = _raise(world, faction, temperament, goal_choice, chosen)
    guards = defences(world, faction)
    if goal_choice is not None and faction.goal is not None:  # seed 002: a goal changed, no action this turn
        orders = _passing(
            world, faction_id, FactionOrders(goal=goal_choice, raise_ratings=raises, defences=guards), chosen
        )
        return FactionDraft(faction_id, temperament.value, orders, tuple(chosen))
    weights = WEIGHTS[temperament]
    funds, options = candidates(world, faction_id)
    options += moves + bigger_bases(world, faction, funds)
    seen, me = _as_pursuing(world, faction_id, goal_choice)
    exposed = threats(seen, me)
    weighed = [(o.action, _score(seen, me, o, weights, temperament.value, exposed)) for o in options]
    scored = [(a, c) for a, c in weighed if c is not None]
    jitter = tie_breaks(dice, len(scored))
    strikes = _strikes(world, faction, [(a, c) for a, c in scored if is_strike(a)])
    ranked = [(c.score + j, i) for i, ((a, c), j) in enumerate(zip(scored, jitter, strict=True)) if not is_strike(a)]
    if strikes is not None:
        ranked.append((strikes[1].score + max(jitter, default=0.0), len(scored)))
    pick = best(ranked)
    action: Action | None = None
    if pick is not None:
        action, choice = strikes if pick == len(scored) and strikes is not None else scored[pick]
        chosen.append(choice)
    passed = tuple(sorted((c for a, c in scored if a != action and not is_strike(a)), key=lambda c: -c.score)[:3])
    orders = _passing(
        world, faction_id, FactionOrders(action=action, goal=goal_choice, raise_ratings=raises, defences=guards), chosen
    )
    return FactionDraft(faction_id, temperament.value, orders, tuple(chosen), passed)


def _strikes(world: World, faction: FactionView, scored: list[tuple[Action, Choice]]) -> tuple[Action, Choice] | None:
    """Every worthwhile strike, each attacker against the target it scores best on, as one Attack."""
    by_attacker: dict[str, tuple[Strike, Choice]] = {}
    for action, choice in scored:
        assert isinstance(action, Attack)
        strike = action.strikes[0]
        held = by_attacker.get(strike.attacker_id)
        if choice.score > 0 and (held is None or choice.score > held[1].score):
            by_attacker[strike.attacker_id] = (strike, choice)
    if not by_attacker:
        return None
    picked = sorted(by_attacker.values(), key=lambda sc: -sc[1].score)
    attack = Attack(tuple(s for s, _ in picked))
    if refused(world, str(faction.id), FactionOrders(action=attack)):
        attack = Attack((picked[0][0],))
        picked = picked[:1]
    head = picked[0][1]
    if len(picked) == 1:
        return attack, head
    lines = tuple(c.line() for _, c in picked[1:])
    return attack, Choice(head.summary, head.reasons, (*head.odds, *lines), sum(c.score for _, c in picked))


def _as_pursuing(world: World, faction_id: str, choice: GoalChoice | None) -> tuple[World, FactionView]:
    """The world to weigh choices in: with a goal just taken up, the faction as it will pursue it this turn
    (seed 002: a faction without a goal picks one and acts), on a copy; the checks still judge the real one."""
    if choice is None:
        return world, world.faction(faction_id)
    seen, me = world.with_copy_of(faction_id)
    seen.apply(Change(faction_id, GoalChosen(choice.goal, choice.target or None, {}, None)))
    return seen, me


def _score(
    world: World,
    faction: FactionView,
    option: Option,
    weights: Mapping[str, float],
    temperament: str,
    exposed: Mapping[str, float],
) -> Choice | None:
    action = option.action
    if (
        isinstance(action, UseAssetAbility)
        and action.uses[0].region_id != faction.asset(action.uses[0].asset_id).region_id
    ):
        return score_move(world, faction, option, weights)
    return score_option(world, faction, option, weights, temperament, exposed)


def _raise(
    world: World, faction: FactionView, temperament: Temperament, goal_choice: GoalChoice | None, chosen: list[Choice]
) -> tuple[str, ...]:
    """Seed 002, Raising Stats: XP spent on the rating its temperament favours (the lowest, for the cautious)."""
    lowest = min(("force", "cunning", "wealth"), key=faction.rating)
    attribute = RAISES.get(temperament, lowest)
    if refused(world, str(faction.id), FactionOrders(goal=goal_choice, raise_ratings=(attribute,))):
        return ()
    chosen.append(
        Choice(
            f"{faction.name} raises its {attribute.title()} to {faction.rating(attribute) + 1}",
            (f"{temperament.value}: XP to spend",),
            (),
            0.0,
        )
    )
    return (attribute,)


def _passing(world: World, faction_id: str, orders: FactionOrders, chosen: list[Choice]) -> FactionOrders:
    """The draft as the submission check accepts it: parts it refuses are dropped, the action first."""
    guards = orders.defences
    tries = [
        orders,
        FactionOrders(goal=orders.goal, raise_ratings=orders.raise_ratings, defences=guards),
        FactionOrders(goal=orders.goal, defences=guards),
        FactionOrders(goal=orders.goal),
        FactionOrders(),
    ]
    for attempt in tries:
        if not refused(world, faction_id, attempt):
            if attempt.action is None and orders.action is not None and chosen:
                chosen.pop()
            return attempt
    return FactionOrders()


def strikes_of(choices: Iterable[Choice]) -> int:
    return sum(1 for c in choices if " attacks " in c.summary)
