"""What a webhook delivery says (issue 32; docs/webhooks.md), built from what an observer of the campaign may read.

An observer sees the campaign's name and phase clock, the published chronicle and the public state of its members
(service/usecases/visibility.py); a delivery says no more. The piece of news comes from its event: the phase a
clock event names, a rollback's reason, which the GM writes knowing it is told (docs/webhooks.md), and the
chronicle's entries as published (the lines and spin every seat reads from then on). Nothing of
an event's other fields (a resolution's summary, the seat, the aggregates reverted) and nothing of any member's
secrets (orders, FacGold, plots) is read. Three shapes: Intrigue's JSON, and Discord's and Slack's incoming webhooks.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any
from uuid import UUID

from domain.enums import NewsKind, WebhookFormat
from domain.systems import MEMBER_KINDS
from service.persistence.queries import CatalogQueries, StateQueries
from service.usecases.audit import AuditLog
from service.usecases.visibility import view

DISCORD_LIMIT, SLACK_LIMIT = 2000, 3000  # characters a Discord message holds; a Slack text kept readable


@dataclass(frozen=True)
class Gossip:
    """One member's published chronicle entry, as every seat reads it."""

    actor_id: str
    actor: str
    lines: list[str]
    spin: str


@dataclass(frozen=True)
class News:
    """One piece of news about one campaign, as an observer may hear it."""

    delivery_id: str
    kind: str
    campaign_id: str
    campaign: str
    phase: int | None
    position: int | None
    text: str
    reason: str | None = None
    due_at: str | None = None
    chronicle: list[Gossip] = field(default_factory=list)


class NewsReader:
    """Builds a delivery's news from the observer's reads of its campaign and the phase its event names."""

    def __init__(self, catalog: CatalogQueries, state: StateQueries, audit: AuditLog) -> None:
        self.catalog, self.state, self.audit = catalog, state, audit

    def news(
        self, delivery_id: UUID, campaign_id: UUID, kind: str, position: int | None, detail: dict[str, Any]
    ) -> News:
        name = str(self.catalog.campaign(campaign_id)["name"])
        payload = self._event(campaign_id, position) if position is not None else {}
        phase = _phase(kind, payload, detail)
        reason = str(payload["reason"]) if kind == NewsKind.PHASE_ROLLED_BACK else None
        due_at = str(detail["due_at"]) if kind == NewsKind.ORDERS_DUE_SOON else None
        published = payload.get("entries", {}) if kind == NewsKind.CHRONICLE_PUBLISHED else {}
        chronicle = self._chronicle(campaign_id, published) if published else []
        news = News(str(delivery_id), kind, str(campaign_id), name, phase, position, "", reason, due_at, chronicle)
        return News(**{**asdict(news), "chronicle": chronicle, "text": text_of(news)})

    def _event(self, campaign_id: UUID, position: int) -> dict[str, Any]:
        events = self.audit.events(campaign_id, after=position - 1)
        try:
            entry = next(events)
        finally:
            events.close()  # type: ignore[attr-defined]
        return entry.payload

    def _chronicle(self, campaign_id: UUID, entries: dict[str, Any]) -> list[Gossip]:
        """The entries the GM published, as every seat read them then (`ChronicleService.public`: a later rollback
        withdraws them from the read, not from the news), each with its member's public name."""
        names = {}
        for kind in MEMBER_KINDS:
            for state in self.state.of_kind(campaign_id, kind):
                public = view(kind, state, None)  # an observer's view: the public state only
                names[str(public["id"])] = str(public.get("name", ""))
        return [
            Gossip(
                actor_id,
                names.get(actor_id, ""),
                [str(line) for line in entry.get("lines", [])],
                str(entry.get("spin", "")),
            )
            for actor_id, entry in sorted(entries.items())
        ]


def _phase(kind: str, payload: dict[str, Any], detail: dict[str, Any]) -> int | None:
    if kind == NewsKind.PHASE_ROLLED_BACK:
        return int(payload["to_phase"])
    if "phase" in payload:
        return int(payload["phase"])
    return int(detail["phase"]) if "phase" in detail else None


def text_of(news: News) -> str:
    """The news in one sentence (with the chronicle's lines after it), as a chat message shows it."""
    phase = f"phase {news.phase}"
    said = {
        NewsKind.PHASE_OPENED: f"{phase} is open: orders are welcome.",
        NewsKind.PHASE_RESOLVED: f"{phase} is resolved.",
        NewsKind.PHASE_ROLLED_BACK: f"{phase} was rolled back and is open again. Reason: {news.reason}",
        NewsKind.CHRONICLE_PUBLISHED: f"the chronicle of {phase} is published.",
        NewsKind.ORDERS_DUE_SOON: f"orders for {phase} are due at {news.due_at}.",
        NewsKind.TEST: "a test delivery from Intrigue: this endpoint is set up.",
    }[NewsKind(news.kind)]
    lines = [f"{news.campaign}: {said}"]
    for entry in news.chronicle:
        lines.extend(f"- {entry.actor or 'someone'}: {line}" for line in entry.lines)
    return "\n".join(lines)


def body(news: News, format: str) -> bytes:
    """The delivery's body in the endpoint's format."""
    if format == WebhookFormat.DISCORD:
        # No mention in a chronicle line may ping a Discord server (`allowed_mentions`).
        shaped: dict[str, Any] = {"content": _cut(news.text, DISCORD_LIMIT), "allowed_mentions": {"parse": []}}
    elif format == WebhookFormat.SLACK:
        escaped = news.text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")  # Slack's mrkdwn
        shaped = {"text": _cut(escaped, SLACK_LIMIT)}
    else:
        shaped = {k: v for k, v in asdict(news).items() if v is not None}
    return json.dumps(shaped, ensure_ascii=False, sort_keys=True).encode()


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
