"""`make bench`: Intrigue's costs as ratios to raw PostgreSQL doing the same work in the same run."""

from __future__ import annotations

import os

# Load and fault runs write far faster than one caller may (service/entrypoints/shared/rates.py): their servers,
# in process and `intrigue serve` alike, raise the limits, as the test suite's do (tests/conftest.py).
os.environ.setdefault("INTRIGUE_RATE_CAMPAIGNS", "1000000/second")
os.environ.setdefault("INTRIGUE_RATE_MUTATIONS", "1000000/second")
