"""Seed 000, Intelligence Gathering, Failure Result: "You discover one false action targeted against you."

The false action is a phantom order: one the named rival could legally add, at this point, to its book of the
month (its orders, those already released included, and the phantoms planted in its name before), checked by
the same `plan_order` and `check_order` a submitted order passes; the plot reads exactly as that order would.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any
from uuid import uuid5

from domain.dice import Dice, Roll
from domain.errors import DomainError
from domain.gameofbones.rules.false_plot_rolls import Roller, Variant
from domain.gameofbones.rules.order_checks import check_actor, check_order
from domain.gameofbones.rules.ordering import Order, plan_order
from domain.gameofbones.rules.scene import GM_ONLY, KNOWLEDGE, Scene
from domain.gameofbones.tables.actions import ACTIONS, ActionName
from domain.gameofbones.tables.records import WEEKS_PER_MONTH, PendingAction, absolute_week

if TYPE_CHECKING:
    from domain.gameofbones.rules.view import HouseView

A = ActionName
# The actions a true plot found by Intelligence Gathering can be: aimed at the house or at areas it controls.
PLOTTABLE = (
    A.ASSASSINATION,
    A.ASSAULT,
    A.EXTORTION,
    A.FORCE_ASSESSMENT,
    A.FRAME_UP,
    A.POISON_PILL,
    A.SMEAR_CAMPAIGN,
    A.TROOP_MOVEMENTS,
    A.VANDALISM,
    A.WREST_CONTROL,
)
MULTI_AREA = (A.EXTORTION, A.VANDALISM, A.FORCE_ASSESSMENT)  # sized by how many areas: one variant per count
PHANTOMS = "phantom_orders"  # GM-only: the orders a false plot pretends, so later ones fit with them
PROBE_POWER = 1_000  # an Assault's or a move's power: the plot never shows it, only that the order is legal


def what_if(
    scene: Scene, rival: HouseView, *extra: PendingAction, phantoms: Mapping[str, list[PendingAction]] | None = None
) -> HouseView:
    """A scratch copy of the rival (never saved, no events) whose book holds everything it has ordered this
    month: released orders count as actions but no longer hold resources; phantoms planted in its name count
    as the orders they pretend to be (`phantoms`: `phantoms_by_rival(scene)`, when the caller has it)."""
    book = dict(rival.pending)
    planted = (phantoms if phantoms is not None else phantoms_by_rival(scene)).get(str(rival.id), [])
    for p in (*scene.booked.get(str(rival.id), ()), *planted, *extra):
        if p.id not in book:
            book[p.id] = p if p.release_week >= scene.week else replace(p, dedicated_influence=0, dedicated_power=0)
    return rival.booked(book)


def phantoms_by_rival(scene: Scene) -> dict[str, list[PendingAction]]:
    """The phantom orders of this month's false plots, by the rival they are planted on, in the order the
    houses hold them (each house's known plots, then each plot's phantoms)."""
    found: dict[str, list[PendingAction]] = {}
    for house in scene.houses.values():
        for known in scene.known_plots(house):
            gm = known.get(GM_ONLY, {})
            for phantom in gm.get(PHANTOMS, []):
                if phantom["phase"] == scene.phase:
                    found.setdefault(gm.get("source_house_id"), []).append(PendingAction.from_dict(phantom))
    return found


def legal(scene: Scene, view: HouseView, order: Order) -> PendingAction | None:
    """The pending action the order would be, led by the first leader or lieutenant it can be; None if none can.
    The order is planned once: `plan_order` reads its actor only to put it in the pending action; and checked
    whole once, for the first actor able to lead it."""
    try:
        planned = plan_order(view, order, phase=scene.phase, houses=scene.houses, areas=scene.areas)
    except DomainError:
        return None
    for actor in (view.leader.name, *sorted(view.lieutenants)):
        pending = replace(planned, actor=actor)
        try:
            if pending.counts_as_action:
                check_actor(view, pending)
        except DomainError:
            continue
        try:
            check_order(view, pending)
        except DomainError:
            return None  # issue 31: only `check_actor` reads the actor, so every other actor is refused alike
        return pending
    return None


def timely_starts(scene: Scene, order: Order) -> list[int]:
    """Start weeks this month whose resolution falls in the four weeks after now."""
    row = ACTIONS[order.action]
    length = row.resolves_after_weeks or row.weeks or 0
    return [
        s
        for s in range(1, WEEKS_PER_MONTH + 1)
        if scene.week < absolute_week(scene.phase, s) + length - 1 <= scene.week + WEEKS_PER_MONTH
    ]


def fitting_starts(scene: Scene, view: HouseView, order: Order) -> tuple[int, ...]:
    """Timely start weeks for which the order is legal: all or none of them (`legal_at_some_start`)."""
    starts = timely_starts(scene, order)
    return tuple(starts) if legal_at_some_start(scene, view, order, starts) else ()


def legal_at_some_start(scene: Scene, view: HouseView, order: Order, starts: Sequence[int]) -> bool:
    """Whether the order is legal at one of `starts` (weeks 1-4 of this month). Its start week changes only its
    weeks: `plan_order` checks the week is 1-4 and `check_order` reads no week (its month, actor, action count
    and resources), so one start stands for all (issue 31: a quarter of the checks; test_false_plot_pruning.py)."""
    return bool(starts) and legal(scene, view, replace(order, start_week=starts[0])) is not None


def can_plot(scene: Scene, view: HouseView) -> bool:
    """Whether the rival has any variant at all (`variants` of some plottable action is not empty), stopping at
    the first legal order: the rivals a plotter is rolled among need only this, not every variant of each."""
    return may_lead(view, scene.phase) and any(variants(scene, view, action, first=True) for action in PLOTTABLE)


def may_lead(view: HouseView, phase: int) -> bool:
    """Whether some order could pass `check_actor`: every order planned for the month counts as its next
    action, so none can once the house has taken its rank's actions or has no active actor not already leading
    one (seed 000, Lieutenants and Ranks)."""
    orders = view.orders_in(phase)
    if len(orders) >= len(view.action_bonuses(phase)):
        return False
    leading = {o.actor for o in orders}
    return any(
        c.active and c.name not in leading for c in (view.character(n) for n in (view.leader.name, *view.lieutenants))
    )


def shapes(scene: Scene, view: HouseView, action: A) -> list[Order]:
    """Representative orders of the action aimed at the holder (or its areas), one per variant."""
    holder = scene.house
    hid, mine = scene.house_id, sorted(holder.area_ids)
    others = sorted(a for a in scene.areas if a not in mine)
    if action is A.ASSASSINATION:
        return [Order(action, "", hid, c.name) for c in holder.characters if c.active]
    if action in (A.ASSAULT, A.WREST_CONTROL):
        power = min(PROBE_POWER, view.available_power) if action is A.ASSAULT else 0
        return [Order(action, "", hid, area_ids=(a,), power=power) for a in mine]
    if action is A.TROOP_MOVEMENTS:
        return [
            Order(
                action,
                "",
                area_ids=(a,),
                to_area_id=next(o for o in sorted(scene.areas) if o != a),
                power=min(PROBE_POWER, scene.areas[a].troops.get(str(view.id), 0)),
            )
            for a in mine
            if scene.areas[a].troops.get(str(view.id), 0) > 0 and len(scene.areas) > 1
        ]
    if action is A.FORCE_ASSESSMENT:
        return (
            [
                Order(action, "", area_ids=tuple(mine[:1] + others + mine[1:])[:k])
                for k in range(1, len(scene.areas) + 1)
            ]
            if mine
            else []
        )
    if action in MULTI_AREA:
        return [Order(action, "", hid, area_ids=tuple(mine[:k])) for k in range(1, len(mine) + 1)]
    return [Order(action, "", hid)]


def variants(scene: Scene, view: HouseView, action: A, *, first: bool = False) -> list[Variant]:
    """The action's shapes that are legal at some timely start (`first`: only the first of them, if any).

    A multi-area action's shapes come one area wider each (`shapes`: each holds the one before's areas and one
    more), and a wider one is refused wherever a narrower one is: every cost of theirs grows per area (seed 000,
    "Taking Action", the action table's per-area columns; test_false_plot_pruning.py), `check_order` compares each
    with what the house has, and `plan_order`'s only checks of the areas (distinct, in the city, controlled by
    the target) refuse a superset wherever they refuse the set. So the first refused width ends the search: a
    Force Assessment of 154 areas was 152 refused checks a false plot (issue 31, P6: a sixth of a late phase's
    deciding), and the variants found are the same."""
    found = []
    for order in shapes(scene, view, action):
        starts = fitting_starts(scene, view, order)
        if starts:
            found.append(Variant(order, starts, len(order.area_ids)))
            if first:
                break
        elif action in MULTI_AREA:
            break
    return found


def phantom_plot(scene: Scene, dice: Dice) -> tuple[PendingAction, str, PendingAction | None, list[Roll]] | None:
    """Roll a phantom order: the rival, its action, target details, start week and whether it is covered up."""
    roller = Roller(scene, dice)
    rivals = sorted(hid for hid, h in scene.houses.items() if hid != scene.house_id and not h.destroyed)
    phantoms = phantoms_by_rival(scene)
    open_to = [rid for rid in rivals if can_plot(scene, what_if(scene, scene.houses[rid], phantoms=phantoms))]
    if not open_to:
        return None
    rid = roller.pick(open_to, "plotter")
    view = what_if(scene, scene.houses[rid], phantoms=phantoms)
    options = {a: vs for a in PLOTTABLE if (vs := variants(scene, view, a))}  # the rolled plotter's, in full
    action = roller.pick(list(options), "plot")
    sized = action is A.FORCE_ASSESSMENT
    variant = roller.assessment_size(options[action]) if sized else roller.pick(options[action], "target")
    order = variant.order
    if action in MULTI_AREA:
        order = replace(order, area_ids=roller.areas(order, variant.count))
    order = replace(order, start_week=roller.pick(variant.starts, "week"))
    # The rolled areas cost what the variant's did; should they not pass, the variant's own (legal at this start).
    phantom = legal(scene, view, order) or legal(scene, view, replace(variant.order, start_week=order.start_week))
    assert phantom is not None, "every start in a variant was found legal"
    phantom = replace(phantom, id=fake_id(scene, "plot"))
    cover = legal(
        scene,
        what_if(scene, scene.houses[rid], phantom, phantoms=phantoms),
        Order(A.COVER_UP, "", covered_action_id=phantom.id),
    )
    # Whether a rival who could also cover it up did: the domain cannot know how often houses do without
    # reading their secret orders, so an even 1d2 (the least telling guess; docs/rules-notes/gameofbones.md).
    if cover is not None and roller.pick([False, True], "cover up"):
        return phantom, rid, replace(cover, id=fake_id(scene, "cover")), roller.rolls
    return phantom, rid, None, roller.rolls


def fake_id(scene: Scene, what: str) -> str:
    # The holder knows its own action's id; the house's secret keeps it from computing the fake's from it.
    secret = getattr(scene.house, "_secret", "")
    tail = f"{secret}:{scene.pending.id}" if secret else str(scene.pending.id)
    return str(uuid5(KNOWLEDGE, f"false plot:{tail}" if what == "plot" else f"false {what}:{tail}"))


def gm_part(source_house_id: str | None, *phantoms: PendingAction | None) -> dict[str, Any]:
    """The GM's part of a plot: who is truly behind it, and the orders a false one pretends (none if true)."""
    return {"source_house_id": source_house_id, PHANTOMS: [p.to_dict() for p in phantoms if p is not None]}
