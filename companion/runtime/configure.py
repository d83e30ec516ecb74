"""Flet's set-up of the controls an update adds, without its walk through every empty field.

When an update adds controls (a player's new choices at the end of a turn: ~180 controls, 20–35 KB), Flet's
diff sets each one up (``DiffBuilder._configure_dataclass``: its parent, its ``build()``, a clean change
record) by calling itself on *every* field of every control, a ``Text``'s sixty fields included, nearly all
of them empty or a plain value on which the call does nothing. That walk was ~40% of the app's CPU for the
heavy renders of ``benchmarks.ui`` (a turn's end: every page at once).

:func:`install` puts in Flet's place the same set-up in the same order, which does not call itself on a
field holding a value it would do nothing with (``None``, a string, a number, an enum member: anything
that is not a dataclass, a dict, a list or a class), reads each class's field names once, and of a control
(or a Flet value) reads only the properties it was given and the fields that are not properties (a property
it was not given holds its default, which Flet's set-up would do nothing with); and the same
for Flet's walk of the controls an update removes (``_removed_controls``: it looks only into controls,
dicts and lists). Everything else (the controls yielded and their order, parents, ``build()``, the
``frozen`` flags, the change records) is Flet's own code path, line by line.

This replaces a method of Flet 1.0's private ``DiffBuilder``; :data:`companion.runtime.one_patch.FLET_VERSION`
pins the version it was written against and ``tests/app/test_configure.py`` checks it against Flet's own
method on the app's screens, and fails if that method changes.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Iterator
from typing import Any

from flet.controls import object_patch
from flet.controls.object_patch import DiffBuilder, ObjectPatchException

# (module, class, attribute) this module reads or replaces (companion.runtime.check names the missing ones)
REQUIRES = [
    ("flet.controls.object_patch", "DiffBuilder", "_configure_dataclass"),
    ("flet.controls.object_patch", "DiffBuilder", "_removed_controls"),
]

ORIGINAL = DiffBuilder._configure_dataclass
ORIGINAL_REMOVED = DiffBuilder._removed_controls
_NAMES: dict[type, tuple[str, ...]] = {}
_INERT: dict[type, bool] = {}  # class -> Flet's set-up does nothing with a value of it
_IGNORED: dict[
    tuple[type, Any], bool
] = {}  # (class, control class) -> the walk of removed controls ignores it


def _inert(cls: type) -> bool:
    """Whether ``_configure_dataclass`` does nothing with an instance of ``cls``: not a dataclass (Flet's
    ``dataclasses.is_dataclass`` of an instance looks at its class), a dict, a list or a class."""
    inert = _INERT.get(cls)
    if inert is None:
        inert = _INERT[cls] = not (
            hasattr(cls, "__dataclass_fields__") or issubclass(cls, (dict, list, type))
        )
    return inert


def _ignored(cls: type, control_cls: Any) -> bool:
    """Whether ``_removed_controls`` does nothing with an instance of ``cls``: not a control, a dict or a
    list."""
    key = (cls, control_cls)
    ignored = _IGNORED.get(key)
    if ignored is None:
        ignored = _IGNORED[key] = not (
            (control_cls and issubclass(cls, control_cls)) or issubclass(cls, (dict, list))
        )
    return ignored


def _names(cls: type) -> tuple[str, ...]:
    """The fields of ``cls`` Flet's set-up walks (those not marked ``skip``), in their order."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(
            f.name for f in dataclasses.fields(cls) if not f.metadata.get("skip", False)
        )
    return names


_SPEC: dict[type, tuple[dict[str, int], tuple[str, ...]] | None] = {}


def _spec(cls: type) -> tuple[dict[str, int], tuple[str, ...]] | None:
    """For a class whose properties live in ``_values`` (Flet's controls and values): the place of each field
    Flet's set-up walks, and those of them it may find something in without their being in ``_values``
    (fields that are not properties, and properties whose default is not inert). None for other classes."""
    if cls not in _SPEC:
        defaults = getattr(cls, "_prop_defaults", None)
        if not isinstance(defaults, dict):
            _SPEC[cls] = None
        else:
            names = _names(cls)
            always = tuple(n for n in names if n not in defaults or not _inert(defaults[n].__class__))
            _SPEC[cls] = ({n: i for i, n in enumerate(names)}, always)
    return _SPEC[cls]


def _held(item: Any, cls: type) -> list[Any]:
    """The values of ``item``'s fields that Flet's set-up would do something with, in the fields' order: for
    a class with ``_values``, a property not in it holds its (inert) default, so only the properties given
    and the fields listed by :func:`_spec` are read."""
    spec = _spec(cls)
    values = getattr(item, "_values", None) if spec is not None else None
    if spec is None or not isinstance(values, dict):
        return [v for n in _names(cls) if not _inert((v := getattr(item, n)).__class__)]
    place, always = spec
    names = [n for n in values if n in place]
    names += [n for n in always if n not in values]
    names.sort(key=place.__getitem__)
    return [v for n in names if not _inert((v := getattr(item, n)).__class__)]


def _configure_dataclass(
    self: DiffBuilder, item: Any, parent: Any, frozen: bool, configure_setattr_only: bool = False
) -> Iterator[Any]:
    """``DiffBuilder._configure_dataclass`` of Flet 1.0.5, its leaves skipped (see the module's text)."""
    cls = item.__class__
    if _inert(cls):
        return
    if isinstance(item, type):  # a class as a value: rare, Flet's own path
        yield from ORIGINAL(self, item, parent, frozen, configure_setattr_only)
        return
    if dataclasses.is_dataclass(item):
        if parent is None:
            parent_ref = getattr(item, "_parent", None)
            parent = parent_ref() if parent_ref else None
        if parent:
            if parent is item:
                raise ObjectPatchException(f"Parent is the same as item: {item}")
            item._parent = weakref.ref(parent)
        if hasattr(item, "_frozen"):
            frozen = item._frozen
        elif frozen:
            item._frozen = frozen
        if getattr(cls, "__flet_control_cls__", None) is None:
            cls.__flet_control_cls__ = self.control_cls
        is_control = bool(self.control_cls) and isinstance(item, self.control_cls)
        if is_control:
            if not configure_setattr_only:
                item.build()
                item._before_update_safe()
                object.__setattr__(item, "_initialized", True)
            yield item
        if not configure_setattr_only:
            child_parent = item if is_control else parent
            for value in _held(item, cls):
                yield from self._configure_dataclass(value, child_parent, frozen)
        if not frozen:
            dirty = getattr(item, "_dirty", None)
            if dirty is not None:
                dirty.clear()
            else:
                setattr_ = object_patch._control_setattr
                item_cls = type(item)
                if item_cls.__setattr__ is not setattr_:
                    item_cls.__setattr__ = setattr_
                object.__setattr__(item, "__changes", {})
    elif isinstance(item, dict):
        for value in item.values():
            if not _inert(value.__class__):
                yield from self._configure_dataclass(value, parent, frozen)
    elif isinstance(item, list):
        for value in item:
            if not _inert(value.__class__):
                yield from self._configure_dataclass(value, parent, frozen)


def _removed_controls(self: DiffBuilder, item: Any, recurse: bool) -> Iterator[Any]:
    """``DiffBuilder._removed_controls`` of Flet 1.0.5, without a call on each value it ignores (one that
    is not a control, a dict or a list)."""
    control_cls = self.control_cls
    if control_cls and isinstance(item, control_cls):
        if hasattr(item, "__prev_lists"):
            for item_list in getattr(item, "__prev_lists", {}).values():
                yield from self._removed_controls(item_list, recurse)
            for item_dict in getattr(item, "__prev_dicts", {}).values():
                yield from self._removed_controls(item_dict, recurse)
            for item_class in getattr(item, "__prev_classes", {}).values():
                yield from self._removed_controls(item_class, recurse)
        elif recurse:
            for name in _names(type(item)):
                value = getattr(item, name)
                if not _ignored(value.__class__, control_cls):
                    yield from self._removed_controls(value, recurse)
        yield item
    elif isinstance(item, dict):
        for value in item.values():
            if not _ignored(value.__class__, control_cls):
                yield from self._removed_controls(value, recurse)
    elif isinstance(item, list):
        for value in item:
            if not _ignored(value.__class__, control_cls):
                yield from self._removed_controls(value, recurse)


def install() -> None:
    """Use :func:`_configure_dataclass` in Flet's diff (idempotent)."""
    DiffBuilder._configure_dataclass = _configure_dataclass  # type: ignore[method-assign]
    DiffBuilder._removed_controls = _removed_controls  # type: ignore[method-assign]


def uninstall() -> None:
    """Flet's own method again (the tests compare both)."""
    DiffBuilder._configure_dataclass = ORIGINAL  # type: ignore[method-assign]
    DiffBuilder._removed_controls = ORIGINAL_REMOVED  # type: ignore[method-assign]


__all__ = ["ORIGINAL", "ORIGINAL_REMOVED", "install", "uninstall"]
