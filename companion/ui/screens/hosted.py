"""A table this process hosts: how to join it (PIN, join code, QR), and this device's seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from engine.core.events import TABLE

from ...announce import turn_seats
from ...session import Rejected, SeatInfo
from .. import model
from ..games import game_ui
from ..hub import Hosted
from ..i18n import pairs, tr
from ..seat_picker import SeatPicker, provinces_of, taken_text
from ..spawn import spawn
from ..widgets import big_button, card, heading, ident, qr_png, vcol
from .base import Screen, err_text, table_title

if TYPE_CHECKING:
    from ..navigator import Navigator

TEXTS: dict[str, tuple[str, str]] = {
    "web": ("Rejoindre avec un téléphone ou une tablette", "Join with a phone or a tablet"),
    "wifi": ("Se connecter au même Wi-Fi que cet ordinateur.", "Join the same Wi-Fi as this computer."),
    "open": (
        "Scanner ce code avec l'appareil photo, ou taper l'adresse :",
        "Scan this code with the camera, or type the address:",
    ),
    "warn": (
        "Le navigateur avertit une seule fois (« connexion non privée ») : toucher « Paramètres avancés », "
        "puis « Continuer ». Le certificat est celui de cet ordinateur : {fp}",
        "The browser warns once (\u201cnot private\u201d): tap \u201cAdvanced\u201d, "
        "then \u201cContinue\u201d. The certificate is this computer's: {fp}",
    ),
    "pin": ("Taper le code PIN, puis choisir sa place.", "Type the PIN, then choose a seat."),
    "loopback": (
        "Cette application n'écoute que sur cet ordinateur : les téléphones ne peuvent pas l'ouvrir. "
        "Relancez-la avec « tablekeeper app --web --host 0.0.0.0 ».",
        "This app listens on this computer only: phones cannot open it. Start it again with "
        "\u201ctablekeeper app --web --host 0.0.0.0\u201d.",
    ),
    "poster": (
        "Une affiche à imprimer (code, adresse, étapes) : tablekeeper print join-poster --out affiche.pdf",
        "A poster to print (code, address, steps): tablekeeper print join-poster --out poster.pdf",
    ),
    "app": ("Avec l'application tablekeeper", "With the tablekeeper app"),
    "overview": ("Vue d'ensemble des provinces (projecteur)", "Overview of the provinces (projector)"),
    "forget_confirm": (
        "Chaque téléphone et tablette qui a rejoint devra retaper le code PIN. Les places restent.",
        "Every phone and tablet that joined will have to type the PIN again. Seats stay as they are.",
    ),
    "forget_keep": ("Garder les appareils", "Keep the devices"),
    "forget_yes": ("Oublier les appareils", "Forget the devices"),
}
t = pairs(TEXTS)


class HostedScreen(Screen):
    title_key = "hosted.title"

    def __init__(self, shell: Navigator, hosted: Hosted) -> None:
        super().__init__(shell)
        self.hosted = hosted
        self.pin = ft.TextField(password=True, can_reveal_password=True, text_size=20, height=64, width=220)
        self.picker = SeatPicker("seat")
        self._unwatch: Callable[[], None] | None = None
        ui = game_ui(hosted.game)
        self._overview = ui.overview if ui is not None and shell.is_local_client() else None
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
            parts += self._join_web()
            parts += [
                big_button(tr("hosted.new_pin", lang), self._new_pin, "new-pin", icon=ft.Icons.PASSWORD),
                big_button(
                    tr("hosted.forget_devices", lang),
                    self._forget_devices,
                    "forget-devices",
                    icon=ft.Icons.NO_ACCOUNTS,
                    tone="tonal",
                ),
            ]
            if self._overview is not None:
                parts.append(
                    big_button(
                        t("overview", lang), self._open_overview, "open-overview", icon=ft.Icons.DASHBOARD
                    )
                )
            parts.append(self._join_app())
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
        if not local:  # a joining device picks its own seat: a shortcut to whoever is in turn invites twenty
            now = []  # phones to take that one player's seat
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

    def _join_web(self) -> list[ft.Control]:
        """How a phone or a tablet's browser joins: the address this process serves its pages on (a QR code
        and in large type), the certificate's warning, the PIN. Without a web server (a desktop window) only
        the PIN: devices join with the app (:meth:`_join_app`)."""
        lang = self.lang
        hub = self.shell.hub
        srv = self.hosted.server
        if srv.pin:
            pin: ft.Control = ft.Text(tr("hosted.pin", lang, pin=srv.pin), size=34, weight=ft.FontWeight.BOLD)
        else:  # resumed: the save file keeps a verifier, not the PIN
            pin = ident(ft.Text(tr("hosted.pin_unknown", lang), size=17), "pin-unknown")
        url = hub.web_url
        if not url:
            return [pin]
        steps: list[str] = [t("wifi", lang), t("open", lang)]
        address = ident(
            ft.Text(url, size=34, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY),
            "web-address",
        )
        after: list[ft.Control] = []
        if hub.tls_fingerprint:
            after.append(
                ident(
                    ft.Text(f"3. {t('warn', lang, fp=hub.tls_fingerprint)}", size=17),
                    "fingerprint",
                )
            )
        n = len(steps) + len(after) + 1
        after += [ft.Text(f"{n}. {t('pin', lang)}", size=17), pin]
        if hub.loopback_only:
            after.append(ident(ft.Text(t("loopback", lang), size=17, color=ft.Colors.ERROR), "web-loopback"))
        else:
            after.append(
                ft.Text(t("poster", lang), size=14, selectable=True, color=ft.Colors.ON_SURFACE_VARIANT)
            )
        qr = ident(ft.Image(src=qr_png(url, scale=10), width=300, height=300), "web-qr", label=url)
        text = vcol(
            [
                heading(t("web", lang), 24),
                ft.Text(f"1. {steps[0]}", size=17),
                ft.Text(f"2. {steps[1]}", size=17),
                address,
                *after,
            ],
            spacing=8,
            tight=True,
        )
        return [
            ft.ResponsiveRow(
                [
                    ft.Container(qr, col={"xs": 12, "md": 5, "xl": 4}, alignment=ft.Alignment.CENTER),
                    ft.Container(text, col={"xs": 12, "md": 7, "xl": 8}),
                ],
                spacing=16,
                run_spacing=12,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        ]

    def _join_app(self) -> ft.Control:
        """The join code of the tablekeeper app (``tk://…``) and its QR code: not an address a browser opens,
        so smaller, below the browsers' part (alone when no page is served to browsers)."""
        lang = self.lang
        code = str(self.hosted.server.join_code)
        alone = not self.shell.hub.web_url
        side = 220 if alone else 140
        return vcol(
            [
                heading(t("app", lang), 20 if alone else 16),
                ft.Text(tr("hosted.code", lang), size=15),
                ident(ft.Text(code, size=16 if alone else 14), "join-code"),
                ident(ft.Image(src=qr_png(code), width=side, height=side), "app-qr"),
                ft.Text(tr("hosted.help", lang), size=15 if alone else 14),
            ],
            spacing=6,
            tight=True,
        )

    async def _open_overview(self, _e: Any = None) -> None:
        await self.shell.open_overview(self.hosted)

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
        """Every device that joined must prove the PIN again (a PIN that leaked: choose a new one too). Asked
        first: a mis-tap would send every phone of the table back to the PIN form."""
        if not self.shell.is_local_client():
            return
        lang, page = self.lang, self.shell.page

        async def forget(_e: Any) -> None:
            page.pop_dialog()
            self.hosted.server.forget_devices()
            self.shell.toast(tr("hosted.forgot_devices", lang))
            self.shell.refresh()

        page.show_dialog(
            ft.AlertDialog(
                title=ft.Text(tr("hosted.forget_devices", lang)),
                content=ft.Text(t("forget_confirm", lang), size=17),
                actions=[
                    ident(
                        ft.TextButton(t("forget_keep", lang), on_click=lambda _e: page.pop_dialog()),
                        "forget-keep",
                    ),
                    ident(ft.FilledButton(t("forget_yes", lang), on_click=forget), "forget-yes"),
                ],
                modal=True,
            )
        )

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
