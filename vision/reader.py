"""Read every QR code in a frame: zxing-cpp for decoding, OpenCV for image work.

Why zxing-cpp and not OpenCV's detectors: measured here (see ``benchmarks/vision.py``), zxing-cpp reads
more codes on every folder of the public photo set and on synthetic table frames, at a fraction of the
time; OpenCV's ``QRCodeDetector`` has been seen to segfault the whole process on one public photo
(``qrcode-2/31.png``; not reproduced with the OpenCV 5.0 build installed here) and its text variants raise
on non-UTF-8 payloads. OpenCV's detectors are therefore only a benchmark peer, run in a subprocess.

One frame goes through a fixed cascade of passes (results are merged; a code found twice is kept once):

1. frames up to ~1.1 megapixel (a 1280×720 camera frame): the grey frame enlarged 2×, zxing's
   local-average binarizer: alone it reads the most on every set measured (codes down to ~2.5 pixels per
   module, blurred codes, and big codes too). Only its parts with some contrast are enlarged and read
   (each patch with a margin, :func:`_up_boxes`), unless they cover half the frame: on a table with 20
   codes that is ~40% of the pixels, and the same codes read. Larger frames (phone photos) are read at
   full resolution with zxing's own downscaled copies, then every small *textured region* (a cheap
   gradient-energy map at half resolution: codes of ~25–150 px that nothing read yet) is cropped and read
   enlarged 4× (bicubic): small codes (1.2–2.5 px per module) read at least as well as with the whole frame
   enlarged, at a third of the time. Both also return *candidates*: codes whose finder patterns were
   found but whose data did not decode. A small region's candidate gets its module grid fitted to the
   pixels (:mod:`vision.grid`: below ~2 px per module zxing's grid is off by a fraction of a module).
   In small frames, the textured regions left unread are then read enlarged 1.5× (the module grid
   sampled at another phase reads some tilted or blurred codes that 2× misses), and those still unread
   enlarged 4× as in large frames (rat tokens of ~1.5 px per module a little out of focus: 5 of 36 read
   without it, 24 with it);
2. the darkest colour channel, zxing's global-histogram binarizer (coloured ink on coloured card,
   washed-out prints);
3. the frame halved, global histogram, light-on-dark allowed (photo-textured and inverted codes);
   (Passes 2 and 3 read the frame with the codes read so far painted out, :func:`_masked`: a code is not
   found and decoded again.)
4. each candidate left over (at most 16; not one around a code read, nor a thin sliver: zxing pairs
   finder patterns of neighbouring codes into such phantom codes, which never decode): under 3 px per
   module, its grid fitted (as above); else, or if that fails, cropped, enlarged to ~6 pixels per module,
   and tried as is, sharpened, with CLAHE (dim tents, lamp glare) and with Otsu's threshold.

The payload is then parsed with :func:`engine.core.codes.parse` and looked up in the catalogue: a code
that is not ours, whose check fails or whose id is unknown comes back *foreign* with its raw text.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np
import zxingcpp

from engine import catalogue
from engine.core import codes

from . import grid

_QR = zxingcpp.BarcodeFormat.QRCode
_PLAIN = zxingcpp.TextMode.Plain
_LOCAL = zxingcpp.Binarizer.LocalAverage
_GLOBAL = zxingcpp.Binarizer.GlobalHistogram

UPSCALE_MAX_PIXELS = 1_100_000  # frames larger than this are not enlarged as a whole (time)
MAX_CANDIDATES = 16
REGION_SCALE = 4.0  # a region's enlargement: 1.2-1.7 px per module become 5-7
MAX_REGIONS = 64  # textured regions enlarged per large frame, at most
GRID_FIT_PX = 3.0  # candidates under this many pixels per module get their grid fitted (vision.grid)
REGION_PX = (12.0, 160.0)  # a region's longer side, full-resolution pixels, to be worth enlarging
REGION_LEVEL = 45  # contrast (contrast_map) of a textured region
# how far a textured region spreads past the box of the code it is (blur, and the map's gradient and mean):
# ≤ 20 px a side on the seeded scenes; a second code in the region (≥ 25 px) spreads it further
REGION_MARGIN = 22.0
UP_LEVEL = 20  # contrast (contrast_map) of a patch worth enlarging: low, for dim codes
UP_MIN_PX = 12  # a textured patch smaller than this (both sides, full resolution) is no code to enlarge
UP_MARGIN = 16  # margin around a patch read enlarged, full-resolution pixels, plus a tenth of its side
UP_MAX_COVER = 0.5  # patches covering more of the frame than this: the frame is enlarged whole
MIN_ASPECT = 0.35  # a candidate's shortest side ÷ its longest under which it is no code (_sliver)
_log = logging.getLogger(__name__)  # failed candidates retried per frame, nearest-to-readable first


@dataclass(frozen=True)
class Read:
    """One code read in a frame."""

    raw: str  # decoded text, exactly (line ends and control characters kept)
    component_id: str | None  # None for a foreign code (not ours, check fails, or unknown id)
    corners: np.ndarray  # shape (4, 2) float32, image pixels: the symbol's top-left, top-right,
    #                     bottom-right, bottom-left as printed (so the order tells the code's orientation)
    confidence: float  # 0..1
    reason: str = ""  # why foreign

    @property
    def foreign(self) -> bool:
        return self.component_id is None

    @property
    def kind(self) -> str:
        """``component``, ``damaged`` (starts like ours, check or id wrong), ``join`` (a table's join code)
        or ``foreign`` (:attr:`engine.core.codes.Parsed.kind`)."""
        return codes.kind_of(self.raw, self.component_id, self.reason)

    @property
    def center(self) -> tuple[float, float]:
        c = self.corners.mean(axis=0)
        return float(c[0]), float(c[1])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Read):
            return NotImplemented
        return (
            self.raw == other.raw
            and self.component_id == other.component_id
            and self.confidence == other.confidence
            and self.reason == other.reason
            and np.array_equal(self.corners, other.corners)
        )

    def __hash__(self) -> int:
        return hash((self.raw, self.component_id, self.confidence, self.reason, self.corners.tobytes()))

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.component_id,
            "raw": self.raw,
            "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners],
            "confidence": round(self.confidence, 3),
            "reason": self.reason,
            "kind": self.kind,
        }


def identify(raw: str) -> tuple[str | None, str]:
    """Our component id for a decoded text, or (None, why it is foreign)."""
    parsed = codes.parse(raw)
    if parsed.component_id is None:
        return None, parsed.reason
    try:
        known = catalogue.get(parsed.component_id) is not None
    except catalogue.CatalogueError as exc:  # a broken game catalogue must not take the camera down
        return None, f"catalogue unavailable ({exc})"
    if not known:
        return None, f"no component {parsed.component_id!r} in the catalogue"
    return parsed.component_id, ""


# --- one decode pass -------------------------------------------------------------------------------------


@dataclass
class _Hit:
    raw: str
    corners: np.ndarray
    confidence: float
    side: float = field(init=False)
    cx: float = field(init=False)
    cy: float = field(init=False)

    def __post_init__(self) -> None:  # computed once: the merger compares every hit many times
        self.cx, self.cy, self.side = _geometry(self.corners.tolist())


# Geometry in plain floats: a frame's passes handle hundreds of 4-point quads, and numpy's per-call cost on
# arrays that small was a quarter of a frame's time.
def _geometry(pts: Sequence[Sequence[float]]) -> tuple[float, float, float]:
    """Centre x, centre y and mean side length of a quad (any number of points, in order)."""
    n = len(pts)
    side = sum(math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]) for i in range(n)) / n
    return sum(p[0] for p in pts) / n, sum(p[1] for p in pts) / n, side


def _side(corners: np.ndarray) -> float:
    return _geometry(corners.tolist())[2]


def _sliver(quad: np.ndarray) -> bool:
    """A quad far from square (shortest side under ``MIN_ASPECT`` of the longest): zxing's pairing of finder
    patterns of different codes, or of print, into a phantom code; a real code seen at 40° of tilt and 0.6
    foreshortening is still ~0.45."""
    pts = quad.tolist()
    sides = [math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]) for i in range(len(pts))]
    return max(sides) < 4.0 or min(sides) < MIN_ASPECT * max(sides)  # (zxing gives some failures no place)


def _points(barcode: zxingcpp.Barcode) -> list[tuple[float, float]]:
    p = barcode.position
    return [(float(q.x), float(q.y)) for q in (p.top_left, p.top_right, p.bottom_right, p.bottom_left)]


def _corners(barcode: zxingcpp.Barcode) -> np.ndarray:
    return np.array(_points(barcode), dtype=np.float32)


def _extra(barcode: zxingcpp.Barcode) -> dict[str, object]:
    try:  # zxing-cpp parses its JSON anew on every access: read once per barcode
        extra = barcode.extra
    except (AttributeError, ValueError):
        return {}
    return extra if isinstance(extra, dict) else {}


def _version(barcode: zxingcpp.Barcode, extra: dict[str, object] | None = None) -> int:
    try:
        return max(1, min(40, int((_extra(barcode) if extra is None else extra).get("Version", 1))))  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return 1


def _confidence(barcode: zxingcpp.Barcode, side: float, weight: float) -> float:
    """Unused error correction (1 = no codeword needed repair) and module size, scaled by how much image
    work the read needed."""
    extra = _extra(barcode)
    try:
        unused = float(extra.get("UEC", 1.0))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        unused = 1.0
    module_px = side / grid.modules(_version(barcode, extra))
    size = min(1.0, module_px / 4.0)
    return min(1.0, max(0.0, weight * (0.5 + 0.5 * unused) * (0.7 + 0.3 * size)))


def _decode(
    gray: np.ndarray,
    *,
    binarizer: zxingcpp.Binarizer = _LOCAL,
    errors: bool = False,
    invert: bool = False,
    downscale: bool = True,
) -> list[zxingcpp.Barcode]:
    return zxingcpp.read_barcodes(
        gray,
        formats=_QR,
        text_mode=_PLAIN,
        binarizer=binarizer,
        try_rotate=True,
        try_invert=invert,
        try_downscale=downscale,
        return_errors=errors,
    )


class _Merger:
    """Collects hits from several passes; the same text at the same place is one code."""

    def __init__(self) -> None:
        self.hits: list[_Hit] = []

    def find(self, raw: str | None, corners: np.ndarray) -> _Hit | None:
        return self.find_at(raw, *_geometry(corners.tolist()))

    def find_at(self, raw: str | None, cx: float, cy: float, side: float) -> _Hit | None:
        for h in self.hits:
            if raw is not None and h.raw != raw:
                continue
            if math.hypot(h.cx - cx, h.cy - cy) < 0.5 * max(h.side, side):
                return h
        return None

    def inside(self, quad: np.ndarray) -> bool:
        """Whether a code read has its centre inside ``quad``: a candidate around it is no code of its own
        (zxing pairs finder patterns of neighbouring codes into one large phantom code)."""
        pts = quad.tolist()
        n = len(pts)
        for h in self.hits:
            sides = [
                (pts[i][0] - pts[i - 1][0]) * (h.cy - pts[i - 1][1])
                - (pts[i][1] - pts[i - 1][1]) * (h.cx - pts[i - 1][0])
                for i in range(n)
            ]
            if all(v > 0 for v in sides) or all(v < 0 for v in sides):
                return True
        return False

    def add(self, barcode: zxingcpp.Barcode, corners: np.ndarray, weight: float) -> None:
        self._add(barcode, corners.tolist(), weight)

    def _add(self, barcode: zxingcpp.Barcode, pts: Sequence[Sequence[float]], weight: float) -> None:
        raw = barcode.text
        cx, cy, side = _geometry(pts)
        conf = _confidence(barcode, side, weight)
        h = self.find_at(raw, cx, cy, side)
        if h is None:
            self.hits.append(_Hit(raw, np.array(pts, dtype=np.float32), conf))
        elif conf > h.confidence:
            h.confidence = conf

    def take(
        self,
        results: Sequence[zxingcpp.Barcode],
        weight: float,
        scale: float = 1.0,
        offset: tuple[float, float] = (0.0, 0.0),
    ) -> int:
        n = 0
        ox, oy = offset
        for b in results:
            if not b.valid:
                continue
            self._add(b, [(x / scale + ox, y / scale + oy) for x, y in _points(b)], weight)
            n += 1
        return n


def to_gray(frame: np.ndarray) -> np.ndarray:
    """A uint8 greyscale view of a BGR, BGRA or greyscale frame (clear error otherwise)."""
    if not isinstance(frame, np.ndarray):
        raise TypeError(f"a frame must be a numpy array, not {type(frame).__name__}")
    if frame.size == 0:
        raise ValueError("empty frame")
    img = frame
    if img.dtype != np.uint8:
        if np.issubdtype(img.dtype, np.floating) and img.max(initial=0) <= 1.0:
            img = (img * 255).clip(0, 255).astype(np.uint8)
        else:
            img = np.clip(img, 0, 255).astype(np.uint8)
    if img.ndim == 2:
        return np.ascontiguousarray(img)
    if img.ndim == 3 and img.shape[2] == 1:
        return np.ascontiguousarray(img[:, :, 0])
    if img.ndim == 3 and img.shape[2] == 3:
        return cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    if img.ndim == 3 and img.shape[2] == 4:
        return cv2.cvtColor(img, cv2.COLOR_BGRA2GRAY)
    raise ValueError(f"a frame must be HxW, HxWx1, HxWx3 (BGR) or HxWx4 (BGRA), not shape {frame.shape}")


def _darkest(frame: np.ndarray) -> np.ndarray | None:
    if frame.ndim == 3 and frame.shape[2] >= 3 and frame.dtype == np.uint8:
        b, g, r = cv2.split(frame)[:3]  # contiguous planes: a third faster than min over strided views
        return cv2.min(cv2.min(b, g), r)
    return None


def _around(gray: np.ndarray, cand: np.ndarray) -> tuple[np.ndarray, int, int] | None:
    """The crop around a candidate with a third of its side as margin, and the crop's top-left in the
    frame; None when too little of it is in the frame."""
    h, w = gray.shape
    side = max(_side(cand), 8.0)
    x0, y0 = cand.min(axis=0) - 0.35 * side
    x1, y1 = cand.max(axis=0) + 0.35 * side
    x0, y0 = int(max(0, x0)), int(max(0, y0))
    x1, y1 = int(min(w, x1)), int(min(h, y1))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    return np.ascontiguousarray(gray[y0:y1, x0:x1]), x0, y0


def _rescue(gray: np.ndarray, cand: np.ndarray, version: int, merger: _Merger, regions: bool = False) -> bool:
    """Retry one failed candidate: a small one's grid fitted; crop it, enlarge it to ~6 px per module, try a
    few clean-ups. ``regions``: the frame's small textured regions were read enlarged already (a large
    frame), so a code under 2 px per module whose grid does not fit is not enlarged again."""
    got = _around(gray, cand)
    if got is None:
        return False
    crop, x0, y0 = got
    side = max(_side(cand), 8.0)
    modules = grid.modules(version)
    if side / modules < GRID_FIT_PX:  # a small code: its grid fitted to the pixels first (vision.grid)
        if _fit_grid(crop, cand - np.array([x0, y0], np.float32), version, (x0, y0), 0.8, merger):
            return True
        if regions and side / modules < 2.0:
            return False
    scale = float(np.clip(6.0 * modules / side, 1.0, 6.0))
    big = cv2.resize(crop, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC) if scale > 1.05 else crop
    variants: list[Callable[[], np.ndarray]] = [
        lambda: big,
        lambda: cv2.addWeighted(big, 1.8, cv2.GaussianBlur(big, (0, 0), scale * 0.8), -0.8, 0),
        lambda: cv2.createCLAHE(clipLimit=3.0, tileGridSize=(4, 4)).apply(big),  # one per call: threads
        lambda: cv2.threshold(
            cv2.GaussianBlur(big, (0, 0), scale * 0.4), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU
        )[1],
    ]
    for make in variants:
        if merger.take(_decode(make(), downscale=False), 0.8, scale, (x0, y0)):
            return True
    return False


def contrast_map(gray: np.ndarray) -> np.ndarray:
    """Local contrast at half size (3×3 morphological gradient, 5×5 mean): where codes (and print) are."""
    small = cv2.resize(gray, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    return cv2.blur(cv2.morphologyEx(small, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8)), (5, 5))


def _patches(contrast: np.ndarray, level: int, nested: bool = False) -> Sequence[np.ndarray]:
    """Outer contours (half size) of the patches whose contrast is over ``level``, gaps of ≤ 4 px closed.
    ``nested``: also the patches inside another one's hole."""
    mask = cv2.morphologyEx((contrast > level).astype(np.uint8), cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    if not nested:
        return cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]
    found, tree = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if tree is None:
        return ()
    return [c for c, h in zip(found, tree[0], strict=True) if h[3] < 0]


def _up_boxes(gray: np.ndarray, contrast: np.ndarray) -> list[tuple[int, int, int, int]] | None:
    """The parts of a small frame worth reading enlarged: every textured patch (any size) with a margin
    (one inside another is dropped; overlapping ones are both read: merging them read empty table); None
    when together they cover over ``UP_MAX_COVER`` of the frame (then it is enlarged whole)."""
    h, w = gray.shape
    boxes: list[list[int]] = []
    for c in _patches(contrast, UP_LEVEL):
        x, y, bw, bh = (2 * v for v in cv2.boundingRect(c))
        if bw < UP_MIN_PX and bh < UP_MIN_PX:
            continue
        m = int(0.1 * max(bw, bh)) + UP_MARGIN
        boxes.append([max(0, x - m) // 2 * 2, max(0, y - m) // 2 * 2, min(w, x + bw + m), min(h, y + bh + m)])
    boxes = [
        b
        for b in boxes
        if not any(
            o is not b and o[0] <= b[0] and o[1] <= b[1] and o[2] >= b[2] and o[3] >= b[3] for o in boxes
        )
    ]  # (ties: both kept)
    if sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes) > UP_MAX_COVER * h * w:
        return None
    return [(b[0], b[1], b[2], b[3]) for b in boxes]


def textured_regions(gray: np.ndarray, contrast: np.ndarray | None = None) -> list[tuple[int, int, int, int]]:
    """Boxes (x0, y0, x1, y1) of small high-contrast textured patches (codes, but also print and
    edges), found on a half-size copy: morphological gradient, 5×5 mean, threshold, outer contours (a
    twelfth of the time of labelled components, and the same boxes on the benchmark's scenes); a patch's
    pixel count is its contour's area plus half its perimeter. A patch inside another one's hole counts
    too: a code inside a token's printed ring, every token of a photographed sheet inside the sheet's
    outline (outer contours alone found none of the 35 codes of a sheet photographed in 1080p)."""
    lo, hi = REGION_PX
    out: list[tuple[int, int, int, int]] = []
    for c in _patches(contrast_map(gray) if contrast is None else contrast, REGION_LEVEL, nested=True):
        x, y, w, h = cv2.boundingRect(c)
        area = cv2.contourArea(c) + cv2.arcLength(c, True) / 2 + 1
        side = 2 * max(w, h)
        if area < 30 or not lo <= side <= hi or area < 0.25 * w * h:
            continue
        out.append((2 * int(x), 2 * int(y), 2 * int(x + w), 2 * int(y + h)))
    out.sort(key=lambda b: -(b[2] - b[0]) * (b[3] - b[1]))
    return out[:MAX_REGIONS]


def _read_regions(
    gray: np.ndarray, merger: _Merger, regions: Sequence[tuple[int, int, int, int]] | None = None
) -> list[np.ndarray]:
    """Crop each textured region (``regions``, else :func:`textured_regions`) nobody read yet, enlarge it
    4× (bicubic) and decode it. Returns the regions tried in vain."""
    h, w = gray.shape
    tried: list[np.ndarray] = []
    for x0, y0, x1, y1 in textured_regions(gray) if regions is None else regions:
        box = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float32)
        if merger.find(None, box) is not None:
            continue
        side = max(x1 - x0, y1 - y0)
        m = 0.25 * side + 4
        cx0, cy0 = int(max(0, x0 - m)), int(max(0, y0 - m))
        cx1, cy1 = int(min(w, x1 + m)), int(min(h, y1 + m))
        scale = REGION_SCALE
        crop = gray[cy0:cy1, cx0:cx1]
        big = cv2.resize(crop, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
        found = zxingcpp.read_barcodes(
            big,
            formats=_QR,
            text_mode=_PLAIN,
            binarizer=_LOCAL,
            try_rotate=False,
            try_invert=False,
            try_downscale=False,
            return_errors=True,
        )
        if merger.take(found, 0.95, scale, (cx0, cy0)):
            continue
        if not any(
            _fit_grid(crop, _corners(b) / scale, _version(b), (cx0, cy0), 0.92, merger) for b in found[:1]
        ):
            tried.append(box)  # nothing found, or found and not decoded even with its grid fitted
    return tried


def _read_mid(
    gray: np.ndarray, unread: np.ndarray, merger: _Merger, regions: Sequence[tuple[int, int, int, int]]
) -> list[tuple[np.ndarray, int]]:
    """Each textured region of a small frame that no code read covers, cropped (from ``unread``, where the
    codes read are painted out), enlarged 1.5× and decoded. Returns the candidates found (codes found and
    not decoded). On the seeded scenes this reads more than the whole frame enlarged 1.5× (zxing's
    thresholds then follow the region only), in a fraction of the time. A region no larger than a code read
    (its box and ``REGION_MARGIN``) is that code and is skipped; one that merges a code read with one that is
    not is still read, its read code painted out."""
    h, w = gray.shape
    out: list[tuple[np.ndarray, int]] = []
    e = REGION_MARGIN
    read = [(*hit.corners.min(axis=0).tolist(), *hit.corners.max(axis=0).tolist()) for hit in merger.hits]
    for x0, y0, x1, y1 in regions:
        if any(
            x0 >= bx0 - e and y0 >= by0 - e and x1 <= bx1 + e and y1 <= by1 + e for bx0, by0, bx1, by1 in read
        ):
            continue  # the region is a code read (with its blur and the texture map's own spread)
        m = 0.25 * max(x1 - x0, y1 - y0) + 8
        # from even pixels: the enlarged crop's pixels are then those of the whole frame enlarged 1.5×
        cx0, cy0 = int(max(0, x0 - m)) // 2 * 2, int(max(0, y0 - m)) // 2 * 2
        cx1, cy1 = int(min(w, x1 + m)), int(min(h, y1 + m))
        mid = cv2.resize(unread[cy0:cy1, cx0:cx1], None, fx=1.5, fy=1.5, interpolation=cv2.INTER_LINEAR)
        found = _decode(mid, errors=True, downscale=False)
        merger.take(found, 0.95, 1.5, (cx0, cy0))
        offset = np.array([cx0, cy0], np.float32)
        out += [(_corners(b) / 1.5 + offset, _version(b)) for b in found if not b.valid]
    return out


def _fit_small(
    gray: np.ndarray, candidates: list[tuple[np.ndarray, int]], merger: _Merger
) -> list[np.ndarray]:
    """Fit the grid of each candidate under 2 pixels per module where zxing found it in the full frame (its
    region's enlarged read then is not needed). Returns those whose grid did not fit: not fitted again as
    candidates (their regions are read enlarged)."""
    failed: list[np.ndarray] = []
    for cand, version in sorted(candidates, key=lambda c: -_side(c[0])):
        if max(_side(cand), 8.0) / grid.modules(version) >= 2.0 or merger.find(None, cand) is not None:
            continue
        got = _around(gray, cand)
        if got is None:
            continue
        crop, x0, y0 = got
        if not _fit_grid(crop, cand - np.array([x0, y0], np.float32), version, (x0, y0), 0.8, merger):
            failed.append(cand)
    return failed


def _fit_grid(
    crop: np.ndarray, quad: np.ndarray, version: int, offset: tuple[int, int], weight: float, merger: _Merger
) -> bool:
    """A code zxing found at ``quad`` in ``crop`` (whose top-left is ``offset`` in the frame) but could not
    decode, read with its grid fitted to the pixels (:mod:`vision.grid`) and merged."""
    got = grid.read(crop, quad, version)
    if got is None:
        return False
    merger.add(got[0], got[1] + np.array(offset, np.float32), weight)
    return True


def _masked(img: np.ndarray, hits: Sequence[_Hit], inplace: bool = False) -> np.ndarray:
    """A copy of ``img`` with every code of ``hits`` painted over: a later whole-frame pass then spends
    nothing on finding and decoding them again (a decode is ~0.1 ms a code, and each such pass read every
    code again). The paint is one-pixel stripes, row by row, of the code's own dark and light levels (mean ∓
    standard deviation of its pixels: half its modules are dark), so that the frame's histogram, from which
    a global threshold is taken for the codes left, stays as it was (a flat paint, white or even the code's
    light level, moved it enough to lose codes the darkest-channel pass read); no finder pattern is left,
    and a row of one level has no edge for zxing's row scan to look at."""
    if not hits:
        return img
    out = img if inplace else img.copy()  # (in place: a copy painted already, its earlier paint kept)
    odd = out[1::2]  # a view of the odd rows: the light stripes are painted through it
    h_img, w_img = img.shape[:2]
    for h in hits:
        # the levels from the middle of the code (a box that stays inside it at any rotation)
        r = 0.33 * h.side
        x0, x1 = max(0, round(h.cx - r)), min(w_img, round(h.cx + r) + 1)
        y0, y1 = max(0, round(h.cy - r)), min(h_img, round(h.cy + r) + 1)
        if x1 <= x0 or y1 <= y0:
            continue
        mean, std = cv2.meanStdDev(img[y0:y1, x0:x1])
        m, d = float(mean[0, 0]), float(std[0, 0])
        # a little over the outline (6%): no finder pattern's edge is left
        quad = [(h.cx + (x - h.cx) * 1.06, h.cy + (y - h.cy) * 1.06) for x, y in h.corners.tolist()]
        cv2.fillConvexPoly(out, np.array(quad).round().astype(np.int32), max(0.0, m - d))
        cv2.fillConvexPoly(
            odd, np.array([(x, (y - 1) / 2) for x, y in quad]).round().astype(np.int32), min(255.0, m + d)
        )
    return out


def decode_hits(frame: np.ndarray) -> list[_Hit]:
    gray = to_gray(frame)
    merger = _Merger()
    candidates: list[tuple[np.ndarray, int]] = []

    def run(img: np.ndarray, weight: float, scale: float = 1.0, **kw: object) -> None:
        found = _decode(img, **kw)  # type: ignore[arg-type]
        merger.take(found, weight, scale)
        candidates.extend((_corners(b) / scale, _version(b)) for b in found if not b.valid)

    painted, n_painted = gray, 0  # the grey frame with the first n_painted hits painted out

    def unread() -> np.ndarray:
        """The grey frame with every code read so far painted out (:func:`_masked`, incrementally)."""
        nonlocal painted, n_painted
        if len(merger.hits) > n_painted:
            painted = _masked(painted, merger.hits[n_painted:], inplace=painted is not gray)
            n_painted = len(merger.hits)
        return painted

    tried: list[np.ndarray] = []
    if gray.size <= UPSCALE_MAX_PIXELS:
        # enlarged 2×: the single best pass, for small and blurred codes and (no downscaling needed) big ones
        contrast = contrast_map(gray)
        boxes = _up_boxes(gray, contrast)
        if boxes is None:
            up = cv2.resize(gray, None, fx=2.0, fy=2.0, interpolation=cv2.INTER_LINEAR)
            run(up, 1.0, 2.0, errors=True, downscale=False)
        for x0, y0, x1, y1 in boxes or ():
            up = cv2.resize(gray[y0:y1, x0:x1], None, fx=2.0, fy=2.0, interpolation=cv2.INTER_LINEAR)
            found = _decode(up, errors=True, downscale=False)
            merger.take(found, 1.0, 2.0, (x0, y0))
            candidates.extend(
                (_corners(b) / 2.0 + np.array([x0, y0], np.float32), _version(b))
                for b in found
                if not b.valid
            )
        # 1.5× samples the module grid at another phase: reads some tilted or blurred codes 2× misses; only
        # around what is left unread (reading the whole frame again took a quarter of the frame's time)
        regions = textured_regions(gray, contrast)
        candidates += _read_mid(gray, unread(), merger, regions)
        # what is still unread, as in large frames: each textured region enlarged 4× (tokens of ~1.5 px per
        # module, slightly out of focus, that 2× and 1.5× miss; the candidates are not left to it)
        _read_regions(gray, merger, regions)
    else:  # 1080p or a photo: full resolution, zxing's own downscaled copies for big codes, and small
        run(gray, 1.0, errors=True, downscale=True)  # codes enlarged region by region
        # the smallest codes found and not decoded: their grid fitted from these corners first (no region
        # read needed for those that then decode); those that do not fit are left to the regions
        tried = _fit_small(gray, candidates, merger)
        tried += _read_regions(gray, merger)
    # the codes read so far are painted out of the remaining whole-frame passes
    dark = _darkest(frame)  # coloured ink on coloured card, washed-out prints
    run(unread() if dark is None else _masked(dark, merger.hits), 0.9, binarizer=_GLOBAL)
    half = cv2.resize(unread(), None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    run(half, 0.85, 0.5, binarizer=_GLOBAL, downscale=False, invert=True)  # textured, photo-like, inverted

    rescued: list[np.ndarray] = []
    seen = [(cx, cy, 0.5 * side) for cx, cy, side in (_geometry(r.tolist()) for r in tried)]
    candidates.sort(key=lambda c: -_side(c[0]))
    for cand, version in candidates:
        if len(rescued) >= MAX_CANDIDATES:
            break
        cx, cy, side = _geometry(cand.tolist())
        if merger.find_at(None, cx, cy, side) is not None or merger.inside(cand) or _sliver(cand):
            continue
        if any(math.hypot(x - cx, y - cy) < r for x, y, r in seen):
            continue
        seen.append((cx, cy, 0.5 * side))
        rescued.append(cand)
        _rescue(gray, cand, version, merger, regions=gray.size > UPSCALE_MAX_PIXELS)
    return merger.hits


def read(frame: np.ndarray) -> list[Read]:
    """Every QR code in a frame (numpy BGR, BGRA or greyscale): ours with their component id, others
    foreign with their raw text. Sorted top to bottom, then left to right."""
    out: list[Read] = []
    # sorted on the hits' own centres (Read.center is numpy's mean: a quarter of a millisecond a frame here)
    for hit in sorted(decode_hits(frame), key=lambda h: (round(h.cy / 40), h.cx)):
        cid, reason = identify(hit.raw)
        out.append(Read(hit.raw, cid, hit.corners, round(hit.confidence, 4), reason))
    return out


def _read_in_worker(frame: np.ndarray) -> list[Read]:
    return read(frame)


class Reader:
    """``read`` with a guard: ``isolated=True`` decodes in a worker process (started once, restarted after
    a crash), so a crash or a hang in native code costs that frame's reads, never the app.

    ``failures`` counts frames lost that way; ``last_error`` says why the last one was lost.
    """

    def __init__(self, isolated: bool = True, timeout: float = 5.0) -> None:
        from .isolate import Worker

        self.isolated = isolated
        self.failures = 0
        self.last_error = ""
        self._worker = Worker(_read_in_worker, timeout=timeout) if isolated else None

    def read(self, frame: np.ndarray) -> list[Read]:
        to_gray(frame)  # bad input is the caller's error, reported here, not a worker failure
        if self._worker is None:
            return read(frame)
        from .isolate import WorkerFailed

        try:
            return list(self._worker(np.ascontiguousarray(frame)))
        except WorkerFailed as exc:
            self.failures += 1
            self.last_error = str(exc)
            _log.warning("vision: frame lost: %s", exc)
            return []

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()

    def __enter__(self) -> Reader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
