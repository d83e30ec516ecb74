"""vision.read on frames made here: several codes per frame, foreign codes, a table's hard conditions."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import vision
from engine.core.codes import payload
from vision import synth

IDS = [f"BLK:{i:03d}" for i in range(1, 101)]


def texts(n: int, start: int = 0) -> list[str]:
    return [payload(i) for i in IDS[start : start + n]]


def ids_read(reads: list[vision.Read]) -> set[str]:
    return {r.component_id for r in reads if r.component_id is not None}


def test_a_region_of_three_rat_tokens_reads_each_with_id_corners_and_confidence() -> None:
    want = texts(3)
    frame, placed = synth.scene(want, code_px=110, seed=1)
    reads = vision.read(frame)
    assert ids_read(reads) == {"BLK:001", "BLK:002", "BLK:003"}
    assert len(reads) == 3
    for r in reads:
        assert not r.foreign and r.reason == ""
        assert r.raw == payload(r.component_id or "")
        assert r.corners.shape == (4, 2) and r.corners.dtype == np.float32
        assert 0.0 < r.confidence <= 1.0
        truth = next(p for p in placed if p.text == r.raw)
        # same symbol corners, in the same order (so the token's orientation is known), within a few px
        assert np.abs(r.corners - truth.corners).max() < 6.0


def test_twenty_codes_in_a_camera_frame_at_three_pixels_per_module() -> None:
    want = texts(20, 20)
    frame, _ = synth.scene(want, code_px=64, seed=2)  # 21 modules in 64 px
    assert ids_read(vision.read(frame)) == {payload_id for payload_id in IDS[20:40]}


def test_a_whole_sheet_of_48_tokens() -> None:
    want = texts(48, 40)
    frame, _ = synth.scene(
        want, code_px=110, size=(1400, 2000), cond=synth.Conditions(tilt_deg=10, blur_px=0, noise=3), seed=3
    )
    assert ids_read(vision.read(frame)) == set(IDS[40:88])


@pytest.mark.parametrize(
    "rotation", [cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_180, cv2.ROTATE_90_COUNTERCLOCKWISE]
)
def test_upside_down_and_sideways_frames_read_the_same_codes(rotation: int) -> None:
    frame, _ = synth.scene(texts(6), code_px=90, seed=4)
    assert ids_read(vision.read(cv2.rotate(frame, rotation))) == set(IDS[:6])


def test_corners_follow_the_code_when_it_is_upside_down() -> None:
    code = synth.code_image(payload("BLK:010"), module_px=6)
    frame = cv2.cvtColor(np.pad(code, 60, constant_values=255), cv2.COLOR_GRAY2BGR)
    up = vision.read(frame)[0].corners
    down = vision.read(cv2.rotate(frame, cv2.ROTATE_180))[0].corners
    # the symbol's top-left corner is at the image's top-left when upright, bottom-right when upside down
    assert up[0][0] < up[2][0] and up[0][1] < up[2][1]
    assert down[0][0] > down[2][0] and down[0][1] > down[2][1]


CONDITIONS = {
    "tilted 45 degrees": synth.Conditions(tilt_deg=45, perspective=0.05),
    "motion blur": synth.Conditions(blur_px=5),
    "dim tent": synth.Conditions(brightness=0.25, noise=4),
    "lamp glare": synth.Conditions(glare=0.8),
    "washed-out print": synth.Conditions(contrast=0.35),
    "noisy, heavy JPEG": synth.Conditions(noise=15, jpeg=35),
}


@pytest.mark.parametrize("name", list(CONDITIONS))
def test_reads_where_a_table_is(name: str) -> None:
    frame, _ = synth.scene(texts(12, 10), code_px=96, cond=CONDITIONS[name], seed=5)
    got = ids_read(vision.read(frame))
    assert got <= set(IDS[10:22])  # never a wrong id
    assert len(got) >= 11, f"{name}: read only {sorted(got)}"


def test_vision_reads_more_than_plain_zxing_on_small_tilted_codes() -> None:
    from vision import peers

    want = texts(20, 60)
    frame, _ = synth.scene(want, code_px=56, cond=synth.Conditions(tilt_deg=40), seed=6)
    ours = ids_read(vision.read(frame))
    plain = {t for t in peers.zxing_plain(frame) if t in want}
    assert len(ours) > len(plain)
    assert len(ours) >= 17


def test_a_partly_covered_code_still_reads() -> None:
    text = payload("BLK:042")
    code = synth.code_image(text, module_px=8, error="h")
    frame = cv2.cvtColor(np.pad(code, 40, constant_values=255), cv2.COLOR_GRAY2BGR)
    h, w = code.shape
    # a finger over the lower right data area (finder patterns stay visible)
    cv2.ellipse(
        frame,
        (40 + int(w * 0.62), 40 + int(h * 0.62)),
        (int(w * 0.13), int(h * 0.09)),
        30,
        0,
        360,
        (70, 90, 150),
        -1,
    )
    assert [r.component_id for r in vision.read(frame)] == ["BLK:042"]


def test_a_hand_of_cards_fanned_out() -> None:
    h, w = 900, 1400
    frame = synth.table(h, w, np.random.default_rng(7))
    card_ids = IDS[90:95]
    for i, cid in enumerate(card_ids):
        card = np.full((420, 300), 250, np.uint8)
        code = synth.code_image(payload(cid), module_px=4, quiet=2)  # code in the card's top-left corner
        card[12 : 12 + code.shape[0], 12 : 12 + code.shape[1]] = code
        angle = 40 - 20 * i  # each card on top of the one to its left, its corner index still showing
        rot = cv2.getRotationMatrix2D((150, 570), angle, 1.0)  # fan around a point below the cards
        rot[:, 2] += np.array([700.0, 860.0]) - np.array([150.0, 570.0])
        mask = cv2.warpAffine(np.full_like(card, 255), rot, (w, h))
        warped = cv2.warpAffine(card, rot, (w, h))
        frame[mask > 0] = cv2.cvtColor(warped, cv2.COLOR_GRAY2BGR)[mask > 0]
    assert ids_read(vision.read(frame)) == set(card_ids)


def test_foreign_codes_come_back_with_their_raw_text_never_guessed() -> None:
    good = payload("BLK:007")
    bad_check = good[:-1] + ("A" if good[-1] != "A" else "B")
    unknown = payload("ZZZ:99")
    crlf = "line one\r\nline two"
    frame, _ = synth.scene([good, "https://example.org/x", bad_check, unknown, crlf], code_px=120, seed=8)
    reads = {r.raw: r for r in vision.read(frame)}
    assert set(reads) == {good, "https://example.org/x", bad_check, unknown, crlf}
    assert reads[good].component_id == "BLK:007" and not reads[good].foreign
    for raw in ("https://example.org/x", bad_check, unknown, crlf):
        assert reads[raw].foreign and reads[raw].component_id is None and reads[raw].reason
    assert "check" in reads[bad_check].reason
    assert "catalogue" in reads[unknown].reason


def test_grayscale_bgra_and_empty_frames() -> None:
    frame, _ = synth.scene(texts(2), code_px=100, seed=9)
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    bgra = cv2.cvtColor(frame, cv2.COLOR_BGR2BGRA)
    assert ids_read(vision.read(gray)) == ids_read(vision.read(bgra)) == set(IDS[:2])
    assert vision.read(np.full((480, 640, 3), 200, np.uint8)) == []
    with pytest.raises(ValueError, match="empty"):
        vision.read(np.zeros((0, 0, 3), np.uint8))
    with pytest.raises(ValueError, match="shape"):
        vision.read(np.zeros((10, 10, 5), np.uint8))
    with pytest.raises(TypeError, match="numpy"):
        vision.read([[0, 1]])  # type: ignore[arg-type]


def test_reads_compare_and_hash_by_value() -> None:
    frame, _ = synth.scene(texts(1), code_px=100, seed=10)
    a, b = vision.read(frame), vision.read(frame.copy())
    assert a == b and len({*a, *b}) == 1


def test_a_broken_catalogue_makes_codes_foreign_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine import catalogue

    assert vision.identify(payload("BLK:001")) == ("BLK:001", "")

    def broken(component_id: str) -> None:
        raise catalogue.CatalogueError("component id 'X' used twice")

    monkeypatch.setattr(catalogue, "get", broken)
    cid, reason = vision.identify(payload("BLK:001"))
    assert cid is None and "catalogue unavailable" in reason


def test_two_copies_of_one_token_are_two_reads_at_two_places() -> None:
    frame, placed = synth.scene([payload("BLK:077")] * 2, code_px=100, seed=17)
    reads = vision.read(frame)
    assert [r.component_id for r in reads] == ["BLK:077", "BLK:077"]
    centres = sorted(tuple(np.round(r.corners.mean(axis=0))) for r in reads)
    truth = sorted(tuple(np.round(p.corners.mean(axis=0))) for p in placed)
    assert np.abs(np.array(centres) - np.array(truth)).max() < 4


def test_a_code_read_is_painted_out_of_the_later_passes_and_the_frame_keeps_its_levels() -> None:
    import zxingcpp

    from vision import reader

    frame, _ = synth.scene(texts(6), code_px=90, seed=4)
    gray = reader.to_gray(frame)
    before_all = gray.copy()
    hits = sorted(reader.decode_hits(frame), key=lambda h: h.raw)
    assert len(hits) == 6
    painted = reader._masked(gray, hits[:3])
    left = {b.text for b in zxingcpp.read_barcodes(painted, formats=zxingcpp.BarcodeFormat.QRCode)}
    assert left == {h.raw for h in hits[3:]}  # the three painted out are not found again; the others are
    assert np.array_equal(gray, before_all)  # painted on a copy: the frame itself is left alone
    for h in hits[:3]:  # each painted code keeps its levels (a global threshold for the others stays put)
        r = int(0.3 * h.side)
        x, y = int(h.cx), int(h.cy)
        before, after = gray[y - r : y + r, x - r : x + r], painted[y - r : y + r, x - r : x + r]
        assert abs(float(before.mean()) - float(after.mean())) < 12
        assert abs(float(before.std()) - float(after.std())) < 15


@pytest.mark.parametrize(
    ("raw", "kind"),
    [
        ("PT1:RAT:07:J", "component"),
        ("PT1:RAT:07:X", "damaged"),
        ("PT1:RAT:07", "damaged"),
        ("PT1:rat:07:J", "damaged"),
        ("tk://192.168.1.5:8765/?pin=1234&name=Rattus", "join"),
        ("tk://[fe80::1]:8765/?pin=1", "join"),
        ("https://192.168.1.5:8443/?k=abc", "join"),
        ("https://tablekeeper.local:8443/", "join"),
        ("https://example.org/", "foreign"),
        ("https://example.org:8443/", "foreign"),
        ("http://192.168.1.5:8443/", "foreign"),
        ("tk://no-port/?pin=1", "foreign"),
        ("hello", "foreign"),
    ],
)
def test_every_decoded_text_is_named_for_what_it_is(raw: str, kind: str) -> None:
    from engine.core import codes

    assert codes.parse(raw).kind == kind
    assert (codes.parse(raw).component_id is not None) == (kind == "component")
