"""The last action's surge arrows in a real browser (Debian's Chromium): drawn on the map right after the
action, gone a few seconds later, and where the chain is (around Narbo). Screenshots in ``artifacts/``."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from harness import ARTIFACTS, ROOT
from harness.app import free_port
from harness.browser import Driver, launch

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

SHOW = 6.0


def test_surge_arrows_show_then_go(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    from PIL import Image, ImageChops

    from engine.boards.pandemie import board_for

    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.boards.arrows_page", str(port), str(SHOW)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).close()
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None, "the page did not start"
                time.sleep(0.3)
        ARTIFACTS.mkdir(exist_ok=True)
        with sync_api.sync_playwright() as p:
            browser = launch(p)
            try:
                page = browser.new_page(viewport={"width": 960, "height": 800})
                t0 = time.monotonic()
                page.goto(f"http://127.0.0.1:{port}/")
                Driver(page).accessible()
                page.wait_for_selector(
                    '[flt-semantics-identifier="place-G01"]', state="attached", timeout=60_000
                )
                page.wait_for_timeout(700)  # the frame that holds the places is painted
                on = ARTIFACTS / "boards-arrows-on.png"
                page.screenshot(path=str(on))
                assert time.monotonic() - t0 < SHOW, "the page took too long to show: the arrows may be gone"
                page.wait_for_timeout(int((SHOW + 1.5) * 1000))
                off = ARTIFACTS / "boards-arrows-off.png"
                page.screenshot(path=str(off))
            finally:
                browser.close()
    finally:
        proc.terminate()
        proc.wait(10)
    land = (0xF3, 0xEC, 0xD8)
    for shot in (on, off):  # both show the map (not a page still loading)
        assert land in {c for _n, c in Image.open(shot).convert("RGB").getcolors(1 << 20) or []}, shot
    diff = ImageChops.difference(Image.open(on).convert("RGB"), Image.open(off).convert("RGB"))
    box = diff.getbbox()
    assert box is not None, "no arrow was drawn (or it never went)"
    # the difference is the chain around Narbo: its box holds Narbo, in page pixels (map 900 px wide)
    narbo = next(pl for pl in board_for("G").places if pl.name == "Narbo")
    k = 900 / 1000
    map_box = None
    for x0 in range(0, 60):  # the map's left edge: the first column of the land colour in the "off" shot
        if Image.open(off).convert("RGB").getpixel((x0, 400)) == (0xF3, 0xEC, 0xD8):
            map_box = x0
            break
    assert map_box is not None
    x, _y = map_box + narbo.x * k, narbo.y * k
    assert box[0] <= x <= box[2], (box, x)
    assert 100 < box[2] - box[0] < 450 and 40 < box[3] - box[1] < 300, box  # arrows there, not the whole map
