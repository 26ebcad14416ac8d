"""Goals in play (seed 002, Faction Goals): choosing, abandoning, and checking progress at turn end."""

from __future__ import annotations

from domain.errors import NotFoundError, RuleViolationError
from domain.factionturn.aggregate.effects import GoalAchieved, GoalChosen, GoalProgressed
from domain.factionturn.aggregate.orders import GoalChoice
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules.world import Session, World
from domain.factionturn.tables.goals import GoalContext, Scores, goal

RULE = "seed 002, Faction Goals"


def scores(faction: FactionView) -> Scores:
    return Scores(faction.force, faction.cunning, faction.wealth)


def hidden_in_enemy_lands(world: World, faction: FactionView) -> list[str]:
    """Stealthed assets in regions whose government is another faction (Inside Enemy Territory)."""
    return [
        a.id
        for a in faction.assets.values()
        if a.stealthed and world.governor(a.region_id) not in (None, str(faction.id))
    ]


def adoption_baseline(world: World, faction: FactionView, key: str) -> dict[str, int]:
    """Inside Enemy Territory: "Units that are already stealthed on regions when this goal is adopted don't
    count"; the goals that count nothing at adoption start from nothing."""
    return dict.fromkeys(hidden_in_enemy_lands(world, faction), 1) if key == "inside_enemy_territory" else {}


def choose(session: Session, choice: GoalChoice | None) -> bool:
    """Adopt or change the goal. Returns True when an old goal was abandoned (no income, no action)."""
    me = session.actor
    if choice is None:
        return False
    try:
        key = goal(choice.goal).key
    except NotFoundError as missing:
        session.failures.append(missing.message)
        return False
    if me.goal is not None and me.goal["key"] == key and (me.goal["target"] or "") == choice.target:
        return False
    try:
        check_selectable(me, key)
    except RuleViolationError as refused:
        session.failures.append(refused.message)
        return False
    abandoned = me.goal["key"] if me.goal is not None else None
    session.record(
        me,
        GoalChosen(
            goal=key,
            target=choice.target or None,
            baseline=adoption_baseline(session.world, me, key),
            abandoned=abandoned,
        ),
    )
    return abandoned is not None


def check_selectable(faction: FactionView, key: str) -> None:
    """Seed 002, Legendary Wealth: "The faction's Wealth score must increase before this goal can be selected
    again." The Wealth at which it was last won is `Faction.legendary_wealth_at` (None: never won)."""
    won_at = faction.legendary_wealth_at
    if key == "legendary_wealth" and isinstance(won_at, int) and faction.wealth <= won_at:
        raise RuleViolationError(
            f"{faction.name} won Legendary Wealth at Wealth {won_at}; its Wealth must rise before it is chosen again",
            "seed 002, Faction Goals (Legendary Wealth)",
        )


def difficulty_reached(world: World, faction: FactionView) -> int | None:
    """The goal's difficulty if it is accomplished now, else None."""
    if faction.goal is None:
        return None
    key, progress, own = faction.goal["key"], faction.goal["progress"], scores(faction)
    done = goal(key)
    needed = done.target(own) if done.target else 1
    count = {
        "military_conquest": progress.get("destroyed_force", 0),
        "commercial_expansion": progress.get("destroyed_wealth", 0),
        "intelligence_coup": progress.get("destroyed_cunning", 0),
        "regional_seizure": progress.get("regions_seized", 0),
        "expand_influence": progress.get("bases_planted", 0),
        "blood_the_enemy": progress.get("damage_dealt", 0),
        "peaceable_kingdom": progress.get("quiet_turns", 0),
        "invincible_valor": progress.get("destroyed_stronger_force", 0),
        "legendary_wealth": progress.get("wealth_spent", 0),
        "inside_enemy_territory": len(set(hidden_in_enemy_lands(world, faction)) - set(faction.goal["baseline"])),
        "destroy_the_foe": _foe_destroyed(world, faction),
    }[done.key]
    needed = 1 if done.key == "invincible_valor" else needed
    if count < needed:
        return None
    return done.difficulty(_context(world, faction, count))


def _foe_destroyed(world: World, faction: FactionView) -> int:
    assert faction.goal is not None
    target = faction.goal["target"]
    return 1 if target in world.factions and world.factions[target].destroyed else 0


def _context(world: World, faction: FactionView, count: int) -> GoalContext:
    assert faction.goal is not None
    progress, target = faction.goal["progress"], faction.goal["target"]
    opponent = None
    if faction.goal["key"] == "destroy_the_foe" and target in world.factions:
        opponent = scores(world.factions[target])
    ruler_total = progress.get("seized_ruler_total", 0)
    if faction.goal["key"] == "regional_seizure" and ruler_total:
        opponent = Scores(ruler_total, 0, 0)  # only the total of the ruler's three scores matters
    return GoalContext(scores(faction), count, opponent, progress.get("bases_contested", 0) > 0)


def close_turn(session: Session, attacked: bool) -> None:
    me = session.actor
    if me.goal is not None and me.goal["key"] == "peaceable_kingdom":
        quiet = me.goal["progress"].get("quiet_turns", 0)
        session.record(me, GoalProgressed(counter="quiet_turns", amount=-quiet if attacked else 1, reason=RULE))
    xp = difficulty_reached(session.world, me)
    if xp is not None and me.goal is not None:
        session.record(me, GoalAchieved(str(me.goal["key"]), xp))
        session.notes.append(f"{me.name} accomplishes its goal and gains {xp} XP")


def raise_ratings(session: Session, attributes: tuple[str, ...]) -> None:
    for attribute in attributes:
        try:
            session.record(session.actor, session.actor.rating_raise(attribute=attribute))
        except RuleViolationError as refused:
            session.failures.append(refused.message)
