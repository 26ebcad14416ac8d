"""Logs configured without a stream write to `sys.stderr` as it is at each record (service/operations/logs.py
`_Stderr`): an in-process caller that swapped stderr while logs were configured, then closed it (a test's capture),
leaves no handler writing to a closed stream; seen in CI as "--- Logging error ---" from a webhook worker's thread."""

from __future__ import annotations

import io
import logging
import sys

import pytest

from service.operations import logs
from tests.service.operations.test_logs_and_metrics_bounded import logging_restored  # noqa: F401 - the fixture


def test_a_record_after_the_configuring_stderr_closed_goes_to_stderr_as_it_is_now(
    logging_restored: None,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    then, now = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stderr", then)
    logs.configure("json", "INFO")
    logging.getLogger("intrigue.test").info("while configured")
    assert '"event": "while configured"' in then.getvalue()
    monkeypatch.setattr(sys, "stderr", now)
    then.close()
    logging.getLogger("intrigue.test").info("after the swap")
    written = now.getvalue()
    assert '"event": "after the swap"' in written
    assert "Logging error" not in written and "while configured" not in written
