"""The rules text of every asset type: its description in seed 002's Asset List, transcribed as printed
(typos kept), one module per attribute as the list prints them. Descriptions headed by another spelling (Arcane
Scholars, Cavalry, Demagogues …) belong to the row that spelling names in `catalog.ALIASES`."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from domain.factionturn.tables.asset_texts_cunning import CUNNING_TEXTS
from domain.factionturn.tables.asset_texts_force import FORCE_TEXTS
from domain.factionturn.tables.asset_texts_wealth import WEALTH_TEXTS

ASSET_TEXTS: Mapping[str, str] = MappingProxyType({**FORCE_TEXTS, **CUNNING_TEXTS, **WEALTH_TEXTS})
