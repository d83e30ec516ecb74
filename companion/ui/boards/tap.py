"""A tap on a place of a drawn board: the legal choices of the acting seat that name that place, offered in a
dialog (``place-choice-<n>``); the chosen one is played through the screen's own ``choose`` (which refuses
a choice that went stale meanwhile). The list of choices on the screen stays the accessible alternative."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import flet as ft

from companion.session import Choice

from ..model import choice_label

TEXT = {
    "nothing": ("Rien à faire à {place} pour le moment.", "Nothing to do at {place} right now."),
    "title": ("{place} : que faire ?", "{place}: what to do?"),
    "cancel": ("Annuler", "Cancel"),
}


FIRST = ("Move", "MovePlague", "Place", "PlaceCubes")


def _t(key: str, lang: str, **kw: str) -> str:
    fr, en = TEXT[key]
    return (en if lang == "en" else fr).format(**kw)


def _names(value: Any, key: str) -> bool:
    if isinstance(value, str):
        return value == key
    if isinstance(value, Mapping):
        return any(_names(v, key) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_names(v, key) for v in value)
    return False


def choices_at(choices: Sequence[Choice], key: str) -> list[int]:
    """Indices of the choices whose intent names place ``key`` (a city key, a region name) in a field."""
    return [
        i
        for i, c in enumerate(choices)
        if any(_names(v, key) for k, v in c.intent.items() if k not in ("type", "seat"))
    ]


def offer(
    page: ft.Page,
    lang: str,
    choices: Sequence[Choice],
    key: str,
    place_name: str,
    choose: Callable[[dict[str, Any]], Callable[[Any], Any]],
    toast: Callable[[str], None],
    inset: ft.Padding | None = None,
) -> list[int]:
    """Open the dialog of what can be done at ``key`` (or say there is nothing); returns the indices
    offered. ``inset``: where the dialog may sit (above a camera's video panel), else Flutter's margins."""
    # plain moves first (the tap's most likely meaning), then the rest in the screen's order
    found = sorted(choices_at(choices, key), key=lambda i: (choices[i].intent.get("type") not in FIRST, i))
    if not found:
        toast(_t("nothing", lang, place=place_name))
        return found

    def play(intent: dict[str, Any]) -> Callable[[Any], Any]:
        async def go(e: Any) -> None:
            page.pop_dialog()
            await choose(intent)(e)

        return go

    def cancel(_e: Any) -> None:
        page.pop_dialog()

    buttons: list[ft.Control] = [
        ft.Semantics(
            identifier=f"place-choice-{n}",
            content=ft.FilledButton(
                choice_label(choices[i], lang), on_click=play(choices[i].intent), height=52
            ),
        )
        for n, i in enumerate(found)
    ]
    dlg = ft.AlertDialog(
        title=ft.Text(_t("title", lang, place=place_name)),
        # as tall as its buttons (a button that expands in a column, or a column that scrolls, takes the whole
        # height), each as wide as the dialog; a long list scrolls with the dialog, within the room it has
        content=ft.Column(
            buttons,
            tight=True,
            spacing=8,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        ),
        actions=[
            ft.Semantics(
                identifier="place-cancel", content=ft.TextButton(_t("cancel", lang), on_click=cancel)
            )
        ],
        modal=False,
        scrollable=True,
        inset_padding=inset,
    )
    page.show_dialog(dlg)
    return found


__all__ = ["choices_at", "offer"]
