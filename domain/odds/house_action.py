"""Exact odds of one Game of Bones action (seed 000, the actions' Skill DC, Success and Failure Results).

The rolls are built from the resolution's own modifiers (`Scene.skill_modifiers`, `Scene.defence_modifiers`,
`scene.rank_check_modifiers`, Assault's power bonuses) and judged by the resolution's own `Contest` (its
`success`, `margin`, `shortfall`), for every pair of d20 faces; each band is the resolver's own threshold
(domain/gameofbones/rules/covert.py, force.py, intrigue.py). Follow-up dice (a Reflex save, 1d4×1,000 Influence, 1d6
months) enter each band's expected effect exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from domain.dice import Modifier
from domain.errors import NotFoundError
from domain.gameofbones.rules.checks import Contest
from domain.gameofbones.rules.force import (
    POWER_PER_ATTACK_BONUS,
    POWER_PER_DEFENCE_BONUS,
)
from domain.gameofbones.rules.ordering import Order, plan_order
from domain.gameofbones.rules.scene import Scene, rank_check_modifiers
from domain.gameofbones.tables.actions import RANK_CHECK, ActionName
from domain.odds.distribution import Distribution, die
from domain.odds.house_bands import ENDINGS, Effects, contest_of, roll_of
from domain.odds.knowledge import Chance, Unknown

if TYPE_CHECKING:
    from domain.gameofbones.aggregate.house import House
    from domain.region import Region

A = ActionName


@dataclass(frozen=True)
class Band:
    """One outcome band: its name (as the resolver words the result), its chance, and the mean of each effect
    given the band (e.g. `target_influence_lost`)."""

    name: str
    chance: Fraction
    effects: tuple[tuple[str, Fraction], ...] = ()


@dataclass(frozen=True)
class HouseOdds:
    """One order's odds. `attack_total`: the acting roll (d20 + its modifiers); `defence_total`: the opposing
    roll, None when unopposed; `dc`: the DC it must meet, None for none. `success`: the chance the contest is
    won (seed 000: meet the DC and beat the opposing roll; ties go to the defender). `bands`: every outcome
    band with its chance; `expected`: each effect's mean over all bands. Unknown where a rival's secret decides."""

    action: str
    attack_total: Distribution | Unknown
    defence_total: Distribution | Unknown | None
    dc: int | None
    success: Chance
    bands: tuple[Band, ...] | Unknown
    expected: tuple[tuple[str, Fraction], ...] | Unknown
    notes: tuple[str, ...] = ()


def house_odds(
    house: House,
    order: Order,
    *,
    phase: int,
    houses: Mapping[str, House],
    areas: Mapping[str, Region],
    viewer: str | None = None,
) -> HouseOdds:
    """The odds of `order` as `plan_order` plans it (its refusals propagate). `viewer=None`: the GM's, from the
    truth; `viewer=<house id>`: that seat's, where any roll that reads a rival house's secret state (its
    defences, effective Rank, circumstances, troops) is Unknown."""
    pending = plan_order(house, order, phase=phase, houses=houses, areas=areas)
    scene = Scene(house, pending, pending.resolve_week, houses, areas)
    return scene_odds(scene, viewer=viewer)


def house_success(
    house: House, order: Order, *, phase: int, houses: Mapping[str, House], areas: Mapping[str, Region]
) -> Fraction:
    """The GM's exact chance that `order` succeeds: `house_odds(...).success`, without the bands' effects (what
    an order is worth to the assistant reads only this). Same plan, same modifiers, same `Contest`."""
    pending = plan_order(house, order, phase=phase, houses=houses, areas=areas)
    scene = Scene(house, pending, pending.resolve_week, houses, areas)
    if ENDINGS.get(scene.name) is None:
        raise NotFoundError(f"no odds for {scene.name.value}: it is no action of seed 000's table")
    attack_mods, defence_mods = _modifiers(scene)
    defence = None if defence_mods is None else sum(m.value for m in defence_mods)
    return _success(sum(m.value for m in attack_mods), defence, scene.dc())


@cache
def _success(attack: int, defence: int | None, dc: int | None) -> Fraction:
    """The chance d20 + `attack` wins its `Contest` against d20 + `defence` (None: unopposed) and the DC, over
    every pair of faces, each pair as likely as any other: a function of three integers, so kept once computed."""
    against = [None] if defence is None else [roll_of(face + defence) for face in range(1, 21)]
    wins = sum(
        1
        for face in range(1, 21)
        for rolled in (roll_of(face + attack),)
        for d in against
        if Contest(rolled, d, dc).success
    )
    return Fraction(wins, 20 * len(against))


def scene_odds(scene: Scene, *, viewer: str | None = None) -> HouseOdds:
    name, row, dc = scene.name, scene.row, scene.dc()
    rival = scene.counterpart
    if viewer is not None and rival is not None and str(rival.id) != viewer:
        why = Unknown(f"the rolls read {rival.name}'s secret standing (defences, effective Rank, circumstances)")
        return HouseOdds(name.value, why, why if row.opposed_by else None, dc, why, why, why, (why.reason,))
    attack_mods, defence_mods = _modifiers(scene)
    attack = die(20).shifted(sum(m.value for m in attack_mods))
    defence = die(20).shifted(sum(m.value for m in defence_mods)) if defence_mods is not None else None
    endings = ENDINGS.get(name)
    if endings is None:
        raise NotFoundError(f"no odds for {name.value}: it is no action of seed 000's table")
    totals: dict[str, tuple[Fraction, Effects]] = {}
    success = Fraction(0)
    for a, p in attack.outcomes:
        for d, q in defence.outcomes if defence is not None else ((None, Fraction(1)),):
            contest = contest_of(a, d, dc)
            weight = p * q
            success += weight if contest.success else 0
            for share, band, effects in endings(scene, contest):
                chance, sums = totals.get(band, (Fraction(0), {}))
                for key, value in effects.items():
                    sums[key] = sums.get(key, Fraction(0)) + weight * share * value
                totals[band] = (chance + weight * share, sums)
    bands = tuple(Band(b, c, tuple((k, v / c) for k, v in sorted(s.items()))) for b, (c, s) in totals.items() if c)
    expected: dict[str, Fraction] = {}
    for _, (_, sums) in totals.items():
        for key, value in sums.items():
            expected[key] = expected.get(key, Fraction(0)) + value
    notes = tuple(f"{m.source} {m.value:+d}" for m in attack_mods if m.value)
    return HouseOdds(name.value, attack, defence, dc, success, bands, tuple(sorted(expected.items())), notes)


def _modifiers(scene: Scene) -> tuple[list[Modifier], list[Modifier] | None]:
    row, defender = scene.row, scene.defender
    if row.skill == RANK_CHECK:
        assert defender is not None
        attack, defence = rank_check_modifiers(scene, defender)
        if scene.name is A.ASSAULT:  # resolve_assault's bonuses
            committed = int(scene.pending.params["power"])
            in_position = scene.areas[scene.pending.area_ids[0]].troops.get(str(defender.id), 0)
            attack = [*attack, Modifier("power committed", committed // POWER_PER_ATTACK_BONUS)]
            defence = [*defence, Modifier("power in position", in_position // POWER_PER_DEFENCE_BONUS)]
        return attack, defence
    attack = scene.skill_modifiers(str(row.skill), scene.counterpart)
    if defender is not None and row.opposed_by:
        return attack, scene.defence_modifiers(defender, str(row.opposed_by))
    return attack, None
