"""The tables this process hosts, shared by every page it serves.

In web mode one ``tablekeeper app --web`` process serves several browsers (the campfire tablets): they
all see the same hosted tables, each through its own seat session. On a phone or desktop the hub holds
the one table the device hosts. Nothing here knows Flet.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.store import SaveError, Store

from .model import new_store_path


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


def default_data_dir() -> Path:
    """Where saved tables live: ``$TABLEKEEPER_DATA``, Flet's app storage on a phone, else XDG data."""
    for var in ("TABLEKEEPER_DATA", "FLET_APP_STORAGE_DATA"):
        v = os.environ.get(var)
        if v:
            return Path(v) / ("tablekeeper" if var == "FLET_APP_STORAGE_DATA" else "")
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "tablekeeper"


HOST_KEY_FILE = "web-host-key"


class Hub:
    def __init__(self, data_dir: str | os.PathLike[str], advertise: bool = True) -> None:
        self.data_dir = Path(data_dir)
        self.advertise = advertise
        self.hosted: dict[Path, Hosted] = {}
        self._lock = asyncio.Lock()
        from companion.sync.budget import Budget

        self.pin_budget = Budget()  # PIN attempts typed into the web UI, per browser address
        self.tls_fingerprint = ""  # set when the web UI is served over TLS
        # the web UI listens on loopback only: every page is on this machine (decided by the server's own
        # socket, not by anything a browser says); on the LAN only the secret link makes a page the host
        self.loopback_only = False
        self._host_key = ""

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

    def is_host_key(self, given: str) -> bool:
        import hmac

        return bool(given) and hmac.compare_digest(given.encode("utf-8", "replace"), self.host_key().encode())

    async def try_pin(self, pin: str, address: str) -> tuple[list[Hosted], str]:
        """The hosted tables whose PIN is ``pin``; budgets per address and in all (a wrong PIN costs one
        attempt, a right one costs nothing)."""
        pin = str(pin or "").strip()
        if not pin:
            return [], ""
        why = self.pin_budget.attempt(address)
        if why:
            return [], why
        found = []
        for h in list(self.hosted.values()):
            check = getattr(h.server, "check_pin", None)
            if callable(check) and await asyncio.to_thread(check, pin):
                found.append(h)
        if found:
            self.pin_budget.succeeded(address)
        else:
            self.pin_budget.failed(address)
        return found, ""

    async def create(
        self, game: str, name: str, options: dict[str, Any], advertise: bool | None = None
    ) -> Hosted:
        """Start hosting a new table, saved in a fresh store in the data dir."""
        cls = host_server_class()
        self.data_dir.mkdir(parents=True, exist_ok=True)
        async with self._lock:
            path = new_store_path(self.data_dir, name)
            # the process's --no-advertise is a promise: no table of this process is announced, whatever a form says
            visible = self.advertise and (True if advertise is None else advertise)
            server = cls(game, name, path, options=options, advertise=visible)
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
            return hosted

    async def resume(self, path: str | os.PathLike[str]) -> Hosted:
        """Host a saved table again (or return it when this process already hosts it)."""
        p = Path(path).resolve()
        async with self._lock:
            if p in self.hosted:
                return self.hosted[p]
            cls = host_server_class()
            st = Store.open(p)  # raises SaveError with a clear message; never writes
            try:
                game, name = st.game, st.meta.get("name") or p.stem
                options = st.options
            finally:
                st.close()
            server = cls(game, name, p, options=options, advertise=self.advertise)
            await server.start()
            hosted = Hosted(p, name, game, server)
            self.hosted[p] = hosted
            return hosted

    def tables(self) -> list[Hosted]:
        return list(self.hosted.values())

    async def close(self) -> None:
        for h in list(self.hosted.values()):
            try:
                await h.server.stop()
            except Exception:  # noqa: BLE001 - closing down: keep stopping the others
                pass
        self.hosted.clear()


__all__ = ["Hub", "Hosted", "SyncUnavailable", "SaveError", "default_data_dir", "host_server_class"]
