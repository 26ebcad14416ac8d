"""The standings answers the projection precomputes (projections/standings.py, issue 31 item 2), made and read here.

The composer makes each faction's elements of the console's standings query (web/src/features/standings/api/
standings.graphql, `Factions`): through the visibility views, for a seat of each class the visibility room names
(service/usecases/visibility/classes.py), then copied out by the standings copy's plan and encoded as an answer is
(graphql/standings.py, answers.py): the very bytes the copy would send. The projection calls it in the page that
changes a campaign's factions; a request with that selection reads them back as they are.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.phase_chronicle import narrating
from projections import standings as rows
from service.entrypoints.graphql.core.answers import encode
from service.entrypoints.graphql.factionturn.factions import Faction
from service.entrypoints.graphql.standings import copy_out, plan_of
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

    def compose(self, campaign_id: UUID, ids: list[UUID] | None, read: rows.Reader) -> list[rows.Member]:
        plan = plan_of(FACTIONS, None)
        assert plan is not None, "the console's standings are plain standings"
        states = read(self.kind, ids)
        if states:  # as service/persistence/queries.py reads them: with the narratives their chronicles keep
            states = narrating(states, read("phasechronicle", None))
        return [self._member(plan, campaign_id, state) for state in states]

    @staticmethod
    def _member(plan: Any, campaign_id: UUID, state: dict[str, Any]) -> rows.Member:
        seats = seats_of(FACTION, campaign_id, UUID(state["id"]))
        shown = {
            reader: encode(copy_out(plan, Faction.from_state(faction_view(state, seat))))
            for reader, seat in seats.items()
        }
        return rows.Member(
            UUID(state["id"]), state.get("name"), shown[Reader.GM], shown[Reader.PUBLIC], shown[Reader.OWN]
        )


def precompute_standings() -> None:
    """Have this process's projection writers keep the standings answers (the app and every CLI command do)."""
    rows.register(FactionStandings())
