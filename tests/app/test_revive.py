"""A page whose Flutter engine crashed reloads itself and comes back to its seat (companion.runtime.revive),
in Chromium, with a real WebAssembly trap: a tiny module that reads outside its memory, run in the page as
``skwasm`` did when it crashed (``RuntimeError: memory access out of bounds``, uncaught)."""

from __future__ import annotations

import pytest

from companion import cue
from companion.runtime import revive
from harness.browser import Driver

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

pytest.importorskip("engine.games.pandemie")
pytest.importorskip("playwright.sync_api")

from tests.app import test_app_table_flow as flow  # noqa: E402

# a module with one page of memory whose function "f" loads 4 bytes at 0xFFFFFFF0: a trap, as skwasm's
TRAP_JS = """() => {
  const bytes = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    0x01, 0x04, 0x01, 0x60, 0x00, 0x00,              // type: () -> ()
    0x03, 0x02, 0x01, 0x00,                          // function 0 of type 0
    0x05, 0x03, 0x01, 0x00, 0x01,                    // memory: 1 page
    0x07, 0x05, 0x01, 0x01, 0x66, 0x00, 0x00,        // export "f"
    0x0a, 0x0a, 0x01, 0x08, 0x00, 0x41, 0x70, 0x28, 0x02, 0x00, 0x1a, 0x0b]);  // i32.load (-16); drop
  const f = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.f;
  setTimeout(() => f(), 0);  // uncaught, as a crash in a frame callback
  return true;
}"""


def _crash_and_wait_reload(d: Driver) -> None:
    """A real WebAssembly trap in the page; returns once the page has reloaded (a new window)."""
    d.page.evaluate("() => { window.__tkBefore = true; }")
    with d.page.expect_event("load", timeout=30_000):
        d.page.evaluate(TRAP_JS)
    d.page.wait_for_function("() => window.__tkRevive && !window.__tkBefore", timeout=30_000)


def test_the_page_script_carries_the_revival():
    body, _kind = cue.asset(cue.SCRIPT)
    assert revive.JS.encode() in body and b"WebAssembly.RuntimeError" in body


def test_a_page_whose_engine_crashed_reloads_itself_and_is_back_on_its_seat_live(app_browser):
    """The phone's engine traps: the page reloads by itself, is back on Bea's seat without a tap, sees the
    host's moves and plays its own."""
    app, browser = app_browser()
    host, remote = flow._host_and_phone(browser, app)
    errors: list[str] = []
    remote.page.on("pageerror", lambda e: errors.append(str(e)))
    _crash_and_wait_reload(remote)
    assert any("memory access out of bounds" in e for e in errors), errors  # a real trap, uncaught
    remote.accessible()
    remote.wait_text("header", "Bea", timeout=60_000)
    flow._live_both_ways(host, remote)
    remote.shot("revive-back-on-seat.png")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_page_that_keeps_crashing_stops_and_says_so_in_its_language(app_browser, lang):
    """Reloads are counted: after MAX_REVIVALS within the window the page stays, and says in the device's
    language (French by default, English when the device chose it) that it stopped and how to start it
    again, instead of reloading for ever."""
    app, browser = app_browser()
    d = Driver(browser.new_page())
    d.open(app.url)
    d.wait("start-new", timeout=60_000)
    # an error that is not a trap (a script's own) reloads nothing
    d.page.evaluate(
        "() => { window.__tkBefore = true; setTimeout(() => { throw new Error('a plain error'); }, 0); }"
    )
    d.page.wait_for_timeout(1500)
    assert d.page.evaluate("() => window.__tkBefore === true && window.__tkRevive.reloading === false"), (
        "reloaded"
    )
    for _ in range(revive.MAX_REVIVALS):
        _crash_and_wait_reload(d)
    d.page.wait_for_function("() => window.__tkRevive", timeout=30_000)
    if lang == "en":  # what the language button keeps on the device (a JSON string, as Flutter stores it)
        d.page.evaluate("() => localStorage.setItem('flutter.tablekeeper.lang', JSON.stringify('en'))")
    d.page.evaluate(TRAP_JS)
    d.page.wait_for_selector("#tk-revive-stopped", timeout=30_000)
    said = d.page.inner_text("#tk-revive-stopped")
    if lang == "fr":
        assert "s'est arrêtée" in said and "Rechargez-la" in said and "page stopped" not in said, said
    else:
        assert "This page stopped" in said and "Reload it" in said and "arrêtée" not in said, said
    state = d.page.evaluate("() => window.__tkRevive")
    assert (
        state["stopped"]
        and not state["reloading"]
        and "memory access out of bounds" in state["seen"][-1]["message"]
    )
    d.shot(f"revive-stopped-{lang}.png")
