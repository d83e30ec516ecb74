"""A page's own device storage (Flet ``SharedPreferences``: the browser's local storage in web mode).

``ft.SharedPreferences()`` belongs to whichever page Flet's context names *now*, and Flet's
``Page.run_task`` sets that context to its page in the caller's context: a phone's screen scheduling its
redraw from inside the host page's click handler (an action there changed the phone's snapshot) left the
host's handler naming the phone's page. The host's seat record (its PIN with it) was then written into
the phone's browser storage, and the phone went back to the host's seat after a reload. :func:`of` gives
the storage of the page named, whatever the context says.
"""

from __future__ import annotations

import flet as ft
from flet.controls.context import _context_page


def of(page: ft.Page) -> ft.SharedPreferences:
    """``page``'s SharedPreferences (registered with ``page``, not with the context's page)."""
    token = _context_page.set(page)
    try:
        return ft.SharedPreferences()
    finally:
        _context_page.reset(token)


__all__ = ["of"]
