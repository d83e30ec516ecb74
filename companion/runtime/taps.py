"""No tap lost to a re-render: a tap on a control a re-render just took off the page still reaches it.

A browser shows a button, the user taps it, and the tap travels to the host as ``(control id, "click")``.
If, meanwhile, another device's action re-rendered this page, Flet has taken that button out of its index
and drops the tap silently ("Control with ID … not found"): the user tapped and nothing happened.

:func:`install` (once per process) gives each Flet session an index that keeps, for :data:`KEEP_S` seconds,
every control taking taps or typing that a re-render takes off the page, and wraps Flet's event dispatch:
a tap whose control is no longer on the page is handed to the control kept under that id (its handler
runs as it was drawn). A choice button's handler sends its intent only while it is still legal
(``TableScreen._choose``): still legal, it is played (what the user saw and meant); no longer legal, the
user reads that the game changed meanwhile. A tap for an id never drawn on this page (a browser that
lies), or older than :data:`KEEP_S`, is dropped, and logged.
"""

from __future__ import annotations

import logging
import time
import weakref
from collections import deque
from typing import Any

import flet as ft
from flet.messaging.session import Session

# (module, class, attribute) this module reads or replaces (companion.runtime.check names the missing ones)
REQUIRES = [
    ("flet.messaging.session", "Session", "dispatch_event"),
    ("flet.messaging.session", "Session", "index"),
]

log = logging.getLogger(__name__)

KEEP_S = 15.0  # a tap takes well under a second to arrive; a slow phone on a busy Wi-Fi, a few
HANDLERS = ("on_click", "on_change", "on_submit", "on_tap", "on_long_press", "on_select", "on_blur")

# per Flet session: id -> (time kept, control), oldest first
_kept: weakref.WeakKeyDictionary[Any, dict[int, tuple[float, ft.BaseControl]]] = weakref.WeakKeyDictionary()
_order: weakref.WeakKeyDictionary[Any, deque[tuple[float, int]]] = weakref.WeakKeyDictionary()
_installed = False


def _takes_input(control: ft.BaseControl) -> bool:
    for name in HANDLERS:
        if getattr(control, name, None) is not None:
            return True
    return False


class _Index(weakref.WeakValueDictionary):  # type: ignore[type-arg]
    """Flet's index of a session's controls, which hands every control taking taps that Flet takes out of it
    (a re-render removed it from the page) to :func:`_removed`."""

    def __init__(self, session: Any, *args: Any) -> None:
        super().__init__(*args)
        self._session = weakref.ref(session)

    def pop(self, key: Any, *default: Any) -> Any:
        value = super().pop(key, *default)
        if value is not None and isinstance(value, ft.BaseControl) and _takes_input(value):
            session = self._session()
            if session is not None:
                _removed(session, key, value)
        return value


def _removed(session: Any, control_id: int, control: ft.BaseControl) -> None:
    now = time.monotonic()
    kept = _kept.setdefault(session, {})
    order = _order.setdefault(session, deque())
    kept[control_id] = (now, control)
    order.append((now, control_id))
    while order and now - order[0][0] > KEEP_S:
        t, i = order.popleft()
        if i in kept and kept[i][0] == t:
            del kept[i]


def _recover(session: Any, control_id: int) -> ft.BaseControl | None:
    entry = _kept.get(session, {}).get(control_id)
    if entry is None or time.monotonic() - entry[0] > KEEP_S:
        return None
    return entry[1]


def _on_page(control: ft.BaseControl) -> bool:
    try:
        return control.page is not None
    except RuntimeError:
        return False


def _find(page: Any, control_id: int) -> ft.BaseControl | None:
    """The control of that id in the page's tree (the page's views, their app bars and controls)."""
    seen: set[int] = set()
    stack = [page]
    while stack:
        node = stack.pop()
        if not isinstance(node, ft.BaseControl) or id(node) in seen:
            continue
        if node._i == control_id:
            return node
        seen.add(id(node))
        values = {**vars(node), **(getattr(node, "_values", None) or {})}
        for key, value in values.items():
            if key.startswith("_") or key in ("parent", "page"):
                continue
            if isinstance(value, ft.BaseControl):
                stack.append(value)
            elif isinstance(value, list) and value and isinstance(value[0], ft.BaseControl):
                stack.extend(value)
    return None


def _reattach(control: ft.BaseControl, page: Any) -> list[ft.BaseControl]:
    """A control off the page (its old parents are gone) hangs from the page again, so that Flet, which runs
    a handler only for a control on a page, runs its handler. It is on no list of the page's: nothing draws
    it, and the next render does not see it. Returned: the control and its old parents up to the page. A
    parent is held by its children only weakly, and nothing else holds the old ones any more: the caller
    keeps them while the handler runs, or a garbage collection in the middle of it (a busy host, many
    pages) leaves the control without a page and the tap is lost after all."""
    chain, top, depth = [control], control, 0
    while depth < 500:
        parent = top.parent
        if parent is None:
            break
        if parent is page:
            return chain
        top, depth = parent, depth + 1
        chain.append(top)
    if top is not page:
        object.__setattr__(top, "_parent", weakref.ref(page))
    return chain


def install() -> None:
    """Wrap Flet's event dispatch (once per process) so that kept controls still take their taps."""
    global _installed
    if _installed:
        return
    _installed = True
    original = Session.dispatch_event
    original_init = Session.__init__

    def init(self: Session, *args: Any, **kwargs: Any) -> None:
        original_init(self, *args, **kwargs)
        index = getattr(self, "_Session__index", None)
        if isinstance(index, weakref.WeakValueDictionary):
            self._Session__index = _Index(self, index)  # type: ignore[attr-defined]

    Session.__init__ = init  # type: ignore[method-assign]

    async def dispatch_event(self: Session, control_id: int, event_name: str, event_data: Any) -> None:
        index = self.index
        known = index.get(control_id)
        if known is None or not _on_page(known):
            live = _find(self.page, control_id)  # a control a render rebuilt under the same id
            if live is not None:
                index[control_id] = live
            else:
                control = _recover(self, control_id) or known
                if control is not None:
                    log.info(
                        "tap on %s (%s), off the page since a re-render: delivered", control_id, event_name
                    )
                    held = _reattach(control, self.page)  # noqa: F841 - kept alive until the handler ran
                    index[control_id] = control  # Flet finds it there and runs its handler
                else:
                    log.warning(
                        "event %s for control %s, never drawn on this page or too old: dropped",
                        event_name,
                        control_id,
                    )
        await original(self, control_id, event_name, event_data)

    Session.dispatch_event = dispatch_event  # type: ignore[method-assign]


__all__ = ["HANDLERS", "KEEP_S", "install"]
