"""The tables this process hosts, shared by every page it serves.

In web mode one ``tablekeeper app --web`` process serves several browsers (the campfire tablets): they
all see the same hosted tables, each through its own seat session. On a phone or desktop the hub holds
the one table the device hosts. The hub remembers which tables it hosts, so that a restarted app hosts
them again (:meth:`Hub.reopen`). Nothing here knows Flet.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.paths import default_data_dir
from engine.core.store import SaveError, Store

from .model import new_store_path
from .places import Places


class SyncUnavailable(RuntimeError):
    """``companion.sync`` cannot be imported (it names why)."""


def host_server_class() -> Any:
    try:
        from companion.sync.hosting import HostServer
    except ImportError as exc:  # the LAN sync is a separate part; say exactly what is missing
        raise SyncUnavailable(str(exc)) from exc
    return HostServer


@dataclass
class Hosted:
    path: Path
    name: str
    game: str
    server: Any  # companion.sync.hosting.HostServer

    def name_of(self, seat: str) -> str:
        """The name already given to ``seat`` ("" when none, or when the table shows no public view)."""
        try:
            return next((i.name for i in self.server.snapshot("table").seats if i.seat == seat), "")
        except Exception:  # noqa: BLE001 - a table without a public view
            return ""


HOST_KEY_FILE = "web-host-key"


OPEN_FILE = "open-tables.json"  # the tables this process hosts, reopened when it starts again


class Hub:
    def __init__(self, data_dir: str | os.PathLike[str], advertise: bool = True) -> None:
        self.data_dir = Path(data_dir)
        self.advertise = advertise
        self.hosted: dict[Path, Hosted] = {}
        self._lock = asyncio.Lock()
        from companion.sync.budget import Budget

        # PIN attempts per source address, shared by the web UI's PIN form and every table's sync port;
        # each table keeps its own cap of wrong PINs, whichever door they came by
        self.budget = Budget()
        self.tls_fingerprint = ""  # set when the web UI is served over TLS
        # the address phones and tablets open (``https://192.168.1.20:8550/``), set by the web server from its
        # own socket, scheme and LAN address; "" when no page is served to browsers (a desktop window)
        self.web_url = ""
        # pages come from browsers over HTTP (``tablekeeper app --web``), not from a window of this process:
        # decided by how this process was started, never by anything a page says
        self.served = False
        # the web UI listens on loopback only: every page is on this machine (decided by the server's own
        # socket, not by anything a browser says); on the LAN only the secret link makes a page the host
        self.loopback_only = False
        self._host_key = ""
        self._discovery: Any = None  # one zeroconf browser shared by every page (companion.sync.discovery)
        self._discovery_watchers: list[Callable[[], None]] = []
        self._discovery_start: Any = None  # the browser being started (a future), once
        self.discovery_error = ""  # why there is no discovery here ("" while it works or starts)
        self._reopened: asyncio.Future[list[str]] | None = None
        self.places = Places(self.data_dir)  # where each browser was (companion.ui.places)

    # -- who may see what (companion.ui.access) -------------------------------------------------------
    def host_key(self) -> str:
        """The secret of the host's own link (kept, mode 0600, in the data folder so a restart keeps it)."""
        if self._host_key:
            return self._host_key
        path = self.data_dir / HOST_KEY_FILE
        try:
            key = path.read_text().strip()
        except OSError:
            key = ""
        if len(key) < 24:
            key = secrets.token_urlsafe(24)
            self.data_dir.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as f:
                f.write(key)
        self._host_key = key
        return key

    async def try_pin(self, pin: str, address: str) -> tuple[list[Hosted], str]:
        """The hosted tables whose PIN is ``pin``, or why none was tried.

        One attempt is charged to ``address`` in the budget the sync ports share (a right PIN gives it
        back); a PIN that opens no table counts as one wrong PIN at every table it was tried against (their
        own caps, shared with their sync ports), and a table whose cap is full is not tried."""
        pin = str(pin or "").strip()
        if not pin:
            return [], ""
        why = self.budget.attempt(address)
        if why:
            return [], why
        tables = [h for h in list(self.hosted.values()) if not _cap(h).full()]
        if not tables and self.hosted:
            self.budget.succeeded(address)  # nothing was tried: nothing is charged
            return [], "too many wrong PINs at these tables lately; wait a minute"
        found = []
        for h in tables:
            check = getattr(h.server, "check_pin", None)
            if callable(check) and await asyncio.to_thread(check, pin):
                found.append(h)
        if found:
            self.budget.succeeded(address)
        else:
            for h in tables:
                _cap(h).failed()
        return found, ""

    # -- hosting --------------------------------------------------------------------------------------
    def _server(self, game: str, name: str, path: Path, options: dict[str, Any], advertise: bool) -> Any:
        return host_server_class()(game, name, path, options=options, advertise=advertise, budget=self.budget)

    async def create(
        self, game: str, name: str, options: dict[str, Any], advertise: bool | None = None
    ) -> Hosted:
        """Start hosting a new table, saved in a fresh store in the data dir."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        async with self._lock:
            path = new_store_path(self.data_dir, name)
            # the process's --no-advertise is a promise: no table of this process is announced, whatever a
            # form says
            visible = self.advertise and (True if advertise is None else advertise)
            server = self._server(game, name, path, options, visible)
            try:
                await server.start()
            except BaseException:
                # a refused setup leaves no half-made table behind
                try:
                    await server.stop()
                except Exception:  # noqa: BLE001 - best effort; the original error is what matters
                    pass
                raise
            hosted = Hosted(path, name, game, server)
            self.hosted[path.resolve()] = hosted
            self._save_open()
            return hosted

    async def resume(self, path: str | os.PathLike[str]) -> Hosted:
        """Host a saved table again (or return it when this process already hosts it)."""
        p = Path(path).resolve()
        async with self._lock:
            if p in self.hosted:
                return self.hosted[p]
            st = Store.open(p)  # raises SaveError with a clear message; never writes
            try:
                game, name = st.game, st.meta.get("name") or p.stem
                options = st.options
            finally:
                st.close()
            server = self._server(game, name, p, options, self.advertise)
            await server.start()
            hosted = Hosted(p, name, game, server)
            self.hosted[p] = hosted
            self._save_open()
            return hosted

    async def ready(self) -> list[str]:
        """Once per process, before the first page: :meth:`reopen`. Every caller waits until it is done (a
        page that came while the tables were being opened again must find them); later calls return []."""
        if self._reopened is not None:
            await asyncio.shield(self._reopened)
            return []
        self._reopened = asyncio.get_running_loop().create_future()
        try:
            problems = await self.reopen()
        finally:
            self._reopened.set_result([])
        return problems

    async def reopen(self) -> list[str]:
        """Host again the tables this process hosted when it stopped (a crash, a flat battery, a restart):
        devices then come back to their seats by themselves. Returns why a table could not be reopened (it
        stays listed, so the next start tries it again)."""
        problems: list[str] = []
        for path in self._open_paths():
            try:
                await self.resume(path)
            except (SaveError, OSError) as exc:
                problems.append(str(exc))
            except Exception as exc:  # noqa: BLE001 - one table that cannot be hosted never stops the app
                problems.append(f"{path}: {type(exc).__name__}: {exc}")
        return problems

    async def stop_hosting(self, hosted: Hosted) -> None:
        """Stop hosting a table (the leader's choice): it is not reopened at the next start."""
        async with self._lock:
            self.hosted.pop(hosted.path.resolve(), None)
            self._save_open()
        await hosted.server.stop()

    def _open_paths(self) -> list[str]:
        try:
            raw = json.loads((self.data_dir / OPEN_FILE).read_text())
        except (OSError, ValueError):
            return []
        paths = raw.get("open") if isinstance(raw, dict) else None
        return [p for p in paths if isinstance(p, str)] if isinstance(paths, list) else []

    def _save_open(self) -> None:
        path = self.data_dir / OPEN_FILE
        tmp = path.with_name(f".{OPEN_FILE}.tmp")
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps({"open": [str(p) for p in self.hosted]}))
            os.replace(tmp, path)
        except OSError:
            pass  # not remembered: a restart then shows the saved tables to resume by hand

    def tables(self) -> list[Hosted]:
        return list(self.hosted.values())

    # -- tables found on the LAN ------------------------------------------------------------------------
    def discovered(self) -> list[Any]:
        """The tables advertised on the LAN (``companion.sync.discovery.TableInfo``), seen by the one
        browser every page shares; [] until :meth:`watch_discovery` started it."""
        return list(self._discovery.tables) if self._discovery is not None else []

    def watch_discovery(self, fn: Callable[[], None]) -> Callable[[], None]:
        """Start the shared zeroconf browser (once, on a thread: a page never waits for it) and call ``fn``
        (on zeroconf's thread) when the tables found change, or when the browser could not start
        (:attr:`discovery_error`); returns the function that stops calling it."""
        self._discovery_watchers.append(fn)
        if self._discovery is None and self._discovery_start is None:
            self._discovery_start = asyncio.get_running_loop().run_in_executor(None, self._start_discovery)

        def stop() -> None:
            with contextlib.suppress(ValueError):
                self._discovery_watchers.remove(fn)

        return stop

    def _start_discovery(self) -> None:
        try:
            from companion.sync.discovery import Browser

            browser = Browser(lambda _tables: self._found_changed())
            browser.start()
        except Exception as exc:  # noqa: BLE001 - no multicast here: typing or scanning a code still works
            self.discovery_error = str(exc) or type(exc).__name__
            self._found_changed()
            return
        self._discovery = browser

    def _found_changed(self) -> None:
        for fn in list(self._discovery_watchers):
            try:
                fn()
            except Exception:  # noqa: BLE001 - one page's failure is not the others'
                pass

    def hosted_at(self, host: str, port: int) -> Hosted | None:
        """The table this process hosts at ``host:port`` (one of this machine's addresses), or None."""
        from companion.sync.discovery import lan_addresses

        mine = {"127.0.0.1", "localhost", "::1", *lan_addresses()}
        for h in self.hosted.values():
            if getattr(h.server, "port", None) == int(port) and (host in mine or host == h.server.address):
                return h
        return None

    def found(self, host: str, port: int) -> bool:
        """Whether ``host:port`` is a table this process hosts or found on the LAN: the only places a page
        that proved no PIN may make this process connect to."""
        if any(getattr(h.server, "port", None) == port for h in self.hosted.values()):
            return True
        return any(t.host == host and int(t.port) == int(port) for t in self.discovered())

    async def close(self) -> None:
        """Stop everything (the app is stopping): the tables stay listed to be reopened at the next start."""
        for h in list(self.hosted.values()):
            try:
                await h.server.stop()
            except Exception:  # noqa: BLE001 - closing down: keep stopping the others
                pass
        self.hosted.clear()
        if self._discovery_start is not None:
            with contextlib.suppress(Exception):
                await self._discovery_start
        browser, self._discovery = self._discovery, None
        if browser is not None:
            await asyncio.to_thread(browser.stop)


def _cap(h: Hosted) -> Any:
    """The table's wrong-PIN cap (``companion.sync.budget.TableCap``), shared with its sync port."""
    return h.server.wrong_pins


__all__ = ["Hub", "Hosted", "SyncUnavailable", "SaveError", "default_data_dir", "host_server_class"]
