"""The host: owns the engine and the SQLite store, serves a websocket, advertises itself with zeroconf.

One :class:`HostServer` is one table. Devices join with the table's PIN (see :mod:`.protocol`), send
intents, and receive, each, the events projected for their own seat and a :class:`Snapshot` after every
change. The hosting device itself gets a :class:`LocalSession` with the same Snapshot stream.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import secrets
import uuid
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

import msgspec
import websockets
from websockets.asyncio.server import Server, ServerConnection, serve

from companion.session import Rejected, Snapshot
from engine.core import IllegalIntent, OsRng, Rng, Table, get_game
from engine.core.store import SaveError, Store

from . import protocol as P
from .discovery import Advertiser, lan_addresses
from .tables import Projector, seats_of

log = logging.getLogger("tablekeeper.sync")

T = TypeVar("T")

HANDSHAKE_TIMEOUT = 10.0
MAX_ERRORS = 50  # a connection that sends this many bad messages is closed
REPLIES_KEPT = 256


def new_pin() -> str:
    return f"{secrets.randbelow(10**6):06d}"


def check_pin(pin: str) -> str:
    pin = str(pin).strip()
    if not (4 <= len(pin) <= 16) or not pin.isalnum():
        raise ValueError("the table PIN must be 4 to 16 letters or digits")
    return pin


class _Device:
    """One connected screen: a remote websocket or the host's own local session."""

    def __init__(self, seat: str, sent_seq: int) -> None:
        self.seat = seat
        self.sent_seq = sent_seq

    def notify(self) -> None:
        raise NotImplementedError


class _Remote(_Device):
    def __init__(self, ws: ServerConnection, chan: P.Channel, seat: str, since: int, client: str) -> None:
        super().__init__(seat, since)
        self.ws = ws
        self.chan = chan
        self.client = client
        self.queue: collections.deque[Any] = collections.deque()  # "update" marker or messages
        self.wake = asyncio.Event()
        self.errors = 0

    def notify(self) -> None:
        if not self.queue or self.queue[-1] != "update":
            self.queue.append("update")
        self.wake.set()

    def push(self, msg: Any) -> None:
        self.queue.append(msg)
        self.wake.set()


class HostServer:
    def __init__(
        self,
        game: str,
        name: str,
        store_path: str | Path,
        options: dict[str, Any] | None = None,
        port: int = 0,
        pin: str | None = None,
        advertise: bool = True,
        rng: Rng | None = None,
        *,
        bind: str = "0.0.0.0",
    ) -> None:
        self._game_name = game
        self.name = name
        self.store_path = Path(store_path)
        self._options = dict(options or {})
        self._want_port = int(port)
        self._want_pin = check_pin(pin) if pin is not None else None
        self._advertise = advertise
        self._rng: Rng = rng if rng is not None else OsRng()
        self.bind = bind
        self.table: Table | None = None
        self.store: Store | None = None
        self.projector: Projector | None = None
        self.resumed = False
        self.loop: asyncio.AbstractEventLoop | None = None
        self._pin = ""
        self._port = 0
        self._salt = ""
        self._key = b""
        self.table_id = ""
        self._server: Server | None = None
        self._advertiser: Advertiser | None = None
        self._devices: list[_Device] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self._replies: dict[str, collections.OrderedDict[int, P.Reply]] = {}
        self._failures = 0
        self._auth_lock = asyncio.Lock()

    # -- life ---------------------------------------------------------------------------------------
    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._open_table()
        assert self.store is not None and self.table is not None
        meta = self.store.meta
        self._key = P.pin_key(self._pin, self._salt)
        port = self._want_port or int(meta.get("port", "0") or 0)
        try:
            self._server = await self._serve(port)
        except OSError:
            if self._want_port:
                raise
            self._server = await self._serve(0)  # the old port is taken: devices must join again
        self._port = self._server.sockets[0].getsockname()[1]
        if meta.get("port") != str(self._port):
            self.store.set_meta("port", str(self._port))
        if self._advertise:
            addrs = [self.bind] if self.bind not in ("0.0.0.0", "") else None
            self._advertiser = Advertiser(self.name, self._port, self.game_name, addresses=addrs)
            try:
                await self._advertiser.start()
            except Exception as exc:  # noqa: BLE001 - no mDNS on this network: joining by code still works
                log.warning("could not advertise the table with zeroconf: %s", exc)
                self._advertiser = None

    async def _serve(self, port: int) -> Server:
        return await serve(
            self._handler,
            self.bind,
            port,
            max_size=P.MAX_MESSAGE,
            compression=None,
            ping_interval=10,
            ping_timeout=20,
            open_timeout=HANDSHAKE_TIMEOUT,
            close_timeout=2,
            server_header=None,
        )

    def _open_table(self) -> None:
        path = self.store_path
        if path.exists():
            store = Store.open(path)
            try:
                game = get_game(store.game)
                table = Table.resume(game, store, self._rng)
                if not table.entries:  # created, but the setup never got recorded: set it up now
                    table = Table.new(game, store.options, self._rng, store)
            except BaseException:
                store.close()
                raise
            self.resumed = True
            self._game_name = store.game
            self._options = store.options
        else:
            game = get_game(self._game_name)
            extra = {"pin": self._want_pin or new_pin(), "salt": secrets.token_hex(16), "table_id": uuid.uuid4().hex}
            extra["name"] = self.name
            store = Store.create(path, self._game_name, self._options, extra=extra)
            try:
                table = Table.new(game, self._options, self._rng, store)
            except BaseException:
                store.close()
                for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
                    p.unlink(missing_ok=True)
                raise
        meta = store.meta
        for key, make in (("salt", lambda: secrets.token_hex(16)), ("table_id", lambda: uuid.uuid4().hex)):
            if not meta.get(key):
                store.set_meta(key, make())
        if self._want_pin is not None and meta.get("pin") != self._want_pin:
            store.set_meta("pin", self._want_pin)
        elif not meta.get("pin"):
            store.set_meta("pin", new_pin())
        if self.name and meta.get("name") != self.name:
            store.set_meta("name", self.name)
        self.name = self.name or meta.get("name", "")
        self._pin, self._salt, self.table_id = meta["pin"], meta["salt"], meta["table_id"]
        self.store, self.table = store, table
        self.projector = Projector(table, self._game_name, self.name)

    async def stop(self) -> None:
        if self._advertiser is not None:
            try:
                await self._advertiser.stop()
            except Exception as exc:  # noqa: BLE001
                log.warning("zeroconf unregister failed: %s", exc)
            self._advertiser = None
        if self._server is not None:
            self._server.close()
            try:
                await asyncio.wait_for(self._server.wait_closed(), 5)
            except TimeoutError:
                log.warning("some connections did not close in time")
            self._server = None
        for t in list(self._tasks):
            t.cancel()
        self._devices.clear()
        if self.store is not None:
            self.store.close()
            self.store = None

    async def __aenter__(self) -> HostServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # -- what the UI shows --------------------------------------------------------------------------
    @property
    def pin(self) -> str:
        return self._pin

    @property
    def port(self) -> int:
        return self._port

    @property
    def game_name(self) -> str:
        return self._game_name

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._options)

    @property
    def address(self) -> str:
        if self.bind not in ("0.0.0.0", ""):
            return self.bind
        addrs = lan_addresses()
        return addrs[0] if addrs else "127.0.0.1"

    @property
    def join_code(self) -> str:
        host = self.address
        if ":" in host:
            host = f"[{host}]"
        return f"tk://{host}:{self._port}/?pin={quote(self._pin)}&name={quote(self.name)}"

    @property
    def seats(self) -> list[str]:
        assert self.table is not None, "start() the host first"
        return seats_of(self.table.game, self.table.state)

    @property
    def devices(self) -> list[tuple[str, str]]:
        """(seat, kind) of every screen connected right now (kind: ``local`` or ``remote``)."""
        return [(d.seat, "remote" if isinstance(d, _Remote) else "local") for d in self._devices]

    def snapshot(self, seat: str) -> Snapshot:
        assert self.projector is not None, "start() the host first"
        return self.projector.snapshot(seat)

    def local_session(self, seat: str) -> LocalSession:
        if self.table is None:
            raise RuntimeError("start() the host before opening a session")
        if seat not in self.seats:
            raise ValueError(f"no seat {seat!r} at this table; seats: {', '.join(self.seats)}")
        s = LocalSession(self, seat)
        self._devices.append(s._device)
        return s

    # -- the rules ----------------------------------------------------------------------------------
    def act(self, seat: str, intent: Any) -> None:
        """Apply ``intent`` for ``seat`` (its ``seat`` field is overridden). Raises :class:`Rejected`."""
        table = self.table
        assert table is not None
        if not isinstance(intent, dict):
            raise Rejected("bad-intent", "an intent is a JSON object with a 'type'")
        if not isinstance(intent.get("type"), str):
            raise Rejected("bad-intent", "an intent needs a 'type' naming one of the game's intents")
        data = {**intent, "seat": seat}
        intents = tuple(table.game.INTENTS)
        kinds = {t.__name__ for t in intents}
        if data["type"] not in kinds:
            raise Rejected("bad-intent", f"unknown intent {data['type']!r} for {self.game_name}")
        try:
            obj = msgspec.convert(data, intents[0] if len(intents) == 1 else _union(intents))
        except msgspec.ValidationError as exc:
            raise Rejected("bad-intent", f"{data['type']}: {exc}") from None
        try:
            table.act(obj)
        except IllegalIntent as exc:
            raise Rejected(exc.rule, exc.message) from None
        except SaveError as exc:
            raise Rejected("save", str(exc)) from None
        except Exception as exc:  # noqa: BLE001 - an engine bug refuses the intent, never stops the host
            log.exception("engine error on %r", data)
            raise Rejected("engine-error", f"{type(exc).__name__}: {exc}") from None
        self._changed()

    def undo(self, seat: str) -> None:
        table = self.table
        assert table is not None
        try:
            table.undo()
        except IllegalIntent as exc:
            raise Rejected(exc.rule, exc.message) from None
        except SaveError as exc:
            raise Rejected("save", str(exc)) from None
        self._changed()

    def _changed(self) -> None:
        for d in list(self._devices):
            try:
                d.notify()
            except Exception:  # noqa: BLE001 - one screen's failure is not the table's
                log.exception("notifying a %s screen failed", d.seat)

    def call(self, fn: Callable[[], T]) -> Coroutine[Any, Any, T]:
        """Run ``fn`` on the host's loop (from any loop or thread) and await its result."""

        async def run() -> T:
            assert self.loop is not None
            try:
                here = asyncio.get_running_loop()
            except RuntimeError:
                here = None
            if here is self.loop:
                return fn()

            async def inner() -> T:
                return fn()

            return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(inner(), self.loop))

        return run()

    # -- connections --------------------------------------------------------------------------------
    async def _handler(self, ws: ServerConnection) -> None:
        try:
            dev = await self._handshake(ws)
        except (websockets.ConnectionClosed, TimeoutError, OSError):
            return
        if dev is None:
            return
        self._devices.append(dev)
        sender = asyncio.create_task(self._sender(dev))
        self._tasks.add(sender)
        dev.notify()
        try:
            async for frame in ws:
                try:
                    self._receive(dev, frame)
                except Exception:  # noqa: BLE001 - a bug answers one message with an error, never more
                    log.exception("handling a message from %s failed", dev.seat)
                    dev.errors += 1
                    dev.push(P.Error("host-error", "the host could not handle this message"))
                if dev.errors >= MAX_ERRORS:
                    await ws.close(4008, "too many bad messages")
                    break
        except websockets.ConnectionClosed:
            pass
        finally:
            if dev in self._devices:
                self._devices.remove(dev)
            sender.cancel()
            self._tasks.discard(sender)

    async def _handshake(self, ws: ServerConnection) -> _Remote | None:
        nonce_h = P.new_nonce()
        await ws.send(P.encode(P.Challenge(P.PROTO, self._salt, nonce_h)).decode())
        try:
            raw = await asyncio.wait_for(ws.recv(), HANDSHAKE_TIMEOUT)
        except TimeoutError:
            await self._refuse(ws, "timeout", "no hello in time")
            return None
        try:
            if len(raw) > 4096:
                raise msgspec.ValidationError("hello too long")
            hello = P.hello_decoder.decode(raw)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            await self._refuse(ws, "malformed", f"expected a hello: {exc}")
            return None
        if hello.proto != P.PROTO:
            await self._refuse(ws, "proto", f"this host speaks protocol {P.PROTO}, the device {hello.proto}")
            return None
        mac = P.hello_mac(self._key, nonce_h, hello.nonce, hello.seat, hello.since, hello.client)
        if not P.check_mac(mac, hello.mac):
            async with self._auth_lock:  # wrong PINs are answered one at a time, ever more slowly
                self._failures += 1
                await asyncio.sleep(min(0.2 * self._failures, 2.0))
            await self._refuse(ws, "auth", "wrong PIN for this table")
            return None
        self._failures = 0
        seats = self.seats
        if hello.seat not in seats:
            await self._refuse(ws, "seat", f"no seat {hello.seat!r} at this table; seats: {', '.join(seats)}")
            return None
        up, down = P.session_keys(self._key, nonce_h, hello.nonce)
        chan = P.Channel(send_key=down, recv_key=up)
        assert self.table is not None
        since = hello.since if 0 <= hello.since <= self.table.seq else 0
        welcome = P.Welcome(
            P.welcome_proof(self._key, nonce_h, hello.nonce), self.table_id, self.name, self.game_name,
            hello.seat, seats,
        )
        await ws.send(chan.seal(welcome))
        return _Remote(ws, chan, hello.seat, since, hello.client)

    async def _refuse(self, ws: ServerConnection, rule: str, message: str) -> None:
        try:
            await ws.send(P.encode(P.Refused(rule, message)).decode())
            await ws.close(4003 if rule == "auth" else 4000, rule)
        except websockets.ConnectionClosed:
            pass

    def _receive(self, dev: _Remote, frame: bytes | str) -> None:
        try:
            body = dev.chan.open(frame)
            msg = P.to_host_decoder.decode(body)
        except P.ProtocolError as exc:
            dev.errors += 1
            dev.push(P.Error(exc.rule, exc.message))
            return
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            dev.errors += 1
            dev.push(P.Error("malformed", str(exc)))
            return
        done = self._replies.setdefault(dev.client, collections.OrderedDict())
        if msg.id in done:  # the same request again after a reconnect: answer, do not apply twice
            dev.push(done[msg.id])
            return
        try:
            if isinstance(msg, P.Act):
                self.act(dev.seat, msg.intent)
            else:
                self.undo(dev.seat)
            reply = P.Reply(msg.id, True)
        except Rejected as exc:
            reply = P.Reply(msg.id, False, exc.rule, exc.message)
        done[msg.id] = reply
        while len(done) > REPLIES_KEPT:
            done.popitem(last=False)
        dev.push(reply)

    def _update(self, dev: _Device) -> P.Update | None:
        pj = self.projector
        assert pj is not None and self.table is not None
        seq = self.table.seq
        entries = pj.entries_after(dev.seat, dev.sent_seq)
        wire = [P.WireEntry(e.seq, e.action, msgspec.Raw(P.encode(e.event))) for e in entries]
        dev.sent_seq = seq
        return P.Update(seq, wire, pj.snapshot(dev.seat))

    async def _sender(self, dev: _Remote) -> None:
        try:
            while True:
                await dev.wake.wait()
                dev.wake.clear()
                while dev.queue:
                    item = dev.queue.popleft()
                    msg = self._update(dev) if item == "update" else item
                    if msg is not None:
                        await dev.ws.send(dev.chan.seal(msg))
        except websockets.ConnectionClosed:
            pass
        except Exception:  # noqa: BLE001 - a bug here cuts one device off, never the table
            log.exception("sending to a %s device failed", dev.seat)
            await dev.ws.close(1011, "host error")


def _union(types: tuple[type, ...]) -> Any:
    from typing import Union

    return Union[types]  # noqa: UP007 - runtime union of a tuple


class _LocalDevice(_Device):
    def __init__(self, session: LocalSession, seat: str, seq: int) -> None:
        super().__init__(seat, seq)
        self.session = session

    def notify(self) -> None:
        self.session._refresh()


class LocalSession:
    """The hosting device's own screen: a :class:`companion.session.Session` with no network between."""

    def __init__(self, server: HostServer, seat: str) -> None:
        assert server.table is not None
        self._server = server
        self.seat = seat
        self._callbacks: list[Callable[[Snapshot], None]] = []
        self._device = _LocalDevice(self, seat, server.table.seq)
        self._snapshot: Snapshot | None = server.snapshot(seat)
        self._closed = False

    @property
    def snapshot(self) -> Snapshot | None:
        return self._snapshot

    def on_change(self, callback: Callable[[Snapshot], None]) -> None:
        self._callbacks.append(callback)

    def _refresh(self) -> None:
        if self._closed:
            return
        snap = self._server.snapshot(self.seat)
        self._device.sent_seq = snap.seq
        self._snapshot = snap
        for cb in list(self._callbacks):
            try:
                cb(snap)
            except Exception:  # noqa: BLE001 - a screen's bug must not stop the table
                log.exception("on_change callback failed")

    async def send(self, intent: dict[str, Any]) -> None:
        self._check()
        await self._server.call(lambda: self._server.act(self.seat, intent))

    async def undo(self) -> None:
        self._check()
        await self._server.call(lambda: self._server.undo(self.seat))

    async def close(self) -> None:
        self._closed = True
        if self._device in self._server._devices:
            self._server._devices.remove(self._device)

    def _check(self) -> None:
        if self._closed:
            raise Rejected("closed", "this session is closed")
        if self._server.table is None or self._server.store is None:
            raise Rejected("closed", "the host has stopped")
