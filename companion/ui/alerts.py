"""Announcements on a screen: a banner that stays until seen (a tap dismisses it), a short sound shipped
with the app, and a vibration on phones. What to announce comes from :func:`companion.announce.detect`.

One :class:`Alerts` per page: :meth:`Alerts.attach` follows a session (a seat's or a tablet's); each new
snapshot is compared with the previous one and the events the seat received in between.

The banner is a control of the page itself (:attr:`Alerts.slot`, above the screen's scrolling part, which
it pushes down), drawn in one frame: Flutter's own ``MaterialBanner`` slid in and out over ~30 animation
frames, each a whole page drawn anew, and one replaced by another slid out, then in.

The sound and the vibration, in a browser, are played by the page's own script (:mod:`companion.cue`,
served with the web client): the app writes a *cue* into a hidden control (:attr:`Alerts.cue`) and the
script, which reads the app's messages, plays the sound with the browser's audio (its files served by the
app: nothing is fetched from elsewhere, it works offline) and vibrates with the browser's
``navigator.vibrate`` (Android phones). Flet's audio player (``flet-audio``) asked Flutter for a frame at
every screen refresh while a sound played (audioplayers' position updates): 20–40 whole-page frames per
sound, per device. In a window (not a browser), the sound goes through ``flet-audio`` and the vibration
through Flet's ``HapticFeedback``, as before.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft
import msgspec

from companion import sounds
from companion.announce import Announcement, detect, session_events, turn_seats
from companion.session import Snapshot
from engine.core.events import TABLE
from engine.core.lang import counted

from . import theme
from .spawn import spawn
from .widgets import PHONE_MAX, ident

# the banner's colours, given outright in the dark theme (the theme's container colours are too pale beside
# the dark map): (background, announcement text, error text)
DARK_BANNER = {"announce": ("#4a3f12", "#fff1c2", "#ffdad6"), "errors": ("#8c1d18", "#fff1c2", "#ffdad6")}

log = logging.getLogger("tablekeeper.app")

SEEN = {"fr": "Vu", "en": "Seen"}
# what fits: a phone shows the newest 2 announcements (2 lines each at most) and the latest error, a third of
# its screen at most; a tablet or a computer the newest 4. The rest waits behind "… and N more" until "Seen"
SHOWN_PHONE, SHOWN = 2, 4
ERRORS_PHONE, ERRORS = 1, 3
KEPT = 12  # unseen news remembered (counted in "… and N more")
MORE = {"fr": "… et {n} autre(s) nouvelle(s)", "en": "… and {n} more"}
ERROR_SECONDS = 10.0
OWED_SECONDS = 0.5  # news waits this long at most for the page's next update (the screen's) to go with it
BANNER_PADDING = ft.Padding.symmetric(horizontal=12, vertical=4)
BANNER_MARGIN = ft.Margin.only(bottom=8)


def unbroken(text: str) -> str:
    """French puts a space before ! ? : ; — a no-break one, so that a narrow phone never leaves the mark
    alone at the start of a line ("Déferlement barbare en Gallia" / "!")."""
    for mark in "!?:;":
        text = text.replace(f" {mark}", f"\u00a0{mark}")
    return text


def _stale(old: Announcement, fresh: Sequence[Announcement]) -> bool:
    """An unseen "your turn" that is no longer true: the game ended, or a later turn came (for the same
    province). Other news stays until seen."""
    if old.kind != "turn":
        return False
    return any(
        a.kind == "end"
        or (a.kind == "turn" and a.seq > old.seq and a.params.get("at") == old.params.get("at"))
        for a in fresh
    )


class Alerts:
    """The banner, sound and vibration of one page."""

    def __init__(
        self,
        page: ft.Page,
        lang: Callable[[], str],
        name: Callable[[str], str] = str,
        province: Callable[[], str | None] = lambda: None,
    ) -> None:
        self.page = page
        self.lang = lang
        self.name = name
        self.province = province
        self.unseen: list[Announcement] = []
        self.errors: list[str] = []  # refusals and failures: on top, in the error colour, for ERROR_SECONDS
        self._error_said: dict[str, int] = {}  # how many times each error shown was said (its fade: the last)
        self.sound = True
        # the banner's place on the page, above the screen (the shell puts it there); always there, empty when
        # nothing is to be seen (a control appearing or going away made the browser rebuild the whole page)
        self.slot = ft.Container(border_radius=12)
        # a browser's sound and vibration: the page's script reads cues written here (companion.cue)
        self.cue = ft.Text("", visible=False)
        self._cue_id = secrets.token_hex(4)  # this page's cues, told from a former session's after a reload
        self._cues = 0
        self._shown = 0  # the banner shown: a "Seen" tap clears only the one it was on
        self._owed: list[ft.Control] = []  # changed, to go with the page's next update (see owed)
        self._owing = False
        self._audio: dict[str, Any] = {}
        self._haptic: Any = None
        self._sessions: list[Any] = []
        self._last: dict[int, Snapshot | None] = {}
        self._left = (
            False  # the last session followed was detached: announcements still on their way are dropped
        )
        # told the event number up to which this device has seen its news (a "Seen" tap; the shell remembers
        # it on the device, from the moment the seat opened): a page that comes back as a new page (a host
        # restart, a reload the browser made a new session of) shows again what was not (attach's ``since``)
        self.on_seen: Callable[[int], None] | None = None

    # -- following sessions ---------------------------------------------------------------------------
    def attach(
        self,
        session: Any,
        seat: str | None = None,
        province: Callable[[], str | None] | None = None,
        name: Callable[[str], str] | None = None,
        since: int | None = None,
    ) -> None:
        """Announce what ``session`` receives from now on (a session is followed once); ``province`` and
        ``name`` (the screen's province tablet, its people's names) default to the page's. ``since``: the
        event number up to which this device had seen its news (a page coming back): what came after is
        shown again, unseen, without its sound (it was heard, or the page was not there to play it)."""
        if any(s is session for s in self._sessions):
            return
        self._left = False
        self._sessions.append(session)
        key = id(session)
        self._last[key] = session.snapshot
        who = seat or getattr(session, "seat", None) or (session.snapshot.seat if session.snapshot else "")
        snap = session.snapshot
        if since is not None and snap is not None and 0 <= since < snap.seq:
            # the news since then, from the events only (the view then is not known: as now)
            then = msgspec.structs.replace(snap, seq=since)
            try:
                found = detect(
                    str(who),
                    session_events(session, since),
                    then,
                    snap,
                    province=(province or self.province)() or None,
                    name=name or self.name,
                )
            except Exception:
                log.exception("detecting announcements")
                found = []
            if found:
                self.announce(found, quiet=True)
            self._turn_over(str(who), snap)

        def changed(snap: Snapshot) -> None:
            if not any(s is session for s in self._sessions):
                return
            old = self._last.get(key)
            self._last[key] = snap
            if old is not None and snap.seq <= old.seq and snap.outcome == old.outcome:
                return
            try:
                events = session_events(session, old.seq if old is not None else snap.seq)
                found = detect(
                    str(who),
                    events,
                    old,
                    snap,
                    province=(province or self.province)() or None,
                    name=name or self.name,
                )
            except Exception:
                log.exception("detecting announcements")
                return
            if found:
                self.announce(found)
            self._turn_over(str(who), snap)

        session.on_change(changed)

    def _turn_over(self, seat: str, snap: Snapshot | None) -> None:
        """An unseen "your turn" of ``seat`` goes once the view names others in turn and not ``seat``: a
        phone left in a pocket through its player's turn must not still say "your turn" at the next one's
        (the other news stays until seen). Its banner changes with the page's next update."""
        if not self.unseen or snap is None or seat in ("", TABLE):
            return
        now = turn_seats(snap.view or {})
        if not now or seat in now:
            return
        kept = [a for a in self.unseen if not (a.kind == "turn" and "who" not in a.params)]
        if len(kept) == len(self.unseen):
            return
        self.unseen = kept
        if self.unseen or self.errors:
            self._show_banner(now=False)
        else:
            self._empty_slot(now=False)

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
    def announce(self, found: list[Announcement], quiet: bool = False) -> None:
        """Show ``found``: the banner, and the sound and vibration of the most important (``quiet``: no
        sound nor vibration). They go to the browser with the page's next update (the screen's, which the
        same news brings: one frame, not a banner's frame and then the screen's), or by themselves
        ``OWED_SECONDS`` later if none comes."""
        if self._left:  # the table was left meanwhile: its news is not shown on another screen
            return
        known = {(a.kind, a.seq) for a in self.unseen}
        fresh = [a for a in found if (a.kind, a.seq) not in known]
        fresh = [a for a in fresh if not _stale(a, fresh)]  # several turns in one batch (a page coming back)
        if not fresh:
            return
        kept = [a for a in self.unseen if not _stale(a, fresh)]
        # newest first (news of one event: the most important first); the banner shows what fits
        self.unseen = sorted([*fresh, *kept], key=lambda a: (-a.seq, a.priority))[:KEPT]
        self._show_banner(now=False)
        if quiet:
            return
        top = min(fresh, key=lambda a: a.priority)
        if getattr(self.page, "web", False):  # a browser: a cue for the page's script, with the banner
            sounds = [top.sound]  # a Rupture with your turn: its alarm, then your turn's own sound (a phone
            turn = next((a for a in fresh if a.kind == "turn"), None)  # in a pocket still says "your turn")
            if turn is not None and turn is not top and turn.sound not in sounds:
                sounds.append(turn.sound)
            self._cue("+".join(s for s in sounds if s) if self.sound else "", top.vibration)
            return

        async def signal() -> None:  # a window: Flet's audio player and haptic feedback
            await asyncio.gather(self._play(top.sound), self._vibrate(top.vibration), return_exceptions=True)

        try:
            spawn(self.page, signal)
        except Exception:  # noqa: BLE001 - the page is gone
            pass

    def owed(self) -> list[ft.Control]:
        """The controls changed for the page's next update (the banner's place, the cue), which the shell
        sends with it (then calls :meth:`sent`); they are then no longer owed."""
        out, self._owed = self._owed, []
        return out

    def pending(self) -> bool:
        """Whether news waits for the page's next update (a banner, a cue)."""
        return bool(self._owed)

    def sent(self) -> None:
        """The page's update has gone: a cue in it is forgotten (not sent again with a whole page)."""
        self.cue.value = ""

    def error(self, message: str) -> None:
        """A refusal or a failure: shown in the banner on top, where it hides no control (the banner pushes
        the screen down instead of covering its bottom, where the button that failed often is)."""
        # the same refusal said again (three wrong PINs, a tap repeated) is one line, newest, its time anew
        said = self._error_said[message] = self._error_said.get(message, 0) + 1
        self.errors = [*[m for m in self.errors if m != message][-2:], message]
        self._show_banner()

        async def fade(msg: str = message) -> None:
            await asyncio.sleep(ERROR_SECONDS)
            if self._error_said.get(msg) != said:
                return  # said again meanwhile: that saying's own fade takes it
            self._error_said.pop(msg, None)
            if msg in self.errors:
                self.errors.remove(msg)
                if not self.errors and not self.unseen:
                    self.dismiss()
                elif self.shown:
                    self._show_banner()

        try:
            spawn(self.page, fade)
        except Exception:  # noqa: BLE001 - the page is gone
            pass

    def _dark(self) -> bool:
        try:
            return theme.current(self.page) == "dark"
        except Exception:  # noqa: BLE001 - a page without a theme yet: the theme's own colours
            return False

    def _colours(self) -> tuple[str, str, str]:
        """(background, announcement text, error text) for the theme the page shows now."""
        kind = "errors" if self.errors and not self.unseen else "announce"
        if self._dark():
            return DARK_BANNER[kind]
        return (
            ft.Colors.ERROR_CONTAINER if kind == "errors" else ft.Colors.TERTIARY_CONTAINER,
            ft.Colors.ON_TERTIARY_CONTAINER,
            ft.Colors.ON_ERROR_CONTAINER,
        )

    @property
    def phone(self) -> bool:
        """A phone's page (narrow): the banner keeps to what fits a third of its screen."""
        try:
            w = self.page.width
        except Exception:  # noqa: BLE001 - a page not drawn yet: not a phone
            return False
        return isinstance(w, (int, float)) and 0 < w < PHONE_MAX

    def banner_control(self, on_click: Callable[[Any], None] | None = None) -> ft.Control:
        """The banner's words: the latest errors, then what is announced (the newest first), as much as fits
        (``SHOWN_PHONE`` on a phone, two lines each at most); the rest is counted, and goes with "Seen"."""
        lang = self.lang()
        phone = self.phone
        _bg, ann, err = self._colours()
        # each error on its own band in the error colours, with its icon beside an announcement (the
        # announcement's colours around it: it still reads as a refusal, in the dark theme too); alone, the
        # banner's own icon says it
        dark = self._dark()
        err_bg = DARK_BANNER["errors"][0] if dark else ft.Colors.ERROR_CONTAINER
        err_fg = DARK_BANNER["errors"][2] if dark else ft.Colors.ON_ERROR_CONTAINER
        lines: list[ft.Control] = [
            ident(
                ft.Container(
                    ft.Row(
                        [
                            *([ft.Icon(ft.Icons.ERROR, size=22, color=err_fg)] if self.unseen else []),
                            ft.Text(
                                unbroken(m),
                                size=16 if phone else 18,
                                weight=ft.FontWeight.W_600,
                                color=err_fg,
                                expand=True,
                                max_lines=2 if phone else None,
                                overflow=ft.TextOverflow.ELLIPSIS,
                            ),
                        ],
                        spacing=8,
                    ),
                    bgcolor=err_bg,
                    border_radius=8,
                    padding=ft.Padding.symmetric(horizontal=8, vertical=4),
                ),
                "error",
            )
            for m in self.errors[-(ERRORS_PHONE if phone else ERRORS) :]
        ]
        shown = self.unseen[: SHOWN_PHONE if phone else SHOWN]
        lines += [
            ft.Text(
                unbroken(a.text(lang)),
                size=(20 if phone else 22) if i == 0 else (16 if phone else 18),
                weight=ft.FontWeight.BOLD if i == 0 else None,
                color=ann,
                max_lines=2 if phone else None,
                overflow=ft.TextOverflow.ELLIPSIS,
            )
            for i, a in enumerate(shown)
        ]
        left = len(self.unseen) - len(shown)
        if left > 0:
            lines.append(
                ident(
                    ft.Text(counted(MORE.get(lang, MORE["en"]).format(n=left), lang), size=15, color=ann),
                    "announce-more",
                )
            )
        words = ident(
            ft.Container(
                ft.Column(lines, spacing=4, tight=True),
                on_click=on_click or self.dismiss,
                padding=ft.Padding.symmetric(vertical=8),
            ),
            "announce" if self.unseen else "errors",
        )
        words.expand = True  # the words take what the icon and "Seen" leave, and wrap in it
        return words

    def _show_banner(self, now: bool = True) -> None:
        """Draw the banner anew in its place (its words, colours and a "Seen" for this very banner); ``now``:
        sent at once, else with the page's next update (:meth:`owed`)."""
        lang = self.lang()
        only_errors = bool(self.errors) and not self.unseen
        bgcolor, ann, err = self._colours()
        icon = ft.Icon(
            ft.Icons.ERROR if only_errors else ft.Icons.CAMPAIGN,
            size=26 if self.phone else 36,
            color=err if only_errors else ann,
        )
        self._shown += 1
        shown = self._shown

        def seen(_e: Any = None) -> None:  # this banner's own: never a newer one that replaced it meanwhile
            self.dismiss(banner=shown)  # (its announcement arrived while the finger was on the way: unseen)

        self.slot.content = ft.Row(
            [icon, self.banner_control(on_click=seen), self._seen_button(lang, seen)],
            spacing=8 if self.phone else 12,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self.slot.bgcolor = bgcolor
        self.slot.padding = BANNER_PADDING
        self.slot.margin = BANNER_MARGIN
        self._redraw(self.slot, now)

    def _redraw(self, control: ft.Control, now: bool = True) -> None:
        """Send ``control`` (the banner's place, the cue) to the browser: at once, or with the page's next
        update (:meth:`owed`; by itself ``OWED_SECONDS`` later if none comes)."""
        if not now:
            if not any(c is control for c in self._owed):
                self._owed.append(control)
            if not self._owing:
                self._owing = True
                try:
                    spawn(self.page, self._pay)
                except Exception:  # noqa: BLE001 - the page is gone
                    self._owing = False
            return
        self._owed = [c for c in self._owed if c is not control]
        try:
            control.update()
        except Exception:  # noqa: BLE001 - not on a page (yet), or the page is gone: drawn with the page
            pass
        if control is self.cue:
            self.sent()

    async def _pay(self) -> None:
        """What the page's next update did not take within ``OWED_SECONDS`` goes by itself."""
        try:
            await asyncio.sleep(OWED_SECONDS)
        finally:
            self._owing = False
        for control in self.owed():
            self._redraw(control)

    @property
    def shown(self) -> bool:
        """Whether the banner is on screen."""
        return self.slot.content is not None

    def _seen_button(self, lang: str, on_click: Callable[[Any], None]) -> ft.Control:
        return ident(
            ft.FilledButton(
                content=ft.Text(SEEN.get(lang, SEEN["en"]), size=18, no_wrap=True),
                on_click=on_click,
                height=52,
                width=88 if self.phone else 110,  # a phone's words get the width ("Seen" on one line)
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)) if self.phone else None,
            ),
            "announce-seen",
        )

    def dismiss(self, _e: Any = None, banner: int | None = None) -> None:
        """Clear the banner and what it announced; with ``banner``, only if it is still the one shown."""
        if banner is not None and banner != self._shown:
            return
        if self.unseen and banner is not None:  # seen by the user (a tap): all news up to now
            self._seen(
                max([a.seq for a in self.unseen] + [s.seq for s in self._last.values() if s is not None])
            )
        self.unseen = []
        self.errors = []
        self._empty_slot()

    def _empty_slot(self, now: bool = True) -> None:
        """The banner's place emptied (sent at once, or with the page's next update)."""
        if self.slot.content is not None:
            self.slot.content = None  # the place stays on the page, empty (no page-wide rebuild, as a control
            self.slot.padding = self.slot.margin = 0  # appearing or going away would make in the browser)
            self.slot.bgcolor = None
            self._redraw(self.slot, now=now)

    def restyle(self) -> None:
        """The theme changed: the banner is drawn anew in the new theme's colours (``DARK_BANNER``)."""
        if self.shown and (self.unseen or self.errors):
            self._show_banner()

    def relabel(self) -> None:
        """The language changed: the banner's words too. An error was said once, in the old language, by
        whatever raised it: it goes (it would have faded in ``ERROR_SECONDS`` anyway)."""
        self.errors = []
        if self.shown:
            if self.unseen:
                self._show_banner()
            else:
                self.dismiss()

    def _seen(self, seq: int) -> None:
        if self.on_seen is not None and seq >= 0:
            try:
                self.on_seen(seq)
            except Exception:
                log.debug("could not remember the news seen", exc_info=True)

    # -- sound and vibration ---------------------------------------------------------------------------
    def _cue(self, sound: str, vibration: str) -> None:
        """Write a cue for the page's script, sent with the banner: ``tk-cue:<page>:<n>:<sounds>:<vibration>``
        (numbered: the script plays each cue once). The app forgets it once sent (:meth:`sent`), so that a
        page drawn whole again (a reload) does not replay it."""
        if not sound and not vibration:
            return
        self._cues += 1
        self.cue.value = f"tk-cue:{self._cue_id}:{self._cues}:{sound}:{vibration}"
        self._redraw(self.cue, now=False)

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
        except Exception:
            log.debug("could not play %s", name, exc_info=True)

    async def _vibrate(self, strength: str) -> None:
        if self.page.platform not in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS):
            return
        if self._haptic is None:
            self._haptic = ft.HapticFeedback()
        try:
            await asyncio.wait_for(
                self._haptic.heavy_impact() if strength == "heavy" else self._haptic.medium_impact(), 3
            )
            if strength == "heavy":
                await asyncio.wait_for(self._haptic.vibrate(), 3)
        except Exception:
            log.debug("could not vibrate", exc_info=True)
