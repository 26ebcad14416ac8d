"""Force Assets table (seed 002, Asset List). Cells: (hp, cost, AL, type, attack, counter, codes)."""

from __future__ import annotations

from domain.factionturn.tables.assets import AssetType, Attribute, RowOrigin, row

F = Attribute.FORCE

FORCE_ASSETS: tuple[AssetType, ...] = (
    # Force 1 (Base of Influence is shared by all three tables: see catalog.py)
    row(
        "guardsmen",
        "Guardsmen",
        F,
        1,
        (3, 2, 0, "Military Unit", "Force vs. Force, 1d3+1 damage", "1d4 damage", "-"),
        narrative_only=True,
    ),
    row(
        "thugs",
        "Thugs",
        F,
        1,
        (1, 2, 0, "Special Forces", "Force vs. Cunning, 1d6 damage", "None", "-"),
        narrative_only=True,
    ),
    row(
        "militia_unit",
        "Militia Unit",
        F,
        1,
        (4, 4, 3, "Military Unit", "Force vs. Force, 1d6 damage", "1d4+1 damage", "P"),
        narrative_only=True,
    ),
    # Force 2
    row("heavy_transports", "Heavy Transports", F, 2, (6, 4, 4, "Facility", "None", "None", "A"), vehicle=True),
    row(
        "barbarian_hordes",
        "Barbarian Hordes",
        F,
        2,
        (5, 5, 4, "Military Unit", "Force vs. Force, 2d4 damage", "1d4+1 damage", "P"),
        narrative_only=True,
    ),
    row(
        "command_post",
        "Command Post",
        F,
        2,
        (4, 4, 3, "Special Forces", "None", "1d4+1 damage", "-"),
        narrative_only=True,
    ),
    row(
        "mob",
        "Mob",
        F,
        2,
        (6, 4, 0, "Military Unit", "Force vs. Cunning, 1d4+1 damage", "None", "-"),
        narrative_only=True,
    ),
    # Force 3
    row(
        "zealots",
        "Zealots",
        F,
        3,
        (4, 6, 0, "Special Forces", "Force vs Force, 2d6 damage", "2d6 damage", "S"),
        passive=True,
    ),
    row("cunning_trap", "Cunning Trap", F, 3, (2, 5, 0, "Tactic", "None", "1d6+3 damage", "-"), narrative_only=True),
    row(
        "inquisitors",
        "Inquisitors",
        F,
        3,
        (4, 6, 4, "Special Forces", "Cunning vs Cunning, 1d4+1 damage", "1d6 damage", "-"),
        narrative_only=True,
    ),
    # Force 4. The table prints "Heavy Transports" a second time here; it is the row of the described but
    # otherwise unlisted Transport & Supply Chain (notes: "Heavy Transports twice").
    row(
        "transport_supply_chain",
        "Transport & Supply Chain",
        F,
        4,
        (10, 10, 4, "Facility", "None", "None", "A"),
        origin=RowOrigin.REASSIGNED,
    ),
    row("extended_supply_lines", "Extended Supply Lines", F, 4, (10, 10, 4, "Facility", "None", "None", "A")),
    row(
        "warmage_regiment",
        "Warmage Regiment",
        F,
        4,
        (8, 12, 4, "Mobile Unit", "Force vs. Force, 2d6 damage", "1d8 damage", "A"),
    ),
    row(
        "regiment",
        "Regiment",
        F,
        4,
        (12, 8, 4, "Military Unit", "Force vs. Force, 1d8 damage", "1d8 damage", "P"),
        narrative_only=True,
    ),
    # Force 5. Bandits prints Counter "*" and Notes "None": read as no counter, codes A, S (notes).
    row(
        "bandits",
        "Bandits",
        F,
        5,
        (8, 10, 4, "Mobile Unit", "Force vs. Wealth, 1d6 damage", "None", "A, S"),
        origin=RowOrigin.REPAIRED,
        passive=True,
    ),
    row("ruin_excavation", "Ruin Excavation", F, 5, (6, 14, 0, "Facility", "None", "None", "A")),
    row(
        "cutthroats",
        "Cutthroats",
        F,
        5,
        (4, 12, 4, "Special Forces", "Cunning vs. Cunning, 2d6+2 damage", "None", "S"),
        passive=True,
    ),
    # Force 6
    row(
        "veteran_regiment",
        "Veteran Regiment",
        F,
        6,
        (16, 20, 5, "Military Unit", "Force vs. Force, 2d8 damage", "2d8+2 damage", "P"),
        narrative_only=True,
    ),
    row("fortress", "Fortress", F, 6, (20, 18, 4, "Facility", "None", "2d6+6 damage*", "S"), passive=True),
    row(
        "calvary",
        "Calvary",
        F,
        6,
        (14, 25, 4, "Military Unit", "Force vs. Force, 2d10+4 damage", "1d10 damage", "P"),
        narrative_only=True,
    ),
    # Force 7
    row("airship", "Airship", F, 7, (10, 25, 4, "Mobile Unit", "None", "None", "A"), vehicle=True),
    row(
        "warmage_academy", "Warmage Academy", F, 7, (10, 20, 5, "Facility", "None", "2d8+2 damage*", "S"), passive=True
    ),
    row(
        "shock_troops",
        "Shock Troops",
        F,
        7,
        (16, 30, 4, "Military Unit", "Force vs. Force 2d8+2 damage", "2d8 damage", "A"),
    ),
    # Force 8. Printed "A, S"; the description requires permission to raise it, so P is added (notes).
    row(
        "professional_army",
        "Professional Army",
        F,
        8,
        (30, 40, 4, "Mobile Unit", "Force vs. Force, 3d10+4 damage", "3d8 damage", "A, S, P"),
        maintenance=2,
        origin=RowOrigin.REPAIRED,
        passive=True,
    ),
)
