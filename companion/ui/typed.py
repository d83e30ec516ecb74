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


def track(field: ft.TextField) -> ft.TextField:
    """Keep ``field.value`` equal to what the user typed, from each change event (then its own handler)."""
    own = field.on_change

    def changed(e: Any) -> Any:
        text = e.data if isinstance(e.data, str) else None
        if text is not None:
            e.control.value = text
            if e.control is not field:
                field.value = text
        return own(e) if own is not None else None

    field.on_change = changed
    return field
