"""Announcements on a screen: a banner that stays until seen (a tap dismisses it), a short sound shipped
with the app, and a vibration on phones. What to announce comes from :func:`companion.announce.detect`.

One :class:`Alerts` per page: :meth:`Alerts.attach` follows a session (a seat's or a tablet's); each new
snapshot is compared with the previous one and the events the seat received in between. The sound plays
through the ``flet-audio`` service (its bytes are handed over inline: nothing is fetched, it works
offline); vibration through Flet's ``HapticFeedback`` (phones only; browsers ignore it).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion import sounds
from companion.announce import Announcement, detect, session_events
from companion.session import Snapshot

from . import theme
from .widgets import ident

# the banner's colours, given outright in the dark theme: Flutter keeps an open banner's background from the
# theme it was shown in while its text follows the new one (pale text on the light band after a switch to
# dark, even when shown anew); (background, announcement text, error text)
DARK_BANNER = {"announce": ("#4a3f12", "#fff1c2", "#ffdad6"), "errors": ("#8c1d18", "#fff1c2", "#ffdad6")}

log = logging.getLogger("tablekeeper.app")

SEEN = {"fr": "Vu", "en": "Seen"}
ERROR_SECONDS = 10.0


def _stale(old: Announcement, fresh: Sequence[Announcement]) -> bool:
    """An unseen "your turn" that is no longer true: the game ended, or a later turn came (for the same
    province). Other news stays until seen."""
    if old.kind != "turn":
        return False
    return any(a.kind == "end" or (a.kind == "turn" and a.seq > old.seq
                                   and a.params.get("at") == old.params.get("at")) for a in fresh)


class Alerts:
    """The banner, sound and vibration of one page."""

    def __init__(self, page: ft.Page, lang: Callable[[], str], name: Callable[[str], str] = str,
                 province: Callable[[], str | None] = lambda: None) -> None:
        self.page = page
        self.lang = lang
        self.name = name
        self.province = province
        self.unseen: list[Announcement] = []
        self.errors: list[str] = []  # refusals and failures: on top, in the error colour, for ERROR_SECONDS
        self.sound = True
        self._banner: ft.Banner | None = None
        self._audio: dict[str, Any] = {}
        self._haptic: Any = None
        self._sessions: list[Any] = []
        self._last: dict[int, Snapshot | None] = {}
        self._left = False  # the last session followed was detached: announcements still on their way are dropped

    # -- following sessions ---------------------------------------------------------------------------
    def attach(self, session: Any, seat: str | None = None, province: Callable[[], str | None] | None = None,
               name: Callable[[str], str] | None = None) -> None:
        """Announce what ``session`` receives from now on (a session is followed once); ``province`` and
        ``name`` (the screen's province tablet, its people's names) default to the page's."""
        if any(s is session for s in self._sessions):
            return
        self._left = False
        self._sessions.append(session)
        key = id(session)
        self._last[key] = session.snapshot
        who = seat or getattr(session, "seat", None) or (session.snapshot.seat if session.snapshot else "")

        def changed(snap: Snapshot) -> None:
            if not any(s is session for s in self._sessions):
                return
            old = self._last.get(key)
            self._last[key] = snap
            if old is not None and snap.seq <= old.seq and snap.outcome == old.outcome:
                return
            try:
                events = session_events(session, old.seq if old is not None else snap.seq)
                found = detect(str(who), events, old, snap, province=(province or self.province)() or None,
                               name=name or self.name)
            except Exception:  # noqa: BLE001 - an announcement must never stop the screen
                log.exception("detecting announcements")
                return
            if found:
                self.announce(found)

        session.on_change(changed)

    def detach(self, session: Any) -> None:
        """Stop announcing what ``session`` receives; leaving the last one (the table's screen is left), what
        it announced goes too: a table's news never shows over the next screen or another table."""
        self._sessions = [s for s in self._sessions if s is not session]
        self._last.pop(id(session), None)
        self._left = not self._sessions
        if self._left and self.unseen:
            self.unseen = []
            if self.errors:
                self._show_banner()
            else:
                self.dismiss()

    # -- showing ---------------------------------------------------------------------------------------
    def announce(self, found: list[Announcement]) -> None:
        """Show ``found`` (from any thread): banner now, sound and vibration of the most important."""
        async def show() -> None:
            if self._left:  # the table was left meanwhile: its news is not shown on another screen
                return
            known = {(a.kind, a.seq) for a in self.unseen}
            fresh = [a for a in found if (a.kind, a.seq) not in known]
            if not fresh:
                return
            kept = [a for a in self.unseen if not _stale(a, fresh)]
            self.unseen = sorted([*fresh, *kept], key=lambda a: (a.priority, -a.seq))[:6]
            self._show_banner()
            top = min(fresh, key=lambda a: a.priority)
            await asyncio.gather(self._play(top.sound), self._vibrate(top.vibration), return_exceptions=True)

        try:
            self.page.run_task(show)
        except Exception:  # noqa: BLE001 - the page is gone
            pass

    def error(self, message: str) -> None:
        """A refusal or a failure: shown in the banner on top, where it hides no control (the banner pushes
        the screen down instead of covering its bottom, where the button that failed often is)."""
        self.errors = [*self.errors[-2:], message]
        self._show_banner()

        async def fade(msg: str = message) -> None:
            await asyncio.sleep(ERROR_SECONDS)
            if msg in self.errors:
                self.errors.remove(msg)
                if not self.errors and not self.unseen:
                    self.dismiss()
                elif self._banner is not None:
                    self._show_banner()

        try:
            self.page.run_task(fade)
        except Exception:  # noqa: BLE001 - the page is gone
            pass

    def _colours(self) -> tuple[str, str, str]:
        """(background, announcement text, error text) for the theme the page shows now."""
        kind = "errors" if self.errors and not self.unseen else "announce"
        try:
            dark = theme.current(self.page) == "dark"
        except Exception:  # noqa: BLE001 - a page without a theme yet: the theme's own colours
            dark = False
        if dark:
            return DARK_BANNER[kind]
        return (ft.Colors.ERROR_CONTAINER if kind == "errors" else ft.Colors.TERTIARY_CONTAINER,
                ft.Colors.ON_TERTIARY_CONTAINER, ft.Colors.ON_ERROR_CONTAINER)

    def banner_control(self, on_click: Callable[[Any], None] | None = None) -> ft.Control:
        lang = self.lang()
        _bg, ann, err = self._colours()
        lines: list[ft.Control] = [ident(ft.Text(m, size=18, weight=ft.FontWeight.W_600, color=err), "error")
                                   for m in self.errors]
        lines += [ft.Text(a.text(lang), size=22 if i == 0 else 18, weight=ft.FontWeight.BOLD if i == 0 else None,
                          color=ann)
                  for i, a in enumerate(self.unseen)]
        return ident(ft.Container(ft.Column(lines, spacing=4, tight=True), on_click=on_click or self.dismiss,
                                  padding=ft.Padding.symmetric(vertical=8)), "announce" if self.unseen else "errors")

    def _show_banner(self) -> None:
        lang = self.lang()
        only_errors = bool(self.errors) and not self.unseen
        bgcolor, ann, err = self._colours()
        icon = ft.Icon(ft.Icons.ERROR if only_errors else ft.Icons.CAMPAIGN, size=36, color=err if only_errors else ann)
        old = self._banner
        if old is not None and old.open:  # an open banner does not redraw its content: a new one replaces it
            self._banner = None
            try:
                self.page.pop_dialog()
            except Exception:  # noqa: BLE001 - already closed
                pass
        # a tap on this banner clears what it showed, never a newer banner that replaced it meanwhile (its
        # announcement arrived while the finger was on the way: it was not seen)
        shown: list[ft.Banner] = []

        def seen(_e: Any = None) -> None:
            self.dismiss(banner=shown[0])

        banner = ft.Banner(content=self.banner_control(on_click=seen), actions=[self._seen_button(lang, seen)],
                           leading=icon, bgcolor=bgcolor)
        shown.append(banner)
        banner.on_dismiss = lambda _e, b=banner: self._closed(b)
        self._banner = banner
        self.page.show_dialog(self._banner)

    async def clear_stale(self, wait: float = 0.5) -> None:
        """Take away a banner the page may still show from the app it was connected to before (a host
        restart): Flet shows a banner through Flutter's ScaffoldMessenger, above the page's controls, and a
        new session does not clear it; its *Vu* then reaches an app that never drew it. Showing a banner
        removes the one shown; this blank one then goes too (unless a real announcement replaced it)."""
        blank = ft.Banner(content=ft.Text(""), actions=[ft.Container(width=1, height=1)],
                          bgcolor=ft.Colors.SURFACE)
        try:
            self.page.show_dialog(blank)
            await asyncio.sleep(wait)  # the browser draws it (removing the stale one) before it goes
            if self._banner is None and blank.open:
                blank.open = False
                blank.update()
        except Exception:  # noqa: BLE001 - a page closing meanwhile: nothing to clear
            pass

    def _seen_button(self, lang: str, on_click: Callable[[Any], None]) -> ft.Control:
        return ident(ft.FilledButton(content=ft.Text(SEEN.get(lang, SEEN["en"]), size=18), on_click=on_click,
                                     height=52, width=110), "announce-seen")

    def _closed(self, banner: ft.Banner | None = None) -> None:
        if banner is not None and banner is not self._banner:
            return  # a banner replaced by a newer one: what is unseen stays
        self.unseen = []
        self.errors = []
        self._banner = None

    def dismiss(self, _e: Any = None, banner: ft.Banner | None = None) -> None:
        """Clear the banner and what it announced; with ``banner``, only if it is still the one shown."""
        if banner is not None and banner is not self._banner:
            return
        banner, self._banner = self._banner, None
        self.unseen = []
        self.errors = []
        if banner is not None and banner.open:
            try:
                self.page.pop_dialog()
            except Exception:  # noqa: BLE001 - already closed
                pass

    def restyle(self) -> None:
        """The theme changed: an open banner is drawn anew in the new theme's colours (``DARK_BANNER``)."""
        if self._banner is not None and self._banner.open and (self.unseen or self.errors):
            self._show_banner()

    def relabel(self) -> None:
        """The language changed: the banner's words too. An error was said once, in the old language, by
        whatever raised it: it goes (it would have faded in ``ERROR_SECONDS`` anyway)."""
        self.errors = []
        if self._banner is not None and self._banner.open:
            if self.unseen:
                self._show_banner()
            else:
                self.dismiss()

    async def _play(self, name: str) -> None:
        if not self.sound:
            return
        try:
            from flet_audio import Audio
        except ImportError:  # flet-audio missing: the banner and the vibration still say it
            return
        audio = self._audio.get(name)
        if audio is None:
            audio = Audio(src=sounds.data(name), volume=1.0)
            self._audio[name] = audio
        try:
            await asyncio.wait_for(audio.play(), 5)
        except Exception:  # noqa: BLE001 - a browser that refuses to play before a tap: the banner stays
            log.debug("could not play %s", name, exc_info=True)

    async def _vibrate(self, strength: str) -> None:
        if self.page.platform not in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS):
            return
        if self._haptic is None:
            self._haptic = ft.HapticFeedback()
        try:
            await asyncio.wait_for(
                self._haptic.heavy_impact() if strength == "heavy" else self._haptic.medium_impact(), 3)
            if strength == "heavy":
                await asyncio.wait_for(self._haptic.vibrate(), 3)
        except Exception:  # noqa: BLE001
            log.debug("could not vibrate", exc_info=True)
