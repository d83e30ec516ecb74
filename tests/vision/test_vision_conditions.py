"""The benchmark's seeded conditions (``vision.synth.CASES``) and what the reader must do on them."""

from __future__ import annotations

import numpy as np
import pytest

from engine.core.codes import payload
from vision import reader, synth
from vision.peers import zxing_plain

TEXTS = [payload(f"BLK:{i:03d}") for i in range(1, 101)]


def _recall(texts: list[str], placed: list[synth.Placed]) -> int:
    got = set(texts)
    return sum(p.text in got for p in placed)


def test_cases_are_seeded_and_sized_as_named() -> None:
    a, placed = synth.case_scene("1080p module 1.7-2.5px", 3, TEXTS)
    b, _ = synth.case_scene("1080p module 1.7-2.5px", 3, TEXTS)
    assert a.shape == (1080, 1920, 3) and np.array_equal(a, b)
    mods = synth.modules(TEXTS[0])
    sides = [float(np.linalg.norm(p.corners[1] - p.corners[0])) for p in placed]
    assert len(placed) == 30
    assert 1.5 * mods < np.median(sides) < 2.7 * mods  # ~1.7-2.5 px per module (tilt shortens some)
    with pytest.raises(ValueError, match="unknown case"):
        synth.case_scene("nope", 0, TEXTS)
    with pytest.raises(ValueError, match="needs 30 texts"):
        synth.case_scene("1080p module 1.7-2.5px", 0, TEXTS[:3])


def test_new_conditions_change_the_frame() -> None:
    base, _ = synth.scene(TEXTS[:4], code_px=60, seed=9, cond=synth.Conditions(blur_px=0))
    for cond in (synth.Conditions(blur_px=2.5), synth.Conditions(blur_px=0, defocus=0.9),
                 synth.Conditions(blur_px=0, keystone=0.6)):
        other, _ = synth.scene(TEXTS[:4], code_px=60, seed=9, cond=cond)
        assert not np.array_equal(base, other)


def test_textured_regions_find_every_small_code_in_a_1080p_frame() -> None:
    frame, placed = synth.case_scene("1080p module 1.2-1.7px", 101, TEXTS)
    boxes = reader.textured_regions(reader.to_gray(frame))
    for p in placed:
        cx, cy = p.corners.mean(axis=0)
        assert any(x0 <= cx <= x1 and y0 <= cy <= y1 for x0, y0, x1, y1 in boxes), p.text


@pytest.mark.parametrize("seed", [100, 101])
def test_small_codes_in_1080p_frames_read_without_enlarging_the_whole_frame(seed: int) -> None:
    """Frames over 1.1 MP are not enlarged as a whole; their small textured regions are."""
    frame, placed = synth.case_scene("1080p module 1.7-2.5px", seed, TEXTS)
    assert frame.shape[0] * frame.shape[1] > reader.UPSCALE_MAX_PIXELS
    ours = _recall([r.raw for r in reader.read(frame)], placed)
    plain = _recall(zxing_plain(frame), placed)
    assert ours >= 27 and ours > plain + 5, (ours, plain)
