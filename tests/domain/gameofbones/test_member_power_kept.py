"""Issue 31, P6: a member's power is kept by its classes and levels (a month reads a house's power hundreds of
times); what it gives is the Gaining Power table's sum, however often and in whatever order it is asked."""

from __future__ import annotations

import random

from domain.gameofbones.tables.gains import POWER_RATES, member_power


def plain(classes: dict[str, int]) -> int:
    return sum(POWER_RATES[name].power(level) for name, level in classes.items())


def test_a_members_power_is_the_tables_sum_however_asked() -> None:
    rng = random.Random(31)
    names = sorted(POWER_RATES)
    for _ in range(3):  # asked again: the kept answers
        for name in names:
            for level in range(1, 41):
                assert member_power({name: level}) == plain({name: level})
    for _ in range(2_000):
        classes = {n: rng.randint(1, 30) for n in rng.sample(names, rng.randint(1, 3))}
        assert member_power(classes) == plain(classes)
        assert member_power(dict(reversed(classes.items()))) == plain(classes)
