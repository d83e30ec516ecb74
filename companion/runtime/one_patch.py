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

The diff is Flet's own (``DiffBuilder``) but for one thing: Flet's diff of a control compares every control
under it, each against the record of what the browser was last sent (its change record, its lists, its
nested values) and through its ``before_update`` and validation, although a render touches a few of them (a
log line, a counter, a pin): ~120 controls visited for ~20 that changed. :class:`_Diff` passes a control whose
record shows nothing changed (nothing set, every list holding the very same items, every nested value the
very same object) straight to its children, without Flet's work on it; anything else is Flet's code path.

This uses Flet 1.0's session internals (its index and its message sender, as ``Session.patch_control``
does) and its ``DiffBuilder``; :data:`FLET_VERSION` pins the version it was written against and
``tests/app/test_one_patch.py`` fails if they move.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl
from flet.controls.context import context
from flet.controls.object_patch import DiffBuilder, ObjectPatch
from flet.messaging.protocol import Message, MessageAction, PatchControlBody

# (module, class, attribute) this module reads (companion.runtime.check names the missing ones)
REQUIRES = [
    ("flet.controls.object_patch", "ObjectPatch", "to_message"),
    ("flet.messaging.protocol", "MessageAction", "PATCH_CONTROL"),
    ("flet.messaging.session", "Session", "_Session__send_message"),
    ("flet.controls.object_patch", "DiffBuilder", "_compare_dataclasses"),
    ("flet.controls.object_patch", "DiffBuilder", "_compare_values"),
    ("flet.controls.object_patch", "DiffBuilder", "execute"),
    ("flet.controls.object_patch", "DiffBuilder", "get_added_controls"),
    ("flet.controls.object_patch", "DiffBuilder", "get_removed_controls"),
    ("flet.controls.object_patch", "DiffBuilder", "teardown"),
]
# what _Diff reads of Flet's change record, as Flet's diff reads it and its encoder writes it when it sends a
# control (companion.runtime.check names the lines that moved)
_ENCODER = "configure_encode_object_for_msgpack"
IN_SOURCE = [
    ("flet.controls.object_patch", "DiffBuilder", 'dirty = getattr(dst, "_dirty", None)'),
    ("flet.controls.object_patch", "DiffBuilder", 'changes = getattr(dst, "__changes", None)'),
    ("flet.controls.object_patch", "DiffBuilder", 'prev_lists = getattr(dst, "__prev_lists", {})'),
    ("flet.controls.object_patch", "DiffBuilder", 'prev_dicts = getattr(dst, "__prev_dicts", {})'),
    ("flet.controls.object_patch", "DiffBuilder", 'prev_classes = getattr(dst, "__prev_classes", {})'),
    ("flet.controls.object_patch", "DiffBuilder", "and parent.is_isolated()"),
    ("flet.controls.object_patch", "DiffBuilder", '"_structural_fields", frozenset()'),
    ("flet.messaging.protocol", _ENCODER, 'setattr(obj, "__prev_lists", prev_lists)'),
    ("flet.messaging.protocol", _ENCODER, "prev_classes[fname] = v"),
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


_EMPTY: dict[str, Any] = {}


def unchanged(control: Any) -> bool:
    """Whether Flet's diff of ``control`` (kept in place, not frozen) would find nothing changed in the
    control itself: nothing set since it was last sent, each list it was sent holding the very same items,
    each dict the very same values, each nested value the very same object, and no list, dict or nested
    value given since in a field it was sent without. A list of equal but distinct texts or numbers is not
    looked into (Flet's diff decides)."""
    if getattr(control, "_dirty", None) or getattr(control, "__changes", None):
        return False
    lists = getattr(control, "__prev_lists", None)
    dicts = getattr(control, "__prev_dicts", None)
    classes = getattr(control, "__prev_classes", None)
    if lists is None and dicts is None and classes is None:
        return True  # never sent with a list, dict or nested value: Flet's diff looks at its changes only
    lists, dicts, classes = lists or _EMPTY, dicts or _EMPTY, classes or _EMPTY
    for name, was in lists.items():
        now = getattr(control, name, None)
        if (
            type(now) is not list
            or len(now) != len(was)
            or any(a is not b for a, b in zip(now, was, strict=True))
        ):
            return False
    for name, was in dicts.items():
        now = getattr(control, name, None)
        if type(now) is not dict or len(now) != len(was):
            return False
        if any(was.get(k, was) is not v for k, v in now.items()):
            return False
    for name, was in classes.items():
        if getattr(control, name, None) is not was:
            return False
    for name in getattr(type(control), "_structural_fields", ()):
        if name in lists or name in dicts or name in classes:
            continue
        now = getattr(control, name, None)
        if isinstance(now, (list, dict)) and now or dataclasses.is_dataclass(now):
            return False
    return True


class _Diff(DiffBuilder):
    """Flet's diff, which passes a control that did not change straight to its children (see the module)."""

    def _compare_dataclasses(self, parent: Any, path: list[Any], src: Any, dst: Any, frozen: bool) -> None:
        if frozen or src is not dst or not unchanged(dst):
            super()._compare_dataclasses(parent, path, src, dst, frozen)
            return
        if isinstance(parent, BaseControl) and parent.is_isolated() and parent is not self.dst_doc:
            return  # as Flet: an isolated control's children are not walked
        if isinstance(dst, BaseControl) and dst.is_isolated() and dst is not self.dst_doc:
            return  # its children would each stop at the line above
        for name, items in (getattr(dst, "__prev_lists", None) or _EMPTY).items():
            for i, item in enumerate(items):
                if dataclasses.is_dataclass(item):  # as Flet's list diff of an item kept in place
                    self._compare_dataclasses(dst, [*path, name, i], item, item, hasattr(item, "_frozen"))
        for name, item in (getattr(dst, "__prev_dicts", None) or _EMPTY).items():
            for key, value in item.items():
                if dataclasses.is_dataclass(value):
                    self._compare_values(dst, [*path, name], key, value, value, False)
        for name, item in (getattr(dst, "__prev_classes", None) or _EMPTY).items():
            self._compare_values(dst, path, name, item, item, False)


def diff(control: BaseControl, path: list[Any]) -> tuple[list[Any], list[BaseControl], list[BaseControl]]:
    """Flet's ``ObjectPatch.from_diff`` of ``control`` against itself (what changed since it was sent) with
    :class:`_Diff`: (the patch operations, the controls added, those removed)."""
    builder = _Diff(control, control, control_cls=BaseControl)
    builder._compare_values(None, path, None, control, control, frozen=False)
    ops = list(builder.execute())
    added = list(builder.get_added_controls())
    removed = list(builder.get_removed_controls())
    builder.teardown()
    return ops, added, removed


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
        patch, plus, minus = diff(control, path)
        ops += patch
        added += plus
        removed += minus
    return (ObjectPatch(ops).to_message() if ops else None), added, removed, alone


def update(page: ft.Page, controls: Sequence[BaseControl]) -> None:
    """Send what changed in ``controls`` (as ``page.update(*controls)`` would) in one message."""
    if not controls:
        page.update()
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
