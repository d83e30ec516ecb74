"""A tablet on the LAN reaches the web UI over HTTPS only, and its browser's camera works there.

The app runs in a network namespace of its own (a veth link to the test's namespace: a real second host,
RFC 5737 test addresses), as `tablekeeper app --web --host 0.0.0.0`; Chromium, in the test's namespace,
opens it by its LAN address with a fake camera. Over HTTPS the page is a secure origin and
`getUserMedia` gives a video track; the same app served over plain HTTP (`--tls off`) is not, and the
browser offers no camera at all — which is why the LAN is served over HTTPS.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from harness import ROOT
from harness.app import app_env, command
from harness.browser import Driver, launch

pytestmark = [pytest.mark.browser, pytest.mark.netns, pytest.mark.timeout(300)]

if sys.platform != "linux" or os.geteuid() != 0 or shutil.which("ip") is None:
    pytest.skip("needs root and iproute2 to make a network namespace", allow_module_level=True)

APP_IP, TEST_IP = "198.51.100.11", "198.51.100.12"
CAMERA_JS = """async () => {
  const secure = window.isSecureContext;
  if (!navigator.mediaDevices) return {secure, camera: 'no mediaDevices'};
  try {
    const s = await navigator.mediaDevices.getUserMedia({video: true});
    const n = s.getVideoTracks().length; s.getTracks().forEach(t => t.stop());
    return {secure, camera: n};
  } catch (e) { return {secure, camera: String(e)}; }
}"""


def sh(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=20, check=check)


def wait_port(port: int, proc: subprocess.Popen, log: Path) -> None:
    import socket

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the app exited: {log.read_text(errors='replace')[-2000:]}")
        with socket.socket() as s:
            s.settimeout(1)
            if s.connect_ex((APP_IP, port)) == 0:
                return
        time.sleep(0.3)
    raise RuntimeError("the app did not listen within 60 s")


def test_a_lan_tablet_gets_https_and_its_camera_works_there(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    tag = uuid.uuid4().hex[:6]
    ns, veth_a, veth_t = f"tka{tag}", f"tkva{tag}", f"tkvt{tag}"
    procs: list[subprocess.Popen] = []
    try:
        made = sh("ip", "netns", "add", ns, check=False)
        if made.returncode != 0:
            pytest.skip(f"cannot create a network namespace here: {made.stderr.strip()}")
        sh("ip", "link", "add", veth_a, "type", "veth", "peer", "name", veth_t)
        sh("ip", "link", "set", veth_a, "netns", ns)
        sh("ip", "-n", ns, "addr", "add", f"{APP_IP}/24", "dev", veth_a)
        sh("ip", "-n", ns, "link", "set", veth_a, "up")
        sh("ip", "-n", ns, "link", "set", "lo", "up")
        sh("ip", "addr", "add", f"{TEST_IP}/24", "dev", veth_t)
        sh("ip", "link", "set", veth_t, "up")
        env = app_env()
        ports = {"https": 18443, "http": 18080}
        for scheme, port in ports.items():
            log = tmp_path / f"{scheme}.log"
            cmd = [
                "ip",
                "netns",
                "exec",
                ns,
                *command(
                    "app",
                    "--web",
                    "--host",
                    "0.0.0.0",
                    "--port",
                    str(port),
                    "--data-dir",
                    str(tmp_path / scheme),
                    "--no-advertise",
                    "--tls",
                    "on" if scheme == "https" else "off",
                ),
            ]
            procs.append(
                subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=open(log, "wb"), stderr=subprocess.STDOUT)
            )
            wait_port(port, procs[-1], log)
        with sync_api.sync_playwright() as p:
            browser = launch(p, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream")
            try:
                ctx = browser.new_context(ignore_https_errors=True)
                ctx.grant_permissions(["camera"])
                tablet = Driver(ctx.new_page())
                tablet.open(f"https://{APP_IP}:{ports['https']}/")
                tablet.wait("here-pin")  # a stranger's start page: join, or prove a PIN
                over_tls = tablet.page.evaluate(CAMERA_JS)
                tablet.shot("lan-tablet-https.png")
                plain = ctx.new_page()
                plain.goto(f"http://{APP_IP}:{ports['http']}/")
                over_http = plain.evaluate(CAMERA_JS)
            finally:
                browser.close()
        assert over_tls == {"secure": True, "camera": 1}, over_tls
        assert over_http["secure"] is False and over_http["camera"] == "no mediaDevices", over_http
    finally:
        for proc in procs:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        sh("ip", "netns", "del", ns, check=False)
        sh("ip", "link", "del", veth_t, check=False)
