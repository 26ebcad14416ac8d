"""The cyclic garbage collector paused while a page (or a resolution) holds what it builds until it is written."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_gc_lock = threading.Lock()
_gc_pausers = 0
_gc_was_enabled = True


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic garbage collection while a page is read, decoded and folded.

    A page allocates tens of thousands of containers that all stay alive until it is written, so the
    collector's passes over them find nothing and cost a third of the fold (measured in `make bench`). The
    pause is bounded by one page; runners in the same process share it, and the collector is enabled again
    when the last of them is done, if it was enabled before.
    """
    global _gc_pausers, _gc_was_enabled
    with _gc_lock:
        _gc_pausers += 1
        if _gc_pausers == 1:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
    try:
        yield
    finally:
        with _gc_lock:
            _gc_pausers -= 1
            if _gc_pausers == 0 and _gc_was_enabled:
                gc.enable()
