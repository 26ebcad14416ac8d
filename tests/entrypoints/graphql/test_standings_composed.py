"""The standings' composer (service/entrypoints/graphql/precomputed.py) makes each faction's three elements as the
typed objects and the copy make them from that class's view, byte for byte, though it makes each asset's element once
per row and takes the own seat's element from the GM's where the visibility room says the owner reads the selection
whole (issue 31, P6)."""

from __future__ import annotations

import copy
from typing import Any
from uuid import UUID, uuid4

import pytest

from domain.seats import Role, Seat, gm_seat_id
from service.entrypoints.graphql import precomputed
from service.entrypoints.graphql.core.answers import encode
from service.entrypoints.graphql.factionturn.factions import Faction
from service.entrypoints.graphql.precomputed import FACTIONS, FactionStandings
from service.entrypoints.graphql.standings import copy_out, plan_of
from service.usecases.visibility import FACTION, HOUSE, Reader, faction_view, seats_of

CAMPAIGN = uuid4()


def asset(name: str, *, stealthed: bool = False, hp: int = 3) -> dict[str, Any]:
    i = str(uuid4())
    return {
        "hp": hp, "id": i, "heal": "", "name": name, "max_hp": 4, "counter": "", "hit_die": "", "disabled": False,
        "type_key": name.lower(), "attribute": "force", "region_id": str(uuid4()), "sheltered": False,
        "stealthed": stealthed, "arrives_on": 0, "difficulty": 0, "threatened": hp == 1, "attached_to": "",
        "custom_type": None, "moved_phase": None, "restored_on": None, "usable_from": 1, "attacked_phase": None,
    }  # fmt: skip


def faction(name: str, *assets: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {
        "hp": 5, "id": str(uuid4()), "xp": 6, "goal": None, "name": name, "tags": ["diplomatic"], "turn": 11,
        "wild": False, "force": 5, "cunning": 3, "wealth": 2, "max_hp": 9, "facgold": 12, "destroyed": False,
        "campaign_id": str(CAMPAIGN), "home_region_id": str(uuid4()), "version": 40, "phase": 11,
        "order": {"phase": 12, "action": {"action": "Attack"}, "narrative": "mine", "book_of_secrets": "the GM's"},
        "assets": {a["id"]: a for a in assets},
    } | fields  # fmt: skip


STATES = [
    faction("Plain", asset("Thugs"), asset("Militia Unit", hp=1)),
    faction("Spies", asset("Informers", stealthed=True), asset("Thugs"), asset("Cyberninjas", stealthed=True)),
    faction(
        "Aimed",
        asset("Zealots"),
        goal={"key": "military_conquest", "target": None, "progress": {"assets": 2}, "baseline": {}, "adopted_turn": 3},
    ),
    faction("The Wild", asset("Monsters"), wild=True, facgold=0, xp=0),
    faction("Gone", destroyed=True, hp=0),
    faction("Twins", asset("Thugs"), asset("Thugs", hp=1)),  # two rows alike but for their id and HP
    faction("Surrogate \udcff in its name", asset("Thugs")),
    faction("Plain again", asset("Spy \udcff ring"), asset("Thugs")),
]


def as_read_back(state: dict[str, Any]) -> dict[str, Any]:
    """The state with its assets in the order its row reads back in (jsonb's: ids of one length, so by their text),
    as the request path's copy reads it."""
    return {**state, "assets": {i: state["assets"][i] for i in sorted(state["assets"])}}


def reference(state: dict[str, Any], reader: Reader) -> bytes:
    """The element as the copy builds it from the row read back: the class's view, the typed objects, copied out,
    encoded."""
    plan, state = plan_of(FACTIONS, None), as_read_back(state)
    seat = seats_of(FACTION, CAMPAIGN, UUID(state["id"]))[reader]
    return encode(copy_out(plan, Faction.from_state(faction_view(state, seat))))


def composed(states: list[dict[str, Any]]) -> list[Any]:
    def read(kind: str, ids: list[UUID] | None) -> list[dict[str, Any]]:
        return copy.deepcopy(states) if kind == "faction" else []

    return FactionStandings().compose(CAMPAIGN, None, read)


@pytest.mark.parametrize("own_as_gm", [True, False])
def test_each_class_element_is_the_one_the_typed_objects_make_from_its_view(
    own_as_gm: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(precomputed, "_own_is_gm", lambda plan: own_as_gm)
    members = composed(STATES)
    assert [m.id for m in members] == [UUID(s["id"]) for s in STATES]
    for member, state in zip(members, STATES, strict=True):
        assert member.gm == reference(state, Reader.GM), state["name"]
        assert member.public == reference(state, Reader.PUBLIC), state["name"]
        assert member.own == reference(state, Reader.OWN), state["name"]
    spies = members[1]
    assert spies.public != spies.gm  # the stealthed assets and the purse are the GM's and the owner's
    assert all(b"\\udcff" in m.gm for m in members[6:])  # encoded by `encode`'s own path for a lone surrogate


def test_the_consoles_selection_is_read_by_the_owner_as_the_gm_reads_it() -> None:
    plan = plan_of(FACTIONS, None)
    assert precomputed._own_is_gm(plan)
    assert precomputed._assets(plan) is not None


def test_an_owner_reads_a_field_as_the_gm_only_where_the_room_declares_it_whole() -> None:
    assert FACTION.owner_reads_as_gm(["id", "name", "facgold", "xp", "goal", "assets", "version"])
    assert not FACTION.owner_reads_as_gm(["name", "order"])  # the GM's hand taken out
    assert not FACTION.owner_reads_as_gm(["multi_turn"])
    assert not FACTION.owner_reads_as_gm(["turn"])  # undeclared: the GM's alone
    assert not HOUSE.owner_reads_as_gm(["knowledge"])
    assert HOUSE.owner_reads_as_gm(["gold", "rank"])


def test_a_selection_made_from_a_field_the_owner_reads_otherwise_makes_the_own_element_through_its_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    over = precomputed.OVER["Faction"]
    monkeypatch.setitem(
        precomputed.OVER, "Faction", type(over)(over.model, over.within, {**over.renames, "xp": "order"})
    )
    plan = plan_of(FACTIONS, None)
    assert not precomputed._own_is_gm.__wrapped__(plan)  # type: ignore[attr-defined]


def test_the_phase_chronicles_are_read_only_for_a_selection_of_the_narratives() -> None:
    """The console's standings do not select a faction's narratives: its phase chronicles, one more each phase, are
    not read at each resolution (the cost stays flat as the campaign's history grows); a document that selects them
    reads them and sends them."""
    states = STATES[:2]
    narrated = {"phase": 3, "narratives": {states[0]["id"]: ["We rose at the ford."]}}
    read_kinds: list[str] = []

    def read(kind: str, ids: list[UUID] | None) -> list[dict[str, Any]]:
        read_kinds.append(kind)
        return copy.deepcopy(states) if kind == "faction" else [narrated]

    FactionStandings().compose(CAMPAIGN, None, read)
    assert read_kinds == ["faction"]

    class NarratedStandings(FactionStandings):
        document = FACTIONS.replace("destroyed wild", "destroyed wild narratives")

    assert precomputed._narrated(plan_of(NarratedStandings.document, None))
    read_kinds.clear()
    members = NarratedStandings().compose(CAMPAIGN, None, read)
    assert read_kinds == ["faction", "phasechronicle"]
    assert b'"narratives":["We rose at the ford."]' in members[0].gm
    assert b'"narratives":[]' in members[1].gm
    # So a chronicle's change alone recomposes the factions only for such a document (projections/standings.py).
    assert FactionStandings().shown() == frozenset()
    assert NarratedStandings().shown() == frozenset({"phasechronicle"})


def test_the_document_is_planned_once_when_the_composer_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 31, P6: the composer keeps its document's plan from when it is made (registered: a process's start), so
    a resolution's standings neither parse nor validate it, and compose as with the plan made anew."""
    composer, made = FactionStandings(), composed(STATES)
    assert composer.plan is plan_of(FACTIONS, None)

    def planned(query: str, operation_name: str | None) -> None:
        raise AssertionError("the composer planned its document again")

    monkeypatch.setattr(precomputed, "plan_of", planned)
    members = composer.compose(CAMPAIGN, None, lambda kind, ids: copy.deepcopy(STATES) if kind == "faction" else [])
    assert members == made
    assert composer.shown() == frozenset()


def test_the_elements_do_not_follow_the_order_of_a_states_keys() -> None:
    """Issue 31, P6 (session 24): the page hands the composer its states in its own key order, not jsonb's
    (projections/read_back.py); the elements are the ones the rows read back give, assets in jsonb's order."""
    named = (("Thugs", 3), ("Informers", 1), ("Militia Unit", 2))
    state = faction("Ordered", *(asset(name) | {"id": str(UUID(int=n))} for name, n in named))
    assert list(state["assets"]) != sorted(state["assets"])  # the page's order is not jsonb's
    shuffled = {k: state[k] for k in reversed(state)}  # and neither are its other keys
    members = composed([shuffled])
    assert members == composed([as_read_back(state)]) == composed([state])
    assert [members[0].gm.index(n.encode()) for n in ("Informers", "Militia", "Thugs")] == sorted(
        members[0].gm.index(n.encode()) for n in ("Informers", "Militia", "Thugs")
    )  # by id, as the row reads back


def test_the_gm_seat_is_made_once_per_campaign() -> None:
    """Its id is a `uuid5`, which each faction composed computed again (issue 31, P6, session 24); the seat is the
    same one."""
    first, second = (seats_of(FACTION, CAMPAIGN, UUID(s["id"]))[Reader.GM] for s in STATES[:2])
    assert first is second and first == Seat(gm_seat_id(CAMPAIGN), CAMPAIGN, Role.GM, "GM")
    other = seats_of(FACTION, uuid4(), UUID(STATES[0]["id"]))[Reader.GM]
    assert other is not None and other.campaign_id != CAMPAIGN and other.is_gm_of(other.campaign_id)
