"""The leader's overview: the whole of a table this process hosts on one screen (a laptop, a projector), live.

The game draws it (:class:`companion.ui.gameui.Overview`; Pandémie: every province at a glance); this screen
watches the table through a session on its public seat (it never acts) and the host's seat holders, and says
for each seat where it is played: its own device connected (``here``), its device gone (``away``), or no
device holding it (``tablet``). Only the hosting device opens it.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import flet as ft

from engine.core.events import TABLE

from .. import model, theme
from ..hub import Hosted
from ..i18n import pairs
from ..spawn import spawn
from ..widgets import ident
from .base import Screen, table_title

if TYPE_CHECKING:
    from collections.abc import Callable

    from companion.session import Snapshot

    from ..gameui import Overview
    from ..navigator import Navigator

t = pairs({"back": ("Retour à la table", "Back to the table")})
PRESENCE_S = 5.0  # how often the devices' comings and goings are looked at


def presence(server: Any, own: int = 1) -> dict[str, str]:
    """seat → ``here`` (held by a device whose screen is connected), ``away`` (held, no screen of it),
    ``tablet`` (no device holds it, and a table tablet is connected: it plays there) or ``none`` (no device
    at all), from what the host knows now; ``own``: this screen's own sessions on the table seat."""
    held: dict[str, str] = getattr(server, "owners", {}) or {}
    shown = [seat for seat, _kind in getattr(server, "devices", []) or []]
    tablets = sum(1 for seat in shown if seat == TABLE) - own
    out = {seat: "here" if seat in shown else "away" for seat in held}
    for seat in getattr(server, "seats", []) or []:
        if seat != TABLE and seat not in out:
            out[seat] = "tablet" if tablets > 0 else "none"
    return out


class OverviewScreen(Screen):
    title_key = "overview.title"
    grafted = True  # redrawn at every action of any device: only what changed goes to the browser

    def __init__(self, shell: Navigator, hosted: Hosted, part: Overview) -> None:
        super().__init__(shell)
        self.hosted = hosted
        self.part = part
        self.session = hosted.server.local_session(TABLE)  # the public view, never used to act
        snap = self.session.snapshot
        if snap is not None:
            part.seen(snap.view)
        self._pending = False
        self._shown: dict[str, str] = {}  # the presence drawn last
        self._open = True
        self.session.on_change(self._changed)
        self._unwatch: Callable[[], None] | None = hosted.server.watch(self._poke)  # seats taken, freed
        spawn(shell.page, self._look)

    async def _look(self) -> None:
        """A device that goes or comes back changes nothing on the table: looked at every few seconds."""
        while self._open:
            await asyncio.sleep(PRESENCE_S)
            if self._open and self.shell.screen is self and presence(self.hosted.server) != self._shown:
                self._poke()

    def _changed(self, snap: Snapshot) -> None:
        self.part.seen(snap.view)  # every view in order: the surge chains are worked out between two
        self._poke()

    def _poke(self) -> None:
        """Draw again soon: several changes in a row are drawn once."""
        if self._pending:
            return
        self._pending = True

        async def redraw() -> None:
            self._pending = False
            if self.shell.screen is self:
                self.shell.refresh()

        try:
            spawn(self.shell.page, redraw)
        except Exception:  # noqa: BLE001 - the page is gone
            self._pending = False

    async def leave(self) -> None:
        self._open = False
        unwatch, self._unwatch = self._unwatch, None
        if unwatch is not None:
            unwatch()
        await self.session.close()

    async def _back(self, _e: Any = None) -> None:
        await self.shell.open_hosted(self.hosted)

    def render(self) -> ft.Control:
        lang = self.lang
        snap = self.session.snapshot
        page = self.shell.page
        width = float(page.width or 1280) - 24  # the page's padding
        height = float(page.height or 800) - 64 - 24 - 56  # the app bar, the padding, this screen's top line
        top = ft.Row(
            [
                ft.Text(
                    table_title(self.hosted.name, self.hosted.game, lang), size=20, weight=ft.FontWeight.BOLD
                ),
                ident(
                    ft.TextButton(content=ft.Text(t("back", lang), size=16), on_click=self._back, height=48),
                    "overview-back",
                ),
            ],
            alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
        )
        if snap is None:
            return ft.Column([top], tight=True)
        names = model.people(snap.seats, lang, province=False)
        self._shown = presence(self.hosted.server)
        body = self.part.draw(
            snap.view,
            lang,
            names,
            self._shown,
            width,
            height,
            theme.current(page) == "dark",
        )
        return ft.Column([top, body], spacing=8, tight=True)


__all__ = ["OverviewScreen", "presence"]
