"""A page nobody looks at is not drawn, in real Chromium: a province tablet whose tab goes to the background
(the browser's ``visibilitychange``, which Flutter reports to the app as its lifecycle's ``hide``) receives
nothing while two actions are played on a phone; shown again, it is drawn once, with what was played."""

from __future__ import annotations

from typing import Any

import pytest

from harness.browser import Driver, play_and_see_the_log
from harness.evening import NAMES, Evening

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

pytest.importorskip("engine.games.pandemie")

# what a browser does when its tab goes to the background (or a phone's screen goes off) and comes back: the
# window loses the focus, then the document is hidden; shown, then focused
VISIBILITY = """v => {
  if (v === 'hidden') window.dispatchEvent(new Event('blur'));
  Object.defineProperty(document, 'visibilityState', {value: v, configurable: true});
  Object.defineProperty(document, 'hidden', {value: v === 'hidden', configurable: true});
  document.dispatchEvent(new Event('visibilitychange'));
  if (v !== 'hidden') window.dispatchEvent(new Event('focus'));
}"""


class Watched(Evening):
    """An evening whose tablets' websocket frames are counted (each frame's arrival, as the page got it)."""

    frames: list[int]

    def page(self, width: int, height: int, url: str = "") -> Driver:
        ctx = self.browser.new_context(viewport={"width": width, "height": height}, ignore_https_errors=True)
        page = ctx.new_page()
        if (width, height) == (1280, 900):  # a tablet (harness.evening)

            def watch(ws: Any) -> None:
                ws.on("framereceived", lambda f: self.frames.append(len(f)))

            page.on("websocket", watch)
        d = Driver(page)
        d.open(url or self.app.lan_url())
        return d


def test_a_tablet_in_the_background_is_not_drawn_and_shows_what_was_played_when_back(app_browser):
    app, browser = app_browser(lan=True)
    ev = Watched(app, browser)
    ev.frames = []
    ev.seat_leader(2, 2, ", ".join(NAMES[:4]))
    tablet = ev.seat_tablet(ev.provinces[0])
    now = tablet.text("follow-now")
    seat = next(f"p{i + 1}" for i, n in enumerate(NAMES[:4]) if n in now)
    phone = ev.seat_phone(seat)  # the player in turn takes their seat on their phone
    tablet.page.wait_for_timeout(3000)
    before = tablet.text("log")
    tablet.page.evaluate(VISIBILITY, "hidden")
    tablet.page.wait_for_timeout(1500)
    hidden_at = len(ev.frames)
    play_and_see_the_log(phone)
    play_and_see_the_log(phone)
    tablet.page.wait_for_timeout(2000)
    assert len(ev.frames) == hidden_at, f"the hidden tablet was sent {ev.frames[hidden_at:]} (bytes)"
    tablet.page.evaluate(VISIBILITY, "visible")
    after = tablet.wait_change("log", before)
    assert len(ev.frames) > hidden_at, "the tablet shown again was not drawn"
    played = phone.text("log").split("\n")[0]
    assert played in after, (played, after)
