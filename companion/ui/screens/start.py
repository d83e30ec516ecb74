"""The start screen: new table, join, resume, census, and the tables this process hosts."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from ..hub import Hosted
from ..i18n import tr
from ..spawn import spawn
from ..typed import track
from ..widgets import big_button, card, heading, ident, vcol
from .base import Screen, table_title

if TYPE_CHECKING:
    from ..navigator import Navigator


WATCH_EVERY = 1.5  # s: how often an open start screen looks for tables opened meanwhile (another page)


class StartScreen(Screen):
    def __init__(self, shell: Navigator) -> None:
        super().__init__(shell)
        self.shown: list[str] = []
        self.watching = True
        self.pin = track(
            ft.TextField(
                password=True,
                can_reveal_password=True,
                text_size=22,
                height=64,
                width=240,
                on_submit=self._prove,
                keyboard_type=ft.KeyboardType.NUMBER,
            )
        )
        self.busy = False
        spawn(self.shell.page, self._watch)

    async def _prove(self, _e: Any = None) -> None:
        """A browser that is not the host proves a hosted table's PIN (checked on the server, budgeted)."""
        if self.busy:
            return
        self.busy = True
        try:
            found, why = await self.shell.access.prove_pin(self.pin.value or "")
        finally:
            self.busy = False
        if why:
            self.shell.toast(tr("access.busy", self.lang, why=why), error=True)
        elif not found:
            self.shell.toast(tr("access.wrong", self.lang), error=True)  # what was typed stays in the field
        elif len(found) == 1:
            await self.shell.open_hosted(found[0])
        else:
            self.shell.refresh()

    async def _watch(self) -> None:
        """Keep the list of open tables live: one resumed or created by another page appears by itself."""
        while self.watching:
            await asyncio.sleep(WATCH_EVERY)
            now = [str(h.path) for h in self.shell.hub.tables()]
            if now != self.shown and self.shell.screen is self:
                try:
                    self.shell.refresh()
                except Exception:  # noqa: BLE001 - the page closed: stop watching
                    return

    async def leave(self) -> None:
        self.watching = False

    def render(self) -> ft.Control:
        lang = self.lang
        col = {"xs": 12, "md": 6, "lg": 3}

        def tile(
            key: str, icon: ft.IconData, target: Callable[[], Awaitable[None]], ident_: str
        ) -> ft.Control:
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

        access = self.shell.access
        tiles = [tile("start.join", ft.Icons.LOGIN, self.shell.open_join, "start-join")]
        if access.admin:  # creating, resuming, the census: the hosting device only
            tiles = [
                tile("start.new", ft.Icons.ADD, self.shell.open_new_table, "start-new"),
                *tiles,
                tile("start.resume", ft.Icons.HISTORY, self.shell.open_resume, "start-resume"),
                tile("census.start", ft.Icons.QR_CODE_SCANNER, self.shell.open_census, "start-census"),
            ]
        items: list[ft.Control] = [ft.ResponsiveRow(tiles, spacing=12, run_spacing=12)]
        if not access.admin:  # nothing about the tables hosted here until their PIN is proven
            self.pin.label = tr("join.pin", lang)
            items.append(
                card(
                    vcol(
                        [
                            heading(tr("access.here", lang)),
                            ft.Text(tr("access.here_sub", lang), size=15),
                            ft.Row(
                                [
                                    ident(self.pin, "here-pin"),
                                    big_button(
                                        tr("access.open", lang),
                                        self._prove,
                                        "here-open",
                                        icon=ft.Icons.LOCK_OPEN,
                                        primary=True,
                                    ),
                                ],
                                wrap=True,
                                spacing=10,
                            ),
                        ],
                        spacing=10,
                        tight=True,
                    )
                )
            )
        self.shown = [str(h.path) for h in self.shell.hub.tables()]
        open_tables = [h for h in self.shell.hub.tables() if access.may_see(h)]
        if open_tables:
            rows: list[ft.Control] = [heading(tr("start.open", lang))]
            for i, h in enumerate(open_tables):

                async def open_(_e: Any, h: Hosted = h) -> None:
                    await self.shell.open_hosted(h)

                rows.append(
                    vcol(
                        [
                            big_button(
                                table_title(h.name, h.game, lang),
                                open_,
                                f"open-{i}",
                                icon=ft.Icons.TABLE_RESTAURANT,
                            ),
                            ident(ft.Text(open_line(h, lang), size=14), f"open-{i}-line"),
                        ],
                        spacing=4,
                        tight=True,
                    )
                )
            items.append(card(vcol(rows, spacing=10, tight=True)))
        return vcol(items, spacing=14)


def open_line(h: Hosted, lang: str) -> str:
    """What tells two open tables apart: who plays, how far the game went, whether it is over."""
    try:
        srv = h.server
        infos = srv.projector.seat_infos()
        people = [i.name for i in infos if i.name]
        who = ", ".join(people) if people else tr("open.seats", lang, n=len(infos))
        over = srv.table.game.outcome(srv.table.state) is not None
        state = tr("resume.over", lang) if over else tr("open.events", lang, n=srv.table.seq)
        return f"{who} · {state}"
    except Exception:  # noqa: BLE001 - a table closing meanwhile: its name is enough
        return ""
