"""Scan helpers for the app: from a picture's bytes or one frame to component ids.

The live camera is the viewfinder (:mod:`companion.viewfinder`, :mod:`companion.ui.viewfinder`): frames from a
browser's page, the phone app's stream or a desktop's webcam, read continuously. These helpers read one
picture (:func:`read_image_bytes`: an uploaded photo's JPEG/PNG bytes) or one BGR frame (:func:`read_frame`).

Decoding is ``vision``'s job (``vision.read`` / ``vision.read_bytes``); OpenCV and vision are imported
only when a scan happens, so the app starts without paying for them. What comes back is a list of
:class:`Scan` (our codes first); foreign codes are reported, never guessed into a component.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import codes

Scan = codes.Parsed
"""One code read: ``raw`` text, ``component_id`` (None when foreign) and the ``reason`` it is foreign."""


class CameraError(RuntimeError):
    """No camera, or no picture from it (the message says which)."""


def _from_reads(reads: Sequence[Any]) -> list[Scan]:
    out: list[Scan] = []
    seen: set[str] = set()
    for r in reads:
        raw = str(getattr(r, "raw", "") or "")
        cid = getattr(r, "component_id", None)
        reason = "" if cid else (getattr(r, "reason", "") or codes.parse(raw).reason or "foreign code")
        key = cid or raw
        if key in seen:
            continue
        seen.add(key)
        out.append(Scan(raw, cid, reason))
    out.sort(key=lambda s: s.foreign)
    return out


def scans_of(reads: Sequence[Any]) -> list[Scan]:
    """``vision`` reads (a viewfinder's frame) as scans: ours first, each code once."""
    return _from_reads(reads)


def read_image_bytes(data: bytes) -> list[Scan]:
    """Codes in a JPEG/PNG picture (from ``flet-camera``'s ``take_picture`` or an uploaded file)."""
    if not data:
        raise CameraError("the picture is empty")
    try:
        import vision
    except ImportError as exc:
        raise CameraError(f"the vision package is not available ({exc})") from exc
    read_bytes = getattr(vision, "read_bytes", None)
    try:
        if read_bytes is not None:
            reads = read_bytes(data)
        else:  # an older vision without read_bytes: decode the picture ourselves
            import cv2
            import numpy as np

            frame = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
            if frame is None:
                raise ValueError("not a JPEG or PNG picture")
            reads = _vision_read()(frame)
    except ValueError as exc:
        raise CameraError(f"the picture cannot be read ({exc})") from exc
    return _from_reads(reads)


def _vision_read() -> Any:
    import vision

    fn = getattr(vision, "read", None)
    if fn is None:
        from vision.reader import read as fn
    return fn


def read_frame(frame: Any) -> list[Scan]:
    """Codes in one BGR frame (a numpy array)."""
    return _from_reads(_vision_read()(frame))


def flet_camera_module() -> Any | None:
    """``flet_camera`` when installed (phones and browsers), else ``None``."""
    try:
        import flet_camera
    except ImportError:
        return None
    return flet_camera
