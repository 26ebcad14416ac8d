"""Issue 31, P4: an event folded by `projections.fold.fold` leaves its aggregate as the library's `mutate` does, and a
played campaign of both rule systems reads back alike through the per-topic mapper and the fold: every event, every
aggregate, every public state (key order included)."""

from __future__ import annotations

from typing import Any, cast
from uuid import UUID, uuid4

import pytest
from eventsourcing.domain import Aggregate, OriginatorIDError, OriginatorVersionError, event
from eventsourcing.persistence import JSONTranscoder, Mapper, StoredEvent

from domain.campaign import Campaign, CampaignPreset
from projections.codec import domain_mapper
from projections.event_mapper import EventMapper
from projections.fold import fold
from projections.plain_state import public_state
from service.bootstrap import Intrigue
from service.usecases.presets import start_from_preset
from tests.projections.test_event_mapper import registered, same


class Account(Aggregate):
    def __init__(self, owner: str) -> None:
        self.owner = owner
        self.seen: list[Any] = []

    @event("Credited")
    def credit(self, amount: int, memo: str = "") -> None:
        self.seen.append((amount, memo))

    @event("Noted")
    def note(self) -> None:
        self.seen.append([])

    class Renamed(Aggregate.Event):
        owner: str

        def apply(self, aggregate: Any) -> None:
            aggregate.owner = f"applied {self.owner}"

    @event(Renamed)
    def rename(self, owner: str) -> None:
        self.owner = owner

    class Doubled(Aggregate.Event):
        amount: int

        def mutate(self, aggregate: Any) -> Any:
            aggregate = super().mutate(aggregate)
            aggregate.seen.append("mutated")
            return aggregate

    @event(Doubled)
    def double(self, amount: int) -> None:
        self.seen.append(amount * 2)

    class Masked(Aggregate.Event):
        amount: int

        def _as_dict(self) -> dict[str, Any]:
            return {"amount": -self.amount}

    @event(Masked)
    def mask(self, amount: int) -> None:
        self.seen.append(amount)


def events_of(account: Account) -> list[Any]:
    return list(account.collect_events())


def folded_both_ways(events: list[Any]) -> tuple[Any, Any]:
    by_library: Any = None
    by_fold: Any = None
    for domain_event in events:
        by_library = domain_event.mutate(by_library)
    for domain_event in events:
        by_fold = fold(domain_event, by_fold)
    return by_library, by_fold


def test_each_kind_of_event_folds_as_mutate_folds_it() -> None:
    account = Account("ulm")
    account.credit(5)
    account.credit(3, memo="gift")
    account.note()
    account.rename("wren")
    account.double(4)
    account.mask(6)
    by_library, by_fold = folded_both_ways(events_of(account))
    assert same(by_library, by_fold)
    assert by_fold.version == 7 and by_fold.modified_on == account.modified_on
    assert by_fold.seen == [(5, ""), (3, "gift"), [], 8, "mutated", -6] and by_fold.owner == "applied wren"


def test_an_event_of_another_aggregate_or_out_of_turn_is_refused_as_mutate_refuses_it() -> None:
    account = Account("ulm")
    account.credit(5)
    created, credited = events_of(account)
    other = created.mutate(None)
    other._id = uuid4()
    with pytest.raises(OriginatorIDError):
        fold(credited, other)
    with pytest.raises(AssertionError):  # as `mutate` refuses it: a later event needs an aggregate
        fold(credited, None)
    again = fold(credited, created.mutate(None))
    with pytest.raises(OriginatorVersionError):
        fold(credited, again)
    assert again.version == 2


@pytest.mark.parametrize("method", ["apply", "mutate"])
def test_an_events_method_set_on_its_class_after_its_first_fold_is_called(
    method: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a bug in an apply method is stood in for (test_poisoned_events.py): the class's plan was made at its first
    event, and the method set afterwards must still be called, as the library's `mutate` would call it."""
    account = Account("ulm")
    account.credit(5)
    account.credit(7)
    created, first, second = events_of(account)
    aggregate = fold(first, created.mutate(None))  # the class's plan made here
    kind = type(second)

    def refused(*_: Any) -> None:
        raise ValueError(f"a bug in {method}")

    monkeypatch.setattr(kind, method, refused)
    with pytest.raises(ValueError, match=f"a bug in {method}"):
        fold(second, aggregate)


def stored_of(intrigue: Intrigue, campaign_id: UUID) -> list[StoredEvent]:
    """Every event of the campaign and its members, each aggregate's in its order."""
    campaign = intrigue.store.load(campaign_id, Campaign)
    return [e for i in [campaign_id, *campaign.member_ids()] for e in intrigue.store.recorder.select_events(i)]


def test_a_played_campaign_reads_back_alike_event_by_event_aggregate_by_aggregate(
    intrigue: Intrigue,
) -> None:
    systems = ["factionturn", "gameofbones"]
    started = start_from_preset(intrigue, CampaignPreset.DEMO, f"fold-{uuid4().hex[:6]}", systems, "fold")
    for _ in range(2):
        intrigue.campaigns.open_phase(started.campaign.id)
        intrigue.campaigns.resolve_phase(started.campaign.id)
    library: Mapper[UUID] = Mapper(registered(JSONTranscoder()))
    mappers = [intrigue.store.mapper, domain_mapper()]
    assert all(type(mapper) is EventMapper for mapper in mappers)
    by_library: dict[Any, Any] = {}
    by_fold: dict[Any, Any] = {}
    stored = stored_of(intrigue, started.campaign.id)
    for one in stored:
        expected = library.to_domain_event(one)
        assert all(same(expected, mapper.to_domain_event(one)) for mapper in mappers)
        key = one.originator_id
        by_library[key] = cast(Any, library.to_domain_event(one)).mutate(by_library.get(key))
        by_fold[key] = fold(intrigue.store.mapper.to_domain_event(one), by_fold.get(key))
    kinds = {type(a).__name__ for a in by_fold.values()}
    assert {"Campaign", "Faction", "House", "Region"} <= kinds and len(stored) > 300
    for key, aggregate in by_library.items():
        assert same(aggregate, by_fold[key])
        assert same(public_state(aggregate), public_state(by_fold[key]))
