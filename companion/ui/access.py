"""Who a page is, decided on the server — never from what the browser says about itself.

* The **hosting device**: a desktop window of this process, a page of a web UI that listens on loopback
  only (``--host 127.0.0.1``: every page is on this machine), or a browser that opened the secret link the
  host printed at start (``…/?k=<secret>``, as Jupyter does; the secret is kept in that browser's storage
  so a reload keeps it). It sees the PIN, the join code, the saved tables; it creates and resumes tables
  and hands seats over.
* **Any other browser** sees nothing about any table until it proves a table's PIN, checked here on the
  server under an attempt budget counted on the connection's real address (taken from the socket, not
  from ``page.client_ip``, which a browser can overwrite). It then sees that table only.
* Every browser has its own secret **device token** (in its storage): a seat it opens belongs to it, as
  seats joined over the LAN belong to their device.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
from typing import TYPE_CHECKING

import flet as ft

from companion.sync.protocol import check_token, new_device_token

from . import prefs

if TYPE_CHECKING:
    from .hub import Hosted, Hub

log = logging.getLogger("tablekeeper.app")

HOST_KEY_PREF = "tablekeeper.host-key"
DEVICE_PREF = "tablekeeper.device"


def real_address(page: ft.Page) -> str:
    """The address of the socket this page came on (Flet's server side), never the browser's claim."""
    conn = getattr(getattr(page, "session", None), "connection", None)
    ip = getattr(conn, "_FletApp__client_ip", None)  # flet-web 1.0.5: read from the websocket itself
    return str(ip) if ip else "?"


def route_key(route: str | None) -> str:
    from urllib.parse import parse_qs, urlsplit

    try:
        return parse_qs(urlsplit(route or "").query).get("k", [""])[0]
    except ValueError:
        return ""


class Access:
    def __init__(self, page: ft.Page, hub: Hub) -> None:
        self.page = page
        self.hub = hub
        # a window of this very process, or a page served only on loopback (by this server's own binding)
        self.admin = not page.web or hub.loopback_only
        self.address = "local" if self.admin else real_address(page)
        self.device_token = new_device_token()
        self.granted: set[str] = set()  # table ids whose PIN this page proved
        self.pins: dict[str, str] = {}  # table id -> the PIN this page proved (kept to come back by itself)

    async def establish(self) -> None:
        """Read this device's token (a browser's storage, a phone's preferences) and, in a browser, the
        host's secret link (URL, then storage)."""
        store = prefs.of(self.page)
        try:
            token = await asyncio.wait_for(store.get(DEVICE_PREF), 3)
        except Exception:  # noqa: BLE001 - no storage: a fresh token for this visit
            token = None
        if isinstance(token, str) and check_token(token):
            self.device_token = token
        else:
            await self._store(DEVICE_PREF, self.device_token)
        if not self.page.web:
            return
        given = route_key(self.page.route)
        if given:
            if self.hub.is_host_key(given):
                self.admin = True
                await self._store(HOST_KEY_PREF, given)
            else:
                log.warning("a wrong host link was opened from %s", self.address)
            try:  # the secret does not stay in the address bar
                self.page.route = "/"
                self.page.update()
            except Exception:  # noqa: BLE001
                pass
        if not self.admin:
            try:
                kept = await asyncio.wait_for(store.get(HOST_KEY_PREF), 3)
            except Exception:  # noqa: BLE001
                kept = None
            if isinstance(kept, str) and kept and self.hub.is_host_key(kept):
                self.admin = True

    async def _store(self, key: str, value: str) -> None:
        try:
            await asyncio.wait_for(prefs.of(self.page).set(key, value), 3)
        except Exception:
            log.debug("could not store %s", key, exc_info=True)

    def may_see(self, hosted: Hosted) -> bool:
        return self.admin or getattr(hosted.server, "table_id", None) in self.granted

    async def prove_pin(self, pin: str) -> tuple[list[Hosted], str]:
        """The hosted tables whose PIN is ``pin`` (granted to this page), or why none: budgets apply."""
        found, why = await self.hub.try_pin(pin, self.address)
        for h in found:
            self.granted.add(h.server.table_id)
            self.pins[h.server.table_id] = str(pin).strip()
        return found, why


def new_host_key() -> str:
    return secrets.token_urlsafe(24)


def same_key(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


__all__ = ["Access", "new_host_key", "real_address", "route_key", "same_key"]
