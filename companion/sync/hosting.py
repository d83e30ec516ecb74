"""The host: owns the engine and the SQLite store, serves a websocket, advertises itself with zeroconf.

One :class:`HostServer` is one table. Devices join with the table's PIN through a PAKE (see
:mod:`.protocol`), send intents, and receive, each, the events projected for their own seat and a
:class:`Snapshot` after every change, encrypted. The hosting device itself gets a :class:`LocalSession`
with the same Snapshot stream.

Seats belong to devices: the first device that opens a seat holds it (by the hash of its secret token,
kept in the save file) until it releases it or the host hands it over. A device that proved the PIN once
is remembered and comes back with its own key (see :mod:`.protocol`). The ``table`` seat shows what is
public to anyone who proved the PIN; acting as the table (its undo of anyone's action, its turns for a
player) needs the host's approval of that device (:meth:`HostServer.allow_tablet`), or a screen of the
hosting device itself. A request id answered once is answered the same way again, before or after a
restart: applied requests are written with their events.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import os
import resource
import signal
import uuid
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

import msgspec
import websockets
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.http11 import Request, Response

from companion.session import Rejected, Snapshot
from engine.core import TABLE, IllegalIntent, OsRng, Rng, Table, get_game
from engine.core.events import union_of
from engine.core.store import Actor, SaveError, Store

from . import protocol as P
from .budget import Budget
from .devices import HOST_DEVICE, Device
from .discovery import Advertiser, lan_addresses
from .handshake import Proof, prove, refuse_sealed
from .holders import SeatHolders
from .patch import PatchSender
from .presence import Presence
from .protocol import check_pin, new_pin, readable_quote
from .protocol import cut as _cut
from .tables import Projector, seats_of
from .tablets import TabletRequest, Tablets

log = logging.getLogger("tablekeeper.sync")

T = TypeVar("T")

HANDSHAKE_TIMEOUT = 5.0  # the whole handshake, from the upgrade to the key confirmation
MAX_ERRORS = 50  # a connection that sends this many bad messages is closed
REPLIES_KEPT = 64  # refused requests remembered per device (applied ones are in the save file)
MAX_DEVICES = 512  # authenticated connections at once
# tests only: the host kills itself right after a request's events are committed, before it answers
CRASH_AFTER_COMMIT = os.environ.get("TABLEKEEPER_TEST_CRASH_AFTER_COMMIT") == "1"


def _raise_fd_limit() -> None:
    """Many held connections must not exhaust file descriptors before honest devices get theirs."""
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = hard if hard != resource.RLIM_INFINITY else 65536
        if soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, 65536), hard))


class _Remote(Device):
    def __init__(self, ws: ServerConnection, chan: P.Channel, seat: str, since: int, device: str) -> None:
        super().__init__(seat, since, device)
        self.ws = ws
        self.chan = chan
        self.queue: collections.deque[Any] = collections.deque()  # "update" marker or messages
        # send less: what changed since the snapshot sent last on this connection
        self.patches = PatchSender()
        self.wake = asyncio.Event()
        self.errors = 0
        self.name = ""  # what the device said it is (a player's name), for the host's screen

    def notify(self) -> None:
        if not self.queue or self.queue[-1] != "update":
            self.queue.append("update")
        self.wake.set()

    def push(self, msg: Any) -> None:
        self.queue.append(msg)
        self.wake.set()

    def drop(self, why: Rejected) -> None:
        self.push(P.Refused(why.rule, why.message))
        self.push("close")


class HostServer(SeatHolders):
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
        budget: Budget | None = None,
        away_after: float | None = None,
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
        self.budget = budget if budget is not None else Budget()  # per address (may be shared by a process)
        self.wrong_pins = self.budget.table()  # this table's wrong-PIN cap, whatever the door
        self.table: Table | None = None
        self.store: Store | None = None
        self.projector: Projector | None = None
        self.resumed = False
        self.loop: asyncio.AbstractEventLoop | None = None
        self._pin = ""  # known only in the process that set it: the save file holds a verifier
        self._port = 0
        self._salt = ""
        self._verifier = b""
        self.table_id = ""
        self._server: Server | None = None
        self._advertiser: Advertiser | None = None
        self._devices: list[Device] = []
        self.tablets = Tablets()  # which devices may act as the table, and who asks
        self._tasks: set[asyncio.Task[Any]] = set()
        self._refusals: dict[str, collections.OrderedDict[int, P.Reply]] = {}
        self._owners: dict[str, str] = {}
        # which holders are here; those gone a while make their seat "away" (companion.sync.presence)
        self.presence = Presence(self._presence_changed, away_after)

    # -- life ---------------------------------------------------------------------------------------
    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        _raise_fd_limit()
        self._open_table()
        assert self.store is not None and self.table is not None
        meta = self.store.meta
        port = self._want_port or _port(meta.get("port", ""))
        try:
            self._server = await self._serve(port)
        except OSError:
            if self._want_port:
                raise
            self._server = await self._serve(0)  # the old port is taken: devices must join again
        self._port = self._server.sockets[0].getsockname()[1]
        self.presence.arm(self._owners)
        if meta.get("port") != str(self._port):
            self.store.set_meta("port", str(self._port))
        if meta.get("advertise") == "0":  # created hidden from the LAN: resumed hidden too
            self._advertise = False
        if self._advertise:
            addrs = [self.bind] if self.bind not in ("0.0.0.0", "") else None
            self._advertiser = Advertiser(
                self.name, self._port, self.game_name, addresses=addrs, table_id=self.table_id
            )
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
            process_request=self._admit,
        )

    def _open_table(self) -> None:
        """Open (checked, replayed, nothing written before both succeed) or create the table's save file."""
        path = self.store_path
        if path.exists():
            store = Store.open(path)  # checks the file read-only first: a refused file is never changed
            try:
                game = get_game(store.game)
                if store.count() == 0:
                    raise SaveError(
                        f"{path}: holds no events (not a complete saved game); it is left as it is"
                    )
                try:
                    table = Table.resume(game, store, self._rng)
                except SaveError:
                    raise
                except Exception as exc:  # noqa: BLE001 - a tampered log: refuse it, never start anew over it
                    raise SaveError(
                        f"{path}: its log does not replay ({type(exc).__name__}: {_cut(exc, 200)})"
                    ) from None
                options = store.options
                _check_meta(store)  # a damaged PIN verifier refuses the file before anything is written
                store.upgrade()  # the file replayed: from now on it may be written to
            except KeyError as exc:
                store.close()
                raise SaveError(f"{path}: {exc.args[0] if exc.args else exc}") from None
            except BaseException:
                store.close()
                raise
            self.resumed = True
            self._game_name = store.game
            self._options = options
        else:
            game = get_game(self._game_name)
            table = Table.new(game, self._options, self._rng)  # a refused setup writes nothing
            self._pin = self._want_pin or new_pin()
            salt = P.new_salt()
            extra = {
                "salt": salt,
                "verifier": P.pin_verifier(self._pin, salt).hex(),
                "table_id": uuid.uuid4().hex,
                "name": self.name,
                "advertise": "1" if self._advertise else "0",
            }
            store = Store.create(path, self._game_name, self._options, extra=extra, entries=table.entries)
            table.store = store
        try:
            self._settle_meta(store)
        except BaseException:
            store.close()
            raise
        self.store, self.table = store, table
        self._owners = store.owners()
        self.tablets.load(store.tablets())
        self.projector = Projector(table, self._game_name, self.name)
        self.projector.set_held(self._owners)
        for dev in set(self._owners.values()):  # a restarted host: every holder gone until it is back
            self.presence.left(dev)

    def _settle_meta(self, store: Store) -> None:
        meta = store.meta
        if meta.get("pin"):  # a version 1 file held the PIN itself: keep a verifier instead
            self._pin = self._pin or meta["pin"]
            salt = P.new_salt()
            store.set_meta("salt", salt)
            store.set_meta("verifier", P.pin_verifier(meta["pin"], salt).hex())
            store.delete_meta("pin")
        if not meta.get("table_id"):
            store.set_meta("table_id", uuid.uuid4().hex)
        if self._want_pin is not None and self._want_pin != self._pin:
            self._set_pin(store, self._want_pin)
        elif not meta.get("verifier") or not meta.get("salt"):
            self._set_pin(store, new_pin())
        if self.name and meta.get("name") != self.name:
            store.set_meta("name", self.name)
        self.name = self.name or meta.get("name", "")
        _check_meta(store)
        self._verifier = bytes.fromhex(meta["verifier"])
        self._salt, self.table_id = meta["salt"], meta["table_id"]

    def _set_pin(self, store: Store, pin: str) -> None:
        salt = P.new_salt()
        store.set_meta("salt", salt)
        store.set_meta("verifier", P.pin_verifier(pin, salt).hex())
        self._pin, self._salt, self._verifier = pin, salt, bytes.fromhex(store.meta["verifier"])

    def new_pin(self, pin: str | None = None) -> str:
        """Choose a new PIN: new devices need it; devices that proved the old one come back by their own
        key (:meth:`forget_devices` shuts them out too)."""
        assert self.store is not None, "start() the host first"
        self._set_pin(self.store, check_pin(pin) if pin is not None else new_pin())
        return self._pin

    def forget_devices(self) -> None:
        """Every device must prove the PIN again (say, after the PIN leaked): their keys and tablet rights
        are forgotten and their connections closed; the seats they hold stay theirs."""
        assert self.store is not None, "start() the host first"
        self.store.forget_devices()
        self.tablets.load(set())
        for d in list(self._devices):
            if isinstance(d, _Remote):
                self._drop(d, "auth", "the host shut every device out: join again with the PIN")
        self.tablets.changed()

    def check_pin(self, pin: str) -> bool:
        """Whether ``pin`` is this table's PIN (for a screen on the hosting device; budgets are the
        caller's)."""
        import hmac

        try:
            return hmac.compare_digest(P.pin_verifier(str(pin).strip(), self._salt), self._verifier)
        except (ValueError, TypeError):
            return False

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
        self.presence.stop()
        self._devices.clear()
        self._refusals.clear()
        self.tablets.stop()
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
        """The PIN when this process chose it or was given it; "" after a restart (only a verifier is
        saved)."""
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
    def visible(self) -> bool:
        """Whether this table is meant to be announced on the LAN (zeroconf); the join code works either
        way."""
        return self._advertise

    @property
    def join_code(self) -> str:
        host = self.address
        if ":" in host:
            host = f"[{host}]"
        pin = f"pin={quote(self._pin)}&" if self._pin else ""
        return f"tk://{host}:{self._port}/?{pin}name={readable_quote(self.name)}"

    @property
    def seats(self) -> list[str]:
        assert self.table is not None, "start() the host first"
        return seats_of(self.table.game, self.table.state)

    @property
    def owners(self) -> dict[str, str]:
        """seat → the device id holding it (the ``table`` seat is shared by every table tablet)."""
        return dict(self._owners)

    @property
    def devices(self) -> list[tuple[str, str]]:
        """(seat, kind) of every screen connected right now (kind: ``local`` or ``remote``)."""
        return [(d.seat, "remote" if isinstance(d, _Remote) else "local") for d in self._devices]

    def snapshot(self, seat: str) -> Snapshot:
        assert self.projector is not None, "start() the host first"
        return self.projector.snapshot(seat)

    def set_seat_name(self, seat: str, name: str, colour: str | None = None) -> None:
        """Name a player seat ("Léa"), and its box colour: kept in the save file, shown on every device."""
        assert self.projector is not None, "start() the host first"
        self.projector.set_seat_name(seat, name, colour)
        self._changed()

    # -- devices that proved the PIN, table tablets ---------------------------------------------------
    def remember(self, token: str) -> None:
        """The device of secret ``token`` proved the PIN: it comes back by its own key from now on."""
        assert self.store is not None
        dev = P.device_id(token)
        self.store.remember_device(dev, P.return_handle(token), P.return_key(token))

    def knows(self, token: str) -> bool:
        """Whether the device of secret ``token`` proved this table's PIN before (the web UI's pages)."""
        return self.store is not None and P.check_token(token) and self.store.knows_device(P.device_id(token))

    def is_tablet(self, device: str) -> bool:
        return device == HOST_DEVICE or self.tablets.allowed(device)

    def allow_tablet(self, device: str, allowed: bool = True) -> None:
        """The host allows (or no longer allows) ``device`` to act as the table's shared tablet."""
        assert self.store is not None
        self.store.set_tablet(device, allowed)
        self.tablets.allow(device, allowed)

    def refuse_tablet(self, device: str) -> None:
        """The host says no to a device that asked to act as the table's tablet (it may ask again)."""
        self.tablets.refuse(device)

    @property
    def tablet_requests(self) -> dict[str, TabletRequest]:
        return self.tablets.requests

    def watch(self, fn: Callable[[], None]) -> Callable[[], None]:
        """Call ``fn`` whenever tablet requests or seat holders change (the host's screen); returns the
        function that stops it."""
        return self.tablets.watch(fn)

    # -- the rules ----------------------------------------------------------------------------------
    def _may_act(self, seat: str, actor: Actor | None, device: str) -> None:
        """The table seat acts only from a device the host allowed (or the host's own screens)."""
        who = actor.client if actor is not None and actor.client else device
        if seat == TABLE and not self.is_tablet(who):
            name = next((getattr(d, "name", "") for d in self._devices if d.device == who), "")
            raise self.tablets.ask(who, name)

    def act(self, seat: str, intent: Any, actor: Actor | None = None, *, device: str = HOST_DEVICE) -> None:
        """Apply ``intent`` for ``seat`` (its ``seat`` field is overridden), from ``device`` (the actor's
        client for a remote device). Raises :class:`Rejected`."""
        table = self.table
        assert table is not None
        self._may_act(seat, actor, device)
        if not isinstance(intent, dict):
            raise Rejected("bad-intent", "an intent is a JSON object with a 'type'")
        kind = intent.get("type")
        if not isinstance(kind, str):
            raise Rejected("bad-intent", "an intent needs a 'type' naming one of the game's intents")
        data = {**intent, "seat": seat}
        intents = tuple(table.game.intents)
        kinds = {t.__name__ for t in intents}
        if kind not in kinds:
            raise Rejected("bad-intent", f"unknown intent {_cut(kind, 40)!r} for {self.game_name}")
        try:
            obj = msgspec.convert(data, union_of(intents))
        except (msgspec.ValidationError, RecursionError) as exc:
            raise Rejected("bad-intent", _cut(f"{kind}: {exc}")) from None
        try:
            table.act(obj, actor or Actor(seat))
        except IllegalIntent as exc:
            raise Rejected(exc.rule, _cut(exc.message)) from None
        except SaveError as exc:
            raise Rejected("save", str(exc)) from None
        except Exception as exc:  # noqa: BLE001 - an engine bug refuses the intent, never stops the host
            log.error("engine error on a %s intent: %s", _cut(kind, 40), _cut(repr(exc)))
            raise Rejected("engine-error", _cut(f"{type(exc).__name__}: {exc}")) from None
        self._changed(actor.client if actor else device)

    def undo(self, seat: str, actor: Actor | None = None, *, device: str = HOST_DEVICE) -> None:
        """Take back the last action: only the seat that made it, or a table tablet the host allowed, may."""
        table = self.table
        assert table is not None and self.store is not None
        self._may_act(seat, actor, device)
        last = table.last_effective_action()
        by = self.store.action_seat(last) if last else None
        if seat != TABLE and last and by != seat:
            who = by if by is not None else "an earlier device"
            raise Rejected("undo-not-yours", f"only {who} or the table tablet can take back the last action")
        try:
            table.undo(actor or Actor(seat))
        except IllegalIntent as exc:
            raise Rejected(exc.rule, exc.message) from None
        except SaveError as exc:
            raise Rejected("save", str(exc)) from None
        self._changed(actor.client if actor else device)

    def _changed(self, first: str = "") -> None:
        """Tell every screen; the device that acted first (its player waits for the answer to their tap)."""
        devices = list(self._devices)
        if first:
            devices.sort(key=lambda d: d.device != first)
        for d in devices:
            try:
                d.notify()
            except Exception:
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
    def _admit(self, ws: ServerConnection, request: Request) -> Response | None:
        """Before the websocket upgrade: refuse at once what the budgets or the caps do not allow."""
        addr = _peer(ws)
        if request.headers.get("Origin") is not None:  # a web page, not the app: never
            return _http(ws, 403, "tablekeeper devices do not join from web pages")
        if sum(1 for d in self._devices if isinstance(d, _Remote)) >= MAX_DEVICES:
            return _http(ws, 503, "this table has too many devices connected")
        why = self.budget.admit(addr)  # nothing is held here: the handler holds its slot itself
        if why:
            return _http(ws, 429, why)
        return None

    async def _handler(self, ws: ServerConnection) -> None:
        addr = _peer(ws)
        try:
            with self.budget.slot(addr) as why:  # given back however the handshake ends
                if why:
                    await ws.close(4029, "too many joins in progress")
                    return
                async with asyncio.timeout(HANDSHAKE_TIMEOUT):
                    dev = await self._handshake(ws, addr)
        except TimeoutError:
            with contextlib.suppress(Exception):
                await ws.close(4008, "handshake too slow")
            return
        except (websockets.ConnectionClosed, OSError):
            return
        except Exception as exc:  # noqa: BLE001 - a handshake bug closes one connection, quietly
            log.warning("a handshake from %s failed: %s", addr, _cut(repr(exc), 200))
            with contextlib.suppress(Exception):
                await ws.close(1011, "host error")
            return
        if dev is None:
            return
        self._attach(dev)
        sender = asyncio.create_task(self._sender(dev))
        self._tasks.add(sender)
        dev.notify()
        try:
            async for frame in ws:
                try:
                    self._receive(dev, frame)
                except Exception as exc:  # noqa: BLE001 - a bug answers one message with an error, never more
                    log.error("handling a message from %s failed: %s", dev.seat, _cut(repr(exc)))
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
                self._left(dev.device)
            if not any(d.device == dev.device for d in self._devices):
                self._refusals.pop(dev.device, None)  # refused replies are freed with the device's session
            sender.cancel()
            self._tasks.discard(sender)

    async def _handshake(self, ws: ServerConnection, addr: str) -> _Remote | None:
        """The device proves the PIN or its own key (:mod:`.handshake`), then takes its seat."""
        assert self.store is not None and self.table is not None
        proof = Proof(self._salt, self._verifier, self.store.known_device, self.budget, self.wrong_pins)
        admitted = await prove(ws, addr, proof)
        if admitted is None:
            return None
        hello, chan = admitted.hello, admitted.chan
        try:
            self.claim(hello.seat, admitted.device)
        except Rejected as exc:
            await refuse_sealed(ws, chan, exc.rule, exc.message)
            return None
        if hello.name and hello.seat != TABLE:
            with contextlib.suppress(Exception):
                self.set_seat_name(hello.seat, _cut(hello.name, 40))
        if not admitted.returning:
            try:
                self.remember(hello.device)  # from now on it comes back by its own key
            except SaveError as exc:
                log.warning("could not remember a device: %s", exc)
        since = hello.since if 0 <= hello.since <= self.table.seq else 0
        await ws.send(chan.seal(P.Welcome(self.table_id, self.name, self.game_name, hello.seat, self.seats)))
        remote = _Remote(ws, chan, hello.seat, since, admitted.device)
        remote.name = _cut(hello.name, 40)
        return remote

    def _receive(self, dev: _Remote, frame: bytes | str) -> None:
        try:
            body = dev.chan.open(frame)
            msg = P.to_host_decoder.decode(body)
        except P.ProtocolError as exc:
            dev.errors += 1
            dev.push(P.Error(exc.rule, exc.message))
            return
        except (msgspec.DecodeError, msgspec.ValidationError, RecursionError, ValueError) as exc:
            dev.errors += 1  # ValueError: e.g. text that is not UTF-8
            dev.push(P.Error("malformed", _cut(exc, 200)))
            return
        assert self.store is not None
        if dev not in self._devices:
            return
        if not 0 < msg.id <= P.MAX_REQUEST_ID:
            dev.errors += 1
            dev.push(P.Reply(msg.id, False, "bad-request", "a request id is a whole number from 1 to 2^63-1"))
            return
        refused = self._refusals.setdefault(dev.device, collections.OrderedDict())
        if msg.id in refused:  # the same request again after a reconnect: the same answer
            dev.push(refused[msg.id])
            return
        if (
            self.store.request_action(dev.device, msg.id) is not None
        ):  # applied before (maybe before a restart)
            dev.push(P.Reply(msg.id, True))
            return
        actor = Actor(dev.seat, dev.device, msg.id)
        try:
            if isinstance(msg, P.Act):
                self.act(dev.seat, msg.intent, actor)
            elif isinstance(msg, P.UndoRequest):
                self.undo(dev.seat, actor)
            else:
                self.release(dev.seat, dev.device)
            if CRASH_AFTER_COMMIT:  # a test hook: die between the commit and the reply, as a killed host does
                os.kill(os.getpid(), signal.SIGKILL)
            reply = P.Reply(msg.id, True)
        except Rejected as exc:
            reply = P.Reply(msg.id, False, _cut(exc.rule, 40), _cut(exc.message))
            refused[msg.id] = reply
            while len(refused) > REPLIES_KEPT:
                refused.popitem(last=False)
        dev.push(reply)

    def _update(self, dev: Device) -> P.Update | None:
        pj = self.projector
        assert pj is not None and self.table is not None
        seq = self.table.seq
        entries = pj.entries_after(dev.seat, dev.sent_seq)
        wire = [P.WireEntry(e.seq, e.action, msgspec.Raw(P.encode(e.event))) for e in entries]
        dev.sent_seq = seq
        patches = getattr(dev, "patches", None)
        if patches is None:
            return P.Update(seq, wire, pj.snapshot(dev.seat))
        full, patch = patches.next(pj.snapshot(dev.seat))
        return P.Update(seq, wire, full, patch)

    async def _sender(self, dev: _Remote) -> None:
        try:
            while True:
                await dev.wake.wait()
                dev.wake.clear()
                while dev.queue:
                    item = dev.queue.popleft()
                    if item == "close":
                        await dev.ws.close(4000, "seat handed over")
                        return
                    msg = self._update(dev) if item == "update" else item
                    if msg is not None:
                        await dev.ws.send(dev.chan.seal(msg))
        except websockets.ConnectionClosed:
            pass
        except Exception:
            log.exception("sending to a %s device failed", dev.seat)
            await dev.ws.close(1011, "host error")


def _peer(ws: ServerConnection) -> str:
    addr = ws.remote_address
    host = str(addr[0]) if addr else "?"
    return host.split("%")[0]


def _http(ws: ServerConnection, status: int, why: str) -> Response:
    r = ws.respond(status, why + "\n")
    r.headers["Connection"] = "close"
    return r


def _port(text: str) -> int:
    try:
        n = int(text)
    except (TypeError, ValueError):
        return 0
    return n if 0 < n < 65536 else 0


def _check_meta(store: Store) -> None:
    """The PIN verifier and its salt are hex (a file saying otherwise is refused before any write)."""
    meta = store.meta
    for key in ("verifier", "salt"):
        if key in meta:
            try:
                bytes.fromhex(meta[key])
            except ValueError:
                raise SaveError(f"{store.path}: saved game is damaged (its PIN {key} is not hex)") from None
