"""The web UI's door on the LAN, knocked on by protocol-level Flet clients that lie about themselves.

The app runs as ``tablekeeper app --web --host 0.0.0.0`` (HTTPS). Its host (a page carrying the cookie the
secret link leaves) creates a table; then pages that say anything of themselves in Flet's register message
and later property updates — ``web``, ``platform``, ``client_ip``, ``client_user_agent``, ``route`` (even
with the secret in it), ``pwa``, ``debug``, window sizes — see nothing of the table until they prove its PIN,
and never the PIN, the join code or the host's powers.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import itertools
import re
import secrets
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from harness.app import INSECURE, free_port, start_app, start_app_anywhere, stop_app
from harness.flet_client import BROWSER_PAGE, FletPage

pytestmark = [pytest.mark.timeout(600)]

TABLE = "Feu secret"
HOST_ONLY = {"start-new", "start-resume", "start-census", "join-code", "new-pin", "fingerprint"}


class Lan:
    def __init__(self, url: str, key: str, pin: str, data: Path) -> None:
        self.url, self.key, self.pin, self.data = url, key, pin, data

    @property
    def host_cookie(self) -> str:
        return (
            "tk_host=" + hmac.new(self.key.encode(), b"tablekeeper host cookie", hashlib.sha256).hexdigest()
        )


@pytest.fixture(scope="module")
def lan(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("lan")
    data = tmp / "data"
    proc, port = start_app_anywhere(data, toy=True, lan=True, log_path=tmp / "app.log")
    try:
        url = f"https://127.0.0.1:{port}/"
        key = (data / "web-host-key").read_text().strip()

        async def make() -> str:
            host = await FletPage.open(url, cookie=Lan(url, key, "", data).host_cookie)
            try:
                await host.tap("start-new")
                await host.tap("game-toy")
                await host.type("table-name", TABLE)
                await host.tap("create")
                await host.wait_for("join-code", 60)
                return next(m.group(1) for s in host.strings() if (m := re.search(r"PIN : (\d{6})", s)))
            finally:
                await host.close()

        pin = asyncio.run(make())
        yield Lan(url, key, pin, data)
    finally:
        stop_app(proc)
        log = (tmp / "app.log").read_text(errors="replace")
        assert "Traceback" not in log, log[-3000:]


def nothing_of_the_table(page: FletPage, lan: Lan, said_key: bool = False) -> None:
    """Nothing of the table on ``page`` (``said_key``: the page itself sent the host's secret, which the
    server's answer to its register message echoes back as the page's own route)."""
    shown = page.identifiers()
    assert not shown & HOST_ONLY, shown & HOST_ONLY
    assert not any(i.startswith("open-") for i in shown), shown
    for secret in (TABLE, lan.pin, "tk://", *([] if said_key else [lan.key])):
        assert not page.seen(secret), secret


LIES = {
    "web": [True, False],
    "platform": ["linux", "android", "ios", "windows"],
    "client_ip": [None, "127.0.0.1"],
    "route": ["/", "/?k={key}"],
    "pwa": [True, False],
    "debug": [True, False],
}


def test_no_property_a_page_says_of_itself_makes_it_the_host(lan):
    """Every combination of what a page says in Flet's register message (128), then the same lies again
    as property updates after the start screen: no table, no PIN, no host power."""

    async def one(n: int, combo: dict) -> None:
        props = {**BROWSER_PAGE, "client_user_agent": "tablekeeper-host"}
        for k, v in combo.items():
            if v is not None:
                props[k] = v.format(key=lan.key) if isinstance(v, str) else v
        page = await FletPage.open(lan.url, props, local_addr=(f"127.0.40.{n + 1}", 0))
        said = lan.key in str(props.get("route"))
        try:
            await page.wait_for("here-pin", 30)
            nothing_of_the_table(page, lan, said)
            lies = {k: v for k, v in props.items() if k in ("web", "platform", "client_ip", "route", "pwa")}
            await page.set_props(1, {**lies, "width": 390.0, "height": 844.0, "client_ip": "127.0.0.1"})
            before = len(page.frames)
            await page.tap("lang")  # the page is drawn again, in English, with whatever it now says
            while len(page.frames) == before:
                await asyncio.sleep(0.02)
            await page.wait_for("here-pin", 30)
            nothing_of_the_table(page, lan, said)
            await page.tap("start-join")  # the one screen it may open
            await page.wait_for("join-code-field", 30)
            nothing_of_the_table(page, lan, said)
        finally:
            await page.close()

    combos = [dict(zip(LIES, values, strict=True)) for values in itertools.product(*LIES.values())]
    assert len(combos) == 128

    async def all_of_them() -> None:
        for i in range(0, len(combos), 8):
            await asyncio.gather(*(one(n, c) for n, c in enumerate(combos[i : i + 8], start=i)))

    asyncio.run(all_of_them())


def test_a_page_that_taps_every_control_id_it_can_guess_sees_nothing(lan):
    """Flet's events name controls by number: a page that sends a tap, a change and a submit to every number
    up to 600 (the host's pages' controls included, had they been shared) reaches only its own."""

    async def go() -> None:
        page = await FletPage.open(lan.url, local_addr=("127.0.41.1", 0))
        try:
            await page.wait_for("here-pin", 30)
            for cid in range(1, 601):
                for name, data in (("click", None), ("change", "123456"), ("submit", "123456")):
                    await page.event(cid, name, data)
            await asyncio.sleep(2)
            nothing_of_the_table(page, lan)
        finally:
            await page.close()

    asyncio.run(go())


def test_a_host_cookie_the_server_did_not_give_makes_no_host(lan):
    async def go() -> None:
        for cookie in (
            f"tk_host={secrets.token_hex(32)}",
            f"tk_host={lan.key}",  # the secret itself is not the cookie
            "tk_host=" + hmac.new(b"another secret", b"tablekeeper host cookie", hashlib.sha256).hexdigest(),
            "tk_host=",
            'tk_host="; tk_host=x',
        ):
            page = await FletPage.open(lan.url, cookie=cookie)
            try:
                await page.wait_for("here-pin", 30)
                nothing_of_the_table(page, lan)
            finally:
                await page.close()
        host = await FletPage.open(lan.url, cookie=lan.host_cookie)  # the server's own: the host
        try:
            await host.wait_for("start-new", 30)
            await host.tap("open-0")
            await host.wait_for("join-code", 30)
            assert host.seen(lan.pin)
        finally:
            await host.close()

    asyncio.run(go())


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_the_secret_link_is_answered_with_a_redirect_and_a_cookie_never_a_page(lan):
    opener = urllib.request.build_opener(NoRedirect, urllib.request.HTTPSHandler(context=INSECURE))
    for given, is_host in ((lan.key, True), ("wrong", False), (lan.key[:-1], False)):
        with pytest.raises(urllib.error.HTTPError) as exc:
            opener.open(f"{lan.url}?k={given}", timeout=10)
        r = exc.value
        assert r.code == 303 and r.headers["Location"] == "/", (given, r.code)
        cookies = r.headers.get_all("Set-Cookie") or []
        host = [c for c in cookies if c.startswith("tk_host=")]
        assert bool(host) is is_host, cookies
        for c in cookies:
            assert "HttpOnly" in c and "SameSite=Strict" in c and "Secure" in c, c
        assert r.read() == b""
        if is_host:
            assert lan.key not in host[0]  # the cookie is not the secret


def test_a_page_that_proved_the_pin_comes_back_to_the_table_without_it(lan):
    device = "tk_device=" + secrets.token_hex(32)

    async def go() -> None:
        page = await FletPage.open(lan.url, cookie=device)
        try:
            await page.wait_for("here-pin", 30)
            await page.type("here-pin", "000000")
            await page.tap("here-open")
            await asyncio.sleep(1.0)
            nothing_of_the_table(page, lan)
            await page.type("here-pin", lan.pin)
            await page.tap("here-open")
            await page.wait_for("seat-table", 30)
            assert page.seen(TABLE) and not page.seen(lan.pin) and not page.seen("tk://")
        finally:
            await page.close()
        again = await FletPage.open(lan.url, cookie=device)  # a reload, a new tab: the same browser
        try:
            await again.wait_for("seat-table", 30)  # back where it was, the table's seats, with no PIN
            assert again.seen(TABLE) and not again.seen(lan.pin)
        finally:
            await again.close()
        other = await FletPage.open(lan.url, cookie="tk_device=" + secrets.token_hex(32))
        try:
            await other.wait_for("here-pin", 30)
            nothing_of_the_table(other, lan)
        finally:
            await other.close()

    asyncio.run(go())


def test_forgetting_every_device_is_asked_first_then_each_types_the_pin_again(lan):
    """A mis-tap on the host's screen must not send every phone back to the PIN form: "Forget every device"
    asks; "keep" changes nothing; "forget" makes a device that proved the PIN type it again."""
    device = "tk_device=" + secrets.token_hex(32)

    async def proved() -> bool:
        page = await FletPage.open(lan.url, cookie=device)
        try:
            for _wait in range(300):
                if page.find("seat-table") is not None:
                    return True
                if page.find("here-pin") is not None:
                    return False
                await asyncio.sleep(0.1)
            raise AssertionError(f"neither the table nor the PIN form: {sorted(page.identifiers())}")
        finally:
            await page.close()

    async def go() -> None:
        page = await FletPage.open(lan.url, cookie=device)
        try:
            await page.type("here-pin", lan.pin, 30)
            await page.tap("here-open")
            await page.wait_for("seat-table", 30)
        finally:
            await page.close()
        host = await FletPage.open(lan.url, cookie=lan.host_cookie)
        try:
            await host.tap("open-0", 30)
            await host.tap("forget-devices", 30)
            await host.tap("forget-keep")
            assert await proved(), "kept devices must come back with no PIN"
            await host.tap("forget-devices")
            await host.tap("forget-yes")
            await asyncio.sleep(0.5)
            assert host.seen("Chaque appareil devra retaper le code PIN.")
        finally:
            await host.close()
        assert not await proved(), "a forgotten device must type the PIN again"

    asyncio.run(go())


def test_a_page_that_proved_nothing_makes_the_host_connect_nowhere_and_hears_one_answer(lan):
    """ "Join a table" with a typed code: only tables this app hosts or found; every refusal alike."""

    async def go() -> None:
        knocks: list[int] = []

        async def trap(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            knocks.append(1)
            writer.close()

        server = await asyncio.start_server(trap, "127.0.0.1", 0)
        open_port = server.sockets[0].getsockname()[1]
        closed_port = free_port()
        said: list[str] = []
        try:
            for port in (open_port, closed_port):
                page = await FletPage.open(lan.url)
                try:
                    await page.tap("start-join")
                    field = await page.wait_for("join-code-field", 30)
                    code = f"tk://127.0.0.1:{port}/?pin=123456&name=Ailleurs"
                    await page.type("join-code-field", code)
                    await page.event(int(field["_i"]), "submit", code)
                    for _ in range(100):
                        texts = [s for s in page.strings() if "Aucune table" in s or "No table" in s]
                        if texts:
                            break
                        await asyncio.sleep(0.05)
                    assert texts, "the page was told nothing"
                    said.append(texts[-1])
                    nothing_of_the_table(page, lan)
                finally:
                    await page.close()
        finally:
            server.close()
        assert knocks == [], "the host connected where a stranger's page said"
        assert said[0] == said[1]  # an open port and a closed one are told apart by nothing

    asyncio.run(go())


def test_sigterm_ends_the_app_cleanly_under_held_connections_and_a_restart_hosts_its_table_again(tmp_path):
    """Held sockets (a stranger's) and an open page do not keep the app from ending on SIGTERM with 0; the
    table it hosted is hosted again by the next start (and by one after a SIGKILL), its PIN unchanged."""
    import signal
    import ssl
    import subprocess

    port = free_port()
    data = tmp_path / "data"
    url = f"https://127.0.0.1:{port}/"

    def start() -> subprocess.Popen[bytes]:
        return start_app(data, port, toy=True, lan=True, log_path=tmp_path / "app.log")

    proc = start()
    key = (data / "web-host-key").read_text().strip()
    cookie = Lan(url, key, "", data).host_cookie
    try:

        async def make_and_hold() -> str:
            host = await FletPage.open(url, cookie=cookie)
            await host.tap("start-new")
            await host.tap("game-toy")
            await host.type("table-name", TABLE)
            await host.tap("create")
            await host.wait_for("join-code", 60)
            pin = next(m.group(1) for s in host.strings() if (m := re.search(r"PIN : (\d{6})", s)))
            ctx = ssl.create_default_context()
            ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE
            held = [
                (await asyncio.open_connection("127.0.0.1", port, ssl=ctx, local_addr=(f"127.0.9.{i}", 0)))[1]
                for i in range(1, 41)
            ]
            proc.send_signal(signal.SIGTERM)
            rc = await asyncio.to_thread(proc.wait, 30)
            assert rc == 0, rc
            for w in held:
                w.close()
            await host.close()
            return pin

        pin = asyncio.run(make_and_hold())
        log = (tmp_path / "app.log").read_text(errors="replace")
        assert "Traceback" not in log, log[-2000:]

        for ending in ("a SIGTERM", "a SIGKILL"):
            proc = start()

            async def back() -> None:
                page = await FletPage.open(url)  # a stranger's page: the table is hosted, by its PIN
                try:
                    await page.type("here-pin", pin)
                    await page.tap("here-open")
                    await page.wait_for("seat-table", 30)
                    assert page.seen(TABLE)
                finally:
                    await page.close()

            asyncio.run(back())
            if ending == "a SIGTERM":
                proc.send_signal(signal.SIGTERM)
                assert proc.wait(30) == 0
            else:
                proc.kill()
                proc.wait(10)
    finally:
        stop_app(proc)
