"""Redaction judges a repeated key or short text once and keeps its verdict (service/operations/redaction.py): the
kept verdict is the one a fresh judgement gives, every time, and long texts are never kept."""

from __future__ import annotations

from service.operations import redaction
from service.operations.redaction import redact
from service.usecases.seats import TOKEN_PREFIX

TOKEN = TOKEN_PREFIX + "Zq3_keptkeptkeptkeptkept-7"


def _line(**fields: object) -> dict[str, object]:
    return dict(redact(None, "info", dict(fields)))


def test_a_secret_in_a_repeated_short_value_is_masked_on_every_line() -> None:
    values = {"route": "/graphql", "note": f"Bearer {TOKEN}", "url": "postgresql://me:pw@db/x", "said": TOKEN}
    first, again = _line(**values), _line(**values)
    assert (
        first
        == again
        == {
            "route": "/graphql",
            "note": "Bearer [redacted]",
            "url": "postgresql://me:[redacted]@db/x",
            "said": TOKEN_PREFIX + "[redacted]",
        }
    )


def test_a_secret_looking_key_is_dropped_on_every_line_and_a_plain_one_kept() -> None:
    for _ in range(3):
        assert _line(api_key="k", Authorization="a", route="r", nested={"password": "p", "n": 1}) == {
            "api_key": "[redacted]",
            "Authorization": "[redacted]",
            "route": "r",
            "nested": {"password": "[redacted]", "n": 1},
        }


def test_a_kept_text_is_the_text_redacted_as_when_it_was_first_seen() -> None:
    redaction._short_text.cache_clear()
    texts = ["POST", "query factions", f"x Basic {TOKEN}", "a" * redaction._KEPT_CHARS]
    for text in texts * 2:
        assert redaction._redacted(text, 0) == redaction.redact_text(text)
    assert redaction._short_text.cache_info().hits == len(texts)


def test_a_long_text_is_redacted_each_time_and_never_kept() -> None:
    redaction._short_text.cache_clear()
    long = f"{'b' * redaction._KEPT_CHARS} Bearer {TOKEN}"
    assert (
        redaction._redacted(long, 0)
        == redaction._redacted(long, 0)
        == f"{'b' * redaction._KEPT_CHARS} Bearer [redacted]"
    )
    assert redaction._short_text.cache_info().currsize == 0
