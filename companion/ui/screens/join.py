"""Join a table on the LAN: discovered tables or a join code, the PIN, then a seat."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from engine.core.events import TABLE

from ...session import Session
from .. import model
from ..i18n import tr
from ..widgets import big_button, card, heading, ident, pill, vcol
from .base import Screen, err_text, table_title

if TYPE_CHECKING:
    from ..shell import Shell


class JoinScreen(Screen):
    title_key = "join.title"

    def __init__(self, shell: Shell) -> None:
        super().__init__(shell)
        self.code = ft.TextField(text_size=18, height=64, on_submit=self._code_entered)
        self.pin = ft.TextField(password=True, can_reveal_password=True, text_size=20, height=64)
        self.tables: list[Any] = []
        self.target: tuple[str, int, str] | None = None  # host, port, name
        self.browser: Any = None
        self.discovery_error = ""
        self.busy = False
        self._start_browser()

    def _start_browser(self) -> None:
        try:
            from companion.sync.discovery import Browser
        except ImportError as exc:
            self.discovery_error = str(exc)
            return
        try:
            self.browser = Browser(self._tables_changed)
            self.browser.start()
        except Exception as exc:  # noqa: BLE001 - no multicast here: typing the code still works
            self.discovery_error = str(exc)
            self.browser = None

    def _tables_changed(self, *_args: Any) -> None:
        async def refresh() -> None:
            if self.shell.screen is self:
                self.shell.refresh()

        try:
            self.shell.page.run_task(refresh)
        except Exception:  # noqa: BLE001 - the page may be gone already
            pass

    async def leave(self) -> None:
        if self.browser is not None:
            b, self.browser = self.browser, None
            await asyncio.to_thread(b.stop)

    def render(self) -> ft.Control:
        lang = self.lang
        found: list[ft.Control] = [heading(tr("join.found", lang))]
        tables = list(self.browser.tables) if self.browser is not None else []
        listed: list[ft.Control] = []
        if self.discovery_error:
            found.append(ft.Text(tr("join.nodiscovery", lang, err=self.discovery_error), size=15))
        elif not tables:
            listed.append(ft.Row([ft.ProgressRing(width=24, height=24), ft.Text(tr("join.searching", lang), size=16)]))
            listed.append(ft.Text(tr("join.none", lang), size=15))
        for i, t in enumerate(tables):
            def pick(_e: Any, t: Any = t) -> None:
                self.target = (t.host, int(t.port), t.name)
                self.shell.refresh()

            selected = self.target is not None and self.target[:2] == (t.host, int(t.port))
            listed.append(big_button(f"{table_title(t.name, t.game, lang)} ({t.host})", pick, f"table-{i}",
                                     primary=selected, icon=ft.Icons.TABLE_RESTAURANT))
        if not self.discovery_error:
            # a fixed height: tables appearing on the LAN never move the buttons below under a finger
            found.append(ft.ListView(listed, height=230, spacing=8))
        self.code.label = tr("join.code", lang)
        self.pin.label = tr("join.pin", lang)
        form: list[ft.Control] = [ident(self.code, "join-code-field")]
        cam = self.shell.camera_kind()
        if cam:
            form.append(big_button(tr("join.scan", lang), self._scan_code, "join-scan",
                                   icon=ft.Icons.QR_CODE_SCANNER))
        # always there (no layout jump under a finger): which table the seat buttons will join
        form.append(ident(pill(tr("join.selected", lang, name=self.target[2], host=self.target[0], port=self.target[1])
                               if self.target is not None else tr("join.unselected", lang)), "join-target"))
        form.append(ident(self.pin, "pin"))
        form.append(heading(tr("join.seat", lang), 18))
        seats = [TABLE, *[f"p{i}" for i in range(1, 7)]]
        form.append(ft.ResponsiveRow(
            [big_button(model.seat_label(s, lang) if s == TABLE else s, self._join(s), f"join-{s}",
                        primary=(s == TABLE), icon=ft.Icons.TABLE_RESTAURANT if s == TABLE else ft.Icons.PERSON,
                        col={"xs": 12, "md": 4} if s == TABLE else {"xs": 6, "md": 4}) for s in seats],
            spacing=10, run_spacing=10))
        return vcol([card(vcol(found, spacing=10, tight=True)),
                          card(vcol(form, spacing=12, tight=True))], spacing=14)

    async def _scan_code(self, _e: Any = None) -> None:
        scans = await self.shell.capture_scans()
        if scans is None:
            return
        codes_ = [sc.raw for sc in scans if sc.raw.startswith("tk://")]
        if not codes_:
            self.shell.toast(tr("scan.nothing", self.lang), error=True)
            return
        self.code.value = codes_[0]
        self._code_entered()

    def _code_entered(self, _e: Any = None) -> None:
        try:
            host, port, pin, name = self._parse(self.code.value or "")
        except ValueError as exc:
            self.shell.toast(tr("join.bad_code", self.lang, err=exc), error=True)
            return
        self.target = (host, port, name)
        if pin:
            self.pin.value = pin
        self.shell.refresh()

    @staticmethod
    def _parse(code: str) -> tuple[str, int, str, str]:
        try:
            from companion.sync.client import parse_join_code
        except ImportError as exc:
            raise ValueError(str(exc)) from exc
        host, port, pin, name = parse_join_code(code.strip())
        return str(host), int(port), str(pin or ""), str(name or "")

    def _join(self, seat: str) -> Callable[[Any], Any]:
        async def join_(_e: Any) -> None:
            lang = self.lang
            if self.busy:
                return
            if (self.code.value or "").strip() and self.target is None:
                self._code_entered()
                if self.target is None:
                    return
            if self.target is None:
                self.shell.toast(tr("join.none", lang), error=True)
                return
            pin = (self.pin.value or "").strip()
            if not pin:
                self.shell.toast(tr("join.need_pin", lang), error=True)
                return
            try:
                from companion.sync.client import join
            except ImportError as exc:
                self.shell.toast(tr("join.unavailable", lang, err=exc), error=True)
                return
            self.busy = True
            try:
                session = await join(self.target[0], self.target[1], pin, seat)
            except Exception as exc:  # noqa: BLE001 - wrong PIN, unreachable host, unknown seat: say it
                self.shell.toast(tr("join.failed", lang, err=err_text(exc)), error=True)
                return
            finally:
                self.busy = False
            host, port = self.target[0], self.target[1]

            async def opener(other: str) -> Session:
                return await join(host, port, pin, other)

            await self.shell.open_table(session, seat, owns_session=True, opener=opener)

        return join_

