"""eventsourcing's PostgreSQL factory, with the connection parameters of `DATABASE_URL` it has no setting for."""

from __future__ import annotations

from eventsourcing.postgres import PostgresFactory
from eventsourcing.utils import Environment, EnvType
from psycopg.conninfo import conninfo_to_dict

from service.persistence.database import OPTIONS


class IntrigueFactory(PostgresFactory):
    """Adds `POSTGRES_OPTIONS` (a conninfo string, e.g. `target_session_attrs=read-write`) to every connection."""

    def __init__(self, env: Environment | EnvType | None) -> None:
        super().__init__(env)
        options = self.env.get(OPTIONS) or ""
        kwargs = self.datastore.pool.kwargs
        assert isinstance(kwargs, dict)  # eventsourcing builds it as one; the pool opens later, reading it then
        kwargs.update(conninfo_to_dict(options))
