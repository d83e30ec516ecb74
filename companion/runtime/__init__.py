"""Where tablekeeper works around Flet's internals — and nowhere else.

Everything here changes how Flet (pinned at 1.0.5 in ``pyproject.toml``) behaves inside, for a reason a
public API does not cover; :func:`install` applies it all once, :func:`check` names each Flet internal it
relies on that is missing (``tests/app/test_runtime.py`` runs it, so an upgrade of Flet fails there,
naming what moved). ``docs/architecture.md`` says why each part exists.
"""

from __future__ import annotations

import importlib
import inspect

from . import configure, construct, one_patch, taps, transport

_PARTS = (transport, taps, configure, construct)  # installed by install()
# each relies on Flet internals that check() looks for
_CHECKED = (transport, taps, configure, construct, one_patch)


def install() -> None:
    """Apply every workaround (idempotent)."""
    for part in _PARTS:
        part.install()


def check() -> list[str]:
    """The Flet internals a workaround relies on that this Flet does not have, as ``module.Class.name``."""
    missing: list[str] = []
    for part in _CHECKED:
        for module, owner, name in part.REQUIRES:
            try:
                obj = getattr(importlib.import_module(module), owner)
            except (ImportError, AttributeError):
                missing.append(f"{module}.{owner}")
                continue
            if not hasattr(obj, name) and name not in getattr(obj, "__dict__", {}):
                missing.append(f"{module}.{owner}.{name}")
        for module, owner, line in getattr(part, "IN_SOURCE", []):
            try:
                source = inspect.getsource(getattr(importlib.import_module(module), owner))
            except (ImportError, AttributeError, OSError, TypeError):
                source = ""
            if line not in source:
                missing.append(f"{module}.{owner}: {line}")
    return missing


__all__ = ["check", "install"]
