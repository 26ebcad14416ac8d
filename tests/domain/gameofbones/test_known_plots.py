"""The plots a house knows, read without its sightings (issue 16: a month's false plots read every house's
plots, and reading everything every house knew made a late month of 50 houses cost seconds): the same entries,
in the same order, as everything it knows less what is not a plot, and the same phantoms by rival."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.gameofbones.aggregate.intel import HouseIntel
from domain.gameofbones.rules.false_plots import PHANTOMS, phantoms_by_rival
from domain.gameofbones.rules.scene import GM_ONLY, Scene
from domain.gameofbones.rules.view import known_by, plots_known_by
from domain.gameofbones.tables.records import PendingAction
from tests.domain.gameofbones.bones_world import CAMPAIGN, house

KINDS = ("plot", "attack", "movement", "hunt")
entry = st.fixed_dictionaries(
    {
        "kind": st.sampled_from(KINDS),
        "phase": st.integers(1, 4),
        "week": st.integers(0, 4),
        "rival": st.integers(0, 2),
        "phantom_phase": st.integers(1, 4),
    }
)


def phantom(rival: str, phase: int, n: int) -> dict[str, Any]:
    pending = PendingAction(f"phantom-{n}", "Smear Campaign", rival, 1, 0, phase, 1, 2, 2)
    return pending.to_dict()


def world(entries: list[list[dict[str, Any]]], sightings: list[int]) -> tuple[dict[str, Any], dict[str, HouseIntel]]:
    houses = {str(h.id): h for h in (house("A"), house("B"), house("C"))}
    ids = list(houses)
    intel = {hid: HouseIntel(CAMPAIGN, hid) for hid in ids}
    n = 0
    for hid, learned in zip(ids, entries, strict=False):
        for e in learned:
            n += 1
            rival = ids[e["rival"]]
            gm = {"source_house_id": rival, PHANTOMS: [phantom(rival, e["phantom_phase"], n)]}
            intel[hid].learn({"id": f"k{n}", "kind": e["kind"], "phase": e["phase"], "week": e["week"], GM_ONLY: gm})
    for mover, count in zip(ids, sightings, strict=False):
        for i in range(count):
            observers = {hid: f"seen-{mover}-{i}-{hid}" for hid in ids if hid != mover}
            intel[mover].record_sighting(observers, {"kind": "movement", "phase": 1 + i % 4, "week": i % 5})
    return houses, intel


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    st.lists(st.lists(entry, max_size=8), min_size=3, max_size=3),
    st.lists(st.integers(0, 6), min_size=3, max_size=3),
    st.integers(1, 4),
)
def test_known_plots_are_the_plots_of_all_a_house_knows_in_its_order(
    entries: list[list[dict[str, Any]]], sightings: list[int], phase: int
) -> None:
    houses, intel = world(entries, sightings)
    for h in houses.values():
        assert plots_known_by(h, intel) == [k for k in known_by(h, intel) if k["kind"] == "plot"]
    any_house = next(iter(houses.values()))
    week = 4 * (phase - 1) + 2
    pending = PendingAction("p", "Intelligence Gathering", "x", 1, 0, phase, week - 1, week, week)
    scene = Scene(any_house, pending, week, houses, {}, intel=intel)
    assert scene.phase == phase
    expected: dict[str, list[PendingAction]] = {}
    for h in houses.values():  # every phantom of this phase planted on each rival, as a house's plots name them
        for k in known_by(h, intel):
            if k["kind"] == "plot":
                for p in k[GM_ONLY][PHANTOMS]:
                    if p["phase"] == scene.phase:
                        expected.setdefault(k[GM_ONLY]["source_house_id"], []).append(PendingAction.from_dict(p))
    assert phantoms_by_rival(scene) == expected
