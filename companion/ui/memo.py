"""Controls a page keeps from one render to the next while what they show is unchanged.

A screen is rendered again on every change of its table; most of it (a map's land, roads and names: a
thousand canvas shapes) did not change. :func:`keep` returns the control the same page built for the same
``key`` at its previous render, so that neither the program nor Flet's diff nor the browser handles it again.
A control belongs to one page: the store is the page's (set by the shell around each render with
:func:`rendering`), and what a render did not use is dropped after it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")


class Store:
    """One page's kept controls: key → control, and the keys the current render used."""

    def __init__(self) -> None:
        self.kept: dict[Hashable, Any] = {}
        self.used: set[Hashable] = set()
        # key -> the keys its control's build kept inside it: a control kept whole keeps them too (they are
        # on the page inside it, and a later change of the outer key builds it again from them)
        self.inner: dict[Hashable, set[Hashable]] = {}
        self.building: list[set[Hashable]] = []
        # name -> a control a build marked (mark): a text a page may write into by itself (a folded title)
        self.marks: dict[Hashable, Any] = {}
        # slot -> (key, control): the control on the page in each slot, kept under that key (see previous)
        self.slots: dict[Hashable, tuple[Hashable, Any]] = {}
        self.lent: set[Hashable] = set()  # the slots whose control this render has used or lent already

    def clear(self) -> None:
        self.kept.clear()
        self.used.clear()
        self.inner.clear()
        self.marks.clear()
        self.slots.clear()

    def use(self, key: Hashable) -> None:
        """``key`` and every key kept inside its control are in this render."""
        todo = [key]
        while todo:
            k = todo.pop()
            if k not in self.used:
                self.used.add(k)
                todo += self.inner.get(k, ())


_current: ContextVar[Store | None] = ContextVar("tablekeeper_memo", default=None)


@contextmanager
def rendering(store: Store) -> Iterator[None]:
    """Around one render of a page: :func:`keep` reads and fills ``store``; unused entries go afterwards."""
    store.used = set()
    store.lent = set()
    token = _current.set(store)
    ok = False
    try:
        yield
        ok = True
    finally:
        _current.reset(token)
        if ok:
            for key in [k for k in store.kept if k not in store.used]:
                del store.kept[key]
                store.inner.pop(key, None)
            for slot in [s for s, (k, _c) in store.slots.items() if k not in store.kept]:
                del store.slots[slot]


def keep(key: Hashable, build: Callable[[], T], slot: Hashable | None = None) -> T:
    """The control built for ``key`` at this page's previous render, or a new one (outside a render: new).

    ``slot``: where the control stands on the screen (a province's part). When the key changed (something in
    it changed), the new control may be written into the one on the page that the same slot held, instead
    of replacing it (:mod:`companion.runtime.graft`): the browser then gets only what changed in it, and the
    page keeps that control under the new key."""
    store = _current.get()
    if store is None or key in store.used:  # a control is in one place only: a second use gets its own
        return build()
    if store.building:
        store.building[-1].add(key)
    if key in store.kept:
        store.use(key)
        if slot is not None:
            store.lent.add(slot)  # on the page as it is: none of it is lent to a build (previous)
        return store.kept[key]  # type: ignore[no-any-return]
    store.used.add(key)
    store.building.append(set())
    try:
        value = build()
    finally:
        store.inner[key] = store.building.pop()
    try:  # nothing in it changed: the shell's graft neither writes into it nor asks Flet to look at it
        object.__setattr__(value, "_tk_memo", True)
        # isolated (Flet's own notion): the diff of an update above it does not walk what it holds; when a
        # memo is written into (a slot, below), the graft updates it by itself. Not a memo with a key: Flet
        # pairs a removed and an added control of the same key and diffs the new one against the old one
        # in place, which must walk what it holds (a log line in another language keeps its key)
        if getattr(value, "key", None) is None:
            object.__setattr__(value, "_isolated", True)
        if slot is not None:
            object.__setattr__(value, "_tk_slot", slot)
            object.__setattr__(value, "_tk_adopt", lambda old: _adopted(store, key, slot, old))
    except (AttributeError, TypeError):
        pass
    store.kept[key] = value
    if slot is not None:
        store.slots[slot] = (key, value)
        store.lent.add(slot)
    return value


def _adopted(store: Store, key: Hashable, slot: Hashable, old: Any) -> None:
    """The graft wrote the memo built for ``key`` into ``old``, which stays on the page in ``slot``."""
    store.kept[key] = old
    store.slots[slot] = (key, old)


def previous(slot: Hashable) -> Any | None:
    """While a memo of ``slot`` is built anew (inside its :func:`keep`'s build): the control the page shows
    in that slot (the one the new memo will be written into), or None (no such slot on the page, outside a
    render, or already used or lent in this render: a control's children are in one place only).

    A build may put into its new control the children of the old one that show exactly the same thing (a
    map's pins, keyed by what each draws): they are neither built, nor compared, nor sent again."""
    store = _current.get()
    if store is None or slot in store.lent:
        return None
    got = store.slots.get(slot)
    if got is None or store.kept.get(got[0]) is not got[1]:
        return None
    store.lent.add(slot)
    return got[1]


def mark(name: Hashable, control: T) -> T:
    """``control``, marked ``name`` in the page's store (outside a render: nothing marked): a text the page
    may change, or a control it may hide, by itself without a render
    (:meth:`companion.ui.shell.Shell.retitle`). The mark stays while the page shows the same screen
    (``None``: nothing so marked now); the control on the page is :func:`companion.runtime.graft.live` of
    it."""
    store = _current.get()
    if store is not None:
        store.marks[name] = control
    return control


__all__ = ["Store", "keep", "mark", "previous", "rendering"]
