"""Choose a seat, as people do: "Léa · Aegyptus" (or "Joueur 7 · Aegyptus" before a name is given), every
seat the game has (not a fixed p1–p6), the table tablet (in Pandémie one per province), and a name and box
colour typed or tapped on the way. Shared by the hosted screen and the join screen.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import flet as ft

from engine.core.events import TABLE

from ..session import SeatInfo
from . import model
from .i18n import tr
from .typed import track
from .widgets import big_button, heading, ident, vcol

# pick(seat, province, name, colour): province "" but for a Pandémie province tablet; name/colour "" when not
# given
Pick = Callable[[str, str, str, str], Awaitable[None]]


class SeatPicker:
    def __init__(self, prefix: str) -> None:
        self.prefix = prefix  # identifiers: f"{prefix}-{seat}", f"{prefix}-table-{province}"
        self.name = track(ft.TextField(text_size=18, height=64, max_length=40))  # see companion/ui/typed.py
        self.colour = ""

    def typed_name(self) -> str:
        return (self.name.value or "").strip()

    def _colour(self, c: str, refresh: Callable[[], None]) -> Callable[[Any], None]:
        def pick(_e: Any) -> None:
            self.colour = "" if self.colour == c else c
            refresh()

        return pick

    def _swatch(self, c: str, sw: str, lang: str, refresh: Callable[[], None]) -> ft.Control:
        """A colour to tap; the chosen one carries a check mark and a thick ring, and says "choisie"."""
        chosen = c == self.colour
        light = c in ("yellow", "white", "orange")
        name = model.colour_name(c, lang)
        return ident(
            ft.Container(
                width=48,
                height=48,
                border_radius=24,
                bgcolor=sw,
                on_click=self._colour(c, refresh),
                border=ft.Border.all(5 if chosen else 1, ft.Colors.PRIMARY if chosen else ft.Colors.OUTLINE),
                content=ft.Icon(ft.Icons.CHECK, size=28, color="#000000" if light else "#FFFFFF")
                if chosen
                else None,
                alignment=ft.Alignment.CENTER,
                tooltip=tr("seat.colour_on", lang, colour=name) if chosen else name,
            ),
            f"{self.prefix}-colour-{c}",
        )

    def render(
        self,
        seats: Sequence[SeatInfo],
        provinces: Sequence[tuple[str, str]],
        turn: Sequence[str],
        lang: str,
        pick: Pick,
        refresh: Callable[[], None],
        phone: bool = False,
    ) -> ft.Control:
        """``provinces``: (code, name) when the game has several (Pandémie), else empty; ``phone``: the
        players' seats first, the tablets' buttons after them (a phone is a player's, rarely a tablet)."""

        def go(seat: str, province: str = "") -> Callable[[Any], Any]:
            async def go_(_e: Any) -> None:
                await pick(seat, province, self.typed_name() if seat != TABLE else "", self.colour)

            return go_

        self.name.label = tr("seat.name", lang)
        tablets: list[ft.Control]
        if provinces:
            tablets = [
                big_button(
                    tr("tablet.province", lang, province=name),
                    go(TABLE, code),
                    f"{self.prefix}-table-{code}",
                    icon=ft.Icons.TABLE_RESTAURANT,
                    primary=True,
                    col={"xs": 12, "sm": 6, "md": 3},
                )
                for code, name in provinces
            ]
        else:
            tablets = [
                big_button(
                    model.seat_label(TABLE, lang),
                    go(TABLE),
                    f"{self.prefix}-{TABLE}",
                    icon=ft.Icons.TABLE_RESTAURANT,
                    primary=True,
                    col={"xs": 12},
                )
            ]
        swatches = [self._swatch(c, sw, lang, refresh) for c, (_fr, _en, sw) in model.COLOURS.items()]
        colour_line = tr("seat.colour", lang)
        if (
            self.colour
        ):  # the choice in words too: a ring alone is hard to see on a dark page or a yellow swatch
            colour_line = tr("seat.colour_chosen", lang, colour=model.colour_name(self.colour, lang))
        buttons = []
        for info in seats:
            label = model.person(info, lang)
            if info.colour:
                label = f"{label} · {model.colour_name(info.colour, lang)}"
            # the seat in turn: a play icon (a "▶" character would be an empty box: the offline web font lacks
            # it)
            icon = ft.Icons.PLAY_ARROW if info.seat in turn else ft.Icons.PERSON
            if (
                info.held
            ):  # a phone joined to it: still tappable (it may be this device's; the host then says)
                label, icon = tr("seat.held", lang, seat=label), ft.Icons.LOCK
            buttons.append(
                big_button(
                    label,
                    go(info.seat),
                    f"{self.prefix}-{info.seat}",
                    icon=icon,
                    tone="tonal" if info.seat in turn and not info.held else None,
                    col={"xs": 12, "sm": 6, "md": 4},
                )
            )
        tablet_row = ft.ResponsiveRow(tablets, spacing=10, run_spacing=10)
        return vcol(
            [
                *([] if phone else [tablet_row]),
                heading(tr("join.seat", lang), 18),
                ident(self.name, f"{self.prefix}-name"),
                ident(
                    ft.Text(colour_line, size=15, weight=ft.FontWeight.BOLD if self.colour else None),
                    f"{self.prefix}-colour-chosen",
                ),
                ft.Row(swatches, wrap=True, spacing=8, run_spacing=8),
                ft.Text(tr("seat.choose", lang), size=15),
                ft.ResponsiveRow(buttons, spacing=10, run_spacing=10),
                *([heading(tr("join.tablets", lang), 18), tablet_row] if phone else []),
            ],
            spacing=10,
            tight=True,
        )


def taken_text(server: Any, seat: str, lang: str, names: dict[str, str] | None = None) -> str:
    """Why a device may not open ``seat`` and how to get it, in words: whether the device holding it is at
    the table now or has been gone a while, and who can free it."""
    who = model.say(seat, lang, names)
    gone = server.holder_gone_for(seat) if callable(getattr(server, "holder_gone_for", None)) else None
    if gone is None:
        return tr("seat.taken.here", lang, seat=who)
    return tr("seat.taken.gone", lang, seat=who, minutes=max(1, round(gone / 60)))


def provinces_of(view: dict[str, Any]) -> list[tuple[str, str]]:
    """(code, name) of a Pandémie view's provinces when there are several, else none."""
    out = [
        (str(p.get("code")), str(p.get("name") or p.get("code")))
        for p in view.get("provinces") or []
        if isinstance(p, dict)
    ]
    return out if len(out) > 1 else []
