"""The NOTIFY payloads of the events table's channel (projections/notices.py; issue 31, P5): a position only where the
writer says it folded the campaign inline up to it; one payload per campaign and send, with a position only when
every commit it stands for was folded inline."""

from __future__ import annotations

from uuid import uuid4

from projections import notices


def test_only_a_campaign_with_a_position_after_it_says_it_was_folded_inline() -> None:
    campaign = str(uuid4())
    assert notices.notice(campaign, 12) == f"{campaign}:12" and notices.folded_of(f"{campaign}:12") == 12
    assert notices.notice(campaign) == campaign  # the payload of every writer before this one
    for payload in (campaign, "", "seats", f"{campaign}:", f"{campaign}:-1", f"{campaign}:x", ":5", f"{campaign}:١"):
        assert notices.folded_of(payload) is None, payload
    assert notices.campaign_of(f"{campaign}:12") == campaign == notices.campaign_of(campaign)
    assert notices.campaign_of("seats") == "seats" and notices.campaign_of("") == ""


def test_commits_of_one_campaign_make_one_payload_with_a_position_only_if_each_was_folded() -> None:
    news: dict[str, int | None] = {}
    for campaign, folded in [("a", 5), ("a", 6), ("b", 3), ("b", None), ("b", 4), ("c", None), ("d", 2), ("d", 1)]:
        notices.merged(news, campaign, folded)
    assert news == {"a": 6, "b": None, "c": None, "d": 2}
