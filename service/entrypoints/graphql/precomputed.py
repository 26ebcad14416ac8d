"""The standings answers the projection precomputes (projections/standings.py, issue 31 item 2), made and read here.

The composer makes each faction's elements of the console's standings query (web/src/features/standings/api/
standings.graphql, `Factions`): through the visibility views, for a seat of each class the visibility room names
(service/usecases/visibility/classes.py), then copied out by the standings copy's plan and encoded as an answer is
(graphql/standings.py, answers.py): the very bytes the copy would send. The projection calls it in the page that
changes a campaign's factions; a request with that selection reads them back as they are.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from uuid import UUID

import orjson

from domain.phase_chronicle import narrating
from projections import standings as rows
from projections.jsonsafe import owned
from projections.read_back import jsonb_order
from service.entrypoints.graphql.core.answers import encode
from service.entrypoints.graphql.core.visibility import OVER
from service.entrypoints.graphql.factionturn.factions import Asset, Faction
from service.entrypoints.graphql.standings import copy_in, copy_out, plan_of
from service.usecases.visibility import FACTION, Reader, faction_view, seats_of

# The console's standings of factions, as it sends it; tests/service/persistence/test_standings_precomputed.py checks
# the two selections are one.
FACTIONS = """query Factions($campaignId: UUID!) {
  factions(campaignId: $campaignId) {
    id name force cunning wealth hp maxHp facgold xp tags homeRegionId destroyed wild
    assets { id typeKey name attribute regionId hp maxHp stealthed }
  }
}"""


class FactionStandings:
    """Each faction's elements of `FACTIONS`' answer, as the GM, the public and its own seat read it."""

    root, kind, also, document = "factions", FACTION.kind, frozenset({"phasechronicle"}), FACTIONS

    def __init__(self) -> None:
        # The document parsed and validated once, when the composer is registered (a process's start), not in the
        # first resolution's transaction, nor again once other queries pushed it out of `plan_of`'s cache (issue 31,
        # P6: 3 ms of a big phase's standings in a process that had not composed them yet).
        self.plan = plan_of(self.document, None)

    def compose(self, campaign_id: UUID, ids: list[UUID] | None, read: rows.Reader) -> list[rows.Member]:
        plan = self.plan
        assert plan is not None, "the console's standings are plain standings"
        states = read(self.kind, ids)
        # As service/persistence/queries.py reads them: with the narratives their chronicles keep, where the
        # document selects them (the console's does not: every phase's chronicle read at each resolution, for
        # nothing, grew with the campaign's history).
        if states and _narrated(plan):
            states = narrating(states, read("phasechronicle", None))
        own_as_gm, assets = _own_is_gm(plan), _assets(plan)
        return [self._member(plan, campaign_id, state, own_as_gm, assets) for state in states]

    def shown(self) -> frozenset[str]:
        """The phase chronicles change an element only where the document selects the narratives (the console's
        does not): a chronicle's change alone then leaves every element as it was."""
        plan = self.plan
        return self.also if plan is None or _narrated(plan) else frozenset()

    @staticmethod
    def _member(plan: Any, campaign_id: UUID, state: dict[str, Any], own_as_gm: bool, assets: Any) -> rows.Member:
        # The answer lists a faction's assets in its dict's order: jsonb's, as a row reads back, whatever order the
        # state came in (the page hands its own: projections/standings.py `Held`, issue 31 P6, session 24).
        held = state.get("assets")
        if type(held) is dict:
            state = {**state, "assets": {k: held[k] for k in jsonb_order(held)}}
        member_id = UUID(state["id"])
        seats = seats_of(FACTION, campaign_id, member_id)
        made: dict[int, tuple[dict[str, Any], bytes]] = {}  # an asset's element by its view's row (gm and public share)
        gm = _element(plan, faction_view(state, seats[Reader.GM]), assets, made)
        public = _element(plan, faction_view(state, seats[Reader.PUBLIC]), assets, made)
        own = gm if own_as_gm else _element(plan, faction_view(state, seats[Reader.OWN]), assets, made)
        return rows.Member(member_id, state.get("name"), gm, public, own)


def _element(plan: Any, view: dict[str, Any], assets: Any, made: dict[int, tuple[dict[str, Any], bytes]]) -> bytes:
    """`encode(copy_out(plan, Faction.from_state(view)))`, each asset's element made once per row of the view
    (issue 31, P6: a faction's assets were most of its three elements' cost, and the GM's and the public's views
    hold the very same rows)."""
    if assets is None:
        return encode(copy_out(plan, Faction.from_state(view)))
    try:
        out = copy_out(plan, Faction.from_state({**view, "assets": {}}))
        elements = []
        for row in view["assets"].values():
            kept = made.get(id(row))
            if kept is None or kept[0] is not row:  # the row held, so its id is not another's
                kept = made[id(row)] = (row, orjson.dumps(copy_in(assets.inner, Asset.from_state(row))))
            elements.append(orjson.Fragment(kept[1]))
        out[assets.key] = elements
        return owned(orjson.dumps(out, option=orjson.OPT_NON_STR_KEYS))
    except TypeError:  # a lone surrogate: `encode`'s own path, whole
        return encode(copy_out(plan, Faction.from_state(view)))


@lru_cache(maxsize=8)
def _own_is_gm(plan: Any) -> bool:
    """Whether a faction's own seat reads every field the plan selects as the GM does (the visibility room says,
    from the read-model fields the type's fields are made from): then its own element is the GM's."""
    over = OVER.get("Faction")
    if over is None or over.model is not FACTION:
        return False
    names = [over.field_of(f.name) for f in plan.fields if f.get is not None]
    return None not in names and FACTION.owner_reads_as_gm(n for n in names if n is not None)


@lru_cache(maxsize=8)
def _narrated(plan: Any) -> bool:
    """Whether the plan selects a faction's narratives, which its phase chronicles hold."""
    return any(f.name == "narratives" for f in plan.fields)


@lru_cache(maxsize=8)
def _assets(plan: Any) -> Any:
    """The plan's one selection of the faction's assets, to make each asset's element once; None if none or two."""
    found = [f for f in plan.fields if f.name == "assets"]
    return found[0] if len(found) == 1 and found[0].many and found[0].inner else None


def precompute_standings() -> None:
    """Have this process's projection writers keep the standings answers (the app and every CLI command do)."""
    rows.register(FactionStandings())
