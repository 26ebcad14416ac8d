"""Every event a Faction records is written under the topic `main` wrote it under (c985d30), and a stored row with
that topic decodes to the class a call triggers today. eventsourcing names an event `module:qualname` of the class
declaring its `@event` method (`get_topic`), and every campaign's log holds those names: a split of faction.py must
not move them, or new rows change (and with them the stored digests) and rows of another name appear in one log."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from uuid import UUID

import pytest
from eventsourcing.domain import CommandMethodDecorator, decorated_func_callers
from eventsourcing.utils import get_topic

from domain.factionturn.aggregate.faction import Faction
from domain.history import LeanCommand

ROOT = Path(__file__).resolve().parents[3]
F = "domain.factionturn.aggregate.faction"
WRITTEN = {  # the `@event` method a call goes through -> the topic its event is written under, as main wrote it
    "_asset_granted": f"{F}:Faction.AssetGranted",
    "_order_submitted": f"{F}:Faction.OrderSubmitted",
    "_order_withdrawn": f"{F}:Faction.OrderWithdrawn",
    "_turn_begun": f"{F}:Faction.TurnBegun",
    "_rating_raised": f"{F}:Faction.RatingRaised",
    "_goal_chosen": f"{F}:Faction.GoalChosen",
    "_goal_progressed": f"{F}:Faction.GoalProgressed",
    "_goal_achieved": f"{F}:Faction.GoalAchieved",
    "_facgold_gained": f"{F}:Faction.FacGoldGained",
    "_facgold_spent": f"{F}:Faction.FacGoldSpent",
    "_maintenance_paid": f"{F}:Faction.MaintenancePaid",
    "_action_failed": f"{F}:Faction.ActionFailed",
    "_turn_ended": f"{F}:Faction.TurnEnded",
    "_multi_turn_set": f"{F}:Faction.MultiTurnActionSet",
    "_tags_changed": f"{F}:Faction.TagsChanged",
    "_adventure_resolved": f"{F}:Faction.AdventureResolved",
    "_adjusted": f"{F}:Faction.Adjusted",
    "_plan_foiled": f"{F}:Faction.PlanFoiled",
    "_custom_action_resolved": f"{F}:Faction.CustomActionResolved",
    "_merger_consented": f"{F}:Faction.MergerConsented",
    "_merged": f"{F}:Faction.Merged",
    "_dissolved": f"{F}:Faction.DissolvedByMerger",
    "_asset_purchased": f"{F}:FactionAssets.AssetPurchased",
    "_influence_expanded": f"{F}:FactionAssets.InfluenceExpanded",
    "_asset_damaged": f"{F}:FactionAssets.AssetDamaged",
    "_asset_destroyed": f"{F}:FactionAssets.AssetDestroyed",
    "_asset_marked": f"{F}:FactionAssets.AssetMarked",
    "_stealth_changed": f"{F}:FactionAssets.StealthChanged",
    "_asset_moved": f"{F}:FactionAssets.AssetMoved",
    "_repaired": f"{F}:FactionAssets.Repaired",
    "_asset_sold": f"{F}:FactionAssets.AssetSold",
    "_asset_refitted": f"{F}:FactionAssets.AssetRefitted",
    "_asset_lost": f"{F}:FactionAssets.AssetLostToRival",
    "_asset_acquired": f"{F}:FactionAssets.AssetAcquired",
    "_discount_set": f"{F}:FactionAssets.PurchaseDiscountSet",
    "_embargo_set": f"{F}:FactionAssets.EmbargoSet",
    "_home_moved": f"{F}:FactionAssets.HomeMoved",
    "_monster_moved": f"{F}:FactionAssets.MonsterMoved",
    "_monster_attacked": f"{F}:FactionAssets.MonsterAttacked",
    "_state_restored": "domain.history:Rewindable.StateRestored",
}
FOUNDED = f"{F}:Faction.Founded"
AGGREGATE = f"{F}:Faction"  # a creation event's and a snapshot's `originator_topic`
SNAPSHOT = "eventsourcing.domain:Snapshot"  # `Faction.Snapshot`, as service/persistence/commits.py takes it


def event_methods(aggregate: type) -> dict[str, type]:
    """Each `@event` method a call on the aggregate reaches (the attribute of that name first in the MRO, so a plain
    method of a part that shadowed one would drop it) -> the event class that call triggers: the library's own
    mapping, through `leaner`'s wrapper where it stands."""
    reached: dict[str, object] = {}
    for klass in reversed(aggregate.__mro__):
        reached.update(vars(klass))
    found: dict[str, type] = {}
    for name, value in reached.items():
        decorator = value.decorator if isinstance(value, LeanCommand) else value
        if isinstance(decorator, CommandMethodDecorator) and name != "__init__":
            found[name] = decorated_func_callers[decorator]
    return found


def test_every_event_method_of_a_faction_is_pinned_here() -> None:
    assert set(event_methods(Faction)) == set(WRITTEN)


@pytest.mark.parametrize(("method", "topic"), sorted(WRITTEN.items()))
def test_an_event_is_written_under_the_topic_main_wrote(method: str, topic: str) -> None:
    assert get_topic(event_methods(Faction)[method]) == topic


def test_a_new_faction_writes_its_events_under_the_topics_main_wrote() -> None:
    crows = Faction.found(UUID(int=1), "Crows", 3, 4, 1, "home")
    crows.gain_facgold(5, "income")
    crows.expand_influence("elsewhere", 1, 1, 1, [])
    crows.consent_to_merger(str(UUID(int=2)), True, "gm")
    crows.adjust("xp", "adjust", 1, "gm", "a fix")
    written = [get_topic(type(e)) for e in crows.collect_events()]
    called = ("_facgold_gained", "_influence_expanded", "_merger_consented", "_adjusted")
    assert written == [FOUNDED, *(WRITTEN[m] for m in called)]
    assert get_topic(Faction) == AGGREGATE and get_topic(Faction.Snapshot) == SNAPSHOT


RESOLVE = """
import sys
from eventsourcing.utils import resolve_topic
from tests.domain.factionturn.test_faction_topics import AGGREGATE, FOUNDED, SNAPSHOT, WRITTEN, event_methods
from domain.factionturn.aggregate.faction import Faction
made = event_methods(Faction)
wrong = [m for m, topic in WRITTEN.items() if resolve_topic(topic) is not made[m]]
wrong += [t for t, c in ((FOUNDED, Faction.Founded), (AGGREGATE, Faction)) if resolve_topic(t) is not c]
wrong += [] if resolve_topic(SNAPSHOT) is Faction.Snapshot else [SNAPSHOT]
print(wrong)
"""


def test_a_stored_row_with_each_topic_decodes_to_the_class_a_call_triggers() -> None:
    """In a fresh process, as a reader meets a stored row: the topics resolve before anything registers them."""
    ran = subprocess.run([sys.executable, "-c", RESOLVE], cwd=ROOT, capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "[]"
