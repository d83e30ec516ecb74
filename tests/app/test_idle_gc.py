"""The app's full garbage collections happen when no page is being drawn (companion.runtime.idle_gc)."""

from __future__ import annotations

import asyncio
import gc
import time

import pytest

from companion.runtime import idle_gc


@pytest.fixture
def fresh():
    saved = dict(idle_gc._state)
    threshold = gc.get_threshold()
    yield
    idle_gc._state.update(saved)
    gc.set_threshold(*threshold)
    gc.unfreeze()


@pytest.mark.parametrize(
    "last,due,every,at_most",
    [
        ("full", idle_gc.due, idle_gc.EVERY_S, idle_gc.AT_MOST_S),
        ("deep", idle_gc.deep_due, idle_gc.DEEP_EVERY_S, idle_gc.DEEP_AT_MOST_S),
    ],
)
def test_a_collection_waits_for_a_quiet_moment_and_never_for_longer_than_its_at_most(
    fresh, last, due, every, at_most
):
    """A full collection, and a deep one (everything thawed first), each on its own clock."""
    now = time.monotonic()
    idle_gc._state.update({last: now - every - 1, "busy": now})
    assert not due(now), "a page is being drawn"
    assert due(now + idle_gc.IDLE_S + 0.01), "quiet for IDLE_S: now"
    idle_gc._state.update({last: now - 1.0, "busy": now - 60})
    assert not due(now), "the last one was a moment ago"
    idle_gc._state.update({last: now - at_most, "busy": now})
    assert due(now), "busy all along: one anyway, memory stays bounded"


def test_much_built_since_the_last_collection_is_collected_at_the_next_quiet_moment(fresh):
    """Devices joining build a page each: the walk of all they built comes in the quiet after they joined
    (at 48 devices a quarter of a second, which held up one of the first taps), without waiting EVERY_S."""
    gc.collect()
    gc.set_threshold(10, 2, idle_gc.NEVER)  # young collections come quickly (the fixture puts them back)
    now = time.monotonic()
    idle_gc._state.update({"full": now - 1.0, "busy": now - 60})
    assert not idle_gc.due(now), "quiet, but the last one was a moment ago and little was built since"
    built = []
    for _ in range(idle_gc.BUILT * 2 * 10 * 3):
        built.append([])
    assert gc.get_count()[2] >= idle_gc.BUILT
    assert idle_gc.due(now), "much built since: now that it is quiet"
    idle_gc._state["busy"] = now
    assert not idle_gc.due(now), "never while a page is being drawn"


def test_installed_automatic_full_collections_are_off_and_the_idle_task_collects_cycles(fresh):
    """Young generations are still collected as usual; the oldest one only by the idle-time task."""

    class Node:
        def __init__(self) -> None:
            self.me = self  # a cycle: only the garbage collector frees it

    async def go() -> None:
        idle_gc._state["installed"] = False
        task = idle_gc.install(period=0.01)
        assert task is not None and idle_gc.install() is None, "once per process"
        young, _middle, old = gc.get_threshold()
        assert old == idle_gc.NEVER and young > 0
        before = idle_gc._state["collections"]
        import weakref

        ref = weakref.ref(Node())
        idle_gc._state["full"] = time.monotonic() - idle_gc.EVERY_S  # due once quiet
        idle_gc.busy()
        await asyncio.sleep(idle_gc.IDLE_S / 2)
        assert idle_gc._state["collections"] == before, "not while a page is being drawn"
        for _ in range(100):
            await asyncio.sleep(0.02)
            if idle_gc._state["collections"] > before:
                break
        assert idle_gc._state["collections"] == before + 1 and ref() is None
        task.cancel()
        idle_gc.uninstall()
        assert gc.get_threshold()[2] == 10

    asyncio.run(go())


def test_what_survives_a_collection_is_frozen_and_a_deep_one_frees_what_was_frozen_then_dropped(fresh):
    """A full collection walks only what came since the last one (it walked every page's controls again:
    60-190 ms, enough to hold up a tap that came meanwhile); garbage among what was frozen waits for a deep
    collection, which thaws everything first."""
    import weakref

    class Node:
        def __init__(self) -> None:
            self.me = self  # a cycle: only the garbage collector frees it

    kept = [Node()]
    idle_gc.collect()
    frozen = gc.get_freeze_count()
    assert frozen > 0
    old = weakref.ref(kept.pop())  # frozen, then dropped: garbage a light collection does not walk
    young = weakref.ref(Node())  # came after the last collection
    idle_gc.collect()
    assert young() is None, "a cycle that came since the last collection is freed"
    assert old() is not None, "a frozen one waits for the deep collection"
    idle_gc.collect(deep=True)
    assert old() is None, "the deep collection frees what was frozen and then dropped"
    assert idle_gc._state["deep_collections"] >= 1
