"""Log redaction: secret-looking keys dropped, URL passwords, bearer credentials and seat tokens masked, long values
cut; nested values (a logged dict of variables) are redacted too."""

from __future__ import annotations

import re
from functools import lru_cache

from structlog.typing import EventDict, WrappedLogger

from service.usecases.seats import TOKEN_PREFIX

_SECRET_KEYS = re.compile(r"token|password|passwd|secret|authorization|cookie|api_?key|credential", re.I)
# Every pattern starts at a literal and every repeat is bounded, so a scan is linear in the text's length (the
# earlier `\w+://…` retried from each word character: a 100 KB value blocked the event loop for 24 s).
_URL_PASSWORD = re.compile(r"://([^:/@\s]{1,256}):[^@\s]{1,1024}@")
_BEARER = re.compile(r"(?i)\b(bearer|basic)\s{1,16}[\w.~+/=-]{1,4096}")
# A seat token wherever it appears in a value (a variable, a body field, an echoed refusal), not only after
# "Bearer": it starts at its literal prefix and its repeat is bounded, so the scan stays linear.
_SEAT_TOKEN = re.compile(re.escape(TOKEN_PREFIX) + r"[\w-]{1,256}")
MAX_LOGGED_CHARS = 4096  # a logged value is cut to this before it is redacted or written
# Keys and short texts repeat from line to line (a route, an operation, a level, a logger's name): each is judged
# once, not by up to three regexes per line (the access line's redaction was 24 of its 55 µs in the log thread:
# docs/scaling.md, "Issue 31, P5: the serving process's CPU per answer (session 22)"). Pure functions of the text,
# so a kept verdict is the one computed again would give; bounded, so unique texts only churn it.
_KEPT = 4096
_KEPT_CHARS = 256


def redact(_: WrappedLogger, __: str, event: EventDict) -> EventDict:
    """Drop values under secret-looking keys; mask passwords in URLs and bearer tokens in text."""
    event.pop("color_message", None)  # uvicorn's copy of the message with terminal colours
    for key, value in list(event.items()):
        if _secret_key(key):
            event[key] = "[redacted]"
        else:
            event[key] = _redacted(value, 0)
    return event


_MAX_NESTING = 8  # deeper values are replaced whole: a logged structure is bounded, and so is the walk


@lru_cache(maxsize=_KEPT)
def _secret_key(key: str) -> bool:
    return _SECRET_KEYS.search(key) is not None


def _redacted(value: object, depth: int) -> object:
    if isinstance(value, str):
        return _short_text(value) if len(value) <= _KEPT_CHARS else redact_text(value)
    if isinstance(value, dict | list | tuple | set | frozenset):
        if depth >= _MAX_NESTING:
            return "[nested too deep]"
        if isinstance(value, dict):
            return {
                k: "[redacted]" if isinstance(k, str) and _secret_key(k) else _redacted(v, depth + 1)
                for k, v in value.items()
            }
        return [_redacted(v, depth + 1) for v in value]
    return value


@lru_cache(maxsize=_KEPT)
def _short_text(value: str) -> str:
    return redact_text(value)


def redact_text(value: str) -> str:
    """The text cut to `MAX_LOGGED_CHARS`, with URL passwords and bearer/basic credentials masked."""
    if len(value) > MAX_LOGGED_CHARS:
        cut = value[:MAX_LOGGED_CHARS]
        last_word = max(cut.rfind(" "), cut.rfind("\n"), cut.rfind("\t")) + 1
        if "://" in cut[last_word:]:  # a URL cut before its `@` would keep its password: drop it whole
            cut = cut[:last_word] + "[cut URL]"
        value = f"{cut}…[{len(value) - MAX_LOGGED_CHARS} more characters]"
    if "://" in value:
        value = _URL_PASSWORD.sub(r"://\1:[redacted]@", value)
    value = _BEARER.sub(r"\1 [redacted]", value)
    return _SEAT_TOKEN.sub(TOKEN_PREFIX + "[redacted]", value) if TOKEN_PREFIX in value else value
