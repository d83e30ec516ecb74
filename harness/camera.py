"""A fake camera for Chromium made from our own printed sheets, photographed-looking.

Chromium started with ``--use-fake-device-for-media-stream --use-file-for-fake-video-capture=FILE`` gives
every page that asks for the camera the frames of ``FILE`` (a ``.mjpeg`` plays at 30 frames a second, a
``.y4m`` at its own rate), from its start each time a camera is opened, looping — and it reads the file again
at each opening, so a test rewrites it before the page opens its camera to show something else.

The pictures are the real printables: a set is built (:func:`printables.sets.build`), the page holding a
component is rendered with pypdfium2 around its code (:func:`piece`), and :func:`photo` lays pieces on a table
top the way a phone sees them — tilted, turned, a little perspective, blurred, noisy, JPEG-compressed
(:func:`vision.synth.degrade`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from printables.render import Options, Result
from printables.sets import build
from vision import synth

# which printed set holds a component, by the start of its id
SETS = (
    ("RAT:", "rattus-stickers"),
    ("RCL:", "rattus-classes"),
    ("RPP:", "rattus-pied-piper"),
    ("RCC:", "cartus"),
    ("PB:G", "board-gallia"),
    ("PB:H", "board-hispania"),
    ("PB:E", "board-aegyptus"),
    ("PB:A", "board-achaia"),
    ("PC:", "pandemie-cities"),
    ("PI:", "pandemie-propagation"),
    ("BLK:", "spares"),
)
MM_PER_PT = 25.4 / 72


@cache
def _built(set_name: str) -> Result:
    return build(set_name, Options())


def set_of(cid: str) -> str:
    for prefix, name in SETS:
        if cid.startswith(prefix):
            return name
    raise ValueError(f"no printed set known for {cid}")


@dataclass(frozen=True)
class Piece:
    """A component's printed code and what is around it: the picture (BGR), and the code's size in it (px)."""

    cid: str
    image: np.ndarray
    code_px: float  # the code's side (symbol, no quiet zone) in ``image``
    module_mm: float


def piece(cid: str, around_mm: float = 0.0, px_per_module: float = 8.0) -> Piece:
    """The printed page around ``cid``'s code, rendered so that a module is ``px_per_module`` pixels; the crop
    is ``around_mm`` wide (default: the code and as much again around it)."""
    result = _built(set_of(cid))
    placed = next((p for p in result.codes if p.component_id == cid), None)
    if placed is None:
        raise ValueError(f"{cid} is not printed in {result.set_name}")
    modules = synth.modules(placed.payload, "m")
    code_mm = modules * placed.module_mm
    if around_mm:
        side = around_mm
    elif placed.size_class == "card":
        side = 58.0  # most of a card
    elif result.set_name.startswith("board-"):
        side = 3.5 * code_mm  # the city and the roads around it
    else:
        side = max(2.0 * code_mm, code_mm + 8.0)  # a sticker or a token
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(result.pdf)
    try:
        page = doc[placed.page - 1]
        w_pt, h_pt = page.get_size()
        cx, cy = placed.centre_mm[0] / MM_PER_PT, placed.centre_mm[1] / MM_PER_PT  # from the bottom-left
        half = side / 2 / MM_PER_PT
        left, right = max(0.0, cx - half), max(0.0, w_pt - (cx + half))
        bottom, top = max(0.0, cy - half), max(0.0, h_pt - (cy + half))
        scale = px_per_module / placed.module_mm * MM_PER_PT
        img = page.render(scale=scale, crop=(left, bottom, right, top)).to_numpy()
    finally:
        doc.close()
    bgr = (
        cv2.cvtColor(img[..., :3], cv2.COLOR_RGB2BGR)
        if img.ndim == 3
        else cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    )
    return Piece(cid, np.ascontiguousarray(bgr), modules * px_per_module, placed.module_mm)


def _warp(scene: np.ndarray, img: np.ndarray, quad: np.ndarray) -> None:
    h, w = img.shape[:2]
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=np.float32)
    m = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
    size = (scene.shape[1], scene.shape[0])
    warped = cv2.warpPerspective(img, m, size, flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.full((h, w), 255, np.uint8), m, size, flags=cv2.INTER_LINEAR)
    alpha = (mask.astype(np.float32) / 255.0)[..., None]
    scene[:] = (scene * (1 - alpha) + warped * alpha).astype(np.uint8)


@dataclass(frozen=True)
class Look:
    """How a photo is taken: each code's side in the frame (px), how tilted and turned, and how sharp."""

    code_px: float = 150.0
    tilt_deg: float = 20.0
    turn_deg: float = 12.0
    blur_px: float = 2.0
    defocus: float = 0.6
    noise: float = 4.0
    jpeg: int = 85


def photo(
    cids: Sequence[str], look: Look = Look(), size: tuple[int, int] = (720, 1280), seed: int = 0
) -> np.ndarray:
    """A frame of ``size`` (height, width): every component's printed piece laid side by side on a table,
    each code about ``look.code_px`` pixels wide, tilted and turned, the whole blurred and noised."""
    rng = np.random.default_rng(seed)
    h, w = size
    scene = synth.table(h, w, rng)
    n = len(cids)
    cols = max(1, int(np.ceil(np.sqrt(n * w / h))))
    rows = max(1, int(np.ceil(n / cols)))
    for i, cid in enumerate(cids):
        pc = piece(cid)
        k = look.code_px / pc.code_px  # the piece's scale in the frame
        ph, pw = pc.image.shape[0] * k, pc.image.shape[1] * k
        r, c = divmod(i, cols)
        centre = np.array([(c + 0.5) * w / cols, (r + 0.5) * h / rows]) + rng.uniform(-0.05, 0.05, 2) * (
            w / cols,
            h / rows,
        )
        turn = np.deg2rad(rng.uniform(-look.turn_deg, look.turn_deg))
        tilt = np.deg2rad(rng.uniform(0, look.tilt_deg))
        square = np.array([[-pw / 2, -ph / 2], [pw / 2, -ph / 2], [pw / 2, ph / 2], [-pw / 2, ph / 2]])
        square[:2, 0] *= 1 - 0.5 * (1 - np.cos(tilt))  # the far edge a little shorter (seen obliquely)
        square[:, 1] *= np.cos(tilt)
        rot = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
        _warp(scene, pc.image, square @ rot.T + centre)
    cond = synth.Conditions(
        blur_px=look.blur_px, defocus=look.defocus, noise=look.noise, jpeg=look.jpeg, tilt_deg=0
    )
    return synth.degrade(scene, cond, rng)


def table_only(size: tuple[int, int] = (720, 1280), seed: int = 0) -> np.ndarray:
    """A frame of the table with nothing on it."""
    rng = np.random.default_rng(seed)
    return synth.degrade(synth.table(*size, rng), synth.Conditions(noise=4.0, jpeg=85), rng)


def with_text(frame: np.ndarray, text: str, where: tuple[int, int] = (40, 60)) -> np.ndarray:
    """``frame`` with a foreign QR code holding ``text`` stuck on it (a box's product code, a web address)."""
    code = synth.code_image(text, module_px=5, quiet=4)
    out = frame.copy()
    y, x = where
    h, w = code.shape
    out[y : y + h, x : x + w] = cv2.cvtColor(code, cv2.COLOR_GRAY2BGR)
    return out


def marked(frame: np.ndarray, shown: bool) -> np.ndarray:
    """``frame`` with a 32×32 square in its top-left corner, black while something is shown, white while not:
    a page reading its video's pixels tells when each show began (the benchmark's clock)."""
    out = frame.copy()
    out[0:32, 0:32] = 0 if shown else 255
    return out


def write_mjpeg(path: Path, frames: Sequence[np.ndarray], quality: int = 88) -> Path:
    """``frames`` as a Motion-JPEG file (Chromium plays it at 30 frames a second, looping)."""
    tmp = path.with_suffix(".part")
    with open(tmp, "wb") as f:
        for fr in frames:
            ok, enc = cv2.imencode(".jpg", fr, [cv2.IMWRITE_JPEG_QUALITY, quality])
            if not ok:  # pragma: no cover - OpenCV always encodes a uint8 frame
                raise RuntimeError("JPEG encoding failed")
            f.write(enc.tobytes())
    tmp.replace(path)  # a camera opening meanwhile reads the old file or the new one, never half of one
    return path


def write_y4m(path: Path, frames: Sequence[np.ndarray], fps: int = 10) -> Path:
    """``frames`` as a YUV4MPEG2 file at ``fps`` frames a second (4:2:0)."""
    h, w = frames[0].shape[:2]
    tmp = path.with_suffix(".part")
    with open(tmp, "wb") as f:
        f.write(f"YUV4MPEG2 W{w} H{h} F{fps}:1 Ip A1:1 C420jpeg\n".encode())
        for fr in frames:
            f.write(b"FRAME\n")
            f.write(cv2.cvtColor(fr, cv2.COLOR_BGR2YUV_I420).tobytes())
    tmp.replace(path)
    return path


def still(path: Path, frame: np.ndarray, seconds: float = 1.0) -> Path:
    """A camera file showing ``frame`` (a few slightly different copies: a real camera's noise)."""
    rng = np.random.default_rng(1)
    n = max(2, round(30 * seconds))
    frames = [
        np.clip(frame.astype(np.int16) + rng.integers(-2, 3, frame.shape), 0, 255).astype(np.uint8)
        for _ in range(min(n, 6))
    ]
    return write_mjpeg(path, [frames[i % len(frames)] for i in range(n)])


def chromium_args(path: Path) -> list[str]:
    """Chromium's arguments for a fake camera showing ``path`` (the browser grants it without asking)."""
    return [
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={path}",
    ]


__all__ = ["Look", "Piece", "chromium_args", "marked", "photo", "piece", "still", "table_only", "with_text"]
