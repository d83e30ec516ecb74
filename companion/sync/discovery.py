"""Finding tables on the LAN with zeroconf (mDNS/DNS-SD), service type ``_tablekeeper._tcp.local.``.

The host's :class:`Advertiser` publishes one service per table. Its instance name is unique by design:
the table's name followed by a short piece of its random table id (``Campfire ~3f9a1c2e``), so two tables
with one name on one Wi-Fi are both listed without relying on zeroconf's rename on conflict; the
human name travels in the TXT property ``name``, with ``game``, ``proto`` (protocol version) and ``id``.
The PIN is never advertised. A joining
device's :class:`Browser` lists the tables it sees and calls ``on_change`` (from zeroconf's thread)
whenever the list changes.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import secrets
import socket
import sys
import threading
from collections.abc import Callable
from typing import Any

import ifaddr
import msgspec
from zeroconf import IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

from .protocol import PROTO, SERVICE_TYPE

log = logging.getLogger("tablekeeper.sync")
# zeroconf warns, with a traceback, of every interface it cannot send on (a VPN's, an unplugged one's): what
# matters to a user is said by tablekeeper itself (no table found, discovery unavailable)
logging.getLogger("zeroconf").setLevel(logging.ERROR)


class TableInfo(msgspec.Struct, frozen=True):
    name: str
    host: str
    port: int
    game: str
    protocol: int
    table_id: str = ""


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses, LAN ones first, loopback last (read locally; nothing is sent)."""
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                addr = ipaddress.ip_address(ip.ip)
                if not addr.is_link_local and str(addr) not in found:
                    found.append(str(addr))
    return sorted(
        found, key=lambda a: (ipaddress.ip_address(a).is_loopback, not ipaddress.ip_address(a).is_private)
    )


_multicast_lock: Any = None


def on_android() -> bool:
    return sys.platform == "android" or "ANDROID_ARGUMENT" in os.environ or "ANDROID_ROOT" in os.environ


def acquire_multicast_lock() -> bool:
    """On Android, Wi-Fi drops multicast (so mDNS) unless the app holds a ``WifiManager.MulticastLock``
    (with the ``CHANGE_WIFI_MULTICAST_STATE`` permission, declared in pyproject's ``[tool.flet.android]``).
    Taken once, through pyjnius when the mobile build has it. Elsewhere: nothing to do, returns False."""
    global _multicast_lock
    if _multicast_lock is not None:
        return True
    if not on_android():
        return False
    try:
        from jnius import autoclass

        activity = autoclass("org.kivy.android.PythonActivity").mActivity
        context = autoclass("android.content.Context")
        wifi = activity.getApplicationContext().getSystemService(context.WIFI_SERVICE)
        lock = wifi.createMulticastLock("tablekeeper-mdns")
        lock.setReferenceCounted(False)
        lock.acquire()
    except Exception as exc:  # noqa: BLE001 - discovery may still work; joining by code always does
        log.warning("could not take Android's multicast lock (%s): tables may not be discovered", exc)
        return False
    _multicast_lock = lock
    return True


def _instance(name: str, suffix: str = "") -> str:
    # DNS-SD instance names are up to 63 bytes of UTF-8; dots are fine inside an instance label
    tail = f" ~{suffix}" if suffix else ""
    room = 63 - len(tail.encode("utf-8"))
    raw = name.encode("utf-8")[:room].decode("utf-8", "ignore").strip() or "table"
    return raw + tail


class Advertiser:
    """Publishes one table (used by :class:`~companion.sync.hosting.HostServer`)."""

    def __init__(
        self,
        name: str,
        port: int,
        game: str,
        addresses: list[str] | None = None,
        interfaces: Any = None,
        table_id: str = "",
    ) -> None:
        self.table_name = name
        self.table_id = table_id or secrets.token_hex(4)  # unique instance names even without a table
        self.name = _instance(name, table_id[:8])
        self.port = port
        self.game = game
        addrs = addresses or [a for a in lan_addresses() if not ipaddress.ip_address(a).is_loopback]
        self.addresses = addrs or ["127.0.0.1"]
        self._interfaces = interfaces
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None

    @property
    def registered_name(self) -> str:
        """The instance name in use (zeroconf adds `` (2)`` when another table has the same name)."""
        if self._info is None:
            return self.name
        return self._info.name[: -len(SERVICE_TYPE) - 1]

    async def start(self) -> None:
        acquire_multicast_lock()
        host = socket.gethostname().split(".")[0] or "tablekeeper"
        self._info = AsyncServiceInfo(
            SERVICE_TYPE,
            f"{self.name}.{SERVICE_TYPE}",
            addresses=[socket.inet_aton(a) for a in self.addresses],
            port=self.port,
            properties={
                "game": self.game,
                "proto": str(PROTO),
                "name": self.table_name[:200],
                "id": self.table_id[:8],
            },
            server=f"{host}-tk{self.port}.local.",
        )
        kwargs: dict[str, Any] = {"ip_version": IPVersion.V4Only}
        if self._interfaces is not None:
            kwargs["interfaces"] = self._interfaces
        self._zc = AsyncZeroconf(**kwargs)
        try:
            # the call returns the task that announces the service: wait for it too
            await (await self._zc.async_register_service(self._info, allow_name_change=True))
        except BaseException:
            await self._zc.async_close()
            self._zc = None
            raise

    async def stop(self) -> None:
        if self._zc is None:
            return
        try:
            if self._info is not None:
                await (await self._zc.async_unregister_service(self._info))  # the goodbye packets
        finally:
            await self._zc.async_close()
            self._zc = None


class Browser:
    """Lists the tables advertised on the LAN. ``on_change(tables)`` runs on zeroconf's thread."""

    def __init__(self, on_change: Callable[[list[TableInfo]], None], interfaces: Any = None) -> None:
        self._on_change = on_change
        self._interfaces = interfaces
        self._zc: Zeroconf | None = None
        self._browser: Any = None
        self._tables: dict[str, TableInfo] = {}
        self._lock = threading.Lock()

    @property
    def tables(self) -> list[TableInfo]:
        with self._lock:
            return sorted(self._tables.values(), key=lambda t: (t.name.lower(), t.host, t.port))

    def start(self) -> None:
        if self._zc is not None:
            return
        acquire_multicast_lock()
        from zeroconf import ServiceBrowser

        kwargs: dict[str, Any] = {"ip_version": IPVersion.V4Only}
        if self._interfaces is not None:
            kwargs["interfaces"] = self._interfaces
        made: list[Zeroconf] = []
        # Made on a thread of its own so that zeroconf runs its own loop even when the caller (a Flet
        # app) has a running asyncio loop in this thread.
        t = threading.Thread(target=lambda: made.append(Zeroconf(**kwargs)), daemon=True)
        t.start()
        t.join(10)
        if not made:
            raise RuntimeError("zeroconf did not start")
        self._zc = made[0]
        self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._on_state])

    def stop(self) -> None:
        zc, self._zc = self._zc, None
        if zc is None:
            return
        if self._browser is not None:
            self._browser.cancel()
            self._browser = None
        zc.close()

    def _on_state(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        changed = False
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                changed = self._tables.pop(name, None) is not None
        else:
            info = zeroconf.get_service_info(service_type, name, timeout=3000)
            table = _table_info(name, info) if info is not None else None
            if table is not None:
                with self._lock:
                    changed = self._tables.get(name) != table
                    self._tables[name] = table
        if changed:
            try:
                self._on_change(self.tables)
            except Exception:
                log.exception("Browser on_change failed")


def _table_info(fullname: str, info: Any) -> TableInfo | None:
    addrs = info.parsed_addresses(IPVersion.V4Only)
    if not addrs or not info.port:
        return None
    props = {
        (k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k)): (
            v.decode("utf-8", "replace") if isinstance(v, bytes) else ""
        )
        for k, v in (info.properties or {}).items()
    }
    try:
        proto = int(props.get("proto", "0"))
    except ValueError:
        proto = 0
    name = props.get("name") or (
        fullname[: -len(SERVICE_TYPE) - 1] if fullname.endswith("." + SERVICE_TYPE) else fullname
    )
    return TableInfo(
        name=name,
        host=addrs[0],
        port=int(info.port),
        game=props.get("game", ""),
        protocol=proto,
        table_id=props.get("id", ""),
    )


WEB_SERVICE_TYPE = "_http._tcp.local."


class WebAdvertiser:
    """Publishes the app's web UI, for tablets that only have a browser.

    Registers an ``_http._tcp`` service (instance ``tablekeeper on <host>``, TXT ``path=/`` and
    ``app=tablekeeper``) whose server name is ``<host>.local.``: a browser on the LAN opens
    :attr:`url` (``http://<host>.local:<port>/``), and any DNS-SD browser lists it. Synchronous, so that
    it can run before Flet's (blocking) ``ft.run``.
    """

    def __init__(
        self,
        port: int,
        addresses: list[str] | None = None,
        hostname: str | None = None,
        interfaces: Any = None,
        scheme: str = "https",
    ) -> None:
        self.port = port
        self.scheme = scheme
        self.hostname = (hostname or socket.gethostname().split(".")[0] or "tablekeeper").lower()
        addrs = addresses or [a for a in lan_addresses() if not ipaddress.ip_address(a).is_loopback]
        self.addresses = addrs or ["127.0.0.1"]
        self._interfaces = interfaces
        self._zc: Zeroconf | None = None
        self._info: Any = None

    @property
    def url(self) -> str:
        return f"{self.scheme}://{self.hostname}.local:{self.port}/"

    def start(self) -> None:
        from zeroconf import ServiceInfo

        acquire_multicast_lock()
        self._info = ServiceInfo(
            WEB_SERVICE_TYPE,
            f"{_instance('tablekeeper on ' + self.hostname)}.{WEB_SERVICE_TYPE}",
            addresses=[socket.inet_aton(a) for a in self.addresses],
            port=self.port,
            properties={"path": "/", "app": "tablekeeper", "proto": str(PROTO)},
            server=f"{self.hostname}.local.",
        )
        kwargs: dict[str, Any] = {"ip_version": IPVersion.V4Only}
        if self._interfaces is not None:
            kwargs["interfaces"] = self._interfaces
        self._zc = Zeroconf(**kwargs)
        try:
            self._zc.register_service(self._info, allow_name_change=True)
        except BaseException:
            self._zc.close()
            self._zc = None
            raise

    def stop(self) -> None:
        zc, self._zc = self._zc, None
        if zc is None:
            return
        try:
            if self._info is not None:
                zc.unregister_service(self._info)
        finally:
            zc.close()
