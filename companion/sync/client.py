"""A joining device: :func:`join` a table over the LAN and get a :class:`RemoteSession`.

The session keeps its seat's projected log, reconnects by itself after a drop (asking the host for
everything after the last sequence number it holds) and re-sends a request whose answer was lost; the
host answers a repeated request id without applying it twice, even across its own restart. The device
proves the PIN with a PAKE (see :mod:`.protocol`) and holds its seat with a secret device token: keep
:attr:`RemoteSession.device_token` on the device to come back to the same seat later.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import msgspec
import websockets
from websockets.asyncio.client import ClientConnection, connect

from companion.session import Rejected, Snapshot
from engine.core import Entry, effective, get_game
from engine.core.audit import ShuffleReveal, verify
from engine.core.events import decoder
from engine.core.game import event_types

from . import protocol as P
from .patch import PatchError, PatchReceiver

log = logging.getLogger("tablekeeper.sync")

CONNECT_TIMEOUT = 5.0
REQUEST_TIMEOUT = 30.0
MAX_FROM_HOST = 64 << 20
FATAL = ("auth", "seat", "proto", "table", "seat-taken", "seat-handed-over", "device", "unknown-device")


def parse_join_code(code: str) -> tuple[str, int, str, str]:
    """``tk://HOST:PORT/?pin=PIN&name=NAME`` -> (host, port, pin, name).

    Raises ValueError naming the fault."""
    text = (code or "").strip()
    parts = urlsplit(text)
    if parts.scheme != "tk":
        raise ValueError(f"not a tablekeeper join code (expected tk://HOST:PORT/?pin=...): {text[:60]!r}")
    try:
        host, port = parts.hostname, parts.port
    except ValueError as exc:
        raise ValueError(f"join code has a bad port: {exc}") from None
    if not host:
        raise ValueError("join code has no host")
    if port is None:
        raise ValueError("join code has no port")
    query = parse_qs(parts.query)
    pin = query.get("pin", [""])[0]
    if not pin:
        raise ValueError("join code has no pin")
    name = query.get("name", [""])[0]  # parse_qs has unquoted it (a second unquote would eat a "%")
    return host, port, pin, name


async def join(
    host: str,
    port: int,
    pin: str,
    seat: str,
    since: int = 0,
    *,
    device_token: str | None = None,
    name: str = "",
) -> RemoteSession:
    """Join the table at ``host:port`` as ``seat``. Raises :class:`Rejected` (rule ``auth`` for a wrong
    PIN, ``seat``, ``seat-taken``, ``busy``, ``proto``, ``unreachable``, ``timeout``). Returns once the
    first Snapshot arrived. ``device_token`` (from an earlier session's :attr:`RemoteSession.device_token`)
    comes back to a seat this device holds, and without the PIN when this device proved it before (``pin``
    may then be ""); ``name`` is the player's name for the seat."""
    session = RemoteSession(host, port, pin, seat, since, device_token=device_token, name=name)
    await session._first_connect()
    return session


class RemoteSession:
    def __init__(
        self,
        host: str,
        port: int,
        pin: str,
        seat: str,
        since: int = 0,
        *,
        device_token: str | None = None,
        name: str = "",
    ) -> None:
        self.host = host
        self.port = int(port)
        self.seat = seat
        self._pin = str(pin)
        self._keys: dict[str, bytes] = {}
        if device_token is not None and not P.check_token(device_token):
            raise ValueError("a device token is 64 hex characters (as RemoteSession.device_token gives)")
        self.device_token = device_token or P.new_device_token()
        # a device that proved the PIN before comes back by its own key (a known token may have)
        self._returning = device_token is not None
        self.name = name
        self.seq = since
        self.entries: list[P.WireEntry] = []
        self.table_id = ""
        self.table_name = ""
        self.game = ""
        self.seats: list[str] = []
        self.last_error: P.Error | None = None
        self.reconnects = 0
        self._snapshot: Snapshot | None = None
        self._patches = PatchReceiver()  # send less: this connection's snapshot, rebuilt from patches
        self._callbacks: list[Callable[[Snapshot], None]] = []
        self._status: list[Callable[[bool], None]] = []
        self._ws: ClientConnection | None = None
        self._chan: P.Channel | None = None
        self._connected = asyncio.Event()
        self._first = asyncio.Event()
        self._pending: dict[int, tuple[Any, asyncio.Future[None]]] = {}
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self._fatal: Rejected | None = None

    # -- Session ------------------------------------------------------------------------------------
    @property
    def snapshot(self) -> Snapshot | None:
        return self._snapshot

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    def on_change(self, callback: Callable[[Snapshot], None]) -> None:
        self._callbacks.append(callback)

    def on_status(self, callback: Callable[[bool], None]) -> None:
        """Called with True when (re)connected, False when the connection dropped."""
        self._status.append(callback)

    async def send(self, intent: dict[str, Any]) -> None:
        await self._request(lambda rid: P.Act(rid, intent))

    async def undo(self) -> None:
        await self._request(lambda rid: P.UndoRequest(rid))

    async def release(self) -> None:
        """Give the seat up (another device may then open it) and close the session."""
        await self._request(lambda rid: P.Release(rid))
        await self.close()

    async def close(self) -> None:
        self._closed = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
        self._fail_pending(Rejected("closed", "the session is closed"))

    # -- requests -----------------------------------------------------------------------------------
    async def _request(self, make: Callable[[int], Any]) -> None:
        if self._closed:
            raise Rejected("closed", "the session is closed")
        if self._fatal is not None:
            raise self._fatal
        rid = secrets.randbits(62) + 1  # unique for this device, across its restarts and the host's
        while rid in self._pending:
            rid = secrets.randbits(62) + 1
        msg = make(rid)
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending[rid] = (msg, fut)
        if self._connected.is_set():
            await self._send(msg)
        try:
            await asyncio.wait_for(asyncio.shield(fut), REQUEST_TIMEOUT)
        except TimeoutError:
            raise Rejected(
                "timeout", "the host did not answer in time; check the table before trying again"
            ) from None
        finally:
            self._pending.pop(rid, None)

    async def _send(self, msg: Any) -> None:
        ws, chan = self._ws, self._chan
        if ws is None or chan is None:
            return
        with contextlib.suppress(websockets.ConnectionClosed):
            await ws.send(chan.seal(msg))  # if the connection dropped, it is sent again on reconnect

    def _fail_pending(self, exc: Rejected) -> None:
        for _msg, fut in self._pending.values():
            if not fut.done():
                fut.set_exception(exc)
                fut.exception()  # mark retrieved

    # -- connection ---------------------------------------------------------------------------------
    async def _first_connect(self) -> None:
        await self._connect()
        self._task = asyncio.create_task(self._run())
        try:
            await asyncio.wait_for(self._first.wait(), CONNECT_TIMEOUT)
        except TimeoutError:
            await self.close()
            raise Rejected("timeout", "the host sent no snapshot in time") from None
        if self._fatal is not None:
            await self.close()
            raise self._fatal

    async def _connect(self) -> None:
        """Connect and shake hands: by this device's own key when it proved the PIN before, else (or when
        the host does not know it) by the PIN."""
        if self._returning:
            try:
                await self._connect_once(returning=True)
                return
            except Rejected as exc:
                if exc.rule != "unknown-device" or not self._pin:
                    raise
                self._returning = False
        await self._connect_once(returning=False)
        self._returning = True  # the host remembers this device from now on

    async def _connect_once(self, returning: bool) -> None:
        uri = f"ws://{self.host if ':' not in self.host else f'[{self.host}]'}:{self.port}/"
        try:
            ws = await connect(
                uri,
                max_size=MAX_FROM_HOST,
                compression=None,
                open_timeout=CONNECT_TIMEOUT,
                ping_interval=5,
                ping_timeout=10,
                close_timeout=2,
            )
        except (OSError, TimeoutError, websockets.InvalidHandshake, websockets.InvalidURI) as exc:
            raise Rejected(
                "unreachable", f"cannot reach the table at {self.host}:{self.port} ({exc})"
            ) from None
        try:
            chan = await asyncio.wait_for(self._handshake(ws, returning), CONNECT_TIMEOUT)
        except BaseException as exc:
            with contextlib.suppress(Exception):
                await ws.close()
            if isinstance(exc, TimeoutError):
                raise Rejected("timeout", "the host did not finish the handshake in time") from None
            if isinstance(exc, websockets.ConnectionClosed):
                raise Rejected("unreachable", f"the host closed the connection ({exc})") from None
            raise
        self._ws, self._chan = ws, chan
        self._patches.reset()  # a new connection starts with a whole snapshot
        self._connected.set()
        for msg, _fut in list(self._pending.values()):
            await self._send(msg)
        self._status_changed(True)

    async def _handshake(self, ws: ClientConnection, returning: bool) -> P.Channel:
        try:
            ch = P.challenge_decoder.decode(await ws.recv())
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise Rejected("proto", f"not a tablekeeper host: {exc}") from None
        if isinstance(ch, P.Refused):
            raise Rejected(ch.rule, ch.message)
        if ch.proto != P.PROTO:
            raise Rejected("proto", f"the host speaks protocol {ch.proto}, this device {P.PROTO}")
        if returning:
            pairing = P.Pairing(P.return_key(self.device_token), "device")
            opening: Any = P.Return(P.return_handle(self.device_token), pairing.msg.hex())
        else:
            if not self._pin:
                raise Rejected("auth", "this device has not joined this table before: type its PIN")
            verifier = self._keys.get(ch.salt)
            if verifier is None:
                try:
                    verifier = await asyncio.to_thread(P.pin_verifier, self._pin, ch.salt)
                except ValueError:
                    raise Rejected("proto", "the host sent a salt that is not hex") from None
                self._keys[ch.salt] = verifier
            pairing = P.Pairing(verifier, "device")
            opening = P.Pake(pairing.msg.hex())
        await ws.send(P.encode(opening).decode())
        try:
            answer = P.pake_decoder.decode(await ws.recv())
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise Rejected("proto", f"unexpected answer to the PAKE: {exc}") from None
        if isinstance(answer, P.Refused):
            raise Rejected(answer.rule, answer.message)
        try:
            chan = pairing.finish(P.decode_hex(answer.msg, "the host's SPAKE2 message"))
        except P.ProtocolError as exc:
            raise Rejected("proto", exc.message) from None
        await ws.send(chan.seal(P.Hello(self.seat, self.seq, self.device_token, self.name)))
        raw = await ws.recv()
        if isinstance(raw, str):
            try:
                refused = msgspec.json.decode(raw, type=P.Refused)
            except (msgspec.DecodeError, msgspec.ValidationError):
                raise Rejected("proto", "unexpected answer to hello") from None
            raise Rejected(refused.rule, refused.message)
        try:
            welcome = P.to_device_decoder.decode(chan.open(raw))
        except (P.ProtocolError, msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise Rejected("auth", f"the host could not prove it knows the PIN ({exc})") from None
        if isinstance(welcome, P.Refused):
            raise Rejected(welcome.rule, welcome.message)
        if not isinstance(welcome, P.Welcome):
            raise Rejected("proto", "the host did not welcome this device")
        if self.table_id and welcome.table_id != self.table_id:
            raise Rejected("table", "another table answers at this address")
        self.table_id, self.table_name, self.game, self.seats = (
            welcome.table_id,
            welcome.table_name,
            welcome.game,
            list(welcome.seats),
        )
        return chan

    async def _run(self) -> None:
        while not self._closed:
            ws = self._ws
            if ws is not None:
                try:
                    async for frame in ws:
                        self._receive(frame)
                except websockets.ConnectionClosed:
                    pass
            self._connected.clear()
            self._ws = None
            if self._closed or self._fatal is not None:
                if self._fatal is not None:
                    self._status_changed(False)
                return
            self._status_changed(False)
            delay = 0.05
            while not self._closed:
                try:
                    await self._connect()
                    self.reconnects += 1
                    break
                except Rejected as exc:
                    if exc.rule in FATAL:
                        self._fatal = exc
                        self._fail_pending(exc)
                        self._first.set()
                        return
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, 2.0)

    def _status_changed(self, up: bool) -> None:
        for cb in list(self._status):
            try:
                cb(up)
            except Exception:
                log.exception("on_status callback failed")

    def _receive(self, frame: bytes | str) -> None:
        chan = self._chan
        assert chan is not None
        try:
            msg = P.to_device_decoder.decode(chan.open(frame))
        except (P.ProtocolError, msgspec.DecodeError, msgspec.ValidationError) as exc:
            log.warning("ignored a bad frame from the host: %s", exc)
            return
        if isinstance(msg, P.Update):
            self._apply_update(msg)
        elif isinstance(msg, P.Reply):
            pending = self._pending.get(msg.id)
            if pending is not None and not pending[1].done():
                if msg.ok:
                    pending[1].set_result(None)
                else:
                    pending[1].set_exception(Rejected(msg.rule, msg.message))
        elif isinstance(msg, P.Error):
            self.last_error = msg
            log.warning("the host refused a message: %s: %s", msg.rule, msg.message)
        elif isinstance(msg, P.Refused):  # the seat was handed over to another device
            self._fatal = Rejected(msg.rule, msg.message)
            self._fail_pending(self._fatal)

    def _apply_update(self, up: P.Update) -> None:
        for e in up.entries:
            if e.seq > self.seq:
                self.entries.append(e)
        self.seq = max(self.seq, up.seq)
        try:
            snap = self._patches.apply(up.snapshot, up.patch)
        except PatchError as exc:  # never a wrong screen: reconnect, the host then sends the whole snapshot
            log.warning("dropped an update that does not fit this device's snapshot (%s); reconnecting", exc)
            if self._ws is not None:
                asyncio.ensure_future(self._ws.close())
            return
        if snap.audit is not None:
            snap = msgspec.structs.replace(snap, audit=self._check_audit(snap.audit))
        self._snapshot = snap
        self._first.set()
        for cb in list(self._callbacks):
            try:
                cb(snap)
            except Exception:
                log.exception("on_change callback failed")

    def events(self) -> list[Entry]:
        """This seat's projected log, decoded with the game's event types."""
        dec = decoder(event_types(get_game(self.game)))
        return [Entry(e.seq, e.action, dec.decode(e.event)) for e in self.entries]

    def _check_audit(self, audit: dict[str, Any]) -> dict[str, Any]:
        """Check the host's reveals against this device's own log (not the host's word for it)."""
        try:
            reveals = msgspec.convert(audit.get("reveals", []), list[ShuffleReveal])
            seen = [e.event for e in effective(self.events())]
            report = verify(seen, reveals)
        except Exception as exc:  # noqa: BLE001 - e.g. this device lacks the game's module
            return {**audit, "device_check": {"ok": False, "problems": [f"could not check here: {exc}"]}}
        return {
            **audit,
            "device_check": {
                "ok": report.ok,
                "shuffles_checked": report.shuffles_checked,
                "draws_checked": report.draws_checked,
                "problems": list(report.problems),
                "complete": self.entries[:1] != [] and self.entries[0].seq == 1,
            },
        }
