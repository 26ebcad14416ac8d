"""`make bench`: Intrigue's costs as ratios to raw PostgreSQL doing the same work in the same run."""
