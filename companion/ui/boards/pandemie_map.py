"""A Pandémie province drawn from its board (:mod:`engine.boards.pandemie`) and a seat's view: each city in
its people's colour with its name, pins as coloured dots (a fourth is a surge: a red star), pawns in their
seat's colour with the player's initial, Forts as small keeps (both where the city has most room:
:mod:`.spots`), links to other provinces at the edge, and the cities changed by the last action ringed.
Counters beside it: speed, surges, reinforcement marker, pins left per colour, victories.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

import flet as ft
import msgspec

from engine.boards.geometry import Board
from engine.boards.palette import PEOPLE, seat_colour
from engine.boards.surges import Edge, adjacency, infer_chains

from ..memo import keep
from ..model import seat_label, seat_number
from .draw import Layer, map_control, ring
from .spots import spots

TEXT: dict[str, tuple[str, str]] = {
    "speed": ("Vitesse", "Speed"),
    "surges": ("Déferlements", "Surges"),
    "marker": ("Renforts", "Reinforcements"),
    "left": ("Punaises restantes", "Pins left"),
    "victories": ("Victoires", "Victories"),
    "none": ("aucune", "none"),
    "tap": ("Touchez une ville pour y agir", "Tap a city to act there"),
}
COLOUR_WORD = {
    "blue": ("bleu", "blue"),
    "yellow": ("jaune", "yellow"),
    "red": ("rouge", "red"),
    "green": ("vert", "green"),
}
_last: dict[
    tuple[int, str, str], tuple[Any, Any]
] = {}  # (device, seat, province) → (previous, current state)
MEMORY = 512  # devices × seats remembered at most (pages come and go: the oldest are forgotten)
SHOW_SECONDS = 6.0  # how long the last action's arrows (surge chains, a pawn's move) stay on the map
_recent: dict[
    tuple[int, str], tuple[Any, Mapping[str, Any], list[Edge], list[tuple[str, str, str]], float]
] = {}
# (device, seat) → (what the view showed, the view, surge arrows, pawn moves (seat, from, to), when it
# changed)


def _t(key: str, lang: str) -> str:
    fr, en = TEXT[key]
    return en if lang == "en" else fr


def province_board(view: Mapping[str, Any], code: str) -> Board:
    """The board of province ``code`` of a game in play (user provinces come with the game's options)."""
    from engine.boards.pandemie import province_board as make
    from engine.games.pandemie.board import from_dict, shipped

    extra = [
        from_dict(d, f"province {i + 1} of the game")
        for i, d in enumerate((view.get("options") or {}).get("extra_provinces") or [])
    ]
    known = {p.code: p for p in shipped()}
    known.update({p.code: p for p in extra})
    if code not in known:
        raise KeyError(f"no province {code!r} in this game")
    # links are drawn to the provinces in play only: a link to a province nobody plays leads nowhere
    in_play = tuple(
        known[c] for c in (str(pv.get("code")) for pv in view.get("provinces") or []) if c in known
    )
    return make(known[code], in_play or tuple(known.values()))


def changed(seat: str, code: str, state: Any, device: object = None) -> Any:
    """The state of the previous action for (device, seat, province), remembered across renders."""
    key = (_who(device), seat, code)
    prev, cur = _last.get(key, (None, None))
    if cur != state:
        prev, cur = cur, state
        _last[key] = (prev, cur)
        _forget(_last)
    return prev


def _signature(view: Mapping[str, Any]) -> Any:
    return (
        [(p.get("code"), p.get("surges"), p.get("pins")) for p in view.get("provinces") or []],
        {s: pl.get("city") for s, pl in (view.get("players") or {}).items()},
    )


def _in_play(view: Mapping[str, Any]) -> tuple[Any, ...]:
    from engine.games.pandemie.board import from_dict, shipped

    known = {p.code: p for p in shipped()}
    known.update(
        {
            p.code: p
            for p in (
                from_dict(d, f"province {i + 1} of the game")
                for i, d in enumerate((view.get("options") or {}).get("extra_provinces") or [])
            )
        }
    )
    return tuple(
        known[str(p.get("code"))] for p in view.get("provinces") or [] if str(p.get("code")) in known
    )


def _forget(memory: dict[Any, Any], most: int = MEMORY) -> None:
    while len(memory) > most:
        del memory[next(iter(memory))]


def _who(device: object) -> int:
    return 0 if device is None else id(device)


def recent(
    seat: str, view: Mapping[str, Any], now: float | None = None, device: object = None
) -> tuple[list[Edge], list[tuple[str, str, str]], float]:
    """What the last change of the view did, for ``seat``'s screens: (surge chain arrows, pawn moves
    (seat, from, to), seconds they stay on screen — 0 once :data:`SHOW_SECONDS` have passed)."""
    now = time.monotonic() if now is None else now
    sig = _signature(view)
    key = (_who(device), seat)
    got = _recent.get(key)
    if got is None:
        _recent[key] = (sig, view, [], [], now)
        _forget(_recent)
        return [], [], 0.0
    if got[0] != sig:
        adj, code_of = adjacency(_in_play(view))
        edges = infer_chains(got[1], view, adj, code_of)
        before = {s: pl.get("city") for s, pl in (got[1].get("players") or {}).items()}
        moves = [
            (s, str(before[s]), str(pl.get("city")))
            for s, pl in (view.get("players") or {}).items()
            if before.get(s) and pl.get("city") and before[s] != pl.get("city")
        ]
        got = (sig, view, edges, moves, now)
        _recent[key] = got
    left = SHOW_SECONDS - (now - got[4])
    return (got[2], got[3], left) if left > 0 and (got[2] or got[3]) else ([], [], 0.0)


def arrows_for(
    board: Board,
    edges: list[Edge],
    moves: list[tuple[str, str, str]],
    pawn_colour: Mapping[str, str],
    city_names: Mapping[str, str],
) -> list[tuple[float, float, float, float, str]]:
    """The arrows drawn on ``board``: each surge from city to city in its people's colour (to or from the
    link's stub at the edge when the other city is on another board) and each pawn's move in its seat's
    colour; from the rim of a city to the rim of the next. Arrows between two other boards are left out."""
    at = board.by_key()
    names = {}
    for st in board.stubs:
        names[(st.place, st.target, st.city)] = (st.x, st.y)
    out: list[tuple[float, float, float, float, str]] = []

    def end(key: str, near: str) -> tuple[float, float, float] | None:
        """Where an arrow touches ``key`` (a city here, else the stub of the link from ``near``)."""
        if key in at:
            p = at[key]
            return p.x, p.y, p.r + 3
        xy = names.get((near, key.rstrip("0123456789"), city_names.get(key, "")))
        return (xy[0], xy[1], 0.0) if xy else None

    for a, b, colour in edges:
        if a not in at and b not in at:
            continue
        pa, pb = end(a, b), end(b, a)
        if pa is None or pb is None:
            continue
        out.append(_trim(pa, pb, PEOPLE.get(colour, colour)))
    for s, a, b in moves:
        if a in at and b in at:  # rim to rim (neighbours can be close: the arrow keeps at least 10 units)
            pa, pb = at[a], at[b]
            gap = max(0.0, min(pa.r + 3, (((pb.x - pa.x) ** 2 + (pb.y - pa.y) ** 2) ** 0.5 - 10) / 2))
            out.append(_trim((pa.x, pa.y, gap), (pb.x, pb.y, gap), pawn_colour.get(s, "#444444")))
    return out


def _trim(
    a: tuple[float, float, float], b: tuple[float, float, float], colour: str
) -> tuple[float, float, float, float, str]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    return (a[0] + dx * a[2] / d, a[1] + dy * a[2] / d, b[0] - dx * b[2] / d, b[1] - dy * b[2] / d, colour)


PAWN = 9.0  # a pawn's badge radius, board units
FORT = 8.0  # a Fort's half width


def initial(seat: str, names: Mapping[str, str] | None) -> str:
    """What a pawn shows: its player's initial, or the seat's number while the player has no name (every
    "Joueur N" would show J)."""
    name = str((names or {}).get(seat) or "").strip()
    if not name or any(name.startswith(seat_label(seat, lang)) for lang in ("fr", "en")):
        return seat_number(seat)
    return name[:1].upper()


def city_names(provinces: tuple[Any, ...]) -> dict[str, str]:
    """City key → name for every province in play (the names the link stubs print)."""
    return {f"{p.code}{i + 1:02d}": c.name for p in provinces for i, c in enumerate(p.cities)}


def layer_for(
    board: Board,
    pv: Mapping[str, Any],
    players: Mapping[str, Any],
    seat: str,
    names: Mapping[str, str] | None = None,
    last: tuple[list[Edge], list[tuple[str, str, str]], float, Mapping[str, str]] | None = None,
    device: object = None,
) -> Layer:
    """``last``: the last action's (surge arrows, pawn moves, seconds left, city names) from
    :func:`recent`."""
    layer = Layer()
    pins: Mapping[str, Mapping[str, int]] = pv.get("pins") or {}
    here = [(s, pl) for s, pl in players.items() if str(pl.get("province")) == pv.get("code")]
    order = {
        s: i
        for i, (s, _pl) in enumerate(
            sorted(here, key=lambda sp: int(sp[0][1:]) if sp[0][1:].isdigit() else 0)
        )
    }
    layer.badges, layer.squares, layer.pawns = _pieces(board, pins, pv.get("forts") or (), here, order, names)
    if last is not None and last[2] > 0:
        layer.arrows = arrows_for(
            board, last[0], last[1], {s: seat_colour(i) for s, i in order.items()}, last[3]
        )
        layer.flash = last[2] if layer.arrows else 0.0
    # what the last action changed: cities whose pins changed, the city a pawn left and the one it reached
    state = (
        {k: dict(v) for k, v in pins.items()},
        {s: pl.get("city") for s, pl in here},
        tuple(pv.get("forts") or ()),
    )
    prev = changed(seat, str(pv.get("code")), state, device)
    if prev is not None:
        old_pins, old_pawns, old_forts = prev
        for key in set(old_pins) | set(pins):
            if old_pins.get(key) != state[0].get(key):
                layer.marks.add(key)
        for s, city in state[1].items():
            if old_pawns.get(s) != city:
                layer.marks.update(c for c in (old_pawns.get(s), city) if c)
        layer.marks.update(set(state[2]) ^ set(old_forts))
    return layer


# what of a province's view its map shows (its pins and Forts, its counters, whose turn it is)
MAP_SHOWS = ("code", "pins", "forts", "turn", "speed", "surges", "speed_position", "supply", "victories")

Badge = tuple[float, float, float, str, str, str]
Square = tuple[float, float, float, str]
_PIECES: dict[bytes, tuple[Board, list[Badge], list[Square], list[Badge]]] = {}
# what a province's map puts on its board (pins, Forts, pawns, where each has room): the same for every page
# that shows the province in the same state (its tablet, its players' phones), worked out once for all


def _pieces(
    board: Board,
    pins: Mapping[str, Mapping[str, int]],
    forts: Any,
    here: list[tuple[str, Mapping[str, Any]]],
    order: Mapping[str, int],
    names: Mapping[str, str] | None,
) -> tuple[list[Badge], list[Square], list[Badge]]:
    """(badges, squares, pawns) of :func:`layer_for`, new lists each time (a page's layer is its own)."""
    key = msgspec.json.encode(
        [
            id(board),
            pins,
            sorted(forts),
            [(s, str(pl.get("city") or ""), order.get(s, 0), initial(s, names)) for s, pl in here],
        ]
    )
    got = _PIECES.get(key)
    if got is not None and got[0] is board:  # (else a board forgotten, another one made where it was)
        return list(got[1]), list(got[2]), list(got[3])
    layer = Layer()
    at = board.by_key()
    for key_, by_colour in pins.items():
        p = at.get(key_)
        if p is None:
            continue
        dots = [c for c, n in by_colour.items() for _ in range(min(int(n), 3))]
        for (x, y), colour in zip(ring(p, len(dots), 0.5 if len(dots) <= 3 else 0.62), dots, strict=True):
            layer.badges.append(
                (x, y, 5.0 if len(dots) <= 6 else 3.8, PEOPLE.get(colour, colour), "", "#ffffff")
            )
        if any(int(n) >= 4 for n in by_colour.values()):
            layer.badges.append((p.x, p.y, 8.0, "#b00020", "!", "#ffffff"))
    taken: list[tuple[float, float, float]] = []  # badges already set: the next ones keep clear of them
    for f in sorted(forts):
        if f in at:
            ((x, y),) = spots(board, f, 1, FORT, gap=-0.6 * FORT, taken=taken)  # on its rim
            layer.squares.append((x, y, FORT, "#3b2f2f"))
            taken.append((x, y, FORT * 1.3))
    by_city: dict[str, list[str]] = {}
    for s, pl in here:
        if pl.get("city") in at:
            by_city.setdefault(str(pl["city"]), []).append(s)
    for city, seats in sorted(by_city.items()):
        for (x, y), s in zip(spots(board, city, len(seats), PAWN, taken=taken), seats, strict=True):
            layer.pawns.append((x, y, PAWN, seat_colour(order.get(s, 0)), initial(s, names), "#ffffff"))
            taken.append((x, y, PAWN))
    _PIECES[key] = (board, list(layer.badges), list(layer.squares), list(layer.pawns))
    _forget(_PIECES, 64)
    return layer.badges, layer.squares, layer.pawns


def counters(pv: Mapping[str, Any], lang: str) -> ft.Control:
    """The province's counters above its map (speed, surges, marker, people left, victories), each kept
    while it says the same (companion.ui.memo): a pin placed changes the people left, not the others, and a
    move of a pawn leaves them all on the page."""
    en = lang == "en"
    code = str(pv.get("code", ""))
    supply = tuple((pv.get("supply") or {}).items())
    vic = ", ".join(COLOUR_WORD.get(c, (c, c))[1 if en else 0] for c in pv.get("victories") or [])
    said = [
        ("map-speed", _t("speed", lang), str(pv.get("speed", "—"))),
        ("map-surges", _t("surges", lang), str(pv.get("surges", 0))),
        ("map-marker", _t("marker", lang), str(int(pv.get("speed_position", 0)) + 1)),
        ("map-victories", _t("victories", lang), vic or _t("none", lang)),
    ]
    items = [
        keep(
            ("map-counter", code, ident, label, value),
            lambda ident=ident, label=label, value=value: _counter(
                label, ft.Text(value, size=20, weight=ft.FontWeight.BOLD), ident
            ),
            slot=("map-counter", code, ident),
        )
        for ident, label, value in said
    ]
    left = keep(
        ("map-counter", code, "map-left", lang, supply),
        lambda: _counter(_t("left", lang), _left(supply), "map-left", spacing=2),
        slot=("map-counter", code, "map-left"),
    )
    return ft.Row([*items[:3], left, items[3]], wrap=True, spacing=8, run_spacing=8)


def _counter(label: str, value: ft.Control, ident: str, spacing: float = 0) -> ft.Control:
    return ft.Semantics(
        identifier=ident,
        content=ft.Container(
            content=ft.Column([ft.Text(label, size=13), value], spacing=spacing, tight=True),
            padding=ft.Padding.symmetric(horizontal=10, vertical=6),
            border_radius=10,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        ),
    )


def _left(supply: tuple[tuple[str, Any], ...]) -> ft.Control:
    """The pins left of each colour: a dot of the colour and how many."""
    return ft.Row(
        [
            ft.Row(
                [
                    ft.Container(width=14, height=14, border_radius=7, bgcolor=PEOPLE.get(c, "#888888")),
                    ft.Text(str(n), size=18, weight=ft.FontWeight.BOLD),
                ],
                spacing=4,
                tight=True,
            )
            for c, n in supply
        ],
        spacing=10,
        wrap=True,
    )


def province_map(
    view: Mapping[str, Any],
    code: str,
    seat: str,
    lang: str,
    width: float,
    on_place: Callable[[str, str], Any] | None = None,
    names: Mapping[str, str] | None = None,
    dark: bool = False,
    zoom: bool = False,
    device: object = None,
) -> ft.Control:
    """The map of province ``code`` with its counters, ``width`` pixels wide; ``device`` (a page's session)
    keeps its own memory of what it saw last (two tables, or two pages, never mix theirs)."""
    pv = next((p for p in view.get("provinces") or [] if str(p.get("code")) == code), None)
    if pv is None:
        raise KeyError(f"no province {code!r} in this view")
    edges, moves, left = recent(seat, view, device=device)  # every render: it remembers what the page saw
    # kept whole while nothing it shows changed (an action in another province, a card drawn): the page's
    # render then neither builds nor compares it; when it changed, the new one is written into the one on
    # the page. What it shows: the province's pins, Forts and counters, whose turn it is (a tablet's zoom
    # centres there), its players' pawns (and the seat's own city), the arrows that touch its cities
    players: Mapping[str, Any] = view.get("players") or {}
    here = {s: pl for s, pl in players.items() if isinstance(pl, Mapping) and str(pl.get("province")) == code}
    board = province_board(view, code)
    at = board.by_key()
    mine = players.get(seat) or {}
    drawn = msgspec.json.encode(
        [
            {k: pv.get(k) for k in MAP_SHOWS},  # not the actions left, the decks, the phase: not on the map
            {s: pl.get("city") for s, pl in here.items()},  # where the pawns stand, not the hands
            [mine.get("province"), mine.get("city")],  # where the seat's own zoom centres
            {s: (names or {}).get(s) for s in here},
            [e for e in edges if e[0] in at or e[1] in at],
            [m for m in moves if m[0] in here],
            (view.get("options") or {}).get("extra_provinces") or [],
        ]
    )
    key = (
        "province-map",
        code,
        seat,
        lang,
        round(width, 2),
        dark,
        zoom,
        drawn,
        id(getattr(on_place, "__self__", on_place)),
        getattr(on_place, "__func__", None),
    )
    return keep(
        key,
        lambda: _province_map(
            view, pv, board, code, seat, lang, width, on_place, names, dark, zoom, device, edges, moves, left
        ),
        slot=("province-map", code),
    )


def _province_map(
    view: Mapping[str, Any],
    pv: Mapping[str, Any],
    board: Board,
    code: str,
    seat: str,
    lang: str,
    width: float,
    on_place: Callable[[str, str], Any] | None,
    names: Mapping[str, str] | None,
    dark: bool,
    zoom: bool,
    device: object,
    edges: list[Edge],
    moves: list[tuple[str, str, str]],
    left: float,
) -> ft.Control:
    last = (edges, moves, left, city_names(_in_play(view))) if left > 0 else None
    layer = layer_for(board, pv, view.get("players") or {}, seat, names, last, device=device)
    players: Mapping[str, Any] = view.get("players") or {}
    # a zoom button zooms on the seat's own city, or (a province tablet) on the city of the player in turn
    who = seat if str((players.get(seat) or {}).get("province")) == code else str(pv.get("turn") or "")
    m = map_control(
        board,
        layer,
        width,
        on_place,
        dark=dark,
        zoom=zoom,
        lang=lang,
        centre=str((players.get(who) or {}).get("city") or "") or None,
    )
    parts: list[ft.Control] = [counters(pv, lang), ft.Semantics(identifier=f"map-{code}", content=m)]
    if on_place is not None:
        parts.append(ft.Text(_t("tap", lang), size=14, italic=True))
    return ft.Column(parts, spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


__all__ = ["SHOW_SECONDS", "arrows_for", "counters", "layer_for", "province_board", "province_map", "recent"]
