"""Wealth Assets table (seed 002, Asset List). Cells: (hp, cost, AL, type, attack, counter, codes)."""

from __future__ import annotations

from domain.factionturn.tables.assets import AssetType, Attribute, RowOrigin, row

W = Attribute.WEALTH

WEALTH_ASSETS: tuple[AssetType, ...] = (
    # Wealth 1 (Base of Influence is shared by all three tables: see catalog.py).
    # Franchise's counter 1d4-1 can deal 0; Indentured Workforce's counter "1d4" is read as 1d4 damage.
    row(
        "franchise",
        "Franchise",
        W,
        1,
        (3, 2, 2, "Facility", "Wealth vs. Wealth, 1d4 damage", "1d4-1 damage", "S"),
        passive=True,
    ),
    row("indentured_workforce", "Indentured Workforce", W, 1, (4, 2, 0, "Facility", "None", "1d4", "A"), die=6),
    row(
        "local_investments",
        "Local Investments",
        W,
        1,
        (2, 1, 2, "Facility", "Wealth vs. Wealth, 1d4-1 damage", "None", "S"),
        passive=True,
    ),
    # Wealth 2
    row(
        "heavy_shipping_contract",
        "Heavy Shipping Contract",
        W,
        2,
        (4, 5, 4, "Mobile Unit", "Wealth vs. Wealth, 1d4 damage", "None", "A"),
    ),
    row(
        "lawyers",
        "Lawyers",
        W,
        2,
        (4, 6, 0, "Special Forces", "Cunning vs. Wealth, 2d4 damage", "1d6 damage", "S"),
        passive=True,
    ),
    row(
        "guild_thugs",
        "Guild Thugs",
        W,
        2,
        (6, 4, 0, "Military Unit", "Wealth vs. Force, 1d4+1 damage", "1d4 damage", ""),
        narrative_only=True,
    ),
    row("surveyors", "Surveyors", W, 2, (4, 4, 4, "Special Forces", "None", "1d4 damage", "A, S"), passive=True),
    # Wealth 3
    row("industry", "Industry", W, 3, (4, 8, 4, "Facility", "None", "1d4 damage", "A"), die=6),
    row("arcane_laboratory", "Arcane Laboratory", W, 3, (4, 6, 0, "Facility", "None", "None", "S"), passive=True),
    row(
        "mercenaries",
        "Mercenaries",
        W,
        3,
        (6, 8, 4, "Military Unit", "Wealth vs. Force, 2d4+2 damage", "1d6 damage", "A, S, P"),
        maintenance=1,
    ),
    # Wealth 4. Monopoly prints "Wealth vs. Wealth, | 1d6 damage | 1d6 damage": cells shifted one left,
    # its codes lost; A comes from its description.
    row("airship_fleet", "Airship Fleet", W, 4, (10, 10, 4, "Facility", "None", "1d6 damage", "A"), vehicle=True),
    row(
        "monopoly",
        "Monopoly",
        W,
        4,
        (12, 8, 3, "Facility", "Wealth vs. Wealth, 1d6 damage", "1d6 damage", "A"),
        origin=RowOrigin.REPAIRED,
    ),
    row("cathedral", "Cathedral", W, 4, (8, 12, 4, "Facility", "None", "None", "S"), passive=True),
    row("treasure_vault", "Treasure Vault", W, 4, (8, 12, 3, "Facility", "None", "None", "S"), passive=True),
    # Wealth 5. Arcane Researchers is the only Wealth row without a description; the Arcane Scholars text
    # (arcana 5 for Cunning and Wealth buys, 1 FacGold maintenance) is its description (notes).
    row("confidence_men", "Confidence Men", W, 5, (8, 10, 0, "Tactic", "Cunning vs. Wealth, 1d6 damage", "None", "A")),
    row(
        "arcane_researchers",
        "Arcane Researchers",
        W,
        5,
        (6, 14, 4, "Special Forces", "None", "None", "S"),
        maintenance=1,
        passive=True,
    ),
    row("skyfortress", "Skyfortress", W, 5, (6, 12, 4, "Mobile Unit", "None", "2d4 damage", "A"), vehicle=True),
    # Wealth 6. Risky Investments' attack "2d6" is read as 2d6 damage; Trade Broker's "1d8 damage A" is
    # counter 1d8 and code A.
    row(
        "risky_investments",
        "Risky Investments",
        W,
        6,
        (10, 15, 4, "Facility", "Wealth vs. Wealth, 2d6", "1d6 damage", "A"),
        die=8,
    ),
    row("guild_agents", "Guild Agents", W, 6, (15, 18, 4, "Facility", "None", "None", "S"), passive=True),
    row(
        "trade_broker",
        "Trade Broker",
        W,
        6,
        (10, 20, 0, "Special Forces", "Wealth vs. Wealth, 2d8 damage", "1d8 damage", "A"),
        origin=RowOrigin.REPAIRED,
        die=8,
    ),
    # Wealth 7. Arcane Industry prints only S, but its description is an action: A added.
    row(
        "arcane_industry",
        "Arcane Industry",
        W,
        7,
        (16, 25, 5, "Facility", "None", "None", "A, S"),
        origin=RowOrigin.REPAIRED,
        die=8,
    ),
    row(
        "hostile_takeover",
        "Hostile Takeover",
        W,
        7,
        (10, 20, 4, "Tactic", "Wealth vs. Wealth, 2d10 damage", "2d8 damage", "S"),
        passive=True,
    ),
    row(
        "teleportation_web",
        "Teleportation Web",
        W,
        7,
        (5, 15, 5, "Facility", "Cunning vs. Cunning, 1d12 damage", "None", "S"),
    ),
    # Wealth 8. The row has no Notes cell; A (move) and S (2 FacGold maintenance) come from its description.
    row(
        "trade_cartel",
        "Trade Cartel",
        W,
        8,
        (20, 30, 5, "Mobile Unit", "Wealth vs. Wealth, 2d10+4 damage", "2d10 damage.", "A, S"),
        maintenance=2,
        origin=RowOrigin.REPAIRED,
    ),
)
