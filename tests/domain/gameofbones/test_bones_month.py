"""The month driver: four weeks in order, actions across phases, income, spies and fallen houses."""

from __future__ import annotations

from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName as A
from domain.gameofbones.tables.records import Status
from tests.domain.gameofbones.bones_world import court


def test_a_poison_pill_holds_its_influence_for_two_months_then_its_spy_is_checked_monthly() -> None:
    world, a, b = court()
    world.order(a, Order(A.POISON_PILL, "Yvonnel", str(b.id)))
    assert (a.dedicated_influence, a.gold) == (1_000, 98_000)
    assert world.month([], phase=1).outcomes == ()
    assert a.dedicated_influence == 1_000
    world.order(a, Order(A.INTELLIGENCE_GATHERING, "Yvonnel"), phase=2)  # the pill does not use phase 2's action
    report = world.month([5, 15, 5], phase=2)  # week 1: the gathering finds nothing; week 8: the pill
    assert [o.action for o in report.outcomes][-1] == "Poison Pill"
    assert (a.spies[str(b.id)].bonus, a.dedicated_influence, a.pending) == (2, 0, {})
    # Each month after, Sense Motive +10 against DC 25 and Gather Information +5 +3.
    bonuses = []
    for phase, faces in [(3, [20, 1]), (4, [1, 1]), (5, [20, 1]), (6, [1, 1])]:
        world.month(faces, phase=phase)
        bonuses.append(a.spies[str(b.id)].bonus)
    assert bonuses == [2, 1, 2, 1]
    report = world.month([1, 1], phase=7)
    assert (report.outcomes[-1].result, a.spies) == ("the spy was discovered", {})
    assert [(c.value, c.until_phase) for c in a.circumstances] == [(-2, 8)]
    assert (b.knowledge[-1]["result"], b.knowledge[-1]["aggressor_house_id"]) == ("spy discovered", str(a.id))


def test_a_public_relations_campaign_locks_its_influence_for_three_phases_then_releases_it() -> None:
    world, a, _ = court()
    world.order(a, Order(A.PUBLIC_RELATIONS_CAMPAIGN, "Yvonnel"))
    for phase in (1, 2):
        world.month([], phase=phase)
        assert (a.dedicated_influence, a.available_influence(phase), a.influence) == (3_000, 27_000, 30_000)
    report = world.month([1], phase=3)
    assert (report.outcomes[0].week, report.outcomes[0].result) == (12, "+2000 influence")
    assert (a.dedicated_influence, a.influence, a.pending) == (0, 32_000, {})


def test_income_accrues_weekly_and_a_wrecked_area_yields_nothing_for_three_weeks_then_30_percent() -> None:
    world, a, b = court()
    bazaar = world.area("Bazaar", controller=b, income=4_000)
    world.order(a, Order(A.VANDALISM, "Yvonnel", str(b.id), area_ids=(bazaar,)))
    report = world.month([20, 5, 3], phase=1)
    assert report.income[str(b.id)] == 1_000
    assert world.month([], phase=2).income[str(b.id)] == 1_200
    b.repair_area(bazaar)
    assert (b.gold, world.month([], phase=3).income[str(b.id)]) == (10_000 + 2_200 - 3_000, 4_000)


def test_half_income_lasts_1d4_weeks_after_the_vandals_leave() -> None:
    world, a, b = court()
    bazaar = world.area("Bazaar", controller=b, income=4_000)
    world.order(a, Order(A.VANDALISM, "Yvonnel", str(b.id), area_ids=(bazaar,)))
    assert world.month([15, 10, 2], phase=1).income[str(b.id)] == 1_000 + 500 + 500 + 1_000
    assert b.area_damage == {}


def test_a_house_at_rank_1_whose_leaders_are_all_dead_is_destroyed_and_its_areas_freed() -> None:
    world, a, b = court()
    bazaar = world.area("Bazaar", controller=b, income=4_000)
    b.change_influence(-2_500, "ruin")
    b.change_power(-3_000, "ruin")
    world.order(a, Order(A.ASSASSINATION, "Yvonnel", str(b.id), "Zeerith"))
    report = world.month([18, 5], phase=1)
    assert (report.destroyed, b.destroyed, world.areas[bazaar].controlling_house_id) == ((str(b.id),), True, None)


def test_an_action_whose_leader_fell_fails_without_a_roll_and_frees_its_resources() -> None:
    world, a, b = court()
    world.order(a, Order(A.SMEAR_CAMPAIGN, "Dab", str(b.id)))
    a.set_character_status("Dab", Status.DEAD, "poisoned at dinner")
    report = world.month([], phase=1)
    assert (report.outcomes[0].result, report.outcomes[0].rolls, a.dedicated_influence) == (
        "Dab could not lead it",
        (),
        0,
    )


def test_actions_resolve_in_the_week_their_time_ends() -> None:
    world, a, b = court()
    world.order(a, Order(A.SMEAR_CAMPAIGN, "Yvonnel", str(b.id)))  # one month: week 4
    world.order(a, Order(A.INTELLIGENCE_GATHERING, "Dab", start_week=2))  # one week: week 2
    report = world.month([20, 10, 15], phase=1)
    assert [(o.action, o.week) for o in report.outcomes] == [("Intelligence Gathering", 2), ("Smear Campaign", 4)]
    assert report.summary()["outcomes"][0]["rolls"][0]["faces"] == [20]


def test_a_resolved_months_events_store_and_replay_to_the_same_houses() -> None:
    """Through the store's transcoder: an order's event carries its typed pending action (projections/codec.py)."""
    from eventsourcing.application import Application
    from eventsourcing.persistence import DatetimeAsISO, Transcoder, UUIDAsHex

    from projections.codec import FastJSONTranscoder, register_domain_transcodings

    class Store(Application):  # type: ignore[type-arg]
        def construct_transcoder(self) -> Transcoder:
            transcoder = FastJSONTranscoder()
            for transcoding in (UUIDAsHex(), DatetimeAsISO()):
                transcoder.register(transcoding)
            register_domain_transcodings(transcoder)
            return transcoder

    world, a, b = court()
    b.change_influence(20_000, "favour")  # Xorlarrin can afford to plot against Baenre
    bazaar = world.area("Bazaar", controller=b, income=4_000, troops={str(b.id): 1_000})
    world.order(a, Order(A.VANDALISM, "Yvonnel", str(b.id), area_ids=(bazaar,)))
    world.order(a, Order(A.INTELLIGENCE_GATHERING, "Dab"))
    world.month([20, 5, 3, 1, 2, 2], phase=1)  # the vandals wreck the Bazaar; a false plot is believed
    app: Application = Store()  # type: ignore[type-arg]
    app.save(a, b, *world.areas.values())
    again = app.repository.get(a.id)
    assert (again.knowledge, again.gold, again.circumstances, again.pending) == (
        a.knowledge,
        a.gold,
        a.circumstances,
        a.pending,
    )
    assert app.repository.get(b.id).area_damage == b.area_damage


def test_the_gm_summary_of_a_month_is_plain_json() -> None:
    import json

    world, a, b = court()
    b.change_influence(20_000, "favour")
    world.order(a, Order(A.INTELLIGENCE_GATHERING, "Yvonnel"))
    summary = world.month([1, 2, 1], phase=1).summary()  # a false plot: Frame Up, from week 1
    assert json.loads(json.dumps(summary)) == summary
    assert summary["outcomes"][0]["false_knowledge_ids"] == [a.knowledge[0]["id"]]


def test_a_campaign_week_reads_as_its_month_and_the_week_within_it() -> None:
    from domain.gameofbones.tables.records import absolute_week, week_of_month

    assert [week_of_month(w) for w in (1, 4, 5, 11)] == [(1, 1), (1, 4), (2, 1), (3, 3)]
    assert all(week_of_month(absolute_week(p, w)) == (p, w) for p in (1, 2, 7) for w in (1, 2, 3, 4))


def test_every_campaign_week_in_a_record_also_reads_as_its_month_and_week_within_at_any_depth() -> None:
    from domain.gameofbones.tables.records import dated

    entry = {
        "kind": "troops",
        "week": 7,
        "expected_week": 10,
        "plans": [{"action": "Assault", "week": 8}],
        "start_week": 12,
        "release_week": 13,
        "resolved": True,
        "phase": 2,
    }
    shown = dated(entry)
    assert shown["when"] == {"week": 7, "month": 2, "week_of_month": 3}
    assert shown["expected"] == {"week": 10, "month": 3, "week_of_month": 2}
    assert shown["plans"] == [{"action": "Assault", "week": 8, "when": {"week": 8, "month": 2, "week_of_month": 4}}]
    assert (shown["starts"]["month"], shown["starts"]["week_of_month"]) == (3, 4)
    assert (shown["releases"]["month"], shown["releases"]["week_of_month"]) == (4, 1)
    assert {k: v for k, v in shown.items() if k in entry} == entry | {"plans": shown["plans"]}  # the rest as it was
    assert "when" not in entry and "when" not in entry["plans"][0]  # the record itself is left as it was
    assert dated({"week": None, "expected_week": None}) == {"week": None, "expected_week": None}
