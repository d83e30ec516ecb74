"""Flet's web transport, where tablekeeper needs it to behave otherwise (flet-web 1.0.5).

Each function changes one thing, says why, and names in :data:`REQUIRES` the Flet internals it relies on,
so that :func:`companion.runtime.check` names what moved when Flet is upgraded.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

log = logging.getLogger("tablekeeper.web")

# (module, class, attribute) each patch below reads or replaces
REQUIRES = [
    ("flet_web.fastapi.flet_app", "FletApp", "_FletApp__receive_loop"),
    ("flet.messaging.protocol", "Message", "__repr__"),
    ("flet_web.fastapi.flet_app", "FletApp", "handle"),
    ("flet_web.fastapi.flet_app", "FletApp", "send_message"),
    ("flet_web.fastapi.flet_app", "FletApp", "_FletApp__get_unique_session_id"),
    ("flet_web.fastapi.flet_app_manager", "app_manager", "disconnect_session"),
    ("flet.messaging.session", "Session", "handle_invoke_method_results"),
]
# (module, class, line of its source) for what an instance holds that a function below reads
IN_SOURCE = [
    ("flet_web.fastapi.flet_app", "FletApp", "self.__send_queue = asyncio.Queue()"),
]


def short_message_repr() -> None:
    """Flet 1.0 writes every message it sends into a debug line of its ``flet_transport`` log, as an f-string:
    the whole message (a screen's patch, with its controls) is turned into text even when that log is off,
    which was ~5% of the app's CPU per update on a busy table. Unless that log is on, a message's text is
    its action only."""
    from flet.messaging.protocol import Message

    if logging.getLogger("flet_transport").isEnabledFor(logging.DEBUG) or getattr(
        Message, "_tk_short", False
    ):
        return

    def short(self: Any) -> str:
        return f"Message({self.action!r}, {type(self.body).__name__})"

    Message.__repr__ = short  # type: ignore[method-assign]
    Message._tk_short = True  # type: ignore[attr-defined]


def always_disconnect() -> None:
    """Flet 1.0.5's ``FletApp.handle`` marks its session disconnected only after its send loop ends well. A
    browser that goes while a message to it is being written (a reload, a phone locked during an update)
    makes that loop raise (the socket is gone), ``handle`` raises with it, and the session stays connected
    to a dead socket for ever: it never hears ``disconnect``, so its page goes on being drawn at every
    update of its table (a ninth page drawn for eight devices) and what is sent to it piles up in a queue
    nobody reads. Measured: about one reload in ten. The reloaded page meanwhile gets a new session, as the
    old one still looks connected.

    Here the session is marked disconnected whichever way ``handle`` ends, as Flet does when it ends well
    (``Session disconnected`` in Flet's log, the page's ``on_disconnect``, its expiry after
    ``session_timeout``): only when this connection is still the session's own."""
    from flet_web.fastapi import flet_app
    from flet_web.fastapi.flet_app_manager import app_manager

    cls: Any = flet_app.FletApp
    if getattr(cls, "_tk_always_disconnect", False):
        return
    original = cls.handle

    async def handle(self: Any, websocket: Any) -> None:
        try:
            await original(self, websocket)
        except Exception as exc:
            session = getattr(self, "_FletApp__session", None)
            if session is not None and session.connection is self:
                key = self._FletApp__get_unique_session_id(session.id)
                await app_manager.disconnect_session(key, self._FletApp__session_timeout_seconds)
                log.info(
                    "a page's socket went while it was written to (%s): its session is disconnected",
                    type(exc).__name__,
                )
            from starlette.websockets import WebSocketDisconnect

            if not isinstance(exc, WebSocketDisconnect):
                raise

    cls.handle = handle
    cls._tk_always_disconnect = True


def drop_sends_to_gone_pages() -> None:
    """Flet 1.0.5 keeps drawing a page whose browser just left: an event handler that finishes after the
    websocket closed (a tap, then the tab closed; a phone locked mid-update) ends with Flet's own
    ``page.update()``, whose message goes to a send queue Flet already set to ``None``, and raises
    ``AttributeError: 'NoneType' object has no attribute 'put_nowait'`` — a traceback in the log for every
    page that leaves at the wrong moment. Here a message to a connection whose send loop has ended is
    dropped (the browser is gone; when it comes back, Flet sends it the whole page)."""
    from flet_web.fastapi import flet_app

    cls: Any = flet_app.FletApp
    if getattr(cls, "_tk_drop_to_gone", False):
        return
    original = cls.send_message

    def send_message(self: Any, message: Any) -> None:
        if getattr(self, "_FletApp__send_queue", None) is None:
            return
        original(self, message)

    cls.send_message = send_message
    cls._tk_drop_to_gone = True


class _GoneIsNotAnError(logging.Filter):
    """Drops Flet's "Receive loop error" when the error is only that the browser left."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if exc is None:
            return True
        from starlette.websockets import WebSocketDisconnect, WebSocketDisconnected

        return not isinstance(exc, (WebSocketDisconnect, WebSocketDisconnected))


def quiet_departures() -> None:
    """Flet 1.0.5's receive loop logs a warning with a traceback for every browser that leaves while it
    reads, unless the error is starlette's ``WebSocketDisconnect``: the starlette that FastAPI brings now
    raises ``WebSocketDisconnected`` there (a page closed before its first message, a raw client gone), so
    a page leaving wrote a traceback into the app's log. A page leaving is not an error: those records are
    dropped (any other error of the loop is still logged)."""
    logger = logging.getLogger("flet_web.fastapi")
    if not any(isinstance(f, _GoneIsNotAnError) for f in logger.filters):
        logger.addFilter(_GoneIsNotAnError())


def late_answers_are_dropped() -> None:
    """Flet 1.0.5 waits a given time for a page's answer to a method call (a read of the device's storage,
    ``SharedPreferences``, waits 3 s) and then forgets the service that asked; an answer that comes later
    raises ``RuntimeError: … Control with ID … is not registered`` inside the page's receive loop, which
    ends the page's connection. On a busy host (twenty phones joining at once) answers came late and the
    pages they came from were cut off. A late answer is now dropped: the call already went on without
    it."""
    from flet.messaging.session import Session

    if getattr(Session, "_tk_late_answers", False):
        return
    original = Session.handle_invoke_method_results

    def handle(self: Any, control_id: int, call_id: str, result: Any, error: Any) -> None:
        if control_id not in self.index:
            log.debug("a page answered a call of control %s after it was gone: dropped", control_id)
            return
        original(self, control_id, call_id, result, error)

    Session.handle_invoke_method_results = handle  # type: ignore[method-assign]
    Session._tk_late_answers = True  # type: ignore[attr-defined]


async def written(page: Any, turns: int = 50) -> None:
    """Until what ``page``'s session queued for its browser has been written (at most ``turns`` turns of the
    event loop). A screen's update is one message per changed control, which Flet's sender takes from a
    queue in a task of its own, and :class:`companion.web._Coalescing` writes on the turn after: pages drawn
    one after the other must let both run, or a page's update (or its end) leaves only after the next page's
    render."""
    try:
        queue = getattr(page.session.connection, "_FletApp__send_queue", None)
    except Exception:  # noqa: BLE001 - no session or connection (a page closing): nothing to wait for
        queue = None
    for _ in range(turns):
        # written: nothing queued, and the sender waits for more (it has finished writing what it took)
        if queue is None or (queue.empty() and getattr(queue, "_getters", True)):
            break
        await asyncio.sleep(0)
    await asyncio.sleep(0)  # what the sender wrote leaves in one write (companion.web, on the next turn)


def install() -> None:
    late_answers_are_dropped()
    short_message_repr()
    always_disconnect()
    drop_sends_to_gone_pages()
    quiet_departures()
