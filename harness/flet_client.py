"""A protocol-level Flet web client: what a browser says to ``tablekeeper app --web``, without a browser.

It speaks Flet 1.0's websocket protocol (msgpack frames ``[0x00][action, body]``): it registers a page with
whatever page properties it is given (a browser may claim anything: ``web``, ``platform``, ``client_ip``,
``route``…), keeps the control tree the server patches (so a test finds a control by its semantics
identifier and taps it, as a finger would), answers the server's method calls (storage reads find nothing),
and records every frame. Used by the security tests (a lying browser) and the host-cost benchmark (many
devices, no browser on the host's CPU).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterator
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect

from .app import INSECURE

REGISTER, PATCH, EVENT, UPDATE_PROPS, INVOKE = 1, 2, 3, 4, 5

BROWSER_PAGE: dict[str, Any] = {  # what a Chromium page registers with (the parts Flet reads)
    "route": "/",
    "web": True,
    "pwa": False,
    "debug": False,
    "platform": "linux",
    "platform_brightness": "light",
    "width": 1000.0,
    "height": 800.0,
    "media": {},
}


def _unpack(frame: bytes) -> Any:
    return msgpack.unpackb(frame[1:], strict_map_key=False)


def _pack(action: int, body: Any) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


class FletPage:
    """One page of the app, driven over its websocket."""

    def __init__(self, ws: ClientConnection, storage: dict[str, Any] | None = None) -> None:
        self.ws = ws
        # the device's own storage (a browser's local storage: Flet's SharedPreferences), which the caller
        # keeps across the pages of one device (a reload, a host restart); None: every read finds nothing
        self.storage = storage
        self.session_id = ""
        self.controls: dict[int, dict[str, Any]] = {}  # every control of the page by its id (``_i``)
        self.root: dict[str, Any] = {}
        self.frames: list[tuple[float, int, bytes]] = []  # (arrival time, action, raw frame)
        self.changed = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None
        self.closed = False

    # -- connecting ---------------------------------------------------------------------------------
    @classmethod
    async def open(
        cls,
        url: str,
        page: dict[str, Any] | None = None,
        *,
        cookie: str = "",
        origin: str | None = None,
        local_addr: tuple[str, int] | None = None,
        storage: dict[str, Any] | None = None,
    ) -> FletPage:
        """Connect to ``url`` (``http(s)://host:port/``) and register a page with ``page``'s properties;
        ``storage``: the device's local storage the page reads and writes (see :attr:`storage`)."""
        base = url.rstrip("/")
        ws_url = ("wss" if base.startswith("https") else "ws") + base[base.index(":") :] + "/ws"
        headers = {"Cookie": cookie} if cookie else {}
        ws = await connect(
            ws_url,
            origin=origin if origin is not None else base,  # type: ignore[arg-type]
            additional_headers=headers,
            ssl=INSECURE if ws_url.startswith("wss") else None,
            max_size=None,
            open_timeout=10,
            local_addr=local_addr,
        )
        me = cls(ws, storage)
        await ws.send(
            _pack(REGISTER, {"session_id": "", "page_name": "", "page": page or dict(BROWSER_PAGE)})
        )
        me._reader = asyncio.create_task(me._read())
        return me

    async def close(self) -> None:
        self.closed = True
        with contextlib.suppress(Exception):
            await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(BaseException):
                await self._reader

    # -- what the server says -----------------------------------------------------------------------
    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                if not isinstance(frame, bytes) or not frame or frame[0] != 0:
                    continue
                action, body = _unpack(frame)
                self.frames.append((time.monotonic(), action, frame))
                if action == REGISTER:
                    self.session_id = str(body.get("session_id") or "")
                    patch = body.get("page_patch")
                    if isinstance(patch, dict):
                        self.root = patch
                        self._index()
                elif action == PATCH:
                    self._patch(int(body["id"]), body["patch"])
                elif action == INVOKE:  # a method the page's client should run: the storage's, else nothing
                    await self.ws.send(
                        _pack(
                            INVOKE,
                            {
                                "control_id": body["control_id"],
                                "call_id": body["call_id"],
                                "result": self._invoked(body),
                                "error": None,
                            },
                        )
                    )
                self.changed.set()
        except Exception:  # noqa: BLE001 - the server closed: the page is gone
            pass
        finally:
            self.closed = True
            self.changed.set()

    def _invoked(self, body: dict[str, Any]) -> Any:
        """What the browser's local storage answers a SharedPreferences call (None without a storage)."""
        if self.storage is None:
            return None
        known = self.controls.get(int(body.get("control_id") or 0))
        if known is not None and known.get("_c") not in (None, "SharedPreferences"):
            return None  # another service's method (the clipboard…): nothing here
        name, args = body.get("name"), body.get("args") or {}
        key = str(args.get("key", ""))
        if name == "set":
            self.storage[key] = args.get("value")
            return True
        if name == "get":
            return self.storage.get(key)
        if name == "remove":
            return self.storage.pop(key, None) is not None
        if name == "contains_key":
            return key in self.storage
        if name == "get_keys":
            prefix = str(args.get("key_prefix", ""))
            return [k for k in self.storage if k.startswith(prefix)]
        if name == "clear":
            self.storage.clear()
            return True
        return None

    def _index(self) -> None:
        self.controls.clear()
        self._learn(self.root)

    def _learn(self, node: Any) -> None:
        """Index the controls in ``node`` (a part a patch added)."""
        stack = [node]
        while stack:
            n = stack.pop()
            if isinstance(n, dict):
                if "_i" in n:
                    self.controls[int(n["_i"])] = n
                stack.extend(n.values())
            elif isinstance(n, list):
                stack.extend(n)

    def _forget(self, node: Any) -> None:
        """Take the controls in ``node`` (a part a patch removed or replaced) out of the index."""
        stack = [node]
        while stack:
            n = stack.pop()
            if isinstance(n, dict):
                if "_i" in n and self.controls.get(int(n["_i"])) is n:
                    del self.controls[int(n["_i"])]
                stack.extend(n.values())
            elif isinstance(n, list):
                stack.extend(n)

    def _patch(self, target: int, message: list[Any]) -> None:
        """Apply a Flet object patch (``[path table, *ops]``) to the control ``target``."""
        obj = self.controls.get(target)
        if obj is None:
            return
        paths: dict[int, list[Any]] = {}

        def table(node: list[Any], prefix: list[Any]) -> None:
            paths[int(node[0])] = prefix
            if len(node) > 1:
                for key, child in node[1].items():
                    table(child, [*prefix, key])

        table(message[0], [])

        def at(node: int) -> Any:
            cur: Any = obj
            for key in paths[node]:
                cur = cur[key]
            return cur

        for op in message[1:]:
            kind = op[0]
            if kind == 0:  # replace
                parent = at(op[1])
                old = parent[op[2]] if isinstance(parent, list) or op[2] in parent else None
                parent[op[2]] = op[3]
                self._forget(old)
                self._learn(op[3])
            elif kind == 1:  # add
                parent = at(op[1])
                if isinstance(parent, list):
                    parent.insert(int(op[2]), op[3])
                else:
                    parent[op[2]] = op[3]
                self._learn(op[3])
            elif kind == 2:  # remove
                parent = at(op[1])
                self._forget(parent.pop(int(op[2]) if isinstance(parent, list) else op[2]))
            elif kind == 3:  # move
                source = at(op[1])
                item = source.pop(int(op[2]) if isinstance(source, list) else op[2])
                dest = at(op[3])
                if isinstance(dest, list):
                    dest.insert(int(op[4]), item)
                else:
                    dest[op[4]] = item

    # -- reading the page ---------------------------------------------------------------------------
    def strings(self) -> Iterator[str]:
        """Every text the server has sent this page (the whole page, whatever is shown)."""

        def walk(node: Any) -> Iterator[str]:
            if isinstance(node, str):
                yield node
            elif isinstance(node, dict):
                for k, v in node.items():
                    if isinstance(k, str):
                        yield k
                    yield from walk(v)
            elif isinstance(node, list):
                for v in node:
                    yield from walk(v)

        for _t, _a, frame in self.frames:
            with contextlib.suppress(Exception):
                yield from walk(_unpack(frame))

    def seen(self, text: str) -> bool:
        """Whether ``text`` is anywhere in what the server sent this page."""
        return any(text in s for s in self.strings())

    def find(self, identifier: str) -> dict[str, Any] | None:
        """The control marked with the semantics ``identifier`` now on the page (its content), or None."""
        for c in list(self.controls.values()):
            if c.get("identifier") == identifier:
                content = c.get("content")
                return content if isinstance(content, dict) else c
        return None

    def identifiers(self) -> set[str]:
        return {str(c["identifier"]) for c in self.controls.values() if c.get("identifier")}

    async def wait_for(self, identifier: str, timeout: float = 15.0) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            found = self.find(identifier)
            if found is not None:
                return found
            if self.closed or time.monotonic() > end:
                raise TimeoutError(f"{identifier!r} never appeared (page closed: {self.closed})")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), max(0.01, end - time.monotonic()))

    # -- acting -------------------------------------------------------------------------------------
    async def event(self, control_id: int, name: str, data: Any = None) -> None:
        await self.ws.send(_pack(EVENT, {"target": control_id, "name": name, "data": data}))

    async def lifecycle(self, state: str) -> None:
        """What a browser says when its tab goes to the background or a phone's screen goes off (``hide``),
        and when it shows again (``show``), as Flutter's app lifecycle."""
        await self.event(int(self.root.get("_i", 1)), "app_lifecycle_state_change", {"state": state})

    async def tap(self, identifier: str, timeout: float = 15.0) -> None:
        """Tap the control marked ``identifier``: the first control inside it that handles a click (a
        button) or a tap (a gesture detector), as a finger on it would."""
        control = await self.wait_for(identifier, timeout)
        target = _handler(control)
        if target is None:
            raise LookupError(f"{identifier!r} has no control that takes a tap")
        await self.event(*target)

    async def type(self, identifier: str, text: str, timeout: float = 15.0) -> None:
        """Type into the text field marked ``identifier`` (its value, then its change event)."""
        field = await self.wait_for(identifier, timeout)
        await self.set_props(int(field["_i"]), {"value": text})
        await self.event(int(field["_i"]), "change", text)

    async def set_props(self, control_id: int, props: dict[str, Any]) -> None:
        """What a client says of a control's properties (a page may say anything of itself: ``id`` 1)."""
        await self.ws.send(_pack(UPDATE_PROPS, {"id": control_id, "props": props}))


def _handler(node: Any) -> tuple[int, str] | None:
    """(control id, event name) of the first control under ``node`` that takes a tap."""
    if isinstance(node, dict):
        for prop, name in (("on_click", "click"), ("on_tap", "tap"), ("on_tap_down", "tap_down")):
            if node.get(prop) and "_i" in node:
                return int(node["_i"]), name
        for v in node.values():
            found = _handler(v)
            if found is not None:
                return found
    elif isinstance(node, list):
        for v in node:
            found = _handler(v)
            if found is not None:
                return found
    return None


__all__ = ["BROWSER_PAGE", "FletPage", "INSECURE"]
