"""Serving the web UI: Flet's web client and its websocket, over TLS, behind a few strict rules.

* **HTTPS** when the app is served to the LAN (a self-signed certificate the host makes for itself,
  :mod:`companion.tls`): the traffic carries every view, and browsers grant the camera only to a secure
  origin. On loopback alone plain HTTP is kept (a browser on the machine itself is a secure origin).
* **Host checked** on every request: an IP address, ``localhost``, this machine's name or ``<name>.local``
  (a page of another site that rebinds its DNS name to this machine gets nothing).
* **Origin checked** on the websocket: a page from another site cannot drive the app from a player's
  browser (cross-site websocket hijacking); a websocket with no Origin, or another one, is refused.
* **Headers** on every page: a Content-Security-Policy with ``frame-ancestors 'none'`` (and
  ``X-Frame-Options: DENY``: no framing, no clickjacking), ``Referrer-Policy: no-referrer`` (the host's
  secret link never leaks in a Referer), ``X-Content-Type-Options: nosniff``; Flet's
  ``Access-Control-Allow-Origin: *`` and ``Cross-Origin-Embedder-Policy`` taken off (:data:`DROPPED`).
* **Who a page is** comes from what this gate proved, never from the browser: the host's secret link
  (``/?k=…`` is answered with a redirect to ``/`` and an HttpOnly cookie, so the secret leaves the address
  bar and the history), the device cookie it gives every browser, and the socket's own address — put in
  :data:`companion.identity.CURRENT` for the page's websocket (:mod:`companion.identity`); the PIN is
  proven later, on the server (:mod:`companion.ui.access`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import os
import socket
import time
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from typing import Any
from urllib.parse import parse_qs, urlsplit

from . import cue, viewfinder
from .door import Door
from .identity import CURRENT, DEVICE_COOKIE, HOST_COOKIE, HostKey, cookies, identify, set_cookie
from .sync.protocol import check_token, new_device_token

log = logging.getLogger("tablekeeper.web")

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# Flutter's web client needs 'wasm-unsafe-eval' (CanvasKit/skwasm) and inline styles; everything is
# served from this host (no CDN): nothing else is allowed, and no page may frame the app.
CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:; "
    "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; "
    "media-src 'self' data: blob:; connect-src 'self' wss: ws: data: blob:; worker-src 'self' blob:; "
    "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
# Headers Flet's server adds that this app takes off:
# * ``Cross-Origin-Embedder-Policy: require-corp`` makes the page cross-origin isolated, and Flutter then
#   draws with its multi-threaded renderer (skwasm with a raster worker). On the benchmark's machine that
#   worker was the part that, in about one run of eight, burnt 94 ms of CPU per tap on one page instead of
#   3-6, and the part a page spun in for ever after a "memory access out of bounds"; single-threaded it
#   draws the same frames, and the benchmark's other pages were repainted sooner. The page loads nothing
#   from another origin (CSP above), so the isolation protects nothing here.
# * ``Access-Control-Allow-Origin: *``: no other site has any reason to read this app's answers.
DROPPED = {b"cross-origin-embedder-policy", b"access-control-allow-origin"}


def same_origin(headers: list[tuple[bytes, bytes]], scheme: str) -> tuple[bool, str]:
    """Whether a websocket upgrade's Origin is this very site (scheme, host and port of the request)."""
    h = {k.lower(): v for k, v in headers}
    origin = h.get(b"origin", b"").decode("latin-1")
    host = h.get(b"host", b"").decode("latin-1")
    if not origin:
        return False, "no Origin header"
    if not host:
        return False, "no Host header"
    o = urlsplit(origin)
    want = "https" if scheme in ("https", "wss") else "http"
    if o.scheme != want or o.netloc.lower() != host.lower():
        return False, f"Origin {origin[:80]!r} is not this site ({want}://{host[:80]})"
    return True, ""


def host_allowed(headers: list[tuple[bytes, bytes]], names: set[str]) -> bool:
    """Whether the Host header names this machine (an IP literal, localhost, its name or ``<name>.local``)."""
    import ipaddress

    host = {k.lower(): v for k, v in headers}.get(b"host", b"").decode("latin-1").strip().lower()
    if not host:
        return False
    name = urlsplit(f"//{host}").hostname or ""
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return name in names


def machine_names() -> set[str]:

    host = (socket.gethostname().split(".")[0] or "tablekeeper").lower()
    return {"localhost", host, f"{host}.local", socket.gethostname().lower()}


class PageBudget:
    """New pages (Flet websockets) per source address: at most :attr:`per_minute` a minute. A page holds its
    session's memory until :data:`SESSION_TIMEOUT_S` after its browser left; a browser reloading now and
    then never comes near the budget."""

    def __init__(self, per_minute: int = 30, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self._clock = clock
        self._opened: dict[str, collections.deque[float]] = {}

    def allow(self, address: str) -> bool:
        now = self._clock()
        if len(self._opened) > 4096:
            for a in [a for a, q in self._opened.items() if not q or q[-1] <= now - 60]:
                del self._opened[a]
        q = self._opened.setdefault(address, collections.deque())
        while q and q[0] <= now - 60:
            q.popleft()
        if len(q) >= self.per_minute:
            return False
        q.append(now)
        return True


class Guard:
    """ASGI middleware: security headers on HTTP answers, same-origin websockets only, known Host only, and
    who each page is (its cookies and socket, see :mod:`companion.identity`)."""

    def __init__(self, app: ASGIApp, names: set[str] | None = None, key: HostKey | None = None) -> None:
        self.app = app
        self.names = names if names is not None else machine_names()
        self.key = key  # the host's secret link (None: no page becomes the host by a link)
        self.refused = 0
        self.door: Door | None = None  # the listening socket, told of connections that made a whole request
        self.pages = PageBudget()  # new pages (websockets) per address and minute

    async def _host_link(self, scope: Scope, send: Send, given: str) -> None:
        """``/?k=<secret>``: a redirect to ``/`` (the secret leaves the address bar and the history), with
        the host's cookie when the secret is right."""
        secure = scope.get("scheme") == "https"
        heads = [(b"location", b"/"), (b"cache-control", b"no-store"), (b"content-length", b"0"), *HEADERS]
        if self.key is not None and self.key.opens(given):
            heads.append(set_cookie(HOST_COOKIE, self.key.cookie, secure))
        else:
            self.refused += 1
            log.warning("a wrong host link was opened from %s", (scope.get("client") or ("?",))[0])
        if not check_token(cookies(list(scope.get("headers") or [])).get(DEVICE_COOKIE, "")):
            heads.append(set_cookie(DEVICE_COOKIE, new_device_token(), secure))
        await send({"type": "http.response.start", "status": 303, "headers": heads})
        await send({"type": "http.response.body", "body": b""})

    async def _frame(self, scope: Scope, receive: Receive, send: Send, device: str) -> None:
        """``/tk-frame``: a frame of a page's open viewfinder, from this very site (its Origin) and a browser
        this gate gave a device cookie; which lens, and whether it is this device's, is the endpoint's."""
        ok, why = same_origin(list(scope.get("headers") or []), str(scope.get("scheme", "http")))
        if not ok or not device:
            self.refused += 1
            log.warning(
                "refused a camera frame from %s: %s",
                (scope.get("client") or ("?",))[0],
                why or "no device cookie",
            )
            why = why or "no device cookie"
            await send({"type": "http.response.start", "status": 403, "headers": [*HEADERS]})
            await send({"type": "http.response.body", "body": why.encode("utf-8", "replace")})
            return
        await viewfinder.endpoint(scope, receive, send, device, HEADERS)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope.get("type")
        if self.door is not None and kind in ("http", "websocket"):
            self.door.vouch(scope.get("client"))  # a whole request came through: never cut to make room
        if kind in ("http", "websocket") and not host_allowed(list(scope.get("headers") or []), self.names):
            self.refused += 1
            if kind == "websocket":
                await receive()
                await send({"type": "websocket.close", "code": 4403, "reason": "unknown host"})
            else:
                await send(
                    {
                        "type": "http.response.start",
                        "status": 421,
                        "headers": [(b"content-type", b"text/plain"), *HEADERS],
                    }
                )
                await send(
                    {"type": "http.response.body", "body": b"misdirected request: unknown host name\n"}
                )
            return
        if kind == "websocket":
            ok, why = same_origin(list(scope.get("headers") or []), str(scope.get("scheme", "ws")))
            if not ok:
                self.refused += 1
                log.warning("refused a websocket from %s: %s", (scope.get("client") or ("?",))[0], why)
                await receive()  # the websocket.connect message
                await send({"type": "websocket.close", "code": 4403, "reason": "cross-origin"})
                return
            address = str((scope.get("client") or ("?",))[0])
            if not self.pages.allow(address):  # a stranger opening page after page: each holds memory
                self.refused += 1
                await receive()
                await send({"type": "websocket.close", "code": 4429, "reason": "too many pages"})
                return
            token = CURRENT.set(identify(list(scope.get("headers") or []), address, self.key))
            try:  # the page's session starts in this task: it finds who it is in CURRENT
                await self.app(scope, receive, send)
            finally:
                CURRENT.reset(token)
            return
        if kind == "http":
            head = scope.get("method") == "HEAD"  # answered with a GET's headers (and length), no body
            if head or scope.get("method") == "GET":
                query = parse_qs(bytes(scope.get("query_string") or b"").decode("latin-1"))
                if "k" in query:
                    await self._host_link(scope, send, query["k"][0])
                    return
            secure = scope.get("scheme") == "https"
            device = cookies(list(scope.get("headers") or [])).get(DEVICE_COOKIE, "")
            known = check_token(device)
            if scope.get("path") == viewfinder.PATH:  # a page's camera frame (companion.viewfinder)
                await self._frame(scope, receive, send, device if known else "")
                return
            own = cue.asset(str(scope.get("path") or "")) if head or scope.get("method") == "GET" else None
            if own is not None:  # the page's announcement script and its sounds (companion.cue)
                body, ctype = own
                await send(
                    {
                        "type": "http.response.start",
                        "status": 200,
                        "headers": [
                            (b"content-type", ctype),
                            (b"content-length", str(len(body)).encode()),
                            (b"cache-control", b"no-cache"),
                            *HEADERS,
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": b"" if head else body})
                return
            held: list[MutableMapping[str, Any]] = []  # an HTML page's start and body, until it is whole
            chunks: list[bytes] = []

            async def send_with_headers(message: MutableMapping[str, Any]) -> None:
                if message.get("type") == "http.response.start":
                    own = [(k, v) for k, v in message.get("headers", []) if k.lower() not in DROPPED]
                    names = {k.lower() for k, _ in own}
                    message["headers"] = own + [(k, v) for k, v in HEADERS if k not in names]
                    heads = {k.lower(): v for k, v in message["headers"]}
                    if (
                        heads.get(b"content-type", b"").startswith(b"text/html")
                        and b"content-encoding" not in heads
                    ):
                        if not known:  # a browser's first page: the device token it will be known by
                            message["headers"].append(set_cookie(DEVICE_COOKIE, new_device_token(), secure))
                        held.append(message)  # the web client's index.html: the script is added to it
                        return
                elif held and message.get("type") == "http.response.body":
                    chunks.append(bytes(message.get("body", b"")))
                    if message.get("more_body"):
                        return
                    body = cue.inject(b"".join(chunks))
                    start = held.pop()
                    start["headers"] = [
                        (k, v) for k, v in start["headers"] if k.lower() != b"content-length"
                    ] + [(b"content-length", str(len(body)).encode())]
                    await send(start)
                    message = {"type": "http.response.body", "body": body}
                if head and message.get("type") == "http.response.body":
                    if message.get("more_body"):
                        return
                    message = {"type": "http.response.body", "body": b""}
                await send(message)

            # a HEAD is asked of the app as a GET: the page's length then counts the script added to it
            await self.app({**scope, "method": "GET"} if head else scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send)


class _Coalescing:
    """A transport that writes what one turn of the event loop sent as one write (one syscall, one TCP
    segment, one TLS record). A screen's update is several websocket messages (one per changed control);
    written one by one on a loaded machine, each write woke the browser's reader, which could take the CPU
    between two messages of one update: a page received one update in two or three bursts."""

    def __init__(self, transport: asyncio.Transport) -> None:
        self._transport = transport
        self._pending: list[bytes] = []

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not self._pending:
            asyncio.get_running_loop().call_soon(self.flush)
        self._pending.append(bytes(data))

    def flush(self) -> None:
        pending, self._pending = self._pending, []
        if pending and not self._transport.is_closing():
            self._transport.write(b"".join(pending))

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


def _ws_protocol() -> type:
    """uvicorn's websocket protocol (``websockets-sansio``), writing through :class:`_Coalescing`; a page
    already closing when the app stops is let go quietly."""
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    from websockets.exceptions import InvalidState

    class CoalescingWebSocket(WebSocketsSansIOProtocol):
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(_Coalescing(transport))  # type: ignore[arg-type]

        def shutdown(self) -> None:
            """The app stopping: a page whose closing handshake had already begun is simply let go (uvicorn
            would send it a second close frame, which websockets refuses, and the app would end with 1)."""
            try:
                super().shutdown()
            except InvalidState:
                self.transport.close()

    return CoalescingWebSocket


# A page whose browser went away keeps its Flet session this long for the browser to come back to (the
# shell keeps its screen live for less: companion.ui.shell.AWAY_GRACE_S); Flet's own default is an hour,
# during which a stranger's abandoned pages would hold their memory.
SESSION_TIMEOUT_S = 600


def build_app(main: Callable[..., Any], assets_dir: str | None = None, key: HostKey | None = None) -> Guard:
    import flet_web.fastapi as flet_fastapi

    from . import runtime

    runtime.install()
    app = flet_fastapi.app(
        main,
        assets_dir=os.path.abspath(assets_dir or "assets"),
        no_cdn=True,
        session_timeout_seconds=SESSION_TIMEOUT_S,
    )
    return Guard(app, key=key)


def _server_class() -> type:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server, which after a graceful shutdown on SIGTERM or SIGINT raises that signal again
        (the process then dies of it, before the app's own shutdown: its tables closed, its zeroconf
        goodbyes sent). Here the shutdown is the app's: :func:`serve` returns and the app ends with 0."""

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            with super().capture_signals():
                yield
                self._captured_signals.clear()

    return Server


async def serve(
    main: Callable[..., Any],
    host: str,
    port: int,
    certfile: str | None = None,
    keyfile: str | None = None,
    assets_dir: str | None = None,
    ready: Callable[[], None] | None = None,
    key: HostKey | None = None,
) -> None:
    """Serve the app until cancelled (TLS when ``certfile`` is given); ``key``: the host's secret link."""
    import uvicorn

    from .runtime import idle_gc

    app = build_app(main, assets_dir, key)
    idle_gc.install()  # full garbage collections when no page is being drawn (see companion.runtime.idle_gc)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws=_ws_protocol(),
        ssl_certfile=certfile,
        ssl_keyfile=keyfile,
        proxy_headers=False,
        server_header=False,
        timeout_keep_alive=5,
        limit_concurrency=2048,
        timeout_graceful_shutdown=1,  # SIGTERM: open pages get a second, then the app stops
    )
    server = _server_class()(config)
    listening = Door.listen_on(host, port)
    app.door = listening  # the gate vouches for connections that made a whole request
    trimmer = asyncio.get_running_loop().create_task(listening.trim_now_and_then())
    if ready is not None:

        async def announce() -> None:
            while not server.started:
                await asyncio.sleep(0.05)
            ready()

        asyncio.get_running_loop().create_task(announce())
    try:
        await server.serve(sockets=[listening])
    finally:
        trimmer.cancel()
        listening.close()
