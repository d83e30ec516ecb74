"""Which box profile (census of the rat tokens' faces) a new Rattus table uses: a panel of the new-table
screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import flet as ft

from .. import profiles as P
from ..i18n import tr
from ..widgets import big_button, vcol

if TYPE_CHECKING:
    from ..navigator import Navigator


class RattusProfilePanel:
    """The new-table screen's box profile panel of Rattus (:class:`companion.ui.gameui.ProfilePanel`)."""

    def __init__(self, shell: Navigator) -> None:
        self.shell = shell
        # None: the shipped default board without faces. A census that knows all 49 faces is chosen at first
        # (the most recently saved), with the app's hidden bag (``defaults``): what the census was made for
        self.selected: Path | None = self._complete()

    def _complete(self) -> Path | None:
        done = [s for s in P.rattus_profiles(self.shell.hub.data_dir) if s.complete]
        return max(done, key=lambda s: s.path.stat().st_mtime).path if done else None

    def defaults(self) -> dict[str, Any]:
        """The form's first values this panel implies: the hidden bag when a complete census is chosen."""
        chosen = [s for s in P.rattus_profiles(self.shell.hub.data_dir) if s.path == self.selected]
        return {"mode": "digital"} if chosen and chosen[0].complete else {}

    def option(self) -> dict[str, Any]:
        """``{"profile": ...}`` for the chosen census, else ``{}`` (the engine's default board). An incomplete
        one serves the real tokens (the faces it knows are used, the ones typed in play are added to it); the
        hidden bag refuses it, saying why and the two ways out."""
        for s in P.rattus_profiles(self.shell.hub.data_dir):
            if s.path == self.selected and not s.error:
                return P.rattus_option(s)
        return {}

    def with_profile(self, options: dict[str, Any]) -> dict[str, Any]:
        return {**options, **self.option()}

    def choose(self, path: Path) -> None:
        self.selected = path

    def _pick(self, path: Path | None) -> Callable[[Any], None]:
        def pick(_e: Any) -> None:
            self.selected = path
            self.shell.refresh()

        return pick

    async def _census(self, _e: Any = None) -> None:
        await self.shell.open_census()

    def render(self) -> ft.Control:
        lang = self.shell.lang
        saved = P.rattus_profiles(self.shell.hub.data_dir)
        col = {"xs": 12, "sm": 6}
        buttons = [
            big_button(
                tr("census.default", lang),
                self._pick(None),
                "rp-default",
                primary=self.selected is None,
                col=col,
            )
        ]
        for i, s in enumerate(saved):
            if s.error:
                continue
            label = tr("census.line", lang, name=s.name, done=s.done, total=s.total)
            buttons.append(
                big_button(
                    label, self._pick(s.path), f"rp-saved-{i}", primary=(s.path == self.selected), col=col
                )
            )
        return vcol(
            [
                ft.Text(tr("census.use", lang), size=16, weight=ft.FontWeight.W_600),
                ft.ResponsiveRow(buttons, spacing=8, run_spacing=8),
                big_button(
                    tr("census.open", lang),
                    self._census,
                    "rp-census",
                    icon=ft.Icons.QR_CODE_SCANNER,
                    tone="tonal",
                ),
            ],
            spacing=8,
        )
