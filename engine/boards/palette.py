"""Colours of drawn boards, shared by the screen and the printed board (hex ``#rrggbb``)."""

from __future__ import annotations

PEOPLE: dict[str, str] = {"blue": "#2f6fd6", "yellow": "#e3b720", "red": "#d23a2e", "green": "#2e9a48"}
"""A city's colour: its people's pins (Goths blue, Huns yellow, Vandales red, Francs green)."""

SEATS: tuple[str, ...] = (
    "#e6194b",
    "#3cb44b",
    "#4363d8",
    "#f58231",
    "#911eb4",
    "#42d4f4",
    "#f032e6",
    "#9a6324",
    "#469990",
    "#800000",
    "#808000",
    "#000075",
)
"""Pawn colours, one per seat of a province in seat order (then again)."""

RATTUS_PLAYERS: dict[str, str] = {
    "red": "#c8102e",
    "blue": "#1f4fbf",
    "green": "#2e8b3a",
    "yellow": "#e0b000",
    "purple": "#7a3fa0",
    "orange": "#e06a00",
    "black": "#222222",
    "white": "#f4f4f4",
}
LAND = "#f3ecd8"
LAND_DARK = "#2a2722"
ROAD = "#8a8170"
SEA = "#3b7fc4"
INK = "#1c1b19"


def rgb(hex_colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` → (r, g, b) in 0..1."""
    h = hex_colour.lstrip("#")
    if len(h) != 6:
        raise ValueError(f"colour {hex_colour!r} is not #rrggbb")
    return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255


def seat_colour(index: int) -> str:
    return SEATS[index % len(SEATS)]
