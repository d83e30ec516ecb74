"""Who a web page is, as the server proved it — never as the browser says.

The web UI's gate (:class:`companion.web.Guard`) reads two cookies it set itself, on the page's websocket
upgrade, and the socket's own peer address; it puts the result in :data:`CURRENT` for the websocket's task,
so the page's session (started in that task) finds it with :func:`current`. Nothing of Flet's register
message or page properties (``web``, ``platform``, ``client_ip``, ``client_user_agent``, ``route``,
``query``, …) takes part.

* ``tk_host``: set once the browser opened the host's secret link (``/?k=<secret>``), which is answered by
  a redirect to ``/`` — the secret leaves the address bar and the history at once. Its value is an HMAC
  of the secret, so the cookie is not the link.
* ``tk_device``: a random device token the server gives every browser on its first page (HttpOnly: the
  page's own script never reads it). It names the browser's seats and, once the browser proved a table's
  PIN, lets it come back to that table without the PIN (a reload, a host restart).
"""

from __future__ import annotations

import hashlib
import hmac
from contextvars import ContextVar
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie

from companion.sync.protocol import check_token, new_device_token

HOST_COOKIE = "tk_host"
DEVICE_COOKIE = "tk_device"
COOKIE_AGE = 400 * 24 * 3600  # s: a browser stays this device for a long while (browsers cap it at 400 days)


@dataclass(frozen=True)
class Identity:
    address: str  # the peer address of the page's socket
    host: bool  # the page proved the host's secret link (its cookie)
    device: str  # the browser's device token (from the server's cookie; a fresh one when it has none)


CURRENT: ContextVar[Identity | None] = ContextVar("tablekeeper_identity", default=None)


def current() -> Identity | None:
    """The identity the gate proved for the page being served now; None outside a served page (a window
    of this very process)."""
    return CURRENT.get()


class HostKey:
    """The host's secret link, and the cookie that stands for it once the link was opened."""

    def __init__(self, secret: str) -> None:
        self._secret = secret.encode()
        self._cookie = hmac.new(self._secret, b"tablekeeper host cookie", hashlib.sha256).hexdigest()

    def opens(self, given: str) -> bool:
        """Whether ``given`` (the ``k`` of a link) is the secret."""
        return bool(given) and hmac.compare_digest(given.encode("utf-8", "replace"), self._secret)

    @property
    def cookie(self) -> str:
        return self._cookie

    def proves(self, cookie: str | None) -> bool:
        return bool(cookie) and hmac.compare_digest(
            str(cookie).encode("utf-8", "replace"), self._cookie.encode()
        )


def cookies(headers: list[tuple[bytes, bytes]]) -> dict[str, str]:
    """The cookies of a request (a malformed Cookie header counts as none)."""
    jar: dict[str, str] = {}
    for k, v in headers:
        if k.lower() != b"cookie":
            continue
        c: SimpleCookie = SimpleCookie()
        try:
            c.load(v.decode("latin-1"))
        except CookieError:
            continue
        jar.update({name: morsel.value for name, morsel in c.items()})
    return jar


def identify(headers: list[tuple[bytes, bytes]], address: str, key: HostKey | None) -> Identity:
    """Who a websocket upgrade is, from the cookies the server set and the socket's address."""
    jar = cookies(headers)
    device = jar.get(DEVICE_COOKIE, "")
    return Identity(
        address=address,
        host=key is not None and key.proves(jar.get(HOST_COOKIE)),
        device=device if check_token(device) else new_device_token(),
    )


def set_cookie(name: str, value: str, secure: bool) -> tuple[bytes, bytes]:
    flags = f"Path=/; Max-Age={COOKIE_AGE}; HttpOnly; SameSite=Strict" + ("; Secure" if secure else "")
    return b"set-cookie", f"{name}={value}; {flags}".encode()


__all__ = [
    "CURRENT",
    "DEVICE_COOKIE",
    "HOST_COOKIE",
    "HostKey",
    "Identity",
    "cookies",
    "current",
    "identify",
    "set_cookie",
]
