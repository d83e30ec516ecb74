"""Plague & Pestilence's board part: on a phone its hand (and its population when populations are hidden)
first, then the counters, the players and the dice. The texts come from :mod:`.model` (pure, unit-tested).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import flet as ft

from ..boardkit import box, chips, more, todo
from ..i18n import tr
from ..widgets import heading
from . import model as pm


def board(
    view: Mapping[str, Any], lang: str, seat: str, names: Mapping[str, str] | None = None, focus: str = ""
) -> ft.Control:
    b = pm.plague_board(view, lang, seat, names=names)
    parts: list[ft.Control] = []
    if b.private is not None:
        priv: list[ft.Control] = [heading(tr("cp.plague.mine", lang), 18)]
        if b.private.population is not None:
            priv.append(
                ft.Text(
                    tr("cp.plague.my_population", lang, n=b.private.population),
                    size=22,
                    weight=ft.FontWeight.BOLD,
                )
            )
        priv.append(
            ft.Text(tr("cp.plague.hand", lang, n=len(b.private.hand)), size=15, weight=ft.FontWeight.W_600)
        )
        priv.append(
            ft.Column(
                [ft.Text(f"• {c}", size=16) for c in b.private.hand] or [ft.Text("—")], spacing=4, tight=True
            )
        )
        parts.append(box(priv, ft.Colors.TERTIARY_CONTAINER, "private"))
    parts.append(chips(b.counters))
    if b.todo:
        parts.append(todo(b.todo))
    if b.act:
        parts.append(
            box(
                [
                    ft.Text(tr("cp.plague.act", lang), size=15, weight=ft.FontWeight.W_600),
                    ft.Text(b.act, size=17),
                ],
                ft.Colors.PRIMARY_CONTAINER,
            )
        )
    parts.append(heading(tr("cp.players", lang), 18))
    parts.append(
        ft.ResponsiveRow(
            [
                ft.Container(
                    content=ft.Column(
                        [ft.Text(p.title, size=17, weight=ft.FontWeight.BOLD), ft.Text(p.detail, size=15)],
                        spacing=2,
                        tight=True,
                    ),
                    padding=10,
                    border_radius=12,
                    col={"xs": 6, "md": 4},
                    bgcolor=ft.Colors.PRIMARY_CONTAINER
                    if p.acting
                    else (ft.Colors.SURFACE_CONTAINER_HIGHEST if p.out else ft.Colors.SECONDARY_CONTAINER),
                )
                for p in b.players
            ],
            spacing=8,
            run_spacing=8,
        )
    )
    parts.append(heading(tr("cp.plague.dice", lang), 18))
    parts.append(
        ft.Column([ft.Text(x, size=16) for x in b.dice] or [ft.Text("—", size=16)], spacing=4, tight=True)
    )
    parts.append(ft.Text(b.deck, size=15))
    parts += more(view, pm.PLAGUE_SHOWN, lang, seat)
    return ft.Column(parts, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
