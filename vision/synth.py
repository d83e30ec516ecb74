"""Synthetic table scenes: QR codes rendered with segno and put on a table the way a camera sees them.

Used by the tests and by ``benchmarks/vision.py``, and handy to check a camera setup: every code is
warped (in-plane rotation, tilt up to 45°, a little perspective), and the whole frame can be blurred
(motion), darkened (a tent at dusk), lit by a lamp (glare), noised and JPEG-compressed. Everything is
driven by a seeded ``numpy.random.Generator`` so a scene is reproducible.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import segno

from .reach import Camera as Camera  # the camera model (vision.reach), for scenes at a distance


def code_image(text: str, module_px: int = 4, quiet: int = 4, error: str = "m") -> np.ndarray:
    """A grayscale (uint8) image of a QR code (never Micro QR) for ``text``, ``module_px`` pixels per
    module."""
    qr = segno.make_qr(text, error=error, boost_error=True)
    matrix = np.array([list(row) for row in qr.matrix], dtype=np.uint8)
    img = np.where(matrix > 0, 0, 255).astype(np.uint8)
    img = np.pad(img, quiet, constant_values=255)
    return cv2.resize(img, None, fx=module_px, fy=module_px, interpolation=cv2.INTER_NEAREST)


def modules(text: str, error: str = "m") -> int:
    """Modules per side of the code segno makes for ``text`` (21 for version 1)."""
    return int(segno.make_qr(text, error=error, boost_error=True).symbol_size(scale=1, border=0)[0])


@dataclass(frozen=True)
class Placed:
    text: str
    corners: np.ndarray  # (4, 2) float32: the symbol's top-left, top-right, bottom-right, bottom-left


@dataclass(frozen=True)
class Conditions:
    """How hard a scene is. Defaults: a camera-like frame, readable by a good reader."""

    tilt_deg: float = 35.0  # maximum tilt of a code out of the image plane
    perspective: float = 0.04  # random corner jitter, as a fraction of the code size
    blur_px: float = 3  # motion-blur length in pixels (0 = none; a fraction weighs the kernel's ends)
    noise: float = 6.0  # standard deviation of Gaussian noise, in grey levels
    jpeg: int = 80  # JPEG quality (0 = no compression)
    brightness: float = 1.0  # < 1 darkens (dim tent)
    glare: float = 0.0  # 0..1 strength of a lamp's bright spot
    contrast: float = 1.0  # < 1 washes the print out
    tilt_min_deg: float = 0.0  # minimum tilt (the tilt is drawn between this and ``tilt_deg``)
    defocus: float = 0.0  # Gaussian blur sigma in pixels (an out-of-focus lens)
    keystone: float = 1.0  # < 1: each code's far edge is this fraction of its near edge (seen obliquely)


def _quad(rng: np.random.Generator, center: np.ndarray, size: float, cond: Conditions) -> np.ndarray:
    angle = rng.uniform(0, 2 * np.pi)
    tilt = np.deg2rad(rng.uniform(cond.tilt_min_deg, cond.tilt_deg))
    tilt_dir = rng.uniform(0, np.pi)
    half = size / 2
    square = np.array([[-half, -half], [half, -half], [half, half], [-half, half]], dtype=np.float64)
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    if cond.keystone != 1.0:  # a trapezoid: the top edge (away from the camera) shrunk about its middle
        square[:2, 0] *= cond.keystone
        square[:, 1] *= (1 + cond.keystone) / 2
    pts = square @ rot.T
    # foreshorten along tilt_dir by cos(tilt): what a 'tilt' degrees slant looks like from afar
    d = np.array([np.cos(tilt_dir), np.sin(tilt_dir)])
    along = pts @ d
    pts = pts - np.outer(along * (1 - np.cos(tilt)), d)
    pts += rng.normal(0, cond.perspective * size, pts.shape)
    return (pts + center).astype(np.float32)


def table(height: int, width: int, rng: np.random.Generator) -> np.ndarray:
    """A wood-ish, uneven table top (BGR)."""
    low = rng.uniform(0, 1, (max(2, height // 40), max(2, width // 40))).astype(np.float32)
    low = cv2.resize(low, (width, height), interpolation=cv2.INTER_CUBIC)
    streaks = cv2.resize(rng.uniform(0, 1, (height, max(2, width // 60))).astype(np.float32), (width, height))
    base = 90 + 50 * low + 25 * streaks
    bgr = np.stack([base * 0.55, base * 0.75, base], axis=-1)
    return np.clip(bgr, 0, 255).astype(np.uint8)


def paste(scene: np.ndarray, code: np.ndarray, quad: np.ndarray, quiet_px: int) -> np.ndarray:
    """Warp ``code`` (grayscale, with its quiet zone) so that its symbol lands on ``quad``; returns the
    quad of the whole pasted image (quiet zone included)."""
    h, w = code.shape
    q = quiet_px
    src_symbol = np.array([[q, q], [w - q, q], [w - q, h - q], [q, h - q]], dtype=np.float32)
    m = cv2.getPerspectiveTransform(src_symbol, quad.astype(np.float32))
    size = (scene.shape[1], scene.shape[0])
    warped = cv2.warpPerspective(code, m, size, flags=cv2.INTER_AREA, borderValue=255)
    mask = cv2.warpPerspective(np.full_like(code, 255), m, size, flags=cv2.INTER_LINEAR, borderValue=0)
    alpha = (mask.astype(np.float32) / 255.0)[..., None]
    paper = np.array([230, 235, 238], dtype=np.float32)  # slightly warm white card
    ink = warped.astype(np.float32)[..., None] / 255.0 * paper
    scene[:] = (scene * (1 - alpha) + ink * alpha).astype(np.uint8)
    full = np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=np.float32)
    return cv2.perspectiveTransform(full[None], m)[0]


def degrade(img: np.ndarray, cond: Conditions, rng: np.random.Generator) -> np.ndarray:
    out = img.astype(np.float32)
    h, w = out.shape[:2]
    if cond.contrast != 1.0:
        out = 128 + (out - 128) * cond.contrast
    if cond.blur_px and cond.blur_px > 1:
        n = int(cond.blur_px)
        if n != cond.blur_px:  # a fractional length: the next odd size, ends weighted to make it up
            n = int(np.ceil(cond.blur_px)) | 1
        k = np.zeros((n, n), np.float32)
        k[n // 2, :] = 1.0
        if n != cond.blur_px:
            k[n // 2, 0] = k[n // 2, -1] = (cond.blur_px - (n - 2)) / 2
        rot = cv2.getRotationMatrix2D(((n - 1) / 2, (n - 1) / 2), rng.uniform(0, 180), 1.0)
        k = cv2.warpAffine(k, rot, k.shape)
        k /= max(k.sum(), 1e-6)
        out = cv2.filter2D(out, -1, k)
    if cond.defocus > 0:
        out = cv2.GaussianBlur(out, (0, 0), cond.defocus)
    if cond.brightness != 1.0:
        out *= cond.brightness
    if cond.glare > 0:
        cy, cx = rng.uniform(0.2, 0.8) * h, rng.uniform(0.2, 0.8) * w
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        r2 = ((yy - cy) ** 2 + (xx - cx) ** 2) / (0.25 * min(h, w)) ** 2
        spot = 255 * cond.glare * np.exp(-r2)
        out = out + (spot[..., None] if out.ndim == 3 else spot)
    if cond.noise > 0:
        out += rng.normal(0, cond.noise, out.shape).astype(np.float32)
    out8 = np.clip(out, 0, 255).astype(np.uint8)
    if cond.jpeg:
        ok, enc = cv2.imencode(".jpg", out8, [cv2.IMWRITE_JPEG_QUALITY, int(cond.jpeg)])
        if not ok:  # pragma: no cover - OpenCV always encodes a uint8 image
            raise RuntimeError("JPEG encoding failed")
        out8 = cv2.imdecode(enc, cv2.IMREAD_UNCHANGED)
    return out8


def scene(
    texts: Sequence[str],
    code_px: float | tuple[float, float] = 80.0,
    size: tuple[int, int] = (720, 1280),
    cond: Conditions | None = None,
    seed: int = 0,
    quiet: int = 2,
) -> tuple[np.ndarray, list[Placed]]:
    """A BGR frame of ``size`` (height, width) with every text as a QR code about ``code_px`` pixels wide
    (symbol only; a (low, high) pair draws each code's size between them), laid on a jittered grid.
    Returns the frame and where each code is."""
    cond = cond or Conditions()
    rng = np.random.default_rng(seed)
    sizes: tuple[float, float] | None = None
    if isinstance(code_px, tuple):
        sizes = (float(code_px[0]), float(code_px[1]))
        code_px = sizes[1]
    h, w = size
    img = table(h, w, rng)
    n = len(texts)
    cols = min(n, max(1, int(np.ceil(np.sqrt(n * w / h)))))
    rows = max(1, int(np.ceil(n / cols)))
    cell_w, cell_h = w / cols, h / rows
    if min(cell_w, cell_h) < code_px * 1.25:
        raise ValueError(f"{n} codes of {code_px:.0f} px do not fit in a {w}x{h} frame")
    placed: list[Placed] = []
    for i, text in enumerate(texts):
        r, c = divmod(i, cols)
        slack_x, slack_y = (cell_w - code_px * 1.3) / 2, (cell_h - code_px * 1.3) / 2
        center = np.array(
            [
                (c + 0.5) * cell_w + rng.uniform(-slack_x, slack_x),
                (r + 0.5) * cell_h + rng.uniform(-slack_y, slack_y),
            ]
        )
        mod = modules(text)
        px = code_px if sizes is None else float(rng.uniform(*sizes))
        module_px = max(2, int(np.ceil(px / mod)) * 2)  # render finely, then shrink while warping
        code = code_image(text, module_px=module_px, quiet=quiet)
        quad = _quad(rng, center, px, cond)
        paste(img, code, quad, quiet * module_px)
        placed.append(Placed(text, quad))
    return degrade(img, cond, rng), placed


# --- named benchmark cases ------------------------------------------------------------------------------

HD = (720, 1280)
FULL_HD = (1080, 1920)


@dataclass(frozen=True)
class Case:
    """A family of seeded scenes: frame size, pixels per module (range), codes per frame, and conditions
    whose fields may be (low, high) ranges drawn per frame."""

    size: tuple[int, int]
    module_px: tuple[float, float]
    codes: int
    cond: dict[str, float | tuple[float, float]]


_CALM: dict[str, float | tuple[float, float]] = {"tilt_deg": 25.0, "blur_px": 0, "noise": 4.0, "jpeg": 85}


def _with(**kw: float | tuple[float, float]) -> dict[str, float | tuple[float, float]]:
    return {**_CALM, **kw}


CASES: dict[str, Case] = {
    # per-module size buckets, the same scenes at 720p and 1080p
    **{
        f"{label} module {lo:g}-{hi:g}px": Case(size, (lo, hi), n, _CALM)
        for label, size in (("720p", HD), ("1080p", FULL_HD))
        for lo, hi, n in ((1.2, 1.7, 30), (1.7, 2.5, 30), (2.5, 3.5, 24), (3.5, 5.0, 16))
    },
    # one hard condition each, mid-size codes in 720p frames
    "motion blur 2.5-3px": Case(HD, (2.5, 4.0), 20, _with(blur_px=(2.5, 3.0))),
    "defocus sigma 0.8-1.0": Case(HD, (2.0, 3.5), 20, _with(defocus=(0.8, 1.0))),
    "tilt 30-40deg": Case(HD, (2.0, 3.5), 20, _with(tilt_min_deg=30.0, tilt_deg=40.0)),
    "foreshortening 0.6-0.75": Case(HD, (2.0, 3.5), 20, _with(keystone=(0.6, 0.75), tilt_deg=0.0)),
    "glare": Case(HD, (2.5, 4.0), 20, _with(glare=(0.6, 0.9), brightness=0.7)),
    # the same conditions on larger codes (a card at arm's length), fewer per frame
    "motion blur 2.5-3px, large": Case(HD, (4.0, 6.0), 12, _with(blur_px=(2.5, 3.0))),
    "defocus sigma 0.8-1.0, large": Case(HD, (4.0, 6.0), 12, _with(defocus=(0.8, 1.0))),
    "tilt 30-40deg, large": Case(HD, (4.0, 6.0), 12, _with(tilt_min_deg=30.0, tilt_deg=40.0)),
    "foreshortening 0.6-0.75, large": Case(HD, (4.0, 6.0), 12, _with(keystone=(0.6, 0.75), tilt_deg=0.0)),
}


def case_scene(name: str, seed: int, texts: Sequence[str]) -> tuple[np.ndarray, list[Placed]]:
    """One seeded frame of the benchmark case ``name`` with the first ``CASES[name].codes`` texts."""
    if name not in CASES:
        raise ValueError(f"unknown case {name!r}: choose one of {', '.join(CASES)}")
    case = CASES[name]
    if len(texts) < case.codes:
        raise ValueError(f"case {name!r} needs {case.codes} texts, got {len(texts)}")
    rng = np.random.default_rng(seed)
    fields = {k: (float(rng.uniform(*v)) if isinstance(v, tuple) else v) for k, v in case.cond.items()}
    chosen = list(texts[: case.codes])
    mods = modules(chosen[0])
    return scene(
        chosen,
        code_px=(case.module_px[0] * mods, case.module_px[1] * mods),
        size=case.size,
        cond=Conditions(**fields),
        seed=seed,
    )  # type: ignore[arg-type]


# --- photographs of our own printed sheets --------------------------------------------------------------


@dataclass(frozen=True)
class Printed:
    """A code on a rendered page: its text, its centre and its symbol's side (quiet zone excluded), in the
    page image's pixels."""

    text: str
    centre: tuple[float, float]
    side: float


def render_page(pdf: bytes, page: int, dpi: float) -> np.ndarray:
    """Page ``page`` (1-based) of a PDF as a BGR image at ``dpi`` (pypdfium2)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        bitmap = doc[page - 1].render(scale=dpi / 72.0)
        img = bitmap.to_numpy()
        mode = bitmap.mode
    finally:
        doc.close()
    if img.ndim == 2:
        return cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    if mode in ("BGRA", "BGRX"):
        return np.ascontiguousarray(img[:, :, :3])
    if mode in ("RGBA", "RGBX"):
        return cv2.cvtColor(img, cv2.COLOR_RGBA2BGR)
    if mode == "RGB":
        return cv2.cvtColor(img, cv2.COLOR_RGB2BGR)
    return np.ascontiguousarray(img[:, :, :3])  # BGR


def printed(result: Any, page: int, dpi: float) -> list[Printed]:
    """The codes a :class:`printables.render.Result` placed on page ``page`` (1-based), in the pixels of
    that page rendered at ``dpi`` (:func:`render_page`)."""
    import pypdfium2 as pdfium

    from printables import qr

    doc = pdfium.PdfDocument(result.pdf)
    try:
        h_mm = doc[page - 1].get_size()[1] * 25.4 / 72.0
    finally:
        doc.close()
    k = dpi / 25.4
    return [
        Printed(
            p.payload,
            (p.centre_mm[0] * k, (h_mm - p.centre_mm[1]) * k),
            qr.modules(p.payload, p.size_class) * p.module_mm * k,
        )
        for p in result.codes
        if p.page == page
    ]


def _symbol_quad(code: Printed) -> np.ndarray:
    (x, y), h = code.centre, code.side / 2
    return np.array([[x - h, y - h], [x + h, y - h], [x + h, y + h], [x - h, y + h]], dtype=np.float32)


def _overlay(frame: np.ndarray, src: np.ndarray, m: np.ndarray, mask: np.ndarray | None = None) -> None:
    """Warp BGR ``src`` by the homography ``m`` onto ``frame`` (in place), antialiased at its edges;
    ``mask`` (uint8, ``src``'s size) keeps only part of it (a round token)."""
    size = (frame.shape[1], frame.shape[0])
    warped = cv2.warpPerspective(src, m, size, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    inside = np.full(src.shape[:2], 255, np.uint8) if mask is None else mask
    alpha = cv2.warpPerspective(inside, m, size, flags=cv2.INTER_LINEAR, borderValue=0)
    a = (alpha.astype(np.float32) / 255.0)[..., None]
    frame[:] = (frame * (1 - a) + warped * a).astype(np.uint8)


def _paper(img: np.ndarray) -> np.ndarray:
    """A rendered page as printed paper looks to a camera: white is a slightly warm off-white."""
    return (img.astype(np.float32) * (np.array([230, 235, 238], np.float32) / 255.0)).astype(np.uint8)


def sheet_photo(
    page: np.ndarray,
    codes: Sequence[Printed],
    size: tuple[int, int] = HD,
    fill: float = 0.95,
    cond: Conditions | None = None,
    seed: int = 0,
    keystone: float = 0.9,
    turn_deg: float = 6.0,
) -> tuple[np.ndarray, list[Placed]]:
    """A whole rendered page photographed lying on the table: its long side ``fill`` of the frame's height
    (landscape frame, portrait sheet), turned up to ``turn_deg`` and seen obliquely (its far edge
    ``keystone`` of its near edge), then degraded by ``cond`` (blur, noise, JPEG...). Returns the frame and
    where each code landed."""
    cond = cond or Conditions()
    rng = np.random.default_rng(seed)
    h, w = size
    ph, pw = page.shape[:2]
    frame = table(h, w, rng)
    sh = fill * h
    sw = sh * pw / ph
    if sw > 0.98 * w:  # a landscape page: fit its width instead
        sw = fill * w
        sh = sw * ph / pw
    quad = np.array([[-sw / 2, -sh / 2], [sw / 2, -sh / 2], [sw / 2, sh / 2], [-sw / 2, sh / 2]], np.float64)
    quad[:2, 0] *= keystone  # the far (top) edge shrunk about its middle, as seen from a seat
    quad[:, 1] *= (1 + keystone) / 2
    a = np.deg2rad(rng.uniform(-turn_deg, turn_deg))
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    centre = np.array([w / 2 + rng.uniform(-0.02, 0.02) * w, h / 2 + rng.uniform(-0.02, 0.02) * h])
    dst = (quad @ rot.T + centre).astype(np.float32)
    src = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32)
    m = cv2.getPerspectiveTransform(src, dst)
    _overlay(frame, _paper(page), m)
    placed = [Placed(c.text, cv2.perspectiveTransform(_symbol_quad(c)[None], m)[0]) for c in codes]
    return degrade(frame, cond, rng), placed


def pieces_photo(
    page: np.ndarray,
    codes: Sequence[Printed],
    piece_px: float,
    frame_px: float,
    size: tuple[int, int] = HD,
    cond: Conditions | None = None,
    seed: int = 0,
    round_pieces: bool = True,
) -> tuple[np.ndarray, list[Placed]]:
    """Pieces cut out of a rendered page (a disc, or a square, ``piece_px`` across in the page's pixels,
    centred on each code) and laid on the table ``frame_px`` across, each turned at random and tilted as
    ``cond`` says (``tilt_deg``, ``perspective``), on a jittered grid; then the frame is degraded by
    ``cond``. Returns the frame and where each code landed."""
    cond = cond or Conditions()
    rng = np.random.default_rng(seed)
    h, w = size
    frame = table(h, w, rng)
    n = len(codes)
    cols = min(n, max(1, int(np.ceil(np.sqrt(n * w / h)))))
    rows = max(1, int(np.ceil(n / cols)))
    cell_w, cell_h = w / cols, h / rows
    if min(cell_w, cell_h) < frame_px * 1.05:
        raise ValueError(f"{n} pieces of {frame_px:.0f} px do not fit in a {w}x{h} frame")
    paper = _paper(page)
    r = int(np.ceil(piece_px / 2))
    mask = np.zeros((2 * r, 2 * r), np.uint8)
    if round_pieces:
        cv2.circle(mask, (r, r), r, 255, -1, cv2.LINE_AA)
    else:
        mask[:] = 255
    placed: list[Placed] = []
    for i, code in enumerate(codes):
        row, col = divmod(i, cols)
        slack_x, slack_y = (cell_w - frame_px * 1.05) / 2, (cell_h - frame_px * 1.05) / 2
        centre = np.array(
            [
                (col + 0.5) * cell_w + rng.uniform(-slack_x, slack_x),
                (row + 0.5) * cell_h + rng.uniform(-slack_y, slack_y),
            ]
        )
        cx, cy = (int(round(v)) for v in code.centre)
        crop = cv2.copyMakeBorder(
            paper[max(0, cy - r) : cy + r, max(0, cx - r) : cx + r],
            max(0, r - cy),
            max(0, cy + r - paper.shape[0]),
            max(0, r - cx),
            max(0, cx + r - paper.shape[1]),
            cv2.BORDER_REPLICATE,
        )
        quad = _quad(rng, centre, frame_px, cond)  # where the piece's square lands
        src = np.array([[0, 0], [2 * r, 0], [2 * r, 2 * r], [0, 2 * r]], np.float32)
        m = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
        _overlay(frame, crop, m, mask)
        sym = _symbol_quad(Printed(code.text, (code.centre[0] - cx + r, code.centre[1] - cy + r), code.side))
        placed.append(Placed(code.text, cv2.perspectiveTransform(sym[None], m)[0]))
    return degrade(frame, cond, rng), placed
