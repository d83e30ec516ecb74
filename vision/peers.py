"""The plain decoders ``vision`` is measured against (``benchmarks/vision.py``, tests).

Each takes a frame and returns the decoded texts. OpenCV's detectors can kill the process (a segfault
on ``qrcode-2/31.png``) or raise on odd payloads, so call them through :func:`isolated` only.
"""

from __future__ import annotations

import cv2
import numpy as np
import zxingcpp

from .isolate import Worker


def _texts(values: object) -> list[str]:
    out: list[str] = []
    for v in values or ():  # type: ignore[union-attr]
        if isinstance(v, bytes | bytearray):
            text = bytes(v).decode("utf-8", errors="replace")
        else:
            text = str(v)
        if text:
            out.append(text)
    return out


def zxing_plain(frame: np.ndarray) -> list[str]:
    """zxing-cpp with its defaults (QR only, text kept as encoded)."""
    found = zxingcpp.read_barcodes(
        frame, formats=zxingcpp.BarcodeFormat.QRCode, text_mode=zxingcpp.TextMode.Plain
    )
    return [b.text for b in found if b.valid]


def opencv_plain(frame: np.ndarray) -> list[str]:
    """OpenCV's ``QRCodeDetector`` (multi-code, bytes variant). Run it in a :class:`Worker`."""
    det = cv2.QRCodeDetector()
    try:
        ok, texts, _points, _ = det.detectAndDecodeBytesMulti(frame)
    except cv2.error:
        return []
    return _texts(texts) if ok else []


def opencv_aruco(frame: np.ndarray) -> list[str]:
    """OpenCV's ``QRCodeDetectorAruco`` (multi-code, bytes variant). Run it in a :class:`Worker`."""
    det = cv2.QRCodeDetectorAruco()
    try:
        ok, texts, _points, _ = det.detectAndDecodeBytesMulti(frame)
    except cv2.error:
        return []
    return _texts(texts) if ok else []


def isolated(fn: object, timeout: float = 20.0) -> Worker:
    """A worker process running one of the functions above."""
    return Worker(fn, timeout=timeout)  # type: ignore[arg-type]
