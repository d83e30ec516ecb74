"""The Plague & Pestilence 2d6 form, a panel of the new-table screen: choose a saved profile or enter the
tables (the data side, files and per-field errors, is :mod:`companion.ui.profiles`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import flet as ft

from .. import profiles as P
from ..i18n import tr
from ..typed import track
from ..widgets import big_button, card, heading, ident, pill, vcol

if TYPE_CHECKING:
    from ..navigator import Navigator

TOTALS = tuple(range(2, 13))
SIDES = ("prosperity", "plague")


def _field_error(msg: str, lang: str) -> str:
    if msg == "empty":
        return tr("pp.err.empty", lang)
    if msg.startswith("not a whole number"):
        return tr("pp.err.number", lang)
    if " is negative" in msg:
        return tr("pp.err.negative", lang)
    if " is more than " in msg:
        return tr("pp.err.big", lang)
    return msg


# -- Plague & Pestilence: choose a saved profile or enter the 2d6 tables -----------------------------------
class PlagueProfilePanel:
    """The new-table screen's box profile panel of Plague & Pestilence
    (:class:`~companion.ui.gameui.ProfilePanel`)."""

    def __init__(self, shell: Navigator) -> None:
        self.shell = shell
        self.selected: Path | None = None
        self.entering: bool | None = None  # None: decided on first render (no saved profile → the form)
        self.just_saved = False  # a profile was saved a moment ago: the panel says so once
        self.name = track(ft.TextField(text_size=18))  # kept between renders: see companion/ui/typed.py
        self.fields: dict[str, ft.TextField] = {
            P.PlagueForm.key(side, t): track(
                ft.TextField(
                    text_size=18, keyboard_type=ft.KeyboardType.NUMBER, expand=True, error_max_lines=3
                )
            )
            for t in TOTALS
            for side in SIDES
        }
        self.summary = ""

    @property
    def lang(self) -> str:
        return self.shell.lang

    def saved(self) -> list[P.SavedProfile]:
        return P.plague_profiles(self.shell.hub.data_dir)

    def selected_profile(self) -> dict[str, Any] | None:
        for s in self.saved():
            if s.path == self.selected and not s.error:
                return dict(s.profile)
        return None

    def with_profile(self, options: dict[str, Any]) -> dict[str, Any] | None:
        """The options with the chosen 2d6 tables; None (said) when none is chosen: nothing is invented."""
        profile = self.selected_profile()
        if profile is None:
            self.shell.toast(tr("pp.need", self.lang), error=True)
            return None
        return {**options, "profile": profile}

    def choose(self, path: Path) -> None:
        self.selected = path
        self.entering = False

    def defaults(self) -> dict[str, Any]:
        return {}  # the 2d6 tables imply no other option

    def form(self) -> P.PlagueForm:
        return P.PlagueForm(
            name=self.name.value or "",
            values={
                side: {t: self.fields[P.PlagueForm.key(side, t)].value or "" for t in TOTALS}
                for side in SIDES
            },
        )

    def _pick(self, path: Path) -> Callable[[Any], None]:
        def pick(_e: Any) -> None:
            self.selected = path
            self.entering = False
            self.shell.refresh()

        return pick

    def _enter(self, _e: Any = None) -> None:
        self.entering = not self.entering
        self.shell.refresh()

    def save(self, _e: Any = None) -> None:
        lang = self.lang
        form = self.form()
        profile = P.plague_check(form)
        for k, f in self.fields.items():
            f.error = _field_error(form.errors[k], lang) if k in form.errors else None
        self.name.error = _field_error(form.errors["name"], lang) if "name" in form.errors else None
        if profile is None:
            n = len(form.errors)
            self.summary = tr("pp.errors", lang, n=n) + (f" {form.errors['']}" if "" in form.errors else "")
            # said next to the button just tapped, not in a snackbar that would cover the fields to correct
            self.shell.refresh()
            return
        try:
            path = P.plague_save(self.shell.hub.data_dir, profile)
        except OSError as exc:
            self.shell.toast(tr("new.failed", lang, err=exc), error=True)
            return
        self.summary = ""
        self.selected = path
        self.entering = False
        for f in self.fields.values():
            f.value = ""
        self.name.value = ""
        self.just_saved = True  # said in the panel, beside what it chose (a toast covered "Créer la table")
        self.shell.refresh()

    def render(self) -> ft.Control:
        lang = self.lang
        saved = self.saved()
        usable = [s for s in saved if not s.error]
        if self.entering is None:
            self.entering = not usable
        if self.selected is None and len(usable) == 1:
            self.selected = usable[0].path
        parts: list[ft.Control] = [heading(tr("pp.title", lang), 18), ft.Text(tr("pp.help", lang), size=15)]
        if usable:
            parts.append(ft.Text(tr("pp.saved", lang), size=16, weight=ft.FontWeight.W_600))
        elif not self.entering:
            parts.append(ft.Text(tr("pp.none", lang), size=15))
        buttons = [
            big_button(
                s.name,
                self._pick(s.path),
                f"pp-saved-{i}",
                primary=(s.path == self.selected),
                icon=ft.Icons.CASINO,
                col={"xs": 12, "sm": 6},
            )
            for i, s in enumerate(usable)
        ]
        if buttons:
            parts.append(ft.ResponsiveRow(buttons, spacing=8, run_spacing=8))
        for s in saved:
            if s.error:
                parts.append(
                    ft.Text(
                        tr("pp.damaged", lang, name=s.path.name, err=s.error), size=13, color=ft.Colors.ERROR
                    )
                )
        chosen = self.selected_profile()
        if chosen is not None:
            said = tr("pp.saved_ok", lang, name=chosen["name"]) + " " if self.just_saved else ""
            parts.append(
                ident(
                    pill(said + tr("pp.chosen", lang, name=chosen["name"]), ft.Colors.TERTIARY_CONTAINER),
                    "pp-chosen",
                )
            )
            self.just_saved = False
        parts.append(
            big_button(
                tr("pp.cancel" if self.entering and usable else "pp.new", lang),
                self._enter,
                "pp-new",
                icon=ft.Icons.CLOSE if self.entering and usable else ft.Icons.EDIT,
                tone="tonal",
            )
        )
        if self.entering:
            parts.append(self._form_control())
        return ident(
            ft.Container(content=vcol(parts, spacing=10), padding=ft.Padding.only(top=6)), "pp-panel"
        )

    def _form_control(self) -> ft.Control:
        lang = self.lang
        self.name.label = tr("pp.name", lang)
        head = ft.Row(
            [
                ft.Text(tr("pp.total", lang), size=14, width=48, weight=ft.FontWeight.W_600),
                ft.Text(tr("pp.prosperity", lang), size=14, expand=True, weight=ft.FontWeight.W_600),
                ft.Text(tr("pp.plague", lang), size=14, expand=True, weight=ft.FontWeight.W_600),
            ],
            spacing=8,
        )
        rows: list[ft.Control] = [ident(self.name, "pp-name"), head]
        for t in TOTALS:
            cells: list[ft.Control] = [ft.Text(str(t), size=22, width=48, weight=ft.FontWeight.BOLD)]
            for side in SIDES:
                f = self.fields[P.PlagueForm.key(side, t)]
                f.label = f"{tr('pp.' + side, lang).split(' (')[0]} {t}"
                cells.append(ft.Container(content=ident(f, f"pp-{side}-{t}"), expand=True))
            rows.append(ft.Row(cells, spacing=8, vertical_alignment=ft.CrossAxisAlignment.START))
        if self.summary:
            rows.append(ident(ft.Text(self.summary, size=15, color=ft.Colors.ERROR), "pp-summary"))
        rows.append(big_button(tr("pp.save", lang), self.save, "pp-save", icon=ft.Icons.SAVE, primary=True))
        # a tablet in landscape: the two columns stay near each other instead of spanning the screen
        return ft.ResponsiveRow(
            [card(vcol(rows, spacing=8), bgcolor=ft.Colors.SURFACE, col={"xs": 12, "md": 10, "lg": 7})]
        )
