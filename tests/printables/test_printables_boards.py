"""Printed boards read well: no two names overlap (measured with the font's own widths, ascent and
descent), no name lies on a code, and every code's quiet zone is blank paper on every page, tiles included
(no road, glue hatch, alignment mark or word in it)."""

from __future__ import annotations

from functools import cache

import numpy as np
import pypdfium2 as pdfium
import pytest

from printables import qr
from printables.board import layout
from printables.render import Options
from printables.sets import BOARDS, build

PAD = 0.5  # mm: two names at least this far apart


def boards() -> dict[str, object]:
    from engine.boards.pandemie import board_for
    from engine.boards.rattus import rattus_board
    from engine.games.pandemie.board import shipped
    from engine.games.rattus import profile as rp

    out: dict[str, object] = {f"board-{p.name.casefold()}": board_for(p.code) for p in shipped()}
    out["board-rattus"] = rattus_board(rp.default_profile())
    assert set(out) == set(BOARDS)
    return out


def _apart(a: tuple[float, ...], b: tuple[float, ...], pad: float) -> bool:
    return a[2] + pad <= b[0] or b[2] + pad <= a[0] or a[3] + pad <= b[1] or b[3] + pad <= a[1]


@pytest.mark.parametrize("name", sorted(BOARDS))
@pytest.mark.parametrize("grey", [False, True])
def test_no_two_names_overlap_and_no_name_lies_on_a_code(name: str, grey: bool) -> None:
    board = boards()[name]
    drawn = layout(board, grey)  # type: ignore[arg-type]
    assert len(drawn.names) == len(board.places)  # type: ignore[attr-defined]
    close = [
        (a, b)
        for i, (a, ab) in enumerate(drawn.names)
        for b, bb in drawn.names[i + 1 :]
        if not _apart(ab, bb, PAD)
    ]
    assert close == [], close
    on_code = [(n, cid) for n, nb in drawn.names for _t, cid, cb in drawn.codes if not _apart(nb, cb, 0.0)]
    assert on_code == [], on_code


@cache
def _page(pdf: bytes, page: int, dpi: int) -> tuple[np.ndarray, float]:
    doc = pdfium.PdfDocument(pdf)
    try:
        p = doc[page - 1]
        return p.render(scale=dpi / 72, grayscale=True).to_numpy(), p.get_size()[1] * 25.4 / 72
    finally:
        doc.close()


CASES = [(name, paper) for name in sorted(BOARDS) for paper in ("a3", "a4", "letter")]


@pytest.mark.parametrize(("name", "paper"), CASES, ids=[f"{n}-{p}" for n, p in CASES])
def test_every_code_s_quiet_zone_is_blank_on_every_page(name: str, paper: str) -> None:
    """At 300 dpi (a module is ~5 px), the middle of the quiet zone around each code (from 0.25 to 0.75 of
    a module out from the symbol) is white (the tiles' glue hatch and ⊕ marks went through it)."""
    dpi = 300
    result = build(name, Options(paper=paper))
    k = dpi / 25.4
    dirty = []
    for p in result.codes:
        img, h_mm = _page(result.pdf, p.page, dpi)
        half = qr.modules(p.payload, p.size_class) / 2 * p.module_mm
        cx, cy = p.centre_mm[0] * k, (h_mm - p.centre_mm[1]) * k
        inner, outer = (half + 0.25 * p.module_mm) * k, (half + 0.75 * p.module_mm) * k
        ys, xs = np.mgrid[
            int(cy - outer) - 1 : int(cy + outer) + 2, int(cx - outer) - 1 : int(cx + outer) + 2
        ]
        d = np.maximum(np.abs(xs + 0.5 - cx), np.abs(ys + 0.5 - cy))
        ring = img[ys[(d >= inner) & (d <= outer)], xs[(d >= inner) & (d <= outer)]]
        if ring.min() < 200:  # (antialiasing of the symbol's edge: ≥ 220; the glue hatch: ~150)
            dirty.append((p.page, p.component_id, int(ring.min())))
    assert dirty == []


def test_each_board_s_module_is_known_without_laying_the_board_out() -> None:
    """``print --list`` gives each board's reading distance from its module, computed from the boards'
    constants (laying the five boards out takes seconds): the same module as printed."""
    from printables.board import board_modules

    modules = board_modules()
    for name in BOARDS:
        printed = {p.module_mm for p in build(name, Options(paper="a3")).codes}
        assert printed == {round(modules[name], 3)}, name
