"""What every screen shares: the :class:`Screen` base, a table's title, an error's text.

Screens never import each other, nor the shell: they navigate through the page's :class:`Navigator`
(``self.shell.open_hosted(...)``, …), which the shell implements; the shell is the only module that knows
them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from ..games import game_title
from ..i18n import refusal_text

if TYPE_CHECKING:
    from ..navigator import Navigator


class Screen:
    title_key = "app.title"
    # a re-render written into the controls on the page (companion.runtime.graft) rather than sent whole: only
    # for screens redrawn by other devices' actions, whose one input the screen keeps; never for forms, whose
    # fresh input fields would take the place of the ones being typed in
    grafted = False

    def __init__(self, shell: Navigator) -> None:
        self.shell = shell

    @property
    def lang(self) -> str:
        return self.shell.lang

    def render(self) -> ft.Control:  # pragma: no cover - every screen overrides it
        raise NotImplementedError

    async def leave(self) -> None:
        """Called when the shell goes to another screen."""

    async def presence(self, here: bool) -> None:
        """The page's browser went away (a phone locked, a tab closed) or came back: a screen that holds a
        seat tells its host (who is at the table: :mod:`companion.sync.presence`)."""


def table_title(name: str, game: str, lang: str) -> str:
    """``name · game``, or just the game when the table is named after it."""
    title = game_title(game, lang)
    return title if name in {"", *(game_title(game, la) for la in ("fr", "en"))} else f"{name} · {title}"


def err_text(exc: BaseException, lang: str | None = None) -> str:
    """An error as a user reads it: in ``lang``, a refusal from the host or the rules by its sentence
    (:func:`companion.ui.i18n.refusal_text`); without ``lang``, ``rule: message`` as raised."""
    msg = getattr(exc, "message", None)
    rule = getattr(exc, "rule", None)
    if msg and rule:
        return refusal_text(str(rule), str(msg), lang) if lang else f"{rule}: {msg}"
    if lang and type(exc).__name__ in ("OptionError", "OptionsError"):  # a game refused its options
        return refusal_text("options", str(exc), lang)
    return str(exc) or type(exc).__name__
