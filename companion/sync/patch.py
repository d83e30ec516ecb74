"""Send less: a device receives what changed in its :class:`Snapshot`, not the whole snapshot every time.

The host keeps, per connection, a :class:`PatchSender` that remembers the last snapshot it sent there and
turns the next one into a :class:`SnapshotPatch` (a few JSON operations: the view's changed values, the
new log lines, the choices when they changed); the device keeps a :class:`PatchReceiver` that applies it
to its own copy. The first update of a connection, and any update whose patch would not be smaller, is
the full snapshot. Patches are numbered per connection (``base``): a device that finds a patch for
another base than the one it holds raises :class:`PatchError` (it then reconnects and gets a full
snapshot), so a lost or reordered update can never leave a screen silently wrong.

Operations on the snapshot as plain JSON (``msgspec.to_builtins``), ``path`` a list of keys and indices:

- ``["s", path, value]``: set the value at ``path``;
- ``["d", path]``: delete the key at ``path``;
- ``["l", path, start, count, items]``: in the list at ``path``, replace ``count`` items from ``start``
  with ``items`` (an append is ``count`` 0 at the end; the log's oldest lines going away is ``items`` []).
"""

from __future__ import annotations

import difflib
from typing import Any

import msgspec

from companion.session import Snapshot

Path = list[str | int]
MIN_SAVING = 0.8  # a patch is sent only when it is smaller than this share of the full snapshot


class SnapshotPatch(msgspec.Struct, frozen=True):
    base: int  # the number (per connection) of the update this patch applies to
    n: int  # this update's number
    ops: list[list[Any]]


class PatchError(Exception):
    """A patch that does not fit the snapshot the device holds."""


def _diff(old: Any, new: Any, path: Path, ops: list[list[Any]]) -> None:
    if type(old) is not type(new):
        ops.append(["s", path, new])
    elif isinstance(new, dict):
        for k in old:
            if k not in new:
                ops.append(["d", [*path, k]])
        for k, v in new.items():
            if k not in old:
                ops.append(["s", [*path, k], v])
            elif old[k] != v:
                _diff(old[k], v, [*path, k], ops)
    elif isinstance(new, list):
        _diff_list(old, new, path, ops)
    elif old != new:
        ops.append(["s", path, new])


def _diff_list(old: list[Any], new: list[Any], path: Path, ops: list[list[Any]]) -> None:
    # a window: the oldest items went away and new ones came at the end (a log that keeps its last lines)
    if old and new:
        try:
            k = old.index(new[0])
        except ValueError:
            k = -1
        if k > 0 and old[k:] == new[: len(old) - k]:
            ops.append(["l", path, 0, k, []])
            ops.append(["l", path, len(old) - k, 0, new[len(old) - k :]])
            return
    if len(old) == len(new):
        changed = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
        if len(changed) * 2 <= len(new) or all(isinstance(x, dict | list) for x in new):
            for i in changed:
                _diff(old[i], new[i], [*path, i], ops)
            return
    if len(old) + len(new) > 16:  # long lists (choices): the items kept, wherever they moved to
        enc = msgspec.json.encode
        sm = difflib.SequenceMatcher(None, [enc(x) for x in old], [enc(x) for x in new], autojunk=False)
        for tag, i1, i2, j1, j2 in reversed(sm.get_opcodes()):  # from the end: earlier indices stay valid
            if tag != "equal":
                ops.append(["l", path, i1, i2 - i1, new[j1:j2]])
        return
    p = 0
    while p < len(old) and p < len(new) and old[p] == new[p]:
        p += 1
    s = 0
    while s < len(old) - p and s < len(new) - p and old[-1 - s] == new[-1 - s]:
        s += 1
    ops.append(["l", path, p, len(old) - p - s, new[p : len(new) - s]])


def diff(old: Any, new: Any) -> list[list[Any]]:
    """The operations that turn the JSON value ``old`` into ``new``."""
    ops: list[list[Any]] = []
    _diff(old, new, [], ops)
    return ops


def apply_ops(doc: Any, ops: list[list[Any]]) -> Any:
    """``doc`` (plain JSON, changed in place where it can be) with ``ops`` applied; returns the result."""
    for op in ops:
        try:
            kind, path = op[0], op[1]
            if kind == "s" and not path:
                doc = op[2]
                continue
            parent = doc
            for key in path[:-1]:
                parent = parent[key]
            last = path[-1] if path else None
            if kind == "s":
                parent[last] = op[2]
            elif kind == "d":
                del parent[last]
            elif kind == "l":
                target = parent[last] if path else parent
                start, count, items = int(op[2]), int(op[3]), op[4]
                if not (0 <= start <= len(target) and 0 <= count <= len(target) - start):
                    raise PatchError(f"list operation {start}+{count} outside a list of {len(target)}")
                target[start : start + count] = items
            else:
                raise PatchError(f"unknown patch operation {kind!r}")
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise PatchError(f"patch operation {op[:2]!r} does not fit: {exc}") from None
    return doc


class PatchSender:
    """The host's side for one connection: the next snapshot as a full one or as a patch."""

    def __init__(self) -> None:
        self.n = 0
        self._last: dict[str, Any] | None = None

    def next(self, snap: Snapshot) -> tuple[Snapshot | None, SnapshotPatch | None]:
        """(full snapshot, None) or (None, patch): what to send for ``snap``."""
        doc = msgspec.to_builtins(snap)
        base, self.n = self.n, self.n + 1
        last, self._last = self._last, doc
        if last is None:
            return snap, None
        ops = diff(last, doc)
        patch = SnapshotPatch(base, self.n, ops)
        if len(msgspec.json.encode(patch)) >= MIN_SAVING * len(msgspec.json.encode(snap)):
            return snap, None
        return None, patch


class PatchReceiver:
    """The device's side for one connection: the snapshot after a full update or a patch."""

    def __init__(self) -> None:
        self.n = 0
        self._doc: dict[str, Any] | None = None

    def reset(self) -> None:
        """A new connection: the next update is numbered from its start."""
        self.n = 0
        self._doc = None

    def apply(self, full: Snapshot | None, patch: SnapshotPatch | None) -> Snapshot:
        if full is not None:
            self._doc = msgspec.to_builtins(full)
            self.n += 1
            return full
        if patch is None:
            raise PatchError("an update with neither a snapshot nor a patch")
        if self._doc is None or patch.base != self.n:
            raise PatchError(f"a patch for update {patch.base}, but this device holds update {self.n}")
        doc = apply_ops(self._doc, patch.ops)
        try:  # a fresh copy: the next patch changes this device's document, never a snapshot handed out
            snap = msgspec.json.decode(msgspec.json.encode(doc), type=Snapshot)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            raise PatchError(f"the patched snapshot is not valid: {exc}") from None
        self._doc = doc
        self.n = patch.n
        return snap
