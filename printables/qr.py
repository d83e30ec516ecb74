"""QR matrices (never Micro QR) and their drawing as one vector path per code.

Two size classes, because the error level is picked per size:

* ``small`` (round tokens, stickers, spare codes): the code must stay at version 1 (21 modules) so that
  its modules can be as large as the token allows; the error level is the highest that still fits
  version 1 (Q for payloads up to 16 characters, M up to 20).
* ``card``: level H (30 % of the code can be scuffed or covered by a thumb), which puts our
  13–20-character payloads in version 2 (25 modules); a card has room for it.

Each code is drawn as a **single path** (one ``re`` sub-path per dark run of a row, filled once with the
non-zero rule). Separate rectangles made PDF rasterisers snap neighbouring modules unevenly at low
resolution; a single path is rasterised as one shape.
"""

from __future__ import annotations

from functools import lru_cache

import segno
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

SMALL = "small"
CARD = "card"


@lru_cache(maxsize=4096)
def matrix(text: str, size_class: str) -> tuple[tuple[bool, ...], ...]:
    """The module matrix (True = dark) for ``text``; never Micro QR (``segno.make_qr``)."""
    if size_class == SMALL:
        qr = segno.make_qr(text, error="l", boost_error=True, version=1)
    elif size_class == CARD:
        qr = segno.make_qr(text, error="h", boost_error=True)
    else:
        raise ValueError(f"unknown QR size class {size_class!r}")
    return tuple(tuple(bool(v) for v in row) for row in qr.matrix)


def designator(text: str, size_class: str) -> str:
    """Version and error level, e.g. ``1-Q`` (for the legend and docs/printing.md)."""
    if size_class == SMALL:
        return segno.make_qr(text, error="l", boost_error=True, version=1).designator
    return segno.make_qr(text, error="h", boost_error=True).designator


@lru_cache(maxsize=4096)
def runs(text: str, size_class: str) -> tuple[tuple[int, int, int], ...]:
    """Dark runs ``(row_from_bottom, x, length)`` in module units, y pointing up as in PDF."""
    m = matrix(text, size_class)
    n = len(m)
    out: list[tuple[int, int, int]] = []
    for r, row in enumerate(m):
        y = n - 1 - r
        x = 0
        while x < n:
            if row[x]:
                start = x
                while x < n and row[x]:
                    x += 1
                out.append((y, start, x - start))
            else:
                x += 1
    return tuple(out)


def modules(text: str, size_class: str) -> int:
    return len(matrix(text, size_class))


def draw(c: Canvas, text: str, size_class: str, x: float, y: float, module: float, quiet: int) -> float:
    """Draw the code with its bottom-left *quiet-zone* corner at (x, y) in the current user units.

    A white square covers the quiet zone; the dark modules are one black path. Returns the side of the
    whole square (symbol plus quiet zone on both sides).
    """
    n = modules(text, size_class)
    side = (n + 2 * quiet) * module
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.rect(x, y, side, side, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.translate(x + quiet * module, y + quiet * module)
    c.scale(module, module)
    p = c.beginPath()
    for ry, rx, length in runs(text, size_class):
        p.rect(rx, ry, length, 1)
    c.drawPath(p, stroke=0, fill=1, fillMode=FILL_NON_ZERO)
    c.restoreState()
    return side
