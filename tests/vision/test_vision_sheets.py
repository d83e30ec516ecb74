"""Several of our own printed codes in one frame: rat tokens cut out of a rendered sheet and laid on the
table, and a whole printed sheet photographed (``vision.synth``: scaled, turned, tilted, out of focus,
noised and JPEG-compressed as a camera does)."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

import vision
from printables.render import Options
from printables.sets import build
from vision import synth

DPI = 600  # the page rendered finely, then shrunk into the frame as a lens does
TOKEN_MM = 28.8  # a 30 mm token cut out around its code (its code sits 0.6 mm below its centre)


@cache
def token_sheet() -> tuple[np.ndarray, tuple[synth.Printed, ...]]:
    result = build("rattus-tokens", Options())
    return synth.render_page(result.pdf, 1, DPI), tuple(synth.printed(result, 1, DPI))


def _ids(frame: np.ndarray) -> tuple[set[str], list[str]]:
    reads = vision.read(frame)
    return {r.raw for r in reads if r.component_id}, [r.raw for r in reads if r.component_id is None]


def test_the_page_s_codes_are_where_the_manifest_says() -> None:
    page, codes = token_sheet()
    assert len(codes) == 35
    for code in codes[:5]:  # the rendered page, cropped at a code's place, reads as that code
        x, y = (int(v) for v in code.centre)
        r = int(code.side)
        assert [x.raw for x in vision.read(page[y - r : y + r, x - r : x + r])] == [code.text]


@pytest.mark.parametrize("seed", range(4))
def test_six_tokens_laid_out_at_95_px_each_in_a_720p_frame_all_read(seed: int) -> None:
    page, codes = token_sheet()
    cond = synth.Conditions(tilt_deg=25, blur_px=0, defocus=0.5, noise=4, jpeg=85)
    chosen = codes[seed * 6 : seed * 6 + 6]
    frame, placed = synth.pieces_photo(page, chosen, TOKEN_MM * DPI / 25.4, 95, synth.HD, cond, seed)
    got, foreign = _ids(frame)
    assert got == {p.text for p in placed} and not foreign


def test_six_slightly_blurred_tokens_at_110_px_read_five_of_six_or_more() -> None:
    page, codes = token_sheet()
    cond = synth.Conditions(tilt_deg=25, blur_px=1, defocus=0.7, noise=4, jpeg=85)
    read = want = 0
    for seed in range(4):
        frame, placed = synth.pieces_photo(
            page, codes[seed * 6 : seed * 6 + 6], TOKEN_MM * DPI / 25.4, 110, synth.HD, cond, seed
        )
        got, foreign = _ids(frame)
        texts = {p.text for p in placed}
        assert got <= texts and not foreign
        read += len(got)
        want += len(texts)
    assert read >= 22, f"{read}/{want}"


@pytest.mark.parametrize("seed", range(2))
def test_a_whole_token_sheet_photographed_in_1080p_reads_all_35(seed: int) -> None:
    page, codes = token_sheet()
    cond = synth.Conditions(blur_px=1, defocus=0.6, noise=4, jpeg=85)
    frame, placed = synth.sheet_photo(page, codes, synth.FULL_HD, 0.95, cond, seed)
    got, foreign = _ids(frame)
    assert got == {p.text for p in placed} and not foreign


@pytest.mark.parametrize(
    ("name", "opts", "crop_mm", "round_piece"),
    [("rattus-tokens", {}, TOKEN_MM, True), ("pandemie-cities", {}, 40.0, False)],
)
def test_the_reading_distance_print_list_gives_holds_for_a_720p_camera(
    name: str, opts: dict, crop_mm: float, round_piece: bool
) -> None:
    """``tablekeeper print --list`` says how far a 720p camera reads each printed size (vision.reach): at that
    distance at least 90% of the pieces laid on the table are read; at 1.5 times it, less than half."""
    from vision.reach import PHONE_720P, reach_cm

    dpi = 400
    result = build(name, Options(**opts))
    page, codes = synth.render_page(result.pdf, 1, dpi), synth.printed(result, 1, dpi)
    module = result.codes[0].module_mm
    cond = synth.Conditions(tilt_deg=20, perspective=0.02, blur_px=0, defocus=0.5, noise=3, jpeg=85)
    rates = []
    for d_mm in (10 * reach_cm(module), 15 * reach_cm(module)):
        read = want = 0
        for seed in range(4):
            px = crop_mm * PHONE_720P.px_per_mm(d_mm)
            frame, placed = synth.pieces_photo(
                page, codes[:8], crop_mm * dpi / 25.4, px, PHONE_720P.size, cond, 500 + seed, round_piece
            )
            got, foreign = _ids(frame)
            assert got <= {p.text for p in placed} and not foreign
            read, want = read + len(got), want + len(placed)
        rates.append(read / want)
    assert rates[0] >= 0.9 and rates[1] < 0.5, rates
