"""Run a screen's coroutine on the app's loop, whether its page's browser is connected or not.

Flet's ``page.run_task`` finds its loop through the page's connection, which is ``None`` while the browser
is away (a reload, a phone locked): a screen told of a change then raised ``'NoneType' object has no
attribute 'loop'``. Every page of a process shares one loop; :func:`bind` keeps it (the app's entry point
calls it), and :func:`spawn` uses it from any thread (zeroconf's callbacks too).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from typing import Any

log = logging.getLogger("tablekeeper.app")

_LOOP: asyncio.AbstractEventLoop | None = None
_RUNNING: set[asyncio.Task[Any]] = set()


def bind() -> None:
    """Remember the running loop as the app's (call it from the app's entry point)."""
    global _LOOP
    _LOOP = asyncio.get_running_loop()


def _done(fut: asyncio.Future[Any] | Future[Any]) -> None:
    if fut.cancelled():
        return
    exc = fut.exception()
    if exc is not None:
        log.error("a screen's background work failed", exc_info=exc)


def spawn(page: Any, fn: Callable[..., Awaitable[Any]], *args: Any, **kwargs: Any) -> None:
    """Run ``fn(*args, **kwargs)`` for ``page`` on the app's loop, Flet's context naming ``page`` (as
    ``page.run_task`` does: a service such as the page's storage belongs to the page the context names);
    its failure is logged, never raised here."""
    try:
        here = asyncio.get_running_loop()
    except RuntimeError:
        here = None
    loop = here or _LOOP
    if loop is None or loop.is_closed():
        log.debug("no loop to run %s on", getattr(fn, "__name__", fn))
        return

    async def for_page() -> Any:
        from flet.controls.context import _context_page

        _context_page.set(page)
        return await fn(*args, **kwargs)

    coro: Any = for_page()
    if here is not None:
        task = here.create_task(coro)
        _RUNNING.add(task)
        task.add_done_callback(_RUNNING.discard)
        task.add_done_callback(_done)
    else:
        asyncio.run_coroutine_threadsafe(coro, loop).add_done_callback(_done)


__all__ = ["bind", "spawn"]
