"""The start screen: new table, join, resume, census, and the tables this process hosts."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from ..hub import Hosted
from ..i18n import tr
from ..widgets import big_button, card, heading, vcol
from .base import Screen, table_title


class StartScreen(Screen):
    def render(self) -> ft.Control:
        lang = self.lang
        col = {"xs": 12, "md": 6, "lg": 3}

        def tile(key: str, icon: ft.IconData, target: Callable[[], Awaitable[None]], ident_: str) -> ft.Control:
            async def go(_e: Any) -> None:
                await target()

            return card(
                vcol(
                    [
                        big_button(tr(key, lang), go, ident_, icon=icon, primary=True, height=72),
                        ft.Text(tr(key + ".sub", lang), size=15),
                    ],
                    spacing=8,
                    tight=True,
                ),
                col=col,
            )

        items: list[ft.Control] = [
            ft.ResponsiveRow(
                [
                    tile("start.new", ft.Icons.ADD, self.shell.open_new_table, "start-new"),
                    tile("start.join", ft.Icons.LOGIN, self.shell.open_join, "start-join"),
                    tile("start.resume", ft.Icons.HISTORY, self.shell.open_resume, "start-resume"),
                    tile("census.start", ft.Icons.QR_CODE_SCANNER, self.shell.open_census, "start-census"),
                ],
                spacing=12,
                run_spacing=12,
            )
        ]
        open_tables = self.shell.hub.tables()
        if open_tables:
            rows: list[ft.Control] = [heading(tr("start.open", lang))]
            for i, h in enumerate(open_tables):
                async def open_(_e: Any, h: Hosted = h) -> None:
                    await self.shell.open_hosted(h)

                rows.append(big_button(table_title(h.name, h.game, lang), open_, f"open-{i}",
                                       icon=ft.Icons.TABLE_RESTAURANT))
            items.append(card(vcol(rows, spacing=10, tight=True)))
        return vcol(items, spacing=14)

