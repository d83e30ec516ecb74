"""Decode rate and time per image: ``vision.read`` against plain zxing-cpp and plain OpenCV.

``python -m benchmarks.vision [--quick] [--aruco] [--no-opencv]``

Same images for every reader, at 0°, 90°, 180° and 270°:
- the public photo set ``/work/shared/data/qr-public/`` (ZXing's black-box folders; an image counts when
  its expected text is among the texts read; line ends are compared as ``\\n``, since the expected files
  store ``\\n`` where the codes hold ``\\r\\n``), with ZXing (Java)'s own must-pass counts beside;
- synthetic 1280×720 table frames with 20 version-1 codes each (``vision.synth``): 80 and 64 px per
  code (≈3.8 and 3 px per module) with camera-like tilt, blur, noise and JPEG, and a hard set (tilt 45°,
  dim tent with lamp glare, stronger motion blur).

Goal: read more than the best peer on every set, at ≤ 33 ms per 1280×720 frame on one core
(OpenCV is limited to one thread here; in-process readers are timed as the best of ``--repeat`` runs).
Plain OpenCV runs in a worker process, since it has been seen to segfault on ``qrcode-2/31.png``: a crash
counts as nothing read on that image (marked ✝) and the worker is restarted.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from vision import peers, synth
from vision.isolate import Worker, WorkerFailed
from vision.reader import read

QR_PUBLIC = Path(os.environ.get("TABLEKEEPER_QR_PUBLIC", "/work/shared/data/qr-public"))
ZXING_MUST_PASS = {
    "qrcode-1": (17, 14, 17, 14),
    "qrcode-2": (32, 30, 31, 31),
    "qrcode-5": (19, 19, 19, 19),
    "qrcode-6": (15, 14, 13, 14),
}
ROTATIONS = (None, cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_180, cv2.ROTATE_90_COUNTERCLOCKWISE)
GOAL_MS = 33.0


def norm(text: str) -> str:
    return text.replace("\r\n", "\n")


@dataclass
class Sample:
    name: str
    frame: np.ndarray
    expected: list[str]  # texts that should be read (normalised)


@dataclass
class Score:
    found: int = 0
    seconds: float = 0.0
    images: int = 0
    crashes: int = 0
    per_rotation: list[int] = field(default_factory=lambda: [0, 0, 0, 0])


def qr_public_sets() -> dict[str, list[Sample]]:
    sets: dict[str, list[Sample]] = {}
    if not QR_PUBLIC.is_dir():
        return sets
    for folder in sorted(p for p in QR_PUBLIC.iterdir() if p.is_dir()):
        samples = []
        for img in sorted(folder.iterdir(), key=lambda p: (len(p.stem), p.stem)):
            if img.suffix.lower() not in (".png", ".jpg", ".jpeg", ".gif", ".bmp"):
                continue
            txt = img.with_suffix(".txt")
            frame = cv2.imread(str(img), cv2.IMREAD_COLOR)
            if frame is None or not txt.exists():
                continue
            samples.append(Sample(img.name, frame, [norm(txt.read_text(encoding="utf-8"))]))
        sets[folder.name] = samples
    return sets


def synthetic_sets(frames: int) -> dict[str, list[Sample]]:
    from engine.core.codes import payload

    texts = [payload(f"BLK:{i:03d}") for i in range(1, 101)]
    hard = synth.Conditions(tilt_deg=45, blur_px=5, brightness=0.45, glare=0.6, noise=8, jpeg=70)
    specs = {
        "synthetic 80px": (80.0, synth.Conditions()),
        "synthetic 64px": (64.0, synth.Conditions()),
        "synthetic hard 80px": (80.0, hard),
    }
    out: dict[str, list[Sample]] = {}
    for name, (px, cond) in specs.items():
        samples = []
        for seed in range(frames):
            chosen = texts[(seed * 20) % 100 : (seed * 20) % 100 + 20]
            frame, _ = synth.scene(chosen, code_px=px, cond=cond, seed=1000 + seed)
            samples.append(Sample(f"{name} #{seed}", frame, list(chosen)))
        out[name] = samples
    return out


def _timed(fn: Callable[[np.ndarray], list[str]], frame: np.ndarray) -> tuple[list[str], float]:
    t0 = time.perf_counter()
    texts = fn(frame)
    return texts, time.perf_counter() - t0


def timed_opencv_plain(frame: np.ndarray) -> tuple[list[str], float]:
    cv2.setNumThreads(1)
    return _timed(peers.opencv_plain, frame)


def timed_opencv_aruco(frame: np.ndarray) -> tuple[list[str], float]:
    cv2.setNumThreads(1)
    return _timed(peers.opencv_aruco, frame)


def vision_texts(frame: np.ndarray) -> list[str]:
    return [r.raw for r in read(frame)]


def run_reader(name: str, samples: list[Sample], rotations: int, worker: Worker | None,
               fn: Callable[[np.ndarray], list[str]] | None, repeat: int = 1) -> Score:
    score = Score()
    for rot in range(rotations):
        for s in samples:
            frame = s.frame if ROTATIONS[rot] is None else cv2.rotate(s.frame, ROTATIONS[rot])
            frame = np.ascontiguousarray(frame)
            if worker is not None:
                try:
                    texts, secs = worker(frame)
                except WorkerFailed as exc:
                    print(f"  [{name}] {s.name} at {rot * 90}°: {exc}", file=sys.stderr)
                    texts, secs = [], 0.0
                    score.crashes += 1
            else:  # best of `repeat` runs: the machine is shared, the minimum is the least disturbed
                assert fn is not None
                runs = [_timed(fn, frame) for _ in range(repeat)]
                texts, secs = runs[0][0], min(r[1] for r in runs)
            got = {norm(t) for t in texts}
            hits = sum(1 for e in s.expected if e in got)
            score.found += hits
            score.per_rotation[rot] += hits
            score.seconds += secs
            score.images += 1
    return score


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.vision", description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="0° only and 2 synthetic frames per set")
    ap.add_argument("--frames", type=int, default=5, help="synthetic frames per set (20 codes each)")
    ap.add_argument("--repeat", type=int, default=3, help="time in-process readers as the best of N runs (3)")
    ap.add_argument("--no-opencv", action="store_true", help="skip the (slow) OpenCV peer")
    ap.add_argument("--aruco", action="store_true", help="also measure QRCodeDetectorAruco (very slow)")
    args = ap.parse_args([] if argv is None else argv)
    cv2.setNumThreads(1)
    rotations = 1 if args.quick else 4
    sets = qr_public_sets()
    if not sets:
        print(f"(no public photo set at {QR_PUBLIC}; synthetic frames only)")
    sets.update(synthetic_sets(2 if args.quick else args.frames))

    from engine.core.codes import payload
    from vision.reader import identify

    read(np.full((64, 64), 255, np.uint8))  # warm-up: imports, then the catalogue (loaded on first use)
    identify(payload("BLK:001"))
    readers: list[tuple[str, Worker | None, Callable[[np.ndarray], list[str]] | None]] = [
        ("vision", None, vision_texts),
        ("zxing-cpp", None, peers.zxing_plain),
    ]
    workers: list[Worker] = []
    if not args.no_opencv:
        w = Worker(timed_opencv_plain, timeout=30)
        workers.append(w)
        readers.append(("opencv", w, None))
    if args.aruco:
        w = Worker(timed_opencv_aruco, timeout=60)
        workers.append(w)
        readers.append(("opencv-aruco", w, None))

    print(f"{'set':<22}{'codes':>7}  " + "".join(f"{n:>22}" for n, _, _ in readers) + "   vision/best peer")
    worst_ratio = float("inf")
    frame_ms: list[float] = []
    try:
        for set_name, samples in sets.items():
            total = sum(len(s.expected) for s in samples) * rotations
            scores = {n: run_reader(n, samples, rotations, w, f, args.repeat) for n, w, f in readers}
            cells = []
            for n, _, _ in readers:
                sc = scores[n]
                ms = 1000 * sc.seconds / max(1, sc.images)
                crash = f" {sc.crashes}✝" if sc.crashes else ""
                cells.append(f"{sc.found:>5} {ms:>7.1f}ms{crash:<4}")
            peer_best = max(scores[n].found for n, _, _ in readers if n != "vision")
            ratio = scores["vision"].found / peer_best if peer_best else float("inf")
            worst_ratio = min(worst_ratio, ratio)
            print(f"{set_name:<22}{total:>7}  " + "".join(f"{c:>22}" for c in cells) + f"   ×{ratio:.2f}")
            rot_line = " / ".join(str(x) for x in scores["vision"].per_rotation[:rotations])
            extra = ""
            if set_name in ZXING_MUST_PASS:
                must = ZXING_MUST_PASS[set_name][:rotations]
                extra = f"; ZXing (Java) must-pass {' / '.join(map(str, must))}"
                ok = all(v >= m for v, m in zip(scores["vision"].per_rotation, must, strict=False))
                extra += " (met)" if ok else " (NOT met)"
            zx = " / ".join(str(x) for x in scores["zxing-cpp"].per_rotation[:rotations])
            print(f"{'':<22}  by rotation: vision {rot_line}; zxing-cpp {zx}{extra}")
            v_ms = 1000 * scores["vision"].seconds / max(1, scores["vision"].images)
            z_ms = 1000 * scores["zxing-cpp"].seconds / max(1, scores["zxing-cpp"].images)
            print(f"{'':<22}  time: vision ×{v_ms / max(z_ms, 1e-6):.1f} of plain zxing-cpp's ms per image")
            if set_name.startswith("synthetic"):
                frame_ms.append(v_ms)
    finally:
        for w in workers:
            w.close()
    if frame_ms:
        worst = max(frame_ms)
        print(f"\nvision ms per 1280x720 frame (one thread): worst set {worst:.1f} ms; goal {GOAL_MS:.0f} ms "
              f"→ ×{GOAL_MS / worst:.2f} of budget")
    print(f"vision codes read / best peer, worst set: ×{worst_ratio:.2f} (goal: > 1, or = 1 where a peer reads all)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
