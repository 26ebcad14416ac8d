"""Every schema field (Type.field) and REST path with its visibility decision: the canary crawl's registry.

A field or path added without an entry here fails tests/service/test_canary_crawl.py, which walks them all
from every seat that must not know a secret. The decisions:
- public: every seat, and a request with no token, may read it;
- seat: each seat reads it as service/usecases/visibility.py filters it (the GM and the owner whole, others
  the public part: null, empty or left out);
- gm: the campaign's GM only; everyone else is refused;
- own: a player seat for its own faction or house, and the GM; everyone else is refused;
- once: answered once to whom it is issued (a seat's bearer token), never again;
- caller: about the caller itself (the seat its token names).
A root field's decision must agree with the GraphQL guard's access policy (service/entrypoints/graphql/guards.py,
POLICY), which enforces it; the canary crawl checks that they agree.
"""

from __future__ import annotations

from typing import Final

WHERE: Final = "service/usecases/visibility_registry.py (DECISIONS, or REST for a REST path)"


def _fields(type_name: str, decision: str, names: str) -> dict[str, str]:
    return {f"{type_name}.{name}": decision for name in names.split()}


DECISIONS: Final[dict[str, str]] = {
    # ---- Query: who may ask ----------------------------------------------------------------------------------
    **_fields("Query", "public", "campaigns campaign factions faction houses house areas chronicle"),
    **_fields("Query", "gm", "campaignAsOf seats eventLog phaseLog gmChronicle phaseSeries actionSuccess "
                             "diceFairness"),
    **_fields("Query", "caller", "me"),
    # A player's own report, the GM's any member's: the use case decides (service/usecases/phase_reports.py).
    **_fields("Query", "caller", "phaseReport"),
    **_fields("Query", "own", "buyableAssets factionOrders houseOrders"),  # affordability tells secret FacGold
    **_fields("Query", "gm", "chronicleDraft orderStatus"),  # unpublished drafts; who has submitted
    # ---- Mutation: who may call (the answer is the caller's own view of what changed) -----------------------------
    **_fields("Mutation", "public", "createCampaign"),
    **_fields("Mutation", "own", "submitFactionOrders orderHouseAction moveTroops huntAttackSource "
                                 "withdrawFactionOrders withdrawHouseAction amendHouseAction repairArea "
                                 "consentToMerger"),
    **_fields("Mutation", "gm", "publishChronicle revokeSeat reissueSeatToken imposeHouseCircumstance mergeFactions"),
    **_fields("Mutation", "gm", "addRegions openPhase resolvePhase rollBackPhase createSeat foundFaction "
                                "foundExampleFaction generateFactions populateTheWild gainInfluence registerHouse "
                                "appointLieutenant updateCharacter enlistMember dismissMember addPriest "
                                "assignArea stationTroops resolveAssetAdventure createAsset transferAsset "
                                "setBaseOfInfluence foilFactionPlan moveMonster attackWithMonster "
                                "setRegionalGovernment setAreaControl decideFate settleHouseAction adjust "
                                "defineAssetType defineCustomAction orderCustomAction orderHouseCustomAction "
                                "draftChronicle writeTurnSummary writeGossip"),
    # ---- Subscriptions ---------------------------------------------------------------------------------------
    **_fields("CampaignSubscription", "gm", "campaignEvents"),
    **_fields("CampaignSubscription", "seat", "phaseResults"),  # any seat of the campaign, no secret in it
    **_fields("PhaseResult", "public", "campaignId phase status position"),
    **_fields("PhaseResult", "caller", "report"),  # the listening player's own report; null for others
    # ---- A seat's phase report: its own member's events as it may see them (service/usecases/phase_report.py)
    **_fields("PhaseReport", "caller", "campaignId phase kind memberId initiative orders rolls income costs ledger "
                                       "damageTaken damageDealt learned"),
    **_fields("ReportOrder", "caller", "action actor targetId outcome week when rolls"),
    **_fields("ReportDamage", "caller", "memberId amount byMemberId reason assetId hpLeft memberDamage rolls"),
    **_fields("ReportLearned", "caller", "kind action week expectedWeek when expected aggressorId targetId result "
                                         "details areaIds"),
    **_fields("ReportDetail", "caller", "key value"),
    **_fields("ReportMoney", "caller", "amount reason"),
    **_fields("Roll", "caller", "expression faces modifiers base total purpose rule actor"),
    **_fields("RollModifier", "caller", "source value"),
    # ---- Orders: a member's own, read back by its seat and the GM; who has submitted, the GM's ---------------
    **_fields("SubmittedOrders", "own", "id kind name orders submitted"),
    **_fields("OrderStatus", "gm", "phase members status"),
    **_fields("BuyableAsset", "own", "typeKey name attribute rating hp cost attack counter kind needsPermission"),
    # ---- The campaign, its map and its seats -----------------------------------------------------------------
    **_fields("Campaign", "public", "id name ruleSystems seeded phase phaseStatus createdAt regions"),
    **_fields("Campaign", "once", "gmToken"),
    **_fields("Region", "public", "id campaignId name q r arcana population tags terrainDifficulty wild "
                                  "governingFactionId monthlyIncome controllingHouseId"),
    # Others' seats: the GM's list only.
    **_fields("Seat", "caller", "id campaignId role name factionId houseId revoked"),
    **_fields("IssuedSeat", "once", "seat token"),
    # ---- Faction Turn ----------------------------------------------------------------------------------------
    **_fields("Faction", "public", "id campaignId name force cunning wealth hp maxHp tags homeRegionId destroyed "
                                   "wild narratives"),
    **_fields("Faction", "seat", "facgold xp goal assets"),  # assets: stealthed ones to the owner and GM only
    **_fields("Asset", "seat", "id typeKey name attribute regionId hp maxHp stealthed threatened usableFrom"),
    # ---- Game of Bones ---------------------------------------------------------------------------------------
    **_fields("House", "public", "id campaignId name rank enteredGame destroyed leader lieutenants areaIds"),
    **_fields("House", "seat", "members priests influence power grantedPower gold dedicatedInfluence dedicatedPower "
                               "effectiveRank effectiveInfluence availableInfluence availablePower actionBonuses "
                               "influenceDefence powerDefence pendingActions knowledge circumstances spies areas "
                               "areaDamage"),  # seed 000, Vandalism: the damage and bill, the house's own
    **_fields("AreaDamage", "seat", "areaId darkWeeks halfWeeks incomePercent repairCost"),
    **_fields("Character", "public", "name level status skills"),
    **_fields("SkillModifier", "public", "skill modifier"),
    **_fields("Member", "seat", "name classes"),  # seed 000, Gaining Power: members give away secret Power
    **_fields("ClassLevel", "seat", "characterClass level"),
    **_fields("Priest", "seat", "name level fatespinnerPriestess"),  # seed 000, Gaining Influence: by their levels
    **_fields("PendingAction", "seat", "id action actor phase startWeek resolveWeek releaseWeek dedicatedInfluence "
                                       "dedicatedPower gold targetHouseId targetCharacter areaIds resolved covered "
                                       "starts resolves releases"),
    **_fields("WeekOfMonth", "seat", "week month weekOfMonth"),
    **_fields("Area", "public", "id name q r monthlyIncome controllingHouseId"),
    **_fields("Area", "seat", "troops"),  # troops moved in secret: their house and the GM only
    **_fields("Troops", "seat", "houseId power"),
    **_fields("InfluenceAttempt", "gm", "succeeded roll house"),
    **_fields("SourceHunt", "own", "found aggressorHouseId result roll knowledge house"),
    # ---- The GM's tools: answered to the GM only -------------------------------------------------------------
    **_fields("AggregateState", "gm", "id kind version state"),
    **_fields("Intervened", "gm", "id kind version state"),
    **_fields("MonsterAttackResult", "gm", "hit countered rolls target"),
    **_fields("MergerResult", "gm", "faction dissolved rolls sold"),
    **_fields("AuditConnection", "gm", "edges nodes pageInfo totalCount"),
    **_fields("AuditEdge", "gm", "cursor node"),
    **_fields("AuditEvent", "gm", "position aggregateId version topic timestamp payload"),
    **_fields("PageInfo", "public", "hasNextPage hasPreviousPage startCursor endCursor"),  # where a page lies, no more
    **_fields("CampaignConnection", "public", "edges nodes pageInfo totalCount"),
    **_fields("CampaignEdge", "public", "cursor node"),
    **_fields("TurnSummary", "gm", "actorId text"),
    # ---- The charts: built from every member's full standing and the whole log, so the GM's ----------------------
    **_fields("SeriesPoint", "gm", "phase aggregateId kind name rank influence power hp facgold assetsByType"),
    **_fields("ActionRate", "gm", "actor action attempts successes rate"),
    **_fields("DieSummary", "gm", "sides rolls counts chiSquare pValue"),
    # ---- What every seat hears: the public chronicle -----------------------------------------------------------
    **_fields("Gossip", "public", "actorId lines spin"),
}

REST: Final[dict[str, str]] = {
    "GET /health": "public",
    "GET /openapi.yaml": "public",
    "GET /campaigns": "public",
    "POST /campaigns": "public",
    "GET /campaigns/{campaign_id}": "public",
    "GET /campaigns/{campaign_id}/regions": "seat",
    "POST /campaigns/{campaign_id}/regions": "gm",
    "POST /campaigns/{campaign_id}/phases": "gm",
    "GET /campaigns/{campaign_id}/phases/current": "public",
    "POST /campaigns/{campaign_id}/phases/current/resolve": "gm",
    "POST /campaigns/{campaign_id}/phases/{phase}/rollback": "gm",
    "GET /campaigns/{campaign_id}/factions": "seat",
    "PUT /campaigns/{campaign_id}/factions/{faction_id}/orders": "own",
    "GET /campaigns/{campaign_id}/houses": "seat",
    "POST /campaigns/{campaign_id}/houses/{house_id}/actions": "own",
    "GET /campaigns/{campaign_id}/state": "gm",
    "POST /campaigns/{campaign_id}/rolls": "gm",
    "GET /campaigns/{campaign_id}/seats": "gm",
    "POST /campaigns/{campaign_id}/seats": "gm",
    "GET /campaigns/{campaign_id}/events": "gm",
    "GET /campaigns/{campaign_id}/phases/{phase}/report": "caller",
    "GET /campaigns/{campaign_id}/factions/{faction_id}/orders": "own",
    "DELETE /campaigns/{campaign_id}/factions/{faction_id}/orders": "own",
    "GET /campaigns/{campaign_id}/houses/{house_id}/actions": "own",
    "PUT /campaigns/{campaign_id}/houses/{house_id}/actions/{action_id}": "own",
    "DELETE /campaigns/{campaign_id}/houses/{house_id}/actions/{action_id}": "own",
    "GET /campaigns/{campaign_id}/orders": "gm",
    "DELETE /campaigns/{campaign_id}/seats/{seat_id}/token": "gm",
    "POST /campaigns/{campaign_id}/seats/{seat_id}/token": "gm",
    "POST /campaigns/{campaign_id}/houses/{house_id}/areas/{area_id}/repair": "own",
    "POST /campaigns/{campaign_id}/factions/{faction_id}/merger-consent": "own",
    "POST /campaigns/{campaign_id}/mergers": "gm",
}
