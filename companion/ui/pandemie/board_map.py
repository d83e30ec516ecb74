"""Pandémie's drawn map on the seat screen: the province a page shows (a tablet's, else the seat's own), and
what of a view a page shows (:mod:`companion.ui.boards.pandemie_map` draws the map)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
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


def focused(view: Mapping[str, Any], seat: str, focus: str) -> tuple[str, list[Mapping[str, Any]]]:
    """The province a page is bound to (a province tablet's, else the seat's own; "" when none: the page
    shows every province whole) and the view's provinces."""
    provinces = [p for p in view.get("provinces") or [] if isinstance(p, Mapping)]
    me = (view.get("players") or {}).get(seat)
    if not focus and isinstance(me, Mapping):
        focus = str(me.get("province") or "")
    if not focus or not any(str(p.get("code")) == focus for p in provinces):
        return "", provinces
    return focus, provinces


def sees(view: Mapping[str, Any], seat: str, focus: str, unfolded: Collection[str]) -> Any:
    """What a page bound to ``focus`` (a province tablet's province, else the seat's own) shows of ``view``:
    its province and the ones it unfolded whole, the others' names (their titles' surges:
    :func:`.screen.titles`), the players of those provinces and the seat's own, and what concerns the whole
    table (who is awaited, the end). An update in another province that leaves this equal changes nothing
    on the page (a tap there is not drawn here). A page bound to no province shows every province whole:
    the whole view."""
    focus, provinces = focused(view, seat, focus)
    if not focus:
        return view
    players: Mapping[str, Any] = view.get("players") or {}
    shown = {focus, *unfolded}
    return (
        [p if str(p.get("code")) in shown else (p.get("code"), p.get("name")) for p in provinces],
        {s: pl for s, pl in players.items() if s == seat or in_provinces(pl, shown)},
        {k: v for k, v in view.items() if k not in ("provinces", "players")},
    )


def in_provinces(player: Any, codes: Collection[str]) -> bool:
    """Whether a player (an entry of the view's ``players``) plays in one of the provinces ``codes``."""
    return isinstance(player, Mapping) and str(player.get("province")) in codes
