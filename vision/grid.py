"""Read a small QR code whose finder patterns zxing found but whose data it could not sample.

Below ~2 pixels per module, zxing finds a code (its three finder patterns) but the grid it then samples
is off by a fraction of a module at the far corner, and the data comes out wrong; with the grid placed
within ~0.15 module, the same pixels decode (measured on seeded 1080p scenes, ``benchmarks/vision.py``).
So the grid is fitted to the image: a template of the parts every code of that version has (finder
patterns and their white separators, timing patterns, alignment pattern, dark module, quiet zone) is
aligned on the crop by a homography, starting from zxing's corners: Lucas-Kanade, inverse compositional
(the template's steepest-descent images and Hessian are computed once per version), on zero-mean,
unit-norm samples as OpenCV's ECC does (a print's grey and contrast do not matter). OpenCV's own
``findTransformECCWithMask`` reads as many codes but took ~1.8 ms per code against ~0.4 ms here. The
module centres are then sampled, thresholded four ways, and each bit matrix is drawn as a clean code for
zxing's pure-symbol reader to decode (its error correction is the check: a wrong grid gives no valid read).
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np
import zxingcpp

MAX_VERSION = 6  # larger codes have version blocks too, and are not small in a frame anyway
_S = 4  # template pixels per module (3 reads fewer codes, 2 far fewer)
_Q = 2  # quiet-zone modules around the template
_K = 6  # samples per module side when the grid is read back
_ITERATIONS = 12
_TOLERANCE = 1e-3  # a step below this (in half-symbol units: ~0.01 module) ends the fit
_STRIDE = 2  # every other template pixel of the known parts is a sample point
# correlation of the pixels with the template below which the fit is given up (from its 4th step): on
# seeded 1080p scenes, grids that then decoded correlated ≥ 0.87, and 27 of 32 that did not, < 0.5
_MIN_SCORE = 0.5
_SCORE_FROM = 3


def modules(version: int) -> int:
    return 17 + 4 * version


@lru_cache(maxsize=MAX_VERSION)
def _layout(version: int) -> tuple[np.ndarray, np.ndarray]:
    """(value 0 dark / 1 light, known) per module of a ``version`` code, for what every such code has."""
    n = modules(version)
    val = np.ones((n, n), np.float32)
    known = np.zeros((n, n), bool)
    for r0, c0 in ((0, 0), (0, n - 7), (n - 7, 0)):  # finder patterns with their separators
        for r in range(-1, 8):
            for c in range(-1, 8):
                rr, cc = r0 + r, c0 + c
                if 0 <= rr < n and 0 <= cc < n:
                    known[rr, cc] = True
                    val[rr, cc] = 0.0 if max(abs(r - 3), abs(c - 3)) in (0, 1, 3) else 1.0
    for i in range(8, n - 8):  # timing patterns
        known[6, i] = known[i, 6] = True
        val[6, i] = val[i, 6] = 0.0 if i % 2 == 0 else 1.0
    if version >= 2:  # one alignment pattern up to version 6, centred 7 modules from the far corner
        a = n - 7
        for r in range(-2, 3):
            for c in range(-2, 3):
                known[a + r, a + c] = True
                val[a + r, a + c] = 0.0 if max(abs(r), abs(c)) != 1 else 1.0
    known[n - 8, 8] = True  # the dark module
    val[n - 8, 8] = 0.0
    return val, known


@lru_cache(maxsize=MAX_VERSION)
def _template(version: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The known parts drawn (float32, blurred a little as a camera does), their mask, and where the
    symbol's corners are in it."""
    n = modules(version)
    val, known = _layout(version)
    full = np.ones((n + 2 * _Q, n + 2 * _Q), np.float32)
    full[_Q : _Q + n, _Q : _Q + n] = val
    kn = np.ones_like(full, dtype=np.uint8)
    kn[_Q : _Q + n, _Q : _Q + n] = known
    side = (n + 2 * _Q) * _S
    img = cv2.GaussianBlur(
        cv2.resize(full * 255, (side, side), interpolation=cv2.INTER_NEAREST), (0, 0), _S * 0.45
    )
    mask = cv2.resize(kn * 255, (side, side), interpolation=cv2.INTER_NEAREST)
    a, b = _Q * _S, (_Q + n) * _S
    corners = np.array([[a, a], [b, a], [b, b], [a, b]], np.float32)
    return img.astype(np.float32), mask, corners


@lru_cache(maxsize=MAX_VERSION)
def _steepest(version: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For the inverse-compositional fit: the sample points (homogeneous, in half-symbol units about the
    symbol's centre), the template there (zero mean, unit norm), the update matrix (Hessian⁻¹ · steepest
    descent images ᵀ, 8 × points) and the symbol's corners in the same units."""
    tpl, mask, corners = _template(version)
    gy, gx = np.gradient(tpl.astype(np.float64))
    ys, xs = np.nonzero(mask[::_STRIDE, ::_STRIDE])
    ys, xs = ys * _STRIDE, xs * _STRIDE
    centre = corners.mean(axis=0).astype(np.float64)
    unit = float(corners[1, 0] - corners[0, 0]) / 2
    x, y = (xs - centre[0]) / unit, (ys - centre[1]) / unit
    t = tpl[ys, xs].astype(np.float64)
    t -= t.mean()
    norm = float(np.linalg.norm(t))
    ix, iy = gx[ys, xs] * unit / norm, gy[ys, xs] * unit / norm
    # d(template)/d(homography parameters) at the identity: [x y 1 0 0 0 -x² -xy], [0 0 0 x y 1 -xy -y²]
    sd = np.stack(
        [ix * x, ix * y, ix, iy * x, iy * y, iy, -ix * x * x - iy * x * y, -ix * x * y - iy * y * y], axis=1
    )
    update = np.linalg.solve(sd.T @ sd, sd.T)
    pts = np.stack([x, y, np.ones_like(x)])
    return pts, t / norm, update, (corners - centre) / unit


@lru_cache(maxsize=MAX_VERSION)
def _steepest32(version: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_steepest` in single precision for the loop (the same fits, a sixth faster)."""
    pts, t, update, corners = _steepest(version)
    return pts.astype(np.float32), t.astype(np.float32), update.astype(np.float32), corners


def _inverse(m: np.ndarray) -> np.ndarray:
    """A 3 × 3 inverse by its adjugate (numpy's general inverse costs more than the rest of a step)."""
    a, b, c, d, e, f, g, h, i = (float(x) for x in m.ravel())
    co = np.array(
        [
            [e * i - f * h, c * h - b * i, b * f - c * e],
            [f * g - d * i, a * i - c * g, c * d - a * f],
            [d * h - e * g, b * g - a * h, a * e - b * d],
        ]
    )
    det = a * co[0, 0] + b * co[1, 0] + c * co[2, 0]
    if abs(det) < 1e-12:
        raise np.linalg.LinAlgError("singular step")
    return co / det


def fit(crop: np.ndarray, quad: np.ndarray, version: int) -> np.ndarray | None:
    """The symbol's corners (top-left, top-right, bottom-right, bottom-left, in ``crop``'s pixels) once
    the template of a ``version`` code is aligned on ``crop`` from ``quad``; None if it breaks down."""
    pts, t, update, corners = _steepest32(version)
    h = cv2.getPerspectiveTransform(corners.astype(np.float32), quad.astype(np.float32)).astype(np.float64)
    img = crop.astype(np.float32)
    try:
        for k in range(_ITERATIONS):
            w = h.astype(np.float32) @ pts
            v = cv2.remap(
                img,
                (w[0] / w[2])[None],
                (w[1] / w[2])[None],
                cv2.INTER_LINEAR,
                borderMode=cv2.BORDER_REPLICATE,
            )[0]
            v = v - v.mean()
            norm = float(np.sqrt(v @ v))
            if norm < 1e-6:  # a flat crop: nothing to align on
                return None
            v /= norm
            if k >= _SCORE_FROM and float(v @ t) < _MIN_SCORE:  # not a code's grid: given up early
                return None
            dp = (update @ (v - t)).astype(np.float64)
            step = np.array([[1 + dp[0], dp[1], dp[2]], [dp[3], 1 + dp[4], dp[5]], [dp[6], dp[7], 1.0]])
            h = h @ _inverse(step)
            if float(np.abs(dp).max()) < _TOLERANCE:
                break
    except np.linalg.LinAlgError:
        return None
    q = h @ np.vstack([corners.T, np.ones(4)])
    if not np.all(np.isfinite(q)) or np.any(np.abs(q[2]) < 1e-9):
        return None
    return (q[:2] / q[2]).T.astype(np.float32)


@lru_cache(maxsize=MAX_VERSION)
def _centres(version: int) -> np.ndarray:
    """Where :func:`sample` looks, in a grid of ``_K`` pixels per module: the middle 2 × 2 pixels of each
    module (homogeneous rows x, y, 1)."""
    n = modules(version)
    u = (np.arange(n)[:, None] * _K + np.array([_K // 2 - 1, _K // 2])[None, :]).ravel().astype(np.float64)
    xs, ys = np.meshgrid(u, u)
    return np.stack([xs.ravel(), ys.ravel(), np.ones(xs.size)])


def sample(crop: np.ndarray, quad: np.ndarray, version: int) -> np.ndarray:
    """Mean grey of the middle of every module (n × n, float32): only those pixels of the rectified grid
    are computed (as a warp of the whole grid would give them)."""
    n = modules(version)
    grid_corners = np.array([[0, 0], [n * _K, 0], [n * _K, n * _K], [0, n * _K]], np.float32)
    m = cv2.getPerspectiveTransform(grid_corners, quad.astype(np.float32)).astype(np.float64)
    w = m @ _centres(version)
    mx = (w[0] / w[2]).astype(np.float32).reshape(2 * n, 2 * n)
    my = (w[1] / w[2]).astype(np.float32).reshape(2 * n, 2 * n)
    v = cv2.remap(crop.astype(np.float32), mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return v.reshape(n, 2, n, 2).mean(axis=(1, 3))


@lru_cache(maxsize=MAX_VERSION)
def _planes(version: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For a plane through the known modules' greys: where the known dark and light modules are (rows of
    ``[y, x, 1]``), the pseudo-inverses fitting a plane to each, and every module's ``[y, x, 1]``."""
    val, known = _layout(version)
    n = modules(version)
    yy, xx = np.mgrid[0:n, 0:n] / n
    every = np.stack([yy.ravel(), xx.ravel(), np.ones(n * n)], axis=1)
    at = every[known.ravel()]
    dark = val[known] == 0
    return dark, np.linalg.pinv(at[dark]), np.linalg.pinv(at[~dark]), every


def _bits(vals: np.ndarray, version: int) -> list[np.ndarray]:
    """Dark modules, four ways: halfway between the known dark and light modules' greys (a plane each, for
    uneven light), halfway between the extremes, Otsu's threshold, the local mean."""
    _val, known = _layout(version)
    dark, fit_dark, fit_light, every = _planes(version)
    seen = vals[known]
    middle = every @ (fit_dark @ seen[dark] + fit_light @ seen[~dark]) / 2
    out = [vals < middle.reshape(vals.shape), vals < (float(vals.min()) + float(vals.max())) / 2]
    v8 = cv2.normalize(vals, None, 0, 255, cv2.NORM_MINMAX).astype(np.uint8)
    t, _ = cv2.threshold(v8, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    out.append(v8 < t)
    out.append(vals < cv2.blur(vals, (7, 7), borderType=cv2.BORDER_REFLECT))
    return out


def _drawn(dark: np.ndarray, quiet: int = 1) -> np.ndarray:
    """The bit matrix as a clean image, one pixel per module, for zxing's pure-symbol reader."""
    return np.pad(np.where(dark, 0, 255).astype(np.uint8), quiet, constant_values=255)


def read(crop: np.ndarray, quad: np.ndarray, version: int) -> tuple[zxingcpp.Barcode, np.ndarray] | None:
    """The code in ``crop`` near ``quad`` (zxing's corners of a code it found but could not decode), read by
    fitting its grid: (the barcode read from the redrawn grid, the fitted corners in ``crop``), or None."""
    if not 1 <= version <= MAX_VERSION or crop.size == 0:
        return None
    fitted = fit(crop, quad, version)
    if fitted is None:
        return None
    vals = sample(crop, fitted, version)
    val, known = _layout(version)
    seen: set[bytes] = set()
    for sampled in _bits(vals, version):
        dark = np.where(known, val == 0, sampled)  # finders and timing as they are: zxing must find them
        key = np.packbits(dark).tobytes()
        if key in seen:
            continue
        seen.add(key)
        found = zxingcpp.read_barcodes(
            _drawn(dark),
            formats=zxingcpp.BarcodeFormat.QRCode,
            text_mode=zxingcpp.TextMode.Plain,
            binarizer=zxingcpp.Binarizer.GlobalHistogram,
            try_rotate=False,
            try_invert=False,
            try_downscale=False,
            is_pure=True,
        )
        for b in found:
            if b.valid:
                return b, fitted
    return None
