"""Flet's controls made without a call per field they were not given.

A Flet control is a dataclass whose public fields are :class:`flet.controls.value_types.Prop` descriptors:
the generated ``__init__`` assigns every field (a ``Text`` has sixty), and each assignment calls
``Prop.__set__``, which keeps the value only when it differs from the field's default. A page drawn again
after a propagation builds ~130 controls, and those calls were a tenth of its drawing's time.

:func:`install` gives each of Flet's control classes an ``__init__`` generated from the same signature
(the same parameters, kinds and defaults) that does what the generated one and ``Prop.__set__`` do at
construction, in the same order: a given value that differs from its ``Prop``'s default goes into
``_values``, every other field is assigned as before, the factories are called, then ``__post_init__``
with the init-only values. The change record it would have written (``_dirty``) is the one
``__post_init__`` clears. A class whose properties notify (``_notify``) keeps Flet's own ``__init__``.

This replaces the ``__init__`` Flet 1.0's ``@control`` decorator generates; :data:`REQUIRES` and
:data:`IN_SOURCE` name what it relies on (``companion.runtime.check``), and ``tests/app/test_construct.py``
checks every control class against Flet's own ``__init__`` and fails if what it mirrors changes.
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl
from flet.controls.value_types import Prop, _get_raw_descriptor

# (module, class, attribute) this module reads or replaces (companion.runtime.check names the missing ones)
REQUIRES = [
    ("flet.controls.value_types", "Prop", "__set__"),
    ("flet.controls.base_control", "BaseControl", "__post_init__"),
]
# what the generated __init__ mirrors: Prop.__set__ at construction, and __post_init__ clearing its record
IN_SOURCE = [
    ("flet.controls.value_types", "Prop", "if old is _UNSET and value == self.default:"),
    ("flet.controls.value_types", "Prop", "vals[self.name] = value"),
    ("flet.controls.value_types", "Prop", "obj._dirty[self.name] = None"),
    ("flet.controls.value_types", "Prop", 'if hasattr(obj, "_notify"):'),
    ("flet.controls.base_control", "BaseControl", "self._dirty.clear()"),
]

ORIGINAL: dict[type, Any] = {}  # class -> Flet's generated __init__, while ours is in its place
_MADE: dict[type, Any] = {}  # class -> its fast_init, made once


def _generated(cls: type) -> bool:
    """Whether ``cls`` holds the ``__init__`` the dataclass decorator generated (not one written by hand)."""
    init = vars(cls).get("__init__")
    return init is not None and getattr(getattr(init, "__code__", None), "co_filename", "") == "<string>"


def fast_init(cls: type) -> Any:
    """An ``__init__`` for the control class ``cls`` doing what its generated one does (see the module)."""
    classvar, initvar = dataclasses._FIELD_CLASSVAR, dataclasses._FIELD_INITVAR  # type: ignore[attr-defined]
    fields = [f for f in cls.__dataclass_fields__.values() if f._field_type is not classvar]  # type: ignore[attr-defined]
    flets = vars(cls)["__init__"]
    params = list(inspect.signature(flets).parameters.values())[1:]
    names = {f.name for f in fields}
    given = [f.name for f in fields if f.init]  # the signature puts the keyword-only ones last
    if sorted(p.name for p in params) != sorted(given) or not {"_values", "_dirty"} <= names:
        raise TypeError(f"{cls.__name__}: its __init__ is not the one its fields make")
    env: dict[str, Any] = {"_HAS_DEFAULT_FACTORY": dataclasses._HAS_DEFAULT_FACTORY}  # type: ignore[attr-defined]
    head: list[str] = []
    star = False
    for p in params:
        if p.kind is inspect.Parameter.KEYWORD_ONLY and not star:
            head.append("*")
            star = True
        if p.default is inspect.Parameter.empty:
            head.append(p.name)
        else:
            env[f"_d_{p.name}"] = p.default
            head.append(f"{p.name}=_d_{p.name}")
    body = ["_values = {}"]
    for f in fields:
        if f._field_type is initvar:
            continue
        if f.name == "_values":
            body.append("self._values = _values")
            continue
        prop = _get_raw_descriptor(cls, f.name)
        if f.init and isinstance(prop, Prop) and f.default_factory is dataclasses.MISSING:
            n, default = f.name, f"_p_{f.name}"
            env[default] = prop.default
            # Prop.__set__ at construction: a value equal to the default is not kept
            body.append(f"if not ({n} is {default} or {n} == {default}): _values[{n!r}] = {n}")
        elif f.default_factory is not dataclasses.MISSING:
            factory = f"_f_{f.name}"
            env[factory] = f.default_factory
            value = (
                f"{factory}() if {f.name} is _HAS_DEFAULT_FACTORY else {f.name}" if f.init else f"{factory}()"
            )
            body.append(f"self.{f.name} = {value}")
        elif f.init:
            body.append(f"self.{f.name} = {f.name}")
    initvars = [f.name for f in fields if f._field_type is initvar]
    body.append(f"self.__post_init__({', '.join(initvars)})")
    source = f"def __init__(self, {', '.join(head)}):\n" + "\n".join(f"    {line}" for line in body)
    exec(compile(source, f"<tablekeeper construct {cls.__name__}>", "exec"), env)  # as dataclasses does
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = flets.__doc__
    return init


def _control_classes() -> list[type]:
    """Flet's control classes: every name Flet and its canvas export (their modules load on first use),
    and their subclasses."""
    import flet.canvas as cv

    for module in (ft, cv):
        for name in getattr(module, "__all__", dir(module)):
            getattr(module, name, None)
    out: list[type] = []
    todo = [BaseControl]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            if sub not in out:
                out.append(sub)
                todo.append(sub)
    return [c for c in out if c.__module__.startswith("flet.")]


def install() -> None:
    """Give each of Flet's control classes its :func:`fast_init` (idempotent)."""
    for cls in _control_classes():
        if cls in ORIGINAL or not _generated(cls) or hasattr(cls, "_notify"):
            continue
        init = _MADE.get(cls)
        if init is None:
            init = _MADE[cls] = fast_init(cls)
        ORIGINAL[cls] = vars(cls)["__init__"]
        cls.__init__ = init  # type: ignore[misc]


def uninstall() -> None:
    """Flet's own ``__init__`` again (the tests compare both)."""
    for cls, init in ORIGINAL.items():
        cls.__init__ = init  # type: ignore[misc]
    ORIGINAL.clear()


__all__ = ["ORIGINAL", "fast_init", "install", "uninstall"]
