"""The aggregates a process keeps between commands (service/persistence/app.py, issue 26 item 6) are only a
shortcut: every load reads the events stored after the kept version, so a write by another process is seen before
a command decides; a command that decided on a state another command has since moved conflicts and writes nothing,
and the next command goes on from the stored state; a command that fails half-way leaves nothing of its changes
in what is kept."""

from __future__ import annotations

from collections.abc import Iterator
from uuid import uuid4

import pytest

from domain.campaign import Campaign
from domain.commands import CreateCampaign, RollDice
from domain.dice import DiceSpec, RandomDice
from domain.errors import ConflictError
from service.bootstrap import Intrigue
from service.persistence.database import Database


@pytest.fixture
def two(fresh_db: Database) -> Iterator[tuple[Intrigue, Intrigue]]:
    """Two processes' stores on one database (the second migrates nothing)."""
    first = Intrigue(fresh_db, run_projections=False)
    second = Intrigue(fresh_db, run_projections=False, migrate=False)
    try:
        yield first, second
    finally:
        first.close()
        second.close()


def rolled(intrigue: Intrigue, campaign: Campaign, purpose: str) -> None:
    intrigue.campaigns.roll_dice(RollDice(campaign.id, "2d6", purpose))


def test_a_load_reads_what_another_process_wrote_since_the_kept_version(two: tuple[Intrigue, Intrigue]) -> None:
    first, second = two
    campaign = first.campaigns.create_campaign(CreateCampaign(f"kept {uuid4().hex[:6]}", ["factionturn"]))
    rolled(first, campaign, "kept by the first")
    rolled(second, campaign, "written by the second")
    rolled(first, campaign, "decided on both")  # no conflict: the first read the second's roll before deciding
    loaded = first.store.load(campaign.id, Campaign)
    assert loaded.rolls_recorded == 3
    assert loaded.version == second.store.load(campaign.id, Campaign).version == campaign.version + 3


def test_a_decision_on_a_moved_state_conflicts_and_the_next_command_reloads(two: tuple[Intrigue, Intrigue]) -> None:
    first, second = two
    campaign = first.campaigns.create_campaign(CreateCampaign(f"moved {uuid4().hex[:6]}", ["factionturn"]))
    rolled(first, campaign, "kept")
    stale = first.store.load(campaign.id, Campaign)
    rolled(second, campaign, "moves it")
    stale.record_roll(DiceSpec.parse("1d6").roll(RandomDice.system(), purpose="stale"))
    with pytest.raises(ConflictError):
        first.store.commit(stale)
    assert second.store.load(campaign.id, Campaign).rolls_recorded == 2  # the stale roll wrote nothing
    rolled(first, campaign, "after the conflict")
    assert first.store.load(campaign.id, Campaign).rolls_recorded == 3
    assert second.store.load(campaign.id, Campaign).rolls_recorded == 3


def test_a_command_that_fails_half_way_leaves_the_kept_aggregate_as_stored(two: tuple[Intrigue, Intrigue]) -> None:
    first, _ = two
    campaign = first.campaigns.create_campaign(CreateCampaign(f"half {uuid4().hex[:6]}", ["factionturn"]))
    rolled(first, campaign, "kept")
    changed = first.store.load(campaign.id, Campaign)
    changed.record_roll(DiceSpec.parse("1d6").roll(RandomDice.system(), purpose="never saved"))
    again = first.store.load(campaign.id, Campaign)
    assert again is not changed and (again.version, again.rolls_recorded) == (changed.version - 1, 1)
    rolled(first, campaign, "saved")
    assert first.store.load(campaign.id, Campaign).rolls_recorded == 2


def _containers(value: object, found: dict[int, object]) -> dict[int, object]:
    """Every mutable container reachable from `value` (an aggregate's attributes, walked), by identity."""
    if isinstance(value, dict | list | set):
        found[id(value)] = value
        for item in value.values() if isinstance(value, dict) else value:
            _containers(item, found)
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        _containers(vars(value), found)
    return found


def test_a_load_hands_out_a_copy_equal_to_the_kept_aggregate_that_shares_no_container_with_it(
    two: tuple[Intrigue, Intrigue],
) -> None:
    first, _ = two
    campaign = first.campaigns.create_campaign(CreateCampaign(f"copied {uuid4().hex[:6]}", ["factionturn"]))
    rolled(first, campaign, "kept")
    cache = first.store.repository.cache
    assert cache is not None
    kept = cache.get(campaign.id)
    loaded = first.store.load(campaign.id, Campaign)
    assert loaded is not kept and type(loaded) is type(kept)
    assert vars(loaded) == vars(kept)
    shared = _containers(vars(loaded), {}).keys() & _containers(vars(kept), {}).keys()
    assert not shared, [type(_containers(vars(kept), {})[i]).__name__ for i in shared]
    loaded.record_roll(DiceSpec.parse("1d6").roll(RandomDice.system(), purpose="never saved"))
    assert cache.get(campaign.id).rolls_recorded == 1
