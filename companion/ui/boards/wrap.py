"""The drawn map on top of a game's board part: :func:`with_map` wraps a game's renderer (its text board
stays below, the accessible alternative). The map is drawn when the screen passes ``width`` (pixels) and
``on_place`` (a tap on a place); a map that cannot be drawn leaves the text board alone."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Collection, Mapping
from typing import Any

import flet as ft

from ..boardkit import Renderer

log = logging.getLogger("tablekeeper.app")
OFF_ENV = "TABLEKEEPER_NO_MAP"  # "1": text boards only (benchmarks.ui_map compares; a very weak device)
ZOOM_BELOW = 600.0  # px: a map narrower than this (a phone) can be zoomed (companion.ui.boards.draw.zoomable)


def pandemie_province(view: Mapping[str, Any], seat: str, focus: str) -> str:
    """The province to draw: the tablet's, else the seat's own, else the first."""
    codes = [str(p.get("code")) for p in view.get("provinces") or []]
    if focus in codes:
        return focus
    me = (view.get("players") or {}).get(seat) or {}
    if str(me.get("province")) in codes:
        return str(me["province"])
    return codes[0] if codes else ""


def map_for(
    game: str,
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
    """``device``: who looks (a page's session), so that "what changed" is what changed since *it* last saw."""
    if game == "pandemie":
        from .pandemie_map import province_map

        code = pandemie_province(view, seat, focus)
        return (
            province_map(view, code, seat, lang, width, on_place, names, dark, zoom, device) if code else None
        )
    if game == "rattus" and view.get("regions"):
        from .rattus_map import rattus_map

        return rattus_map(view, seat, lang, width, on_place, names, dark, zoom)
    return None


def with_map(game: str, render: Renderer) -> Renderer:
    import inspect

    folds = (
        "on_unfold" in inspect.signature(render).parameters
    )  # a text board whose folded parts wait (Pandémie)

    def board(
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
        more = {"unfolded": unfolded, "on_unfold": on_unfold} if folds and on_unfold is not None else {}
        base = render(view, lang, seat, names=names, focus=focus, **more)
        if width <= 0 or os.environ.get(OFF_ENV) == "1":
            return base
        zoom = zoom or width < ZOOM_BELOW  # a phone: pinch, or the zoom buttons, to read a crowded corner
        try:
            m = map_for(game, view, lang, seat, names, focus, on_place, width, dark, zoom, device)
        except Exception:
            log.exception("%s map failed; text board only", game)
            return base
        if m is None:
            return base
        return ft.Column(
            [m, base], spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
        )

    board.__doc__ = f"{game}'s board part with its drawn map on top (see companion.ui.boards.wrap)"
    return board


__all__ = ["map_for", "pandemie_province", "with_map"]
