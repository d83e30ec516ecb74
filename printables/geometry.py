"""Page geometry: where pieces go, where the cut marks go, and where the legend and ruler fit.

All lengths are millimetres, origin at the bottom-left corner of the page, y up (as in PDF). Pages are
always portrait; a piece is turned a quarter turn when that fits more of them on a sheet, so that the
duplex rules below never depend on how a driver turns landscape pages.

Duplex: the back of a piece sits where the sheet's flip puts it.

* long-edge flip (portrait sheet turned like a book page): the back is mirrored left–right,
  ``(x, y) → (W − x, y)``; a piece turned by θ on the front is turned by −θ on the back;
* short-edge flip (turned like a calendar): mirrored top–bottom, ``(x, y) → (x, H − y)``, θ → θ + 180°;
* gutter fold (no duplex printer): faces on one half of the page and backs mirrored on the other half
  about the fold line, with the same two rules.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
SAFE = 4.0  # what most printers cannot print near the paper's edge
MARK_GAP = 0.5  # cut marks start this far outside the bleed, so never on the trim nor in the bleed
MARK_LEN = 3.0
MARK_ZONE = MARK_GAP + MARK_LEN
MIN_MARGIN = SAFE + MARK_ZONE
GUTTER = 2.0  # at least this much between a bleed box and the fold line
RULER_LEN = 50.0
RULER_BOX = (RULER_LEN + 12.0, 5.5)  # ruler with its labels: length × thickness
BACK_MODES = ("long", "short", "gutter", "none")


class LayoutError(ValueError):
    pass


@dataclass(frozen=True)
class PieceSize:
    """A piece's trim size (for a round piece, w = h = diameter) and its bleed."""

    w: float
    h: float
    bleed: float = 3.0
    round: bool = False

    @property
    def box(self) -> tuple[float, float]:
        return self.w + 2 * self.bleed, self.h + 2 * self.bleed


@dataclass(frozen=True)
class Slot:
    """A piece's centre and its turn (degrees, counter-clockwise) on a page."""

    cx: float
    cy: float
    rot: int = 0

    def dims(self, size: PieceSize, bleed: bool = True) -> tuple[float, float]:
        w, h = size.box if bleed else (size.w, size.h)
        return (h, w) if self.rot % 180 == 90 else (w, h)


@dataclass(frozen=True)
class Box:
    """A free rectangle for the legend or the ruler; ``vertical`` boxes hold text running upwards."""

    x: float
    y: float
    w: float
    h: float
    vertical: bool = False

    @property
    def length(self) -> float:
        return self.h if self.vertical else self.w

    @property
    def thickness(self) -> float:
        return self.w if self.vertical else self.h

    def take(self, length: float) -> tuple[Box, Box | None]:
        """Split off the first ``length`` (left part, or bottom part for a vertical box)."""
        length = min(length, self.length)
        rest = self.length - length - 1.5
        if self.vertical:
            head = Box(self.x, self.y, self.w, length, True)
            tail = Box(self.x, self.y + length + 1.5, self.w, rest, True) if rest > 4 else None
        else:
            head = Box(self.x, self.y, length, self.h)
            tail = Box(self.x + length + 1.5, self.y, rest, self.h) if rest > 4 else None
        return head, tail


@dataclass(frozen=True)
class Marks:
    vertical: tuple[float, ...]  # x of vertical trim lines (marks above and below the pieces)
    horizontal: tuple[float, ...]  # y of horizontal trim lines (marks left and right)
    bbox: tuple[float, float, float, float]  # all bleed boxes: x0, y0, x1, y1


@dataclass(frozen=True)
class PagePlan:
    """How one kind of piece is laid out on a paper, for one way of printing the backs."""

    paper: str
    page: tuple[float, float]
    size: PieceSize
    backs: str
    faces: tuple[Slot, ...]
    backs_slots: tuple[Slot, ...] = ()
    fold: str | None = None  # "vertical" (x = W/2) or "horizontal" (y = H/2) for the gutter fold
    per_page: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "per_page", len(self.faces))


def mirror(slot: Slot, how: str, page: tuple[float, float]) -> Slot:
    """Where the back of a piece lands: ``how`` is "x" (long edge / vertical fold) or "y"."""
    w, h = page
    if how == "x":
        return Slot(w - slot.cx, slot.cy, (-slot.rot) % 360)
    return Slot(slot.cx, h - slot.cy, (slot.rot + 180) % 360)


def _grid(
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    bw: float,
    bh: float,
    rot: int,
    cols: int | None = None,
    rows: int | None = None,
) -> list[Slot]:
    cols = int((x1 - x0 + 1e-6) // bw) if cols is None else cols
    rows = int((y1 - y0 + 1e-6) // bh) if rows is None else rows
    if cols <= 0 or rows <= 0:
        return []
    gx = (x0 + x1 - cols * bw) / 2
    gy = (y0 + y1 + rows * bh) / 2  # top edge: fill rows from the top
    return [Slot(gx + (i + 0.5) * bw, gy - (j + 0.5) * bh, rot) for j in range(rows) for i in range(cols)]


def marks_for(slots: list[Slot] | tuple[Slot, ...], size: PieceSize) -> Marks:
    xs: set[float] = set()
    ys: set[float] = set()
    x0 = y0 = math.inf
    x1 = y1 = -math.inf
    for s in slots:
        bw, bh = s.dims(size)
        tw, th = s.dims(size, bleed=False)
        xs.update((round(s.cx - tw / 2, 3), round(s.cx + tw / 2, 3)))
        ys.update((round(s.cy - th / 2, 3), round(s.cy + th / 2, 3)))
        x0, x1 = min(x0, s.cx - bw / 2), max(x1, s.cx + bw / 2)
        y0, y1 = min(y0, s.cy - bh / 2), max(y1, s.cy + bh / 2)
    return Marks(tuple(sorted(xs)), tuple(sorted(ys)), (x0, y0, x1, y1))


def free_boxes(page: tuple[float, float], marks: Marks) -> list[Box]:
    """Rectangles in the margins that hold neither a piece nor a cut mark, bottom band first.

    Top and bottom boxes stay within the pieces' width; the side boxes own the corners.
    """
    w, h = page
    x0, y0, x1, y1 = marks.bbox
    clear = 0.8
    out: list[Box] = []
    # (band low, band high, low end of the part clear of marks, high end of that part)
    for lo, hi, clo, chi in (
        (SAFE, y0 - MARK_GAP, SAFE, y0 - MARK_ZONE - 0.5),
        (y1 + MARK_GAP, h - SAFE, y1 + MARK_ZONE + 0.5, h - SAFE),
    ):
        if chi - clo >= 3:
            out.append(Box(x0, clo, x1 - x0, chi - clo))
        elif hi - lo >= 2:
            edges = [x0, *marks.vertical, x1]
            for a, b in zip(edges, edges[1:], strict=False):
                if b - a - 2 * clear > 8:
                    out.append(Box(a + clear, lo, b - a - 2 * clear, hi - lo))
    for lo, hi, clo, chi in (
        (SAFE, x0 - MARK_GAP, SAFE, x0 - MARK_ZONE - 0.5),
        (x1 + MARK_GAP, w - SAFE, x1 + MARK_ZONE + 0.5, w - SAFE),
    ):
        if chi - clo >= 3:
            out.append(Box(clo, SAFE, chi - clo, h - 2 * SAFE, True))
        elif hi - lo >= 2:
            edges = [y0, *marks.horizontal, y1]
            for a, b in zip(edges, edges[1:], strict=False):
                if b - a - 2 * clear > 8:
                    out.append(Box(lo, a + clear, hi - lo, b - a - 2 * clear, True))
    return out


def ruler_fits(page: tuple[float, float], slots: list[Slot], size: PieceSize) -> bool:
    boxes = free_boxes(page, marks_for(slots, size))
    return any(b.length >= RULER_BOX[0] and b.thickness >= RULER_BOX[1] for b in boxes)


def _candidates(region: tuple[float, float, float, float], size: PieceSize) -> list[list[Slot]]:
    x0, y0, x1, y1 = region
    out: list[list[Slot]] = []
    bw0, bh0 = size.box
    for rot in (0, 90):
        bw, bh = (bw0, bh0) if rot == 0 else (bh0, bw0)
        cols = int((x1 - x0 + 1e-6) // bw)
        rows = int((y1 - y0 + 1e-6) // bh)
        for dc in range(0, 2):
            for dr in range(0, 2):
                if cols - dc > 0 and rows - dr > 0:
                    out.append(_grid(x0, y0, x1, y1, bw, bh, rot, cols - dc, rows - dr))
    out.sort(key=lambda g: (-len(g), g[0].rot if g else 0))
    return out


def plan(paper: str, size: PieceSize, backs: str) -> PagePlan:
    """The densest layout that still leaves room for the cut marks, the ruler and the legend."""
    if paper not in PAPERS:
        raise LayoutError(f"unknown paper {paper!r}: choose one of {', '.join(PAPERS)}")
    if backs not in BACK_MODES:
        raise LayoutError(f"unknown backs mode {backs!r}: choose one of {', '.join(BACK_MODES)}")
    page = PAPERS[paper]
    w, h = page
    m = MIN_MARGIN
    if backs != "gutter":
        for faces in _candidates((m, m, w - m, h - m), size):
            if ruler_fits(page, faces, size):
                back: list[Slot] = []
                if backs in ("long", "short"):
                    back = [mirror(s, "x" if backs == "long" else "y", page) for s in faces]
                return PagePlan(paper, page, size, backs, tuple(faces), tuple(back))
        raise LayoutError(f"a {size.w:g}×{size.h:g} mm piece does not fit on {paper}")
    best: PagePlan | None = None
    for fold, region in (
        ("vertical", (m, m, w / 2 - GUTTER, h - m)),
        ("horizontal", (m, m, w - m, h / 2 - GUTTER)),
    ):
        for faces in _candidates(region, size):
            back = [mirror(s, "x" if fold == "vertical" else "y", page) for s in faces]
            if ruler_fits(page, faces + back, size):
                cand = PagePlan(paper, page, size, backs, tuple(faces), tuple(back), fold)
                if best is None or cand.per_page > best.per_page:
                    best = cand
                break
    if best is None:
        raise LayoutError(f"a {size.w:g}×{size.h:g} mm piece does not fit a gutter fold on {paper}")
    return best
