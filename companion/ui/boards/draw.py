"""Drawing a :class:`engine.boards.Board` with Flet: one canvas for everything painted (land, roads, links,
places, pins, pawns, names) and one transparent tap target per place, in a Stack, scaled to a width.

Each tap target carries the semantics identifier ``place-<key>`` and the place's name as its label (screen
readers, browser tests); a tap calls ``on_place(key, name)``.
"""

from __future__ import annotations

import asyncio
import hashlib
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import flet as ft
import flet.canvas as cv

from engine.boards.geometry import Board, Label, Place
from engine.boards.palette import INK, LAND, PEOPLE, ROAD, SEA

from ...runtime.graft import live
from ..memo import keep, previous
from ..spawn import spawn

MIN_TARGET = 44.0  # px: a tap target is never smaller than this, whatever the scale
DISC = 0.85  # a city's disc on screen, as a share of its footprint (the layout keeps footprints apart)


@dataclass
class Layer:
    """What a game adds on top of the board, in board units (shapes are built by :func:`paint`)."""

    fills: dict[str, str] = field(default_factory=dict)  # place key → fill colour (default: its colour)
    dim: set[str] = field(default_factory=set)  # places drawn faded (not in play)
    marks: set[str] = field(default_factory=set)  # places ringed: changed in the last action
    badges: list[tuple[float, float, float, str, str, str]] = field(default_factory=list)
    # (x, y, radius, fill, text, text colour): pins, cubes, tokens
    pawns: list[tuple[float, float, float, str, str, str]] = field(default_factory=list)
    # as badges: what moves at almost every action (pawns), drawn apart from the rest and above it
    squares: list[tuple[float, float, float, str]] = field(
        default_factory=list
    )  # (x, y, half side, colour): Forts
    arrows: list[tuple[float, float, float, float, str]] = field(default_factory=list)  # surge chains, moves
    flash: float = 0.0  # seconds the arrows stay on screen (0: not drawn)


def _paint(colour: str, width: float = 0.0, fill: bool = False, dash: list[float] | None = None) -> ft.Paint:
    return ft.Paint(
        color=colour,
        stroke_width=width,
        style=ft.PaintingStyle.FILL if fill else ft.PaintingStyle.STROKE,
        stroke_dash_pattern=dash,
        anti_alias=True,
    )


def arrow_shapes(arrows: Iterable[tuple[float, float, float, float, str]], k: float) -> list[cv.Shape]:
    """Arrows (surge chains, a pawn's move), each drawn as one path (its line, then its head), twice: a light
    under-stroke so a yellow arrow reads on the land, then its colour."""
    out: list[cv.Shape] = []
    width = max(2.0, 3.5 * k)
    for x1, y1, x2, y2, colour in arrows:
        ang = math.atan2(y2 - y1, x2 - x1)
        (ax, ay), (bx, by) = (
            (x2 - 13 * math.cos(ang + side), y2 - 13 * math.sin(ang + side)) for side in (-0.45, 0.45)
        )
        for paint_ in (_paint("#ffffff", width + max(2.0, 3 * k)), _paint(colour, width)):
            out.append(
                cv.Path(
                    [
                        cv.Path.MoveTo(x1 * k, y1 * k),
                        cv.Path.LineTo(x2 * k, y2 * k),
                        cv.Path.MoveTo(ax * k, ay * k),
                        cv.Path.LineTo(x2 * k, y2 * k),
                        cv.Path.LineTo(bx * k, by * k),
                    ],
                    paint=paint_,
                )
            )
    return out


@ft.control
class BoardCanvas(cv.Canvas):
    """The board's own drawing (land, roads, links, places, names): a page keeps it from one render to the
    next while it is unchanged (:func:`companion.ui.memo.keep`), and it is isolated, so that the diff of a
    page's update never walks its thousand shapes."""

    def is_isolated(self) -> bool:
        return True


@ft.control
class Flash(cv.Canvas):
    """A canvas that hides itself ``seconds`` after it is shown (the last action's arrows)."""

    seconds: float = 5.0

    def did_mount(self) -> None:
        super().did_mount()
        spawn(self.page, self._fade)

    async def _fade(self) -> None:
        await asyncio.sleep(max(0.0, self.seconds))
        self.visible = False
        try:
            self.update()
        except Exception:  # noqa: BLE001 - the map was redrawn or left meanwhile: nothing to hide
            pass


def _label_shapes(lab: Label, k: float, colour: str, bold: bool = True) -> list[cv.Shape]:
    out: list[cv.Shape] = []
    size = lab.size * k
    for i, line in enumerate(lab.lines):
        out.append(
            cv.Text(
                lab.x * k + 1 * k,
                (lab.y + i * lab.size * 1.2) * k,
                line,
                style=ft.TextStyle(
                    size=size, color=colour, weight=ft.FontWeight.BOLD if bold else ft.FontWeight.NORMAL
                ),
            )
        )
    return out


def paint(board: Board, layer: Layer, k: float, dark: bool = False) -> list[cv.Shape]:
    """Every shape of the board and its layer, at ``k`` pixels per board unit."""
    return paint_board(board, layer, k, dark) + paint_layer(board, layer, k, dark)


def paint_board(board: Board, layer: Layer, k: float, dark: bool = False) -> list[cv.Shape]:
    """What an action seldom changes: land, roads, links, places and names (its own canvas, so that a
    repaint after an action leaves it alone)."""
    ink = "#f2efe6" if dark else INK
    shapes: list[cv.Shape] = [
        cv.Rect(
            0, 0, board.width * k, board.height * k, paint=_paint("#23221f" if dark else LAND, fill=True)
        ),
    ]
    at = board.by_key()
    for seg in board.segments:
        a, b = at[seg.a], at[seg.b]
        sea = seg.kind == "sea"
        shapes.append(
            cv.Line(
                a.x * k,
                a.y * k,
                b.x * k,
                b.y * k,
                paint=_paint(SEA if sea else ROAD, max(1.5, 2.2 * k), dash=[8, 5] if sea else None),
            )
        )
    for st in board.stubs:
        p = at[st.place]
        shapes.append(
            cv.Line(p.x * k, p.y * k, st.x * k, st.y * k, paint=_paint(SEA, max(1.5, 2.4 * k), dash=[7, 4]))
        )
        lab = st.label
        shapes.append(
            cv.Rect(
                lab.x * k,
                lab.y * k,
                lab.w * k,
                lab.h * k,
                border_radius=4,
                paint=_paint("#ffffff" if not dark else "#34332f", fill=True),
            )
        )
        shapes.append(
            cv.Rect(lab.x * k, lab.y * k, lab.w * k, lab.h * k, border_radius=4, paint=_paint(SEA, 1.2))
        )
        shapes += _label_shapes(lab, k, ink, bold=False)
    for p in board.places:
        shapes += _place(p, layer, k, ink)
    return shapes


def paint_layer(
    board: Board, layer: Layer, k: float, dark: bool = False, before: Iterable[Any] = ()
) -> list[cv.Shape]:
    """What some actions change: Forts, pins, cubes and tokens (``before``: the shapes of the layer the page
    shows, see :func:`keyed`)."""
    items: list[Item] = []
    for x, y, h, colour in layer.squares:  # a dark keep on the light land; a light one on the dark map
        c = "#efe4cf" if dark else colour
        items.append((("fort", x, y, h, c), partial(castle, x, y, h, c, k, "#000000" if dark else "#ffffff")))
    return keyed(items + _badge_items(layer.badges, k, dark), before, (k, dark))


Item = tuple[tuple[Any, ...], Callable[[], list[cv.Shape]]]  # what a piece draws, and how to draw it


def keyed(items: list[Item], before: Iterable[Any] = (), scale: Any = None) -> list[cv.Shape]:
    """The shapes of ``items`` (what each draws: a pin, a pawn, a Fort, and how to draw its shapes), each
    keyed by what its item draws (at ``scale``): when a layer is drawn again after an action, the shapes
    that did not change have the same keys, so the page's canvas keeps them and the browser gets only the
    pins, pawns and rings that came, went or moved (see :func:`map_control`). Two identical items are told
    apart by their rank.

    ``before``: the shapes of the canvas the page shows in this place (:func:`companion.ui.memo.previous`).
    An item that drew the same there takes those shapes as they are, instead of new ones that the graft
    would compare with them one by one only to keep the old ones (at a turn's end, every pin of the province
    on every page that shows it)."""
    had: dict[str, list[Any]] = {}
    for shape in before:
        base, _, _ = str(getattr(shape, "key", None) or "").rpartition("-")
        if base and getattr(shape, "_tk_memo", False):
            had.setdefault(base, []).append(shape)
    out: list[cv.Shape] = []
    seen: dict[str, int] = {}
    for what, draw in items:
        # short: the key travels with each shape to the browser (12 hex digits: no two of a few hundred alike)
        base = hashlib.blake2s(repr((what, scale)).encode(), digest_size=6).hexdigest()
        n = seen.get(base, 0)
        seen[base] = n + 1
        if n:
            base = f"{base}.{n}"
        kept = had.pop(base, None)
        if kept is not None:
            out += kept
            continue
        for i, shape in enumerate(draw()):
            shape.key = f"{base}-{i}"
            # drawn once for what it shows (its key): never written into, only kept or taken away
            object.__setattr__(shape, "_tk_memo", True)
            out.append(shape)
    return out


def paint_pieces(
    board: Board, layer: Layer, k: float, dark: bool = False, before: Iterable[Any] = ()
) -> list[cv.Shape]:
    """What almost every action changes: the last action's rings and the pawns (``before``: as
    :func:`paint_layer`)."""
    items: list[Item] = []
    at = board.by_key()
    for key in sorted(layer.marks):
        if key in at:
            items.append((("ring", key), partial(_ring, at[key], k)))
    return keyed(items + _badge_items(layer.pawns, k, dark), before, (k, dark))


def _ring(p: Place, k: float) -> list[cv.Shape]:
    """The ring around a place the last action changed."""
    return [cv.Circle(p.x * k, p.y * k, (p.r + 6) * k, paint=_paint("#ff2d95", max(2.5, 4 * k), dash=[6, 3]))]


def _badge_items(
    badges: Iterable[tuple[float, float, float, str, str, str]], k: float, dark: bool
) -> list[Item]:
    """Each badge (a pin, a cube, a pawn: a disc, its rim, its letter) and how to draw its shapes."""

    def draw(x: float, y: float, r: float, fill: str, text: str, colour: str) -> list[cv.Shape]:
        shapes: list[cv.Shape] = [
            cv.Circle(x * k, y * k, r * k, paint=_paint(fill, fill=True)),
            cv.Circle(
                x * k, y * k, r * k, paint=_paint("#ffffff" if not dark else "#000000", max(1.0, 1.5 * k))
            ),
        ]
        if text:
            # the letter in proportion to its disc: a floor of 8 px made it overflow a phone's 3 px disc
            # (a white blob once zoomed); on a phone the colour tells the pawn, the zoom shows the letter
            shapes.append(
                cv.Text(
                    x * k,
                    y * k,
                    text,
                    alignment=ft.Alignment.CENTER,
                    style=ft.TextStyle(size=r * 1.25 * k, color=colour, weight=ft.FontWeight.BOLD),
                )
            )
        return shapes

    return [(("badge", *b), partial(draw, *b)) for b in badges]


def castle(x: float, y: float, h: float, colour: str, k: float, edge: str) -> list[cv.Shape]:
    """A Fort: a small keep with three merlons (a square outline around the city hid its name)."""
    body = cv.Rect((x - h) * k, (y - 0.45 * h) * k, 2 * h * k, 1.45 * h * k, paint=_paint(colour, fill=True))
    w = 2 * h / 5
    merlons = [
        cv.Rect((x - h + i * w) * k, (y - h) * k, w * k, 0.6 * h * k, paint=_paint(colour, fill=True))
        for i in (0, 2, 4)
    ]
    door = cv.Rect(
        (x - 0.25 * h) * k, (y + 0.35 * h) * k, 0.5 * h * k, 0.65 * h * k, paint=_paint(edge, fill=True)
    )
    outline = cv.Rect(
        (x - h) * k, (y - 0.45 * h) * k, 2 * h * k, 1.45 * h * k, paint=_paint(edge, max(1.0, 1.2 * k))
    )
    return [outline, body, *merlons, door]


REGION_FILLS = {"light": "#f1e6c8", "medium": "#dcc393", "dark": "#bf9d62", "castle": "#b9b4aa"}


def _place(p: Place, layer: Layer, k: float, ink: str) -> list[cv.Shape]:
    fill = layer.fills.get(p.key) or PEOPLE.get(p.colour) or REGION_FILLS.get(p.colour, "#cccccc")
    faded = p.key in layer.dim
    if faded:
        fill = "#9e9a92"
    out: list[cv.Shape] = []
    if p.extra.get("kind") == "castle":
        out.append(
            cv.Rect(
                (p.x - p.r) * k,
                (p.y - 0.8 * p.r) * k,
                2 * p.r * k,
                1.6 * p.r * k,
                border_radius=6,
                paint=_paint(fill, fill=True),
            )
        )
    else:  # the disc a little inside its footprint: two cities at the minimum distance never touch
        r = p.r * DISC
        out.append(cv.Circle(p.x * k, p.y * k, r * k, paint=_paint(fill, fill=True)))
        out.append(cv.Circle(p.x * k, p.y * k, r * k, paint=_paint(INK, max(1.0, 1.6 * k))))
    lab = p.label  # a name drawn on its own disc (a Rattus region) keeps the dark ink on the light fill: in
    inside = math.hypot(lab.x + lab.w / 2 - p.x, lab.y + lab.h / 2 - p.y) < p.r * DISC  # the dark theme
    out += _label_shapes(lab, k, "#7a7670" if faded else INK if inside else ink)  # it was white on cream
    return out


def ring(p: Place, n: int, radius_share: float = 0.55) -> list[tuple[float, float]]:
    """``n`` spots on a circle inside a place (pins), starting at the top."""
    if n <= 0:
        return []
    rr = p.r * radius_share if n > 1 else 0.0
    return [
        (
            p.x + rr * math.cos(-math.pi / 2 + 2 * math.pi * i / n),
            p.y + rr * math.sin(-math.pi / 2 + 2 * math.pi * i / n),
        )
        for i in range(n)
    ]


def map_control(
    board: Board,
    layer: Layer,
    width: float,
    on_place: Callable[[str, str], Any] | None,
    labels: dict[str, str] | None = None,
    dark: bool = False,
    tappable: Iterable[str] | None = None,
    zoom: bool = False,
    centre: str | None = None,
    lang: str = "fr",
) -> ft.Control:
    """The board at ``width`` pixels, with a tap target per place (all places, or only ``tappable``);
    ``centre``: the place a zoom button zooms on (the seat's city), else the board's middle."""
    k = width / board.width
    height = board.height * k
    # a page keeps each part while it is unchanged (companion.ui.memo): the board itself; what actions change
    # on top, in two canvases: what some change (pins, Forts) and what almost all change (pawns, the last
    # action's rings; a move then sends a few shapes, not every pin again); the tap targets (the same all
    # game)
    drawn = (
        board.code,
        id(board),
        round(width, 2),
        dark,
        tuple(sorted(layer.fills.items())),
        tuple(sorted(layer.dim)),
    )
    memo_key = ("board-canvas", *drawn)
    layer_key = ("board-layer", *drawn, tuple(layer.badges), tuple(layer.squares))
    pieces_key = ("board-pieces", *drawn, tuple(sorted(layer.marks)), tuple(layer.pawns))
    # each in its own layer (layered): the board is painted once, not again at each change elsewhere on the
    # page, and not rebuilt when what is on top of it changes (that is a stack of its own)
    base = keep(
        memo_key,
        lambda: layered(
            BoardCanvas(shapes=paint_board(board, layer, k, dark), width=width, height=height), width, height
        ),
    )
    # The two layers on top are Flet's own canvas (kept, so isolated: companion.ui.memo), each in a slot: when
    # an action changed one, the new one is written into the one on the page (companion.runtime.graft), shape
    # by shape matched by key (keyed: what it draws), so the browser gets the pins and pawns that came, went
    # or moved, not all of them again (at a turn's end, ~30 KB of pins to every page showing the province)
    slot = (board.code, round(width, 2), dark)
    # (a new canvas takes the page's shapes for what did not change: companion.ui.memo.previous)
    controls: list[ft.Control] = [
        keep(
            layer_key,
            lambda: cv.Canvas(
                shapes=paint_layer(board, layer, k, dark, _shapes(previous(("board-layer", *slot)))),
                width=width,
                height=height,
            ),
            slot=("board-layer", *slot),
        ),
        keep(
            pieces_key,
            lambda: cv.Canvas(
                shapes=paint_pieces(board, layer, k, dark, _shapes(previous(("board-pieces", *slot)))),
                width=width,
                height=height,
            ),
            slot=("board-pieces", *slot),
        ),
    ]  # no keys: Flet diffs a keyed control in place, and never walks an isolated one's shapes (nothing sent)
    if layer.arrows and layer.flash > 0:
        # the same arrows: the flash on the page, fading since they came (a pin placed meanwhile does not
        # show them again for their whole time)
        controls.append(
            keep(
                ("board-arrows", *drawn, tuple(layer.arrows)),
                lambda: Flash(
                    shapes=arrow_shapes(layer.arrows, k),
                    width=width,
                    height=height,
                    seconds=layer.flash,
                    key=f"map-{board.code}-arrows",
                ),
            )
        )
    allowed = None if tappable is None else tuple(sorted(tappable))
    targets_key = (
        "board-targets",
        board.code,
        id(board),
        round(width, 2),
        allowed,
        tuple(sorted((labels or {}).items())),
        id(getattr(on_place, "__self__", on_place)),
        getattr(on_place, "__func__", None),
    )
    controls.append(keep(targets_key, lambda: _targets(board, k, width, height, on_place, labels, allowed)))
    top = layered(ft.Stack(controls, width=width, height=height), width, height)
    stack = ft.Stack([base, top], width=width, height=height, clip_behavior=ft.ClipBehavior.HARD_EDGE)
    if zoom:
        at = board.by_key().get(centre or "")
        return zoomable(stack, width, height, (at.x * k, at.y * k) if at is not None else None, lang)
    return stack


def _shapes(canvas: Any) -> list[Any]:
    return list(getattr(canvas, "shapes", None) or [])


def layered(control: ft.Control, width: float, height: float) -> ft.Control:
    """``control`` painted in a layer of its own (a Flutter ``RepaintBoundary``: Flet's list gives one to each
    of its items; one that fits never scrolls, and takes no drag from the page or the zoom).

    Without it, whatever changed on the page (a line of text, a button's ripple: five frames) made the browser
    paint the map's thousand shapes again, its forty-eight names laid out anew each time; and Flet rebuilds
    (so repaints) every control under one whose list of children changed, so the board must not stand in
    the same list as the pins and pawns that actions replace."""
    return ft.ListView(
        [control], width=width, height=height, padding=0, spacing=0, build_controls_on_demand=False
    )


def _targets(
    board: Board,
    k: float,
    width: float,
    height: float,
    on_place: Callable[[str, str], Any] | None,
    labels: Mapping[str, str] | None,
    allowed: tuple[str, ...] | None,
) -> ft.Control:
    """What a tap on the map plays: one detector over the whole map that takes the place nearest the tap
    (:func:`nearest`), and for screen readers (and tests) one tappable semantics node per place.

    A tappable container per place inside the zoomable viewer was hit where it was not drawn: on a zoomed
    phone, a tap on Genava opened Augustonemetum (every point of the map hit some city). The detector gets
    the tap in the map's own coordinates, whatever the zoom, and picks the place from the board's geometry."""
    room = _room(board)
    chosen = None if allowed is None else set(allowed)
    places = [p for p in board.places if chosen is None or p.key in chosen]
    nodes: list[ft.Control] = [ft.Container(width=width, height=height, bgcolor=ft.Colors.TRANSPARENT)]
    for p in places:
        # at least the place as drawn, else MIN_TARGET, but never over a neighbour's node
        side = min(max(MIN_TARGET, 2 * p.r * k), max(2 * p.r * k, 0.95 * room.get(p.key, 1e9) * k))
        handler = None
        if on_place is not None:

            def handler(_e: Any, key: str = p.key, name: str = p.name) -> Any:
                return on_place(key, name)

        nodes.append(
            ft.Container(
                content=ft.Semantics(
                    identifier=f"place-{p.key}",
                    label=(labels or {}).get(p.key, p.name),
                    button=True,
                    on_tap=handler,
                    content=ft.Container(width=side, height=side),
                ),
                left=p.x * k - side / 2,
                top=p.y * k - side / 2,
                width=side,
                height=side,
                key=f"tap-{p.key}",
            )
        )
    stack = ft.Stack(nodes, width=width, height=height)
    if on_place is None:
        return stack

    def tapped(e: Any) -> Any:
        pos = getattr(e, "local_position", None)
        if pos is None:
            return None
        hit = nearest(places, pos.x / k, pos.y / k, reach=max(MIN_TARGET / 2 / k, 1.0))
        return on_place(hit.key, hit.name) if hit is not None else None

    return ft.GestureDetector(content=stack, on_tap_up=tapped, width=width, height=height)


def nearest(places: Iterable[Place], x: float, y: float, reach: float) -> Place | None:
    """The place nearest the board point (x, y): within its own disc, or within ``reach`` board units of its
    centre (a finger's width on screen); None when the tap is on no place."""
    best, best_d = None, float("inf")
    for p in places:
        d = math.hypot(p.x - x, p.y - y)
        if d < best_d:
            best, best_d = p, d
    if best is None or best_d > max(best.r, reach):
        return None
    return best


_ROOM: dict[int, tuple[Board, dict[str, float]]] = {}


def _room(board: Board) -> dict[str, float]:
    """Per place, the distance to its nearest neighbour along the axes (max of |dx|, |dy|), in board units:
    two square targets no wider than that never overlap."""
    hit = _ROOM.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    pts = [(p.key, p.x, p.y) for p in board.places]
    out = {
        key: min((max(abs(x - x2), abs(y - y2)) for k2, x2, y2 in pts if k2 != key), default=1e9)
        for key, x, y in pts
    }
    if len(_ROOM) > 32:
        _ROOM.clear()
    _ROOM[id(board)] = (board, out)
    return out


ZOOM_STEP = 1.6
ZOOM_MAX = 4.0


def zoomable(
    content: ft.Control,
    width: float,
    height: float,
    centre: tuple[float, float] | None = None,
    lang: str = "fr",
) -> ft.Control:
    """A map a phone can zoom: pinch and drag (Flet's InteractiveViewer, scale 1 to 4, never smaller than
    the screen's width), and buttons for one hand and for screen readers: ``map-zoom-in``, ``map-zoom-out``
    (on ``centre``, in pixels of the unzoomed map: the seat's city; else the map's middle), ``map-fit``
    (back to the whole map). Taps on places keep working at any scale."""
    viewer = ft.InteractiveViewer(
        content=content,
        min_scale=1.0,
        max_scale=ZOOM_MAX,
        boundary_margin=ft.Margin.all(0),
        width=width,
        height=height,
    )
    scale = [1.0]  # what the buttons asked for (a pinch is not reported back: the buttons start afresh)
    cx, cy = centre if centre is not None else (width / 2, height / 2)

    async def show(s: float) -> None:
        # Flet's viewer scales about the top-left corner and pans in the map's own units (its matrix is
        # multiplied on the right): from the whole map, scale, then pan so that the centre is in the middle
        # (the viewer clamps the pan to the map's edges)
        v = live(viewer)
        await v.reset()
        if s > 1.0 + 1e-9:
            await v.zoom(s)
            await v.pan(width / (2 * s) - cx, height / (2 * s) - cy)

    async def zoom_in(_e: Any) -> None:
        if scale[0] * ZOOM_STEP <= ZOOM_MAX + 1e-9:
            scale[0] *= ZOOM_STEP
            await show(scale[0])

    async def zoom_out(_e: Any) -> None:
        scale[0] = max(1.0, scale[0] / ZOOM_STEP)
        await show(scale[0])

    async def fit(_e: Any) -> None:
        scale[0] = 1.0
        await live(viewer).reset()

    def button(icon: Any, ident: str, tip: str, handler: Any) -> ft.Control:
        return ft.Semantics(
            identifier=ident,
            label=tip,
            button=True,
            content=ft.IconButton(
                icon=icon,
                on_click=handler,
                tooltip=tip,
                icon_size=26,
                style=ft.ButtonStyle(bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH),
            ),
        )

    en = lang == "en"
    # kept while it zooms on the same spot: a map drawn again for an action is written into the viewer on
    # the page, which the kept buttons find (live) with the scale they asked for
    bar = keep(
        ("map-zoom", lang, round(width, 2), round(height, 2), round(cx, 2), round(cy, 2)),
        lambda: ft.Row(
            [
                button(ft.Icons.ZOOM_IN, "map-zoom-in", "Zoom in" if en else "Agrandir", zoom_in),
                button(ft.Icons.ZOOM_OUT, "map-zoom-out", "Zoom out" if en else "Réduire", zoom_out),
                button(ft.Icons.FIT_SCREEN, "map-fit", "Whole map" if en else "Carte entière", fit),
            ],
            spacing=8,
            alignment=ft.MainAxisAlignment.END,
        ),
    )
    return ft.Column([viewer, bar], spacing=4, tight=True, width=width)


__all__ = [
    "BoardCanvas",
    "Flash",
    "Layer",
    "layered",
    "arrow_shapes",
    "map_control",
    "nearest",
    "paint",
    "paint_board",
    "paint_layer",
    "ring",
    "zoomable",
]
