"""Rattus's drawn map on the seat screen (:mod:`companion.ui.boards.rattus_map` draws it)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import flet as ft


def draw(
    view: Mapping[str, Any],
    lang: str,
    seat: str,
    names: Mapping[str, str] | None,
    focus: str,
    on_place: Callable[[str, str], Any] | None,
    width: float,
    dark: bool = False,
    zoom: bool = False,
    device: object = None,
) -> ft.Control | None:
    """The map of the view's regions ``width`` pixels wide; None for a view without regions."""
    if not view.get("regions"):
        return None
    from ..boards.rattus_map import rattus_map

    return rattus_map(view, seat, lang, width, on_place, names, dark, zoom)
