"""Who may read each GraphQL field that is over no read model, and who may call each root field: declared once, here.

A field of a type over a read model (`@over(...)`, service/entrypoints/graphql/core/visibility.py) takes its decision
from the read model's field declaration (service/usecases/visibility/read_models.py) and is not listed here; every other
object field is. A field with neither fails the schema's build (`undecided`, checked in schema.py) and
tests/entrypoints/graphql/test_canary_crawl.py, which walks every field from every seat that must not know a secret.
A root field's decision is also who may call it: the GraphQL guard's `POLICY` is derived from it (guards.py). The words
(service/usecases/visibility/decisions.py):
- public: every seat, and a request with no token, may read it;
- seat: each seat reads it as service/usecases/visibility/ filters it (the GM and the owner whole, others
  the public part: null, empty or left out);
- gm: the campaign's GM only; everyone else is refused;
- own: a player seat for its own faction or house, and the GM; everyone else is refused;
- once: answered once to whom it is issued (a seat's bearer token), never again;
- caller: about the caller itself (the seat its token names).
"""

from __future__ import annotations

from typing import Final

from service.usecases.visibility import Decision

WHERE: Final = (
    "service/entrypoints/graphql/core/decisions.py (DECISIONS), or the read model's field declaration in "
    "service/usecases/visibility/read_models.py for a type over one"
)


def _fields(type_name: str, decision: str, names: str) -> dict[str, Decision]:
    return {f"{type_name}.{name}": Decision(decision) for name in names.split()}


DECISIONS: Final[dict[str, Decision]] = {
    # ---- Query: who may ask (guards.POLICY) -----------------------------------------------------------------
    # `campaigns` is open unless INTRIGUE_OPEN_CAMPAIGN_LIST is off: then each seat its own campaign, decided in
    # service/entrypoints/shared/campaign_list.py (not by the guard, so graphql/core/answers.py may keep its answers).
    # `campaign`'s `asOf` argument is the GM's: checked in graphql/gm/history.py `past_campaign`. Each seat reads every
    # member as service/usecases/visibility/ filters it.
    **_fields("Query", "public", "campaigns campaign factions faction houses house areas chronicle"),
    # The phase log is rebuilt state, unfiltered: every secret as it stood; the GM chronicle's summaries hold every
    # secret of the phase.
    **_fields("Query", "gm", "seats eventLog phaseLog gmChronicle actionSuccess diceFairness"),
    **_fields("Query", "public", "phaseSeries"),  # its points are each seat's view (SeriesPoint below)
    **_fields("Query", "caller", "me"),
    # A player's own report, the GM's any member's: the use case decides (service/usecases/phase_reports.py).
    **_fields("Query", "caller", "phaseReport phaseSummary"),
    **_fields("Query", "own", "buyableAssets factionOrders houseOrders"),  # affordability tells secret FacGold
    **_fields("Query", "gm", "chronicleDraft orderStatus"),  # unpublished drafts; who has submitted
    **_fields("Query", "gm", "draftOrders gmRunPowers"),  # issue 19: drafted from the truth; the GM's own plans
    # Issue 18: the phase timeline's branches and a rollback's preview name secret orders and the GM's reasons.
    **_fields("Query", "gm", "phaseBranches rollbackPreview"),
    **_fields("PhaseBranch", "gm", "phase attempt beganAt resolvedAt rolledBack rolledBackAt reason"),
    **_fields("UndoneOrderView", "gm", "phase memberId action outcome"),
    **_fields("RollbackPreview", "gm", "phase phases events results orders"),
    # Issue 28: the table's own dice; the next roll names who rolls for what (the phase's secret orders).
    **_fields("Query", "gm", "diceSource tableDiceStep"),
    **_fields("Mutation", "gm", "setDiceSource enterTableDice abandonTableDice"),
    **_fields("DiceSourceSetting", "gm", "campaignId phase source"),
    **_fields("TableDiceStep", "gm", "campaignId phase entered next resolved"),
    **_fields("TableRoll", "gm", "expression count sides keepsHighest purpose rule rollerId roller modifiers faces"),
    # Issue 32: the GM's webhooks (an endpoint's address is a credential for Discord and Slack; its secret is never
    # answered); what a delivery says is an observer's view, built in service/usecases/news.py.
    **_fields("Query", "gm", "webhooks"),
    **_fields("Mutation", "gm", "registerWebhook removeWebhook sendWebhookTest announceOrdersDue"),
    **_fields("WebhookEndpoint", "gm", "id campaignId url kinds format createdAt lastError deliveries"),
    **_fields(
        "WebhookDelivery",
        "gm",
        "id kind position createdAt attempts nextAttemptAt deliveredAt gaveUpAt lastStatus lastError state",
    ),
    **_fields("OrdersDue", "gm", "campaignId dueAt noticeAt"),
    # ---- Mutation: who may call (the answer is the caller's own view of what changed) -----------------------------
    **_fields("Mutation", "public", "createCampaign"),  # its caller becomes the new campaign's GM
    # Orders come from the GM or the member's own player (seeds 000 and 002), and are taken back while the phase is
    # open; seed 000: a source hunt is the targeted house's own check (its finding is secret), and the controlling
    # house pays its own repairs (Vandalism); seed 002, Mergers: the faction's own consent, or the GM's for it.
    # Issue 32: a fork copies every secret of the history (the source's GM's to give); a sector adds regions.
    **_fields("Mutation", "gm", "forkCampaign importSector"),
    **_fields("Query", "gm", "forks"),
    **_fields(
        "Mutation",
        "own",
        "submitFactionOrders orderHouseAction moveTroops huntAttackSource "
        "withdrawFactionOrders withdrawHouseAction amendHouseAction repairArea "
        "consentToMerger",
    ),
    # Setup, judgement calls (seed 000's circumstances, the merger's score, tags and dice) and writing: the GM's.
    **_fields("Mutation", "gm", "markGmRun acceptAllDrafts acceptDraft rejectDraft playDowntime"),  # issue 19
    **_fields("Mutation", "gm", "publishChronicle revokeSeat reissueSeatToken imposeHouseCircumstance mergeFactions"),
    **_fields(
        "Mutation",
        "gm",
        "addRegions openPhase resolvePhase rollBackPhase createSeat foundFaction "
        "foundExampleFaction generateFactions populateTheWild gainInfluence registerHouse "
        "appointLieutenant updateCharacter enlistMember dismissMember addPriest "
        "assignArea stationTroops resolveAssetAdventure createAsset transferAsset "
        "setBaseOfInfluence foilFactionPlan moveMonster attackWithMonster "
        "setRegionalGovernment setAreaControl decideFate settleHouseAction adjust "
        "defineAssetType defineCustomAction orderCustomAction orderHouseCustomAction "
        "draftChronicle writeTurnSummary writeGossip",
    ),
    # ---- Subscriptions ---------------------------------------------------------------------------------------
    **_fields("CampaignSubscription", "gm", "campaignEvents"),
    **_fields("CampaignSubscription", "seat", "phaseResults"),  # any seat of the campaign, its `summary` filtered
    # Any seat of the campaign; which kinds each seat hears: service/usecases/visibility/live.py, `change_seen_by`.
    **_fields("CampaignSubscription", "seat", "campaignChanges"),
    **_fields("CampaignChange", "seat", "campaignId kind position acknowledgement"),
    **_fields("PhaseResult", "public", "campaignId phase status"),
    **_fields("PhaseResult", "seat", "position"),  # the GM a log position; others the result's number
    **_fields("PhaseResult", "caller", "report"),  # the listening player's own report; null for others
    # The phase as the seat's class may hear it: service/usecases/visibility/live.py `summary_scope`.
    **_fields("PhaseResult", "seat", "summary"),
    **_fields("PhaseSummary", "seat", "campaignId phase scope reports gossip turnSummaries"),
    # ---- A seat's phase report: its own member's events as it may see them (service/usecases/phase_report.py)
    **_fields(
        "PhaseReport",
        "caller",
        "campaignId phase kind memberId initiative orders rolls income costs ledger damageTaken damageDealt learned",
    ),
    **_fields("ReportOrder", "caller", "action actor targetId outcome week when rolls"),
    **_fields("ReportDamage", "caller", "memberId amount byMemberId reason assetId hpLeft memberDamage rolls"),
    **_fields(
        "ReportLearned",
        "caller",
        "kind action week expectedWeek when expected aggressorId targetId result details areaIds",
    ),
    **_fields("ReportDetail", "caller", "key value"),
    **_fields("ReportMoney", "caller", "amount reason"),
    **_fields("Roll", "caller", "expression faces modifiers base total purpose rule actor"),
    **_fields("RollModifier", "caller", "source value"),
    # ---- Orders: a member's own, read back by its seat and the GM; who has submitted, the GM's ---------------
    **_fields("SubmittedOrders", "own", "id kind name orders submitted"),
    **_fields("OrderStatus", "gm", "phase members status"),
    # A faction's orders read back (`factionOrders`): its own seat's and the GM's, as the root field is.
    **_fields(
        "FactionOrders",
        "own",
        "phase action goal raiseRatings defences permissions rerolls narrative "
        "freeUses bookOfSecrets allowSeizure contestExpansions",
    ),
    **_fields("AttackOrder", "own", "strikes"),
    **_fields("StrikeOrder", "own", "attackerId targetFactionId targetAssetId"),
    **_fields("BuyAssetOrder", "own", "typeKey regionId forAssetId"),
    **_fields("ChangeHomeOrder", "own", "regionId"),
    **_fields("ExpandInfluenceOrder", "own", "regionId hp"),
    **_fields("RefitAssetOrder", "own", "assetId typeKey"),
    **_fields("RepairAssetOrder", "own", "assets faction"),
    **_fields("RepairStep", "own", "assetId steps"),
    **_fields("SellAssetOrder", "own", "assetId"),
    **_fields("SeizeRegionOrder", "own", "regionId"),
    **_fields("UseAssetAbilityOrder", "own", "uses"),
    **_fields("AbilityUseOrder", "own", "assetId regionId targetFactionId targetAssetId carriedIds typeKey"),
    **_fields("CustomActionOrder", "own", "name turns costPerTurn definitionKey"),
    **_fields("GoalChoiceOrder", "own", "goal target"),
    **_fields("DefenceOrder", "own", "regionId defenderId baseAbsorbs"),
    **_fields("PermissionOrder", "own", "factionId answer"),
    # What the GM defines (defineAssetType, defineCustomAction): answered to the GM, as the mutations are.
    **_fields(
        "CustomAssetType",
        "gm",
        "key name attribute rating hp cost arcana kind attack counter maintenance ability needsPermission",
    ),
    **_fields(
        "CustomActionDefinition",
        "gm",
        "key name system duration cost description dedicatedInfluence "
        "dedicatedPower check onSuccess onFailure influenceSpending",
    ),
    **_fields("CustomCheck", "gm", "dice stat dc opposedId opposedStat"),
    **_fields("CustomEffect", "gm", "field value mode targetId"),
    **_fields("BuyableAsset", "own", "typeKey name attribute rating hp cost attack counter kind needsPermission"),
    # ---- Issue 17: the seeds' tables (public; a campaign's own asset types to its seats, checked in
    # service/entrypoints/graphql/campaign/catalog.py), and what a member can do now (its own seat and the GM) --
    **_fields("Query", "public", "assetTypes goals tags exampleFactions houseActions gainingTables rankTable"),
    **_fields("Query", "own", "factionPreview housePreview"),
    **_fields("Query", "own", "factionOrdersCheck"),  # issue 28: whole orders judged, as the submission would
    **_fields("OrdersVerdict", "own", "allowed reason rule"),
    **_fields(
        "AssetTypeRow",
        "public",
        "key name attribute rating hp cost arcana kind attack counter codes "
        "needsPermission hasAction hasSpecial maintenance vehicle boughtAsAsset "
        "custom text rule",
    ),
    **_fields("GoalRow", "public", "key name requirement difficulty d12 text rule"),
    **_fields("TagRow", "public", "key name perRegion d20 text rule"),
    **_fields("ExampleFactionRow", "public", "name force cunning wealth statedHp maxHp tags assets rule"),
    **_fields("ExampleAssetRow", "public", "printed attribute rating typeKey match"),
    **_fields("ScaleRow", "public", "base per unit text"),
    **_fields(
        "HouseActionRow",
        "public",
        "name influenceRequirement powerRequirement dedicatedInfluence "
        "dedicatedPower gold weeks skill dc opposedBy target defence hostile "
        "text rule",
    ),
    **_fields("InfluenceSourceRow", "public", "key gainedBy influence unit skill dc text rule"),
    **_fields("PowerRateRow", "public", "characterClass perLevel higherPerLevel upToLevel text rule"),
    **_fields("RankRow", "public", "rank total actionBonuses defenceHigh defenceLow text rule"),
    **_fields("GainingTables", "public", "influence power"),
    **_fields("FactionPreview", "own", "factionId facgoldAtAction options"),
    # ---- Issue 19: the assistant's drafts and GM-run powers, the GM's alone ---------------------------------
    **_fields("DraftedOrders", "gm", "memberId kind temperament draftedActions chosen passedOver"),
    **_fields("DraftChoice", "gm", "summary reasons odds score line"),
    **_fields("GmRunPower", "gm", "memberId kind name temperament setByGm"),
    **_fields("DowntimePlayed", "gm", "firstPhase phases rollbackPhase draftsGiven"),
    **_fields(
        "FactionOption",
        "own",
        "kind cost allowed reason rule regionId typeKey name assetId targetFactionId targetAssetId odds",
    ),
    **_fields(
        "HouseOption",
        "own",
        "action actor targetHouseId targetCharacter areaIds power toAreaId "
        "coveredActionId influenceRequirement powerRequirement dedicatedInfluence "
        "dedicatedPower gold allowed reason rule odds oddsByPower",
    ),
    **_fields("PowerOdds", "own", "power odds"),
    # Issue 19: an option's exact odds, computed for the asking seat from what it may know (domain/odds/: a
    # rival's secrets give `known: false`), the GM's from the truth; answered where the preview is.
    **_fields(
        "AttackOdds",
        "own",
        "defenderId defenderKnown attackTotal defenceTotal hit tie miss damage "
        "expectedDamage counter counterDamage expectedCounterDamage tieRule notes",
    ),
    **_fields(
        "HouseOdds", "own", "action dc success attackTotal defenceTotal known unknownReason bands expected notes"
    ),
    **_fields("OddsBand", "own", "name chance effects"),
    **_fields("OddsEffect", "own", "name mean exact"),
    **_fields("ExactValue", "own", "known value exact unknownReason"),
    **_fields("ExactDistribution", "own", "known outcomes expected unknownReason"),
    **_fields("ExactOutcome", "own", "value probability exact"),
    # ---- The campaign, its map and its seats -----------------------------------------------------------------
    **_fields("Campaign", "public", "id name ruleSystems seeded phase phaseStatus createdAt regions"),
    **_fields("Campaign", "once", "gmToken"),
    # Its members as the seat may see them; `asOf` is null but for the GM's `campaign(id, asOf: ...)`, the past
    # being the GM's (service/entrypoints/graphql/gm/history.py `past_campaign`).
    **_fields("Campaign", "seat", "factions houses areas"),
    **_fields("Campaign", "public", "asOf"),
    # Where a fork came from is part of what the campaign is, as its name: public (the source's public state is
    # anyone's already; its secrets and seats stay its own).
    **_fields("Campaign", "public", "forkedFrom"),
    **_fields("ForkOrigin", "public", "campaignId phase"),
    **_fields("PastPoint", "gm", "phase position lastPosition"),
    # Others' seats: the GM's list only.
    **_fields("Seat", "caller", "id campaignId role name factionId houseId revoked"),
    **_fields("IssuedSeat", "once", "seat token"),
    # ---- Game of Bones: a week in a pending action or a piece of knowledge, the house's own ---------------------
    **_fields("WeekOfMonth", "seat", "week month weekOfMonth"),
    **_fields("InfluenceAttempt", "gm", "succeeded roll house"),
    **_fields("SourceHunt", "own", "found aggressorHouseId result roll knowledge house"),
    # ---- The GM's tools: answered to the GM only -------------------------------------------------------------
    **_fields("MonsterAttackResult", "gm", "hit countered rolls target"),
    **_fields("MergerResult", "gm", "faction dissolved rolls sold"),
    **_fields("SoldAsset", "gm", "assetId name factionId facgold"),
    **_fields("AuditConnection", "gm", "edges nodes pageInfo totalCount"),
    **_fields("AuditEdge", "gm", "cursor node"),
    **_fields("AuditEvent", "gm", "position aggregateId version topic timestamp payload name phase reason"),
    **_fields("PageInfo", "public", "hasNextPage hasPreviousPage startCursor endCursor"),  # where a page lies, no more
    **_fields("CampaignConnection", "public", "edges nodes pageInfo totalCount"),
    **_fields("CampaignEdge", "public", "cursor node"),
    **_fields("TurnSummary", "gm", "actorId text"),
    # ---- The charts: built from every member's full standing and the whole log, so the GM's ----------------------
    # Issue 18: the charts of every seat; each member as `faction_view` / `house_view` show it to the asking seat.
    **_fields(
        "SeriesPoint",
        "seat",
        "phase aggregateId kind name rank influence power hp facgold assetsByType maxHp force cunning wealth xp",
    ),
    **_fields("AssetCount", "seat", "typeKey count"),
    **_fields("ActionRate", "gm", "actor action attempts successes rate"),
    **_fields("DieSummary", "gm", "sides rolls counts chiSquare pValue"),
    # ---- What every seat hears: the public chronicle -----------------------------------------------------------
    **_fields("Gossip", "public", "actorId lines spin"),
}
