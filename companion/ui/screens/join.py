"""Join a table on the LAN: discovered tables or a join code, the PIN, then a seat."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from engine.core import codes
from engine.core.events import TABLE

from ... import camera
from ...announce import turn_seats
from ...session import Session
from .. import rejoin
from ..camera_dialog import scan_miss
from ..i18n import tr
from ..seat_picker import SeatPicker, provinces_of
from ..shown import not_ours
from ..spawn import spawn
from ..typed import track
from ..viewfinder import Viewfinder
from ..widgets import big_button, card, heading, ident, pill, vcol
from .base import Screen, err_text, table_title

if TYPE_CHECKING:
    from ..navigator import Navigator


class JoinScreen(Screen):
    title_key = "join.title"

    def __init__(self, shell: Navigator) -> None:
        super().__init__(shell)
        self.code = track(ft.TextField(text_size=18, height=64, on_submit=self._code_entered))
        self.pin = track(ft.TextField(password=True, can_reveal_password=True, text_size=20, height=64))
        self.tables: list[Any] = []
        self.target: tuple[str, int, str] | None = None  # host, port, name
        self.busy = False
        self.preview: Session | None = None  # the table opened as its shared tablet, to list its seats
        self.preview_key: tuple[str, int, str] | None = None
        self.here: Any = None  # the previewed table, when this process hosts it (companion.ui.hub.Hosted)
        self.picker = SeatPicker("join")
        self.found_list: ft.ListView | None = None
        self._stop_watching: Any = None
        self.camera = Viewfinder(shell, self._seen, self._describe, key="join")  # the table's QR code
        self._start_browser()

    def _start_browser(self) -> None:
        """Watch the tables on the LAN through the one zeroconf browser every page of this process shares."""
        self._stop_watching = self.shell.hub.watch_discovery(self._tables_changed)

    def _tables_changed(self, *_args: Any) -> None:
        async def refresh() -> None:
            if self.shell.screen is not self:
                return
            if self.found_list is not None and not self.shell.hub.discovery_error:
                # only the list: the fields keep their focus and what is typed
                self.found_list.controls = self._listed()
                try:
                    self.found_list.update()
                    return
                except Exception:  # noqa: BLE001 - not on the page yet: draw the whole screen
                    pass
            self.shell.refresh()

        try:
            spawn(self.shell.page, refresh)
        except Exception:  # noqa: BLE001 - the page may be gone already
            pass

    def _seats_changed(self) -> None:
        if self.shell.screen is not self or self.preview is None:
            # left meanwhile: nothing to redraw (scheduling it on a closed page left a coroutine unawaited)
            return

        async def refresh() -> None:
            if self.shell.screen is self:
                self.shell.refresh()

        try:
            spawn(self.shell.page, refresh)
        except Exception:  # noqa: BLE001 - the page may be gone already
            pass

    async def leave(self) -> None:
        self.camera.close("the screen was left")
        await self._close_preview()
        stop, self._stop_watching = self._stop_watching, None
        if stop is not None:
            stop()

    def _listed(self) -> list[ft.Control]:
        """The tables found on the LAN, as buttons."""
        lang = self.lang
        tables = self.shell.hub.discovered()
        listed: list[ft.Control] = []
        if not tables:
            listed.append(
                ft.Row([ft.ProgressRing(width=24, height=24), ft.Text(tr("join.searching", lang), size=16)])
            )
            listed.append(ft.Text(tr("join.none", lang), size=15))
        for i, t in enumerate(tables):

            def pick(_e: Any, t: Any = t) -> None:
                self.target = (t.host, int(t.port), t.name)
                self.shell.refresh()

            selected = self.target is not None and self.target[:2] == (t.host, int(t.port))
            listed.append(
                big_button(
                    f"{table_title(t.name, t.game, lang)} ({t.host})",
                    pick,
                    f"table-{i}",
                    primary=selected,
                    icon=ft.Icons.TABLE_RESTAURANT,
                )
            )
        return listed

    def render(self) -> ft.Control:
        lang = self.lang
        found: list[ft.Control] = [heading(tr("join.found", lang))]
        self.found_list = None
        if self.shell.hub.discovery_error:  # no multicast here: typing or scanning the code still works
            found.append(ft.Text(tr("join.nodiscovery", lang, err=self.shell.hub.discovery_error), size=15))
        else:
            # a fixed height: tables appearing on the LAN never move the buttons below under a finger; when
            # they change only this list is drawn again, so typing in the fields below is never interrupted
            self.found_list = ft.ListView(self._listed(), height=230, spacing=8)
            found.append(self.found_list)
        self.code.label = tr("join.code", lang)
        self.pin.label = tr("join.pin", lang)
        form: list[ft.Control] = [ident(self.code, "join-code-field")]
        cam = self.camera.button(
            "join-scan", label=tr("join.scan", lang)
        )  # the live viewfinder: the table's QR code joins
        if cam is not None:
            form.append(cam)
        shown = self.camera.control()
        if shown is not None:
            form.append(shown)
        # always there (no layout jump under a finger): which table the seat buttons will join
        form.append(
            ident(
                pill(
                    tr("join.selected", lang, name=self.target[2], host=self.target[0], port=self.target[1])
                    if self.target is not None
                    else tr("join.unselected", lang)
                ),
                "join-target",
            )
        )
        form.append(ident(self.pin, "pin"))
        form.append(self._seats())
        room = self.camera.spacer()  # a browser's camera: its video panel covers the page's bottom
        return vcol(
            [
                card(vcol(found, spacing=10, tight=True)),
                card(vcol(form, spacing=12, tight=True)),
                *([room] if room is not None else []),
            ],
            spacing=14,
        )

    def _describe(self, read: Any) -> tuple[str, str]:
        if read.kind == codes.JOIN:
            return tr("join.title", self.lang), "ok"
        if read.component_id is not None:
            return read.component_id, "idle"
        return not_ours(read.raw, self.lang, read.reason)[1], "bad"

    async def _seen(self, changes: list[Any]) -> None:
        """The camera saw codes: a table's join code (or a host's join address) fills the code and the camera
        closes; anything else is named (:func:`scan_miss`)."""
        said: list[str] = []
        for c in changes:
            if c.kind != "appeared":
                continue
            if c.read.kind == codes.JOIN:
                self.camera.close("a join code was read")
                self.code.value = c.raw.strip()
                self._code_entered()
                self.shell.refresh()
                return
            said.append(scan_miss(camera.scans_of([c.read]), self.lang, want="join"))
        if said:
            self.camera.tell(" · ".join(said))
            self.shell.refresh()

    def _code_entered(self, _e: Any = None) -> None:
        try:
            host, port, pin, name = self._parse(self.code.value or "")
        except ValueError as exc:
            why = str(exc)  # companion.sync.client.parse_join_code's English: said in the user's words
            self.shell.toast(
                tr("join.not_code" if "not a tablekeeper join code" in why else "join.bad_code", self.lang),
                error=True,
            )
            return
        self.target = (host, port, name)
        if pin:
            self.pin.value = pin
            spawn(self.shell.page, self._look)  # the code holds the PIN: list the seats at once
        self.shell.refresh()

    @staticmethod
    def _parse(code: str) -> tuple[str, int, str, str]:
        try:
            from companion.sync.client import parse_join_code
        except ImportError as exc:
            raise ValueError(str(exc)) from exc
        host, port, pin, name = parse_join_code(code.strip())
        return str(host), int(port), str(pin or ""), str(name or "")

    async def _look(self, _e: Any = None) -> None:
        """Open the table as its shared tablet (public) to list every seat it has, with names and
        provinces."""
        lang = self.lang
        if self.busy:
            return
        if (self.code.value or "").strip() and self.target is None:
            self._code_entered()
        if self.target is None:
            self.shell.toast(tr("join.none", lang), error=True)
            return
        pin = (self.pin.value or "").strip()
        if not pin:
            self.shell.toast(tr("join.need_pin", lang), error=True)
            return
        host, port = self.target[0], self.target[1]
        here = self.shell.hub.hosted_at(host, port)
        if here is not None:  # a table this process hosts: its seats through the PIN, no socket to itself
            await self._open_here(here, pin)
            return
        if not self.shell.may_connect(host, port):  # a page that proved nothing: only tables found here
            self.shell.toast(tr("join.refused", lang), error=True)
            return
        try:
            from companion.sync.client import join
        except ImportError as exc:
            self.shell.toast(tr("join.unavailable", lang, err=exc), error=True)
            return
        self.busy = True
        await self._close_preview()
        try:
            self.preview = await join(host, port, pin, TABLE, device_token=self.shell.access.device_token)
            self.preview_key = (host, port, pin)
        except Exception as exc:  # noqa: BLE001 - wrong PIN, unreachable host: say it, keep what was typed
            self._refused(exc)
            return
        finally:
            self.busy = False
        self.preview.on_change(lambda _s: self._seats_changed())  # names and turns change while choosing
        self.shell.refresh()

    async def _open_here(self, hosted: Any, pin: str) -> None:
        """A join code of a table this process hosts: the PIN is proven here (budgeted), then its seats are
        listed through a look at the table on this process (no socket to itself)."""
        access = self.shell.access
        if not access.may_see(hosted):
            self.busy = True
            try:
                found, _why = await access.prove_pin(pin)
            finally:
                self.busy = False
            if hosted not in found:
                self.shell.toast(tr("join.refused", self.lang), error=True)
                return
        await self._close_preview()
        self.here = hosted
        self.preview = hosted.server.local_session(TABLE, device=access.device_token, host=access.admin)
        self.preview.on_change(lambda _s: self._seats_changed())
        self.shell.refresh()

    def _refused(self, exc: Exception) -> None:
        """Why joining failed: in words for the hosting device; for any other page one answer for every
        refusal (wrong PIN, nothing listening, not a table), so that it learns nothing of the network."""
        lang = self.lang
        rule = getattr(exc, "rule", "")
        if self.shell.access.admin or rule in ("seat", "seat-taken", "tablet-approval"):
            self.shell.toast(tr("join.failed", lang, err=err_text(exc, lang)), error=True)
        else:
            self.shell.toast(tr("join.refused", lang), error=True)

    async def _close_preview(self) -> None:
        self.here = None
        preview, self.preview = self.preview, None
        if preview is not None:
            try:
                await preview.close()
            except Exception:  # noqa: BLE001 - closing a look at the seats
                pass

    def _seats(self) -> ft.Control:
        lang = self.lang
        snap = self.preview.snapshot if self.preview is not None else None
        if snap is None:
            return big_button(
                tr("join.look", lang), self._look, "join-look", icon=ft.Icons.GROUPS, primary=True
            )
        return self.picker.render(
            snap.seats,
            provinces_of(snap.view),
            turn_seats(snap.view),
            lang,
            self._pick,
            self.shell.refresh,
            phone=self.shell.phone,
        )

    async def _pick(self, seat: str, province: str, name: str, colour: str) -> None:
        if self.busy or self.preview is None:
            return
        if self.here is not None:  # a table this process hosts: its seat on this process
            hosted = self.here
            if seat != TABLE and (name or colour):
                try:
                    hosted.server.set_seat_name(seat, name or hosted.name_of(seat), colour or None)
                except ValueError as exc:
                    self.shell.toast(tr("join.failed", self.lang, err=exc), error=True)
                    return
            await self._close_preview()
            try:
                await self.shell.open_local(hosted, seat, "", province=province)
            except Exception as exc:  # noqa: BLE001 - a seat taken meanwhile: say it, stay here
                self._refused(exc)
            return
        if self.preview_key is None:
            return
        host, port, pin = self.preview_key
        from companion.sync.client import join

        if seat == TABLE:  # the look at the seats already is the shared tablet's session
            session, self.preview = self.preview, None
        else:
            self.busy = True
            try:
                extra = rejoin.join_extras(
                    join, {"name": name, "device_token": self.shell.access.device_token}
                )
                session = await join(host, port, pin, seat, **extra)
            except Exception as exc:  # noqa: BLE001 - seat taken, host gone: say it, stay here
                self._refused(exc)
                return
            finally:
                self.busy = False
        await self.shell.open_remote(session, host, port, pin, seat, name, province=province)
