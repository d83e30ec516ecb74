"""``tablekeeper scan``: read our QR codes from images, videos or a camera.

    tablekeeper scan IMAGE...                 one line per code read
    tablekeeper scan --json IMAGE...          one JSON object per code read (keys image, id, raw, ...)
    tablekeeper scan --camera 0               what appears and goes, steadily (Ctrl-C to stop)
    tablekeeper scan VIDEO.mp4                same for a video file

Each code read is one of ours (its component id), a damaged code of ours (its check character or id is
wrong: scuffed, covered or misread), the app's join code for a table (``tk://HOST:PORT/?pin=…``, or a
host's ``https://HOST:PORT/…`` join address), or foreign; ``--json`` says which in ``kind``.

Images are decoded in one worker process started once (so hundreds of images do not pay the start-up
again, and a decoder crash costs one image, not the run); ``--in-process`` decodes in this process.
An image that cannot be read is reported on stderr, the others are still read, and the exit code is 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.core import codes

from .sources import VIDEO_SUFFIXES, SourceError, frames, load_image


def _scan_path(path: str) -> tuple[str, Any]:
    """Worker side: ("ok", [read json...]) or ("error", message)."""
    from .reader import read

    try:
        frame = load_image(path)
    except SourceError as exc:
        return "error", str(exc)
    return "ok", [r.to_json() for r in read(frame)]


def _what(item: dict[str, Any]) -> str:
    """A code read, in words: its id, a table's join code, a damaged code of ours, or a foreign code."""
    if item.get("id"):
        return str(item["id"])
    raw = str(item.get("raw", ""))
    if item.get("kind") == codes.JOIN:
        host, port = codes.join_target(raw) or ("?", 0)
        return f"join code of the table at {host}:{port} {raw!r}"
    if item.get("kind") == codes.DAMAGED:
        return f"damaged tablekeeper code {raw!r} ({item.get('reason', '')})"
    return f"foreign {raw!r} ({item.get('reason', '')})"


def _line(source: str, item: dict[str, Any]) -> str:
    if item.get("id"):
        return f"{source}: {item['id']}  (confidence {item['confidence']:.2f})"
    return f"{source}: {_what(item)}"


def _emit(source_key: str, source: str, item: dict[str, Any], as_json: bool, **extra: Any) -> None:
    if as_json:
        print(json.dumps({source_key: source, **extra, **item}, ensure_ascii=False), flush=True)
    else:
        print(_line(source, item), flush=True)


def _scan_images(paths: list[str], as_json: bool, in_process: bool, timeout: float) -> int:
    from .isolate import Worker, WorkerFailed

    status = 0
    worker = None if in_process else Worker(_scan_path, timeout=timeout)
    try:
        for path in paths:
            try:
                kind, value = _scan_path(path) if worker is None else worker(path)
            except WorkerFailed as exc:
                kind, value = "error", f"{path}: decoder failed ({exc})"
            if kind == "error":
                print(f"tablekeeper scan: {value}", file=sys.stderr, flush=True)
                status = 1
                continue
            if not value and not as_json:
                print(f"{path}: no code found", file=sys.stderr, flush=True)
            for item in value:
                _emit("image", path, item, as_json)
    finally:
        if worker is not None:
            worker.close()
    return status


def _scan_stream(source: int | str, label: str, args: argparse.Namespace) -> int:
    from .reader import Reader
    from .steady import Steady

    steady = Steady(args.k, args.n)
    reader = Reader(isolated=not args.in_process, timeout=args.timeout)
    try:  # frames are numbered from 1, by Steady (Change.frame), as in the Python API
        for frame in frames(source, max_frames=args.frames):
            for change in steady.update(reader.read(frame)):
                item = {**change.read.to_json(), "change": change.kind}
                if args.json:
                    _emit("source", label, item, True, frame=change.frame)
                else:
                    print(f"{label} frame {change.frame}: {change.kind} {_what(item)}", flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        reader.close()
    for change in steady.flush():
        item = {**change.read.to_json(), "change": change.kind}
        if args.json:
            _emit("source", label, item, True, frame=change.frame)
        else:
            print(f"{label} end: {change.kind} {_what(item)}", flush=True)
    if reader.failures:
        print(f"tablekeeper scan: {reader.failures} frame(s) lost to decoder failures", file=sys.stderr)
    return 0


def _steady_arg(text: str) -> tuple[int, int]:
    try:
        k_s, n_s = text.split("/")
        k, n = int(k_s), int(n_s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--steady wants K/N, e.g. 3/5, not {text!r}") from None
    if n < 1 or not 1 <= k <= n:
        raise argparse.ArgumentTypeError(f"--steady {text}: need 1 <= K <= N")
    return k, n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="tablekeeper scan",
        description="Read tablekeeper QR codes (and report foreign ones) from images, videos or a camera.",
    )
    ap.add_argument("paths", nargs="*", metavar="IMAGE", help="image files (or video files)")
    ap.add_argument("--camera", type=int, metavar="INDEX", help="read from camera INDEX (cv2.VideoCapture)")
    ap.add_argument("--json", action="store_true", help="one JSON object per code (or change), per line")
    ap.add_argument(
        "--steady",
        type=_steady_arg,
        default=(3, 5),
        metavar="K/N",
        help="for cameras and videos: report a code once seen in K of the last N frames (3/5)",
    )
    ap.add_argument(
        "--frames", type=int, default=None, metavar="N", help="stop a camera or video after N frames"
    )
    ap.add_argument("--in-process", action="store_true", help="decode in this process (no worker)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds a decode may take (default 10)")
    args = ap.parse_args([] if argv is None else argv)
    args.k, args.n = args.steady
    if args.camera is None and not args.paths:
        ap.print_usage(sys.stderr)
        print("tablekeeper scan: give IMAGE paths or --camera INDEX", file=sys.stderr)
        return 2
    status = 0
    try:
        if args.camera is not None:
            status |= _scan_stream(args.camera, f"camera {args.camera}", args)
        videos = [p for p in args.paths if Path(p).suffix.lower() in VIDEO_SUFFIXES]
        images = [p for p in args.paths if p not in videos]
        if images:
            status |= _scan_images(images, args.json, args.in_process, args.timeout)
        for video in videos:
            try:
                status |= _scan_stream(video, video, args)
            except SourceError as exc:
                print(f"tablekeeper scan: {exc}", file=sys.stderr)
                status = 1
    except SourceError as exc:
        print(f"tablekeeper scan: {exc}", file=sys.stderr)
        return 1
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
