"""The app's screens: start, new table, hosted table (join code), join, resume, and the table/seat screen.

One :class:`Shell` per page (per browser tab in web mode, per window otherwise). A screen is an object
with ``render() -> ft.Control`` built from its own state, so that switching the language or receiving
a new :class:`~companion.session.Snapshot` simply renders it again.
"""

from __future__ import annotations

import asyncio
import importlib
import io
import ipaddress
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from engine.core.events import TABLE
from engine.core.game import GAMES

from .. import camera
from ..session import Rejected, Session, Snapshot
from . import model
from .games import board_control, game_title, group_titles, option_specs, turn_seats
from .hub import Hosted, Hub, SyncUnavailable
from .i18n import DEFAULT_LANG, reason_text, tr
from .widgets import PHONE_MAX, big_button, card, heading, ident, pill, sections_control, vcol

log = logging.getLogger("tablekeeper.app")


LANG_PREF = "tablekeeper.lang"
FOLD_AT = 6  # a group of more choices than this starts folded ...
FOLD_SHOW = 4  # ... showing this many


class Screen:
    title_key = "app.title"

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    @property
    def lang(self) -> str:
        return self.shell.lang

    def render(self) -> ft.Control:  # pragma: no cover - every screen overrides it
        raise NotImplementedError

    async def leave(self) -> None:
        """Called when the shell goes to another screen."""


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

    def camera_kind(self) -> str:
        """``camera`` (Flet's camera: phones and browsers), ``webcam`` (desktop window: OpenCV) or ""."""
        if self.page.web or _is_mobile(self.page):
            return "camera" if camera.flet_camera_module() is not None else ""
        return "webcam"

    async def capture_scans(self) -> list[camera.Scan] | None:
        """Take a picture (or webcam frames) and read the codes in it; ``None`` when cancelled or failed."""
        lang = self.lang
        if self.camera_kind() == "webcam":
            try:
                return await asyncio.to_thread(camera.scan_webcam)
            except camera.CameraError as exc:
                self.toast(tr("scan.nocamera", lang, err=exc), error=True)
                return None
        fc = camera.flet_camera_module()
        if fc is None:
            self.toast(tr("scan.nocamera", lang, err="flet-camera"), error=True)
            return None
        cam = fc.Camera(width=320, height=240, preview_enabled=True)
        done: asyncio.Future[list[camera.Scan] | None] = asyncio.get_running_loop().create_future()

        def finish(result: list[camera.Scan] | None) -> None:
            if not done.done():
                done.set_result(result)
            try:
                self.page.pop_dialog()
            except Exception:  # noqa: BLE001 - already closed
                pass

        async def close(_e: Any = None) -> None:
            finish(None)

        async def take(_e: Any = None) -> None:
            try:
                data = await cam.take_picture()
                scans = await asyncio.to_thread(camera.read_image_bytes, bytes(data))
            except Exception as exc:  # noqa: BLE001 - camera refused, no picture: say it, keep the dialog
                self.toast(tr("scan.nocamera", lang, err=_err_text(exc)), error=True)
                return
            finish(scans)

        self.page.show_dialog(ft.AlertDialog(
            title=ft.Text(tr("scan.title", lang)),
            content=cam,
            actions=[big_button(tr("scan.take", lang), take, "scan-take", icon=ft.Icons.PHOTO_CAMERA, primary=True),
                     big_button(tr("scan.close", lang), close, "scan-close")],
            on_dismiss=lambda _e: finish(None),
        ))
        try:
            cams = await cam.get_available_cameras()
            if not cams:
                raise RuntimeError("no camera")
            back = [c for c in cams if str(getattr(c.lens_direction, "value", c.lens_direction)).lower() == "back"]
            await cam.initialize((back or cams)[0], fc.ResolutionPreset.HIGH, enable_audio=False)
        except Exception as exc:  # noqa: BLE001 - no camera, or the browser refused it (needs https or localhost)
            finish(None)
            self.toast(tr("scan.nocamera", lang, err=_err_text(exc)), error=True)
        return await done

    def is_local_client(self) -> bool:
        """True for the device running this process (desktop window, or a browser on localhost)."""
        if not self.page.web:
            return True
        ip = self.page.client_ip or ""
        try:
            return ipaddress.ip_address(ip.split("%")[0]).is_loopback
        except ValueError:
            return ip in ("", "localhost")


# -- start --------------------------------------------------------------------------------------------
class StartScreen(Screen):
    def render(self) -> ft.Control:
        lang = self.lang
        col = {"xs": 12, "md": 6, "lg": 3}

        def tile(key: str, icon: ft.IconData, target: Callable[[], Screen], ident_: str) -> ft.Control:
            async def go(_e: Any) -> None:
                await self.shell.go(target())

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
                    tile("start.new", ft.Icons.ADD, lambda: NewTableScreen(self.shell), "start-new"),
                    tile("start.join", ft.Icons.LOGIN, lambda: JoinScreen(self.shell), "start-join"),
                    tile("start.resume", ft.Icons.HISTORY, lambda: ResumeScreen(self.shell), "start-resume"),
                    tile("census.start", ft.Icons.QR_CODE_SCANNER, lambda: _census_screen(self.shell), "start-census"),
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
                    await self.shell.go(HostedScreen(self.shell, h))

                rows.append(big_button(table_title(h.name, h.game, lang), open_, f"open-{i}",
                                       icon=ft.Icons.TABLE_RESTAURANT))
            items.append(card(vcol(rows, spacing=10, tight=True)))
        return vcol(items, spacing=14)


def _census_screen(shell: Shell) -> Screen:
    from .profile_screens import CensusScreen

    return CensusScreen(shell)


# -- new table ----------------------------------------------------------------------------------------
CONTRACT = ("NAME", "EVENTS", "INTENTS", "setup", "legal", "apply", "fold", "view", "outcome")


def game_availability() -> dict[str, str]:
    """game → "" when its engine imports, else why not."""
    out: dict[str, str] = {}
    for g, path in GAMES.items():
        try:
            mod = importlib.import_module(path)
            missing = [n for n in CONTRACT if not hasattr(mod, n)]
            out[g] = f"{path} lacks {', '.join(missing)}" if missing else ""
        except Exception as exc:  # noqa: BLE001 - any failure makes the game unavailable; say why
            out[g] = f"{type(exc).__name__}: {exc}"
    return out


class NewTableScreen(Screen):
    title_key = "new.title"

    def __init__(self, shell: Shell) -> None:
        super().__init__(shell)
        self.available = game_availability()
        self.game: str | None = next((g for g in ("pandemie", *GAMES) if not self.available.get(g, "x")), None)
        self.name = ft.TextField(value="", text_size=18, height=64)
        self.advanced = ft.TextField(value="", multiline=True, min_lines=1, max_lines=6, text_size=16)
        self.advertise = True
        self.fields: dict[str, ft.Control] = {}
        self.values: dict[str, Any] = {}
        self.choice_values: dict[str, Any] = {}
        self.busy = False
        from .profile_screens import PlagueProfilePanel, RattusProfilePanel

        self.plague_panel = PlagueProfilePanel(shell)  # the 2d6 tables of the box (Plague & Pestilence)
        self.rattus_panel = RattusProfilePanel(shell)  # which census (token faces) a Rattus table uses

    def _set_choice(self, key: str, value: Any) -> Callable[[Any], None]:
        def pick(_e: Any) -> None:
            self._keep_values()
            self.choice_values[key] = value
            self.shell.refresh()

        return pick

    def _yes_no(self, label: str, key: str, identifier: str) -> ft.Control:
        """A yes/no option as two large buttons (``key`` "" is the LAN-visibility switch)."""
        lang = self.lang
        value = self.advertise if not key else bool(self.choice_values.get(key))

        def setter(v: bool) -> Callable[[Any], None]:
            def set_(_e: Any) -> None:
                self._keep_values()
                if key:
                    self.choice_values[key] = v
                else:
                    self.advertise = v
                self.shell.refresh()

            return set_

        col = {"xs": 6, "md": 3}
        return vcol([
            ft.Text(label, size=16, weight=ft.FontWeight.W_600),
            ft.ResponsiveRow([
                big_button(tr("view.yes", lang), setter(True), f"{identifier}-yes", primary=value, col=col),
                big_button(tr("view.no", lang), setter(False), f"{identifier}-no", primary=not value, col=col),
            ], spacing=8, run_spacing=8),
        ], spacing=6)

    def _select(self, game: str) -> Callable[[Any], None]:
        def pick(_e: Any) -> None:
            self._keep_values()
            self.game = game
            self.values = {}
            self.choice_values = {}
            if (self.name.value or "") in {game_title(g, la) for g in GAMES for la in ("fr", "en")}:
                self.name.value = ""  # a default name follows the game; a typed one stays
            self.shell.refresh()

        return pick

    def _keep_values(self) -> None:
        for k, f in self.fields.items():
            self.values[k] = getattr(f, "value", None)

    def render(self) -> ft.Control:
        lang = self.lang
        self._keep_values()
        games: list[ft.Control] = []
        reasons: list[ft.Control] = []
        for g in GAMES:
            why = self.available.get(g, "")
            label = game_title(g, lang) if not why else f"{game_title(g, lang)} — {tr('new.unavailable.short', lang)}"
            games.append(
                big_button(label, self._select(g), f"game-{g}", primary=(g == self.game), disabled=bool(why),
                           col={"xs": 12, "sm": 6})
            )
            if why:
                reasons.append(ft.Text(f"{game_title(g, lang)} : {tr('new.unavailable', lang, why=why)}", size=12,
                                       color=ft.Colors.ON_SURFACE_VARIANT))
        self.name.label = tr("new.name", lang)
        if self.game and (not self.name.value
                          or self.name.value in {game_title(g, la) for g in GAMES for la in ("fr", "en")}):
            self.name.value = game_title(self.game, lang)
        self.advanced.label = tr("new.advanced", lang)
        opts: list[ft.Control] = []
        self.fields = {}
        for spec in option_specs(self.game or ""):
            value = self.values.get(spec.key, spec.default)
            if spec.kind == "bool":  # two big buttons rather than a small switch
                self.choice_values.setdefault(spec.key, bool(spec.default))
                opts.append(self._yes_no(spec.label(lang), spec.key, f"opt-{spec.key}"))
                continue
            if spec.kind == "choice":
                self.choice_values.setdefault(spec.key, spec.default)
                opts.append(ft.Text(spec.label(lang), size=16, weight=ft.FontWeight.W_600))
                opts.append(ft.ResponsiveRow(
                    [big_button(spec.choice_label(c, lang), self._set_choice(spec.key, c), f"opt-{spec.key}-{c}",
                                primary=(str(c) == str(self.choice_values[spec.key])), col={"xs": 12, "sm": 6, "lg": 4})
                     for c in spec.choices], spacing=8, run_spacing=8))
                continue
            else:
                f = ft.TextField(label=spec.label(lang), value=str(value), text_size=18, height=64,
                                 keyboard_type=ft.KeyboardType.NUMBER if spec.kind == "int" else None)
            self.fields[spec.key] = f
            opts.append(ident(f, f"opt-{spec.key}"))
        body = [
            card(vcol([heading(tr("new.game", lang)), ft.ResponsiveRow(games, spacing=10, run_spacing=10), *reasons],
                           spacing=10, tight=True)),
            card(vcol(
                [heading(tr("new.options", lang)), ident(self.name, "table-name"), *opts, *self._profile_panel(),
                 ident(self.advanced, "advanced"),
                 self._yes_no(tr("new.advertise", lang), "", "advertise")], spacing=12, tight=True)),
            big_button(tr("new.create", lang), self.create, "create", icon=ft.Icons.CHECK_CIRCLE, primary=True,
                       height=72),
        ]
        return vcol(body, spacing=14)

    def _profile_panel(self) -> list[ft.Control]:
        if self.game == "plague":
            return [self.plague_panel.render()]
        if self.game == "rattus":
            return [self.rattus_panel.render()]
        return []

    def _profile_option(self, options: dict[str, Any]) -> dict[str, Any] | None:
        """The box profile chosen on the form, merged under the options (the advanced JSON field wins)."""
        if "profile" in options:
            return options
        if self.game == "plague":
            profile = self.plague_panel.selected_profile()
            if profile is None:
                self.shell.toast(tr("pp.need", self.lang), error=True)
                return None
            return {**options, "profile": profile}
        if self.game == "rattus":
            return {**options, **self.rattus_panel.option()}
        return options

    async def create(self, _e: Any = None) -> None:
        lang = self.lang
        if self.busy:
            return
        if not self.game:
            self.shell.toast(tr("new.no_game", lang), error=True)
            return
        self._keep_values()
        try:
            options = model.build_options(option_specs(self.game), {**self.values, **self.choice_values},
                                          self.advanced.value or "")
        except model.OptionError as exc:
            if exc.key == "json":
                self.shell.toast(tr("new.bad_json", lang, err=exc.message), error=True)
            else:
                self.shell.toast(tr("new.bad_option", lang, name=exc.key, err=exc.message), error=True)
            return
        with_profile = self._profile_option(options)
        if with_profile is None:
            return
        options = with_profile
        name = (self.name.value or "").strip() or game_title(self.game, lang)
        self.busy = True
        try:
            hosted = await self.shell.hub.create(self.game, name, options, advertise=self.advertise)
        except SyncUnavailable as exc:
            self.shell.toast(tr("join.unavailable", lang, err=exc), error=True)
            return
        except Exception as exc:  # noqa: BLE001 - a refused option or any setup problem is shown as is
            log.exception("creating a table")
            self.shell.toast(tr("new.failed", lang, err=_err_text(exc)), error=True)
            return
        finally:
            self.busy = False
        await self.shell.go(HostedScreen(self.shell, hosted))


def table_title(name: str, game: str, lang: str) -> str:
    """``name · game``, or just the game when the table is named after it."""
    title = game_title(game, lang)
    return title if name in {"", *(game_title(game, la) for la in ("fr", "en"))} else f"{name} · {title}"


def _err_text(exc: BaseException) -> str:
    msg = getattr(exc, "message", None)
    rule = getattr(exc, "rule", None)
    if msg and rule:
        return f"{rule}: {msg}"
    return str(exc) or type(exc).__name__


def qr_png(text: str, scale: int = 6) -> bytes:
    import segno

    buf = io.BytesIO()
    segno.make(text, error="m").save(buf, kind="png", scale=scale, border=2)
    return buf.getvalue()


# -- a table this process hosts: show how to join, pick this device's seat ---------------------------
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
            await self.shell.go(TableScreen(self.shell, session, seat, opener=opener))

        return open_


# -- join ---------------------------------------------------------------------------------------------
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
                self.shell.toast(tr("join.failed", lang, err=_err_text(exc)), error=True)
                return
            finally:
                self.busy = False
            host, port = self.target[0], self.target[1]

            async def opener(other: str) -> Session:
                return await join(host, port, pin, other)

            await self.shell.go(TableScreen(self.shell, session, seat, owns_session=True, opener=opener))

        return join_


# -- resume -------------------------------------------------------------------------------------------
class ResumeScreen(Screen):
    title_key = "resume.title"

    def render(self) -> ft.Control:
        lang = self.lang
        d = self.shell.hub.data_dir
        saved = model.saved_tables(d)
        rows: list[ft.Control] = [ft.Text(tr("resume.dir", lang, dir=d), size=14)]
        if not saved:
            rows.append(ft.Text(tr("resume.none", lang, dir=d), size=17))
        for i, s in enumerate(saved):
            if s.error:
                rows.append(card(vcol([heading(s.name, 17), ft.Text(tr("resume.damaged", lang, err=s.error))],
                                           tight=True), bgcolor=ft.Colors.ERROR_CONTAINER))
                continue

            async def open_(_e: Any, s: model.SavedTable = s) -> None:
                try:
                    hosted = await self.shell.hub.resume(s.path)
                except SyncUnavailable as exc:
                    self.shell.toast(tr("join.unavailable", lang, err=exc), error=True)
                    return
                except Exception as exc:  # noqa: BLE001 - a damaged save or a port in use: say so
                    log.exception("resuming %s", s.path)
                    self.shell.toast(tr("resume.failed", lang, err=_err_text(exc)), error=True)
                    return
                await self.shell.go(HostedScreen(self.shell, hosted))

            rows.append(vcol([
                big_button(s.name, open_, f"saved-{i}", icon=ft.Icons.HISTORY),
                ft.Text(tr("resume.line", lang, game=game_title(s.game, lang), events=s.events, when=s.when()), size=14),
            ], spacing=4, tight=True))
        return card(vcol(rows, spacing=12, tight=True))


# -- the table / seat screen --------------------------------------------------------------------------
class TableScreen(Screen):
    """The shared tablet (seat ``table``) or a player's own phone (their private view first)."""

    def __init__(self, shell: Shell, session: Session, seat: str, owns_session: bool = True,
                 opener: Callable[[str], Awaitable[Session]] | None = None) -> None:
        super().__init__(shell)
        self.session = session
        # "play here in turn" on a shared tablet: the seat whose turn it is acts through this screen
        self.opener = opener
        self.follow = False
        self.actor: Session | None = None
        self.actor_seat: str | None = None
        self.wanted_seat: str | None = None
        self._actor_lock = asyncio.Lock()
        self.seat = seat
        self.owns_session = owns_session
        self.busy = False
        self.closed_error = ""
        self.pending: list[dict[str, Any]] = []  # intents matching the last scan, when several do
        self.expanded: set[str] = set()  # long choice groups the user unfolded
        self.scan = ft.TextField(text_size=18, height=64, on_submit=self._entered, expand=True,
                                 capitalization=ft.TextCapitalization.CHARACTERS)
        self.camera_dialog: ft.AlertDialog | None = None
        self.online = True
        session.on_change(self._changed)
        on_status = getattr(session, "on_status", None)  # a joined device: show when the link drops
        if callable(on_status):
            on_status(self._status)

    def _status(self, up: bool) -> None:
        self.online = up
        if up:
            self.closed_error = ""
        self._changed(None)  # type: ignore[arg-type]

    @property
    def title_key(self) -> str:  # type: ignore[override]
        return "app.title"

    def _changed(self, _snap: Snapshot) -> None:
        async def refresh() -> None:
            if self.shell.screen is not self:
                return
            if self.follow:
                await self._sync_actor()
            self.shell.refresh()

        try:
            self.shell.page.run_task(refresh)
        except Exception:  # noqa: BLE001 - page closed: nothing to draw on
            pass

    async def leave(self) -> None:
        await self._drop_actor()
        if self.owns_session:
            await self.session.close()

    # -- playing in turn on the shared tablet -------------------------------------------------------------
    @property
    def acting(self) -> Session:
        """The session actions go through: the current player's in follow mode, else this screen's."""
        return self.actor if self.follow and self.actor is not None else self.session

    async def _drop_actor(self) -> None:
        actor, self.actor, self.actor_seat = self.actor, None, None
        if actor is not None:
            try:
                await actor.close()
            except Exception:  # noqa: BLE001 - closing a finished seat session
                log.exception("closing the acting seat")

    async def _sync_actor(self) -> None:
        """Follow the turn: act as the seat whose turn it is (the one picked, when several are)."""
        async with self._actor_lock:  # two snapshots in a row must not open two seats
            await self._sync_actor_locked()

    async def _sync_actor_locked(self) -> None:
        snap = self.session.snapshot
        if snap is None or self.opener is None or not self.follow:
            return
        seats = turn_seats(snap.game, snap.view)
        want = self.wanted_seat if self.wanted_seat in seats else (seats[0] if seats else None)
        if want == self.actor_seat:
            return
        await self._drop_actor()
        if want is None:
            return
        try:
            actor = await self.opener(want)
        except Exception as exc:  # noqa: BLE001 - the seat could not be opened: say it, stay on the board
            self.shell.toast(tr("join.failed", self.lang, err=_err_text(exc)), error=True)
            return
        self.actor, self.actor_seat = actor, want
        actor.on_change(self._changed)

    async def _toggle_follow(self, _e: Any = None) -> None:
        self.follow = not self.follow
        self.pending = []
        if self.follow:
            await self._sync_actor()
        else:
            await self._drop_actor()
        self.shell.refresh()

    def _pick_actor(self, seat: str) -> Callable[[Any], Any]:
        async def pick(_e: Any) -> None:
            self.wanted_seat = seat
            await self._sync_actor()
            self.shell.refresh()

        return pick

    # -- rendering --------------------------------------------------------------------------------------
    def render(self) -> ft.Control:
        lang = self.lang
        snap = self.session.snapshot
        if snap is None:
            return card(ft.Row([ft.ProgressRing(), ft.Text(tr("table.connecting", lang), size=18)]))
        is_table = self.seat == TABLE
        head = self._header(snap)
        board = card(
            vcol([heading(tr("table.board" if is_table else "table.private", lang)),
                       board_control(snap.game, snap.view, lang, snap.seat)], spacing=10, tight=True),
            identifier="board",
        )
        actions, log_ = self._actions(snap), self._log(snap)
        if self.shell.phone:  # one column: the table shows its board first, a player what to do then their hand
            order = [board, actions, log_] if is_table else [actions, board, log_]
            return vcol([head, *order], spacing=12)
        side = vcol([actions, log_], spacing=12, tight=True)
        board.col = {"xs": 12, "md": 7}
        side.col = {"xs": 12, "md": 5}
        row = ft.ResponsiveRow([board, side] if is_table else [side, board], spacing=12, run_spacing=12)
        return vcol([head, row], spacing=12)

    def _header(self, snap: Snapshot) -> ft.Control:
        lang = self.lang
        line = table_title(snap.table_name, snap.game, lang)
        parts: list[ft.Control] = [
            ft.Text(line, size=20, weight=ft.FontWeight.BOLD),
            ft.Text(tr("table.seat", lang, seat=model.seat_label(snap.seat, lang)) + " · "
                    + tr("table.seq", lang, seq=snap.seq), size=14),
        ]
        who = ", ".join(turn_seats(snap.game, snap.view))
        if snap.outcome is not None:
            parts.append(card(vcol([ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=30), heading(tr("table.over", lang))]),
                                         sections_control(model.sections(snap.outcome, lang))], tight=True),
                              identifier="outcome", bgcolor=ft.Colors.TERTIARY_CONTAINER))
        elif snap.choices and self.seat != TABLE and (not who or self.seat in who.split(", ")):
            parts.append(pill(tr("table.your_move", lang), ft.Colors.GREEN_100))
        elif snap.choices and self.seat != TABLE:
            parts.append(pill(tr("table.can_act", lang, who=who), ft.Colors.AMBER_100))
        elif who:
            parts.append(pill(tr("table.turn", lang, who=who), ft.Colors.AMBER_100))
        if self.follow and self.actor_seat:
            parts.append(ident(pill(tr("table.follow.now", lang, seat=self.actor_seat), ft.Colors.GREEN_100),
                               "follow-now"))
        parts += self._audit(snap)  # the end-of-game shuffle audit, right under the result
        if not self.online:
            parts.append(pill(tr("table.offline", lang), ft.Colors.ERROR_CONTAINER))
        elif self.closed_error:
            parts.append(pill(tr("table.closed", lang, err=self.closed_error), ft.Colors.ERROR_CONTAINER))
        return vcol(parts, spacing=6, tight=True)

    def _actions(self, table_snap: Snapshot) -> ft.Control:
        lang = self.lang
        parts: list[ft.Control] = [heading(tr("table.todo", lang))]
        if self.opener is not None and self.seat == TABLE:
            parts.append(big_button(tr("table.follow.off" if self.follow else "table.follow.on", lang),
                                    self._toggle_follow, "follow", icon=ft.Icons.GROUP, tone="tonal"))
            seats = turn_seats(table_snap.game, table_snap.view)
            if self.follow and len(seats) > 1:
                parts.append(ft.ResponsiveRow(
                    [big_button(s, self._pick_actor(s), f"act-{s}", primary=(s == self.actor_seat), col={"xs": 6, "md": 3})
                     for s in seats], spacing=8, run_spacing=8))
        snap = self.acting.snapshot or table_snap
        pending = [i for i, c in enumerate(snap.choices) if c.intent in self.pending]
        if pending:  # the scanned component fits several actions: those first, highlighted
            col = {"xs": 12, "sm": 6, "md": 12, "lg": 6}
            parts.append(ft.Text(tr("scan.many", lang, cid=self.scan.value or ""), size=16, weight=ft.FontWeight.W_600))
            parts.append(ft.ResponsiveRow(
                [big_button(model.choice_label(snap.choices[i], lang), self._choose(snap.choices[i].intent),
                            f"match-{n}", primary=True, col=col) for n, i in enumerate(pending)]
                + [big_button(tr("scan.cancel", lang), self._cancel_pending, "match-cancel", icon=ft.Icons.CLOSE,
                              col=col)],
                spacing=8, run_spacing=8))
        groups = model.group_choices(snap.choices, lang, group_titles(snap.game))
        if not groups:
            waiting = "table.waiting.table" if self.seat == TABLE and not self.follow else "table.waiting"
            parts.append(ft.Text(tr(waiting, lang), size=16))
        for g in groups:
            items = g.items
            folded = len(items) > FOLD_AT and g.kind not in self.expanded
            parts.append(ft.Text(f"{g.title} ({len(items)})" if len(items) > 1 else g.title, size=16,
                                 weight=ft.FontWeight.W_600))
            row = [big_button(label, self._choose(snap.choices[i].intent), f"choice-{i}",
                              col={"xs": 12, "sm": 6, "md": 12, "lg": 6}) for i, label in (items[:FOLD_SHOW] if folded else items)]
            if folded:
                row.append(big_button(tr("table.more", lang, n=len(items) - FOLD_SHOW), self._expand(g.kind),
                                      f"more-{g.kind}", icon=ft.Icons.EXPAND_MORE, tone="tonal",
                                      col={"xs": 12, "sm": 6, "md": 12, "lg": 6}))
            parts.append(ft.ResponsiveRow(row, spacing=8, run_spacing=8))
        if snap.can_undo:
            parts.append(big_button(tr("table.undo", lang), self._undo, "undo", icon=ft.Icons.UNDO, tone="tonal"))
        parts.append(self._scanner(snap))
        return card(vcol(parts, spacing=10, tight=True), identifier="actions")

    def _scanner(self, snap: Snapshot) -> ft.Control:
        lang = self.lang
        self.scan.label = tr("scan.field", lang)
        buttons: list[ft.Control] = [
            big_button(tr("scan.enter", lang), self._entered, "scan-enter", icon=ft.Icons.KEYBOARD_RETURN,
                       col={"xs": 6})
        ]
        cam = self.shell.camera_kind()
        if cam:
            buttons.append(big_button(tr(f"scan.{cam}", lang), self._scan_camera, "scan-photo",
                                      icon=ft.Icons.PHOTO_CAMERA if cam == "camera" else ft.Icons.VIDEOCAM,
                                      col={"xs": 6}))
        return vcol([
            ft.Text(tr("scan.title", lang), size=16, weight=ft.FontWeight.W_600),
            ident(self.scan, "scan-field"),
            ft.ResponsiveRow(buttons, spacing=8, run_spacing=8),
        ], spacing=8, tight=True)

    def _log(self, snap: Snapshot) -> ft.Control:
        lang = self.lang
        lines = model.log_lines(snap.log, lang, limit=12 if self.shell.phone else 25)
        items: list[ft.Control] = [heading(tr("table.log", lang))]
        if not lines:
            items.append(ft.Text(tr("table.log.empty", lang), size=15))
        for seq, text in lines:
            items.append(ft.Row([ft.Text(f"{seq}", size=13, color=ft.Colors.ON_SURFACE_VARIANT, width=36),
                                 ft.Text(text, size=16, expand=True)],
                                vertical_alignment=ft.CrossAxisAlignment.START))
        return card(vcol(items, spacing=6, tight=True), identifier="log")

    def _audit(self, snap: Snapshot) -> list[ft.Control]:
        ok, lines = model.audit_summary(snap.audit, self.lang)
        if ok is None:
            return []
        return [card(vcol([ft.Row([ft.Icon(ft.Icons.VERIFIED if ok else ft.Icons.WARNING, size=28),
                                        heading(tr("table.audit", self.lang))]),
                                *[ft.Text(x, size=15) for x in lines]], spacing=6, tight=True),
                     identifier="audit", bgcolor=ft.Colors.GREEN_100 if ok else ft.Colors.ERROR_CONTAINER)]

    # -- acting ---------------------------------------------------------------------------------------
    def _cancel_pending(self, _e: Any = None) -> None:
        self.pending = []
        self.shell.refresh()

    def _expand(self, kind: str) -> Callable[[Any], None]:
        def expand(_e: Any) -> None:
            self.expanded.add(kind)
            self.shell.refresh()

        return expand

    def _choose(self, intent: dict[str, Any]) -> Callable[[Any], Any]:
        """The button sends the intent it showed, and only while it is still legal: when another device
        acted in between, the buttons moved and a stale tap is refused instead of playing something else."""

        async def choose(_e: Any) -> None:
            snap = self.acting.snapshot
            if snap is None or all(c.intent != intent for c in snap.choices):
                self.shell.toast(tr("table.stale", self.lang), error=True)
                self.shell.refresh()
                return
            await self._send(intent)

        return choose

    async def _send(self, intent: dict[str, Any]) -> None:
        if self.busy:
            return
        self.busy = True
        try:
            await self.acting.send(intent)
            self.pending = []
            self.scan.value = ""
        except Rejected as exc:
            self.shell.toast(tr("table.rejected", self.lang, rule=exc.rule, message=exc.message), error=True)
        except Exception as exc:  # noqa: BLE001 - a lost connection: show it, keep the screen
            log.exception("send")
            self.closed_error = _err_text(exc)
            self.shell.toast(tr("table.error", self.lang, err=_err_text(exc)), error=True)
        finally:
            self.busy = False
        self.shell.refresh()

    async def _undo(self, _e: Any = None) -> None:
        try:
            await self.acting.undo()
        except Rejected as exc:
            self.shell.toast(tr("table.rejected", self.lang, rule=exc.rule, message=exc.message), error=True)
            return
        except Exception as exc:  # noqa: BLE001
            self.shell.toast(tr("table.error", self.lang, err=_err_text(exc)), error=True)
            return
        self.shell.toast(tr("table.undone", self.lang))
        self.shell.refresh()

    async def _entered(self, _e: Any = None) -> None:
        text = self.scan.value or ""
        if not text.strip():
            self.shell.toast(tr("scan.empty", self.lang), error=True)
            return
        await self.use_code(text)

    async def use_code(self, text: str) -> None:
        """A typed or scanned code: send the one legal choice naming it, or offer the several that do."""
        lang = self.lang
        parsed = model.parse_entry(text)
        if parsed.component_id is None:
            self.shell.toast(tr("scan.foreign", lang, reason=reason_text(parsed.reason, lang), raw=parsed.raw),
                             error=True)
            return
        cid = parsed.component_id
        self.scan.value = cid
        snap = self.acting.snapshot
        matches, exact = model.match_choices(snap.choices if snap else [], cid)
        if not matches:
            self.pending = []
            self.shell.toast(tr("scan.nomatch", lang, cid=cid), error=True)
            self.shell.refresh()
        elif len(matches) == 1 and exact and snap is not None:  # the one action naming it: play it
            await self._send(snap.choices[matches[0]].intent)
        else:
            self.pending = [snap.choices[i].intent for i in matches] if snap is not None else []
            self.shell.refresh()

    async def _use_scans(self, scans: list[camera.Scan]) -> None:
        ours = [s for s in scans if s.component_id]
        if ours:
            await self.use_code(ours[0].component_id or "")
        elif scans:
            s = scans[0]
            self.shell.toast(tr("scan.foreign", self.lang, reason=reason_text(s.reason, self.lang), raw=s.raw),
                             error=True)
        else:
            self.shell.toast(tr("scan.nothing", self.lang), error=True)

    async def _scan_camera(self, _e: Any = None) -> None:
        scans = await self.shell.capture_scans()
        if scans is not None:
            await self._use_scans(scans)


def _is_mobile(page: ft.Page) -> bool:
    return page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)


def make_main(hub: Hub, lang: str = DEFAULT_LANG) -> Callable[[ft.Page], Any]:
    """The Flet entry point: one :class:`Shell` per page, all sharing ``hub``."""

    async def main(page: ft.Page) -> None:
        shell = Shell(page, hub, lang)
        await shell.load_lang()
        await shell.home()

    return main


__all__ = ["Shell", "make_main", "TableScreen"]
