"""A page's update as one websocket message.

Flet sends one message per control it is asked to update (``page.update(a, b, c)``: three patches). A
render that touched several parts of a screen (the header, the province part, the log) reached the browser
as five to ten messages, which Chromium hands to the page one at a time: on a busy device the page drew a
frame after the first ones and another after the rest (a third of the other pages' frames per tap in
``benchmarks.ui``, each one the whole screen painted again), and showed a header that did not yet match the
board below it.

:func:`update` makes the same patches, each rooted at the page (its path from the page prefixed: Flet's
client resolves a patch's paths from the control it names, through each control's properties), and sends
them as one message: the browser applies them in order, in one go, and draws once. A control that is not
(or no longer) under the page is updated by Flet on its own, as before.

This uses Flet 1.0's session internals (its index and its message sender, as ``Session.patch_control``
does); :data:`FLET_VERSION` pins the version it was written against and ``tests/app/test_one_patch.py``
fails if they move.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl
from flet.controls.context import context
from flet.controls.object_patch import ObjectPatch
from flet.messaging.protocol import Message, MessageAction, PatchControlBody

# (module, class, attribute) this module reads (companion.runtime.check names the missing ones)
REQUIRES = [
    ("flet.controls.object_patch", "ObjectPatch", "from_diff"),
    ("flet.messaging.protocol", "MessageAction", "PATCH_CONTROL"),
    ("flet.messaging.session", "Session", "_Session__send_message"),
]

FLET_VERSION = "1.0.5"

_CHILD_FIELDS: dict[type, frozenset[str]] = {}


def _child_fields(cls: type) -> frozenset[str]:
    """The dataclass fields of ``cls`` that may hold a control or a list of them (not its private ones)."""
    names = _CHILD_FIELDS.get(cls)
    if names is None:
        names = _CHILD_FIELDS[cls] = frozenset(
            f.name for f in dataclasses.fields(cls) if not f.name.startswith("_")
        )
    return names


def path_to(root: BaseControl, control: BaseControl) -> list[Any] | None:
    """The path from ``root`` to ``control`` as a patch says it (field names and list indices), or None when
    ``control`` is not under ``root`` (taken off the page, or never on it)."""
    path: list[Any] = []
    node = control
    for _ in range(256):
        if node is root:
            path.reverse()
            return path
        parent = node.parent
        if parent is None:
            return None
        step = _where(parent, node)
        if step is None:
            return None
        path += reversed(step)
        node = parent
    return None


def _where(parent: BaseControl, child: BaseControl) -> list[Any] | None:
    """Where ``parent`` holds ``child``: [field] or [field, index]. Only the fields it was given are looked
    at: Flet keeps its properties in ``_values`` and its plain fields (``controls``) on the object."""
    names = _child_fields(type(parent))
    for given in (vars(parent), getattr(parent, "_values", None) or {}):
        for name, value in given.items():
            if name not in names:
                continue
            if value is child:
                return [name]
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if item is child:
                        return [name, i]
    return None


def combined(
    root: BaseControl, controls: Sequence[BaseControl]
) -> tuple[list[Any] | None, list[BaseControl], list[BaseControl], list[BaseControl]]:
    """What changed in ``controls`` as one patch of ``root`` (Flet's own diff of each, its paths prefixed
    with the way from ``root``): (the patch message, or None when nothing changed; the controls it adds; those
    it removes; the controls not under ``root``, left out). Like Flet's diff, it records what is now sent."""
    ops: list[Any] = []
    added: list[BaseControl] = []
    removed: list[BaseControl] = []
    alone: list[BaseControl] = []
    for control in controls:
        path = path_to(root, control)
        if path is None:
            alone.append(control)
            continue
        patch, plus, minus = ObjectPatch.from_diff(
            control, control, control_cls=BaseControl, parent=None, path=path, frozen=False
        )
        ops += patch.patch
        added += plus
        removed += minus
    return (ObjectPatch(ops).to_message() if ops else None), added, removed, alone


def update(page: ft.Page, controls: Sequence[BaseControl]) -> None:
    """Send what changed in ``controls`` (as ``page.update(*controls)`` would) in one message."""
    if len(controls) <= 1:
        page.update(*controls)
        return
    # as page.update: an event handler that drew needs no automatic update after it
    context.mark_update_called()
    message, added, removed, alone = combined(page, controls)
    if message is not None:
        _send(page.session, page, message, added, removed)
    if alone:
        page.update(*alone)


def _send(
    session: Any,
    page: ft.Page,
    message: list[Any],
    added: Iterable[BaseControl],
    removed: Iterable[BaseControl],
) -> None:
    """As ``Session.patch_control`` after its diff: send, then index the added controls and drop the removed
    ones before their lifecycle callbacks run."""
    added, removed = list(added), list(removed)
    session._Session__send_message(Message(MessageAction.PATCH_CONTROL, PatchControlBody(page._i, message)))
    index = session._Session__index
    for c in removed:
        index.pop(c._i, None)
    for c in added:
        index[c._i] = c
    added_ids = {c._i for c in added}
    removed_ids = {c._i for c in removed}
    for c in removed:
        if c._i not in added_ids:
            c.will_unmount()
    for c in added:
        if c._i not in removed_ids:
            c.did_mount()


__all__ = ["FLET_VERSION", "combined", "path_to", "update"]
