"""A module nothing imports: a forged export names it in a topic, and
tests/service/operations/test_import_forged.py checks that the import refuses the file without importing it
(eventsourcing's `resolve_topic` would)."""

IMPORTED = True
