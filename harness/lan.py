"""``tablekeeper app`` served to the LAN (``--host 0.0.0.0``, HTTPS with its own certificate), for tests and
benchmarks: started as a process, with the fixture game registered."""

from __future__ import annotations

import os
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

INSECURE = ssl.create_default_context()  # the app's certificate is its own: tests do not check it
INSECURE.check_hostname = False
INSECURE.verify_mode = ssl.CERT_NONE


def start_lan_app(
    data: Path, port: int, log: Path, extra: list[str] | None = None
) -> subprocess.Popen[bytes]:
    """The app on every interface at ``port`` (saving in ``data``), once it answers over HTTPS."""
    cmd = [
        sys.executable,
        str(ROOT / "tests" / "app" / "app_launch.py"),
        "--with-coretoy",
        "--",
        "--web",
        "--host",
        "0.0.0.0",
        "--port",
        str(port),
        "--data-dir",
        str(data),
        "--no-advertise",
        *(extra or []),
    ]
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=open(log, "wb"), stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the app exited: {log.read_text(errors='replace')[-2000:]}")
        try:
            with urllib.request.urlopen(f"https://127.0.0.1:{port}/", timeout=2, context=INSECURE) as r:
                if r.status == 200:
                    return proc
        except (OSError, urllib.error.URLError):
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError("the app did not answer over HTTPS within 60 s")


__all__ = ["INSECURE", "start_lan_app"]
