"""A table this process hosts: how to join it (PIN, join code, QR), and this device's seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from engine.core.events import TABLE

from ...session import Session
from .. import model
from ..games import turn_seats
from ..hub import Hosted
from ..i18n import tr
from ..widgets import big_button, card, heading, ident, qr_png, vcol
from .base import Screen, table_title

if TYPE_CHECKING:
    from ..shell import Shell


class HostedScreen(Screen):
    title_key = "hosted.title"

    def __init__(self, shell: Shell, hosted: Hosted) -> None:
        super().__init__(shell)
        self.hosted = hosted
        self.pin = ft.TextField(password=True, can_reveal_password=True, text_size=20, height=64, width=220)

    def render(self) -> ft.Control:
        lang = self.lang
        srv = self.hosted.server
        local = self.shell.is_local_client()
        parts: list[ft.Control] = [heading(table_title(self.hosted.name, self.hosted.game, lang), 22)]
        if local:  # the PIN and join code are shown only on the hosting device itself
            code = str(srv.join_code)
            parts += [
                ft.Text(tr("hosted.pin", lang, pin=srv.pin), size=28, weight=ft.FontWeight.BOLD),
                ft.Text(tr("hosted.code", lang), size=16),
                ident(ft.Text(code, size=16), "join-code"),
                ft.Image(src=qr_png(code), width=220, height=220),
                ft.Text(tr("hosted.help", lang), size=15),
            ]
        else:
            self.pin.label = tr("join.pin", lang)
            parts.append(ident(self.pin, "pin"))
        seats = [TABLE, *[s for s in list(srv.seats) if s != TABLE]]
        try:
            now = turn_seats(self.hosted.game, srv.snapshot(TABLE).view)
        except Exception:  # noqa: BLE001 - only a shortcut; the seat list below is complete
            now = []
        current = [
            big_button(tr("hosted.current", lang, seat=s), self._open(s), "seat-current" if i == 0 else f"seat-current-{i}",
                       icon=ft.Icons.PLAY_ARROW, tone="tonal", col={"xs": 12, "sm": 6})
            for i, s in enumerate(now)
        ]
        buttons = current + [
            big_button(model.seat_label(s, lang), self._open(s), f"seat-{s}", primary=(s == TABLE),
                       icon=ft.Icons.TABLE_RESTAURANT if s == TABLE else ft.Icons.PERSON, col={"xs": 12, "sm": 6})
            for s in seats
        ]
        return vcol(
            [card(vcol(parts, spacing=10, tight=True)),
             card(vcol([heading(tr("hosted.seat", lang)), ft.ResponsiveRow(buttons, spacing=10, run_spacing=10)],
                            spacing=10, tight=True))],
            spacing=14,
        )

    def _open(self, seat: str) -> Callable[[Any], Any]:
        async def open_(_e: Any) -> None:
            srv = self.hosted.server
            if not self.shell.is_local_client() and (self.pin.value or "").strip() != str(srv.pin):
                self.shell.toast(tr("join.need_pin", self.lang), error=True)
                return
            async def opener(other: str) -> Session:
                return srv.local_session(other)

            session = srv.local_session(seat)
            await self.shell.open_table(session, seat, opener=opener)

        return open_

