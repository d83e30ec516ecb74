"""Every back, as a PDF reader draws it: rendered by poppler (``pdftoppm``, which must not warn), slot by
slot, the back's mark must name the deck of the face it is printed behind. And the print-shop boxes and
fonts, as ``pdfinfo -box`` and ``pdffonts`` report them."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image

from engine.catalogue import all_components
from printables import geometry as G
from printables.pieces import back_code, mark_cells
from printables.render import Options, Result, form_name, local_to_page
from printables.sets import CALIBRATION, SETS, build

pytestmark = pytest.mark.skipif(
    shutil.which("pdftoppm") is None, reason="poppler-utils (pdftoppm) not installed"
)

DPI = 100
PX = DPI / 25.4
WITH_BACKS = [n for n in SETS if n not in (CALIBRATION, "rattus-stickers", "spares")]
COMPONENTS = {c.id: c for c in all_components()}


def _render(pdf: bytes, tmp: Path) -> list[np.ndarray]:
    """Every page in grey at DPI through pdftoppm; anything it prints on stderr fails the test."""
    src = tmp / "sheet.pdf"
    src.write_bytes(pdf)
    run = subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-gray", str(src), str(tmp / "p")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0 and run.stderr == "", run.stderr
    pages = sorted(tmp.glob("p-*.pgm"), key=lambda p: int(p.stem.split("-")[1]))
    out = [np.asarray(Image.open(p), dtype=np.int16) for p in pages]
    for p in pages:
        p.unlink()
    src.unlink()
    return out


def _sample(img: np.ndarray, x_mm: float, y_mm: float) -> float:
    """The pixel under a point given in mm from the page's bottom-left corner."""
    return float(img[int(img.shape[0] - y_mm * PX), int(x_mm * PX)])


def _read_mark(img: np.ndarray, slot: G.Slot, mark_y: float, offset: tuple[float, float]) -> int | None:
    """The number shown by the back mark of the piece at ``slot``; None if there is no mark (a blank back)."""

    def at(x: float, y: float) -> float:
        px, py = local_to_page(slot, x, y)
        return _sample(img, px + offset[0], py + offset[1])

    background = at(0.0, mark_y + 2.2)
    cells = [abs(at(x, mark_y) - background) > 60 for x, _ in mark_cells("any")]
    if not (cells[0] and cells[-1]):  # the guard cells are always printed
        return None
    return int("".join("1" if on else "0" for on in cells[1:-1]), 2)


def _face_slot(result: Result, plan: G.PagePlan, code_centre: tuple[float, float]) -> int:
    """Which face slot a code printed at ``code_centre`` belongs to (the slot whose trim holds it)."""
    for i, s in enumerate(plan.faces):
        w, h = s.dims(plan.size, bleed=False)
        if abs(code_centre[0] - s.cx) < w / 2 and abs(code_centre[1] - s.cy) < h / 2:
            return i
    raise AssertionError(f"a code at {code_centre} lies on no face slot")


def _check_backs(name: str, opts: Options, tmp: Path) -> int:
    result = build(name, opts)
    plan = result.plan
    assert plan is not None and plan.backs == opts.backs
    piece = SETS[name].piece(opts)
    keys = {piece.back_key(COMPONENTS[p.component_id]) for p in result.codes}
    assert len({back_code(k) for k in keys}) == len(keys), "two decks of this set share a back mark"
    pages = _render(result.pdf, tmp)
    assert len(pages) == result.pages
    checked = 0
    for placed in result.codes:
        comp = COMPONENTS[placed.component_id]
        i = _face_slot(result, plan, placed.centre_mm)
        back_page = placed.page + (1 if opts.backs in ("long", "short") else 0)
        off = opts.back_offset if opts.backs in ("long", "short") else (0.0, 0.0)
        got = _read_mark(pages[back_page - 1], plan.backs_slots[i], piece.mark_y, off)
        want = back_code(piece.back_key(comp))
        assert got is not None, f"{name} {opts.backs}: the back of {comp.id} (page {back_page}) is blank"
        assert got == want, (
            f"{name} {opts.backs}: {comp.id} on page {placed.page} has the back "
            f"{got:03x} on page {back_page}, not its deck's {want:03x}"
        )
        checked += 1
    return checked


@pytest.mark.parametrize("backs", ["long", "short", "gutter"])
@pytest.mark.parametrize("name", WITH_BACKS)
def test_every_back_is_the_back_of_its_face(name: str, backs: str, tmp_path: Path) -> None:
    assert _check_backs(name, Options(backs=backs), tmp_path) == len(SETS[name].select(Options()))


@pytest.mark.parametrize(
    "opts",
    [
        Options(backs="long", paper="letter"),
        Options(backs="short", card="mini", grey=True),
        Options(backs="gutter", paper="letter", card="mini"),
        Options(backs="long", back_offset=(1.5, -2.0)),
    ],
)
def test_mixed_deck_sheets_on_other_papers_sizes_inks_and_offsets(opts: Options, tmp_path: Path) -> None:
    """The whole Pandémie set mixes two or three decks of one province on many sheets."""
    assert _check_backs("pandemie", opts, tmp_path) == 452


def test_pdfium_draws_the_backs_too(tmp_path: Path) -> None:
    """A second reader: every back page of the Rattus class cards is the dark class back, not blank paper."""
    doc = pdfium.PdfDocument(build("rattus-pied-piper", Options()).pdf)
    for i in range(1, len(doc), 2):
        img = doc[i].render(scale=30 / 72, grayscale=True).to_numpy()
        assert (img < 80).mean() > 0.3, f"back page {i + 1} is nearly blank"
    doc.close()


def test_form_names_are_single_pdf_names() -> None:
    for key in ("rattus/class", "pandemie/joueur/Gallia", "pandemie/rôle/Hispania", "cartus", "a b(c)"):
        assert re.fullmatch(r"[A-Za-z0-9_]+", form_name(key)), form_name(key)
    assert form_name("pandemie/joueur/Gallia") != form_name("pandemie/joueur_Gallia")


def _boxes(pdf: Path) -> dict[int, dict[str, tuple[float, ...]]]:
    run = subprocess.run(
        ["pdfinfo", "-box", "-f", "1", "-l", "9999", str(pdf)], capture_output=True, text=True, check=True
    )
    assert run.stderr == ""
    pages: dict[int, dict[str, tuple[float, ...]]] = {}
    for m in re.finditer(
        r"^Page\s+(\d+) (\w+Box):\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)", run.stdout, re.M
    ):
        pages.setdefault(int(m.group(1)), {})[m.group(2)] = tuple(float(v) for v in m.groups()[2:])
    return pages


def _inside(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] >= b[0] - 0.01 and a[1] >= b[1] - 0.01 and a[2] <= b[2] + 0.01 and a[3] <= b[3] + 0.01


@pytest.mark.parametrize(
    ("name", "opts"),
    [
        ("pandemie", Options()),
        ("rattus-tokens", Options(backs="gutter")),
        ("spares", Options(paper="letter")),
        ("cartus", Options(backs="short", card="mini")),
        (CALIBRATION, Options()),
    ],
)
def test_trim_and_bleed_boxes_on_every_page(name: str, opts: Options, tmp_path: Path) -> None:
    result = build(name, opts)
    pdf = tmp_path / "s.pdf"
    pdf.write_bytes(result.pdf)
    pages = _boxes(pdf)
    assert sorted(pages) == list(range(1, result.pages + 1))
    pt = 72 / 25.4
    for n, b in pages.items():
        assert {"MediaBox", "TrimBox", "BleedBox"} <= set(b), f"page {n}: {sorted(b)}"
        assert _inside(b["TrimBox"], b["BleedBox"]) and _inside(b["BleedBox"], b["MediaBox"])
        if result.plan is None:  # no pieces (calibration): the sheet itself
            assert b["TrimBox"] == b["MediaBox"]
            continue
        bleed = result.plan.size.bleed * pt
        for i in range(4):  # the bleed is 3 mm all round the pieces
            assert abs(b["BleedBox"][i] - b["TrimBox"][i]) == pytest.approx(bleed, abs=0.02)
        for p in (p for p in result.codes if p.page == n):  # every code lies inside the trim
            x, y = p.centre_mm[0] * pt, p.centre_mm[1] * pt
            assert b["TrimBox"][0] < x < b["TrimBox"][2] and b["TrimBox"][1] < y < b["TrimBox"][3]
    if result.plan is None:
        return
    # the trim box is where the outermost cut lines are: on the first page, the plan's outer trim lines
    marks = G.marks_for(
        result.plan.faces + (result.plan.backs_slots if opts.backs == "gutter" else ()), result.plan.size
    )
    x0, x1 = marks.vertical[0] * pt, marks.vertical[-1] * pt
    assert (pages[1]["TrimBox"][0], pages[1]["TrimBox"][2]) == pytest.approx((x0, x1), abs=0.02)


@pytest.mark.parametrize("name", ["pandemie-roles", "rattus-tokens", "spares", CALIBRATION])
def test_every_font_is_embedded(name: str, tmp_path: Path) -> None:
    pdf = tmp_path / "s.pdf"
    pdf.write_bytes(build(name, Options()).pdf)
    run = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True)
    rows = run.stdout.splitlines()[2:]
    assert rows, "no font at all?"
    for row in rows:
        cols = row.split()
        emb = cols[-5]  # name type [encoding] emb sub uni object ID: "emb" is 5th from the end
        assert emb == "yes", f"font not embedded: {row}"
    assert "Helvetica" not in run.stdout
