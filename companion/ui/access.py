"""Who a page is, decided on the server — never from what the browser says about itself.

* The **hosting device**: a window of this very process (the desktop app, the app on a phone), every page of
  a web UI that listens on loopback only (``--host 127.0.0.1``: every page is on this machine), or a
  browser that opened the secret link the host printed at start (``…/?k=<secret>``; the server answers it
  with a redirect and an HttpOnly cookie: :mod:`companion.identity`). It sees the PIN, the join code, the
  saved tables; it creates and resumes tables, hands seats over and allows table tablets.
* **Any other browser** sees nothing about any table until it proves a table's PIN, checked here on the
  server under the attempt budget the sync ports share, counted on the socket's own address. It then sees
  that table only — and, since the table remembers its device, sees it again after a reload or a host
  restart without the PIN.
* Every browser has its own secret **device token**, given by the server in an HttpOnly cookie: a seat it
  opens belongs to it, as seats joined over the LAN belong to their device.

Whether pages are served to browsers at all is how this process was started (:attr:`Hub.served`); nothing
of Flet's register message or page properties (``web``, ``platform``, ``client_ip``, ``route``, …) is read.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from companion import identity
from companion.sync.protocol import new_device_token

if TYPE_CHECKING:
    from .hub import Hosted, Hub

log = logging.getLogger("tablekeeper.app")


class Access:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        who = identity.current()
        self.device_token: str | None
        if hub.served:
            # a page served to a browser: the host when this server listens on loopback only, or when the
            # page's websocket carried the host's cookie; its device token is the server's cookie
            self.admin = hub.loopback_only or (who is not None and who.host)
            self.address = who.address if who is not None else "?"
            self.device_token = who.device if who is not None else new_device_token()
        else:  # a window of this very process: the hosting device itself
            self.admin = True
            self.address = "local"
            self.device_token = None
        self.granted: set[str] = set()  # table ids whose PIN this page proved

    def may_see(self, hosted: Hosted) -> bool:
        """The host sees every table; another page a table whose PIN it proved, now or before (the table
        remembers its device)."""
        if self.admin:
            return True
        server = hosted.server
        if getattr(server, "table_id", None) in self.granted:
            return True
        return self.device_token is not None and bool(server.knows(self.device_token))

    async def prove_pin(self, pin: str) -> tuple[list[Hosted], str]:
        """The hosted tables whose PIN is ``pin`` (granted to this page, and remembered by each table for
        this device), or why none: budgets apply."""
        found, why = await self.hub.try_pin(pin, self.address)
        for h in found:
            self.granted.add(h.server.table_id)
            if self.device_token is not None:
                try:
                    h.server.remember(self.device_token)
                except Exception as exc:  # noqa: BLE001 - not remembered: this visit still sees it
                    log.warning("could not remember a device at %s: %s", h.name, exc)
        return found, why


__all__ = ["Access"]
