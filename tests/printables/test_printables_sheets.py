"""Print-shop conventions: marks outside the trim, room for ruler and legend, duplex backs where the flip
puts them, the PDF's viewer preferences, embedded fonts with accents, vector codes, page numbers."""

from __future__ import annotations

import base64
import re
import zlib

import numpy as np
import pypdfium2 as pdfium
import pytest

from engine.catalogue import Component
from printables import geometry as G
from printables import qr
from printables.pieces import CARD_FORMATS
from printables.render import Options
from printables.sets import SETS, PrintError, build

SIZES = {
    "poker": G.PieceSize(*CARD_FORMATS["poker"][:2]),
    "mini": G.PieceSize(*CARD_FORMATS["mini"][:2]),
    "token": G.PieceSize(30, 30, round=True),
    "sticker": G.PieceSize(20, 20, round=True),
}


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    e = 1e-6  # touching is not overlapping
    return a[0] < b[2] - e and b[0] < a[2] - e and a[1] < b[3] - e and b[1] < a[3] - e


def _bleed_box(s: G.Slot, size: G.PieceSize) -> tuple[float, float, float, float]:
    w, h = s.dims(size)
    return s.cx - w / 2, s.cy - h / 2, s.cx + w / 2, s.cy + h / 2


@pytest.mark.parametrize("paper", sorted(G.PAPERS))
@pytest.mark.parametrize("size_name", sorted(SIZES))
@pytest.mark.parametrize("backs", G.BACK_MODES)
def test_layout_keeps_pieces_marks_and_legend_apart(paper: str, size_name: str, backs: str) -> None:
    size = SIZES[size_name]
    p = G.plan(paper, size, backs)
    w, h = p.page
    slots = list(p.faces) + (list(p.backs_slots) if backs == "gutter" else [])
    boxes = [_bleed_box(s, size) for s in slots]
    for i, a in enumerate(boxes):  # inside the printable area, never on top of each other
        assert a[0] >= G.SAFE and a[1] >= G.SAFE and a[2] <= w - G.SAFE and a[3] <= h - G.SAFE
        assert not any(_overlap(a, b) for b in boxes[i + 1 :])
    marks = G.marks_for(slots, size)
    x0, y0, x1, y1 = marks.bbox
    segments = [(x - 0.1, y0 - G.MARK_ZONE, x + 0.1, y0 - G.MARK_GAP) for x in marks.vertical]
    segments += [(x - 0.1, y1 + G.MARK_GAP, x + 0.1, y1 + G.MARK_ZONE) for x in marks.vertical]
    segments += [(x0 - G.MARK_ZONE, y - 0.1, x0 - G.MARK_GAP, y + 0.1) for y in marks.horizontal]
    segments += [(x1 + G.MARK_GAP, y - 0.1, x1 + G.MARK_ZONE, y + 0.1) for y in marks.horizontal]
    for seg in segments:  # cut marks: outside every trim and every bleed, on the printable area
        assert not any(_overlap(seg, b) for b in boxes)
        assert seg[0] >= G.SAFE - 0.2 and seg[1] >= G.SAFE - 0.2 and seg[2] <= w - G.SAFE + 0.2
    free = [(b.x, b.y, b.x + b.w, b.y + b.h) for b in G.free_boxes(p.page, marks)]
    for f in free:  # the legend and ruler never sit on a piece or a mark
        assert not any(_overlap(f, b) for b in boxes)
        assert not any(_overlap(f, s) for s in segments)
    assert any(
        b.length >= G.RULER_BOX[0] and b.thickness >= G.RULER_BOX[1] for b in G.free_boxes(p.page, marks)
    )
    # every trim line is marked: each piece's four trim edges are in the mark lists
    for s in slots:
        tw, th = s.dims(size, bleed=False)
        assert round(s.cx - tw / 2, 3) in marks.vertical and round(s.cy + th / 2, 3) in marks.horizontal


@pytest.mark.parametrize("backs", ["long", "short", "gutter"])
def test_backs_sit_where_the_flip_puts_them(backs: str) -> None:
    p = G.plan("a4", SIZES["poker"], backs)
    w, h = p.page
    for f, b in zip(p.faces, p.backs_slots, strict=True):
        axis = "x" if backs == "long" or (backs == "gutter" and p.fold == "vertical") else "y"
        if axis == "x":  # flipped about a vertical line: same height, mirrored left-right, turn reversed
            assert (b.cx, b.cy, b.rot) == pytest.approx((w - f.cx, f.cy, (-f.rot) % 360))
        else:
            assert (b.cx, b.cy, b.rot) == pytest.approx((f.cx, h - f.cy, (f.rot + 180) % 360))
        assert G.mirror(G.mirror(f, axis, p.page), axis, p.page) == G.Slot(f.cx, f.cy, f.rot % 360)


def _centroid_mm(mask: np.ndarray, px_per_mm: float) -> np.ndarray:
    ys, xs = np.nonzero(mask)
    return np.array([xs.mean(), -ys.mean()]) / px_per_mm  # y up, as on the page


def test_back_page_is_the_mirror_of_the_face_page_plus_the_offset() -> None:
    """Rendered: on the last, partly filled sheet of rat tokens (14 of 35 places, so not symmetric), the dark
    back discs are the face discs mirrored left-right, then shifted by --back-offset."""
    dpi = 50
    px_per_mm = dpi / 25.4
    w_mm, h_mm = G.PAPERS["a4"]

    def sheet(opts: Options) -> tuple[np.ndarray, np.ndarray]:
        doc = pdfium.PdfDocument(build("rattus-tokens", opts).pdf)
        assert len(doc) == 4
        face = doc[2].render(scale=dpi / 72, grayscale=True).to_numpy()
        back = doc[3].render(scale=dpi / 72, grayscale=True).to_numpy()
        return face, back

    def pieces(img: np.ndarray, dark: bool) -> np.ndarray:
        mask = (img > 30) & (img < 60) if dark else img < 250  # dark: the back's brown, not black text
        mask[: int(20 * px_per_mm)] = False  # drop the legend band at the top
        mask[-int(25 * px_per_mm) :] = False  # and the ruler band at the bottom
        return mask

    face, back = sheet(Options(backs="long"))
    fx, fy = _centroid_mm(pieces(face, dark=False), px_per_mm)
    bx, by = _centroid_mm(pieces(back, dark=True), px_per_mm)
    assert fx < w_mm / 2 - 3  # the partial row starts on the left of the face...
    assert bx == pytest.approx(w_mm - fx, abs=0.6)  # ...so on the right of the back
    assert by == pytest.approx(fy, abs=0.6)
    _, shifted = sheet(Options(backs="long", back_offset=(2.0, -3.0)))
    sx, sy = _centroid_mm(pieces(shifted, dark=True), px_per_mm)
    assert (sx - bx, sy - by) == pytest.approx((2.0, -3.0), abs=0.3)
    _, short = sheet(Options(backs="short"))
    tx, ty = _centroid_mm(pieces(short, dark=True), px_per_mm)
    assert tx == pytest.approx(fx, abs=0.6) and ty == pytest.approx(-h_mm - fy, abs=0.6)


def _pdf_text(pdf: bytes) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    out = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    doc.close()
    return out


def test_pdf_asks_for_duplex_and_no_scaling_and_embeds_its_fonts() -> None:
    long_pdf = build("pandemie-roles", Options(backs="long")).pdf
    assert b"/Duplex /DuplexFlipLongEdge" in long_pdf and b"/PrintScaling /None" in long_pdf
    assert b"/DuplexFlipShortEdge" in build("pandemie-roles", Options(backs="short")).pdf
    assert b"/Duplex /Simplex" in build("pandemie-roles", Options(backs="gutter")).pdf
    assert long_pdf.count(b"/FontFile2") >= 2  # both TrueType fonts embedded (subsets)
    assert b"/Subtype /Image" not in long_pdf  # codes and art are vectors


def test_every_page_has_number_ruler_legend_and_accents() -> None:
    for name, needle in (
        ("pandemie-roles", "Sénateur"),
        ("rattus-tokens", "Clergé"),
        ("rattus-classes", "Clergé"),
    ):
        result = build(name, Options())
        texts = _pdf_text(result.pdf)
        assert len(texts) == result.pages
        for i, t in enumerate(texts, start=1):
            assert f"page {i}/{result.pages}" in t
            assert "50 mm" in t and "Couper sur les traits" in t
        assert any(needle in t for t in texts)


def _inflate(data: bytes) -> bytes:
    if data[:1] != b"x":  # ASCII85 around the Flate data (reportlab's page streams)
        data = base64.a85decode(data.strip().removesuffix(b"~>"))
    return zlib.decompress(data)


def test_each_code_is_one_path() -> None:
    """One fill per code in the page stream, however many dark runs it has."""
    result = build("rattus-classes", Options(backs="none"))
    pdf = result.pdf
    streams = [
        pdf[m.end() : m.end() + int(m.group(1))]
        for m in re.finditer(rb"/Length (\d+)\s*>>\s*stream\r?\n", pdf)
    ]
    content = b"".join(_inflate(s) for s in streams)
    fills = 0
    for block in re.split(rb"\bf\b", content):
        if block.count(b" re") > 40:  # a QR code: many runs in one path, then a single fill
            fills += 1
    assert fills == len(result.codes) == 6


def test_error_level_per_size() -> None:
    payload = Component("RAT:07", "rattus", "rat-token", "x").payload
    assert qr.designator(payload, qr.SMALL) == "1-Q"  # 12 characters: version 1 at level Q
    assert qr.designator(payload, qr.CARD) == "2-H"
    long_payload = "PT1:" + "ABCDEFGH:IJKLMN" + ":X"  # 21: only as long as ids allow
    assert qr.designator(long_payload[:20], qr.SMALL) == "1-M"
    assert qr.modules(payload, qr.SMALL) == 21  # never Micro QR


def test_sets_read_the_catalogue_at_run_time(monkeypatch: pytest.MonkeyPatch) -> None:
    import printables.sets as S

    extra = Component(
        "PC:Z01",
        "pandemie",
        "city-card",
        "Vindobona",
        {
            "province": "Z",
            "province_name": "Noricum",
            "colour": "red",
            "people": "Vandales",
            "colour_fr": "rouge",
            "population": 12000,
            "back": "joueur",
        },
    )
    base = S.all_components()
    monkeypatch.setattr(S, "all_components", lambda: [*base, extra])
    result = build("pandemie-cities", Options(provinces=("Noricum",)))
    assert [c.component_id for c in result.codes] == ["PC:Z01"]


def test_bad_requests_say_what_is_wrong(tmp_path) -> None:
    with pytest.raises(PrintError, match="unknown set"):
        build("nope", Options())
    with pytest.raises(PrintError, match="unknown province"):
        build("pandemie", Options(provinces=("Atlantis",)))
    with pytest.raises(PrintError, match="card size"):
        build("cartus", Options(card="tarot"))
    with pytest.raises(PrintError, match="paper"):
        build("cartus", Options(paper="a3"))
    with pytest.raises(PrintError, match="long or --backs short"):
        build("duplex-calibration", Options(backs="gutter"))
    bad = tmp_path / "bad.toml"
    bad.write_text("format = 'tablekeeper-rattus-profile/1'\ntokens = 3\n")
    with pytest.raises(PrintError, match="Rattus profile"):
        build("rattus-tokens", Options(profile=str(bad)))


def test_calibration_sheet_has_two_pages_and_no_codes() -> None:
    result = build("duplex-calibration", Options(back_offset=(1.0, -0.5)))
    assert result.pages == 2 and result.codes == []
    texts = _pdf_text(result.pdf)
    assert "recto" in texts[0] and "verso" in texts[1] and "--back-offset" in texts[1]
    assert "+1.0 / -0.5" in texts[0]


def test_set_names_are_listed() -> None:
    assert {
        "rattus-tokens",
        "rattus-stickers",
        "rattus-classes",
        "cartus",
        "pandemie-cities",
        "pandemie-propagation",
        "pandemie-rupture",
        "pandemie-events",
        "pandemie-roles",
        "spares",
        "duplex-calibration",
    } <= set(SETS)


def _longest_dark_run(row: np.ndarray) -> int:
    dark = np.concatenate([[0], (row < 128).astype(np.int8), [0]])
    edges = np.flatnonzero(np.diff(dark))
    return int((edges[1::2] - edges[::2]).max()) if edges.size else 0


@pytest.mark.parametrize(("name", "paper"), [("spares", "a4"), ("pandemie-roles", "letter")])
def test_the_ruler_measures_50_mm_on_the_page(name: str, paper: str) -> None:
    """Rendered at 10 px/mm, the ruler's baseline is the longest horizontal line: 50 mm (+ line width)."""
    doc = pdfium.PdfDocument(build(name, Options(paper=paper)).pdf)
    img = doc[0].render(scale=254 / 72, grayscale=True).to_numpy()
    bottom = img[-250:]  # the ruler sits in the bottom 25 mm on these layouts
    longest = max(_longest_dark_run(r) for r in bottom)
    assert 499 <= longest <= 503


def _margin_lines(pdf: bytes, page: int) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The legend's lines of a page (text outside the pieces' trim box, the title and the ruler left out),
    with their boxes in mm."""
    doc = pdfium.PdfDocument(pdf)
    try:
        p = doc[page - 1]
        tx0, ty0, tx1, ty1 = (v * 25.4 / 72 for v in p.get_trimbox())
        tp = p.get_textpage()
        out = []
        for i in range(tp.count_rects()):
            rect = tp.get_rect(i)
            box = tuple(v * 25.4 / 72 for v in rect)
            inside = (
                box[0] >= tx0 - 0.5 and box[2] <= tx1 + 0.5 and box[1] >= ty0 - 0.5 and box[3] <= ty1 + 0.5
            )
            text = " ".join(tp.get_text_bounded(*rect).split())
            if inside or not text or text.startswith("tablekeeper") or re.fullmatch(r"\d+( mm)?", text):
                continue
            out.append((text, box))
        return out
    finally:
        doc.close()


@pytest.mark.parametrize(
    ("name", "opts"),
    [
        ("pandemie-cities", {}),
        ("pandemie-cities", {"card": "mini"}),
        ("pandemie-cities", {"paper": "letter"}),
        ("rattus-classes", {"backs": "gutter"}),
        ("cartus", {}),
        ("rattus-tokens", {}),
        ("rattus-stickers", {"paper": "letter"}),
        ("spares", {}),
    ],
)
def test_the_instruction_lines_keep_every_sentence_whole(name: str, opts: dict) -> None:
    """A margin cut by a column of cut marks holds whole sentences on each side: a sentence is never cut in
    two by the card column (each block of the legend starts a sentence and ends one)."""
    result = build(name, Options(**opts))
    for page in range(1, min(2, result.pages) + 1):
        blocks: dict[tuple[str, int], list[tuple[float, str]]] = {}
        for text, (x0, y0, x1, y1) in _margin_lines(result.pdf, page):
            vertical = y1 - y0 > x1 - x0
            key = ("v", round(y0)) if vertical else ("h", round(x0))  # lines of a block start together
            blocks.setdefault(key, []).append((x0 if vertical else -y1, text))
        assert blocks, f"{name} page {page}: no legend found"
        for key, lines in blocks.items():
            block = " ".join(t for _, t in sorted(lines))
            assert block[0].isupper(), f"{name} page {page} {key}: starts mid-sentence: {block!r}"
            assert block.endswith((".", "?", "!")), f"{name} page {page} {key}: ends mid-sentence: {block!r}"
