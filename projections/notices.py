"""What a NOTIFY on the events table's channel says (issue 31, P5): `<campaign id>` for events the runner must fold,
`<campaign id>:<position>` when the writer folded them inline, in their own transaction, up to that position of the
campaign (projections/inline.py), so that lane was caught up at that commit. service/persistence/notifier.py sends
them after each commit; the runner (projections/runner.py) reads nothing for the second kind, and the subscriptions'
listener (service/persistence/listener.py) hears both as news of the campaign. Any other payload (empty, the seats'
`seats`, one from an older writer) is news the runner reads for, as before.
"""

from __future__ import annotations

from uuid import UUID

SEPARATOR = ":"


def notice(campaign_id: UUID | str, folded: int | None = None) -> str:
    """The payload for a commit to the campaign; `folded`: the position its inline projection folded it up to."""
    return str(campaign_id) if folded is None else f"{campaign_id}{SEPARATOR}{folded}"


def campaign_of(payload: str) -> str:
    """The campaign a payload names (the payload itself when it names no position)."""
    return payload.partition(SEPARATOR)[0]


def folded_of(payload: str) -> int | None:
    """The position a writer folded the campaign up to inline, or None when the payload does not say so."""
    campaign, separator, position = payload.partition(SEPARATOR)
    if not campaign or not separator or not (position.isascii() and position.isdigit()):
        return None
    return int(position)


def merged(known: dict[str, int | None], campaign: str, folded: int | None) -> None:
    """Another commit to `campaign` joins the next send: one payload per campaign, with a position only when every
    commit it stands for was folded inline (the last one's position then covers the earlier ones: a campaign's
    commits follow its positions)."""
    if folded is None or (campaign in known and known[campaign] is None):
        known[campaign] = None
    else:
        known[campaign] = max(folded, known.get(campaign) or 0)
