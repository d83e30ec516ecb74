"""Tent mode: a dark theme that follows the system, a light/dark toggle kept on the device, large touch
targets and text readable at arm's length.

The page's ``theme_mode`` is ``SYSTEM`` until the user taps the toggle; the choice (``dark`` or ``light``)
is then kept in the device's SharedPreferences (the browser's local storage in web mode) and applied at
every start. Both themes use the same seed colour; Material's minimum interactive size (48 dp) is kept by
a comfortable visual density, and the body text is one step larger than Material's default.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import flet as ft

from . import prefs
from .widgets import ident

log = logging.getLogger("tablekeeper.app")

THEME_PREF = "tablekeeper.theme"
SEED = ft.Colors.DEEP_ORANGE
MODES = {"dark": ft.ThemeMode.DARK, "light": ft.ThemeMode.LIGHT, "system": ft.ThemeMode.SYSTEM}
LABELS = {
    "fr": {"dark": "Thème sombre", "light": "Thème clair"},
    "en": {"dark": "Dark theme", "light": "Light theme"},
}


def _theme() -> ft.Theme:
    # the body text's colour is given with its size: a text style without one replaces the theme's, and every
    # text without a colour of its own then came out black, unreadable on the dark theme's near-black
    return ft.Theme(
        color_scheme_seed=SEED,
        visual_density=ft.VisualDensity.COMFORTABLE,
        text_theme=ft.TextTheme(
            body_medium=ft.TextStyle(size=16, color=ft.Colors.ON_SURFACE),
            body_large=ft.TextStyle(size=18, color=ft.Colors.ON_SURFACE),
        ),
    )


def apply(page: ft.Page, mode: str = "system") -> None:
    """Set ``page``'s themes; ``mode`` is ``system``, ``dark`` or ``light``."""
    if mode not in MODES:
        raise ValueError(f"unknown theme mode {mode!r}; modes: {', '.join(MODES)}")
    page.theme = _theme()
    page.dark_theme = _theme()
    page.theme_mode = MODES[mode]


def current(page: ft.Page) -> str:
    """``dark`` or ``light``: what the page shows now (``system`` resolved with the device's brightness)."""
    mode = page.theme_mode
    if mode == ft.ThemeMode.DARK:
        return "dark"
    if mode == ft.ThemeMode.LIGHT:
        return "light"
    brightness = getattr(page, "platform_brightness", None)
    return "dark" if brightness == ft.Brightness.DARK else "light"


async def load(page: ft.Page) -> str:
    """Apply the mode kept on this device (``system`` when none); returns it."""
    try:
        saved = await asyncio.wait_for(prefs.of(page).get(THEME_PREF), 3)
    except Exception:  # noqa: BLE001 - no storage: follow the system
        saved = None
    mode = str(saved) if saved in ("dark", "light") else "system"
    apply(page, mode)
    return mode


async def toggle(page: ft.Page) -> str:
    """Switch between dark and light (leaving the system's choice) and keep it on this device."""
    mode = "light" if current(page) == "dark" else "dark"
    apply(page, mode)
    try:
        await asyncio.wait_for(prefs.of(page).set(THEME_PREF, mode), 3)
    except Exception:
        log.debug("could not store the theme", exc_info=True)
    return mode


def toggle_button(page: ft.Page, lang: str, on_done: Any) -> ft.Control:
    """The app bar's toggle (56 × 56): shows the mode a tap switches to."""
    target = "light" if current(page) == "dark" else "dark"

    async def click(_e: Any) -> None:
        await toggle(page)
        on_done()

    btn = ft.IconButton(
        ft.Icons.LIGHT_MODE if target == "light" else ft.Icons.DARK_MODE,
        on_click=click,
        tooltip=LABELS.get(lang, LABELS["en"])[target],
        icon_size=28,
        width=56,
        height=56,
    )
    return ident(btn, "theme")
