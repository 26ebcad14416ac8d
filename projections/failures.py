"""Campaigns whose read model stopped: an event of theirs could not be folded or written.

A failure is contained to its campaign (design, "Keys and scale"): the projection records the event that
failed, in the page's transaction, and from then on leaves that campaign's events out while every other
campaign is projected as before. Readers of that campaign get `ReadModelStoppedError`, naming the event;
`/readyz` and `/metrics` list the stopped campaigns; `intrigue projections retry CAMPAIGN_ID` folds the
campaign again from its events once the cause is fixed (docs/operations.md).

Failures are kept per generation: a rebuild starts with none and records those it meets itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.errors import DomainError

TABLE = "read_model_failures"
DDL = f"""CREATE TABLE IF NOT EXISTS {TABLE} (
    generation integer NOT NULL,
    campaign_id uuid NOT NULL,
    position bigint NOT NULL,
    topic text NOT NULL,
    aggregate_id uuid NOT NULL,
    error text NOT NULL,
    failed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (generation, campaign_id))"""
RECORD = f"""INSERT INTO {TABLE} (generation, campaign_id, position, topic, aggregate_id, error)
    VALUES (%(generation)s, %(campaign_id)s, %(position)s, %(topic)s, %(aggregate_id)s, %(error)s)
    ON CONFLICT (generation, campaign_id) DO NOTHING"""
OF_GENERATION = f"SELECT * FROM {TABLE} WHERE generation = %s ORDER BY position"
# What readers see: the failures of the current generation.
CURRENT = f"""SELECT f.* FROM {TABLE} f JOIN read_model_generation g ON g.name = 'state' AND g.current = f.generation
    ORDER BY f.position"""
FORGET = f"DELETE FROM {TABLE} WHERE generation = %s AND campaign_id = %s"
ERROR_TEXT = 500  # characters of the error kept: enough to name the cause, never a whole payload
TTL = 1.0  # seconds a reader trusts the list it last read


class ReadModelStoppedError(DomainError):
    """The campaign's read model stopped at an event it could not fold; its reads would be stale."""

    code = "READ_MODEL_STOPPED"


@dataclass(frozen=True)
class Failure:
    campaign_id: UUID
    position: int
    topic: str
    aggregate_id: UUID
    error: str

    @classmethod
    def of_row(cls, row: dict[str, Any]) -> Failure:
        return cls(row["campaign_id"], row["position"], row["topic"], row["aggregate_id"], row["error"])

    @classmethod
    def of_error(
        cls, campaign_id: UUID, position: int, topic: str, aggregate_id: UUID, error: BaseException
    ) -> Failure:
        text = f"{type(error).__name__}: {error}"
        return cls(campaign_id, position, topic, aggregate_id, text[:ERROR_TEXT])

    def params(self, generation: int) -> dict[str, Any]:
        return {
            "generation": generation,
            "campaign_id": self.campaign_id,
            "position": self.position,
            "topic": self.topic,
            "aggregate_id": self.aggregate_id,
            "error": self.error,
        }

    def to_json(self, with_error: bool = False) -> dict[str, Any]:
        """For `/readyz` (no error text: it is Python's or PostgreSQL's) and, with it, for operators."""
        found = {
            "campaign_id": str(self.campaign_id),
            "position": self.position,
            "topic": self.topic,
            "aggregate_id": str(self.aggregate_id),
        }
        return found | {"error": self.error} if with_error else found

    def stopped_error(self) -> ReadModelStoppedError:
        """What a reader of the campaign is answered: the event, never the internal error text (in the log)."""
        return ReadModelStoppedError(
            f"campaign {self.campaign_id}'s read model stopped at event {self.position} ({self.topic}): its reads"
            " are held until an operator retries it (`intrigue projections retry`, docs/operations.md)"
        )


class StoppedCampaigns:
    """The current generation's failures as a reader knows them: read again at most every `TTL` seconds, and
    at once when this process's own projection records one (`learn`)."""

    def __init__(self, read: Callable[[], Iterable[dict[str, Any]]] = tuple) -> None:
        self._read = read
        self._known: dict[UUID, Failure] = {}
        self._read_at = float("-inf")

    def all(self) -> dict[UUID, Failure]:
        if self.stale():
            self.replace(self._read())
        return self._known

    def stale(self) -> bool:
        return time.monotonic() - self._read_at > TTL

    def replace(self, rows: Iterable[dict[str, Any]]) -> None:
        """What a read of `CURRENT` (or of one generation) answered."""
        self._known = {f.campaign_id: f for f in map(Failure.of_row, rows)}
        self._read_at = time.monotonic()

    def learn(self, failures: Iterable[Failure]) -> None:
        self._known = {**self._known, **{f.campaign_id: f for f in failures}}

    def check(self, campaign_id: UUID | str | None, known: dict[UUID, Failure] | None = None) -> None:
        """Raise `ReadModelStoppedError` when the campaign's read model stopped."""
        known = self.all() if known is None else known
        if known and campaign_id is not None:
            failure = known.get(campaign_id if isinstance(campaign_id, UUID) else UUID(str(campaign_id)))
            if failure is not None:
                raise failure.stopped_error()
