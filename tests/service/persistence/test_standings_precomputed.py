"""The standings the projection precomputes per visibility class (projections/standings.py) are the answers the copy
builds, byte for byte, and the execution's, for the GM, a player, an observer, no seat and the GM viewing as the
player: after played phases, after changes of one faction between reads, after a rollback, and in a rebuilt
generation. The answer is concatenated at read time from each member's pieces: a change to one faction rewrites that
faction's row alone."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any
from uuid import UUID

import orjson
import psycopg
import pytest
from starlette.testclient import TestClient

from bench.http_apps import STANDINGS
from domain.errors import RuleViolationError
from domain.factionturn.aggregate.faction import Faction
from domain.seats import Seat
from projections import standings as rows
from service.bootstrap import Intrigue
from service.entrypoints.graphql.core.answers import encode
from service.entrypoints.graphql.precomputed import FACTIONS, precompute_standings
from service.entrypoints.graphql.standings import plan_of, standings
from service.entrypoints.http import create_app
from service.entrypoints.shared.view_as import HEADER as VIEW_AS
from service.operations import rebuild_parts
from service.operations.worker import rebuild
from service.persistence.database import Database
from service.persistence.queries import ReadModelReads
from service.persistence.readmodels import READ_MODELS
from service.persistence.readpool import ReadPool
from service.usecases.interventions import By
from service.usecases.rewind import RollBackPhase
from tests.service.usecases.test_factionturn_play import candidate_orders, play_phase, played
from tests.support.service import gql, gql_as

CONSOLE = Path(__file__).parents[3] / "web/src/features/standings/api/standings.graphql"
VARIABLES = "campaignId"


class Built(ReadModelReads):
    """The reads with no precomputed answer: every answer built by the copy, as before (the reference)."""

    async def standings_answer(self, *args: Any) -> bytes | None:
        return None


def test_the_precomputed_selection_is_the_consoles() -> None:
    console = re.search(r"query Factions[^{]*\{.*?\n\}", CONSOLE.read_text(), re.S)
    assert console is not None
    ours, theirs, bench = plan_of(FACTIONS, None), plan_of(console.group(0), None), plan_of(STANDINGS, None)
    assert ours is not None and theirs is not None and bench is not None
    assert ours.selection == theirs.selection == bench.selection  # the bench measures the answer kept


def answer(reads: ReadModelReads, seat: Seat | None, campaign_id: UUID) -> bytes:
    data = asyncio.run(standings(reads, seat, FACTIONS, "Factions", {VARIABLES: str(campaign_id)}))
    assert data is not None
    return encode(data)


def assert_sent_as_built(intrigue: Intrigue, client: TestClient, campaign_id: UUID, who: dict[str, Any]) -> None:
    pool = ReadPool(intrigue.db.conninfo)
    kept, built = ReadModelReads(pool), Built(pool)
    sent: dict[str, bytes] = {}
    for name, (seat, token) in who.items():
        stored = asyncio.run(
            kept.standings_answer(
                campaign_id,
                "factions",
                name == "gm",
                tuple(i for i in (seat.faction_id, seat.house_id) if i) if seat else (),
            )
        )
        assert stored is not None, name  # the projection kept it: no row was built for this request
        sent[name] = answer(kept, seat, campaign_id)
        assert sent[name] == answer(built, seat, campaign_id), name  # byte for byte
        slow = FACTIONS.replace("(campaignId: $campaignId)", "(campaignId: $campaignId) @include(if: true)")
        executed = (
            gql_as(client, token, slow, campaignId=str(campaign_id))
            if token
            else gql(client, slow, campaignId=str(campaign_id))
        )  # graphql-core's execution: the directive keeps it off both
        assert orjson.loads(sent[name]) == executed["data"], name
    gm_token, player = who["gm"][1], who["player"][0]
    viewed = client.post(
        "/graphql",
        json={"query": FACTIONS, "variables": {VARIABLES: str(campaign_id)}},
        headers={"Authorization": f"Bearer {gm_token}", VIEW_AS: str(player.id)},
    )
    assert viewed.status_code == 200 and orjson.loads(sent["player"]) == viewed.json()["data"]
    assert sent["gm"] != sent["player"] != sent["observer"] == sent["none"]  # each its own part of the fog


@pytest.fixture(scope="module")
def campaign(intrigue: Intrigue) -> tuple[UUID, dict[str, Any]]:
    precompute_standings()
    played_campaign = played(intrigue, "precomputed standings", 2)
    faction_ids = [UUID(i) for i, kind in played_campaign.members.items() if kind == "faction"]
    spies = intrigue.store.load(faction_ids[-1], Faction)
    spies.set_stealth(next(iter(spies.assets)), True, "test setup: an asset only its owner and the GM see")
    intrigue.wait_for_projections(intrigue.store.commit(spies))
    campaign_id = played_campaign.id
    gm = intrigue.seats.seat_gm(campaign_id)
    player = intrigue.seats.create_seat(campaign_id, "player", "Ana", faction_id=faction_ids[-1])
    observer = intrigue.seats.create_seat(campaign_id, "observer", "Cy")
    who = {
        name: (intrigue.seats.resolve(f"Bearer {s.token}"), s.token)
        for name, s in (("gm", gm), ("player", player), ("observer", observer))
    }
    return campaign_id, who | {"none": (None, None)}


def test_precomputed_standings_are_sent_as_the_copy_builds_them_after_play_and_a_rollback(
    intrigue: Intrigue, client: TestClient, campaign: tuple[UUID, dict[str, Any]]
) -> None:
    campaign_id, who = campaign
    play_phase(intrigue, campaign_id)
    assert_sent_as_built(intrigue, client, campaign_id, who)
    # Changes of one faction between reads: another's (a GM's edit of its FacGold, which the GM's answer shows), then
    # the player's own (stealth: what the others' answers stop showing), each answer concatenated from the pieces.
    mine = who["player"][0].faction_id
    other = next(
        UUID(f["id"])
        for f in intrigue.state.of_kind(campaign_id, "faction")
        if UUID(f["id"]) != mine and not f["wild"] and not f["destroyed"]
    )
    before = asyncio.run(
        ReadModelReads(ReadPool(intrigue.db.conninfo)).standings_answer(campaign_id, "factions", True, ())
    )
    intrigue.gm.adjust(By(campaign_id, "gm", "a windfall"), other, "facgold", 7)  # the service waits for its read
    assert_sent_as_built(intrigue, client, campaign_id, who)
    assert (
        asyncio.run(ReadModelReads(ReadPool(intrigue.db.conninfo)).standings_answer(campaign_id, "factions", True, ()))
        != before
    )
    assert mine is not None
    stealth(intrigue, mine, not next(iter(intrigue.store.load(mine, Faction).assets.values())).stealthed)
    assert_sent_as_built(intrigue, client, campaign_id, who)
    intrigue.rewind.roll_back(RollBackPhase(campaign_id, 3, "a disputed phase"))
    assert_sent_as_built(intrigue, client, campaign_id, who)


def current_generation(db: Database) -> int:
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute("SELECT current FROM read_model_generation WHERE name = 'state'").fetchone()
    assert row is not None
    return int(row[0])


def kept_rows(db: Database) -> list[tuple[Any, ...]]:
    with psycopg.connect(db.conninfo) as conn:
        return conn.execute("SELECT * FROM standings_answer ORDER BY campaign_id, root, member_id").fetchall()


@pytest.mark.parametrize("workers", [1, 2])  # folded by the rebuild's own runner, or by parts in worker processes
def test_a_rebuild_keeps_the_same_precomputed_standings(
    fresh_db: Database, workers: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(rebuild_parts.WORKERS, str(workers))
    monkeypatch.setenv(rebuild_parts.PARALLEL_FROM, "1")  # a test's log is small
    intrigue = Intrigue(fresh_db)
    try:
        with TestClient(create_app(intrigue)):  # the app's process keeps them (it registers the composer)
            campaign = played(intrigue, "rebuilt standings", 2)
            intrigue.rewind.roll_back(RollBackPhase(campaign.id, 2, "a disputed phase"))
            before = kept_rows(fresh_db)
            assert {row[0] for row in before} == {campaign.id}
            rebuild(fresh_db, {**fresh_db.eventsourcing_env(2), "CREATE_TABLE": "n"}, READ_MODELS[0])
            assert current_generation(fresh_db) == 2  # the rows below are the new generation's
            assert kept_rows(fresh_db) == before
    finally:
        intrigue.close()


def test_a_writer_with_no_composer_leaves_no_stale_answer_and_the_next_one_keeps_them_whole(
    fresh_db: Database,
) -> None:
    intrigue = Intrigue(fresh_db)
    precompute_standings()
    try:
        campaign = played(intrigue, "no composer", 1)
        faction_id = next(UUID(f["id"]) for f in intrigue.state.of_kind(campaign.id, "faction") if f["assets"])
        composer = rows.COMPOSERS.pop("factions")
        try:  # a process that never registered one: a script on `bootstrap` alone
            stealth(intrigue, faction_id, True)
            assert kept_rows(fresh_db) == []
            pool = ReadPool(intrigue.db.conninfo)
            assert asyncio.run(ReadModelReads(pool).standings_answer(campaign.id, "factions", True, ())) is None
            assert answer(ReadModelReads(pool), None, campaign.id) == answer(Built(pool), None, campaign.id)
        finally:
            rows.register(composer)
        stealth(intrigue, faction_id, False)
        members = [UUID(i) for i, kind in campaign.members.items() if kind == "faction"]
        assert {row[2] for row in kept_rows(fresh_db)} == {rows.ZERO, *members}  # every member, not the changed one
    finally:
        intrigue.close()


def stealth(intrigue: Intrigue, faction_id: UUID, hidden: bool) -> None:
    faction = intrigue.store.load(faction_id, Faction)
    faction.set_stealth(next(iter(faction.assets)), hidden, "test: a change to one faction")
    intrigue.wait_for_projections(intrigue.store.commit(faction))


def written_at(db: Database, campaign_id: UUID) -> dict[UUID, str]:
    """The transaction that last wrote each row of the campaign's answers (its members' pieces and its marker)."""
    with psycopg.connect(db.conninfo) as conn:
        current = conn.execute("SELECT current FROM read_model_generation WHERE name = 'state'").fetchone()
        assert current is not None
        found = conn.execute(
            f"SELECT member_id, xmin::text FROM standings_answer_g{current[0]}"  # type: ignore[call-overload]
            " WHERE campaign_id = %s",
            (campaign_id,),
        ).fetchall()
    return {row[0]: str(row[1]) for row in found}


def test_an_order_leaves_the_answers_unwritten_and_a_change_they_show_rewrites_that_factions_pieces_alone(
    fresh_db: Database,
) -> None:
    system = Intrigue(fresh_db)
    precompute_standings()
    try:
        campaign = played(system, "orders unwritten", 1)
        system.campaigns.open_phase(campaign.id)
        factions = [
            system.store.load(UUID(f["id"]), Faction)
            for f in system.state.of_kind(campaign.id, "faction")
            if f["assets"] and not f["wild"]
        ]
        before = written_at(fresh_db, campaign.id)
        submitted = False
        for orders in candidate_orders(factions[0], factions):
            try:
                system.factionturn.submit_orders(campaign.id, factions[0].id, orders)
            except RuleViolationError:
                continue
            submitted = True
            break
        assert submitted
        assert written_at(fresh_db, campaign.id) == before  # its order is no field the answer shows
        stealth(system, factions[0].id, not next(iter(factions[0].assets.values())).stealthed)
        after = written_at(fresh_db, campaign.id)
        assert after.keys() == before.keys()
        assert {member for member in before if after[member] != before[member]} == {factions[0].id}
    finally:
        system.close()
