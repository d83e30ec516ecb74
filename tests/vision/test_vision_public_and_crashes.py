"""The public photo set (ZXing's black-box folders) and survival of decoder crashes."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import cv2
import numpy as np
import pytest

import vision
from vision import peers
from vision.isolate import Worker, WorkerFailed

QR_PUBLIC = Path(
    os.environ.get(
        "TABLEKEEPER_QR_PUBLIC", Path(__file__).resolve().parents[3] / "shared" / "data" / "qr-public"
    )
)
ZXING_MUST_PASS_0 = {"qrcode-1": 17, "qrcode-2": 32, "qrcode-5": 19, "qrcode-6": 15}
needs_photos = pytest.mark.skipif(not QR_PUBLIC.is_dir(), reason=f"public photo set not at {QR_PUBLIC}")


def norm(text: str) -> str:
    return text.replace("\r\n", "\n")  # the expected files store \n where the codes hold \r\n


@needs_photos
@pytest.mark.parametrize("folder", sorted(ZXING_MUST_PASS_0))
def test_public_photos_at_least_zxings_must_pass_count_and_all_foreign(folder: str) -> None:
    images = [p for p in sorted((QR_PUBLIC / folder).iterdir()) if p.suffix in (".png", ".jpg")]
    read_ok = 0
    for img in images:
        expected = norm(img.with_suffix(".txt").read_text(encoding="utf-8"))
        reads = vision.read_file(img)
        assert all(r.foreign and r.reason for r in reads)  # none of these payloads is ours
        read_ok += any(norm(r.raw) == expected for r in reads)
    assert read_ok >= ZXING_MUST_PASS_0[folder]
    assert read_ok >= {"qrcode-1": 20, "qrcode-2": 34, "qrcode-5": 19, "qrcode-6": 15}[folder]


@needs_photos
def test_the_photo_that_segfaults_plain_opencv_costs_a_read_not_the_app() -> None:
    frame = cv2.imread(str(QR_PUBLIC / "qrcode-2" / "31.png"))
    expected = (QR_PUBLIC / "qrcode-2" / "31.txt").read_text(encoding="utf-8")
    assert [norm(r.raw) for r in vision.read(frame)] == [norm(expected)]  # our reader: no OpenCV decoder
    with Worker(peers.opencv_plain, timeout=20) as opencv:
        try:
            opencv(frame)
        except WorkerFailed as exc:  # reported to kill its process on this image (some OpenCV builds)
            assert "died" in str(exc) or "answer" in str(exc)
        # the worker comes back for the next image, and this process is still here
        good = cv2.imread(str(QR_PUBLIC / "qrcode-5" / "1.png"))
        assert isinstance(opencv(good), list)
    assert vision.read(frame)


def crash_on_black(frame: np.ndarray) -> list[vision.Read]:
    if frame.max() == 0:
        os.kill(os.getpid(), signal.SIGSEGV)
    if frame.max() == 1:
        import time

        time.sleep(60)
    return vision.read(frame)


def test_a_crash_or_hang_in_the_decoder_costs_one_frame() -> None:
    from engine.core.codes import payload
    from vision import synth

    frame, _ = synth.scene([payload("BLK:050")], code_px=100, size=(300, 400), seed=13)
    with Worker(crash_on_black, timeout=3) as worker:
        assert [r.component_id for r in worker(frame)] == ["BLK:050"]
        with pytest.raises(WorkerFailed, match="died"):
            worker(np.zeros((50, 50), np.uint8))
        with pytest.raises(WorkerFailed, match="did not answer"):
            worker(np.ones((50, 50), np.uint8))
        assert [r.component_id for r in worker(frame)] == ["BLK:050"]
        assert worker.restarts == 2


def test_the_isolated_reader_loses_a_frame_not_the_app() -> None:
    from engine.core.codes import payload
    from vision import synth

    frame, _ = synth.scene([payload("BLK:051")], code_px=100, size=(300, 400), seed=14)
    with vision.Reader(isolated=True, timeout=20) as reader:
        assert [r.component_id for r in reader.read(frame)] == ["BLK:051"]
        reader._worker.target = crash_on_black  # type: ignore[union-attr]
        reader._worker.close()  # type: ignore[union-attr]
        assert reader.read(np.zeros((40, 40, 3), np.uint8)) == []
        assert reader.failures == 1 and "died" in reader.last_error
        assert [r.component_id for r in reader.read(frame)] == ["BLK:051"]
        with pytest.raises(ValueError, match="shape"):
            reader.read(np.zeros((4, 4, 7), np.uint8))
