"""A rebuild's settings: each from the settings the rebuild was given, else from this process's environment
(service/operations/rebuild_parts.py and rebuild_reports.py read theirs so; docs/operations.md lists them)."""

from __future__ import annotations

import os


def setting(env: dict[str, str], name: str) -> str:
    """The setting `name`, stripped; "" where it is set nowhere."""
    return (env.get(name) or os.environ.get(name) or "").strip()
