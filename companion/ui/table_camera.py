"""The table screen's camera: a live viewfinder whose steady reads act through the game's own meaning of "this
component shown now" (:mod:`companion.ui.shown`), mixed into :class:`~companion.ui.screens.table.TableScreen`.

The components shown since the game last moved are collected (a Cartus reveal's cards come one by one); each
time one appears, the game says what they mean and the screen acts: plays (after one confirmation when the
game asks it, in a dialog above the video), offers a short list, opens a place of the board as a tap would
(several places: a dialog lists them, the one tapped opens), opens the game's prompt with the component
filled in, or says why nothing happens — on the line under the video, and on the code's outline. A component
acted on is not acted on again while it stays in view. A foreign or damaged code is named.
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from ..session import Snapshot
from . import model
from .games import component_label, scan_refusal
from .i18n import pairs, tr
from .meaning import meaning
from .pickers import is_listed
from .shown import Moment, Shown, not_ours, ordered, tag
from .viewfinder import Viewfinder
from .widgets import ident

log = logging.getLogger("tablekeeper.app")

TEXTS: dict[str, tuple[str, str]] = {
    "confirm": ("Confirmer", "Confirm"),
    "cancel": ("Annuler", "Cancel"),
    "cancelled": ("Rien n'a été joué.", "Nothing was played."),
    "stale": (
        "La partie a changé entre-temps : montrez-le de nouveau.",
        "The game moved meanwhile: show it again.",
    ),
    "refused": ("Refusé : {why}", "Refused: {why}"),
    "asked": ("{question} Confirmez ou annulez.", "{question} Confirm or cancel."),
}
t = pairs(TEXTS)


class TableCamera:
    """The camera part of the table screen (it reads the screen's ``shell``, ``acting``, ``lang``, …)."""

    def _camera_init(self) -> None:
        self.camera = Viewfinder(self.shell, self._shown_changes, self._describe_read, key="scan")  # type: ignore[attr-defined]
        self.shown_ids: list[str] = []  # components shown since the game last moved, in order first seen
        self.shown_at: tuple[int, str] = (-1, "")  # the (seq, seat) they were collected at
        self.shown_used: set[str] = set()  # acted on: not again while they stay in view
        self.shown_tags: dict[str, tuple[str, str]] = {}  # component (or raw text) → (outline's name, tone)
        self.shown_confirm: Shown | None = None  # played once confirmed
        self.shown_dialog: ft.AlertDialog | None = None  # its question, open above the video
        self.prompt_fill: dict[str, str] = {}  # what the game's prompt takes in (Rattus: the sticker shown)

    # -- what the viewfinder sees ---------------------------------------------------------------------------
    def _describe_read(self, read: Any) -> tuple[str, str]:
        lang = self.lang  # type: ignore[attr-defined]
        key = read.component_id or "\0" + read.raw
        if key in self.shown_tags:
            return self.shown_tags[key]
        if read.component_id is None:
            return not_ours(read.raw, lang, read.reason)[1], "bad"
        return tag(read.component_id, lang), "ok"

    async def _shown_changes(self, changes: list[Any]) -> None:
        snap: Snapshot | None = self.acting.snapshot  # type: ignore[attr-defined]
        if snap is None:
            return
        lang = self.lang  # type: ignore[attr-defined]
        for c in changes:
            if c.kind == "gone":
                self.shown_used.discard(c.component_id or "\0" + c.raw)
        appeared = [c for c in changes if c.kind == "appeared"]
        if not appeared:
            return
        if self.shown_at != (snap.seq, snap.seat):  # the game moved: a new moment
            self.shown_at, self.shown_ids = (snap.seq, snap.seat), []
        said: list[str] = []
        fresh: list[str] = []
        for c in appeared:
            if c.component_id is None:
                line, tag = not_ours(c.raw, lang, c.read.reason)
                self.shown_tags["\0" + c.raw] = (tag, "bad")
                said.append(line)
                continue
            cid = c.component_id
            problem = scan_refusal(c.raw, cid, snap.game, lang)
            if problem:
                self.shown_tags[cid] = (tag(cid, lang), "bad")
                said.append(problem)
                continue
            if cid in self.shown_used:
                continue
            fresh.append(cid)
            if cid not in self.shown_ids:
                self.shown_ids.append(cid)
        if fresh:
            names = model.people(snap.seats, lang)
            m = Moment(ordered(self.shown_ids), tuple(fresh), snap, lang, names)
            try:
                what = meaning(snap.game, m)
            except Exception:
                log.exception("what %s means in %s", fresh, snap.game)
                what = Shown(say=tr("scan.nomatch", lang, cid=", ".join(fresh)), used=tuple(fresh))
            said.insert(0, "" if what.confirm else what.say)
            await self._act_shown(what, fresh)
        if any(said):
            self.camera.tell(" · ".join(x for x in said if x))
        self.shell.refresh()  # type: ignore[attr-defined]

    async def _act_shown(self, what: Shown, fresh: list[str]) -> None:
        lang = self.lang  # type: ignore[attr-defined]
        done = bool(what.send) and not what.confirm
        tone = "done" if done else ("ok" if what.acts or what.wait else "idle")
        for cid in fresh:
            self.shown_tags[cid] = (tag(cid, lang), tone)
        if not what.wait:
            self.shown_used.update(what.used)
        if what.prompt:
            self.prompt_fill = dict(what.prompt)
        if what.offer:
            self.pending = list(what.offer)  # type: ignore[attr-defined]
            self.scan.value = ", ".join(fresh)  # type: ignore[attr-defined]
        if what.place is not None:
            self._on_place(*what.place)  # type: ignore[attr-defined]
        if what.places:
            self._offer_places(what)
        if what.send and what.confirm:
            self._ask(what)
            self.camera.tell(t("asked", lang, question=what.confirm))
        elif what.send:
            await self._send_shown(what.send)

    def _offer_places(self, what: Shown) -> None:
        """Several places of the board seen at once: a dialog lists them (what the game says as its title),
        the one tapped opens as a tap on it on the map does."""
        page = self.shell.page  # type: ignore[attr-defined]

        def open_place(key: str, name: str) -> Any:
            def go(_e: Any) -> None:
                page.pop_dialog()
                self._on_place(key, name)  # type: ignore[attr-defined]

            return go

        buttons: list[ft.Control] = [
            ident(ft.FilledButton(name, on_click=open_place(key, name), height=52), f"camera-place-{n}")
            for n, (key, name) in enumerate(what.places)
        ]
        page.show_dialog(
            ft.AlertDialog(
                title=ident(ft.Text(what.say), "camera-places"),
                content=self._dialog_column(buttons),
                actions=[
                    ident(
                        ft.TextButton(t("cancel", self.lang), on_click=lambda _e: page.pop_dialog()),  # type: ignore[attr-defined]
                        "camera-places-cancel",
                    )
                ],
                modal=False,
                scrollable=True,  # a long list scrolls within the room the page gives
                inset_padding=self.camera.dialog_inset(),
            )
        )

    def _dialog_column(self, controls: list[ft.Control]) -> ft.Column:
        """A dialog's content: as tall as what it holds (a button that expands in a column, or a column
        that scrolls, would take the whole height), each button as wide as the dialog; the dialog scrolls as
        a whole when the page has no more room (``scrollable``)."""
        return ft.Column(
            controls,
            tight=True,
            spacing=8,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )

    def _ask(self, what: Shown) -> None:
        """The question the camera asks before it plays what was shown (hidden information), in a dialog
        over the screen, above the video: wherever the screen is scrolled, its two buttons are in sight."""
        self._close_question()
        self.shown_confirm = what
        lang, page = self.lang, self.shell.page  # type: ignore[attr-defined]
        buttons: list[ft.Control] = [
            ident(
                ft.FilledButton(
                    t("confirm", lang), icon=ft.Icons.CHECK, on_click=self._confirm_shown, height=56
                ),
                "camera-confirm",
            ),
            ident(
                ft.OutlinedButton(
                    t("cancel", lang), icon=ft.Icons.CLOSE, on_click=self._cancel_shown, height=56
                ),
                "camera-cancel",
            ),
        ]
        self.shown_dialog = ft.AlertDialog(
            content=self._dialog_column(
                [
                    ident(ft.Text(what.confirm, size=18, weight=ft.FontWeight.W_600), "camera-question"),
                    *buttons,
                ]
            ),
            modal=True,  # nothing played, nothing dismissed, by a tap beside it
            scrollable=True,
            inset_padding=self.camera.dialog_inset(),
        )
        page.show_dialog(self.shown_dialog)

    def _close_question(self) -> None:
        dlg, self.shown_dialog = self.shown_dialog, None
        if dlg is not None and dlg.open:
            dlg.open = False
            try:
                dlg.update()
            except Exception:  # noqa: BLE001 - the page is gone
                pass

    async def _send_shown(self, intents: tuple[dict[str, Any], ...]) -> None:
        """Play ``intents`` in order, each while still listed (a region's tokens: the ravage may end first); a
        refusal is said by :meth:`_send` and stops the rest."""
        for k, intent in enumerate(intents):
            snap = self.acting.snapshot  # type: ignore[attr-defined]
            if snap is None or not is_listed(snap.game, intent, snap.choices):
                if k == 0:
                    self.camera.tell(t("stale", self.lang))  # type: ignore[attr-defined]
                return
            await self._send(intent)  # type: ignore[attr-defined]
            after = self.acting.snapshot  # type: ignore[attr-defined]
            if after is None or after.seq == snap.seq:  # refused (said), or the link dropped
                return

    async def use_meaning(self, cid: str) -> None:
        """A code typed (or scanned into the field): what the game says it means, acted on as a shown one."""
        snap: Snapshot | None = self.acting.snapshot  # type: ignore[attr-defined]
        if snap is None:
            return
        lang = self.lang  # type: ignore[attr-defined]
        what = meaning(snap.game, Moment((cid,), (cid,), snap, lang, model.people(snap.seats, lang)))
        if not (what.acts or what.send):
            self.pending = []  # type: ignore[attr-defined]
            self.shell.toast(what.say or tr("scan.nomatch", lang, cid=component_label(cid, lang)), error=True)  # type: ignore[attr-defined]
            self.shell.refresh()  # type: ignore[attr-defined]
            return
        self.shown_at = (snap.seq, snap.seat)
        await self._act_shown(what, [cid])
        if not (what.send and not what.confirm):
            self.shell.refresh()  # type: ignore[attr-defined]

    async def _confirm_shown(self, _e: Any = None) -> None:
        what, self.shown_confirm = self.shown_confirm, None
        self._close_question()
        if what is not None:
            await self._send_shown(what.send)
        self.shell.refresh()  # type: ignore[attr-defined]

    def _cancel_shown(self, _e: Any = None) -> None:
        self.shown_confirm = None
        self._close_question()
        self.shown_ids = []
        self.camera.tell(t("cancelled", self.lang))  # type: ignore[attr-defined]
        self.shell.refresh()  # type: ignore[attr-defined]

    def take_prompt_fill(self, key: str) -> str:
        """What the camera gave the game's prompt for ``key`` (once), else ""."""
        return self.prompt_fill.pop(key, "")

    # -- drawing --------------------------------------------------------------------------------------------
    def _drop_stale_question(self, snap: Snapshot) -> None:
        """The camera's question (:meth:`_ask`) is no longer asked once the game moved: its dialog closes."""
        if self.shown_confirm is not None and self.shown_at != (snap.seq, snap.seat):
            self.shown_confirm = None
            self._close_question()


__all__ = ["TableCamera"]
