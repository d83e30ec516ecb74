"""Text fields a screen keeps between renders, and what the user typed in them.

A screen that keeps a ``TextField`` object between renders (to keep its focus and its text) meets a quirk
of Flet 1.0's diff: when the field's old parent goes (a fresh ``Semantics`` wrapper or column at each
render), Flet counts the field among the removed controls and drops it from the session's index, and the
values the browser sends for it afterwards are then ignored without a word. What was typed after any
re-render (a tap on an option, a table found on the LAN) never reached the program: names typed when
creating a table, a join code, a seat's name. Events still find the field (Flet looks it up in the page
tree again), and a change event carries the whole text: :func:`track` keeps the field's value from it.
"""

from __future__ import annotations

from typing import Any

import flet as ft
from flet.utils.object_model import patch_dataclass


def track(field: ft.TextField) -> ft.TextField:
    """Keep ``field.value`` equal to what the user typed, from each change event (then its own handler)."""
    own = field.on_change

    def changed(e: Any) -> Any:
        if isinstance(e.data, str):
            # as Flet applies the browser's own value: no "changed by the program" mark, so the text is
            # not sent back to the browser (an echo that would overwrite the keys typed meanwhile)
            patch_dataclass(field, {"value": e.data})
        return own(e) if own is not None else None

    field.on_change = changed
    return field
