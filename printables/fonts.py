"""Embedded fonts: Bitstream Vera, which ships inside reportlab itself (so no system font is needed).

Vera covers Latin-1 and the French letters we print (é è ê à ç œ « » …: Clergé, Sénateur, Événement).
reportlab embeds a subset of the TrueType font in the PDF, so the file prints the same everywhere.
"""

from __future__ import annotations

import os

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "TK-Vera"
BOLD = "TK-VeraBd"
_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf"}


def font_path(name: str) -> str:
    return os.path.join(os.path.dirname(reportlab.__file__), "fonts", _FILES[name])


def register() -> None:
    for name in _FILES:
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, font_path(name)))


def width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def fit_size(text: str, font: str, size: float, max_width: float, min_size: float = 0.0) -> float:
    """The largest size ≤ ``size`` at which ``text`` fits in ``max_width`` (never below ``min_size``)."""
    w = width(text, font, size)
    if w <= max_width or w == 0:
        return size
    return max(min_size, size * max_width / w)


def wrap(text: str, font: str, size: float, max_width: float) -> list[str]:
    """Greedy word wrap; a word longer than the line is kept whole (the caller shrinks the size)."""
    lines: list[str] = []
    for para in text.split("\n"):
        cur = ""
        for word in para.split():
            cand = f"{cur} {word}" if cur else word
            if cur and width(cand, font, size) > max_width:
                lines.append(cur)
                cur = word
            else:
                cur = cand
        lines.append(cur)
    return lines
