"""Pandémie's drawn map on the seat screen: the province a page shows (a tablet's, else the seat's own), and
whether an update changes it (:mod:`companion.ui.boards.pandemie_map` draws it)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import flet as ft


def shown_province(view: Mapping[str, Any], seat: str, focus: str) -> str:
    """The province to draw: the tablet's, else the seat's own, else the first."""
    codes = [str(p.get("code")) for p in view.get("provinces") or []]
    if focus in codes:
        return focus
    me = (view.get("players") or {}).get(seat) or {}
    if str(me.get("province")) in codes:
        return str(me["province"])
    return codes[0] if codes else ""


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
    """The page's province drawn ``width`` pixels wide; ``device``: who looks (a page's session), so that
    "what changed" is what changed since *it* last saw."""
    from ..boards.pandemie_map import province_map

    code = shown_province(view, seat, focus)
    return province_map(view, code, seat, lang, width, on_place, names, dark, zoom, device) if code else None


def board_changed(old: Mapping[str, Any], new: Mapping[str, Any], seat: str, focus: str) -> bool:
    """Whether the update changes the province this page shows: its counters, cities and players."""
    code = shown_province(new, seat, focus)

    def province(view: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
        players = view.get("players") or {}
        return (
            next((p for p in view.get("provinces") or [] if str(p.get("code")) == code), None),
            {s: p for s, p in players.items() if isinstance(p, Mapping) and str(p.get("province")) == code},
        )

    return province(new) != province(old)
