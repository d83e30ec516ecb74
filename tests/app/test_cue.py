"""The page's own script for the announcements' sound and vibration (companion.cue), served by the app."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from companion import cue, sounds
from harness.app import start_app_anywhere, stop_app


def test_the_script_and_the_shipped_sounds_are_the_only_files_it_serves():
    body, kind = cue.asset(cue.SCRIPT)
    assert kind.startswith(b"text/javascript") and b"tk-cue:" in body and b"navigator.vibrate" in body
    for name in sounds.NAMES:
        assert cue.asset(f"{cue.SOUNDS}{name}.wav") == (sounds.data(name), b"audio/wav")
    for path in (
        "/tk-cue/boom.wav",
        "/tk-cue/../../etc/passwd.wav",
        "/tk-cue/turn.mp3",
        "/tk-cue.js.map",
        "/",
    ):
        assert cue.asset(path) is None, path


def test_the_script_and_its_guard_are_added_once_at_the_end_of_the_pages_head():
    html = b"<html><head><title>x</title></head><body></body></html>"
    once = cue.inject(html)
    assert once == (
        b"<html><head><title>x</title>" + cue.GUARD + b'\n<script src="tk-cue.js"></script>\n</head>'
        b"<body></body></html>"
    )
    assert cue.inject(once) == once
    assert cue.inject(b"<p>no head</p>") == b"<p>no head</p>"


def test_the_app_serves_its_page_with_the_script_and_the_sounds_with_its_security_headers(tmp_path):
    app, port = start_app_anywhere(tmp_path / "data", log_path=tmp_path / "app.log")
    try:
        base = f"http://127.0.0.1:{port}"
        with urllib.request.urlopen(f"{base}/", timeout=10) as r:
            page = r.read()
            assert cue.TAG in page and page.count(cue.TAG) == 1
            assert int(r.headers["Content-Length"]) == len(page)
            assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
        for path, length in (("/", len(page)), ("/flutter.js", None)):  # HEAD: GET's length, no body
            ask = urllib.request.Request(f"{base}{path}", method="HEAD")
            with urllib.request.urlopen(ask, timeout=10) as r:
                if length is None:
                    with urllib.request.urlopen(f"{base}{path}", timeout=10) as g:
                        length = len(g.read())
                assert int(r.headers["Content-Length"]) == length > 0, path
                assert r.read() == b"" and r.headers["X-Frame-Options"] == "DENY", path
        with urllib.request.urlopen(f"{base}{cue.SCRIPT}", timeout=10) as r:
            assert r.headers["Content-Type"].startswith("text/javascript") and b"tk-cue:" in r.read()
            assert r.headers["X-Frame-Options"] == "DENY"
        with urllib.request.urlopen(f"{base}{cue.SOUNDS}alarm.wav", timeout=10) as r:
            assert r.headers["Content-Type"] == "audio/wav" and r.read() == sounds.data("alarm")
        try:  # not a sound of ours: whatever Flet answers (its page, for a route), never a sound
            with urllib.request.urlopen(f"{base}{cue.SOUNDS}nope.wav", timeout=10) as r:
                assert r.headers["Content-Type"] != "audio/wav"
        except urllib.error.HTTPError as exc:
            assert exc.code == 404
    finally:
        stop_app(app)


@pytest.mark.parametrize(
    "text",
    ["tk-cue:0a1b2c3d:1:turn:medium", "tk-cue:0a1b2c3d:12::heavy", "tk-cue:0a1b2c3d:3:alarm+turn:heavy"],
)
def test_a_cue_the_app_writes_is_one_the_script_reads(text):
    assert cue.CUE.match(text)


@pytest.mark.browser
def test_a_page_whose_own_script_did_not_load_loads_again_by_itself(app_browser):
    """A host still starting under a dozen pages reloading at once: ``index.html`` came, ``tk-cue.js`` did
    not. The page has then no watch over its link: the inline guard loads it again, and it is whole."""
    app, browser = app_browser()
    page = browser.new_page()
    refused: list[str] = []

    def once(route) -> None:
        if not refused:
            refused.append(route.request.url)
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route("**/tk-cue.js", once)
    page.goto(app.url)
    page.wait_for_function("() => !!window.__tkLink", timeout=60_000)
    page.wait_for_selector("flt-glass-pane, flutter-view", state="attached", timeout=60_000)
    assert refused  # the first load had no script of ours; the second says it was loaded again for that
    assert page.evaluate("() => window.__tkLink.events.some(e => e.what === 'reloaded')")
