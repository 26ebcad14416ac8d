"""The registry's texts (service/entrypoints/graphql/core/descriptions.py): schema coordinate → description."""

from __future__ import annotations

from typing import Final

from service.entrypoints.graphql.core.description_texts_on import on as _on
from service.entrypoints.graphql.core.description_texts_orders import ORDER_TEXTS
from service.entrypoints.graphql.core.description_texts_play import PLAY
from service.entrypoints.graphql.core.description_texts_typed import TYPED

TEXTS: Final[dict[str, str]] = {
    **PLAY,
    **TYPED,
    **ORDER_TEXTS,
    # ---- campaigns, the map, seats ---------------------------------------------------------------------------
    **_on(
        "CreateCampaignInput",
        _="A new campaign: its name, rule systems, dice seed and first regions.",
        name="The campaign's name, as its seats will see it.",
        ruleSystems="The rule systems it plays: factionturn, gameofbones, or both.",
        diceSeed="A seed for replayable dice; null draws from the OS source.",
        regions="The map's first regions; more can be added later (`addRegions`).",
    ),
    **_on(
        "RegionInput",
        _="A region to add to the map.",
        name="The region's name, unique within its campaign.",
        q="Its hex column on the map (axial q coordinate); one region per hex.",
        r="Its hex row on the map (axial r coordinate); one region per hex.",
        arcana="Its Arcana level (seed 002, Arcana & Population): which magical assets may be bought there.",
        population="Its population band (seed 002): Ruins, Outpost … Tens of Thousands.",
        tags="Its region tags' names (seed 002), as the GM writes them.",
        terrainDifficulty="Its terrain's difficulty for The Wild.",
        wild="Whether it belongs to The Wild.",
        monthlyIncome="Its monthly income in gp (a city area's).",
        monster="The Wild's head monster of the region, if any.",
    ),
    **_on(
        "MonsterInput",
        name="The monster's name, as the GM writes it.",
        cr="Its challenge rating (a whole number), which sets its strength as an asset of The Wild.",
        hp="Its hit points, a whole number of 1 or more.",
        hitDice="Its Hit Dice, as an expression (`12d10`).",
    ),
    **_on(
        "Mutation",
        createCampaign="Create a campaign; its caller becomes the GM (the answer's gmToken, once).",
        createCampaign__input="The campaign to create.",
        addRegions="Add regions to the map (GM only).",
        addRegions__regions="The regions to add.",
        openPhase="Open the next phase for orders (GM only).",
        forkCampaign__name="The new campaign's name, 1-200 characters after trimming.",
        importSector__sector="The text of the sector's JSON export, as Sectors Without Number saves it; at most "
        "256,000 characters (a bigger file: `intrigue import-sector`).",
    ),
    **_on(
        "Query",
        campaign__id="The id of the campaign to read, as `campaigns` or `createCampaign` answered it.",
        factions="Every faction of the campaign, as the seat may see it.",
        faction="One faction, as the seat may see it.",
        faction__id="The id of the faction to read (`Faction.id`, from `factions`).",
        house="One house, as the seat may see it.",
        house__id="The id of the house to read (`House.id`, from `houses`).",
    ),
    **_on("Query", _="What a client reads: campaigns, standings, logs and reports, as its seat may see them."),
    **_on(
        "Mutation",
        _="What a client changes: each command writes events, or writes nothing and answers why.",
        foundFaction__input="The faction to found.",
        registerHouse__input="The house to register.",
    ),
    **_on("Mutation", createSeat__input="The seat to create."),
    # ---- the audit trail, history and analytics --------------------------------------------------------------
    **_on(
        "Mutation",
        writeTurnSummary__actorId="The faction or house whose turn it is; empty for the phase note.",
        writeTurnSummary__text="The GM's summary of the turn, in words (secrets allowed: only the GM reads it).",
        writeGossip__actorId="The faction or house who spreads it.",
        writeGossip__lines="The gossip's lines (seed 002: 1-2).",
        writeGossip__spin="The spin it carries.",
        writeGossip__draft="Keep it among the drafts (no player hears it) rather than the published chronicle.",
    ),
    # ---- orders ----------------------------------------------------------------------------------------------
    **_on(
        "Mutation",
        submitFactionOrders__orders="The FactionOrders, as described above.",
        orderHouseAction__order="The action to order.",
        amendHouseAction__order="The order that replaces it.",
        consentToMerger__consent="true consents; false withdraws an earlier consent.",
        mergeFactions__mergerScore="The merger score, 1-8 (6 the average).",
        mergeFactions__tags="The merged faction's tags, as the GM chooses them.",
    ),
}
