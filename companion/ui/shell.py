"""The shell: one per page (browser tab or window). It only navigates between screens, keeps the
page's language, shows toasts and opens the camera; the screens live in :mod:`companion.ui.screens` and the
games' parts in one folder per game (:mod:`companion.ui.pandemie`, …).

A screen is an object with ``render() -> ft.Control`` built from its own state, so that switching the
language or receiving a new :class:`~companion.session.Snapshot` simply renders it again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Mapping
from pathlib import Path
from typing import Any

import flet as ft

from .. import camera
from ..runtime import configure, construct, idle_gc, one_patch, taps
from ..runtime.graft import graft_touched, live
from ..runtime.transport import written
from ..session import Rejected, Session
from ..sync.protocol import device_id
from . import model, places, prefs, rejoin, theme
from .access import Access
from .alerts import Alerts
from .camera_dialog import is_mobile
from .games import game_ui
from .hub import Hosted, Hub
from .i18n import DEFAULT_LANG, tr
from .memo import Store, rendering
from .screens.base import Screen, err_text
from .screens.census import CensusScreen
from .screens.hosted import HostedScreen
from .screens.join import JoinScreen
from .screens.new_table import NewTableScreen
from .screens.overview import OverviewScreen
from .screens.resume import ResumeScreen
from .screens.start import StartScreen
from .screens.table import TableScreen
from .spawn import bind as bind_loop
from .spawn import spawn
from .widgets import PHONE_MAX, card, ident

log = logging.getLogger("tablekeeper.app")

LANG_PREF = "tablekeeper.lang"
# A page whose browser went away (a reload, a Wi-Fi drop, a phone locked) comes back to the same Flet session
# without running the app again: its screen and its table session stay alive this long for it (seconds).
AWAY_GRACE_S = float(os.environ.get("TABLEKEEPER_AWAY_GRACE", "300"))


_DRAWING: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = weakref.WeakKeyDictionary()


@contextlib.asynccontextmanager
async def _one_page_at_a_time() -> AsyncIterator[None]:
    """The pages of one app (one event loop) drawn one at a time, in the order they asked."""
    loop = asyncio.get_running_loop()
    lock = _DRAWING.get(loop)
    if lock is None:
        lock = _DRAWING[loop] = asyncio.Lock()
    async with lock:
        yield


class Shell:
    """The page's :class:`~companion.ui.navigator.Navigator`: the screens ask it, it opens them."""

    def __init__(self, page: ft.Page, hub: Hub, lang: str = DEFAULT_LANG) -> None:
        self.page = page
        self.hub = hub
        self.lang = lang
        self.screen: Screen | None = None
        self._drawn: Screen | None = None  # the screen whose controls are on the page
        self._memo = Store()  # controls this page keeps between renders (see companion.ui.memo)
        self._bar_key: tuple[Any, ...] = ()  # what the app bar on the page says (see refresh)
        self.record: rejoin.Record | None = None  # where this device sits (remembered on the device)
        self.access = Access(hub)  # who this page is: decided on the server (see companion.ui.access)
        # a browser's id for the places the server remembers (companion.ui.places); none for a window
        token = self.access.device_token if hub.served else None
        self._device = device_id(token) if token else ""
        page.title = tr("app.title", lang)
        self._apply_locale()
        theme.apply(page)  # dark or light as the system says, until the device's own choice is loaded
        self.alerts = Alerts(page, lambda: self.lang)  # announcements and error messages: a banner on top
        self.alerts.on_seen = self._seen  # the news seen, remembered with the seat (shown again if not)
        # the page: the banner's place on top (it stays in view and pushes the screen down), the hidden cue
        # the page's own script plays sounds from (companion.cue), and the screen, which scrolls below them
        self.scroller = ft.Column(scroll=ft.ScrollMode.AUTO, expand=True)
        # whether a table is on the page, for its script: a phone's screen stays awake during play
        # (companion.link)
        self.play_mark = ft.Text("", visible=False)
        # the command the page's script opens and closes the browser's camera by (companion.ui.viewfinder)
        self.camera_command = ft.Text("", visible=False)
        page.controls = [
            self.alerts.slot,
            self.alerts.cue,
            self.play_mark,
            self.camera_command,
            self.scroller,
        ]
        page.horizontal_alignment = ft.CrossAxisAlignment.STRETCH  # (the screen's part spans the page)
        page.spacing = 0
        page.padding = ft.Padding.all(12)
        page.on_resize = lambda e: self.refresh()
        self._away: asyncio.Task[None] | None = None
        # the browser's tab in the background, a phone's screen off: the page is not drawn meanwhile (the
        # browser draws nothing then), and drawn once, as it is now, when it shows again; "top" when a new
        # screen opened meanwhile (it opens at its top)
        self._hidden = False
        self._behind: str | None = None
        page.on_disconnect = self._disconnected
        page.on_connect = self._reconnected
        page.on_close = self._closed
        page.on_app_lifecycle_state_change = self._lifecycle

    async def _disconnected(self, _e: Any = None) -> None:
        """The browser went away: a reload or a dropped link comes back to this very session (Flet sends it
        the page as it is then), so the screen stays live a while; a tab closed for good is let go after
        AWAY_GRACE_S (or when Flet ends the session)."""
        if self._away is not None:
            self._away.cancel()
        await self._presence(False)

        async def let_go() -> None:
            await asyncio.sleep(AWAY_GRACE_S)
            self._away = None
            await self._leave_current()
            if self.record is not None:  # what the page will show if it comes back: not a stale, dead screen
                self._show_coming_back(self.record)

        self._away = asyncio.create_task(let_go())

    async def _lifecycle(self, e: ft.AppLifecycleStateChangeEvent) -> None:
        """The page hidden (its tab in the background, the phone's screen off: Flet's ``hide`` or ``pause``,
        as :attr:`flet.Page.app_visible`) or shown again: drawn then if anything changed meanwhile."""
        self._hidden = e.state in (ft.AppLifecycleState.HIDE, ft.AppLifecycleState.PAUSE)
        behind = self._behind
        if not self._hidden and behind is not None:
            self._behind = None
            self.refresh(top=behind == "top")

    async def _reconnected(self, _e: Any = None) -> None:
        """The browser came back to this session: the screen as it is, or (away longer than the grace time:
        the screen was let go) back to the remembered seat, as a new page would. A page that connects again
        is taken as shown (its next hiding says otherwise)."""
        self._hidden, top, self._behind = False, self._behind == "top", None
        if self._away is not None:
            self._away.cancel()
            self._away = None
        if self.screen is not None:
            await self._presence(True)
            self.refresh(top=top)
        else:
            await self.start()

    async def _presence(self, here: bool) -> None:
        try:
            if self.screen is not None:
                await self.screen.presence(here)
        except Exception:
            log.debug("could not tell the host where this page is", exc_info=True)

    async def _closed(self, _e: Any = None) -> None:
        if self._away is not None:
            self._away.cancel()
            self._away = None
        await self._leave_current()

    # -- navigation -----------------------------------------------------------------------------------
    @property
    def phone(self) -> bool:
        w = self.page.width
        return bool(w) and w < PHONE_MAX  # type: ignore[operator]

    async def go(self, screen: Screen) -> None:
        await self._leave_current()
        self.screen = screen
        self.play_mark.value = "tk-play:on" if isinstance(screen, TableScreen) else "tk-play:off"
        self.refresh(top=True)

    async def _leave_current(self) -> None:
        old, self.screen = self.screen, None
        if old is not None:
            try:
                await old.leave()
            except Exception:
                log.exception("leaving %s", type(old).__name__)

    async def home(self, _e: Any = None) -> None:
        """The start screen, by the user's choice: this device no longer goes back to its seat by itself,
        and gives its seat up (another device may open it; the seats a hot-seat tablet opened stay its)."""
        if self.record is not None:
            self.record = None
            await self._save_place(None)
        session = getattr(self.screen, "session", None)
        if getattr(self.screen, "seat", "table") != "table" and callable(getattr(session, "release", None)):
            try:
                await session.release()  # type: ignore[union-attr]
            except Exception as exc:  # noqa: BLE001 - leaving must never block navigation
                log.info("could not release the seat: %s", exc)
        await self.go(StartScreen(self))

    async def start(self) -> None:
        """A new page (a reload, a restarted host): back to where this device was — its seat, or the hosted
        table's screen — else the start screen. A browser's place, language and theme are remembered by the
        server (:mod:`companion.ui.places`): nothing is asked of a page that has just come back, with every
        other page of the table, before it is back on its seat."""
        mem = self.hub.places.get(self._device) if self._device else {}
        if mem.get("lang") in ("fr", "en"):
            self.lang = str(mem["lang"])
            self._apply_locale()
        else:
            await self.load_lang()
        if mem.get("theme") in theme.MODES:
            theme.apply(self.page, str(mem["theme"]))
        else:
            mode = await theme.load(self.page)
            if self._device:  # known from now on without asking the page
                self.hub.places.update(self._device, lang=self.lang, theme=mode)
        rec = places.valid_place(mem.get("place")) and dict(mem["place"]) or await rejoin.load(self.page)
        if rec is not None:  # a page coming back (a reload, a restarted host)
            try:
                if await self._rejoin(rec):
                    return
            except Exception as exc:  # noqa: BLE001 - the table is gone, the PIN changed: say it, go home
                log.warning("going back to %s failed: %s", rec.get("seat") or rec.get("kind"), exc)
                self.toast(tr("rejoin.failed", self.lang, err=err_text(exc, self.lang)), error=True)
        await self.go(StartScreen(self))

    async def _rejoin(self, rec: rejoin.Record) -> bool:
        if rec["kind"] == "hosted":  # the leader's page: back on its hosted table's screen
            hosted = await self._hosted(str(rec.get("path") or ""))
            if hosted is None or not self.access.may_see(hosted):
                return False
            await self.open_hosted(hosted)
            return True
        seat = str(rec["seat"])
        seen = rec.get("seen")  # the news seen before: what came after is shown again
        place: dict[str, Any] = {
            "province": str(rec.get("province") or ""),
            "follow": bool(rec.get("follow")),
            "seen": seen if isinstance(seen, int) and not isinstance(seen, bool) else None,
        }
        if rec["kind"] == "local" and rec.get("hold") is False:
            place["hold"] = False  # playing for a seat without holding it (its device was away)
        if rec["kind"] == "local":
            hosted = await self._hosted(str(rec.get("path") or ""))
            if hosted is None:
                return False
            if not self.access.may_see(hosted):
                found, _why = await self.access.prove_pin(str(rec.get("pin") or ""))
                if hosted not in found:
                    return False  # the record is not trusted by itself: the PIN is proven again
            await self.open_local(hosted, seat, str(rec.get("pin") or ""), **place)
            return True
        from companion.sync.client import join

        host, port, pin = str(rec["host"]), int(rec["port"]), str(rec.get("pin") or "")
        if not self.may_connect(host, port):
            return False  # a browser's record never makes this process connect where it was not found
        extra = rejoin.join_extras(join, rec)
        self._show_coming_back(rec)  # while the host comes back (a restart)
        session = await rejoin.join_again(join, host, port, pin, seat, extra)
        await self.open_remote(session, host, port, pin, seat, str(rec.get("name") or ""), **place)
        return True

    async def _hosted(self, path: str) -> Hosted | None:
        """The table this process hosts at ``path``: the hosting device may host it again; a browser's
        record names no file to open, only a table hosted right now."""
        if not path:
            return None
        if self.access.admin:
            return await self.hub.resume(path)
        return next((h for h in self.hub.tables() if str(h.path) == path), None)

    def _show_coming_back(self, rec: rejoin.Record) -> None:
        """The page says it is going back to its seat (and shows nothing stale meanwhile)."""
        seat = str(rec.get("seat") or "")
        self._drawn = None
        self.scroller.controls = [
            card(
                ft.Row(
                    [
                        ft.ProgressRing(),
                        ft.Text(
                            tr(
                                "rejoin.trying",
                                self.lang,
                                seat=str(rec.get("name") or model.say(seat, self.lang)),
                            ),
                            size=18,
                        ),
                    ],
                    wrap=True,
                )
            )
        ]
        self.page.update()

    def _seen(self, seq: int) -> None:
        """The news up to event ``seq`` was seen on this device: remembered with its seat, so that a page
        coming back as a new one (a host restart) shows again only what was not."""
        if self.record is not None and self.record.get("seen") != seq:
            try:
                spawn(self.page, self.remember, seen=seq)
            except Exception:  # noqa: BLE001 - the page is gone
                pass

    async def remember(self, **changes: Any) -> None:
        """Update where this device sits (a province tablet's province, playing in turn on it)."""
        if self.record is not None:
            self.record.update(changes)
            await self._save_place(self.record)

    async def _save_place(self, rec: rejoin.Record | None) -> None:
        """Where this device is now: kept by the server for a browser (a table this process hosts, or its
        screen), and on the device itself."""
        if self._device and (rec is None or rec.get("kind") in ("local", "hosted")):
            self.hub.places.update(
                self._device, place={k: v for k, v in rec.items() if k != "pin"} if rec else None
            )
        await rejoin.save(self.page, rec)

    async def redraw(self, screen: Screen) -> None:
        """Draw ``screen`` again for an update that came from elsewhere (another device's action), if it is
        still the one shown. The app's pages are drawn one at a time, in the order the update reached them
        (the page whose user acted first: the host tells it first), and each page's update is written to
        its browser before the next page is drawn: Flet's sender gets the loop between two renders, so no
        device waits for the others' renders to get its own update."""
        async with _one_page_at_a_time():
            if self.screen is screen:
                self.refresh()
                await written(self.page)

    async def news(self, screen: Screen) -> None:
        """Send only the news an update brought (the banner, its sound) while ``screen`` is shown and nothing
        else it shows changed (an announcement about another province): the screen is not drawn again."""
        if not self.alerts.pending():
            return
        async with _one_page_at_a_time():
            if self.screen is not screen or self._away is not None or not self.alerts.pending():
                return  # (a page away gets its news when it comes back, with the whole page)
            one_patch.update(self.page, self.alerts.owed())
            self.alerts.sent()
            await written(self.page)

    async def retitle(self, screen: Screen, texts: Mapping[str, str], gone: Collection[str] = ()) -> bool:
        """Write ``texts`` into the texts ``screen``'s last render marked with their names
        (:func:`companion.ui.memo.mark`: a folded province's title), hide the controls it marked with the
        names in ``gone`` (an undo no longer offered), and send them, with any news, without drawing the
        screen again. False when one of them is not on the page (the caller draws it whole), or the page is
        away or hidden (drawn whole when it comes back)."""
        async with _one_page_at_a_time():
            if self.screen is not screen:
                return True  # another screen: nothing of this one to write
            if self._away is not None or self._hidden:
                return False
            found: dict[str, Any] = {}  # every one looked up before any is changed: all or none
            for name in [*texts, *gone]:
                marked = self._memo.marks.get(name)
                control = live(marked) if marked is not None else None
                if control is None or one_patch.path_to(self.page, control) is None:
                    return False
                found[name] = control
            changed: list[Any] = []
            for name, text in texts.items():
                if found[name].value != text:
                    found[name].value = text
                    changed.append(found[name])
            for name in gone:
                if found[name].visible is not False:
                    found[name].visible = False
                    changed.append(found[name])
            changed += self.alerts.owed()
            if changed:  # (none: Flet's page.update() would diff the whole page)
                one_patch.update(self.page, changed)
            self.alerts.sent()
            await written(self.page)
            return True

    def refresh(self, top: bool = False) -> None:
        screen = self.screen
        if screen is None:
            return
        if self._away is not None:  # no browser shows this page now: drawn when it comes back (_reconnected)
            return  # (a page reloaded into a new session, a phone locked: it no longer costs every update)
        if self._hidden:  # the page is hidden: drawn when it shows again (_lifecycle); its news goes now
            self._behind = "top" if top or self._behind == "top" else "update"
            owed = self.alerts.owed()  # (the cue plays its sound where the browser lets a hidden page)
            if owed:
                self.page.update(*owed)
                self.alerts.sent()
            return
        idle_gc.busy()  # a page is being drawn: no full garbage collection now (companion.runtime.idle_gc)
        shown = self.scroller.controls
        same = screen.grafted and not top and self._drawn is screen and len(shown) == 1
        # the app bar says the screen's title in the page's language and the theme a tap switches to: the
        # same screen drawn again for its table's update keeps the bar on the page (nothing built, compared
        # or sent)
        bar_key = (id(screen), screen.title_key, self.lang, self.phone, theme.current(self.page))
        keep_bar = same and bar_key == self._bar_key and self.page.appbar is not None
        self._bar_key = bar_key
        appbar = self.page.appbar if keep_bar else self._appbar(screen)
        if not same:
            self._memo.clear()  # kept controls belong to the tree on the page: a new screen starts afresh
        body = self._render_body(screen, self._memo)
        touched: list[Any] | None = None
        if same:
            # the same screen again: only what changed goes to the browser (see graft)
            try:
                appbar_, bar_touched = (appbar, []) if keep_bar else graft_touched(self.page.appbar, appbar)
                body_, body_touched = graft_touched(shown[0], body)
            except Exception:
                log.exception("grafting %s", type(screen).__name__)
                appbar_ = body_ = None
            if appbar_ is None or body_ is None:  # a kept control moved: as without graft, afresh and whole
                self._memo.clear()
                appbar, body = self._render_afresh(screen)
            else:
                appbar, body, touched = appbar_, body_, bar_touched + body_touched
        self._drawn = screen
        if self.page.appbar is not appbar:
            self.page.appbar, touched = appbar, None
        if len(shown) != 1 or shown[0] is not body:
            self.scroller.controls, touched = [body], None
        owed = (
            self.alerts.owed()
        )  # news that came with this update (the banner, its sound): in the same write
        if touched is None:
            self.page.update()
        else:
            touched += owed
            if getattr(
                self.page, "_dirty", None
            ):  # the page's own properties changed (the locale: a language
                self.page.update()  # switch); this diff stops at isolated memos, so the touched ones follow
            if touched:  # only the controls that changed: Flet does not walk the whole page; in one message
                one_patch.update(self.page, touched)
        self.alerts.sent()
        if top:  # a new screen opens at its top, not at the previous one's scroll position

            async def scroll_top() -> None:
                try:
                    await self.scroller.scroll_to(offset=0, duration=0)
                except Exception:  # noqa: BLE001 - a page closing meanwhile
                    pass

            spawn(self.page, scroll_top)

    def _render_afresh(self, screen: Screen) -> tuple[ft.AppBar, ft.Control]:
        """The screen's controls built anew, with nothing kept from the page (no memo)."""
        return self._appbar(screen), self._render_body(screen)

    def _render_body(self, screen: Screen, memo: Store | None = None) -> ft.Control:
        """The screen's body (using and filling ``memo``), or the problem when it cannot be drawn."""
        try:
            if memo is None:
                return screen.render()
            with rendering(memo):
                return screen.render()
        except Exception as exc:
            log.exception("rendering %s", type(screen).__name__)
            return card(ft.Text(tr("table.error", self.lang, err=exc), size=18))

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
            ),
            theme.toggle_button(self.page, self.lang, self._theme_changed),
        ]
        leading = None
        if not isinstance(screen, StartScreen):
            leading = ident(
                ft.IconButton(
                    ft.Icons.HOME,
                    on_click=self.home,
                    tooltip=tr("home", self.lang),
                    icon_size=30,
                    width=56,
                    height=56,
                ),
                "home",
            )
        return ft.AppBar(
            # a phone's title may take two lines: one cut "Rejoindre une …" beside the language and theme
            # buttons
            title=ft.Text(
                tr(screen.title_key, self.lang),
                size=17 if self.phone else 20,
                weight=ft.FontWeight.BOLD,
                max_lines=2,
            ),
            leading=leading,
            actions=actions,
            bgcolor=ft.Colors.PRIMARY_CONTAINER,
            toolbar_height=64,
        )

    def _apply_locale(self) -> None:
        """Flutter's own words (a text field's counter: "37 caractères restants") in the app's language."""
        self.page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=[ft.Locale("fr", "FR"), ft.Locale("en", "GB")],
            current_locale=ft.Locale("fr", "FR") if self.lang == "fr" else ft.Locale("en", "GB"),
        )

    def _theme_changed(self) -> None:
        if self._device:
            self.hub.places.update(self._device, theme=theme.current(self.page))
        self.refresh()
        self.alerts.restyle()

    async def toggle_lang(self, _e: Any = None) -> None:
        self.lang = "en" if self.lang == "fr" else "fr"
        self._apply_locale()
        self.refresh()
        self.alerts.relabel()
        if self._device:
            self.hub.places.update(self._device, lang=self.lang)
        try:  # remembered on this device (browser storage, phone preferences)
            await asyncio.wait_for(prefs.of(self.page).set(LANG_PREF, self.lang), 3)
        except Exception:
            log.debug("could not store the language", exc_info=True)

    async def load_lang(self) -> None:
        try:
            saved = await asyncio.wait_for(prefs.of(self.page).get(LANG_PREF), 3)
        except Exception:  # noqa: BLE001 - no storage: keep the default
            return
        if saved in ("fr", "en"):
            self.lang = str(saved)
            self._apply_locale()

    def toast(self, message: str, error: bool = False) -> None:
        if error:  # on top, pushing the screen down: never over the button that caused it
            self.alerts.error(message)
            return
        # at the bottom, briefly: a news line (near the top it covered the map a finger was tapping; a form
        # says its own confirmations beside the form, as the box profile panel does)
        self.page.show_dialog(ft.SnackBar(content=ft.Text(message, size=17), duration=ft.Duration(seconds=4)))

    # -- where a screen goes next ----------------------------------------------------------------------
    def _host_only(self) -> bool:
        """Creating, resuming and the census are for the hosting device; another browser is told so."""
        if self.access.admin:
            return True
        self.toast(tr("access.host_only", self.lang), error=True)
        return False

    async def open_new_table(self, game: str | None = None, profile: Path | None = None) -> None:
        if self._host_only():
            await self.go(NewTableScreen(self, game, profile))

    async def open_join(self) -> None:
        await self.go(JoinScreen(self))

    async def open_resume(self) -> None:
        if self._host_only():
            await self.go(ResumeScreen(self))

    async def open_census(self) -> None:
        if self._host_only():
            await self.go(CensusScreen(self))

    async def open_hosted(self, hosted: Hosted) -> None:
        if not self.access.may_see(hosted):
            self.toast(tr("access.need_pin", self.lang), error=True)
            return
        self.record = {"kind": "hosted", "path": str(hosted.path)}  # the leader's page comes back here
        await self._save_place(self.record)
        await self.go(HostedScreen(self, hosted))

    async def open_overview(self, hosted: Hosted) -> None:
        ui = game_ui(hosted.game)
        if ui is not None and ui.overview is not None and self._host_only() and self.access.may_see(hosted):
            await self.go(OverviewScreen(self, hosted, ui.overview()))

    async def open_table(
        self,
        session: Session,
        seat: str,
        owns_session: bool = True,
        opener: Callable[[str], Awaitable[Session]] | None = None,
        record: rejoin.Record | None = None,
        province: str = "",
        follow: bool = False,
        seen: int | None = None,
    ) -> None:
        """The table/seat screen; ``record`` is where this device sits, remembered for a reload or a restart;
        ``seen``: the event number up to which this device had seen its news (going back to its seat)."""
        screen = TableScreen(
            self,
            session,
            seat,
            owns_session=owns_session,
            opener=opener,
            province=province,
            follow=follow,
            seen=seen,
        )
        if record is not None:
            # the news seen: up to now when the seat opens (what came before is not news), then each "Seen"
            now = getattr(session.snapshot, "seq", None)
            self.record = {**record, "province": province, "follow": follow}
            if seen is not None or now is not None:
                self.record["seen"] = seen if seen is not None else now
            await self._save_place(self.record)
        await self.go(screen)
        if follow:
            await screen.start_following()

    async def open_local(
        self,
        hosted: Hosted,
        seat: str,
        pin: str = "",
        province: str = "",
        follow: bool = False,
        seen: int | None = None,
        hold: bool = True,
    ) -> None:
        """A seat of a table this process hosts (this device, or a browser page of the web UI); ``hold``
        False: played here without holding it (its own device may take it back at any time)."""
        srv = hosted.server
        if not self.access.may_see(hosted):
            raise Rejected("auth", "this page has not proven the table's PIN")
        device, host = self.access.device_token, self.access.admin

        async def opener(other: str) -> Session:
            # a tablet playing in turn acts for a player's seat without holding it: a phone arriving later
            # takes it at once, and the tablet follows
            return srv.local_session(other, device=device, host=host, hold=False)

        session = srv.local_session(seat, device=device, host=host, hold=hold)
        rec: rejoin.Record = {"kind": "local", "path": str(hosted.path), "seat": seat}
        if pin:
            rec["pin"] = pin
        if not hold:
            rec["hold"] = False
        await self.open_table(
            session, seat, opener=opener, record=rec, province=province, follow=follow, seen=seen
        )

    async def open_remote(
        self,
        session: Session,
        host: str,
        port: int,
        pin: str,
        seat: str,
        name: str = "",
        province: str = "",
        follow: bool = False,
        seen: int | None = None,
    ) -> None:
        """A seat of a table joined over the LAN."""
        from companion.sync.client import join

        rec: rejoin.Record = {
            "kind": "remote",
            "host": host,
            "port": port,
            "pin": pin,
            "seat": seat,
            "name": name,
        }
        token = getattr(session, "device_token", None)
        if token:
            rec["device_token"] = token

        async def opener(other: str) -> Session:
            return await join(host, port, pin, other, **rejoin.join_extras(join, {**rec, "name": ""}))

        await self.open_table(
            session,
            seat,
            owns_session=True,
            opener=opener,
            record=rec,
            province=province,
            follow=follow,
            seen=seen,
        )

    # -- camera -----------------------------------------------------------------------------------------
    def camera_kind(self) -> str:
        """Where this page's live viewfinder gets its frames (:mod:`companion.ui.viewfinder`): ``browser``
        (the page's own script: served pages), ``app`` (the phone app's camera stream), ``webcam`` (a desktop
        window: OpenCV), or "" (none)."""
        if self.hub.served:  # decided by how this process serves pages, never by what a browser says
            return "browser"
        if is_mobile(self.page):
            return "app" if camera.flet_camera_module() is not None else ""
        return "webcam"

    def may_connect(self, host: str, port: int) -> bool:
        """Whether this page may make this process connect to ``host:port``: the hosting device anywhere
        (it types what it wants), another browser only to a table this process hosts or found on the LAN
        (never a websocket to whatever address a stranger types)."""
        return self.access.admin or self.hub.found(host, port)

    def is_local_client(self) -> bool:
        """True for the hosting device: this process's window, or a browser that opened the host's secret
        link (never decided from what a browser says about itself: see :mod:`companion.ui.access`)."""
        return self.access.admin


def make_main(hub: Hub, lang: str = DEFAULT_LANG) -> Callable[[ft.Page], Any]:
    """The Flet entry point: one :class:`Shell` per page, all sharing ``hub``."""
    taps.install()
    configure.install()  # Flet's set-up of added controls, without its walk through empty fields
    construct.install()  # Flet's controls made without a call per field they were not given

    async def main(page: ft.Page) -> None:
        bind_loop()  # every page's background work runs on this loop (companion.ui.spawn)
        for problem in await hub.ready():  # a window's first page hosts again what it hosted before
            log.warning("could not host again: %s", problem)
        shell = Shell(page, hub, lang)
        await shell.start()

    return main


__all__ = ["Shell", "make_main"]
