"""The GM's assistant (issue 19): drafts orders for the powers the GM runs, from the rules' own checks and
previews, each choice with its reasons and odds; pure, with only the dice it is handed."""

from domain.assistant.drafts import Choice, FactionDraft, HouseDraft
from domain.assistant.faction_drafts import draft_faction
from domain.assistant.house_drafts import draft_house
from domain.assistant.temperaments import chosen, faction_temperament, house_temperament

__all__ = [
    "Choice",
    "FactionDraft",
    "HouseDraft",
    "chosen",
    "draft_faction",
    "draft_house",
    "faction_temperament",
    "house_temperament",
]
