"""Resume a saved table from this device's data folder."""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from .. import model
from ..games import game_title
from ..hub import SyncUnavailable
from ..i18n import tr
from ..widgets import big_button, card, heading, vcol
from .base import Screen, err_text

log = logging.getLogger("tablekeeper.app")


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
                rows.append(
                    card(
                        vcol(
                            [heading(s.name, 17), ft.Text(tr("resume.damaged", lang, err=s.error))],
                            tight=True,
                        ),
                        bgcolor=ft.Colors.ERROR_CONTAINER,
                    )
                )
                continue

            async def open_(_e: Any, s: model.SavedTable = s) -> None:
                try:
                    hosted = await self.shell.hub.resume(s.path)
                except SyncUnavailable as exc:
                    self.shell.toast(tr("join.unavailable", lang, err=exc), error=True)
                    return
                except Exception as exc:
                    log.exception("resuming %s", s.path)
                    self.shell.toast(tr("resume.failed", lang, err=err_text(exc, lang)), error=True)
                    return
                await self.shell.open_hosted(hosted)

            line = tr("resume.line", lang, game=game_title(s.game, lang), events=s.events, when=s.when())
            if s.over:
                line = f"{tr('resume.over', lang)} · {line}"
            rows.append(
                vcol(
                    [
                        big_button(
                            s.name,
                            open_,
                            f"saved-{i}",
                            icon=ft.Icons.SPORTS_SCORE if s.over else ft.Icons.HISTORY,
                            tone="tonal" if s.over else None,
                        ),
                        ft.Text(line, size=14, weight=ft.FontWeight.BOLD if s.over else None),
                    ],
                    spacing=4,
                    tight=True,
                )
            )
        return card(vcol(rows, spacing=12, tight=True))
