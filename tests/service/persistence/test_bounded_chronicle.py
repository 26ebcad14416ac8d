"""Issue 16, bounded state: the chronicle (GM summaries, gossip drafted and published) and the factions'
narratives live in each phase's `PhaseChronicle`, not in the Campaign and the Factions every command loads;
every reader still answers what they held."""

from __future__ import annotations

import dataclasses
import json
import uuid
from typing import Any

import pytest

from domain.campaign import Campaign
from domain.factionturn.aggregate.faction import Faction
from domain.history import restorable_state
from domain.phase_chronicle import PhaseChronicle, chronicle_id
from service.bootstrap import Intrigue
from service.usecases.interventions import By
from service.usecases.rewind import RollBackPhase
from tests.service.usecases.test_rewind_both import faction_orders, play
from tests.support.gameofbones_world import city, give_orders, register_five

PHASES = 6


def loaded_size(aggregate: Any) -> int:
    """An aggregate as a command loads it: its whole state as JSON (what its snapshot holds), private parts too."""
    return len(json.dumps(restorable_state(aggregate), default=str, sort_keys=True))


@pytest.fixture(scope="module")
def played(intrigue: Intrigue) -> dict[str, Any]:
    command = dataclasses.replace(city("chronicled", areas=8), rule_systems=["factionturn", "gameofbones"])
    campaign = intrigue.campaigns.create_campaign(command)
    register_five(intrigue, campaign)
    intrigue.factionturn.generate_factions(campaign.id, 3)
    sizes: dict[int, int] = {}
    for phase in range(1, PHASES + 1):
        play(intrigue, campaign.id)
        by = By(campaign.id, "gm", f"the GM publishes phase {phase}")
        intrigue.chronicle.publish(by, phase)
        sizes[phase] = loaded_size(intrigue.store.load(campaign.id, Campaign))
    return {"id": campaign.id, "sizes": sizes}


def test_the_campaign_every_command_loads_does_not_grow_with_the_chronicle(
    intrigue: Intrigue, played: dict[str, Any]
) -> None:
    sizes, campaign = played["sizes"], intrigue.store.load(played["id"], Campaign)
    # Before, each phase added every faction's and house's summary and gossip to the Campaign (kilobytes a phase).
    assert sizes[PHASES] <= sizes[2] + 64, sizes
    for ledger in ("chronicle", "_gm_summaries", "_chronicle_drafts"):
        assert not vars(campaign).get(ledger), ledger
    for phase in range(1, PHASES + 1):
        chronicle = intrigue.store.load(chronicle_id(campaign.id, phase), PhaseChronicle)
        assert chronicle.phase == phase and chronicle.chronicle and chronicle.gm_summaries(phase)


def test_a_faction_keeps_no_narratives_and_every_reader_still_has_them(
    intrigue: Intrigue, played: dict[str, Any]
) -> None:
    campaign = intrigue.store.load(played["id"], Campaign)
    told: dict[str, list[str]] = {}
    for entry in intrigue.audit.events(campaign.id):
        if entry.topic.endswith("Faction.TurnEnded"):
            told.setdefault(str(entry.aggregate_id), []).append(str(entry.payload["narrative"]))
    assert told and all(len(texts) == PHASES for texts in told.values())
    for faction_id in campaign.member_ids("faction"):
        assert intrigue.store.load(faction_id, Faction).narratives == []  # bounded: nothing accumulates
    states = {s["id"]: s for s in intrigue.state.of_kind(campaign.id, "faction")}
    assert {i: s["narratives"] for i, s in states.items()} == told
    one = next(iter(told))
    assert intrigue.state.one(uuid.UUID(one), "faction")["narratives"] == told[one]
    past, _ = intrigue.history.as_of_resolved_phase(campaign.id, 2)  # the past as it was: two phases told
    assert {str(i): a.narratives for i, a in past.items() if isinstance(a, Faction)} == {
        i: texts[:2] for i, texts in told.items()
    }


def test_the_chronicle_answers_each_phase_from_its_own_stream(intrigue: Intrigue, played: dict[str, Any]) -> None:
    campaign_id = played["id"]
    actors = {str(i) for i in intrigue.store.load(campaign_id, Campaign).member_ids() if i}
    for phase in (1, PHASES):
        public = intrigue.chronicle.public(campaign_id, phase)
        notes = intrigue.chronicle.gm_notes(campaign_id, phase)
        assert public and set(public) <= actors and set(notes) <= actors and notes
        assert intrigue.chronicle.drafts(campaign_id, phase) == {}  # published
    by = By(campaign_id, "gm", "a better line")
    intrigue.chronicle.write_summary(by, 1, next(iter(intrigue.chronicle.gm_notes(campaign_id, 1))), "Rewritten.")
    assert "Rewritten." in intrigue.chronicle.gm_notes(campaign_id, 1).values()
    assert "Rewritten." not in intrigue.chronicle.gm_notes(campaign_id, 2).values()


def test_a_rollback_empties_the_chronicles_it_rolls_back_and_the_audit_trail_keeps_their_events(
    intrigue: Intrigue,
) -> None:
    command = dataclasses.replace(city("rolled", areas=8), rule_systems=["factionturn", "gameofbones"])
    campaign = intrigue.campaigns.create_campaign(command)
    register_five(intrigue, campaign)
    intrigue.factionturn.generate_factions(campaign.id, 3)
    for _ in range(3):
        play(intrigue, campaign.id)
    trail = [e.position for e in intrigue.audit.events(campaign.id)]
    intrigue.rewind.roll_back(RollBackPhase(campaign.id, 2, "the GM undoes two phases"))
    for phase in (2, 3):
        chronicle = intrigue.store.load(chronicle_id(campaign.id, phase), PhaseChronicle)
        assert chronicle.is_empty() and intrigue.chronicle.gm_notes(campaign.id, phase) == {}
    assert intrigue.chronicle.gm_notes(campaign.id, 1)  # before the rollback: as it was
    rolled = intrigue.store.load(campaign.id, Campaign)
    assert (rolled.phase, rolled.phases_reached()) == (2, 3)
    after = [e.position for e in intrigue.audit.events(campaign.id)]
    assert after[: len(trail)] == trail  # phase 3's chronicle events are still in the trail
    states = {s["id"]: s for s in intrigue.state.of_kind(campaign.id, "faction")}
    assert all(len(s["narratives"]) == 1 for s in states.values())  # phase 1's only
    give_orders(intrigue, campaign.id)  # phase 2 again: drafted anew into its emptied chronicle
    faction_orders(intrigue, campaign.id)
    intrigue.campaigns.resolve_phase(campaign.id)
    assert intrigue.chronicle.gm_notes(campaign.id, 2)
