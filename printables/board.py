"""Printed boards: a Pandémie province or the Rattus map, drawn from the same geometry as the screen
(:mod:`engine.boards`), each place with its small QR code so that a phone can select it from the cardboard.

``--paper a3``: one landscape A3 page. ``--paper a4`` (or ``letter``): the same board at the same size on
tiled portrait pages. Neighbouring tiles overlap by :data:`GLUE` mm: the strip is printed on both, marked
*coller ici* on the one underneath; the one on top has a dashed cut line, and crosses (⊕) printed at the
same spot of the board on both tiles line them up. Two portrait A4 sheets side by side make the A3 board.
The hatch of a glue strip goes round every code and name, and the marks and words are put where they cover
none (nor a place, when there is room): each sheet's codes read on their own, before the sheets are glued.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.units import mm as MM
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from engine.boards.geometry import Board, Label, Place
from engine.boards.palette import INK, LAND, PEOPLE, ROAD, SEA, rgb
from engine.catalogue import Component, all_components
from engine.core.codes import payload as code_payload

from . import fonts, qr
from .render import Options, Placed, Result, new_canvas

A3 = (420.0, 297.0)  # landscape
MARGIN = 6.0  # from the paper's edge: no printer prints there
TITLE_H = 8.0
FOOT_H = 6.0
GLUE = 12.0
CAPTION = 5.0  # mm above a tile for its caption
QUIET = 1  # modules of white around each code (the coloured frame is outside it)
FRAME = 0.9  # mm of people's colour around a place's code
TILE_PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
CLEAR = 0.8  # mm kept between a tile's guides (glue hatch, ⊕ marks, words) and a code or a name
MARK_R = 3.0  # mm: half the width of an alignment mark (⊕)

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm


class BoardPrintError(ValueError):
    pass


@dataclass(frozen=True)
class Poster:
    """The whole board with its title and legend, in mm, origin bottom-left; ``scale`` mm per board unit."""

    w: float
    h: float
    scale: float
    board_x: float
    board_y: float


def poster_scale(width: float, height: float) -> float:
    """mm per board unit of a ``width`` × ``height`` board printed at the size of one A3 page."""
    aw = A3[0] - 2 * MARGIN
    # no taller than one portrait A4 tile can show: then two A4 sheets side by side make the A3 board
    ah = (
        min(A3[1] - 2 * MARGIN, min(p[1] for p in TILE_PAPERS.values()) - 2 * MARGIN - CAPTION)
        - TITLE_H
        - FOOT_H
    )
    return min(aw / width, ah / height)


def poster_for(board: Board) -> Poster:
    """The board at the size of one A3 page (the tiles print it at that same size)."""
    s = poster_scale(board.width, board.height)
    w, h = board.width * s, board.height * s + TITLE_H + FOOT_H
    return Poster(w, h, s, 0.0, FOOT_H)


SMALL_SIDE = 21 + 2 * QUIET  # modules across a place's code (version 1) with its quiet zone


def city_module(r_mm: float) -> float:
    """A city's code module (mm) in its square of half-side 0.8 r, inside its frame."""
    return 2 * (0.8 * r_mm - FRAME) / SMALL_SIDE


def region_module(r_mm: float) -> float:
    """A Rattus region's code module (mm): the code is 0.72 r across, in the disc's lower half."""
    return 0.72 * r_mm / SMALL_SIDE


def board_modules() -> dict[str, float]:
    """Each board set's code module in mm, from the boards' constants (no layout is computed)."""
    from engine.boards import geometry, pandemie, rattus

    s = poster_scale(geometry.WIDTH, geometry.HEIGHT)
    city = city_module(pandemie.RADIUS * s)
    out = {name: city for name, *_ in board_sets() if name != "board-rattus"}
    out["board-rattus"] = region_module(rattus.RADIUS * s)
    return out


def _fill(c: Canvas, hex_colour: str) -> None:
    c.setFillColorRGB(*rgb(hex_colour))


def _stroke(c: Canvas, hex_colour: str) -> None:
    c.setStrokeColorRGB(*rgb(hex_colour))


def _label_box(lab: Label, to_mm: Callable[[float, float], tuple[float, float]], s: float) -> Rect:
    x0, y1 = to_mm(lab.x, lab.y)
    return x0, y1 - lab.h * s, x0 + lab.w * s, y1


def _label(
    c: Canvas, lab: Label, to_mm: Callable[[float, float], tuple[float, float]], s: float, bold: bool = False
) -> Rect:
    """Draw a name in its box; returns the box its ink takes (the font's own widths, ascent and descent)."""
    font = fonts.BOLD if bold else fonts.REGULAR
    size = lab.size * s
    lead = size * 1.2
    x0, y_top = to_mm(lab.x, lab.y)
    fs = min(fonts.fit_size(line, font, size, lab.w * s - 0.4) for line in lab.lines)
    c.setFont(font, fs)
    ascent, descent = pdfmetrics.getAscentDescent(font, fs)
    ink: Rect = (math.inf, math.inf, -math.inf, -math.inf)
    for i, line in enumerate(lab.lines):
        x, y = x0 + 0.5 * s, y_top - (i + 1) * lead + size * 0.22
        c.drawString(x, y, line)
        w = fonts.width(line, font, fs)
        ink = (min(ink[0], x), min(ink[1], y + descent), max(ink[2], x + w), max(ink[3], y + ascent))
    return ink


def draw_board(
    c: Canvas,
    board: Board,
    poster: Poster,
    grey: bool = False,
    codes: list[tuple[str, str, float, float, float]] | None = None,
    title: str = "",
    legend: str = "",
    keep: list[Rect] | None = None,
    names: list[tuple[str, Rect]] | None = None,
) -> None:
    """Draw the poster (board, title, legend) in mm with its origin at the current origin. ``codes``
    collects (payload, component id, centre x, centre y, module) of each place's QR code; ``keep`` the
    boxes (x0, y0, x1, y1) that a tile's guides must leave clear: each code with its frame and quiet zone,
    and each name; ``names`` each place's name with the box its ink takes."""
    s = poster.scale
    keep = [] if keep is None else keep
    names = [] if names is None else names
    bx, by = poster.board_x, poster.board_y
    bh = board.height * s

    def to_mm(x: float, y: float) -> tuple[float, float]:
        return bx + x * s, by + bh - y * s

    # land
    c.setLineWidth(0.4)
    _stroke(c, INK)
    if grey:
        c.setFillColorRGB(1, 1, 1)
    else:
        _fill(c, LAND)
    c.rect(bx, by, board.width * s, bh, stroke=1, fill=1)
    places = board.by_key()
    # roads
    _stroke(c, ROAD)
    c.setLineWidth(0.7)
    c.setDash()
    for seg in board.segments:
        a, b = places[seg.a], places[seg.b]
        if seg.kind == "sea":
            _stroke(c, SEA)
            c.setDash(2.0, 1.2)
        c.line(*to_mm(a.x, a.y), *to_mm(b.x, b.y))
        if seg.kind == "sea":
            _stroke(c, ROAD)
            c.setDash()
    # links to other boards: a dashed line to a box at the edge
    for st in board.stubs:
        p = places[st.place]
        _stroke(c, SEA)
        c.setLineWidth(0.8)
        c.setDash(2.2, 1.2)
        c.line(*to_mm(p.x, p.y), *to_mm(st.x, st.y))
        c.setDash()
        x0, y1 = to_mm(st.label.x, st.label.y)
        c.setFillColorRGB(1, 1, 1)
        c.setLineWidth(0.4)
        c.roundRect(x0, y1 - st.label.h * s, st.label.w * s, st.label.h * s, 1.0, stroke=1, fill=1)
        _fill(c, INK)
        _label(c, st.label, to_mm, s, bold=False)
        keep.append(_label_box(st.label, to_mm, s))
    # places: a frame in the people's colour around a white square with the code
    for p in board.places:
        cx, cy = to_mm(p.x, p.y)
        kind = p.extra.get("kind", "")
        if kind in ("region", "castle"):
            _region(c, p, cx, cy, s, grey, codes, keep)
            _fill(c, INK)
            names.append((p.name, _label(c, p.label, to_mm, s, bold=True)))
            keep.append(_label_box(p.label, to_mm, s))
            continue
        half = 0.8 * p.r * s
        colour = PEOPLE.get(p.colour, p.colour if p.colour.startswith("#") else INK)
        if grey:
            c.setFillColorRGB(0.55, 0.55, 0.55)
        else:
            _fill(c, colour)
        c.roundRect(cx - half, cy - half, 2 * half, 2 * half, 1.2, stroke=0, fill=1)
        keep.append((cx - half, cy - half, cx + half, cy + half))
        if p.code:
            text = code_payload(p.code)
            inner = 2 * (half - FRAME)
            module = city_module(
                p.r * s
            )  # (a small code is version 1: SMALL_SIDE modules with its quiet zone)
            qr.draw(c, text, qr.SMALL, cx - inner / 2, cy - inner / 2, module, QUIET)
            if codes is not None:
                codes.append((text, p.code, cx, cy, module))
        _fill(c, INK)
        names.append((p.name, _label(c, p.label, to_mm, s, bold=True)))
        keep.append(_label_box(p.label, to_mm, s))
    # title and legend
    _fill(c, INK)
    if title:
        c.setFont(fonts.BOLD, 5.0)
        c.drawString(bx, by + bh + 2.2, title)
        keep.append((bx, by + bh + 1.0, bx + fonts.width(title, fonts.BOLD, 5.0), by + bh + 6.2))
    if legend:
        size = fonts.fit_size(legend, fonts.REGULAR, 2.6, poster.w - 2)
        c.setFont(fonts.REGULAR, size)
        c.drawString(bx, by - 3.6, legend)
        keep.append((bx, by - 4.4, bx + fonts.width(legend, fonts.REGULAR, size), by - 3.6 + size))


SHADES = {"light": "#f1e6c8", "medium": "#dcc393", "dark": "#bf9d62", "castle": "#b9b4aa"}


def _region(
    c: Canvas,
    p: Place,
    cx: float,
    cy: float,
    s: float,
    grey: bool,
    codes: list[tuple[str, str, float, float, float]] | None,
    keep: list[Rect],
) -> None:
    """A Rattus region: a disc shaded as on the box (light, medium, dark), its code in its lower half."""
    r = p.r * s
    if grey:
        c.setFillColorRGB(1, 1, 1)
    else:
        _fill(c, SHADES.get(p.colour, "#ffffff"))
    _stroke(c, INK)
    c.setLineWidth(0.5)
    if p.extra.get("kind") == "castle":
        c.roundRect(cx - r, cy - r * 0.8, 2 * r, 1.6 * r, 2.0, stroke=1, fill=1)
        return
    c.circle(cx, cy, r, stroke=1, fill=1)
    if p.code:
        text = code_payload(p.code)
        side = 0.72 * r
        module = region_module(r)
        qx, qy = cx - side / 2, cy - 0.22 * r - side / 2
        qr.draw(c, text, qr.SMALL, qx, qy, module, QUIET)
        keep.append((qx - module, qy - module, qx + side + module, qy + side + module))
        if codes is not None:
            codes.append((text, p.code, cx, cy - 0.22 * r, module))
    if not grey and p.extra.get("players") in ("3", "4"):
        _fill(c, INK)
        c.setFont(fonts.REGULAR, 2.4)
        c.drawCentredString(
            cx,
            cy - 0.86 * r,
            f"{p.extra['players']} joueurs et plus" if p.extra["players"] == "3" else "4 joueurs",
        )


def _marks(c: Canvas, x: float, y: float) -> None:
    """An alignment cross in a circle (⊕), 6 mm wide."""
    c.setLineWidth(0.2)
    c.setStrokeColorRGB(0, 0, 0)
    c.circle(x, y, 2.0)
    c.line(x - 3, y, x + 3, y)
    c.line(x, y - 3, x, y + 3)


@dataclass(frozen=True)
class Layout:
    """Where a board's poster puts things, in poster mm (origin at its bottom-left): each code's square
    with its quiet zone (payload, component id, box), each place's name with the box its ink takes, and
    what a tile's guides must leave clear."""

    codes: list[tuple[str, str, Rect]]
    names: list[tuple[str, Rect]]
    keep: list[Rect]


def layout(board: Board, grey: bool = False) -> Layout:
    """The poster of ``board`` drawn on a scratch canvas, measured."""
    fonts.register()
    poster = poster_for(board)
    c = Canvas(io.BytesIO())
    found: list[tuple[str, str, float, float, float]] = []
    keep: list[Rect] = []
    names: list[tuple[str, Rect]] = []
    draw_board(c, board, poster, grey, found, "title", "legend", keep, names)
    codes = []
    for text, cid, x, y, m in found:
        half = (qr.modules(text, qr.SMALL) + 2 * QUIET) * m / 2
        codes.append((text, cid, (x - half, y - half, x + half, y + half)))
    return Layout(codes, names, keep)


def _places(board: Board, poster: Poster) -> list[Rect]:
    """Each place's whole shape (a Rattus region's disc, a city's square), as a box in poster mm."""
    s = poster.scale
    top = poster.board_y + board.height * s
    out = []
    for p in board.places:
        cx, cy = poster.board_x + p.x * s, top - p.y * s
        r = p.r * s if p.extra.get("kind") in ("region", "castle") else 0.8 * p.r * s
        out.append((cx - r, cy - r, cx + r, cy + r))
    return out


def _tiles(poster: Poster, paper: tuple[float, float]) -> tuple[list[float], list[float], float, float]:
    """Tile origins (poster mm) along x and y, and each tile's window size."""
    tw, th = paper[0] - 2 * MARGIN, paper[1] - 2 * MARGIN - CAPTION

    def starts(total: float, window: float) -> list[float]:
        if total <= window:
            return [0.0]
        n = math.ceil((total - GLUE) / (window - GLUE))
        step = (total - window) / (n - 1)
        return [i * step for i in range(n)]

    return starts(poster.w, tw), starts(poster.h, th), tw, th


def render_board(set_name: str, board: Board, opts: Options, title: str, legend: str) -> Result:
    """The PDF of a board: one A3 page, or tiles of A4/letter (``opts.paper``)."""
    poster = poster_for(board)
    buf = io.BytesIO()
    placed: list[Placed] = []
    if opts.paper == "a3":
        c = new_canvas(buf, A3, title, "none")
        c.scale(MM, MM)
        ox, oy = (A3[0] - poster.w) / 2, (A3[1] - poster.h) / 2
        c.translate(ox, oy)
        found: list[tuple[str, str, float, float, float]] = []
        draw_board(c, board, poster, opts.grey, found, title, legend)
        placed = [
            Placed(1, t, cid, "face", (ox + x, oy + y), round(m, 3), qr.SMALL) for t, cid, x, y, m in found
        ]
        c.showPage()
        c.save()
        return Result(set_name, opts, buf.getvalue(), 1, placed, None)
    paper = TILE_PAPERS.get(opts.paper)
    if paper is None:
        raise BoardPrintError(
            f"a board prints on a3 (one page) or on tiles of {', '.join(TILE_PAPERS)}, not {opts.paper!r}"
        )
    xs, ys, tw, th = _tiles(poster, paper)
    keep: list[Rect] = []  # in poster mm (the same on every tile): what the tiles' guides leave clear
    c = new_canvas(buf, paper, title, "none")
    page = 0
    rows = list(reversed(ys))  # page 1 is the top-left tile
    for r, y0 in enumerate(rows):
        for col, x0 in enumerate(xs):
            page += 1
            c.saveState()
            c.scale(MM, MM)
            ox, oy = MARGIN - x0, MARGIN - y0
            c.saveState()
            p = c.beginPath()
            p.rect(MARGIN, MARGIN, tw, th)
            c.clipPath(p, stroke=0, fill=0)
            c.translate(ox, oy)
            found = []
            draw_board(c, board, poster, opts.grey, found, title, legend, None if keep else keep)
            c.restoreState()
            for t, cid, x, y, m in found:
                half = (qr.modules(t, qr.SMALL) + 2 * QUIET) * m / 2
                if x0 + half <= x <= x0 + tw - half and y0 + half <= y <= y0 + th - half:
                    placed.append(Placed(page, t, cid, "face", (ox + x, oy + y), round(m, 3), qr.SMALL))
            _tile_guides(c, xs, ys, col, len(rows) - 1 - r, tw, th, x0, y0, keep, _places(board, poster))
            c.setFillColorRGB(0, 0, 0)
            c.setFont(fonts.REGULAR, 2.6)
            c.drawString(
                MARGIN,
                paper[1] - MARGIN - 3.0,
                f"{title} — feuille {page}/{len(xs) * len(ys)} (ligne {r + 1}, colonne {col + 1}) · "
                "100 % · couper aux tirets, coller sur « coller ici », croix sur croix",
            )
            c.restoreState()
            c.showPage()
    c.save()
    return Result(set_name, opts, buf.getvalue(), page, placed, None)


def _tile_guides(
    c: Canvas,
    xs: list[float],
    ys: list[float],
    col: int,
    row: int,
    tw: float,
    th: float,
    x0: float,
    y0: float,
    keep: list[Rect],
    places: list[Rect],
) -> None:
    """Glue strips (where the next tile is laid), cut lines (where this tile is trimmed) and ⊕ marks: the
    hatch clear of every code and name (``keep``, poster mm), the marks and words clear of every place too
    (``places``). A mark is placed in poster coordinates, so that the two tiles sharing an overlap put it at
    the same spot of the board."""
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0, 0, 0)
    left, bottom = MARGIN, MARGIN
    dx, dy = MARGIN - x0, MARGIN - y0  # poster mm → page mm
    here = [(a + dx, b + dy, e + dx, f + dy) for a, b, e, f in keep]
    clear = keep + places  # what the marks leave clear
    marks: list[tuple[float, float]] = []  # in page mm, placed first: the words go round them
    # x: tile col overlaps tile col+1 on [xs[col+1], x0+tw];
    # y: row overlaps row+1 (above) on [ys[row+1], y0+th]
    for f in (0.2, 0.8):
        if col + 1 < len(xs):
            marks.append(_mark_spot((xs[col + 1] + x0 + tw) / 2, y0 + f * th, (y0, y0 + th), True, clear))
        if col > 0:
            marks.append(_mark_spot((x0 + xs[col - 1] + tw) / 2, y0 + f * th, (y0, y0 + th), True, clear))
        if row + 1 < len(ys):
            marks.append(_mark_spot(x0 + f * tw, (ys[row + 1] + y0 + th) / 2, (x0, x0 + tw), False, clear))
        if row > 0:
            marks.append(_mark_spot(x0 + f * tw, (y0 + ys[row - 1] + th) / 2, (x0, x0 + tw), False, clear))
    marks = [(x + dx, y + dy) for x, y in marks]
    shapes = [(a + dx, b + dy, e + dx, f + dy) for a, b, e, f in places]
    crosses = [(x - MARK_R, y - MARK_R, x + MARK_R, y + MARK_R) for x, y in marks]
    if col + 1 < len(xs):
        g0 = MARGIN + xs[col + 1] - x0
        _glue_strip(c, g0, bottom, left + tw - g0, th, True, here, shapes, crosses)
    if row + 1 < len(ys):
        g0 = MARGIN + ys[row + 1] - y0
        _glue_strip(c, left, g0, tw, bottom + th - g0, False, here, shapes, crosses)
    c.setDash(2, 1.5)
    c.setLineWidth(0.25)
    if col > 0:
        c.line(left, bottom - 2, left, bottom + th + 2)  # cut here
    if row > 0:
        c.line(left - 2, bottom, left + tw + 2, bottom)
    c.setDash()
    for x, y in marks:
        _marks(c, x, y)


def _hits(box: Rect, keep: list[Rect], clear: float = CLEAR) -> bool:
    return any(
        box[0] < k[2] + clear and k[0] < box[2] + clear and box[1] < k[3] + clear and k[1] < box[3] + clear
        for k in keep
    )


def _mark_spot(
    x: float, y: float, span: tuple[float, float], along_y: bool, keep: list[Rect]
) -> tuple[float, float]:
    """The spot nearest (x, y), moving along the overlap's length (y when ``along_y``, inside ``span``), where
    a ⊕ mark covers no code and no name; (x, y) itself when there is none."""
    lo, hi = span[0] + MARK_R + 1, span[1] - MARK_R - 1
    for i in range(0, 400):
        step = (i + 1) // 2 * (1 if i % 2 else -1) * 0.5
        px, py = (x, y + step) if along_y else (x + step, y)
        if not lo <= (py if along_y else px) <= hi:
            continue
        if not _hits((px - MARK_R, py - MARK_R, px + MARK_R, py + MARK_R), keep):
            return px, py
    return x, y


def _merged(boxes: list[Rect]) -> list[Rect]:
    """Overlapping boxes replaced by their common bounding box, until none overlap."""
    out = list(boxes)
    merged = True
    while merged:
        merged = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i], out[j]
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    out[i] = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                    del out[j]
                    merged = True
                    break
            if merged:
                break
    return out


def _glue_strip(
    c: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    vertical: bool,
    keep: list[Rect],
    places: list[Rect],
    marks: list[Rect],
) -> None:
    """A light hatch on the overlap strip and the words *coller ici*, printed under the next tile: the hatch
    leaves every code and name of ``keep`` (page mm) clear, so that this tile reads as well as the next one;
    the words go where they cover no code, name or ⊕ mark, and no place's shape when they can."""
    c.saveState()
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.15)
    step = 3.0
    p = c.beginPath()
    p.rect(x, y, w, h)
    c.clipPath(p, stroke=0, fill=0)
    # then, within the strip, everything but the holes (even-odd, in a frame wider than any hole: a hole
    # cut to the strip's own edge left a hairline of hatch along it, through a code across that edge)
    holes = _merged(
        [
            (a - CLEAR, b - CLEAR, e + CLEAR, f + CLEAR)
            for a, b, e, f in keep
            if a - CLEAR < x + w and e + CLEAR > x and b - CLEAR < y + h and f + CLEAR > y
        ]
    )
    p = c.beginPath()
    fx0 = min([x, *(a for a, _, _, _ in holes)]) - 1
    fy0 = min([y, *(b for _, b, _, _ in holes)]) - 1
    fx1 = max([x + w, *(e for _, _, e, _ in holes)]) + 1
    fy1 = max([y + h, *(f for _, _, _, f in holes)]) + 1
    p.rect(fx0, fy0, fx1 - fx0, fy1 - fy0)
    for a, b, e, f in holes:
        p.rect(a, b, e - a, f - b)
    c.clipPath(p, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
    k = -max(w, h)
    while k < w + h:
        c.line(x + k, y, x + k + h, y + h)
        k += step
    c.restoreState()
    c.saveState()
    c.setFillColorRGB(0.3, 0.3, 0.3)
    c.setFont(fonts.BOLD, 3.0)
    centre = (x + w / 2, y + h / 2)
    along = (y, y + h) if vertical else (x, x + w)
    thick = 3.0
    for words, avoid in (  # the shorter words, or over a place's shape, in a crowded strip
        ("coller ici — glue here", [*keep, *marks, *places]),
        ("coller ici", [*keep, *marks, *places]),
        ("coller ici — glue here", [*keep, *marks]),
        ("coller ici", [*keep, *marks]),
    ):
        spot = _words_spot(centre, along, fonts.width(words, fonts.BOLD, 3.0), thick, vertical, avoid)
        if spot is None:
            continue
        if vertical:
            c.translate(spot[0] + 1.0, spot[1])
            c.rotate(90)
            c.drawCentredString(0, 0, words)
        else:
            c.drawCentredString(spot[0], spot[1] - 1.0, words)
        break
    c.restoreState()


def _words_spot(
    centre: tuple[float, float],
    span: tuple[float, float],
    length: float,
    thick: float,
    vertical: bool,
    keep: list[Rect],
) -> tuple[float, float] | None:
    """The centre nearest the strip's middle, along the strip, where its words cover no code and no name."""
    cx, cy = centre
    for i in range(0, 1200):
        step = (i + 1) // 2 * (1 if i % 2 else -1) * 0.5
        px, py = (cx, cy + step) if vertical else (cx + step, cy)
        lo, hi = (py, py) if vertical else (px, px)
        if lo - length / 2 < span[0] or hi + length / 2 > span[1]:
            continue
        box = (
            (px - thick / 2, py - length / 2, px + thick / 2, py + length / 2)
            if vertical
            else (px - length / 2, py - thick / 2, px + length / 2, py + thick / 2)
        )
        if not _hits(box, keep):
            return px, py
    return None


__all__ = [
    "A3",
    "Layout",
    "board_modules",
    "layout",
    "GLUE",
    "BoardPrintError",
    "Poster",
    "board_sets",
    "draw_board",
    "poster_for",
    "render_board",
]


# -- the printable sets (registered by printables.sets) ---------------------------------------------
PEOPLE_LEGEND = (
    "Cadre de la ville : son peuple (bleu Goths, jaune Huns, rouge Vandales, vert Francs). "
    "Tirets bleus : lien vers une autre province. Le QR code d'une ville la choisit dans l'appli."
)
RATTUS_LEGEND = (
    "Régions : clair = toutes les parties, moyen = 3 et 4 joueurs, foncé = 4 joueurs. Traits pleins : "
    "frontières ; tirets bleus : flèches par la mer. Le QR code d'une région la choisit dans l'appli."
)


BoardSet = tuple[
    str, str, str, Callable[[Options], list[Component]], Callable[[Options], Result], frozenset[str]
]


def _pandemie_set(code: str, name: str) -> BoardSet:
    set_name = f"board-{name.casefold()}"

    def select(opts: Options) -> list[Component]:
        return [
            c for c in all_components() if c.id.startswith(f"PB:{code}") and c.attrs.get("province") == code
        ]

    def make(opts: Options) -> Result:
        from engine.boards.pandemie import board_for

        return render_board(set_name, board_for(code), opts, f"Pandémie — {name}", PEOPLE_LEGEND)

    return (
        set_name,
        f"Pandémie — plateau {name}",
        f"the {name} board with a QR code per city (A3, or tiled A4)",
        select,
        make,
        frozenset(),
    )


def _rattus_set() -> BoardSet:
    def select(opts: Options) -> list[Component]:
        return [c for c in all_components() if c.id.startswith("RRG:")]

    def make(opts: Options) -> Result:
        from engine.boards.rattus import rattus_board
        from engine.games.rattus import profile as rp

        try:
            prof = rp.load(opts.profile) if opts.profile else rp.default_profile()
        except rp.ProfileError as exc:
            raise BoardPrintError(f"cannot use the Rattus profile: {exc}") from exc
        return render_board("board-rattus", rattus_board(prof), opts, "Rattus — la carte", RATTUS_LEGEND)

    return (
        "board-rattus",
        "Rattus — la carte",
        "the Rattus map of the box profile, a QR code per region",
        select,
        make,
        frozenset({"profile"}),
    )


def board_sets() -> list[BoardSet]:
    """(name, title, help, select, make, the options it takes) of every board set: one per shipped province,
    and the Rattus map."""
    from engine.games.pandemie.board import shipped

    return [*(_pandemie_set(p.code, p.name) for p in shipped()), _rattus_set()]
