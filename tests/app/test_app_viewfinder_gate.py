"""The camera's frame endpoint (``POST /tk-frame``) takes frames only from the page that opened the
viewfinder, within its budgets — against the real app, a real page with its camera open, and raw HTTP
requests."""

from __future__ import annotations

import http.client
import json
import time
from pathlib import Path
from typing import Any

import cv2
import pytest

from companion import viewfinder as vf
from harness import camera
from harness.browser import Driver

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def post(
    port: int,
    body: bytes,
    token: str,
    cookie: str | None,
    origin: str | None,
    extra: dict[str, str] | None = None,
) -> tuple[int, dict[str, Any]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    heads = {"content-type": "image/jpeg", "x-tk-view": token, **(extra or {})}
    if cookie is not None:
        heads["cookie"] = f"tk_device={cookie}"
    if origin is not None:
        heads["origin"] = origin
    conn.request("POST", "/tk-frame", body=body, headers=heads)
    r = conn.getresponse()
    data = r.read()
    conn.close()
    try:
        return r.status, json.loads(data or b"{}")
    except ValueError:
        return r.status, {"text": data.decode("utf-8", "replace")}


def test_only_the_page_that_opened_the_camera_sends_it_frames_within_budget(
    tmp_path: Path, app_browser
) -> None:
    from tests.app.test_app_viewfinder import open_camera, saved_rattus_turn

    data = tmp_path / "data"
    saved_rattus_turn(data)
    frame = camera.table_only(seed=9)
    cam = camera.still(tmp_path / "camera.mjpeg", frame)
    app, browser = app_browser(data=data, browser_args=camera.chromium_args(cam))
    page = Driver(browser.new_page(viewport={"width": 390, "height": 844}))
    page.open(app.url)
    page.click("start-resume")
    page.click("saved-0")
    page.click("seat-p1")
    open_camera(page)
    token = page.page.evaluate("() => window.__tkView.open.token")
    device = next(c["value"] for c in page.page.context.cookies() if c["name"] == "tk_device")
    origin = f"http://127.0.0.1:{app.port}"
    jpeg = cv2.imencode(".jpg", frame)[1].tobytes()
    stranger = "a" * len(device)

    # another browser (its own device cookie), no cookie, another site, or no such camera: refused, nothing
    # read
    assert post(app.port, jpeg, token, stranger, origin)[0] == 403
    assert post(app.port, jpeg, token, None, origin)[0] == 403
    assert post(app.port, jpeg, token, device, "http://evil.example")[0] == 403
    assert post(app.port, jpeg, token, device, None)[0] == 403
    assert post(app.port, jpeg, "x" * 32, device, origin)[0] == 403
    # the page's own: read (the page's own frames share the budget and the one read at a time: retried)
    for _ in range(20):
        status, answer = post(app.port, jpeg, token, device, origin)
        if status == 200:
            break
        assert status == 429 and answer.get("refused") in ("busy", "over budget"), (status, answer)
        time.sleep(0.2)
    assert status == 200 and answer["w"] == 1280 and answer["marks"] == [], answer
    # a frame too big, and not an image
    assert post(app.port, b"\xff" * (vf.MAX_FRAME_BYTES + 1), token, device, origin)[0] == 413
    status, answer = post(app.port, b"not an image", token, device, origin)
    assert status in (200, 429) and (answer.get("refused") or "").startswith(("unreadable", "busy", "over"))
    # frames faster than the budget: some are refused (the page keeps sending its own meanwhile)
    statuses = [post(app.port, jpeg, token, device, origin)[0] for _ in range(int(vf.MAX_FPS) + 4)]
    assert 429 in statuses, statuses
    # closed by the page: its token takes nothing more, and the screen shows its camera button again
    assert post(app.port, b"", token, device, origin, {"x-tk-close": "1"})[1].get("closed") is True
    assert post(app.port, jpeg, token, device, origin)[0] == 403
    page.wait("scan-camera")
    page.page.wait_for_function("() => !window.__tkView.open", timeout=10_000)  # its script stopped too
    tracks = page.page.evaluate("() => window.__tkView.lastStream.getVideoTracks().map(t => t.readyState)")
    assert tracks and all(s == "ended" for s in tracks)


def test_a_device_opens_two_cameras_at_most_and_the_host_a_few() -> None:
    reg = vf.Registry(max_open=3, per_device=2)
    seen: list[Any] = []
    a1 = reg.open("dev-a", seen.append)
    reg.open("dev-a", seen.append)
    with pytest.raises(vf.LensRefused, match="this device"):
        reg.open("dev-a", seen.append)
    reg.open("dev-b", seen.append)
    with pytest.raises(vf.LensRefused, match="at most 3"):
        reg.open("dev-c", seen.append)
    a1.close("done")
    assert reg.get(a1.token) is None
    reg.open("dev-c", seen.append)  # room again


def test_a_lens_budget_counts_frames_and_bytes_over_the_last_second() -> None:
    b = vf._Budget(fps=3, bytes_per_s=1000)
    assert [b.allow(10.0 + i * 0.01, 100) for i in range(4)] == [True, True, True, False]
    assert b.allow(11.1, 100)  # a second later
    assert not b.allow(11.2, 2000)  # too many bytes
