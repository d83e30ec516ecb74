"""The drawn map on top of a game's board part (the game's :class:`~companion.ui.gameui.GameUI` ``map``): its
text board stays below, the accessible alternative. The map is drawn when the screen passes ``width``
(pixels) and ``on_place`` (a tap on a place); a map that cannot be drawn leaves the text board alone."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Collection, Mapping
from typing import Any

import flet as ft

from ..gameui import GameUI

log = logging.getLogger("tablekeeper.app")
OFF_ENV = "TABLEKEEPER_NO_MAP"  # "1": text boards only (benchmarks.ui_map compares; a very weak device)
ZOOM_BELOW = 600.0  # px: a map narrower than this (a phone) can be zoomed (companion.ui.boards.draw.zoomable)


def board_with_map(
    ui: GameUI,
    view: Mapping[str, Any],
    lang: str,
    seat: str,
    names: Mapping[str, str] | None = None,
    focus: str = "",
    on_place: Callable[[str, str], Any] | None = None,
    width: float = 0.0,
    dark: bool = False,
    zoom: bool = False,
    device: object = None,
    unfolded: Collection[str] = (),
    on_unfold: Callable[[str, bool], Any] | None = None,
) -> ft.Control:
    """``ui``'s text board for ``seat``, with its drawn map on top when ``width`` is given (``device``: who
    looks, a page's session, so that "what changed" is what changed since *it* last saw)."""
    assert ui.board is not None
    more = {"unfolded": unfolded, "on_unfold": on_unfold} if ui.folds and on_unfold is not None else {}
    base = ui.board(view, lang, seat, names=names, focus=focus, **more)
    if ui.map is None or width <= 0 or os.environ.get(OFF_ENV) == "1":
        return base
    zoom = zoom or width < ZOOM_BELOW  # a phone: pinch, or the zoom buttons, to read a crowded corner
    try:
        m = ui.map(view, lang, seat, names, focus, on_place, width, dark, zoom, device)
    except Exception:
        log.exception("%s map failed; text board only", ui.name)
        return base
    if m is None:
        return base
    return ft.Column([m, base], spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


__all__ = ["OFF_ENV", "ZOOM_BELOW", "board_with_map"]
