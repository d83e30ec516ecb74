"""The leader's screens in a real Chromium: the address phones open, as a QR code a camera reads and that
opens the app; the set-up's measured win rate on the new-table form; the overview of four provinces, where a
surge played on another device appears without a reload, and so do the players whose device went away."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import cv2
import numpy as np
import pytest

import vision
from companion.sync.client import join, parse_join_code
from harness.browser import Driver

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


def test_the_https_qr_on_the_leaders_screen_opens_the_app(app_browser):
    app, browser = app_browser(toy=True, lan=True)
    log = app.log.read_text()
    printed = re.search(r"tablets and phones open (\S+) and type", log).group(1)
    fingerprint = re.search(r"certificate fingerprint (\S+)", log).group(1)
    assert printed.startswith("https://") and printed.endswith(f":{app.port}/")
    key = (app.data / "web-host-key").read_text().strip()
    host = Driver(
        browser.new_context(ignore_https_errors=True, viewport={"width": 1280, "height": 900}).new_page()
    )
    host.open(f"https://127.0.0.1:{app.port}/?k={key}")
    host.new_table("toy")
    assert printed in host.text("web-address")  # in large type, as the terminal printed it
    assert fingerprint in host.text("fingerprint") and "Paramètres avancés" in host.text("fingerprint")
    host.wait("web-qr")
    host.page.wait_for_timeout(500)
    shot = host.page.screenshot()
    reads = vision.read(cv2.imdecode(np.frombuffer(shot, np.uint8), cv2.IMREAD_COLOR))
    raws = [r.raw for r in reads]
    assert printed in raws, raws  # what a phone's camera reads on the leader's screen
    assert not any(r.startswith("tk://") and r == printed for r in raws)
    phone = Driver(
        browser.new_context(ignore_https_errors=True, viewport={"width": 412, "height": 915}).new_page()
    )
    phone.open(next(r for r in raws if r == printed))  # the address the code holds, opened in a browser
    phone.wait("here-pin", 60_000)  # the app's start page, asking for the table's PIN
    phone.wait("start-join")


async def _play_until_a_surge(code: str, limit: int = 1500) -> tuple[str, int]:
    """Play the table's provinces in turn over the LAN sync (each seat on its own device, ending its turns)
    until a barbarian surge; returns the province it surged in and its count of surges."""
    host, port, pin, _name = parse_join_code(code)
    watch = await join(host, port, pin, "table")
    seats: dict[str, Any] = {}

    def surges() -> dict[str, int]:
        return {pv["code"]: int(pv["surges"]) for pv in watch.snapshot.view["provinces"]}

    start = surges()
    try:
        for _ in range(limit):
            view = watch.snapshot.view
            assert view.get("outcome") is None, "the game ended before any surge"
            for pv in view["provinces"]:
                waiting = [s for s in view["waiting_for"] if view["players"][s]["province"] == pv["code"]]
                seat = (waiting or [pv["turn"]])[0]
                if seat not in seats:
                    seats[seat] = await join(host, port, pin, seat)
                snap = seats[seat].snapshot
                kinds = {c.intent["type"]: c.intent for c in reversed(snap.choices)}
                intent = next(
                    (kinds[k] for k in ("Discard", "EndActions", "DrawCards", "Propagate") if k in kinds),
                    None,
                )
                if intent is None:
                    continue
                seq = watch.snapshot.seq
                await seats[seat].send(intent)
                for _wait in range(200):
                    if watch.snapshot.seq > seq and seats[seat].snapshot.seq >= watch.snapshot.seq:
                        break
                    await asyncio.sleep(0.02)
                now = surges()
                grown = [c for c in now if now[c] > start[c]]
                if grown:
                    return grown[0], now[grown[0]]
        raise AssertionError(f"no surge in {limit} rounds")
    finally:
        for s in [watch, *seats.values()]:
            await s.close()


def test_the_overview_shows_four_provinces_and_a_surge_appears_without_a_reload(app_browser):
    app, browser = app_browser()
    d = Driver(browser.new_context(viewport={"width": 1920, "height": 1080}).new_page())
    d.open(app.url)
    d.new_table("pandemie", {"opt-provinces": "4", "opt-players": "5"}, create=False)
    # the set-up's chances, measured while the form is open, with their interval
    said = d.wait_text("estimate-interval", "parties simulées", timeout=90_000)
    assert "intervalle à 95 %" in said, said
    assert re.search(r"\d+(,\d)? % des parties gagnées", d.text("estimate-rate"))
    assert "Initiation" in d.text("estimate")  # the rules' difficulty named as a way to change it
    d.click("create")
    d.wait("join-code", 60_000)
    d.wait("web-loopback")  # served on loopback: the screen says phones cannot open it
    code = d.text("join-code").strip().splitlines()[0]
    d.click_to("open-overview", "overview-G")
    for province in "GHEA":
        d.wait(f"overview-{province}")
        d.wait(f"overview-map-{province}")
        assert "Déferlements : 0 / 8" in d.text(f"overview-surges-{province}")
    d.shot("overview-before-1920.png")
    with ThreadPoolExecutor(1) as other:  # Playwright's own loop runs in this thread
        where, count = other.submit(asyncio.run, _play_until_a_surge(code)).result()
    d.wait_text(f"overview-surges-{where}", f"Déferlements : {count} / 8", timeout=30_000)
    d.wait_text(f"overview-chain-{where}", "Dernier déferlement", timeout=30_000)
    # the devices that played have gone (their sessions closed): their seats are said away, live too
    d.wait_text(f"overview-{where}", "absent·e", timeout=30_000)
    assert d.page.evaluate("performance.getEntriesByType('navigation').length") == 1  # never reloaded
    d.shot("overview-1920.png")
