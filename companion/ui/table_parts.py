"""The table screen's parts that read the snapshot and draw: the header (whose turn, what is awaited, the
result), a province tablet's province picker, the code/scan field, the log and the end-of-game audit.
:class:`~companion.ui.screens.table.TableScreen` takes them from :class:`TableParts`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import flet as ft
import msgspec

from engine.core.events import HOST, TABLE

from ..session import Snapshot
from . import model
from .games import (
    has_codes,
    outcome_lines,
    scan_example,
    sees,
    titles,
)
from .header import header
from .i18n import STRINGS, pairs, tr
from .memo import keep
from .screens.base import table_title
from .widgets import big_button, card, heading, ident, pill, sections_control, vcol

TEXTS: dict[str, tuple[str, str]] = {
    "log.mine_said": ("Ce qui touche {province}.", "What concerns {province}."),
    "log.everywhere_said": ("Toutes les provinces.", "Every province."),
    "log.everywhere": ("Voir toutes les provinces", "Show every province"),
    "log.mine": ("{province} seulement", "{province} only"),
}
t = pairs(TEXTS)


class TableParts:
    """Drawing methods of the table screen (they read its state: ``self.lang``, ``self.seat``, …)."""

    def _header(self, snap: Snapshot, names: dict[str, str]) -> ft.Control:
        """Whose turn, actions left, where this seat stands, what is awaited: above everything else."""
        lang = self.lang
        turn = self._turn(snap)
        acting = self.actor_seat if self.follow and self.actor_seat else None
        shown = self.acting.snapshot or snap
        h = header(
            snap.game,
            shown.view,
            snap.seat if acting is None else acting,
            lang,
            turn,
            names,
            self.province,
            acting,
            "" if acting is not None or self.seat == TABLE else self._plays_after(snap, turn),
        )
        me = (
            tr("tablet.bound", lang, province=dict(self.provinces(snap)).get(self.province, self.province))
            if self.seat == TABLE and self.province
            else model.say(snap.seat, lang, names)
        )
        facts = tuple(x for x in (h.actions, h.where, h.awaited) if x)
        # the number of the last event this page shows (its log's); what the UI benchmarks watch for to time a
        # page's repaint (benchmarks.watch)
        line = (
            f"{table_title(snap.table_name, snap.game, lang)} · {tr('table.seat', lang, seat=me)} · "
            f"{self._last_seq(snap)}"
        )
        # kept while it says the same (companion.ui.memo); when it changed, written into the one on the page
        parts: list[ft.Control] = [
            keep(
                ("header", h.turn, facts, line, h.mine),
                lambda: _head_card(h.turn, facts, line, h.mine),
                "header",
            )
        ]
        if snap.outcome is not None:
            # the header says the game is over: the card says how (its first line beside the cup or the
            # flag), else its sections under "Game over"
            said = outcome_lines(snap.game, snap.outcome, lang, names)
            title = said[0] if said else tr("table.over", lang)
            told: list[ft.Control] = (
                [ft.Text(x, size=18) for x in said[1:]]
                if said
                else [sections_control(model.sections(snap.outcome, lang))]
            )
            parts.append(
                card(
                    vcol(
                        [
                            ft.Row(
                                [
                                    ft.Icon(_end_icon(snap.outcome), size=30),
                                    ft.Text(title, size=22, weight=ft.FontWeight.BOLD, expand=True),
                                ]
                            ),
                            *told,
                        ],
                        tight=True,
                    ),
                    identifier="outcome",
                    bgcolor=ft.Colors.TERTIARY_CONTAINER,
                )
            )
        elif snap.choices and self.seat != TABLE and not h.mine and turn:
            parts.append(
                pill(
                    tr("table.can_act", lang, who=", ".join(model.say(s, lang, names) for s in turn)),
                    ft.Colors.PRIMARY_CONTAINER,
                )
            )
        if self.follow and self.actor_seat and snap.outcome is None:  # nobody plays a finished game
            parts.append(
                ident(
                    pill(
                        tr("table.follow.now", lang, seat=model.say(self.actor_seat, lang, names)),
                        ft.Colors.TERTIARY_CONTAINER,
                    ),
                    "follow-now",
                )
            )
        parts += self._away_flags(snap, names)
        parts += self._audit(snap)  # the end-of-game shuffle audit, right under the result
        if not self.online:
            parts.append(pill(tr("table.offline", lang), ft.Colors.ERROR_CONTAINER))
        elif self.closed_error:
            parts.append(pill(tr("table.closed", lang, err=self.closed_error), ft.Colors.ERROR_CONTAINER))
        return vcol(parts, spacing=6, tight=True)

    def _away_flags(self, snap: Snapshot, names: dict[str, str]) -> list[ft.Control]:
        """On a shared tablet (a province tablet: its province's), each seat in turn whose device has been
        gone a while — nobody is stuck unseen — with a one-tap "play it here"."""
        if self.seat != TABLE or snap.outcome is not None:
            return []
        lang = self.lang
        away = {i.seat for i in snap.seats if i.away}
        flags: list[ft.Control] = []
        for s in self._to_act(snap):
            if s not in away or s == self.actor_seat:
                continue
            who = model.say(s, lang, names)
            flags.append(
                card(
                    vcol(
                        [
                            ft.Row(
                                [
                                    ft.Icon(ft.Icons.WARNING_AMBER, size=28),
                                    ft.Text(tr("table.away", lang, seat=who), size=17, expand=True),
                                ]
                            ),
                            big_button(
                                tr("table.away.play", lang, seat=who),
                                self._play_away(s),
                                f"away-play-{s}",
                                icon=ft.Icons.TABLET,
                                primary=True,
                            ),
                        ],
                        spacing=8,
                        tight=True,
                    ),
                    identifier=f"away-{s}",
                    bgcolor=ft.Colors.ERROR_CONTAINER,
                )
            )
        return flags

    def _province_picker(self, snap: Snapshot) -> list[ft.Control]:
        """A Pandémie tablet: which province it stands for (its board first, its players' turns only)."""
        provinces = self.provinces(snap) if self.seat == TABLE else []
        if not provinces:
            return []
        lang = self.lang
        if self.province and not self.choosing_province:
            return [
                big_button(
                    tr("tablet.change", lang),
                    self._choose_province,
                    "tablet-change",
                    icon=ft.Icons.SWAP_HORIZ,
                    tone="tonal",
                )
            ]
        return [
            ft.Text(tr("tablet.pick", lang), size=16, weight=ft.FontWeight.W_600),
            ft.ResponsiveRow(
                [
                    big_button(
                        tr("tablet.province", lang, province=name),
                        self._bind(code),
                        f"tablet-{code}",
                        primary=(code == self.province),
                        col={"xs": 6, "md": 3},
                    )
                    for code, name in provinces
                ],
                spacing=8,
                run_spacing=8,
            ),
        ]

    def _choose_province(self, _e: Any = None) -> None:
        self.choosing_province = True
        self.shell.refresh()

    def _scanner(self, snap: Snapshot) -> ft.Control | None:
        """The code field and the camera; None for a game whose pieces carry no printed code, or once it is
        over."""
        if not has_codes(snap.game):
            return None
        if snap.outcome is not None:  # nothing to show a finished game: the camera closes with its field
            if self.camera.is_open:
                self.camera.close("the game is over")
            return None
        lang = self.lang
        label = tr(f"scan.field.{snap.game}" if f"scan.field.{snap.game}" in STRINGS else "scan.field", lang)
        example = scan_example(snap.game)
        if example:  # the same example the field's refusals give
            label = tr("scan.field.ex", lang, label=label, cid=example)
        if self.scan.label not in (None, label):  # a new language: the browser keeps a field's old label
            self.scan = ft.TextField(
                value=self.scan.value,
                text_size=18,
                height=64,
                on_submit=self._entered,
                expand=True,
                capitalization=ft.TextCapitalization.CHARACTERS,
            )
        self.scan.label = label
        # the buttons are the same at each update of the table: kept (companion.ui.memo) while the language
        # and the camera's state are
        buttons: list[ft.Control] = [
            keep(
                ("scan-enter", lang),
                lambda: big_button(
                    tr("scan.enter", lang),
                    self._entered,
                    "scan-enter",
                    icon=ft.Icons.KEYBOARD_RETURN,
                    col={"xs": 6},
                ),
            )
        ]
        cam = keep(  # the live viewfinder (table_camera); None while it is open, or on a page without one
            ("scan-camera", lang, self.camera.available, self.camera.is_open),
            lambda: self.camera.button("scan-camera", col={"xs": 6}),
        )
        if cam is not None:
            buttons.append(cam)
        seen = self.camera.control()  # open: what it saw and did, and its close button
        self._drop_stale_question(self.acting.snapshot or snap)  # the camera's question, once the game moved
        return vcol(
            [
                keep(
                    ("scan-title", lang),
                    lambda: ft.Text(tr("scan.title", lang), size=16, weight=ft.FontWeight.W_600),
                ),
                ident(self.scan, "scan-field"),
                ft.ResponsiveRow(buttons, spacing=8, run_spacing=8),
                *([seen] if seen is not None else []),
            ],
            spacing=8,
            tight=True,
        )

    def _shows(self) -> Any:
        """What this page shows of its table (the game's part of each view it reads, the choices, the log's
        last lines, the seats, the end): an update that leaves it equal changes nothing on the page and is not
        drawn there (a tap in another province, on a province tablet). Not the undo (:meth:`_offers_undo`)."""
        out: list[Any] = [self.online, self.closed_error, self.follow, self.actor_seat]
        acting = self.acting.snapshot if self.acting is not self.session else None
        for snap in (self.session.snapshot, acting):
            if snap is not None:
                part = sees(snap.game, snap.view, snap.seat, self.province, self.unfolded)
                out.append((snap.game, snap.table_name, snap.seat, part, snap.choices, snap.outcome))
                out.append((snap.audit, snap.seats, self._log_part_lines(snap)[-self._log_limit() :]))
        return out

    def _titles(self) -> Mapping[str, str]:
        """The titles of the parts this page shows folded (another province's name and surges), by their mark:
        an update changing only these is written into them on the page (:meth:`Shell.retitle`)."""
        snap = self.session.snapshot
        if snap is None:
            return {}
        return titles(snap.game, snap.view, snap.seat, self.province, self.unfolded, self.lang)

    def _offers_undo(self) -> bool:
        """Whether the page's actions offer to take the last action back (the button under them)."""
        snap = self.acting.snapshot or self.session.snapshot
        return snap is not None and self._undo_here(snap)

    def _undo_here(self, snap: Snapshot) -> bool:
        """Whether this page offers to take the last action back: the host allows it, and on a province tablet
        the action was one of its players' (Gallia's tablet never takes back a move just made in Hispania)."""
        if not snap.can_undo:
            return False
        if self.seat != TABLE or not self.province or snap.undo_seat in ("", TABLE, HOST):
            return True
        return snap.undo_seat in self._mine(snap)

    def _choice_row(
        self, kind: str, items: list[tuple[int, str]], snap: Snapshot, first: int, more: int
    ) -> ft.Control:
        """A group's buttons (``items``: the index of each choice in ``snap.choices``, its label), numbered
        from ``first`` on the screen, with a button unfolding ``more`` after them. Kept while they say and
        play the same (most updates: another player's move): a page's render neither builds nor compares
        them, nor does the diff of the actions walk into them; a new one is written into the old one."""
        lang = self.lang
        intents = msgspec.json.encode([snap.choices[i].intent for i, _label in items])
        key = ("choice-row", kind, lang, first, more, tuple(label for _i, label in items), intents)

        def build() -> ft.Control:
            col = {"xs": 12, "sm": 6, "md": 12, "lg": 6}
            row = [
                big_button(label, self._choose(snap.choices[i].intent), f"choice-{n}", col=col, flat=True)
                for n, (i, label) in enumerate(items, start=first)
            ]
            if more:
                row.append(
                    big_button(
                        tr("table.more", lang, n=more),
                        self._expand(kind),
                        f"more-{kind}",
                        icon=ft.Icons.EXPAND_MORE,
                        tone="tonal",
                        col=col,
                        flat=True,
                    )
                )
            return ft.ResponsiveRow(row, spacing=8, run_spacing=8)

        return keep(key, build, slot=("choice-row", kind))

    def _log_limit(self) -> int:
        return 12 if self.shell.phone else 25

    def _last_seq(self, snap: Snapshot) -> str:
        """The number of the last event this page shows, said: its part's last line (a province's page), else
        the table's."""
        lines = self._log_part_lines(snap)
        seq = lines[-1].seq if lines and len(lines) != len(snap.log) else snap.seq
        return tr("table.seq", self.lang, seq=seq)

    def _log(self, snap: Snapshot) -> ft.Control:
        lang = self.lang
        log, switch = self._log_part(snap)
        lines = model.log_lines(log, lang, limit=self._log_limit())
        items: list[ft.Control] = [
            keep(("log-heading", lang), lambda: heading(tr("table.log", lang))),
            *switch,
        ]
        if not lines:
            items.append(ft.Text(tr("table.log.empty", lang), size=15))
        for seq, text in lines:
            # a new line comes in, the others stay as they are on the page (companion.ui.memo, graft); no key:
            # a memo without one is isolated, so the diff of the log does not walk into the lines it kept
            items.append(
                keep(
                    ("log-line", seq, text),
                    lambda seq=seq, text=text: ft.Row(
                        [
                            ft.Text(f"{seq}", size=13, color=ft.Colors.ON_SURFACE_VARIANT, width=36),
                            ft.Text(text, size=16, expand=True),
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                )
            )
        return card(vcol(items, spacing=6, tight=True), identifier="log")

    def _log_part(self, snap: Snapshot) -> tuple[list[Any], list[ft.Control]]:
        """The log lines this page shows and the switch between its part of the table and the whole. A
        province tablet, or a player's device, reads its own province's lines (and the whole table's); every
        province's is one tap away. Other games: every line, no switch."""
        lang = self.lang
        mine = self._log_mine(snap)
        if not mine:
            return list(snap.log), []
        name = dict(self.provinces(snap)).get(mine, mine)
        log = self._log_part_lines(snap)
        if self.log_everywhere:
            label, icon = t("log.mine", lang, province=name), ft.Icons.FILTER_ALT
        else:
            label, icon = t("log.everywhere", lang), ft.Icons.PUBLIC

        def switch(_e: Any) -> None:
            self.log_everywhere = not self.log_everywhere
            self.shell.refresh()

        said = t("log.everywhere_said" if self.log_everywhere else "log.mine_said", lang, province=name)
        return log, [
            keep(("log-said", said), lambda: ft.Text(said, size=14, color=ft.Colors.ON_SURFACE_VARIANT)),
            keep(
                ("log-switch", label),
                lambda: big_button(label, switch, "log-switch", icon=icon, tone="tonal"),
                "log-switch",
            ),
        ]

    def _log_mine(self, snap: Snapshot) -> str:
        """The part of the table whose log this page reads ("" : the whole log, a game without parts)."""
        mine = self.province if self.seat == TABLE else ""
        if not mine:
            mine = next((i.province_code for i in snap.seats if i.seat == self.seat), "")
        return mine if mine and any(ln.part for ln in snap.log) else ""

    def _log_part_lines(self, snap: Snapshot) -> list[Any]:
        """The log lines this page shows: its part's and the whole table's, or every line."""
        mine = self._log_mine(snap)
        if not mine or self.log_everywhere:
            return list(snap.log)
        return [ln for ln in snap.log if ln.part in ("", mine)]

    def _audit(self, snap: Snapshot) -> list[ft.Control]:
        ok, lines = model.audit_summary(snap.audit, self.lang)
        if ok is None:
            return []
        return [
            card(
                vcol(
                    [
                        ft.Row(
                            [
                                ft.Icon(ft.Icons.VERIFIED if ok else ft.Icons.WARNING, size=28),
                                heading(tr("table.audit", self.lang)),
                            ]
                        ),
                        *[ft.Text(x, size=15) for x in lines],
                    ],
                    spacing=6,
                    tight=True,
                ),
                identifier="audit",
                bgcolor=ft.Colors.TERTIARY_CONTAINER if ok else ft.Colors.ERROR_CONTAINER,
            )
        ]


def _end_icon(outcome: Any) -> ft.IconData:
    """A cup for a game someone won, a flag for a game the table lost together (Pandémie's ``won: False``)."""
    lost = isinstance(outcome, dict) and outcome.get("won") is False
    return ft.Icons.FLAG if lost else ft.Icons.EMOJI_EVENTS


def _head_card(turn: str, facts: tuple[str, ...], line: str, mine: bool) -> ft.Control:
    """The header's card: whose turn, the facts of this seat's turn (pills), the table and the seat."""
    # each line kept apart: a move changes the actions left and the event's number, not whose turn it is
    top: list[ft.Control] = [
        keep(
            ("head-turn", turn),
            lambda: ident(ft.Text(turn, size=24, weight=ft.FontWeight.BOLD), "head-turn"),
            slot="head-turn",
        ),
        *(
            [
                keep(
                    ("head-facts", facts),
                    lambda: ident(
                        ft.Row([pill(x) for x in facts], wrap=True, spacing=6, run_spacing=6), "head-facts"
                    ),
                    slot="head-facts",  # a new count of actions written into the pill on the page
                )
            ]
            if facts
            else []
        ),
        ft.Text(line, size=14),
    ]
    return card(
        vcol(top, spacing=6, tight=True),
        identifier="header",
        bgcolor=ft.Colors.TERTIARY_CONTAINER if mine else ft.Colors.SURFACE_CONTAINER_HIGHEST,
    )
