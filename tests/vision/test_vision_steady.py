"""Steady(k, n): a read counts once seen in k of the last n frames; a hand passing by triggers nothing."""

from __future__ import annotations

import numpy as np
import pytest

from engine.core.codes import payload
from vision import Read, Steady

CORNERS = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], np.float32)


def rd(cid: str | None, raw: str | None = None, conf: float = 0.9) -> Read:
    return Read(
        raw if raw is not None else payload(cid or "BLK:001"),
        cid,
        CORNERS,
        conf,
        "" if cid else "not a tablekeeper code",
    )


def feed(steady: Steady, frames: list[list[Read]]) -> list[tuple[int, str, str | None]]:
    out = []
    for i, reads in enumerate(frames):
        out += [(i, c.kind, c.component_id) for c in steady.update(reads)]
    return out


def test_a_token_is_reported_once_seen_in_k_of_the_last_n_frames() -> None:
    s = Steady(3, 5)
    rat = rd("BLK:007")
    assert feed(s, [[rat], [], [rat], [rat], [rat], [rat]]) == [(3, "appeared", "BLK:007")]
    assert set(s.present) == {"BLK:007"}


def test_a_hand_passing_by_with_a_token_triggers_nothing() -> None:
    s = Steady(3, 5)
    passing = rd("BLK:008")
    assert feed(s, [[passing], [passing], [], [], [], [], []]) == []
    assert s.present == {}


def test_a_hand_covering_a_token_briefly_does_not_make_it_gone() -> None:
    s = Steady(3, 5)
    rat = rd("BLK:009")
    frames = [[rat]] * 5 + [[], []] + [[rat]] * 3
    assert feed(s, frames) == [(2, "appeared", "BLK:009")]


def test_a_token_that_leaves_the_view_is_reported_gone_once() -> None:
    s = Steady(3, 5)
    a, b = rd("BLK:010"), rd("BLK:011")
    events = feed(s, [[a, b]] * 4 + [[b]] * 6)
    # gone once seen in at most 1 of the last 5 (the default gone_at = k - 2): the 4th frame without it
    assert events == [(2, "appeared", "BLK:010"), (2, "appeared", "BLK:011"), (7, "gone", "BLK:010")]
    assert set(s.present) == {"BLK:011"}
    gone = s.flush()
    assert [(c.kind, c.component_id) for c in gone] == [("gone", "BLK:011")]


def test_foreign_codes_are_tracked_by_raw_text_or_left_out() -> None:
    qr = rd(None, "https://example.org")
    s = Steady(2, 3)
    changes = [c for _ in range(2) for c in s.update([qr])]
    assert [(c.kind, c.component_id, c.raw, c.foreign) for c in changes] == [
        ("appeared", None, "https://example.org", True)
    ]
    quiet = Steady(2, 3, foreign=False)
    assert [c for _ in range(3) for c in quiet.update([qr])] == []


def test_the_same_id_twice_in_a_frame_is_one_code_best_read_kept() -> None:
    s = Steady(1, 1)
    (change,) = s.update([rd("BLK:012", conf=0.5), rd("BLK:012", conf=0.95)])
    assert change.read.confidence == 0.95


def test_k_of_n_is_validated() -> None:
    for k, n in [(0, 5), (6, 5), (1, 0)]:
        with pytest.raises(ValueError, match="k <= n"):
            Steady(k, n)
    with pytest.raises(TypeError):
        Steady(2.5, 5)  # type: ignore[arg-type]


def test_steady_over_real_frames_from_a_scene() -> None:
    import vision
    from vision import synth

    frame, _ = synth.scene([payload("BLK:020"), payload("BLK:021")], code_px=100, seed=11)
    covered = frame.copy()
    covered[:, : frame.shape[1] // 2] = 90  # a sleeve over the left half of the table
    s = Steady(2, 3)
    seen = []
    for f in [frame, frame, covered, frame, covered, covered, covered]:
        seen += [(c.kind, c.component_id) for c in s.update(vision.read(f))]
    left = {r.component_id for r in vision.read(frame)} - {r.component_id for r in vision.read(covered)}
    assert len(left) == 1
    assert seen == [("appeared", "BLK:020"), ("appeared", "BLK:021"), ("gone", left.pop())]


def test_a_flickering_code_never_flips_on_consecutive_frames() -> None:
    """Seen in about 3 of 5 frames: without hysteresis this pattern flipped appeared/gone every frame."""
    s = Steady(3, 5)
    rat = rd("BLK:030")
    pattern = [1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 1] * 3
    events = feed(s, [[rat] if seen else [] for seen in pattern])
    assert events[0][1] == "appeared"
    frames = [i for i, _, _ in events]
    assert all(b - a >= 2 for a, b in zip(frames, frames[1:], strict=False)), events
    assert len(events) <= 3


@pytest.mark.parametrize(("k", "n"), [(2, 3), (3, 5), (4, 6), (5, 5)])
def test_hysteresis_for_every_k_of_n_against_random_flicker(k: int, n: int) -> None:
    rng = np.random.default_rng(k * 10 + n)
    s = Steady(k, n)
    rat = rd("BLK:031")
    last = -10
    for i in range(1, 400):
        for change in s.update([rat] if rng.random() < k / n else []):
            assert change.frame == i and change.frame - last >= 2
            last = change.frame


def test_frames_are_numbered_from_one_as_in_the_cli() -> None:
    s = Steady(2, 3)
    rat = rd("BLK:032")
    assert s.frames == 0
    assert s.update([rat]) == []
    (change,) = s.update([rat])
    assert (change.kind, change.frame, s.frames) == ("appeared", 2, 2)
    assert change.to_json()["frame"] == 2
    s.update([])
    (end,) = s.flush()
    assert (end.kind, end.frame) == ("gone", 3)


def test_gone_at_is_validated_and_used() -> None:
    with pytest.raises(ValueError, match="gone_at"):
        Steady(3, 5, gone_at=3)
    s = Steady(3, 5, gone_at=2)  # no hysteresis: the old behaviour, on request
    rat = rd("BLK:033")
    events = feed(s, [[rat]] * 3 + [[]] * 3)
    assert events == [(2, "appeared", "BLK:033"), (5, "gone", "BLK:033")]
