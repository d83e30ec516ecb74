"""A table this process hosts: how to join it (PIN, join code, QR), and this device's seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from engine.core.events import TABLE

from ...announce import turn_seats
from ...session import Rejected, SeatInfo
from .. import model
from ..hub import Hosted
from ..i18n import tr
from ..seat_picker import SeatPicker, provinces_of, taken_text
from ..spawn import spawn
from ..widgets import big_button, card, heading, ident, qr_png, vcol
from .base import Screen, err_text, table_title

if TYPE_CHECKING:
    from ..navigator import Navigator


class HostedScreen(Screen):
    title_key = "hosted.title"

    def __init__(self, shell: Navigator, hosted: Hosted) -> None:
        super().__init__(shell)
        self.hosted = hosted
        self.pin = ft.TextField(password=True, can_reveal_password=True, text_size=20, height=64, width=220)
        self.picker = SeatPicker("seat")
        self._unwatch: Callable[[], None] | None = None
        if shell.is_local_client():  # the host's screen: tablet requests and seat holders, live
            self._unwatch = hosted.server.watch(self._server_changed)

    def _server_changed(self) -> None:
        async def refresh() -> None:
            if self.shell.screen is self:
                self.shell.refresh()

        try:
            spawn(self.shell.page, refresh)
        except Exception:  # noqa: BLE001 - the page is gone
            pass

    async def leave(self) -> None:
        unwatch, self._unwatch = self._unwatch, None
        if unwatch is not None:
            unwatch()

    def render(self) -> ft.Control:
        lang = self.lang
        srv = self.hosted.server
        local = self.shell.is_local_client()
        parts: list[ft.Control] = [heading(table_title(self.hosted.name, self.hosted.game, lang), 22)]
        if local:  # the PIN and join code are shown only on the hosting device itself
            code = str(srv.join_code)
            if srv.pin:
                parts.append(ft.Text(tr("hosted.pin", lang, pin=srv.pin), size=28, weight=ft.FontWeight.BOLD))
            else:  # resumed: the save file keeps a verifier, not the PIN
                parts.append(ident(ft.Text(tr("hosted.pin_unknown", lang), size=17), "pin-unknown"))
            parts += [
                big_button(tr("hosted.new_pin", lang), self._new_pin, "new-pin", icon=ft.Icons.PASSWORD),
                big_button(
                    tr("hosted.forget_devices", lang),
                    self._forget_devices,
                    "forget-devices",
                    icon=ft.Icons.NO_ACCOUNTS,
                    tone="tonal",
                ),
                ft.Text(tr("hosted.code", lang), size=16),
                ident(ft.Text(code, size=16), "join-code"),
                ft.Image(src=qr_png(code), width=220, height=220),
                ft.Text(tr("hosted.help", lang), size=15),
            ]
            if self.shell.hub.tls_fingerprint:
                parts.append(
                    ident(
                        ft.Text(
                            tr("hosted.fingerprint", lang, fp=self.shell.hub.tls_fingerprint),
                            size=14,
                            selectable=True,
                        ),
                        "fingerprint",
                    )
                )
            parts += self._tablets()
            parts += self._away()
            parts += self._holders()
        try:
            snap = srv.snapshot(TABLE)
            now, seats, provinces = (
                turn_seats(snap.view),
                snap.seats,
                provinces_of(snap.view),
            )
        except Exception:  # noqa: BLE001 - a table without a public view: its seats by id
            now, provinces = [], []
            held = getattr(srv, "owners", {}) or {}
            seats = [SeatInfo(s, held=s in held) for s in srv.seats if s != TABLE]
        names = model.people(seats, lang)
        current = [  # a shortcut to the seats whose turn it is, one per line: side by side, a name that
            # wrapped made one button taller than its neighbour
            big_button(
                tr("hosted.current", lang, seat=model.say(s, lang, names)),
                self._open(s),
                "seat-current" if i == 0 else f"seat-current-{i}",
                icon=ft.Icons.PLAY_ARROW,
                tone="tonal",
                col=12,
            )
            for i, s in enumerate(now)
        ]
        picker = self.picker.render(
            seats, provinces, now, lang, self._pick, self.shell.refresh, phone=self.shell.phone
        )
        return vcol(
            [
                card(vcol(parts, spacing=10, tight=True)),
                card(
                    vcol(
                        [
                            heading(tr("hosted.seat", lang)),
                            ft.ResponsiveRow(current, spacing=10, run_spacing=10),
                            picker,
                        ],
                        spacing=10,
                        tight=True,
                    )
                ),
            ],
            spacing=14,
        )

    def _holders(self) -> list[ft.Control]:
        """Seats held by a device, each with a button to free it (the host approving a hand-over)."""
        held = sorted(
            getattr(self.hosted.server, "owners", {}) or {}, key=lambda s: (len(s), s)
        )  # p2 before p10
        if not held:
            return []
        lang = self.lang
        try:  # each seat by its player ("Léa · Gallia"), never a bare p7
            names = model.people(self.hosted.server.snapshot(TABLE).seats, lang)
        except Exception:  # noqa: BLE001 - a table without a public view: "Joueur 7"
            names = {}

        def free(seat: str) -> Callable[[Any], Any]:
            async def go(_e: Any) -> None:
                self.hosted.server.release(seat)
                self.shell.toast(tr("hosted.freed", lang, seat=model.say(seat, lang, names)))
                self.shell.refresh()

            return go

        return [
            heading(tr("hosted.holders", lang), 17),
            ft.ResponsiveRow(
                [
                    big_button(
                        tr("hosted.hand_over", lang, seat=model.say(s, lang, names)),
                        free(s),
                        f"free-{s}",
                        icon=ft.Icons.LOCK_OPEN,
                        col={"xs": 12, "sm": 6},
                    )
                    for s in held
                ],
                spacing=8,
                run_spacing=8,
            ),
        ]

    def _away(self) -> list[ft.Control]:
        """Seats in turn whose device has been gone a while (nobody is stuck unseen), each with a one-tap
        "play it here": this screen plays it without holding it, until its device comes back."""
        srv = self.hosted.server
        try:
            snap = srv.snapshot(TABLE)
        except Exception:  # noqa: BLE001 - a table without a public view
            return []
        now = set(turn_seats(snap.view))
        stuck = [s for s in srv.away_seats() if s in now]
        if not stuck or snap.outcome is not None:
            return []
        lang = self.lang
        names = model.people(snap.seats, lang)

        def play(seat: str) -> Callable[[Any], Any]:
            async def go(_e: Any) -> None:
                try:
                    srv.free_away(seat)
                    await self.shell.open_local(self.hosted, seat, hold=False)
                except Rejected as exc:
                    self.shell.toast(tr("join.failed", lang, err=err_text(exc, lang)), error=True)

            return go

        return [
            ident(
                card(
                    vcol(
                        [
                            ft.Text(tr("table.away", lang, seat=model.say(s, lang, names)), size=17),
                            big_button(
                                tr("table.away.play", lang, seat=model.say(s, lang, names)),
                                play(s),
                                f"away-play-{s}",
                                icon=ft.Icons.PLAY_ARROW,
                                primary=True,
                            ),
                        ],
                        spacing=8,
                        tight=True,
                    ),
                    bgcolor=ft.Colors.ERROR_CONTAINER,
                ),
                f"away-{s}",
            )
            for s in sorted(stuck, key=lambda s: (len(s), s))
        ]

    def _tablets(self) -> list[ft.Control]:
        """Devices that asked to act as the table's tablet (its undo of anyone's action, its turns for a
        player): the host allows or refuses each."""
        srv = self.hosted.server
        asks = sorted(srv.tablet_requests.values(), key=lambda r: r.since)
        if not asks:
            return []
        lang = self.lang

        def answer(device: str, allow: bool) -> Callable[[Any], Any]:
            async def go(_e: Any) -> None:
                if allow:
                    srv.allow_tablet(device)
                else:
                    srv.refuse_tablet(device)
                self.shell.refresh()

            return go

        rows: list[ft.Control] = [heading(tr("hosted.tablets", lang), 17)]
        for i, r in enumerate(asks):
            who = r.name or tr("hosted.tablet_unnamed", lang, n=i + 1)
            rows.append(
                ft.ResponsiveRow(
                    [
                        ft.Text(tr("hosted.tablet_asks", lang, who=who), size=16, col={"xs": 12, "sm": 6}),
                        big_button(
                            tr("hosted.tablet_allow", lang),
                            answer(r.device, True),
                            f"tablet-allow-{i}",
                            icon=ft.Icons.CHECK,
                            primary=True,
                            col={"xs": 6, "sm": 3},
                        ),
                        big_button(
                            tr("hosted.tablet_refuse", lang),
                            answer(r.device, False),
                            f"tablet-refuse-{i}",
                            icon=ft.Icons.CLOSE,
                            col={"xs": 6, "sm": 3},
                        ),
                    ],
                    spacing=8,
                    run_spacing=8,
                )
            )
        return rows

    async def _forget_devices(self, _e: Any = None) -> None:
        """Every device that joined must prove the PIN again (a PIN that leaked: choose a new one too)."""
        if self.shell.is_local_client():
            self.hosted.server.forget_devices()
            self.shell.toast(tr("hosted.forgot_devices", self.lang))
            self.shell.refresh()

    async def _new_pin(self, _e: Any = None) -> None:
        if self.shell.is_local_client():
            self.hosted.server.new_pin()
            self.shell.refresh()

    def _open(self, seat: str) -> Callable[[Any], Any]:
        async def open_(_e: Any) -> None:
            await self._pick(seat, "", "", "")

        return open_

    async def _pick(self, seat: str, province: str, name: str, colour: str) -> None:
        srv = self.hosted.server
        access = self.shell.access
        if not access.may_see(self.hosted):  # proven on the server (companion.ui.access), never by the page
            self.shell.toast(tr("access.need_pin", self.lang), error=True)
            return
        pin = ""  # a page comes back by its device (the table remembers it), never by a kept PIN
        if seat != TABLE and (name or colour):
            try:
                srv.set_seat_name(seat, name or self.hosted.name_of(seat), colour or None)
            except ValueError as exc:
                self.shell.toast(tr("join.failed", self.lang, err=exc), error=True)
                return
        try:
            await self.shell.open_local(self.hosted, seat, pin, province=province)
        except Rejected as exc:
            if exc.rule == "seat-taken":
                try:
                    names = model.people(srv.snapshot(TABLE).seats, self.lang)
                except Exception:  # noqa: BLE001 - a table without a public view
                    names = {}
                self.shell.toast(taken_text(srv, seat, self.lang, names), error=True)
            else:
                self.shell.toast(err_text(exc, self.lang), error=True)
