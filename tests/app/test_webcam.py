"""A desktop window's camera (:class:`companion.ui.viewfinder.WebcamFeed`): OpenCV reads a real video file as
it would a webcam (``TABLEKEEPER_CAMERA`` may name one), the lens reads its frames, what it shows appears
steady, the preview gets its pictures, and closing stops the camera at once."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from companion import viewfinder as vf
from companion.ui.viewfinder import FAILURES, TEXTS, WebcamFeed, camera_error
from harness import camera

cv2 = pytest.importorskip("cv2")


def webcam_file(path: Path, cids: list[str], seconds: float = 2.0) -> Path:
    """An MJPEG video of our own printed pieces laid on a table, as a webcam at 15 frames a second sees
    them."""
    frame = camera.photo(cids, camera.Look(code_px=130), seed=3)
    h, w = frame.shape[:2]
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 15, (w, h))
    assert out.isOpened(), "OpenCV cannot write an MJPEG video here"
    for _ in range(round(15 * seconds)):
        out.write(frame)
    out.release()
    return path


def test_a_webcam_shows_pieces_steadily_to_the_lens_and_stops_at_once(tmp_path: Path) -> None:
    shown = ["RAT:20", "RAT:31"]
    video = webcam_file(tmp_path / "webcam.avi", shown)

    async def go() -> tuple[set[str], list[Any], WebcamFeed, vf.Lens]:
        appeared: set[str] = set()
        drawn: list[Any] = []
        registry = vf.Registry()
        lens = registry.open(
            None, lambda changes: appeared.update(c.component_id for c in changes if c.kind == "appeared")
        )
        feed = WebcamFeed(
            lens, drawn=lambda jpeg, size, answer: drawn.append((jpeg, size, answer)), source=str(video)
        )
        feed.start()
        deadline = time.monotonic() + 60
        while not (appeared >= set(shown) and drawn) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        feed.stop()
        for _ in range(50):
            if not feed.running:
                break
            await asyncio.sleep(0.1)
        return appeared, drawn, feed, lens

    appeared, drawn, feed, lens = asyncio.run(go())
    assert appeared >= set(shown), (appeared, feed.error)
    jpeg, size, answer = drawn[-1]
    assert jpeg[:2] == b"\xff\xd8" and size == (1280, 720)  # the preview's picture, of the whole frame
    assert (answer["w"], answer["h"]) == size and len(answer["marks"]) == 2  # each code outlined on it
    assert not feed.running and lens.frames >= 3  # closing released the camera


def test_a_webcam_that_is_not_there_closes_its_lens_with_the_reason(tmp_path: Path) -> None:
    async def go() -> tuple[vf.Lens, WebcamFeed]:
        lens = vf.Registry().open(None, lambda changes: None)
        feed = WebcamFeed(lens, source=str(tmp_path / "no-such-camera.avi"))
        feed.start()
        for _ in range(100):
            if lens.closed:
                break
            await asyncio.sleep(0.1)
        feed.stop()
        return lens, feed

    lens, feed = asyncio.run(go())
    assert lens.closed and "no camera at" in lens.why_closed, lens.why_closed
    said = camera_error(lens.why_closed, "fr")  # what the screen says about it, in its words
    assert said == "Caméra indisponible : aucune caméra sur cet appareil", said
    assert camera_error(lens.why_closed, "en") == "Camera unavailable: no camera on this device"


@pytest.mark.parametrize(
    "failure",
    [
        "camera: CameraException(CameraAccessDenied, Camera access permission was denied.)",
        "CameraException(CameraAccessRestricted, Camera access is restricted.)",
        "camera: no camera",
        "camera: this camera gives no frame stream",
        "camera: the camera gave no picture",
        "camera: NotAllowedError",
    ],
)
def test_a_camera_failure_is_said_in_the_screens_language_never_as_the_plugin_raised_it(failure: str) -> None:
    for lang in ("fr", "en"):
        said = camera_error(failure, lang)
        assert "Camera" not in said.split(":", 1)[1] and "camera:" not in said, said
        assert any(said.endswith(pair[0 if lang == "fr" else 1]) for pair in TEXTS.values()), said


def test_every_named_camera_failure_has_words_in_both_languages() -> None:
    for _needle, key in FAILURES:
        assert key in TEXTS and all(TEXTS[key]), key
    # a failure nobody named is shown as it came, behind the screen's words
    assert camera_error("camera: a lens fell off", "fr") == "Caméra indisponible : a lens fell off"
