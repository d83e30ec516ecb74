"""Printed boards: the same board as the screen, one A3 page or tiled A4, every place's QR code readable
back from a 150 dpi render."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

import vision
from engine.boards.pandemie import board_for
from printables.board import GLUE, poster_for
from printables.cli import main as print_main
from printables.render import Options
from printables.sets import PrintError, build

DPI = 150


def pages(pdf: bytes) -> list[np.ndarray]:
    doc = pdfium.PdfDocument(pdf)
    out = []
    for i in range(len(doc)):
        img = doc[i].render(scale=DPI / 72).to_numpy()
        out.append(np.ascontiguousarray(img[:, :, :3]))
    doc.close()
    return out


def read_ids(pdf: bytes) -> list[set[str]]:
    return [{r.component_id for r in vision.read(img) if r.component_id} for img in pages(pdf)]


@pytest.mark.parametrize("name,code", [("gallia", "G"), ("aegyptus", "E")])
def test_a3_board_codes_read_back_at_150_dpi(name: str, code: str) -> None:
    result = build(f"board-{name}", Options(paper="a3"))
    assert result.pages == 1
    want = {f"PB:{code}{i:02d}" for i in range(1, 49)}
    assert {p.component_id for p in result.codes} == want
    doc = pdfium.PdfDocument(result.pdf)
    w, h = doc[0].get_size()
    doc.close()
    assert (round(w / 72 * 25.4), round(h / 72 * 25.4)) == (420, 297)  # landscape A3
    (got,) = read_ids(result.pdf)
    assert got == want
    # each code is printed where its city is on the board (same geometry as the screen)
    b = board_for(code)
    poster = poster_for(b)
    by_id = {p.component_id: p for p in result.codes}
    ox = (420 - poster.w) / 2
    for pl in b.places:
        cx, _ = by_id[pl.code].centre_mm
        assert abs(cx - (ox + pl.x * poster.scale)) < 0.01


def test_tiled_a4_board_two_sheets_every_code_whole_on_one() -> None:
    result = build("board-hispania", Options(paper="a4"))
    assert result.pages == 2
    placed = {p.component_id for p in result.codes}
    assert placed == {f"PB:H{i:02d}" for i in range(1, 49)}
    got = read_ids(result.pdf)
    assert set().union(*got) == placed
    # the overlap strip is printed on both sheets: some cities are read on each
    assert got[0] & got[1]
    poster = poster_for(board_for("H"))
    assert 2 * (210 - 12) - poster.w >= GLUE


def test_rattus_map_codes_read_back() -> None:
    result = build("board-rattus", Options(paper="a3"))
    (got,) = read_ids(result.pdf)
    assert got == {f"RRG:{i:02d}" for i in range(1, 13)}


def test_print_command_writes_a_board_and_refuses_a3_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "achaia.pdf"
    assert print_main(["board-achaia", "--paper", "a3", "--out", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF") and "48 code(s)" in capsys.readouterr().out
    assert print_main(["pandemie-roles", "--paper", "a3", "--out", str(tmp_path / "x.pdf")]) == 2
    assert "unknown paper 'a3'" in capsys.readouterr().err
    with pytest.raises(PrintError, match="board prints on a3"):
        build("board-gallia", Options(paper="b5"))
