"""The page engine: pieces onto sheets, backs where the flip puts them, marks, ruler, legend, manifest."""

from __future__ import annotations

import io
import math
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.units import mm as MM
from reportlab.pdfgen.canvas import Canvas

from engine.catalogue import Component

from . import fonts
from .geometry import (
    MARK_GAP,
    MARK_LEN,
    RULER_BOX,
    RULER_LEN,
    Box,
    PagePlan,
    Slot,
    free_boxes,
    marks_for,
    plan,
)
from .pieces import Ink, Piece, text


@dataclass(frozen=True)
class Options:
    paper: str = "a4"
    backs: str = "long"  # long | short | gutter | none
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, added to everything on back pages
    grey: bool = False
    card: str = "poker"  # poker | mini
    profile: str | None = None  # Rattus box profile file (token faces)
    provinces: tuple[str, ...] = ()  # Pandémie: only these provinces (code or name)
    url: str = ""  # the join poster: the address phones open
    wifi: str = ""  # the join poster: the Wi-Fi network's name
    fingerprint: str = ""  # the join poster: the web UI certificate's short fingerprint


@dataclass(frozen=True)
class Placed:
    page: int  # 1-based
    payload: str
    component_id: str
    side: str  # "face"
    centre_mm: tuple[float, float]  # code centre on the page, from the bottom-left corner
    module_mm: float
    size_class: str


@dataclass
class Result:
    set_name: str
    options: Options
    pdf: bytes
    pages: int
    codes: list[Placed] = field(default_factory=list)
    plan: PagePlan | None = None

    def manifest(self) -> dict[str, Any]:
        o = self.options
        return {
            "format": "tablekeeper-print-manifest/1",
            "set": self.set_name,
            "paper": o.paper,
            "backs": self.plan.backs if self.plan else o.backs,
            "back_offset_mm": list(o.back_offset),
            "card": o.card,
            "grey": o.grey,
            "pages": self.pages,
            "per_page": self.plan.per_page if self.plan else 0,
            "codes": [
                {
                    "page": p.page,
                    "payload": p.payload,
                    "component_id": p.component_id,
                    "side": p.side,
                    "centre_mm": [round(p.centre_mm[0], 2), round(p.centre_mm[1], 2)],
                    "module_mm": p.module_mm,
                }
                for p in self.codes
            ],
        }


def new_canvas(buf: io.BytesIO, page: tuple[float, float], title: str, backs: str) -> Canvas:
    fonts.register()
    # the initial font is an embedded one: otherwise every page names an unembedded Helvetica
    c = Canvas(
        buf,
        pagesize=(page[0] * MM, page[1] * MM),
        pageCompression=1,
        invariant=1,
        initialFontName=fonts.REGULAR,
        initialFontSize=10,
    )
    c.setTitle(title)
    c.setAuthor("tablekeeper")
    c.setCreator("tablekeeper printables")
    c.setViewerPreference("PrintScaling", "None")
    c.setTrimBox((0, 0, page[0] * MM, page[1] * MM))  # pages with pieces narrow these (page_boxes)
    c.setBleedBox((0, 0, page[0] * MM, page[1] * MM))
    c.setViewerPreference(
        "Duplex", {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}.get(backs, "Simplex")
    )
    return c


def form_name(key: str) -> str:
    """A PDF-safe XObject name for a back key: letters and digits only, plus a checksum of the key.

    A key such as ``pandemie/joueur/Gallia`` written as is (``/FormXob.pandemie/joueur/Gallia``) reads as
    three PDF names: the back then draws nothing, or another back of the same province.
    """
    safe = re.sub(r"[^A-Za-z0-9]+", "_", key).strip("_")[:40]
    return f"TKBack_{safe}_{zlib.crc32(key.encode()):08x}"


def page_boxes(
    c: Canvas,
    page: tuple[float, float],
    slots: Sequence[Slot],
    piece: Piece,
    shift: tuple[float, float] = (0.0, 0.0),
) -> None:
    """TrimBox = the pieces' outer trim lines, BleedBox = their bleed (cut marks, ruler and legend lie
    outside, on the MediaBox), for the next page shown. No pieces: both are the whole page."""
    w, h = page
    if not slots:
        c.setTrimBox((0, 0, w * MM, h * MM))
        c.setBleedBox((0, 0, w * MM, h * MM))
        return
    for bleed, setter in ((False, c.setTrimBox), (True, c.setBleedBox)):
        x0 = y0 = math.inf
        x1 = y1 = -math.inf
        for s in slots:
            bw, bh = s.dims(piece.size, bleed=bleed)
            x0, x1 = min(x0, s.cx - bw / 2), max(x1, s.cx + bw / 2)
            y0, y1 = min(y0, s.cy - bh / 2), max(y1, s.cy + bh / 2)
        x0, x1 = max(0.0, x0 + shift[0]), min(w, x1 + shift[0])
        y0, y1 = max(0.0, y0 + shift[1]), min(h, y1 + shift[1])
        setter(tuple(round(v * MM, 3) for v in (x0, y0, x1, y1)))


def at(c: Canvas, slot: Slot) -> None:
    c.translate(slot.cx, slot.cy)
    if slot.rot:
        c.rotate(slot.rot)


def local_to_page(slot: Slot, x: float, y: float) -> tuple[float, float]:
    a = math.radians(slot.rot)
    return slot.cx + x * math.cos(a) - y * math.sin(a), slot.cy + x * math.sin(a) + y * math.cos(a)


def draw_marks(c: Canvas, slots: Sequence[Slot], piece: Piece, page: tuple[float, float]) -> None:
    marks = marks_for(slots, piece.size)
    x0, y0, x1, y1 = marks.bbox
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.12)
    for x in marks.vertical:
        c.line(x, y0 - MARK_GAP, x, y0 - MARK_GAP - MARK_LEN)
        c.line(x, y1 + MARK_GAP, x, y1 + MARK_GAP + MARK_LEN)
    for y in marks.horizontal:
        c.line(x0 - MARK_GAP, y, x0 - MARK_GAP - MARK_LEN, y)
        c.line(x1 + MARK_GAP, y, x1 + MARK_GAP + MARK_LEN, y)
    c.restoreState()


def _enter(c: Canvas, b: Box) -> None:
    """Save the canvas state and move the origin to the box's corner, turned a quarter for a vertical box
    (its ``thickness`` then runs along x). The caller restores the state."""
    c.saveState()
    if b.vertical:
        c.translate(b.x + b.w, b.y)
        c.rotate(90)
    else:
        c.translate(b.x, b.y)


def draw_ruler(c: Canvas, b: Box) -> None:
    """50 mm with millimetre ticks: if it does not measure 50 mm, the printer scaled the page."""
    _enter(c, b)
    t = b.thickness
    x0 = 2.0
    base = max(0.6, (t - 5.0) / 2 + 0.6)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.15)
    c.line(x0, base, x0 + RULER_LEN, base)
    for i in range(int(RULER_LEN) + 1):
        tick = 2.2 if i % 10 == 0 else 1.5 if i % 5 == 0 else 0.8
        c.line(x0 + i, base, x0 + i, base + tick)
    c.setFillColorRGB(0, 0, 0)
    for i in range(0, int(RULER_LEN) + 1, 10):
        text(c, str(i), x0 + i + 0.4, base + 2.5, 1.5, align="left")
    text(c, "50 mm", x0 + RULER_LEN + 1.2, base + 0.2, 2.0, bold=True, align="left")
    c.restoreState()


def draw_text_box(c: Canvas, b: Box, lines: list[str], size: float, bold: bool = False) -> None:
    _enter(c, b)
    c.setFillColorRGB(0, 0, 0)
    lead = size * 1.22
    y = b.thickness - (b.thickness - lead * len(lines)) / 2 - size * 0.95
    for line in lines:
        text(c, line, 0.5, y, size, bold=bold, align="left", max_width=b.length - 1)
        y -= lead
    c.restoreState()


def draw_info(c: Canvas, boxes: list[Box], title: str, legend: str) -> bool:
    """Ruler, page title and legend in the free boxes; returns False if the legend was cut short."""
    boxes = sorted(boxes, key=lambda b: (b.vertical, b.y if not b.vertical else b.x, b.x))
    ruler_at = next(
        i for i, b in enumerate(boxes) if b.length >= RULER_BOX[0] and b.thickness >= RULER_BOX[1]
    )
    head, tail = boxes[ruler_at].take(RULER_BOX[0])
    draw_ruler(c, head)
    rest = boxes[:ruler_at] + ([tail] if tail else []) + boxes[ruler_at + 1 :]
    title_size = 2.3
    line_h = title_size * 1.25
    need = fonts.width(title, fonts.BOLD, title_size) + 1.5
    fits = [i for i, b in enumerate(rest) if b.thickness >= line_h and b.length >= need]
    order = sorted(fits, key=lambda i: (rest[i].vertical, rest[i].y)) or sorted(
        range(len(rest)), key=lambda i: -rest[i].length
    )
    if order:
        i = order[0]
        b = rest[i]
        if b.thickness >= 2 * line_h + 1 and not b.vertical:
            # the title on the box's top line; the rest of the box stays free for the legend
            t_box = Box(b.x, b.y + b.h - line_h - 0.3, b.w, line_h + 0.3)
            rest[i] = Box(b.x, b.y, b.w, b.h - line_h - 0.6)
        elif b.thickness >= 2 * line_h + 1:
            t_box = Box(b.x + b.w - line_h - 0.3, b.y, line_h + 0.3, b.h, True)
            rest[i] = Box(b.x, b.y, b.w - line_h - 0.6, b.h, True)
        else:
            t_box = rest.pop(i)
        draw_text_box(c, t_box, [title], title_size, bold=True)
    placed = _flow(rest, legend)
    for b, lines, size in placed:
        draw_text_box(c, b, lines, size)
    return bool(placed) or not legend.split()


LEGEND_SIZES = (1.95, 1.8, 1.65)  # mm: the legend's size, shrunk a little before a sentence is split


def sentences(text: str) -> list[str]:
    """``text`` cut after each full stop (or ?, !) followed by a space: the units a legend never splits."""
    return [t for t in re.split(r"(?<=[.?!])\s+", text.strip()) if t]


def _flow(boxes: list[Box], legend: str) -> list[tuple[Box, list[str], float]]:
    """The legend's lines per box: all of it in one box when one holds it, else whole sentences per box in
    reading order (top to bottom, then the sides), shrunk down to ``LEGEND_SIZES[-1]`` before a sentence is
    split across two boxes (a sentence cut by a column of cut marks reads as two broken lines). Empty when
    nothing fits at all."""
    units = sentences(legend)
    if not units:
        return []
    for size in LEGEND_SIZES:
        lead = size * 1.22

        def rows(b: Box, lead: float = lead) -> int:
            return int((b.thickness - 0.3) // lead) if b.length >= 15 else 0

        def lines_of(text: str, b: Box, size: float = size) -> list[str]:
            return fonts.wrap(text, fonts.REGULAR, size, b.length - 1.5)

        one = [b for b in boxes if rows(b) >= 2 and len(lines_of(legend, b)) <= rows(b)]
        if one:  # one box holds it all: no legend split across the page
            b = sorted(one, key=lambda b: (b.vertical, -b.y, b.x))[0]
            return [(b, lines_of(legend, b), size)]
        order = sorted(boxes, key=lambda b: (b.length < 40, b.vertical, -b.y, b.x))
        out: list[tuple[Box, list[str], float]] = []
        left = list(units)
        for b in order:
            taken: list[str] = []
            while left and len(lines_of(" ".join([*taken, left[0]]), b)) <= rows(b):
                taken.append(left.pop(0))
            if taken:
                out.append((b, lines_of(" ".join(taken), b), size))
            if not left:
                return out
    # not even the smallest size keeps every sentence whole: the words flow from box to box
    size = LEGEND_SIZES[-1]
    lead = size * 1.22
    words = legend.split()
    out = []
    for b in sorted(boxes, key=lambda b: (b.length < 40, b.vertical, -b.y, b.x)):
        n = int((b.thickness - 0.3) // lead)
        if not words or n <= 0 or b.length < 15:
            continue
        lines: list[str] = []
        while words and len(lines) < n:
            cur = words.pop(0)
            while words and fonts.width(f"{cur} {words[0]}", fonts.REGULAR, size) <= b.length - 1.5:
                cur = f"{cur} {words.pop(0)}"
            lines.append(cur)
        out.append((b, lines, size))
    return out if not words else []


def render(
    set_name: str, title: str, comps: Sequence[Component], piece: Piece, opts: Options, legend: str
) -> Result:
    """Lay out ``comps`` with ``piece`` and return the PDF and what was placed where."""
    backs = opts.backs if any(piece.back_key(c) is not None for c in comps) else "none"
    p = plan(opts.paper, piece.size, backs)
    ink = Ink(grey=opts.grey)
    buf = io.BytesIO()
    c = new_canvas(buf, p.page, f"tablekeeper — {title}", backs)
    groups = [list(comps[i : i + p.per_page]) for i in range(0, len(comps), p.per_page)] or [[]]
    duplex = backs in ("long", "short")
    sheets = len(groups)
    pages_total = sheets * (2 if duplex else 1)
    flip = {
        "long": "retournement bord long",
        "short": "retournement bord court",
        "gutter": "pliage au milieu, dos contre dos",
        "none": "sans dos",
    }[backs]
    off = opts.back_offset
    common = (
        f"Couper sur les traits (fond perdu 3 mm). Imprimer à 100 %, sans ajuster à la page : "
        f"la règle doit mesurer 50 mm. Dos : {flip}"
        + (f", décalage {off[0]:+.1f} / {off[1]:+.1f} mm" if duplex and any(off) else "")
        + f". {piece.kind_label}, {p.per_page} par feuille. {legend}"
    )
    forms: set[str] = set()
    result = Result(set_name, opts, b"", pages_total, plan=p)
    page_no = 0
    for sheet, group in enumerate(groups, start=1):
        # backs first, as forms (XObjects) drawn once and placed many times
        if p.backs_slots:
            for comp in group:
                key = piece.back_key(comp)
                if key is not None and key not in forms:
                    bw, bh = piece.size.box
                    c.beginForm(form_name(key), -bw / 2 * MM, -bh / 2 * MM, bw / 2 * MM, bh / 2 * MM)
                    c.scale(MM, MM)
                    piece.back(c, comp, ink)
                    piece.back_mark(c, key, ink)
                    c.endForm()
                    forms.add(key)
        page_no += 1
        c.saveState()
        c.scale(MM, MM)
        used = list(p.faces[: len(group)])
        for slot, comp in zip(used, group, strict=False):
            c.saveState()
            at(c, slot)
            for payload, x, y in piece.face(c, comp, ink):
                result.codes.append(
                    Placed(
                        page_no,
                        payload,
                        comp.id,
                        "face",
                        local_to_page(slot, x, y),
                        piece.module,
                        piece.size_class,
                    )
                )
            c.restoreState()
        on_page = list(p.faces)
        if backs == "gutter":
            _draw_backs(c, p.backs_slots[: len(group)], group, piece)
            on_page += list(p.backs_slots)
            _draw_fold(c, p)
        draw_marks(c, on_page, piece, p.page)
        side = "recto" if duplex else "feuille"
        draw_info(
            c,
            free_boxes(p.page, marks_for(on_page, piece.size)),
            f"tablekeeper · {title} · {side} {sheet}/{sheets} · page {page_no}/{pages_total}",
            common,
        )
        c.restoreState()
        page_boxes(c, p.page, used + (list(p.backs_slots[: len(group)]) if backs == "gutter" else []), piece)
        c.showPage()
        if duplex:
            page_no += 1
            c.saveState()
            c.scale(MM, MM)
            c.translate(off[0], off[1])
            _draw_backs(c, p.backs_slots[: len(group)], group, piece)
            draw_marks(c, p.backs_slots, piece, p.page)
            draw_info(
                c,
                free_boxes(p.page, marks_for(p.backs_slots, piece.size)),
                f"tablekeeper · {title} · verso {sheet}/{sheets} · page {page_no}/{pages_total}",
                common,
            )
            c.restoreState()
            page_boxes(c, p.page, p.backs_slots[: len(group)], piece, off)
            c.showPage()
    c.save()
    result.pdf = buf.getvalue()
    return result


def _draw_backs(c: Canvas, slots: Sequence[Slot], group: Sequence[Component], piece: Piece) -> None:
    for slot, comp in zip(slots, group, strict=False):
        key = piece.back_key(comp)
        if key is None:
            continue
        c.saveState()
        at(c, slot)
        c.scale(1 / MM, 1 / MM)
        c.doForm(form_name(key))
        c.restoreState()


def _draw_fold(c: Canvas, p: PagePlan) -> None:
    """The fold line, dashed, in the gutter between the faces and the backs (never across a piece)."""
    w, h = p.page
    x0, y0, x1, y1 = marks_for(list(p.faces) + list(p.backs_slots), p.size).bbox
    c.saveState()
    c.setStrokeColorRGB(0.45, 0.45, 0.45)
    c.setLineWidth(0.15)
    c.setDash(1.5, 1.0)
    if p.fold == "vertical":
        c.line(w / 2, y0, w / 2, y1)
    else:
        c.line(x0, h / 2, x1, h / 2)
    c.restoreState()
