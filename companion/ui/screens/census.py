"""The Rattus token census: go through the 49 rat tokens, scan or type each, tap its face, record."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import flet as ft

from ... import camera
from .. import profiles as P
from ..camera_dialog import scan_miss
from ..i18n import pairs, tr
from ..typed import track
from ..viewfinder import Viewfinder
from ..widgets import big_button, card, heading, ident, pill, vcol
from .base import Screen

if TYPE_CHECKING:
    from ..navigator import Navigator


TEXTS: dict[str, tuple[str, str]] = {
    "shown": ("{tid} : touchez sa face puis Enregistrer.", "{tid}: tap its face, then Record."),
}
t = pairs(TEXTS)


class CensusScreen(Screen):
    """Go through the 49 rat tokens: scan or type a token, tap its face, record (saved each time)."""

    title_key = "census.title"

    def __init__(self, shell: Navigator, census: P.CensusFile | None = None) -> None:
        super().__init__(shell)
        self.census = census
        self.new_name = track(ft.TextField(text_size=18))  # kept between renders: see companion/ui/typed.py
        self.token = track(
            ft.TextField(
                text_size=20,
                capitalization=ft.TextCapitalization.CHARACTERS,
                on_submit=lambda _e: self.shell.refresh(),
            )
        )
        self.threshold: int | None = None
        self.symbols: list[str] = []
        self.message = ""
        self.confirm_replace = ""
        self.camera = Viewfinder(shell, self._seen, key="census")  # a token's sticker fills the field
        if census is not None:
            self._next()

    # -- choosing or starting a census ----------------------------------------------------------------------
    def _open(self, path: Path) -> Callable[[Any], None]:
        def open_(_e: Any) -> None:
            try:
                self.census = P.CensusFile.open(path)
            except Exception as exc:  # noqa: BLE001 - a damaged file: say why, keep the list
                self.shell.toast(tr("census.bad", self.lang, err=exc), error=True)
                return
            self._next()
            self.shell.refresh()

        return open_

    def _start(self, _e: Any = None) -> None:
        try:
            self.census = P.CensusFile.new(self.shell.hub.data_dir, self.new_name.value or "")
        except Exception as exc:  # noqa: BLE001 - an unwritable data dir: say it
            self.shell.toast(tr("census.bad", self.lang, err=exc), error=True)
            return
        self._next()
        self.shell.refresh()

    def _next(self) -> None:
        assert self.census is not None
        missing = self.census.progress().missing
        self.token.value = missing[0] if missing else ""
        self.threshold = None
        self.symbols = []
        self.confirm_replace = ""

    # -- one token ---------------------------------------------------------------------------------------
    def _set_threshold(self, n: int) -> Callable[[Any], None]:
        def set_(_e: Any) -> None:
            self.threshold = n
            self.shell.refresh()

        return set_

    def _toggle(self, sym: str) -> Callable[[Any], None]:
        def toggle(_e: Any) -> None:
            if sym in self.symbols:
                self.symbols.remove(sym)
            else:
                self.symbols.append(sym)
            self.shell.refresh()

        return toggle

    def record(self, _e: Any = None) -> None:
        from engine.games.rattus import profile as rp

        lang = self.lang
        assert self.census is not None
        text = (self.token.value or "").strip()
        if not text:
            self.shell.toast(tr("census.no_token", lang), error=True)
            return
        face = P.face_text(self.threshold, self.symbols)
        try:
            tid = rp.token_id_of(text)
            old = self.census.face(tid)
            new = rp.parse_face(face)
            if old is not None and old != new and self.confirm_replace != tid:
                self.confirm_replace = tid
                self.shell.toast(tr("census.already", lang, tid=tid, face=old.text()), error=True)
                return
            self.census.record(tid, new, replace=self.confirm_replace == tid)
        except rp.TokenCodeError as exc:  # a damaged code, a foreign one, no rat token: said in words
            self.shell.toast(tr("census.bad", lang, err=exc.said(lang)), error=True)
            return
        except (ValueError, rp.CensusError) as exc:
            self.shell.toast(tr("census.bad", lang, err=exc), error=True)
            return
        except OSError as exc:  # the data dir is not writable: nothing recorded is lost from memory
            self.shell.toast(tr("census.bad", lang, err=exc), error=True)
            return
        self.message = tr("census.recorded", lang, tid=tid, face=new.text())
        self._next()
        self.shell.refresh()

    def finish(self, _e: Any = None) -> None:
        from engine.games.rattus import profile as rp

        assert self.census is not None
        try:
            self.census.finish()
        except rp.CensusError as exc:
            self.shell.toast(tr("census.bad", self.lang, err=exc), error=True)
            return
        self.message = tr("census.finished", self.lang)
        self.shell.toast(self.message)
        self.shell.refresh()

    async def leave(self) -> None:
        self.camera.close("the screen was left")

    async def _seen(self, changes: list[Any]) -> None:
        """The camera saw codes: a rat token's sticker fills the token (the camera stays open for the next);
        anything else is named (:func:`scan_miss`)."""
        said: list[str] = []
        for c in changes:
            if c.kind != "appeared":
                continue
            cid = c.component_id
            if cid is not None and cid.startswith("RAT:"):
                self.token.value = cid
                self.threshold, self.symbols, self.confirm_replace = None, [], ""
                said = [t("shown", self.lang, tid=cid)]
            else:
                said.append(scan_miss(camera.scans_of([c.read]), self.lang, prefix="RAT:"))
        if said:
            self.camera.tell(" · ".join(said))
            self.shell.refresh()

    async def _new_table(self, _e: Any = None) -> None:
        await self.shell.open_new_table(game="rattus", profile=self.census.path if self.census else None)

    # -- rendering -----------------------------------------------------------------------------------------
    def render(self) -> ft.Control:
        return self._census_control() if self.census is not None else self._list_control()

    def _list_control(self) -> ft.Control:
        lang = self.lang
        rows: list[ft.Control] = [heading(tr("census.list", lang))]
        for i, s in enumerate(P.rattus_profiles(self.shell.hub.data_dir)):
            if s.error:
                rows.append(
                    ft.Text(
                        tr("pp.damaged", lang, name=s.path.name, err=s.error), size=13, color=ft.Colors.ERROR
                    )
                )
                continue
            rows.append(
                big_button(
                    tr("census.line", lang, name=s.name, done=s.done, total=s.total),
                    self._open(s.path),
                    f"census-open-{i}",
                    icon=ft.Icons.CHECKLIST,
                )
            )
        self.new_name.label = tr("census.new_name", lang)
        start = [
            ident(self.new_name, "census-name"),
            big_button(tr("census.new", lang), self._start, "census-new", icon=ft.Icons.ADD, primary=True),
        ]
        return vcol([card(vcol(rows, spacing=10)), card(vcol(start, spacing=10))], spacing=14)

    def _census_control(self) -> ft.Control:
        from engine.games.rattus.characters import CLASSES

        lang = self.lang
        cf = self.census
        assert cf is not None
        prog = cf.progress()
        head = [
            heading(cf.name, 20),
            ft.ProgressBar(value=prog.done / prog.total if prog.total else 0, bar_height=14, border_radius=7),
            ident(
                ft.Text(
                    tr("census.progress", lang, done=prog.done, total=prog.total),
                    size=18,
                    weight=ft.FontWeight.BOLD,
                ),
                "census-progress",
            ),
            ft.Text(tr("census.file", lang, path=cf.path), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ]
        if self.message:
            head.append(ident(pill(self.message, ft.Colors.TERTIARY_CONTAINER), "census-message"))
        self.token.label = tr("census.token", lang)
        tok: list[ft.Control] = [ident(self.token, "census-token")]
        cam = self.camera.button(
            "census-scan", label=tr("census.scan", lang)
        )  # the live viewfinder: each sticker shown fills the token
        if cam is not None:
            tok.append(cam)
        part = self.camera.control()
        if part is not None:
            tok.append(part)
        text = (self.token.value or "").strip()
        if text:
            try:
                old = cf.face(text)
            except ValueError:
                old = None
            if old is not None:
                tok.append(
                    pill(
                        tr("census.already", lang, tid=text.upper(), face=old.text()),
                        ft.Colors.PRIMARY_CONTAINER,
                    )
                )
        th = [
            big_button(
                str(n),
                self._set_threshold(n),
                f"census-th-{n}",
                primary=(n == self.threshold),
                col={"xs": 4, "md": 2},
            )
            for n in range(1, 10)
        ]
        syms = [
            ("M", tr("census.sym.M", lang)),
            *((k, v[1] if lang == "en" else v[0]) for k, v in CLASSES.items()),
            ("A", tr("census.sym.A", lang)),
        ]
        sy = [
            big_button(
                label, self._toggle(k), f"census-sym-{k}", primary=(k in self.symbols), col={"xs": 6, "md": 3}
            )
            for k, label in syms
        ]
        face = [
            ft.Text(tr("census.threshold", lang), size=16, weight=ft.FontWeight.W_600),
            ft.ResponsiveRow(th, spacing=8, run_spacing=8),
            ft.Text(tr("census.symbols", lang), size=16, weight=ft.FontWeight.W_600),
            ft.ResponsiveRow(sy, spacing=8, run_spacing=8),
            big_button(
                tr("census.record", lang),
                self.record,
                "census-record",
                icon=ft.Icons.SAVE,
                primary=True,
                height=72,
            ),
        ]
        end: list[ft.Control] = []
        if prog.complete:
            end += [
                ident(pill(tr("census.finished", lang), ft.Colors.TERTIARY_CONTAINER), "census-done"),
                big_button(
                    tr("new.title", lang), self._new_table, "census-table", icon=ft.Icons.ADD, primary=True
                ),
            ]
        else:
            shown = ", ".join(prog.missing[:12]) + (" …" if len(prog.missing) > 12 else "")
            end += [
                ft.Text(tr("census.missing", lang, ids=shown), size=14),
                big_button(
                    tr("census.finish", lang),
                    self.finish,
                    "census-finish",
                    icon=ft.Icons.DONE_ALL,
                    tone="tonal",
                ),
            ]
        room = self.camera.spacer()  # a browser's camera: its video panel covers the page's bottom
        below = [room] if room is not None else []
        if self.shell.phone:
            return vcol(
                [
                    card(vcol(head, spacing=8)),
                    card(vcol(tok + face, spacing=10)),
                    card(vcol(end, spacing=8)),
                    *below,
                ],
                spacing=12,
            )
        left = card(vcol([*head, *tok, *end], spacing=10), col={"md": 5})
        right = card(vcol(face, spacing=10), col={"md": 7})
        row = ft.ResponsiveRow([left, right], spacing=12, run_spacing=12)
        return vcol([row, *below], spacing=12) if below else row
