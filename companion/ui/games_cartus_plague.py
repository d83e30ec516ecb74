"""Board renderers for Rattus Cartus and Plague & Pestilence (registered in :data:`games.RENDERERS`).

The table screen (seat ``table``) shows the public board; a player's phone shows the same plus its own
hidden things first (Cartus: rat total and nun peeks; Plague: hand, and its population when populations
are hidden). The texts and what-to-do-now lines come from :mod:`companion.ui.cartus_plague_model` (pure,
unit-tested); this module only lays them out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import flet as ft

from . import cartus_plague_model as cpm
from .games import generic_board, renderer
from .i18n import tr
from .widgets import chip, heading, pill


def _box(controls: list[ft.Control], bgcolor: str | None = None, identifier: str | None = None) -> ft.Control:
    from .widgets import ident

    box = ft.Container(content=ft.Column(controls, spacing=8, tight=True,
                                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                       padding=12, border_radius=14, bgcolor=bgcolor or ft.Colors.SURFACE,
                       border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))
    return ident(box, identifier)


def _chips(pairs: list[tuple[str, str]]) -> ft.Control:
    return ft.Row([chip(a, b) for a, b in pairs], wrap=True, spacing=8, run_spacing=8)


def _todo(text: str) -> ft.Control:
    return ft.Container(content=ft.Row([ft.Icon(ft.Icons.ARROW_FORWARD, size=26),
                                        ft.Text(text, size=19, weight=ft.FontWeight.W_600, expand=True)]),
                        padding=12, border_radius=14, bgcolor=ft.Colors.AMBER_100)


def _more(view: Mapping[str, Any], done: set[str], lang: str, seat: str) -> list[ft.Control]:
    rest = {k: v for k, v in view.items() if k not in done}
    if not rest:
        return []
    return [ft.ExpansionTile(title=ft.Text(tr("cp.more", lang), size=16), controls=[generic_board(rest, lang, seat)])]


# -- Rattus Cartus -----------------------------------------------------------------------------------------
@renderer("cartus")
def cartus_board(view: Mapping[str, Any], lang: str, seat: str) -> ft.Control:
    b = cpm.cartus_board(view, lang, seat)
    parts: list[ft.Control] = []
    if b.private is not None:  # the phone: its own rats first (never on the shared tablet)
        priv: list[ft.Control] = [heading(tr("cp.cartus.mine", lang), 18),
                                  ft.Text(b.private.rats_line, size=22, weight=ft.FontWeight.BOLD)]
        if b.private.peeks:
            priv.append(ft.Text(tr("cp.cartus.peeks", lang), size=15, weight=ft.FontWeight.W_600))
            priv.append(ft.Row([pill(x) for x in b.private.peeks], wrap=True, spacing=6, run_spacing=6))
        parts.append(_box(priv, ft.Colors.GREEN_50, "private"))
    parts.append(_chips(b.counters))
    if b.todo:
        parts.append(_todo(b.todo))
    if b.row:
        parts.append(heading(tr("cp.cartus.row", lang), 18))
        parts.append(ft.ResponsiveRow(
            [ft.Container(content=ft.Column([ft.Text(name, size=17, weight=ft.FontWeight.BOLD),
                                             ft.Text(detail, size=14)], spacing=2, tight=True),
                          padding=10, border_radius=12, bgcolor=ft.Colors.SECONDARY_CONTAINER,
                          col={"xs": 6, "sm": 4, "lg": 3})
             for name, detail in b.row], spacing=8, run_spacing=8))
    if b.nuns:
        parts.append(ft.Text(tr("cp.cartus.nuns", lang), size=15, weight=ft.FontWeight.W_600))
        parts.append(ft.Row([pill(x) for x in b.nuns], wrap=True, spacing=6, run_spacing=6))
    parts.append(heading(tr("cp.players", lang), 18))
    for line in b.players:
        parts.append(_box([ft.Text(line.title, size=17, weight=ft.FontWeight.BOLD),
                           ft.Text(line.detail, size=15)],
                          ft.Colors.AMBER_50 if line.acting else None))
    parts += _more(view, cpm.CARTUS_SHOWN, lang, seat)
    return ft.Column(parts, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


# -- Plague & Pestilence -----------------------------------------------------------------------------------
@renderer("plague")
def plague_board(view: Mapping[str, Any], lang: str, seat: str) -> ft.Control:
    b = cpm.plague_board(view, lang, seat)
    parts: list[ft.Control] = []
    if b.private is not None:
        priv: list[ft.Control] = [heading(tr("cp.plague.mine", lang), 18)]
        if b.private.population is not None:
            priv.append(ft.Text(tr("cp.plague.my_population", lang, n=b.private.population), size=22,
                                weight=ft.FontWeight.BOLD))
        priv.append(ft.Text(tr("cp.plague.hand", lang, n=len(b.private.hand)), size=15, weight=ft.FontWeight.W_600))
        priv.append(ft.Column([ft.Text(f"• {c}", size=16) for c in b.private.hand] or [ft.Text("—")], spacing=4,
                              tight=True))
        parts.append(_box(priv, ft.Colors.GREEN_50, "private"))
    parts.append(_chips(b.counters))
    if b.todo:
        parts.append(_todo(b.todo))
    if b.act:
        parts.append(_box([ft.Text(tr("cp.plague.act", lang), size=15, weight=ft.FontWeight.W_600),
                           ft.Text(b.act, size=17)], ft.Colors.ORANGE_50))
    parts.append(heading(tr("cp.players", lang), 18))
    parts.append(ft.ResponsiveRow(
        [ft.Container(content=ft.Column([ft.Text(p.title, size=17, weight=ft.FontWeight.BOLD),
                                         ft.Text(p.detail, size=15)], spacing=2, tight=True),
                      padding=10, border_radius=12, col={"xs": 6, "md": 4},
                      bgcolor=ft.Colors.AMBER_100 if p.acting else (ft.Colors.GREY_300 if p.out
                                                                    else ft.Colors.SECONDARY_CONTAINER))
         for p in b.players], spacing=8, run_spacing=8))
    parts.append(heading(tr("cp.plague.dice", lang), 18))
    parts.append(ft.Column([ft.Text(x, size=16) for x in b.dice] or [ft.Text("—", size=16)], spacing=4, tight=True))
    parts.append(ft.Text(b.deck, size=15))
    parts += _more(view, cpm.PLAGUE_SHOWN, lang, seat)
    return ft.Column(parts, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
