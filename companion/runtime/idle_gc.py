"""Python's full garbage collections, moved to the moments nobody waits for a screen.

Every page render builds a few thousand Flet controls, and the controls a page keeps (its screen, the
boards it keeps between renders, every page's own) pile up in Python's oldest generation. A full collection
walks all of them: on a host with eight pages, 110-310 ms, about every third tap, in the middle of a
render that seven devices were waiting for (measured with ``gc.callbacks`` during ``benchmarks.ui``).

So, in the app (:func:`install`):

- what the app holds once it has started (modules, the catalogue, the engines' data) is frozen out of the
  collections (``gc.freeze``): never garbage, never walked again;
- the automatic full collections are off (``gc.set_threshold``'s third value made unreachable); the two
  young generations are still collected as usual (most garbage is young: a render's discarded controls);
- a task collects everything once the app has been idle for ``IDLE_S`` (no page drawn: :func:`busy` is
  called by each render) and ``EVERY_S`` have passed since the last full collection, or sooner when much
  was built since (``BUILT`` young collections: devices joining, each drawing its first page), so that the
  walk of what they built happens in the quiet after they joined, not in the middle of the first taps; a
  table that never rests still gets one every ``AT_MOST_S``, so memory stays bounded over an evening;
- what survives a full collection is frozen too, so the next one walks only what came since (a few ms, not
  the 60-190 ms of walking every page's controls again: such a walk, started in a quiet moment, still held
  up the tap that came during it). Garbage among frozen objects (a screen a page dropped after it was
  frozen) waits for a deep collection, which thaws everything first: when idle every ``DEEP_EVERY_S``, and
  at least every ``DEEP_AT_MOST_S``.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger("tablekeeper.app")

IDLE_S = 0.4  # no render for this long: a full collection bothers nobody
EVERY_S = 10.0  # at most one idle-time full collection this often
AT_MOST_S = 120.0  # a full collection at least this often, idle or not
DEEP_EVERY_S = 300.0  # at most one idle-time deep collection (everything thawed first) this often
DEEP_AT_MOST_S = 900.0  # a deep collection at least this often, idle or not
NEVER = 1 << 30  # gen1 collections before an automatic full one: never, in practice
BUILT = 60  # gen1 collections since the last full one that make the next idle moment collect: much was built
# (two dozen devices joining: ~100; a tap with 48 devices on: 1-3)

_state = {"busy": 0.0, "full": 0.0, "deep": 0.0, "installed": False, "collections": 0, "deep_collections": 0}


def busy() -> None:
    """Something a user waits for is happening (a page's render): no full collection right now."""
    _state["busy"] = time.monotonic()


def _due(now: float, last: str, every: float, at_most: float) -> bool:
    """Idle and ``every`` s since the ``last`` one, or ``at_most`` s since it whatever the app does."""
    since = now - _state[last]
    return since >= at_most or (since >= every and now - _state["busy"] >= IDLE_S)


def idle(now: float) -> bool:
    """No page has been drawn for a moment: work nobody waits for may run now."""
    return now - _state["busy"] >= IDLE_S


def due(now: float) -> bool:
    """Whether a full collection should run now: idle and not too soon (or much built since the last), or
    too long since the last."""
    return _due(now, "full", EVERY_S, AT_MOST_S) or (idle(now) and gc.get_count()[2] >= BUILT)


def deep_due(now: float) -> bool:
    """Whether the next full collection should thaw everything first (see :func:`collect`)."""
    return _due(now, "deep", DEEP_EVERY_S, DEEP_AT_MOST_S)


def collect(deep: bool = False) -> float:
    """A full collection now, of what came since the last one (everything, thawed first, if ``deep``), then
    what survives is frozen; returns the seconds it took."""
    t = time.perf_counter()
    if deep:
        gc.unfreeze()
    gc.collect()
    gc.freeze()
    now = time.monotonic()
    _state["full"] = now
    _state["collections"] += 1
    if deep:
        _state["deep"] = now
        _state["deep_collections"] += 1
    return time.perf_counter() - t


async def _watch(period: float) -> None:
    while True:
        await asyncio.sleep(period)
        now = time.monotonic()
        if due(now):
            deep = deep_due(now)
            took = collect(deep)
            log.debug("%s garbage collection in %.0f ms", "deep" if deep else "full", 1000 * took)


def install(period: float = 0.2) -> asyncio.Task[None] | None:
    """In the running event loop: freeze what the app holds now, turn automatic full collections off and
    start the idle-time collector (once per process). Returns its task (None if installed already)."""
    if _state["installed"]:
        return None
    _state["installed"] = True
    gc.collect()
    gc.freeze()
    young, middle, _old = gc.get_threshold()
    gc.set_threshold(young, middle, NEVER)
    _state["full"] = _state["deep"] = time.monotonic()
    return asyncio.get_running_loop().create_task(_watch(period))


def uninstall() -> None:
    """Automatic collections back to Python's defaults (tests)."""
    young, middle, _old = gc.get_threshold()
    gc.set_threshold(young, middle, 10)
    gc.unfreeze()
    _state["installed"] = False


__all__ = [
    "AT_MOST_S",
    "BUILT",
    "DEEP_AT_MOST_S",
    "DEEP_EVERY_S",
    "EVERY_S",
    "IDLE_S",
    "busy",
    "collect",
    "deep_due",
    "due",
    "install",
    "uninstall",
]
