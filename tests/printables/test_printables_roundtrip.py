"""Round trip: every printable set is rendered to pixels and every code is read back with ``vision.read``
at the place and with the component id the manifest says. Back pages must hold no code at all."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

import vision
from printables.render import Options, Result
from printables.sets import BOARDS, SETS, build

# Every set at least once at 150 dpi (the hard case: 0.5 mm modules are ~3 px), with the printing
# options spread over the sets; the sets with the smallest codes again at 300 dpi.
CASES: list[tuple[str, dict, int]] = [
    ("rattus-tokens", {}, 150),
    ("rattus-tokens", {"faces": True, "grey": True}, 150),
    ("rattus-stickers", {"paper": "letter"}, 150),
    ("rattus-classes", {"backs": "gutter"}, 150),
    ("rattus-pied-piper", {"backs": "short", "back_offset": (1.5, -1.0)}, 150),
    ("cartus", {"card": "mini", "paper": "letter"}, 150),
    ("pandemie-cities", {"provinces": ("G",)}, 150),
    ("pandemie-propagation", {"grey": True, "provinces": ("Hispania",)}, 150),
    ("pandemie-rupture", {"card": "mini", "backs": "gutter"}, 150),
    ("pandemie-events", {}, 150),
    ("pandemie-roles", {"card": "mini", "paper": "letter", "backs": "none"}, 150),
    ("pandemie", {}, 150),
    ("spares", {}, 150),
    ("rattus-tokens", {"faces": True}, 300),
    ("spares", {"paper": "letter"}, 300),
    ("pandemie-events", {"card": "mini"}, 300),
]


def faces_profile(tmp: Path) -> str:
    from engine.games.rattus import profile as rp

    syms = ["M", "A", "paysannerie", "bourgeoisie", "clerge", "chevalerie", "magie", "noblesse"]
    prof = rp.default_profile()
    faces = {
        t.id: rp.make_face(1 + i % 4, syms[i % 8 : i % 8 + 1 + i % 4] or ["A"])
        for i, t in enumerate(prof.tokens)
    }
    return str(rp.save(prof.with_faces(faces), tmp / "profile.toml"))


def pages(result: Result, dpi: int):
    doc = pdfium.PdfDocument(result.pdf)
    for i in range(len(doc)):
        page = doc[i]
        yield i + 1, page.render(scale=dpi / 72, grayscale=True).to_numpy(), page.get_size()
    doc.close()


def test_every_set_is_covered() -> None:
    assert {name for name, _, _ in CASES} >= set(SETS) - {"duplex-calibration"}


@pytest.mark.parametrize(
    ("name", "opts", "dpi"), CASES, ids=[f"{n}-{d}-{'-'.join(o) or 'default'}" for n, o, d in CASES]
)
def test_every_code_reads_back_where_the_manifest_says(
    name: str, opts: dict, dpi: int, tmp_path: Path
) -> None:
    opts = dict(opts)
    if opts.pop("faces", False):
        opts["profile"] = faces_profile(tmp_path)
    result = build(name, Options(**opts))
    manifest = result.manifest()
    assert manifest["pages"] == result.pages
    expected: dict[int, dict[str, tuple[float, float]]] = defaultdict(dict)
    for code in manifest["codes"]:
        assert code["payload"].startswith("PT1:") and code["payload"].split(":")[1:-1] == code[
            "component_id"
        ].split(":")
        expected[code["page"]][code["component_id"]] = tuple(code["centre_mm"])
    assert len({c["component_id"] for c in manifest["codes"]}) == len(manifest["codes"]) > 0
    mm_per_px = 25.4 / dpi
    for page_no, img, (_w_pt, h_pt) in pages(result, dpi):
        reads = vision.read(img)
        assert not [r.raw for r in reads if r.component_id is None], f"page {page_no}: foreign reads"
        got = {r.component_id: r for r in reads}
        want = expected.get(page_no, {})
        assert set(got) == set(want), (
            f"{name} page {page_no}: missing {set(want) - set(got)}, extra {set(got) - set(want)}"
        )
        h_mm = h_pt * 25.4 / 72
        for cid, read in got.items():
            cx, cy = np.asarray(read.corners, dtype=float).mean(axis=0)
            x_mm, y_mm = cx * mm_per_px, h_mm - cy * mm_per_px
            wx, wy = want[cid]
            assert abs(x_mm - wx) < 1.5 and abs(y_mm - wy) < 1.5, (
                f"{cid} read at {x_mm:.1f},{y_mm:.1f} not {wx},{wy}"
            )


# -- the boards: every place's code, on one A3 page and on tiled A4 and Letter pages ---------------------
BOARD_CASES = [(name, paper) for name in BOARDS for paper in ("a3", "a4", "letter")]


@pytest.mark.parametrize(("name", "paper"), BOARD_CASES, ids=[f"{n}-{p}" for n, p in BOARD_CASES])
def test_every_board_code_reads_back_at_150_dpi_on_every_page(name: str, paper: str) -> None:
    """Each page of a board reads back every code the manifest puts on it (whole inside the tile): no road,
    glue hatch, alignment mark or word over a code. A code cut by a tile's edge is not in the manifest for
    that page; read anyway, it must still be one of this board's."""
    result = build(name, Options(paper=paper))
    board_ids = {p.component_id for p in result.codes}
    assert len(board_ids) == (12 if name == "board-rattus" else 48)
    mm_per_px = 25.4 / 150
    for page_no, img, (_w, h_pt) in pages(result, 150):
        reads = vision.read(img)
        assert not [r.raw for r in reads if r.component_id is None], f"{name} page {page_no}: foreign reads"
        got = {r.component_id: r for r in reads}
        want = {p.component_id: p.centre_mm for p in result.codes if p.page == page_no}
        assert set(want) <= set(got), f"{name} {paper} page {page_no}: missing {sorted(set(want) - set(got))}"
        assert set(got) <= board_ids
        for cid, (wx, wy) in want.items():
            cx, cy = np.asarray(got[cid].corners, dtype=float).mean(axis=0)
            x_mm, y_mm = cx * mm_per_px, h_pt * 25.4 / 72 - cy * mm_per_px
            assert abs(x_mm - wx) < 1.5 and abs(y_mm - wy) < 1.5, f"{cid} read at {x_mm:.1f},{y_mm:.1f}"
