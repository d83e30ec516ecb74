"""Pass-and-play privacy on a shared tablet.

When a tablet plays in turn ("jouer sur cette tablette, à tour de rôle"), what only the acting player may
see — their hand, their choices, a parry window — stays hidden behind a "C'est moi, Léa" button until
that player taps it; it hides again as soon as the turn passes to someone else (or on "Cacher"). The
public board stays visible to everyone around the tablet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from .widgets import big_button, card, vcol

TEXT = {
    "fr": {
        "pass": "Passez la tablette à {name}",
        "why": "Ses choix et sa main restent cachés jusqu'à ce qu'il ou elle touche :",
        "me": "C'est moi, {name}",
        "hide": "Cacher (au suivant)",
    },
    "en": {
        "pass": "Hand the tablet to {name}",
        "why": "Their choices and hand stay hidden until they tap:",
        "me": "It's me, {name}",
        "hide": "Hide (next player)",
    },
}


def _t(key: str, lang: str, **kw: Any) -> str:
    return TEXT.get(lang, TEXT["en"])[key].format(**kw)


class Privacy:
    """Which acting player has shown their private part on this tablet (at most one, until the turn
    passes)."""

    def __init__(self) -> None:
        self.shown_for: str | None = None

    def follow(self, acting: str | None) -> None:
        """The acting seat now: another seat than the one shown hides everything again."""
        if acting != self.shown_for:
            self.shown_for = None

    def visible(self, acting: str | None) -> bool:
        return acting is not None and self.shown_for == acting

    def gate(self, acting: str, name: str, lang: str, refresh: Callable[[], None]) -> ft.Control:
        """The card shown instead of the private part: who should take the tablet, and their button."""

        def reveal(_e: Any) -> None:
            self.shown_for = acting
            refresh()

        return card(
            vcol(
                [
                    ft.Text(_t("pass", lang, name=name), size=24, weight=ft.FontWeight.BOLD),
                    ft.Text(_t("why", lang), size=17),
                    big_button(
                        _t("me", lang, name=name),
                        reveal,
                        "its-me",
                        icon=ft.Icons.VISIBILITY,
                        primary=True,
                        height=72,
                    ),
                ],
                spacing=10,
                tight=True,
            ),
            identifier="private-hidden",
        )

    def hide_button(self, lang: str, refresh: Callable[[], None]) -> ft.Control:
        def hide(_e: Any) -> None:
            self.shown_for = None
            refresh()

        return big_button(_t("hide", lang), hide, "hide-private", icon=ft.Icons.VISIBILITY_OFF, tone="tonal")
