"""No tap lost while a screen re-renders, in Chromium: a tap on a button the page still shows, after the host
has already re-rendered that page (its new screen still on its way), reaches the host and does what the
button said (or is refused in words when it no longer can): it is never dropped in silence.

The page's incoming websocket messages are held back (Playwright's ``route_web_socket``), so the browser
keeps showing the screen it had while the host has moved on: the race of a busy Wi-Fi, made certain."""

from __future__ import annotations

import glob
import sqlite3
from typing import Any

import pytest

from harness.app import App
from harness.browser import Driver
from tests.app.test_app_table_flow import create

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

pytest.importorskip("engine.games.pandemie")


def _events(app: App) -> int:
    (db,) = glob.glob(str(app.data / "*.sqlite"))
    with sqlite3.connect(db) as con:
        return int(con.execute("select count(*) from events").fetchone()[0])


class Held:
    """The page's websocket from the app, with the app's messages held back while ``on``."""

    def __init__(self) -> None:
        self.on = False
        self.queue: list[Any] = []
        self.ws: Any = None

    def route(self, ws: Any) -> None:
        server = ws.connect_to_server()
        self.ws = ws

        def from_app(message: Any) -> None:
            if self.on:
                self.queue.append(message)
            else:
                ws.send(message)

        server.on_message(from_app)  # the page's own messages go to the app as they are

    def release(self) -> None:
        self.on = False
        for message in self.queue:
            self.ws.send(message)
        self.queue.clear()


def _wait_events(d: Any, app: App, more_than: int, timeout_ms: int = 30_000) -> int:
    waited = 0
    while waited < timeout_ms:
        n = _events(app)
        if n > more_than:
            return n
        d.page.wait_for_timeout(200)
        waited += 200
    return _events(app)


def test_a_tap_on_a_button_the_page_still_shows_after_a_rerender_is_not_lost(app_browser) -> None:
    app, browser = app_browser()
    held = Held()
    phone = Driver(browser.new_context(viewport={"width": 390, "height": 844}).new_page())
    phone.page.route_web_socket("**/*", held.route)  # before the page opens its websocket
    phone.open(app.url)
    create(phone, 1, 2, "Ana, Bea")
    phone.click("seat-current" if phone.page.query_selector(phone.sel("seat-current")) else "seat-p1")
    phone.wait("choice-0", timeout=60_000)
    phone.page.wait_for_timeout(1000)
    assert held.ws is not None, "the page talks to the app through the routed websocket"

    # the phone's screen freezes (the app's messages are held): the first tap plays, the host re-renders
    # the page, the browser still shows the buttons of before
    before = _events(app)
    held.on = True
    phone.page.click(phone.sel("choice-0"))
    after_first = _wait_events(phone, app, before)
    assert after_first > before, "the first tap played"
    phone.page.wait_for_timeout(1500)  # the host has re-rendered the page by now; the browser did not see it
    assert held.queue, "the host sent the new screen, held back from the browser"
    stale_text = phone.text("actions")

    # a second tap on the button as the browser still shows it
    phone.page.click(phone.sel("choice-0"))
    phone.page.wait_for_timeout(1500)
    held.release()
    refused = False
    after_second = after_first
    for _ in range(50):  # the second tap's event, or its refusal in words, within 10 s
        after_second = _events(app)
        page_text = str(phone.page.evaluate("() => document.body.innerText"))
        refused = "La partie a changé entre-temps" in page_text  # the stale-tap refusal (table.stale)
        if after_second > after_first or refused:
            break
        phone.page.wait_for_timeout(200)
    phone.shot("taps-after-stale-tap.png")
    assert after_second > after_first or refused, (
        "the tap made on the screen the browser still showed was dropped: no event, no refusal; it showed:\n"
        + stale_text
    )
