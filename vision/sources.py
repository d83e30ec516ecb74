"""Where frames come from: image files, video files, cameras, and encoded bytes from a phone's camera."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from .reader import Read, read


class SourceError(ValueError):
    """A source that cannot be read (missing file, not an image, camera that does not open...)."""


VIDEO_SUFFIXES = frozenset({".mp4", ".m4v", ".mov", ".avi", ".mkv", ".webm", ".mpg", ".mpeg", ".wmv", ".ogv"})


def decode_bytes(data: bytes | bytearray | memoryview) -> np.ndarray:
    """A BGR frame from encoded image bytes (JPEG, PNG, WebP, BMP...)."""
    buf = np.frombuffer(bytes(data), dtype=np.uint8)
    if buf.size == 0:
        raise SourceError("empty image data")
    frame = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    if frame is None:
        head = bytes(data[:8])
        raise SourceError(
            f"image data ({len(buf)} bytes, starting {head!r}) is not a JPEG/PNG image OpenCV can decode"
        )
    return frame


def load_image(path: str | os.PathLike[str]) -> np.ndarray:
    """A BGR frame from an image file, or :class:`SourceError` saying why not."""
    p = Path(path)
    if not p.exists():
        raise SourceError(f"{path}: no such file")
    if p.is_dir():
        raise SourceError(f"{path}: is a directory, not an image")
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise SourceError(f"{path}: cannot read ({exc.strerror or exc})") from exc
    try:
        return decode_bytes(data)
    except SourceError:
        raise SourceError(f"{path}: not an image OpenCV can decode") from None


def read_bytes(data: bytes | bytearray | memoryview) -> list[Read]:
    """Every code in an encoded image (JPEG/PNG bytes as a phone camera control delivers them)."""
    return read(decode_bytes(data))


def read_file(path: str | os.PathLike[str]) -> list[Read]:
    """Every code in an image file."""
    return read(load_image(path))


def _capture(cap: Any, what: str, max_frames: int | None) -> Iterator[np.ndarray]:
    if not cap.isOpened():
        cap.release()
        raise SourceError(f"cannot open {what}")
    try:
        n = 0
        while max_frames is None or n < max_frames:
            ok, frame = cap.read()
            if not ok or frame is None:
                return
            n += 1
            yield frame
    finally:
        cap.release()


def frames(source: Any, *, max_frames: int | None = None) -> Iterator[np.ndarray]:
    """BGR frames from a source:

    - ``int``: a camera (``cv2.VideoCapture`` index), until it stops delivering;
    - ``str`` / ``Path``: an image file (one frame) or a video file (every frame);
    - ``bytes``: one encoded image (JPEG/PNG);
    - a numpy array: that frame;
    - any other iterable: each item as above (e.g. a stream of JPEG bytes from a phone).
    """
    if isinstance(source, bool):
        raise SourceError("a source cannot be a boolean")
    if isinstance(source, int):
        yield from _capture(cv2.VideoCapture(source), f"camera {source}", max_frames)
        return
    if isinstance(source, np.ndarray):
        yield source
        return
    if isinstance(source, bytes | bytearray | memoryview):
        yield decode_bytes(source)
        return
    if isinstance(source, str | os.PathLike):
        p = Path(source)
        if not p.exists():
            raise SourceError(f"{source}: no such file")
        if p.suffix.lower() not in VIDEO_SUFFIXES:
            try:
                yield load_image(p)
                return
            except SourceError:
                pass  # maybe a video with an unusual name
        cap = cv2.VideoCapture(str(p))
        if not cap.isOpened():
            cap.release()
            raise SourceError(f"{source}: neither an image nor a video OpenCV can open")
        yield from _capture(cap, str(source), max_frames)
        return
    if isinstance(source, Iterable):
        n = 0
        for item in source:
            if max_frames is not None and n >= max_frames:
                return
            for frame in frames(item):
                n += 1
                yield frame
        return
    raise SourceError(f"cannot read frames from a {type(source).__name__}")
