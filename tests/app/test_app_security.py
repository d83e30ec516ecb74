"""The web UI served to the LAN trusts nothing a browser says: a real Chromium, HTTPS, a patched client_ip.

The app runs as `tablekeeper app --web --host 0.0.0.0` (HTTPS with its own certificate). The host's page
opens the secret link the app printed and creates a table; a stranger's page (another browser context)
patches `client_ip` to 127.0.0.1 through Flet's own protocol and still sees no table, no PIN, no way to
create or resume — until it types the table's PIN, checked on the server.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request

import pytest

from harness.app import INSECURE, start_app_anywhere, stop_app
from harness.browser import Driver

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def patch_client_ip(page) -> list[int]:
    """Route the page's Flet websocket through the test, which adds one message of its own: the page's
    ``client_ip`` set to 127.0.0.1 (Flet's UPDATE_CONTROL_PROPS on the page, id 1)."""
    import msgpack

    sent: list[int] = []

    def handler(ws) -> None:
        server = ws.connect_to_server()

        def down(message) -> None:
            ws.send(message)
            if not sent:
                sent.append(1)
                server.send(b"\x00" + msgpack.packb([4, {"id": 1, "props": {"client_ip": "127.0.0.1"}}]))

        server.on_message(down)
        ws.on_message(lambda m: server.send(m))

    page.route_web_socket(re.compile(".*"), handler)
    return sent


def test_a_lan_browser_sees_nothing_of_a_table_until_it_proves_the_pin(app_browser):
    app, browser = app_browser(toy=True, lan=True)
    port, data = app.port, app.data
    out = app.log.read_text()
    key = (data / "web-host-key").read_text().strip()
    assert f"?k={key}" in out and "fingerprint" in out
    # plain HTTP on the LAN port: refused (the views never travel in clear)
    with pytest.raises((urllib.error.URLError, ConnectionError, OSError)):
        urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read()
    with urllib.request.urlopen(f"https://127.0.0.1:{port}/", timeout=5, context=INSECURE) as r:
        csp = r.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in csp and r.headers["X-Frame-Options"] == "DENY"
        assert r.headers["Referrer-Policy"] == "no-referrer"
    for path in ("/", "/flutter_bootstrap.js", "/main.dart.mjs", "/canvaskit/skwasm.js"):
        # not cross-origin isolated (Flutter draws single-threaded, no raster worker), readable by no other
        # site
        with urllib.request.urlopen(f"https://127.0.0.1:{port}{path}", timeout=5, context=INSECURE) as r:
            assert r.headers["Cross-Origin-Opener-Policy"] == "same-origin", path
            assert r.headers["Cross-Origin-Embedder-Policy"] is None, path
            assert r.headers["Access-Control-Allow-Origin"] is None, path
    host = Driver(browser.new_context(ignore_https_errors=True).new_page())
    host.open(f"https://127.0.0.1:{port}/?k={key}")
    # the secret left the address bar and the history at once (a redirect, then a cookie)
    assert key not in host.page.url and host.page.url.endswith(f":{port}/"), host.page.url
    plain = browser.new_context(ignore_https_errors=True).new_page()
    plain.goto(f"https://127.0.0.1:{port}/")  # a page opened on the plain address, to compare
    assert host.page.evaluate("history.length") == plain.evaluate("history.length")
    plain.context.close()
    assert key not in host.page.evaluate("document.cookie")  # HttpOnly: no script reads it
    host.new_table("toy", {"table-name": "Feu secret"})
    # drawn by Flutter's single-threaded renderer: the page is not isolated and runs no worker
    assert host.page.evaluate("self.crossOriginIsolated") is False
    assert host.page.workers == [], [w.url for w in host.page.workers]
    pin = re.search(r"PIN : (\d{6})", host.all_text())
    assert pin, host.all_text()[:500]
    pin_text = pin.group(1)
    host.shot("security-host.png")

    stranger_page = browser.new_context(ignore_https_errors=True).new_page()
    patched = patch_client_ip(stranger_page)
    stranger = Driver(stranger_page)
    stranger.open(f"https://127.0.0.1:{port}/")
    stranger.wait("here-pin")
    stranger.page.wait_for_timeout(1500)
    assert patched, "the client_ip patch was sent"
    seen = stranger.all_text()
    assert "Feu secret" not in seen and pin_text not in seen
    for ident in ("start-new", "start-resume", "start-census", "open-0"):
        assert not stranger.page.locator(stranger.sel(ident)).count(), ident
    stranger.shot("security-stranger.png")
    stranger.fill("here-pin", "000000")
    stranger.click("here-open")
    stranger.page.wait_for_timeout(1500)
    assert "Feu secret" not in stranger.all_text()
    stranger.fill("here-pin", pin_text)
    stranger.click("here-open")
    stranger.wait("seat-table", timeout=30_000)
    seen = stranger.all_text()
    assert "Feu secret" in seen and not stranger.page.locator(stranger.sel("join-code")).count()
    assert pin_text not in seen
    stranger.shot("security-stranger-after-pin.png")


def test_a_foreign_origin_or_an_unknown_host_gets_nothing(tmp_path):
    import asyncio

    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus

    proc, port = start_app_anywhere(tmp_path / "data", toy=True, lan=True, log_path=tmp_path / "app.log")
    try:

        async def go() -> None:
            url = f"wss://127.0.0.1:{port}/ws"
            for origin in ("https://evil.example", f"http://127.0.0.1:{port}", None):
                with pytest.raises(InvalidStatus):
                    ws = await connect(url, ssl=INSECURE, origin=origin, open_timeout=5)
                    await ws.recv()
            ws = await connect(url, ssl=INSECURE, origin=f"https://127.0.0.1:{port}", open_timeout=5)
            await ws.close()

        asyncio.run(go())
        req = urllib.request.Request(f"https://127.0.0.1:{port}/", headers={"Host": "evil.example"})
        with pytest.raises(urllib.error.HTTPError) as exc:
            urllib.request.urlopen(req, timeout=5, context=INSECURE)
        assert exc.value.code == 421  # a DNS-rebinding page gets nothing
    finally:
        stop_app(proc)
