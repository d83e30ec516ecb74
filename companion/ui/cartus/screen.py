"""Rattus Cartus's board part: on a phone its own rats first (never on the shared tablet), then the row of
buildings, the nuns and the players. The texts come from :mod:`.model` (pure, unit-tested).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import flet as ft

from ..boardkit import box, chips, more, todo
from ..i18n import tr
from ..widgets import heading, pill
from . import model as cm


def board(
    view: Mapping[str, Any], lang: str, seat: str, names: Mapping[str, str] | None = None, focus: str = ""
) -> ft.Control:
    b = cm.cartus_board(view, lang, seat, names=names)
    parts: list[ft.Control] = []
    if b.private is not None:  # the phone: its own rats first (never on the shared tablet)
        priv: list[ft.Control] = [
            heading(tr("cp.cartus.mine", lang), 18),
            ft.Text(b.private.rats_line, size=22, weight=ft.FontWeight.BOLD),
        ]
        if b.private.peeks:
            priv.append(ft.Text(tr("cp.cartus.peeks", lang), size=15, weight=ft.FontWeight.W_600))
            priv.append(ft.Row([pill(x) for x in b.private.peeks], wrap=True, spacing=6, run_spacing=6))
        parts.append(box(priv, ft.Colors.TERTIARY_CONTAINER, "private"))
    parts.append(chips(b.counters))
    if b.todo:
        parts.append(todo(b.todo))
    if b.row:
        parts.append(heading(tr("cp.cartus.row", lang), 18))
        parts.append(
            ft.ResponsiveRow(
                [
                    ft.Container(
                        content=ft.Column(
                            [ft.Text(name, size=17, weight=ft.FontWeight.BOLD), ft.Text(detail, size=14)],
                            spacing=2,
                            tight=True,
                        ),
                        padding=10,
                        border_radius=12,
                        bgcolor=ft.Colors.SECONDARY_CONTAINER,
                        col={"xs": 6, "sm": 4, "lg": 3},
                    )
                    for name, detail in b.row
                ],
                spacing=8,
                run_spacing=8,
            )
        )
    if b.nuns:
        parts.append(ft.Text(tr("cp.cartus.nuns", lang), size=15, weight=ft.FontWeight.W_600))
        parts.append(ft.Row([pill(x) for x in b.nuns], wrap=True, spacing=6, run_spacing=6))
    parts.append(heading(tr("cp.players", lang), 18))
    for line in b.players:
        parts.append(
            box(
                [ft.Text(line.title, size=17, weight=ft.FontWeight.BOLD), ft.Text(line.detail, size=15)],
                ft.Colors.PRIMARY_CONTAINER if line.acting else None,
            )
        )
    parts += more(view, cm.CARTUS_SHOWN, lang, seat)
    return ft.Column(parts, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
