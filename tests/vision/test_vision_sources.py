"""Frames from image files, video files, cameras and encoded bytes (a phone's camera control)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

import vision
from engine.core.codes import payload
from vision import SourceError, synth


@pytest.fixture(scope="module")
def scene() -> np.ndarray:
    frame, _ = synth.scene([payload("BLK:031"), payload("BLK:032"), "foreign text"], code_px=110, seed=12)
    return frame


def ids(reads: list[vision.Read]) -> list[str | None]:
    return sorted((r.component_id or r.raw) for r in reads)


@pytest.mark.parametrize("ext", [".jpg", ".png"])
def test_read_bytes_as_a_phone_delivers_them(scene: np.ndarray, ext: str) -> None:
    ok, data = cv2.imencode(ext, scene)
    assert ok
    assert ids(vision.read_bytes(data.tobytes())) == ["BLK:031", "BLK:032", "foreign text"]


def test_bad_bytes_are_a_clear_error() -> None:
    with pytest.raises(SourceError, match="not a JPEG/PNG"):
        vision.read_bytes(b"GIF89a but not really")
    with pytest.raises(SourceError, match="empty"):
        vision.read_bytes(b"")


def test_image_files_and_bad_paths(scene: np.ndarray, tmp_path: Path) -> None:
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), scene)
    assert ids(vision.read_file(path)) == ["BLK:031", "BLK:032", "foreign text"]
    with pytest.raises(SourceError, match="no such file"):
        vision.read_file(tmp_path / "missing.png")
    (tmp_path / "notes.png").write_text("not an image")
    with pytest.raises(SourceError, match="not an image"):
        vision.read_file(tmp_path / "notes.png")
    with pytest.raises(SourceError, match="directory"):
        vision.read_file(tmp_path)


def test_frames_from_a_video_file(scene: np.ndarray, tmp_path: Path) -> None:
    path = tmp_path / "table.avi"
    h, w = scene.shape[:2]
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (w, h))
    assert out.isOpened()
    for _ in range(4):
        out.write(scene)
    out.release()
    got = list(vision.frames(path))
    assert len(got) == 4
    assert ids(vision.read(got[-1])) == ["BLK:031", "BLK:032", "foreign text"]
    assert len(list(vision.frames(str(path), max_frames=2))) == 2


def test_frames_from_bytes_arrays_and_streams(scene: np.ndarray) -> None:
    jpeg = cv2.imencode(".jpg", scene)[1].tobytes()
    assert len(list(vision.frames(jpeg))) == 1
    assert list(vision.frames(scene))[0] is scene
    stream = list(vision.frames(iter([jpeg, jpeg, scene])))
    assert len(stream) == 3 and all(f.shape == scene.shape for f in stream)


def test_a_camera_that_does_not_open_is_a_clear_error() -> None:
    with pytest.raises(SourceError, match="cannot open camera 97"):
        next(vision.frames(97))


def test_unknown_sources_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="no such file"):
        next(vision.frames(tmp_path / "nothing.mp4"))
    with pytest.raises(SourceError, match="cannot read frames"):
        next(vision.frames(3.5))
    (tmp_path / "x.dat").write_bytes(b"\0" * 100)
    with pytest.raises(SourceError, match="neither an image nor a video"):
        next(vision.frames(tmp_path / "x.dat"))
