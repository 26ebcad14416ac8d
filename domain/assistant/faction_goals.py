"""A faction's goal as the assistant plays it (issue 19): which goal to take up, and when to give one up.

Seed 002, Faction Goals: "If a faction has no goal, they may pick one" (and, once one is attained, "select a
new one at the beginning of their next turn"); "If the faction wants to change its goal, they may, though they
gain no FacGolds this turn from income & can take no actions." A goal the rules give the faction no way to
progress is given up at that price; a rival its strikes can finish is a goal worth taking up.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.assistant.drafts import Choice
from domain.assistant.faction_guard import best_defender
from domain.assistant.faction_moves import out_of_reach
from domain.assistant.faction_scores import DESTROYS
from domain.enums import Temperament
from domain.errors import DomainError
from domain.factionturn.aggregate.orders import FactionOrders, GoalChoice, Strike, UseAssetAbility
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.forms.order_checks import check_orders
from domain.factionturn.forms.preview import Option
from domain.factionturn.rules.goal_tracking import scores
from domain.factionturn.rules.rows import type_of
from domain.factionturn.rules.world import World
from domain.factionturn.tables.goals import GOALS
from domain.odds import Unknown, attack_odds

GOALS_BY_TEMPERAMENT = {
    Temperament.AGGRESSIVE: ("blood_the_enemy", "military_conquest", "peaceable_kingdom"),
    Temperament.CAUTIOUS: ("peaceable_kingdom", "expand_influence"),
    Temperament.GREEDY: ("peaceable_kingdom", "legendary_wealth", "expand_influence"),
    Temperament.SCHEMING: ("expand_influence", "intelligence_coup", "peaceable_kingdom"),
}
FINISH_TURNS = 2  # a rival whose HP its strikes are expected to take within this many turns can be finished
GOVERNED = frozenset({"inside_enemy_territory", "legendary_wealth"})


def goal_choice(
    world: World, faction: FactionView, temperament: Temperament, chosen: list[Choice], moves: Sequence[Option]
) -> GoalChoice | None:
    """The goal to take up, or to change to; None to keep the one held (or to go without). `moves`: the moves of
    its assets by their own abilities that the preview allows (`faction_moves.move_options`)."""
    me = str(faction.id)
    if faction.goal is not None:
        key = faction.goal["key"]
        why = unreachable(world, faction, key, moves, faction.goal["target"] or "")
        new = _first_open(world, faction, temperament, moves, but=key) if why else None
        if new is None:
            return None
        chosen.append(
            Choice(
                f"{faction.name} gives up {GOALS[key].name} for {GOALS[new.goal].name}",
                (f"Goal {GOALS[key].name} is out of reach: {why}",),
                ("the turn's income and action are lost (seed 002, Faction Goals)",),
                0.0,
            )
        )
        return new
    foe = finishable_foe(world, faction)
    if foe is not None and not refused(world, me, FactionOrders(goal=GoalChoice("destroy_the_foe", str(foe.id)))):
        chosen.append(
            Choice(
                f"{faction.name} takes up the goal Destroy the Foe against {foe.name}",
                (f"{temperament.value}: {foe.name} has {foe.hp} HP left, within its strikes' reach",),
                (),
                0.0,
            )
        )
        return GoalChoice("destroy_the_foe", str(foe.id))
    found = _first_open(world, faction, temperament, moves)
    if found is not None:
        chosen.append(
            Choice(
                f"{faction.name} takes up the goal {GOALS[found.goal].name}",
                (f"{temperament.value}: {GOALS[found.goal].requirement}",),
                (),
                0.0,
            )
        )
    return found


def _first_open(
    world: World, faction: FactionView, temperament: Temperament, moves: Sequence[Option], but: str = ""
) -> GoalChoice | None:
    for key in GOALS_BY_TEMPERAMENT[temperament]:
        choice = GoalChoice(key)
        if key == but or unreachable(world, faction, key, moves):
            continue
        if not refused(world, str(faction.id), FactionOrders(goal=choice)):
            return choice
    return None


def unreachable(world: World, faction: FactionView, key: str, moves: Sequence[Option], target: str = "") -> str:
    """Why nothing the assistant drafts can progress the goal now, by the rules' own counts; "" if something can."""
    me = str(faction.id)
    if out_of_reach(world, faction, key, bool(moves)):
        return "no rival within strike, nothing to move"
    if key in GOVERNED and not any(world.governor(r) not in (None, me) for r in world.regions):
        # Inside Enemy Territory counts stealthed assets in regions "with other regional governments"; Legendary
        # Wealth what is spent on bribes (a government's price for its permission, seed 002, Buy Asset) or on a
        # custom action, which is the GM's to define, not the assistant's
        return "no region is governed by another faction"
    if key in DESTROYS and _rival_assets(world, faction, DESTROYS[key], 0) < _still_to_destroy(faction, key):
        # seed 002: "Destroy a number of <attribute> assets of rival factions equal to your faction's <score>"
        return f"rivals hold fewer {DESTROYS[key].title()} assets than it must still destroy"
    if key == "invincible_valor" and not _rival_assets(world, faction, "force", faction.force + 1):
        return f"no rival holds a Force asset of rating above {faction.force}"
    if key == "expand_influence" and not _new_ground(world, faction, moves):
        return "no region without its base where an asset of it stands or can go"
    if key == "destroy_the_foe" and (target not in world.factions or world.factions[target].destroyed):
        return "the foe is gone"
    return ""


def _new_ground(world: World, faction: FactionView, moves: Sequence[Option]) -> bool:
    """Seed 002, Expand Influence: a new base needs another asset of the faction in the region: one stands in a
    settled region without its base, or an allowed move takes one there."""
    open_ = {r for r, region in world.regions.items() if faction.base_in(r) is None and not region.wild}
    here = any(not a.is_base and a.region_id in open_ for a in faction.assets.values())
    return here or any(isinstance(m.action, UseAssetAbility) and m.action.uses[0].region_id in open_ for m in moves)


def _rival_assets(world: World, faction: FactionView, attribute: str, rating: int) -> int:
    return sum(
        1
        for f in world.factions.values()
        if f.id != faction.id and not f.wild and not f.destroyed
        for a in f.assets.values()
        if a.attribute == attribute and (row := type_of(a)) is not None and row.rating >= rating
    )


def _still_to_destroy(faction: FactionView, key: str) -> int:
    """The count the goal asks for from the faction's score, less those destroyed since it was taken up."""
    asks = GOALS[key].target
    needed = asks(scores(faction)) if asks is not None else 1
    held = faction.goal if faction.goal is not None and faction.goal["key"] == key else None
    done = held["progress"].get(f"destroyed_{DESTROYS[key]}", 0) if held is not None else 0
    return max(needed - done, 1)


def finishable_foe(world: World, faction: FactionView) -> FactionView | None:
    """The weakest rival whose own HP the faction's strikes on its undefended bases are expected to take within
    `FINISH_TURNS` turns, by the exact odds (domain/odds). Seed 002: damage to a Base of Influence is lost by the
    faction too, at most the base's HP; at 0 HP the faction is destroyed."""
    found = [
        (rival.hp, str(rival.id), rival)
        for rival in world.factions.values()
        if rival.id != faction.id
        and not rival.wild
        and not rival.destroyed
        and rival.hp <= reachable_hp(world, faction, rival, FINISH_TURNS)
    ]
    return min(found)[2] if found else None


def reachable_hp(world: World, faction: FactionView, rival: FactionView, turns: int) -> float:
    """The rival's HP the faction's usable attackers are expected to take in `turns` turns: each strikes the base
    it deals most to, among those it shares a region with where the base itself meets the strike (no other asset
    of the rival there may defend), and a base loses at most its HP."""
    me, dealt = str(faction.id), dict.fromkeys((b.id for b in rival.assets.values() if b.is_base), 0.0)
    for attacker in faction.assets.values():
        row = type_of(attacker)
        if attacker.is_base or row is None or row.attack is None or not attacker.usable_on(faction.turn + 1):
            continue
        if best_defender(rival, attacker.region_id) is not None:
            continue
        each = [
            (_expected(world, me, attacker.id, rival, base.id), base.id)
            for base in rival.assets_in(attacker.region_id)
            if base.is_base
        ]
        if each:
            damage, base_id = max(each)
            dealt[base_id] += damage
    return sum(min(turns * damage, rival.assets[b].hp) for b, damage in dealt.items())


def _expected(world: World, me: str, attacker_id: str, rival: FactionView, base_id: str) -> float:
    try:
        odds = attack_odds(world, me, Strike(attacker_id, str(rival.id), base_id))
    except DomainError:
        return 0.0
    if isinstance(odds.expected_damage, Unknown) or odds.defender_id != base_id:
        return 0.0
    return float(odds.expected_damage)


def refused(world: World, faction_id: str, orders: FactionOrders) -> bool:
    try:
        check_orders(world, faction_id, orders)
    except DomainError:
        return True
    return False
