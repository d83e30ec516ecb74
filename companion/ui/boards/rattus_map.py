"""The Rattus map from a seat's view: the regions in play (a schematic Europe for the default profile's
names, a computed layout otherwise), borders and sea arrows, each player's cubes as a disc in their colour
with the count, the rat tokens on a region (brown: face down; a known one outlined), the Plague as a black
ring, nuns and bishops; the characters and who holds them beside the map."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import flet as ft

from engine.boards.geometry import Board
from engine.boards.palette import seat_colour

from .draw import Layer, map_control

TEXT = {
    "tap": ("Touchez une région pour y agir", "Tap a region to act there"),
    "plague": ("Peste", "Plague"),
    "free": ("libre", "free"),
}


def _t(key: str, lang: str) -> str:
    fr, en = TEXT[key]
    return en if lang == "en" else fr


def board_of(view: Mapping[str, Any]) -> Board:
    from engine.boards.rattus import _board

    regions = tuple((str(n), 2) for n in (view.get("regions") or {}))
    links = tuple((str(x["a"]), str(x["b"]), bool(x.get("arrow"))) for x in view.get("links") or [])
    castle = str((view.get("castle") or {}).get("name") or "Château")
    return _board(str((view.get("profile") or {}).get("name") or "Rattus"), regions, links, castle)


def layer_for(board: Board, view: Mapping[str, Any], names: Mapping[str, str] | None = None) -> Layer:
    layer = Layer()
    seats = [str(s) for s in view.get("seats") or []]
    colour = {s: seat_colour(i) for i, s in enumerate(seats)}
    at = board.by_key()
    for name, r in (view.get("regions") or {}).items():
        p = at.get(str(name))
        if p is None:
            continue
        cubes = [(s, int(n)) for s, n in (r.get("cubes") or {}).items() if n]
        for i, (s, n) in enumerate(cubes):
            x = p.x - 0.55 * p.r + i * 19.0
            layer.badges.append((x, p.y + 0.1 * p.r, 9.0, colour.get(s, "#777777"), str(n), "#ffffff"))
        rats = int(r.get("rats") or 0)
        if rats:
            layer.badges.append((p.x + 0.55 * p.r, p.y + 0.45 * p.r, 11.0, "#6b4a2b", str(rats), "#ffffff"))
        if r.get("known"):
            layer.badges.append(
                (p.x + 0.55 * p.r + 20, p.y + 0.45 * p.r, 7.0, "#f2d16b", str(len(r["known"])), "#000000")
            )
        for k, (glyph, fill) in {"nuns": ("N", "#5a5a9a"), "bishops": ("B", "#7a2a6a")}.items():
            if r.get(k):
                layer.badges.append(
                    (
                        p.x - 0.5 * p.r + (22 if k == "bishops" else 0),
                        p.y + 0.48 * p.r,
                        8.0,
                        fill,
                        glyph,
                        "#ffffff",
                    )
                )
    plague = view.get("plague")
    if plague in at:
        p = at[plague]
        layer.badges.append((p.x, p.y - p.r - 2, 12.0, "#111111", "P", "#ffffff"))
        layer.marks.add(str(plague))
    castle = (view.get("castle") or {}).get("cubes") or {}
    if "castle" in at:
        p = at["castle"]
        for i, (s, n) in enumerate((s, n) for s, n in castle.items() if n):
            layer.badges.append(
                (
                    p.x - 0.6 * p.r + i * 19.0,
                    p.y + 0.3 * p.r,
                    8.0,
                    colour.get(s, "#777777"),
                    str(n),
                    "#ffffff",
                )
            )
    for tok in view.get("revealed") or []:
        p = at.get(str(tok.get("region")))
        if p is not None:
            layer.badges.append(
                (p.x + 0.72 * p.r, p.y - 0.2 * p.r, 8.0, "#f7e7b0", str(tok.get("threshold", "?")), "#000000")
            )
    return layer


def rattus_map(
    view: Mapping[str, Any],
    seat: str,
    lang: str,
    width: float,
    on_place: Callable[[str, str], Any] | None = None,
    names: Mapping[str, str] | None = None,
    dark: bool = False,
    zoom: bool = False,
) -> ft.Control:
    board = board_of(view)
    layer = layer_for(board, view, names)
    seats = [str(s) for s in view.get("seats") or []]
    legend = ft.Row(
        [
            ft.Row(
                [
                    ft.Container(width=14, height=14, border_radius=7, bgcolor=seat_colour(i)),
                    ft.Text((names or {}).get(s, s), size=15),
                ],
                spacing=4,
                tight=True,
            )
            for i, s in enumerate(seats)
        ],
        wrap=True,
        spacing=12,
    )
    m = map_control(
        board,
        layer,
        width,
        on_place,
        dark=dark,
        zoom=zoom,
        lang=lang,  # zoom on the plague marker
        tappable=[p.key for p in board.places if p.extra.get("kind") == "region"],
        centre=str(view.get("plague") or "") or None,
    )
    parts: list[ft.Control] = [legend, ft.Semantics(identifier="map-rattus", content=m)]
    if on_place is not None:
        parts.append(ft.Text(_t("tap", lang), size=14, italic=True))
    return ft.Column(parts, spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


__all__ = ["board_of", "layer_for", "rattus_map"]
