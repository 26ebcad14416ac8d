"""Names `main` once registered for transcoding that nothing stored ever held, so none need to resolve today."""

from __future__ import annotations

# Dataclasses no event, snapshot or read model ever held: what a month's rules returned in memory before their
# outcomes carried the events' payloads (issue 30, item 3), and the month's `Change`, now in rules/effects.py.
OLD_INTENTS = (
    "AreaDamageChange",
    "CircumstanceGain",
    "ControlChange",
    "Cover",
    "FateChange",
    "GoldChange",
    "InfluenceChange",
    "KnowledgeGain",
    "PowerChange",
    "Sighting",
    "SpyChange",
    "TroopChange",
)
NEVER_STORED = {"domain.gameofbones.ledger:Change", *(f"domain.gameofbones.outcomes:{name}" for name in OLD_INTENTS)}
