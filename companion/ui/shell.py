"""The shell: one per page (browser tab or window). It only navigates between screens, keeps the
page's language, shows toasts and opens the camera; the screens live in :mod:`companion.ui.screens` and the
games' parts in one folder per game (:mod:`companion.ui.pandemie`, …).

A screen is an object with ``render() -> ft.Control`` built from its own state, so that switching the
language or receiving a new :class:`~companion.session.Snapshot` simply renders it again.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import flet as ft

from .. import camera
from ..session import Session
from .camera_dialog import capture_scans, is_mobile
from .hub import Hosted, Hub
from .i18n import DEFAULT_LANG, tr
from .screens.base import Screen
from .screens.census import CensusScreen
from .screens.hosted import HostedScreen
from .screens.join import JoinScreen
from .screens.new_table import NewTableScreen
from .screens.resume import ResumeScreen
from .screens.start import StartScreen
from .screens.table import TableScreen
from .widgets import PHONE_MAX, card, ident

log = logging.getLogger("tablekeeper.app")

LANG_PREF = "tablekeeper.lang"


class Shell:
    def __init__(self, page: ft.Page, hub: Hub, lang: str = DEFAULT_LANG) -> None:
        self.page = page
        self.hub = hub
        self.lang = lang
        self.screen: Screen | None = None
        page.title = tr("app.title", lang)
        page.theme_mode = ft.ThemeMode.LIGHT
        page.theme = ft.Theme(color_scheme_seed=ft.Colors.DEEP_ORANGE)
        page.scroll = ft.ScrollMode.AUTO
        page.padding = ft.Padding.all(12)
        page.on_resize = lambda e: self.refresh()
        page.on_disconnect = self._disconnected
        page.on_close = self._disconnected

    async def _disconnected(self, _e: Any = None) -> None:
        await self._leave_current()

    # -- navigation -----------------------------------------------------------------------------------
    @property
    def phone(self) -> bool:
        w = self.page.width
        return bool(w) and w < PHONE_MAX  # type: ignore[operator]

    async def go(self, screen: Screen) -> None:
        await self._leave_current()
        self.screen = screen
        self.refresh()

    async def _leave_current(self) -> None:
        old, self.screen = self.screen, None
        if old is not None:
            try:
                await old.leave()
            except Exception:  # noqa: BLE001 - leaving must never block navigation
                log.exception("leaving %s", type(old).__name__)

    async def home(self, _e: Any = None) -> None:
        await self.go(StartScreen(self))

    def refresh(self) -> None:
        screen = self.screen
        if screen is None:
            return
        self.page.appbar = self._appbar(screen)
        try:
            body = screen.render()
        except Exception as exc:  # noqa: BLE001 - show the problem instead of a blank page
            log.exception("rendering %s", type(screen).__name__)
            body = card(ft.Text(tr("table.error", self.lang, err=exc), size=18))
        self.page.controls = [body]
        self.page.update()

    def _appbar(self, screen: Screen) -> ft.AppBar:
        actions: list[ft.Control] = [
            ident(
                ft.TextButton(
                    content=ft.Text(tr("lang.switch", self.lang), size=16),
                    icon=ft.Icons.TRANSLATE,
                    on_click=self.toggle_lang,
                    height=56,
                ),
                "lang",
            )
        ]
        leading = None
        if not isinstance(screen, StartScreen):
            leading = ident(
                ft.IconButton(ft.Icons.HOME, on_click=self.home, tooltip=tr("home", self.lang), icon_size=30,
                              width=56, height=56),
                "home",
            )
        return ft.AppBar(
            title=ft.Text(tr(screen.title_key, self.lang), size=20, weight=ft.FontWeight.BOLD),
            leading=leading,
            actions=actions,
            bgcolor=ft.Colors.PRIMARY_CONTAINER,
            toolbar_height=64,
        )

    async def toggle_lang(self, _e: Any = None) -> None:
        self.lang = "en" if self.lang == "fr" else "fr"
        self.refresh()
        try:  # remembered on this device (browser storage, phone preferences)
            await asyncio.wait_for(ft.SharedPreferences().set(LANG_PREF, self.lang), 3)
        except Exception:  # noqa: BLE001 - not remembered: the switch still works for this visit
            log.debug("could not store the language", exc_info=True)

    async def load_lang(self) -> None:
        try:
            saved = await asyncio.wait_for(ft.SharedPreferences().get(LANG_PREF), 3)
        except Exception:  # noqa: BLE001 - no storage: keep the default
            return
        if saved in ("fr", "en"):
            self.lang = str(saved)

    def toast(self, message: str, error: bool = False) -> None:
        self.page.show_dialog(
            ft.SnackBar(
                content=ft.Text(message, size=17, color=ft.Colors.ON_ERROR_CONTAINER if error else None),
                bgcolor=ft.Colors.ERROR_CONTAINER if error else None,
                duration=ft.Duration(seconds=6),
            )
        )

    # -- where a screen goes next ----------------------------------------------------------------------
    async def open_new_table(self, game: str | None = None, census: Path | None = None) -> None:
        screen = NewTableScreen(self)
        if game is not None:
            screen.game = game
        if census is not None:
            screen.rattus_panel.selected = census
        await self.go(screen)

    async def open_join(self) -> None:
        await self.go(JoinScreen(self))

    async def open_resume(self) -> None:
        await self.go(ResumeScreen(self))

    async def open_census(self) -> None:
        await self.go(CensusScreen(self))

    async def open_hosted(self, hosted: Hosted) -> None:
        await self.go(HostedScreen(self, hosted))

    async def open_table(self, session: Session, seat: str, owns_session: bool = True,
                         opener: Callable[[str], Awaitable[Session]] | None = None) -> None:
        await self.go(TableScreen(self, session, seat, owns_session=owns_session, opener=opener))

    # -- camera -----------------------------------------------------------------------------------------
    def camera_kind(self) -> str:
        """``camera`` (Flet's camera: phones and browsers), ``webcam`` (desktop window: OpenCV) or ""."""
        if self.page.web or is_mobile(self.page):
            return "camera" if camera.flet_camera_module() is not None else ""
        return "webcam"

    async def capture_scans(self) -> list[camera.Scan] | None:
        """Take a picture (or webcam frames) and read the codes in it; ``None`` when cancelled or failed."""
        return await capture_scans(self.page, self.lang, self.camera_kind(), self.toast)

    def is_local_client(self) -> bool:
        """True for the device running this process (desktop window, or a browser on localhost)."""
        if not self.page.web:
            return True
        ip = self.page.client_ip or ""
        try:
            return ipaddress.ip_address(ip.split("%")[0]).is_loopback
        except ValueError:
            return ip in ("", "localhost")


def make_main(hub: Hub, lang: str = DEFAULT_LANG) -> Callable[[ft.Page], Any]:
    """The Flet entry point: one :class:`Shell` per page, all sharing ``hub``."""

    async def main(page: ft.Page) -> None:
        shell = Shell(page, hub, lang)
        await shell.load_lang()
        await shell.home()

    return main


__all__ = ["Shell", "make_main"]
