"""The persistence adapters: event store, database, migrations, listener, read pool, read models."""
