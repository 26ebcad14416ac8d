"""Cunning Assets table (seed 002, Asset List). Cells: (hp, cost, AL, type, attack, counter, codes)."""

from __future__ import annotations

from domain.factionturn.tables.assets import AssetType, Attribute, RowOrigin, row

C = Attribute.CUNNING

CUNNING_ASSETS: tuple[AssetType, ...] = (
    # Cunning 1 (Base of Influence is shared by all three tables: see catalog.py)
    row("smugglers", "Smugglers", C, 1, (4, 2, 4, "Mobile Unit", "Cunning vs. Wealth 1d4 damage", "None", "A")),
    row(
        "informers",
        "Informers",
        C,
        1,
        (3, 2, 0, "Special Forces", "Cunning vs. Cunning, special", "None", "A, S"),
        passive=True,
    ),
    # Printed "Logistics | Facility None": the type cell spilled into the Attack cell.
    row(
        "false_front",
        "False Front",
        C,
        1,
        (2, 1, 0, "Logistics Facility", "None", "None", "S"),
        origin=RowOrigin.REPAIRED,
        passive=True,
    ),
    # Cunning 2
    row(
        "diplomats",
        "Diplomats",
        C,
        2,
        (4, 4, 0, "Special Forces", "Cunning vs. Cunning, special", "None", "S"),
        passive=True,
    ),
    row(
        "arsonists",
        "Arsonists",
        C,
        2,
        (6, 5, 0, "Special Forces", "Cunning vs. Cunning, 2d4 damage", "None", "S"),
        passive=True,
    ),
    row(
        "blackmail",
        "Blackmail",
        C,
        2,
        (4, 4, 0, "Tactic", "Cunning vs. Cunning, 1d4+1 damage", "None", "S"),
        passive=True,
    ),
    row(
        "enchanters",
        "Enchanters",
        C,
        2,
        (4, 4, 0, "Special Forces", "Cunning vs. Cunning, special", "None", "A, S"),
        passive=True,
    ),
    # Cunning 3. Stealth is a quality bought for a Special Forces asset, not an asset: it has no HP.
    row(
        "master_assassin",
        "Master Assassin",
        C,
        3,
        (4, 6, 4, "Special Forces", "Cunning vs. Cunning, 2d6 damage", "None", "-"),
        narrative_only=True,
    ),
    row("stealth", "Stealth", C, 3, (None, 2, 0, "Tactic", "None", "None", "S"), passive=True),
    row("covert_shipping", "Covert Shipping", C, 3, (4, 8, 4, "Logistics Facility", "None", "None", "A, S")),
    # Cunning 4
    row(
        "political_puppets",
        "Political Puppets",
        C,
        4,
        (10, 8, 0, "Logistics Facility", "Cunning vs. Cunning, 2d6 damage", "1d6 damage", "S"),
        passive=True,
    ),
    row(
        "believers",
        "Believers",
        C,
        4,
        (12, 8, 3, "Military Unit", "Cunning vs. Cunning, 1d6 damage", "1d6 damage", "-"),
        narrative_only=True,
    ),
    row(
        "thieves_guild", "Thieves Guild", C, 4, (8, 12, 4, "Special Forces", "None", "1d4 damage", "A, S"), passive=True
    ),
    row("agitators", "Agitators", C, 4, (8, 12, 0, "Special Forces", "None", "None", "A")),
    # Cunning 5. Boltholes prints "None 2d6 damage | S |": attack and counter share a cell.
    row(
        "organization_moles",
        "Organization Moles",
        C,
        5,
        (8, 10, 0, "Tactic", "Cunning vs. Cunning, 2d6 damage", "None", ""),
        narrative_only=True,
    ),
    row("illusionists", "Illusionists", C, 5, (6, 14, 0, "Tactic", "None", "Special", "S"), passive=True),
    row(
        "boltholes",
        "Boltholes",
        C,
        5,
        (6, 12, 4, "Logistics Facility", "None", "2d6 damage", "S"),
        origin=RowOrigin.REPAIRED,
        passive=True,
    ),
    # Cunning 6. The table prints "Covert Shipping" a second time here; it is the row of the described but
    # otherwise unlisted Teleportation Circles (notes: "Covert Shipping twice").
    row(
        "trade_embargo",
        "Trade Embargo",
        C,
        6,
        (10, 20, 4, "Tactic", "Cunning vs. Cunning, special", "None", "S"),
        passive=True,
    ),
    row(
        "teleportation_circles",
        "Teleportation Circles",
        C,
        6,
        (15, 18, 4, "Logistics Facility", "None", "None", "A"),
        origin=RowOrigin.REASSIGNED,
    ),
    row(
        "demagogue",
        "Demagogue",
        C,
        6,
        (10, 20, 0, "Special Forces", "Cunning vs. Cunning, 2d8 damage", "1d8 damage", "-"),
        narrative_only=True,
    ),
    # Cunning 7
    row(
        "popular_movement",
        "Popular Movement",
        C,
        7,
        (16, 25, 4, "Tactic", "Cunning vs. Cunning, 2d6 damage", "1d6 damage", "S"),
        passive=True,
    ),
    row("book_of_secrets", "Book of Secrets", C, 7, (10, 20, 4, "Tactic", "None", "2d8 damage", "S"), passive=True),
    row(
        "treachery", "Treachery", C, 7, (5, 10, 0, "Tactic", "Cunning vs. Cunning, Special", "None", "S"), passive=True
    ),
    # Cunning 8
    row(
        "guards_and_wards",
        "Guards & Wards",
        C,
        8,
        (20, 30, 5, "Logistics Facility", "None", "1d6 damage", "S"),
        passive=True,
    ),
)
