"""Visibility, in one room: who may see each read-model field (read_models.py), the views that apply it to every row
a seat reads (views.py), the GM's hand a member's own seat does not read (gm_hand.py), what a seat hears live and of
a resolved phase (live.py, reports.py), and the words each decision is written in (decisions.py)."""

from service.usecases.visibility.classes import SPLICED, Reader, reader_of, seats_of
from service.usecases.visibility.decisions import MEANING, Decision
from service.usecases.visibility.gm_hand import GM_HAND, own_knowledge
from service.usecases.visibility.live import ORDER_TOPICS, PHASE_CHANGES, change_seen_by, summary_scope, viewed_as
from service.usecases.visibility.read_models import (
    FACTION,
    HOUSE,
    INTEL,
    READ_MODELS,
    REGION,
    ReadModel,
    Seen,
    owns,
    sees_everything,
)
from service.usecases.visibility.views import (
    area_view,
    check_gm_only,
    faction_view,
    house_view,
    intel_view,
    order_view,
    pending_view,
    sees_whole,
    view,
)

__all__ = [
    "FACTION",
    "GM_HAND",
    "HOUSE",
    "INTEL",
    "MEANING",
    "ORDER_TOPICS",
    "PHASE_CHANGES",
    "READ_MODELS",
    "REGION",
    "SPLICED",
    "Decision",
    "ReadModel",
    "Reader",
    "Seen",
    "area_view",
    "change_seen_by",
    "check_gm_only",
    "faction_view",
    "house_view",
    "intel_view",
    "order_view",
    "own_knowledge",
    "owns",
    "pending_view",
    "reader_of",
    "seats_of",
    "sees_everything",
    "sees_whole",
    "summary_scope",
    "view",
    "viewed_as",
]
