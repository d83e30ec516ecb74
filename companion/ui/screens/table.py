"""The table / seat screen: the shared tablet (seat ``table``) or a player's own device.

The board part comes from the game's own folder (:func:`companion.ui.games.board_control`); this screen
adds the header, the choices, the code/scan field and the log.
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

import flet as ft

from engine.core.events import TABLE

from ...announce import turn_seats
from ...session import Rejected, Session, Snapshot
from .. import model, theme
from ..boards.tap import offer
from ..games import (
    board_control,
    game_prompt,
    group_titles,
    scan_refusal,
)
from ..hotseat import Privacy
from ..i18n import reason_text, refusal_text, tr
from ..memo import mark
from ..pickers import choice_panel, is_listed
from ..spawn import spawn
from ..table_camera import TableCamera
from ..table_parts import TableParts
from ..widgets import big_button, card, heading, ident, pill, vcol
from .base import Screen, err_text

if TYPE_CHECKING:
    from ..navigator import Navigator

log = logging.getLogger("tablekeeper.app")

COALESCE_S = 0.03  # a tablet playing in turn: how long one render waits for the second session's update


FOLD_AT = 6  # a group of more choices than this starts folded ...
FOLD_SHOW = 4  # ... showing this many


# -- the table / seat screen --------------------------------------------------------------------------
class TableScreen(TableCamera, TableParts, Screen):
    """The shared tablet (seat ``table``) or a player's own phone (their private view first)."""

    grafted = True

    def __init__(
        self,
        shell: Navigator,
        session: Session,
        seat: str,
        owns_session: bool = True,
        opener: Callable[[str], Awaitable[Session]] | None = None,
        province: str = "",
        follow: bool = False,
        seen: int | None = None,
    ) -> None:
        super().__init__(shell)
        self.session = session
        self.province = province  # Pandémie: the province (code) a shared tablet is bound to
        self.choosing_province = False
        # "play here in turn" on a shared tablet: the seat whose turn it is acts through this screen
        self.opener = opener
        self.follow = follow
        self.actor: Session | None = None
        self.actor_seat: str | None = None
        self.wanted_seat: str | None = None
        self.elsewhere: str | None = None  # the seat in turn plays on its own device (it holds the seat)
        # a player out of turn this tablet plays for a moment (an event card « à tout moment »)
        self.event_seat: str | None = None
        self.choosing_event = False
        self._actor_lock = asyncio.Lock()
        self.seat = seat
        self.owns_session = owns_session
        self.busy = False
        self.closed_error = ""
        self.pending: list[dict[str, Any]] = []  # intents matching the last scan, when several do
        self.expanded: set[str] = set()  # long choice groups the user unfolded
        self.unfolded: set[str] = set()  # parts of the board the user unfolded (Pandémie: other provinces)
        self.log_everywhere = False  # the log of every province, not only this page's (Pandémie)
        self.scan = ft.TextField(
            text_size=18,
            height=64,
            on_submit=self._entered,
            expand=True,
            capitalization=ft.TextCapitalization.CHARACTERS,
        )
        self._camera_init()  # the live viewfinder and what a component shown means (table_camera)
        # step pickers' settings between renders (companion.ui.pickers), per acting seat, until something is
        # played
        self.picker_state: dict[str, dict[str, Any]] = {}
        self.online = True
        self._redraw_due = False  # a render is scheduled (see _changed)
        self._shown: Any = None  # what the page showed at its last render (TableParts._shows)
        self._titled: Mapping[str, str] = {}  # the folded parts' titles it showed (TableParts._titles)
        self._offered = False  # whether it offered to undo (TableParts._offers_undo)
        session.on_change(self._changed)
        # announcements (banner, sound, vibration) of what this screen's seat receives: companion.ui.alerts
        self.privacy = Privacy()  # pass-and-play: the acting player's part shows after their tap
        shell.alerts.attach(session, seat, province=lambda: self.province or None, name=self._say, since=seen)
        on_status = getattr(session, "on_status", None)  # a joined device: show when the link drops
        if callable(on_status):
            on_status(self._status)
        on_lost = getattr(session, "on_lost", None)  # a seat played here without holding it, taken back
        if callable(on_lost) and seat != TABLE:
            on_lost(self._lost)

    def _lost(self, _why: Rejected) -> None:
        """This screen's seat was taken by another device (its player's phone came back)."""
        snap = self.session.snapshot
        names = model.people(snap.seats, self.lang) if snap is not None else {}
        self.closed_error = tr("table.taken_back", self.lang, seat=model.say(self.seat, self.lang, names))
        self._changed(None)  # type: ignore[arg-type]

    async def presence(self, here: bool) -> None:
        """The page's browser went away or came back: the host hears it for every seat this screen holds."""
        for s in (self.session, self.actor):
            tell = getattr(s, "here", None)
            if callable(tell):
                await tell(here)

    def _status(self, up: bool) -> None:
        self.online = up
        if up:
            self.closed_error = ""
        self._changed(None)  # type: ignore[arg-type]

    @property
    def title_key(self) -> str:  # type: ignore[override]
        return "app.title"

    def _changed(self, _snap: Snapshot) -> None:
        """A snapshot came (or the link went up or down): draw once for what came together. A tablet playing
        in turn holds two sessions (the table's and the acting seat's) and each action updates both: one
        render waits a moment for the second, so the browser gets one screen, not two. The pages of the app
        are drawn one at a time, each page's update written as soon as it is drawn (the shell's
        :meth:`redraw`); the page whose user acted comes first, as the host tells it first."""
        if self._redraw_due:
            return  # the render already scheduled will show this too
        self._redraw_due = True

        async def refresh() -> None:
            try:
                if self.follow and self.actor is not None:
                    await asyncio.sleep(COALESCE_S)
            finally:
                self._redraw_due = False
            if self.shell.screen is not self:
                return
            if self.follow:
                await self._sync_actor()
            # nothing this page shows changed (the other session's copy of an update already drawn, a tap in
            # another province): not drawn again; a folded part's new title (a surge counted there) is written
            # into its text on the page, the undo an action elsewhere took away is hidden, and news it brought
            # (an announcement) goes alone
            offers = self._offers_undo()
            if _snap is not None and self._shows() == self._shown and not (offers and not self._offered):
                titled = self._titles()
                gone = ["undo"] if self._offered and not offers else []
                if titled != self._titled or gone:
                    changed = {k: v for k, v in titled.items() if self._titled.get(k) != v}
                    if not await self.shell.retitle(self, changed, gone):
                        await self.shell.redraw(self)  # a part not on the page as it was: drawn whole
                        return
                    self._titled, self._offered = titled, offers
                await self.shell.news(self)
                return
            await self.shell.redraw(self)

        try:
            spawn(self.shell.page, refresh)
        except Exception:  # noqa: BLE001 - page closed: nothing to draw on
            self._redraw_due = False

    def _say(self, who: str) -> str:
        """A seat by its player's name (a province or a region as is), for the announcements."""
        snap = self.session.snapshot
        names = model.people(snap.seats, self.lang) if snap is not None else {}
        return names.get(who) or (model.say(who, self.lang) if who[1:].isdigit() else who)

    async def leave(self) -> None:
        self.camera.close("the screen was left")
        self.shell.alerts.detach(self.session)
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
            except Exception:
                log.exception("closing the acting seat")

    async def _sync_actor(self) -> None:
        """Follow the turn: act as the seat whose turn it is (the one picked, when several are)."""
        async with self._actor_lock:  # two snapshots in a row must not open two seats
            await self._sync_actor_locked()

    async def _sync_actor_locked(self) -> None:
        snap = self.session.snapshot
        if snap is None or self.opener is None or not self.follow:
            return
        seats = self._to_act(snap)
        want = self.wanted_seat if self.wanted_seat in seats else (seats[0] if seats else None)
        held = {i.seat for i in snap.seats if i.held}
        if want == self.actor_seat or (want is not None and want == self.elsewhere and want in held):
            return  # already acting for it, or it plays on its own device: not asked again at every change
        await self._drop_actor()
        self.elsewhere = None
        if want is None:
            return
        try:
            actor = await self.opener(want)
        except Rejected as exc:
            if exc.rule == "seat-taken":  # its player plays on their own phone: said on the screen, no error
                self.elsewhere = want
                return
            self.shell.toast(tr("join.failed", self.lang, err=err_text(exc, self.lang)), error=True)
            return
        except Exception as exc:  # noqa: BLE001 - the seat could not be opened: say it, stay on the board
            self.shell.toast(tr("join.failed", self.lang, err=err_text(exc, self.lang)), error=True)
            return
        self.actor, self.actor_seat = actor, want
        actor.on_change(self._changed)
        on_lost = getattr(actor, "on_lost", None)
        if callable(on_lost):
            on_lost(lambda _why, a=actor: self._actor_lost(a))

    def _actor_lost(self, actor: Session) -> None:
        """The seat this tablet played in turn was opened on its player's own device: the tablet follows (it
        says so, and plays the next seat in turn)."""
        if self.actor is not actor:
            return
        self.elsewhere, self.actor, self.actor_seat = self.actor_seat, None, None
        self._changed(None)  # type: ignore[arg-type]

    def _to_act(self, snap: Snapshot) -> list[str]:
        """The seats a tablet playing in turn acts for: those the game waits for out of turn first (a Pandémie
        player over the hand limit after a card was given to them: their province cannot go on until they
        discard), then those whose turn it is; on a province tablet, only its province's players."""
        turn = self._turn(snap)
        waiting = [s for s in model.waiting_for(snap.view) if s in self._mine(snap)]
        out = [*waiting, *(s for s in turn if s not in waiting)]
        if self.event_seat and self.event_seat not in out and self.event_seat in self._mine(snap):
            out.append(self.event_seat)
        return out

    def _out_of_turn(self, snap: Snapshot) -> list[str]:
        """This tablet's players not in turn and playing on no device of their own: one of them may play an
        event card « à tout moment », here."""
        acting = set(self._to_act(snap))
        return [
            i.seat
            for i in snap.seats
            if i.seat != TABLE and i.seat in self._mine(snap) and i.seat not in acting and not i.held
        ]

    async def _toggle_event(self, _e: Any = None) -> None:
        self.choosing_event = not self.choosing_event
        self.shell.refresh()

    def _pick_event(self, seat: str) -> Callable[[Any], Any]:
        """Play for ``seat`` out of its turn (its event card) until another player is picked."""

        async def pick(_e: Any) -> None:
            self.event_seat = self.wanted_seat = seat
            self.choosing_event = False
            await self._sync_actor()
            self.shell.refresh()

        return pick

    def _mine(self, snap: Snapshot) -> set[str]:
        """The seats this screen may play for: a province tablet's province's players, else every seat."""
        if self.seat == TABLE and self.province:
            return {i.seat for i in snap.seats if i.province_code == self.province}
        return {i.seat for i in snap.seats}

    def _turn(self, snap: Snapshot) -> list[str]:
        """The seats whose turn it is; on a province tablet, only its province's players."""
        seats = turn_seats(snap.view)
        if self.seat == TABLE and self.province:
            mine = self._mine(snap)
            seats = [s for s in seats if s in mine]
        elif self.seat != TABLE:  # a player's own device: the turn in its province (Pandémie), not all four
            own = self._province_seats(snap)
            if own and any(s in own for s in seats):
                seats = [s for s in seats if s in own]
        return seats

    def _province_seats(self, snap: Snapshot) -> list[str]:
        """The seats of this player's province in their order of play ([] in a game without provinces)."""
        code = next((i.province_code for i in snap.seats if i.seat == self.seat), "")
        return [i.seat for i in snap.seats if code and i.province_code == code]

    def _plays_after(self, snap: Snapshot, turn: list[str]) -> str:
        """The seat this player plays right after ("" when they play next, or when it is their turn)."""
        own = self._province_seats(snap) or [i.seat for i in snap.seats if i.seat != TABLE]
        if self.seat not in own or self.seat in turn or len(own) < 2:
            return ""
        before = own[own.index(self.seat) - 1]
        return "" if before in turn else before

    def provinces(self, snap: Snapshot) -> list[tuple[str, str]]:
        """(code, name) of the game's provinces (Pandémie), else none."""
        out = [
            (str(p.get("code")), str(p.get("name") or p.get("code")))
            for p in snap.view.get("provinces") or []
            if isinstance(p, dict)
        ]
        return out if len(out) > 1 else []

    def _bind(self, code: str) -> Callable[[Any], Any]:
        async def bind(_e: Any) -> None:
            self.province = code
            self.choosing_province = False
            self.wanted_seat = None
            await self.shell.remember(province=code)
            if self.follow:
                await self._sync_actor()
            self.shell.refresh(top=True)

        return bind

    async def start_following(self) -> None:
        """Play in turn on this tablet from the start (a tablet coming back to where it was)."""
        self.follow = True
        await self._sync_actor()
        self.shell.refresh()

    async def _toggle_follow(self, _e: Any = None) -> None:
        self.follow = not self.follow
        await self.shell.remember(follow=self.follow)
        self.pending = []
        if self.follow:
            await self._sync_actor()
        else:
            await self._drop_actor()
        self.shell.refresh()

    async def _free_if_away(self, seat: str | None) -> None:
        """Free ``seat`` when its device has been gone a while (this screen then plays it without holding
        it)."""
        snap = self.session.snapshot
        away = {i.seat for i in snap.seats if i.away} if snap is not None else set()
        free = getattr(self.session, "free_away", None)
        if seat in away and callable(free):
            try:
                await free(seat)
            except Rejected as exc:  # it came back meanwhile: said below
                log.info("could not free %s: %s", seat, exc)

    def _play_away(self, seat: str) -> Callable[[Any], Any]:
        """ "Play it here": a seat in turn whose device has been gone a while, played on this tablet."""

        async def play(_e: Any) -> None:
            await self._free_if_away(seat)
            if not self.follow:
                self.follow = True
                await self.shell.remember(follow=True)
            self.wanted_seat, self.elsewhere = seat, None
            await self._sync_actor()
            self.shell.refresh()

        return play

    def _pick_actor(self, seat: str) -> Callable[[Any], Any]:
        async def pick(_e: Any) -> None:
            self.wanted_seat = seat
            if seat != self.event_seat:
                self.event_seat = None  # back to the turn: the event's player is no longer offered
            await self._sync_actor()
            self.shell.refresh()

        return pick

    # -- rendering --------------------------------------------------------------------------------------
    def render(self) -> ft.Control:
        body = self._render()
        # a browser's camera: its video panel covers the page's bottom (a wide page's: over the board)
        board_left = self.seat == TABLE and not self._board_tablet()
        self.camera.place("l" if board_left else "r")
        room = self.camera.spacer()
        if room is not None and isinstance(body, ft.Column):
            body.controls.append(room)
        return body

    def _render(self) -> ft.Control:
        lang = self.lang
        snap = self.session.snapshot
        self._shown = self._shows()
        self._titled = self._titles()
        self._offered = self._offers_undo()
        if snap is None:
            return card(ft.Row([ft.ProgressRing(), ft.Text(tr("table.connecting", lang), size=18)]))
        is_table = self.seat == TABLE
        names = model.people(snap.seats, lang)
        head = self._header(snap, names)
        board = card(
            vcol(
                [
                    heading(tr("table.board" if is_table else "table.private", lang)),
                    board_control(
                        snap.game,
                        snap.view,
                        lang,
                        snap.seat,
                        names=names,
                        focus=self.province,
                        on_place=self._on_place,
                        width=self._map_width(),
                        dark=theme.current(self.shell.page) == "dark",
                        device=self.session,
                        unfolded=frozenset(self.unfolded),
                        on_unfold=self._unfold,
                    ),
                ],
                spacing=10,
                tight=True,
            ),
            identifier="board",
        )
        actions, log_ = self._actions(snap), self._log(snap)
        if (
            self.shell.phone
        ):  # one column: the table shows its board first, a player what to do then their hand
            order = [board, actions, log_] if is_table else [actions, board, log_]
            return vcol([head, *order], spacing=12)
        if self._board_tablet():  # the shared board in the middle of the table: its map across the screen
            actions.col, log_.col = {"xs": 12, "md": 7}, {"xs": 12, "md": 5}
            return vcol(
                [head, board, ft.ResponsiveRow([actions, log_], spacing=12, run_spacing=12)], spacing=12
            )
        side = vcol([actions, log_], spacing=12, tight=True)
        board.col = {"xs": 12, "md": 7}
        side.col = {"xs": 12, "md": 5}
        row = ft.ResponsiveRow([board, side] if is_table else [side, board], spacing=12, run_spacing=12)
        return vcol([head, row], spacing=12)

    def _board_tablet(self) -> bool:
        """A table tablet that does not play in turn (the shared board) whose map is larger across the
        screen (what a portrait tablet or a tall screen leaves under the header) than in the board's column
        (a landscape tablet): then the map takes the screen, actions and log below."""
        if self.seat != TABLE or self.follow or self.shell.phone:
            return False
        return self._full_width() > 1.1 * self._column_width()

    def _full_width(self) -> float:
        w, h = float(self.shell.page.width or 1000), float(self.shell.page.height or 800)
        return min(1600.0, w - 72, (h - 370) / 0.707)  # under the header and the counters (~370 px)

    def _column_width(self) -> float:
        return float(self.shell.page.width or 1000) * 7 / 12 - 72

    def _actions(self, table_snap: Snapshot) -> ft.Control:
        lang = self.lang
        mark("undo", None)  # no undo button on the page unless this render makes one (below)
        parts: list[ft.Control] = [heading(tr("table.todo", lang)), *self._province_picker(table_snap)]
        if self.opener is not None and self.seat == TABLE:
            parts.append(
                big_button(
                    tr("table.follow.off" if self.follow else "table.follow.on", lang),
                    self._toggle_follow,
                    "follow",
                    icon=ft.Icons.GROUP,
                    tone="tonal",
                )
            )
            seats = self._to_act(table_snap)
            names = model.people(table_snap.seats, lang)
            if self.follow and len(seats) > 1:
                parts.append(
                    ft.ResponsiveRow(
                        [
                            big_button(
                                model.say(s, lang, names),
                                self._pick_actor(s),
                                f"act-{s}",
                                primary=(s == self.actor_seat),
                                col={"xs": 6, "md": 3},
                            )
                            for s in seats
                        ],
                        spacing=8,
                        run_spacing=8,
                    )
                )
            others = self._out_of_turn(table_snap) if self.follow else []
            if others:  # an event card « à tout moment » for a player without a phone
                parts.append(
                    big_button(
                        tr("table.event.other", lang),
                        self._toggle_event,
                        "event-other",
                        icon=ft.Icons.BOLT,
                        tone="tonal",
                    )
                )
                if self.choosing_event:
                    parts.append(
                        ft.ResponsiveRow(
                            [
                                big_button(
                                    model.say(s, lang, names),
                                    self._pick_event(s),
                                    f"event-for-{s}",
                                    col={"xs": 6, "md": 3},
                                )
                                for s in others
                            ],
                            spacing=8,
                            run_spacing=8,
                        )
                    )
        away = {i.seat for i in table_snap.seats if i.away}
        over = table_snap.outcome is not None  # nobody plays a finished game
        elsewhere = self.elsewhere if self.follow and not self.actor_seat and not over else None
        # the seat in turn, played on its player's own device (not one gone a while: that one is flagged)
        held = elsewhere if elsewhere is not None and elsewhere not in away else None
        if held is not None:
            who = model.say(held, lang, model.people(table_snap.seats, lang))
            parts.append(
                ident(
                    pill(tr("table.follow.elsewhere", lang, seat=who), ft.Colors.SECONDARY_CONTAINER),
                    "follow-elsewhere",
                )
            )
            # nothing to tap while the phone holds the seat: once it lets go, this tablet plays it at once
            parts.append(ident(ft.Text(tr("table.follow.held", lang, seat=who), size=15), "follow-held"))
        if self.follow and self.actor_seat:  # pass-and-play: the acting player's part after their own tap
            self.privacy.follow(self.actor_seat)
            if not self.privacy.visible(self.actor_seat):
                who = model.say(self.actor_seat, lang, model.people(table_snap.seats, lang))
                parts.append(self.privacy.gate(self.actor_seat, who, lang, self.shell.refresh))
                return card(vcol(parts, spacing=10, tight=True), identifier="actions")
            parts.append(self.privacy.hide_button(lang, self.shell.refresh))
        snap = self.acting.snapshot or table_snap
        pending = [i for i, c in enumerate(snap.choices) if c.intent in self.pending]
        if pending:  # the scanned component fits several actions: those first, highlighted
            col = {"xs": 12, "sm": 6, "md": 12, "lg": 6}
            parts.append(
                ft.Text(tr("scan.many", lang, cid=self.scan.value or ""), size=16, weight=ft.FontWeight.W_600)
            )
            parts.append(
                ft.ResponsiveRow(
                    [
                        big_button(
                            model.choice_label(snap.choices[i], lang),
                            self._choose(snap.choices[i].intent),
                            f"match-{n}",
                            primary=True,
                            col=col,
                        )
                        for n, i in enumerate(pending)
                    ]
                    + [
                        big_button(
                            tr("scan.cancel", lang),
                            self._cancel_pending,
                            "match-cancel",
                            icon=ft.Icons.CLOSE,
                            col=col,
                        )
                    ],
                    spacing=8,
                    run_spacing=8,
                )
            )
        prompt = game_prompt(snap.game, self, snap)  # e.g. Rattus: the face of a real token turned over
        if prompt is not None:
            parts.append(prompt)
        picked, handled, labelled = choice_panel(
            snap.game,
            snap.choices,
            snap.view,
            lang,
            model.people(snap.seats, lang),
            self.picker_state.setdefault(snap.seat, {}),  # one per player
            self.shell.refresh,
            self._choose,
        )
        parts += picked
        groups = [
            g for g in model.group_choices(labelled, lang, group_titles(snap.game)) if g.kind not in handled
        ]
        if not groups and not picked and prompt is None and held is None:  # (held: it says who plays, where)
            waiting = "table.waiting.table" if self.seat == TABLE and not self.follow else "table.waiting"
            parts.append(
                ft.Text(tr("table.over.nothing" if snap.outcome is not None else waiting, lang), size=16)
            )
        shown = 0  # the buttons are numbered as shown (choice-0 is the first one on screen): a picker that
        # takes some choices (events, supports) leaves no gap for the player's first button
        for g in groups:
            items = g.items
            folded = len(items) > FOLD_AT and g.kind not in self.expanded
            parts.append(
                ft.Text(
                    f"{g.title} ({len(items)})" if len(items) > 1 else g.title,
                    size=16,
                    weight=ft.FontWeight.W_600,
                )
            )
            showing = items[:FOLD_SHOW] if folded else items
            more = len(items) - FOLD_SHOW if folded else 0
            parts.append(self._choice_row(g.kind, showing, snap, shown, more))
            shown += len(showing)
        if self._undo_here(snap):
            parts.append(
                # marked: an action elsewhere that takes the undo away hides it without a render (refresh)
                mark(
                    "undo",
                    big_button(tr("table.undo", lang), self._undo, "undo", icon=ft.Icons.UNDO, tone="tonal"),
                )
            )
        scanner = self._scanner(snap)
        if scanner is not None:
            parts.append(scanner)
        return card(vcol(parts, spacing=10, tight=True), identifier="actions")

    def _map_width(self) -> float:
        """The drawn board's width: the whole phone, else the board's column (companion.ui.boards)."""
        w = float(self.shell.page.width or 1000)
        if self._board_tablet():
            return max(300.0, self._full_width())
        return max(300.0, min(1400.0, w - 56 if self.shell.phone else self._column_width()))

    def _on_place(self, key: str, name: str) -> None:
        """A tap on a city or region of the map: what the acting seat can do there
        (companion.ui.boards.tap)."""
        snap = self.acting.snapshot or self.session.snapshot
        if self.follow and self.actor_seat and not self.privacy.visible(self.actor_seat):
            snap = self.session.snapshot  # pass-and-play: the board offers nothing private before "C'est moi"
        offer(
            self.shell.page,
            self.lang,
            snap.choices if snap else [],
            key,
            name,
            self._choose,
            lambda m: self.shell.toast(m),
            self.camera.dialog_inset(),
        )

    def _cancel_pending(self, _e: Any = None) -> None:
        self.pending = []
        self.shell.refresh()

    def _unfold(self, part: str, opened: bool) -> None:
        """A folded part of the board (another province) opened or closed: drawn with or without its
        content."""
        if opened == (part in self.unfolded):
            return
        if opened:
            self.unfolded.add(part)
        else:
            self.unfolded.discard(part)
        self._changed(None)  # type: ignore[arg-type]

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
            if snap is None or not is_listed(snap.game, intent, snap.choices):
                self.shell.toast(tr("table.stale", self.lang), error=True)
                self.shell.refresh()
                return
            await self._send(intent)

        # what the button means: a re-render that gives this button another intent puts a new button in its
        # place (companion.runtime.graft), so that a tap already on its way plays what the user saw, or
        # nothing
        choose.tk_meaning = json.dumps(intent, sort_keys=True, default=str)  # type: ignore[attr-defined]
        return choose

    def _reset_pickers(self, played: dict[str, dict[str, Any]]) -> None:
        """Played: the next choice starts from the pickers' defaults, except what was picked since the play
        left (the play's own snapshot can come before its answer: the picker it opens, Divinations' order or
        a Ghost town's target, may have had its first tap already; clearing everything lost that tap)."""
        for seat, state in self.picker_state.items():
            before = played.get(seat, {})
            for key in [k for k in state if k in before and before[k] == state[k]]:
                del state[key]

    async def _send(self, intent: dict[str, Any]) -> None:
        if self.busy:
            return
        self.busy = True
        same_screen = False
        played = copy.deepcopy(self.picker_state)
        try:
            await self.acting.send(intent)
            self._reset_pickers(played)
            # the action's own snapshot redraws the screen (_changed): a second render now would only
            # delay it, unless a scan's offers or the scan field must be cleared too
            same_screen = not self.pending and not (self.scan.value or "")
            self.pending = []
            self.scan.value = ""
            if same_screen:  # nor the whole page's walk Flet makes after a handler (its own switch)
                ft.context.disable_auto_update()
        except Rejected as exc:
            self.shell.toast(tr("table.rejected", self.lang, message=self._refusal(exc)), error=True)
        except Exception as exc:
            log.exception("send")
            self.closed_error = err_text(exc, self.lang)
            self.shell.toast(tr("table.error", self.lang, err=err_text(exc, self.lang)), error=True)
        finally:
            self.busy = False
        if not same_screen:
            self.shell.refresh()

    def _refusal(self, exc: Rejected) -> str:
        """The refusal in this screen's language, seats by their players' names."""
        snap = self.acting.snapshot or self.session.snapshot
        game = snap.game if snap is not None else ""
        names = model.people(snap.seats, self.lang) if snap is not None else None
        return refusal_text(exc.rule, exc.message, self.lang, game, names)

    async def _undo(self, _e: Any = None) -> None:
        try:
            await self.acting.undo()
        except Rejected as exc:
            self.shell.toast(tr("table.rejected", self.lang, message=self._refusal(exc)), error=True)
            return
        except Exception as exc:  # noqa: BLE001
            self.shell.toast(tr("table.error", self.lang, err=err_text(exc, self.lang)), error=True)
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
        snap = self.acting.snapshot
        game = snap.game if snap is not None else ""
        problem = scan_refusal(parsed.raw, parsed.component_id, game, lang) if game else None
        if parsed.component_id is None or problem:
            self.shell.toast(
                problem or tr("scan.foreign", lang, reason=reason_text(parsed.reason, lang), raw=parsed.raw),
                error=True,
            )
            return
        cid = parsed.component_id
        self.scan.value = cid
        await self.use_meaning(
            cid
        )  # what the game says it means now (companion.ui.table_camera, companion.ui.meaning)
