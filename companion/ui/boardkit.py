"""What every game's board part shares: the renderer type, the generic board (every section of a view),
component names, and a few boxes. The games' folders build on it; :mod:`companion.ui.games` gathers them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import flet as ft

from . import model
from .i18n import tr
from .widgets import chip, ident, sections_control

Renderer = Callable[..., ft.Control]  # (view, lang, seat, *, names=None, focus="") -> control


def generic_board(
    view: Mapping[str, Any], lang: str, seat: str = "", skip: tuple[str, ...] = ()
) -> ft.Control:
    secs = model.sections(view, lang, skip=skip)
    if not secs:
        return ft.Text("—", size=16)
    return sections_control(secs, boxed=False)


def component_name(cid: str) -> str:
    """The catalogue name of a component id (``PC:G23`` → ``Forum Iulii``), else the id itself."""
    try:
        from engine import catalogue

        c = catalogue.get(cid)
    except Exception:  # noqa: BLE001 - a missing or broken catalogue must not break a screen
        c = None
    return c.name if c is not None else cid


def box(controls: list[ft.Control], bgcolor: str | None = None, identifier: str | None = None) -> ft.Control:
    box = ft.Container(
        content=ft.Column(
            controls, spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
        ),
        padding=12,
        border_radius=14,
        bgcolor=bgcolor or ft.Colors.SURFACE,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
    )
    return ident(box, identifier)


def chips(pairs: list[tuple[str, str]]) -> ft.Control:
    return ft.Row([chip(a, b) for a, b in pairs], wrap=True, spacing=8, run_spacing=8)


def todo(text: str) -> ft.Control:
    return ft.Container(
        content=ft.Row(
            [
                ft.Icon(ft.Icons.ARROW_FORWARD, size=26),
                ft.Text(text, size=19, weight=ft.FontWeight.W_600, expand=True),
            ]
        ),
        padding=12,
        border_radius=14,
        bgcolor=ft.Colors.PRIMARY_CONTAINER,
    )


def more(view: Mapping[str, Any], done: set[str], lang: str, seat: str) -> list[ft.Control]:
    rest = {k: v for k, v in view.items() if k not in done}
    if not rest:
        return []
    return [
        ft.ExpansionTile(
            title=ft.Text(tr("cp.more", lang), size=16), controls=[generic_board(rest, lang, seat)]
        )
    ]
