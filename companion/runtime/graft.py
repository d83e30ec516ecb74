"""Keep the controls on the page, change only what a render changed (a small React-style reconciler).

Every change of a table re-renders its screen as a fresh tree of controls. Handing that fresh tree to Flet
makes it send the whole screen again (45–280 KB per intent to every browser, then the browser rebuilds every
widget). Flet's own keyed diff would send only the changes, but it freezes the controls it diffs, and the
screens change some controls after they are drawn (a text field, a map's fading arrows).

:func:`graft` walks the tree on the page (``old``) and the fresh one (``new``) side by side and writes the
fresh values into the old controls, so Flet's ordinary in-place diff sends only the properties that changed
and the browser keeps its widgets (focus, scroll, cursor). Rules:

- a control found in both trees as the very same object (a text field a screen keeps) is left as it is;
- a fresh control goes into an old one of the same Flet class, at the same place, that the fresh tree does
  not hold itself, unless it is an input (a text field, a dropdown: a screen reads the one it made), a
  memo (:mod:`companion.ui.memo`: what a page keeps must be the control on the page), or its handlers
  mean something else (``handler.tk_meaning``: a choice button now playing another intent); otherwise the
  fresh control replaces the old one (a new place, a class of our own such as
  :class:`companion.ui.boards.draw.Flash` whose life starts when it is mounted);
- lists of controls are matched by ``key``, then an item holding a control both trees keep (a screen's
  scan field) with the old item holding it, then a memo built anew with the old memo of its slot, then
  place by place; a list in which every element is kept is not reassigned;
- when a control found in both trees is not under the same parent (a kept field that moved), nothing is
  written and the shell renders the screen afresh and sends it whole, as Flet cannot move a control from
  one parent to another in one update;
- other values (numbers, texts, styles, handlers) are assigned only when they differ.

The shell grafts only the screens that ask for it (``Screen.grafted``: the table screen, redrawn by every
device's action; not the forms, where a fresh input field would take the place of the one being typed in).

Handlers are taken from the fresh tree, so a tap always runs the closure of the last render, unless the
control was replaced (above): then a tap already on its way reaches the replaced control's own handler
(:mod:`companion.runtime.taps`). A handler reads a control through the event (``e.control``) or through the
screen's own kept fields, never through a fresh control the handler captured (that one may have been
merged into an old one).
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

import flet as ft

from .taps import HANDLERS

T = TypeVar("T")

_FIELDS: dict[type, frozenset[str]] = {}
_SKIP = {"parent", "page"}


# controls a user types or sets: never written into (a screen may read the fresh one it made; the browser
# holds what was typed in the old one), a fresh one replaces the old one as before
_INPUTS: tuple[type, ...] = tuple(
    c
    for c in (
        getattr(ft, n, None)
        for n in (
            "TextField",
            "Dropdown",
            "DropdownM2",
            "Checkbox",
            "Switch",
            "Slider",
            "RangeSlider",
            "Radio",
            "RadioGroup",
            "SearchBar",
            "AutoComplete",
            "CupertinoTextField",
            "SegmentedButton",
        )
    )
    if isinstance(c, type)
)


_HANDLERS: dict[type, tuple[str, ...]] = {}


def _fields(cls: type) -> frozenset[str]:
    names = _FIELDS.get(cls)
    if names is None:
        names = frozenset(
            f.name
            for f in dataclasses.fields(cls)
            if not f.name.startswith("_") and f.name not in _SKIP and f.init
        )
        _FIELDS[cls] = names
    return names


def _given(control: Any) -> dict[str, Any]:
    """The fields a control was given (the others hold their defaults): Flet keeps its properties in
    ``_values`` and its plain fields (``controls``, ``shapes``) on the object."""
    names = _fields(type(control))
    out = {k: v for k, v in vars(control).items() if k in names}
    values = getattr(control, "_values", None)
    if values:
        out.update(values)
    return out


def _is_control(value: Any) -> bool:
    return isinstance(value, ft.BaseControl)


def _flet_class(cls: type) -> bool:
    """A class of Flet itself (its life is its properties), not one of ours with a life of its own."""
    return cls.__module__.startswith("flet.")


def _handlers(cls: type) -> tuple[str, ...]:
    names = _HANDLERS.get(cls)
    if names is None:
        names = tuple(n for n in HANDLERS if hasattr(cls, n))  # Flet declares its handlers on the class
        _HANDLERS[cls] = names
    return names


def _meaning(control: Any) -> tuple[Any, ...]:
    """What a control's handlers mean, when they say it (``handler.tk_meaning``: a choice's intent). Only the
    handlers its class has are looked at (a text has none: the graft asks this of every control twice)."""
    return tuple(getattr(getattr(control, n, None), "tk_meaning", None) for n in _handlers(type(control)))


def _adoption(old: Any, new: Any) -> Any:
    """For a memo built anew (its key changed) in the slot an old memo holds: the callback that makes the
    page's store keep the old one, which the new one is written into (companion.ui.memo.keep's ``slot``)."""
    adopt = getattr(new, "_tk_adopt", None)
    if (
        adopt is None
        or old is new
        or not getattr(old, "_tk_memo", False)
        or getattr(old, "_tk_slot", None) != getattr(new, "_tk_slot", None)
    ):
        return None
    return adopt


def _survey(old_root: Any, new_root: Any) -> tuple[set[int], set[int], dict[int, set[int]]]:
    """One walk of the fresh tree: the ids it holds, the kept controls (those also on the page under
    ``old_root``: only a control once on a page has a parent), and which kept controls each control of
    either tree holds (found by walking up from each kept control: the fresh tree's parents as walked, the
    page's through Flet's parent links)."""
    fresh: set[int] = set()
    up: dict[int, Any] = {}
    candidates: list[Any] = []
    stack = [new_root]
    while stack:
        node = stack.pop()
        if not _is_control(node) or id(node) in fresh:
            continue
        fresh.add(id(node))
        if node is old_root or getattr(node, "_parent", None) is not None:
            candidates.append(node)
        if node.is_isolated() or getattr(node, "_tk_memo", False):  # never written into: no need to look
            continue
        for value in _given(node).values():
            if _is_control(value):
                up.setdefault(id(value), node)
                stack.append(value)
            elif isinstance(value, list) and value and any(_is_control(v) for v in value):
                for v in value:
                    if _is_control(v):
                        up.setdefault(id(v), node)
                        stack.append(v)
    shared: set[int] = set()
    holds: dict[int, set[int]] = {}
    for kept in candidates:
        chain = _chain(kept, old_root)
        if chain is None:
            continue
        k = id(kept)
        shared.add(k)
        holds.setdefault(k, set()).add(k)
        for parent in chain:  # its ancestors on the page
            holds.setdefault(id(parent), set()).add(k)
        node, depth = up.get(k), 0
        while node is not None and depth < 512:  # its ancestors in the fresh tree
            holds.setdefault(id(node), set()).add(k)
            node, depth = up.get(id(node)), depth + 1
    return fresh, shared, holds


def _chain(control: Any, root: Any) -> list[Any] | None:
    """``control``'s ancestors up to ``root`` on the page, or None when it is not under ``root``."""
    if control is root:
        return []
    chain: list[Any] = []
    ref = getattr(control, "_parent", None)
    while ref is not None and len(chain) < 512:
        parent = ref()
        if parent is None:
            return None
        chain.append(parent)
        if parent is root:
            return chain
        ref = getattr(parent, "_parent", None)
    return None


class _Grafter:
    def __init__(self, old_root: Any, new_root: Any) -> None:
        # fresh_held: controls the fresh tree holds itself (never written into); shared: kept controls (a
        # screen's fields, memos); holds: which kept controls each control holds (only those holding one):
        # a fresh list item holding a kept control is matched with the old item holding it, wherever it is
        self.fresh_held, self.shared, self.holds = _survey(old_root, new_root)
        self.in_place: set[int] = set()  # kept controls found where they were
        self.touched: list[
            Any
        ] = []  # old controls written into, and kept ones (a screen may have changed them)

    def node(self, old: Any, new: Any) -> Any:
        """The control to put on the page: ``old`` with ``new``'s values, or ``new`` itself."""
        if old is new:
            self._stays(old)
            if _is_control(old) and not old.is_isolated() and not getattr(old, "_tk_memo", False):
                self.touched.append(old)  # a control the screen keeps (it may have changed it), not a memo
            return old
        adopt = _adoption(old, new)
        if (
            not _is_control(old)
            or not _is_control(new)
            or type(old) is not type(new)
            or not _flet_class(type(new))
            or isinstance(new, _INPUTS)
            or id(old) in self.fresh_held
            or (adopt is None and (getattr(new, "_tk_memo", False) or getattr(old, "_tk_memo", False)))
            or getattr(old, "key", None) != getattr(new, "key", None)
            or _meaning(old) != _meaning(new)
        ):
            return new
        object.__setattr__(new, "_tk_live", old)  # for handlers that captured the fresh control (see live)
        if adopt is not None:  # a memo's new version written into the old one: the page keeps the old one
            adopt(old)
            object.__setattr__(new, "_tk_adopt", None)
        wrote = False
        given_new, given_old = _given(new), _given(old)
        for name in given_new.keys() | given_old.keys():
            nv = given_new[name] if name in given_new else getattr(new, name, None)
            ov = given_old[name] if name in given_old else getattr(old, name, None)
            if nv is ov:
                if _is_control(nv):
                    self._stays(nv)  # a kept control under an unchanged property: where it was
                elif isinstance(nv, list):
                    for v in nv:
                        if _is_control(v):
                            self._stays(v)
                continue
            if _is_control(nv) or _is_control(ov):
                merged = self.node(ov, nv) if (ov is not None and nv is not None) else nv
                if merged is not ov:
                    self._set(old, name, merged)
                    wrote = True
                continue
            if (
                isinstance(nv, list)
                and isinstance(ov, list)
                and (any(_is_control(v) for v in nv) or any(_is_control(v) for v in ov))
            ):
                merged_list = self.items(ov, nv)
                if merged_list is not None:
                    self._set(old, name, merged_list)
                    wrote = True
                continue
            if callable(nv) and callable(ov) or name == "data":
                _quiet_set(old, name, nv)  # the browser knows there is a handler: only the closure changes
                continue
            if _same(ov, nv):
                continue
            self._set(old, name, nv)
            wrote = True
        if wrote:
            self.touched.append(old)
        return old

    def _stays(self, control: Any) -> None:
        """``control`` stays where it was, and every kept control inside it too."""
        if id(control) in self.in_place:
            return
        self.in_place.add(id(control))
        self.in_place |= self.holds.get(id(control), set())

    def _set(self, obj: Any, name: str, value: Any) -> None:
        setattr(obj, name, value)

    def items(self, old: list[Any], new: list[Any]) -> list[Any] | None:
        """The merged list, or None when the old list stands as it is."""
        keyed = {
            getattr(o, "key", None): o for o in old if _is_control(o) and getattr(o, "key", None) is not None
        }
        match: dict[int, int] = {}  # fresh index -> old index, for items holding the same kept control
        if self.holds:
            anchor = {k: j for j, o in enumerate(old) for k in self.holds.get(id(o), ())}
            for i, nv in enumerate(new):
                hits = {anchor[k] for k in self.holds.get(id(nv), ()) if k in anchor}
                if len(hits) == 1:
                    j = hits.pop()
                    if j not in match.values():
                        match[i] = j
        # a memo built anew (its key changed) goes into the old memo of the same slot, wherever that one is
        # (a city's row that moved up the list as its pins came): memos need no Flet key to be matched
        slotted = {
            slot: j
            for j, o in enumerate(old)
            if (slot := getattr(o, "_tk_slot", None)) is not None and getattr(o, "key", None) is None
        }
        if slotted:
            claimed = set(match.values())
            for i, nv in enumerate(new):
                slot = getattr(nv, "_tk_slot", None)
                if i not in match and slot is not None and getattr(nv, "key", None) is None:
                    j = slotted.get(slot)
                    if j is not None and j not in claimed:
                        match[i] = j
                        claimed.add(j)
        taken = set(match.values())
        out: list[Any] = []
        for i, nv in enumerate(new):
            k = getattr(nv, "key", None) if _is_control(nv) else None
            if i in match:
                ov = old[match[i]]
            elif k is not None:
                ov = keyed.get(k)
            else:
                ov = old[i] if i < len(old) and i not in taken else None
            out.append(self.node(ov, nv) if ov is not None else nv)
        if len(out) == len(old) and all(a is b for a, b in zip(out, old, strict=True)):
            return None
        if len(out) != len(set(map(id, out))):  # one old control claimed twice: keep the fresh ones
            return list(new)
        return out


def _quiet_set(obj: Any, name: str, value: Any) -> None:
    """Set a value the browser does not see (a handler's closure, ``data``) without marking it changed."""
    values = getattr(obj, "_values", None)
    if isinstance(values, dict) and name in (getattr(type(obj), "_prop_defaults", None) or {}):
        values[name] = value
    else:
        object.__setattr__(obj, name, value)


def _same(a: Any, b: Any) -> bool:
    if callable(a) or callable(b):
        return False  # a handler appearing or going: the browser must know
    try:
        return bool(a == b) and type(a) is type(b)
    except Exception:  # noqa: BLE001 - a value without a usable equality
        return False


def live(control: T) -> T:
    """The control on the page for one a render built: itself, or the old control it was written into
    (a handler that captured a control of its render, such as a map's zoom buttons and their viewer)."""
    seen = 0
    while (twin := getattr(control, "_tk_live", None)) is not None and seen < 64:
        control, seen = twin, seen + 1
    return control


def _depth(control: Any) -> int:
    """How many controls stand above ``control`` on the page."""
    depth, ref = 0, getattr(control, "_parent", None)
    while ref is not None and depth < 512:
        parent = ref()
        if parent is None:
            break
        depth, ref = depth + 1, getattr(parent, "_parent", None)
    return depth


def graft(old: Any, new: Any) -> Any:
    """Write ``new``'s tree into ``old``'s where they match; returns what to keep on the page (None: see
    :func:`graft_touched`)."""
    return graft_touched(old, new)[0]


def graft_touched(old: Any, new: Any) -> tuple[Any, list[Any]]:
    """:func:`graft`, and the controls to update so that the browser sees every change: the old controls
    written into and the kept ones, without those inside another of them (updating a control sends the
    changes of everything inside it). Updating only these spares Flet a walk through the whole page.

    ``(None, [])`` when a control kept by both trees moved: then neither tree can go to the page as it is
    (the old one is half written, the fresh one holds controls the old one holds too); the caller renders
    the screen again without memos and replaces the page's whole tree with it (the half-written one goes
    away whole, as the page's tree did before there was a graft). One pass, not a dry one first: the
    fallback is rare and the walk is a good part of a render's time."""
    if old is None:
        return new, []
    g = _Grafter(old, new)
    root = g.node(old, new)
    if root is not old or g.shared - g.in_place:
        # a kept control moved to another place: Flet would drop it from its index on the way (its old
        # parent lets go of it after the new one took it); the caller renders afresh and sends it whole
        return None, []
    chosen = {id(c) for c in g.touched}
    covered: list[bool] = []  # each touched control's own values are compared by a touched ancestor's diff
    relied: set[int] = set()  # touched controls whose own diff some touched control inside them needs
    for c in g.touched:
        # Flet's diff of a touched ancestor compares a control's own values and lists when no isolated
        # control (a memo, a board canvas) stands between them: it does not walk into an isolated control's
        # children (so a control written into inside one needs the isolated one's own diff)
        ref, above, between, depth = getattr(c, "_parent", None), None, False, 0
        while ref is not None and depth < 200:
            parent = ref()
            if parent is None:
                break
            if id(parent) in chosen:
                above = None if between else parent
                break
            between = between or parent.is_isolated()
            ref, depth = getattr(parent, "_parent", None), depth + 1
        covered.append(above is not None)
        if above is not None:
            relied.add(id(above))
    tops: list[tuple[int, Any]] = []
    for c, by_ancestor in zip(g.touched, covered, strict=True):
        # an isolated one the ancestor's diff compared (a map's canvas of pawns whose list changed) needs
        # its own diff only for what was written inside it: else that diff walks every shape for nothing
        if by_ancestor and (not c.is_isolated() or id(c) not in relied):
            continue
        if all(t is not c for _d, t in tops):
            tops.append((_depth(c), c))
    # the outer ones first: a patch's path is the way to its control in the tree now, which the browser has
    # only once the lists above it were patched (a memo written into, that moved up its list)
    tops.sort(key=lambda dc: dc[0])
    return root, [c for _d, c in tops]


__all__ = ["graft", "graft_touched", "live"]
