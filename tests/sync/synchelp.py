"""Helpers for the sync tests (not a test file): a bounded asyncio runner, a raw protocol client, a recording
TCP proxy, and the environment of the processes they start."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect

from companion.sync import protocol as P
from harness import ROOT

T = TypeVar("T")


def run(coro: Awaitable[T], timeout: float = 60) -> T:
    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


async def until(pred: Callable[[], bool], timeout: float = 5.0, what: str = "condition") -> None:
    """Wait (bounded) for ``pred()`` to hold."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not pred():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


async def raw_join(
    port: int,
    pin: str,
    seat: str,
    since: int = 0,
    host: str = "127.0.0.1",
    token: str | None = None,
    **options: Any,
) -> tuple[ClientConnection, P.Channel, P.Welcome]:
    """A hand-driven device: the handshake (SPAKE2, then the encrypted hello) done by the test itself.
    ``options`` go to the websocket client (e.g. ``max_queue=None`` for a device that never reads)."""
    ws = await connect(f"ws://{host}:{port}/", compression=None, max_size=None, open_timeout=5, **options)
    ch = P.challenge_decoder.decode(await asyncio.wait_for(ws.recv(), 5))
    pairing = P.Pairing(P.pin_verifier(pin, ch.salt), "device")
    await ws.send(P.encode(P.Pake(pairing.msg.hex())).decode())
    answer = P.pake_decoder.decode(await asyncio.wait_for(ws.recv(), 5))
    assert isinstance(answer, P.Pake), answer
    chan = pairing.finish(bytes.fromhex(answer.msg))
    await ws.send(chan.seal(P.Hello(seat, since, token or P.new_device_token())))
    welcome = P.to_device_decoder.decode(chan.open(await asyncio.wait_for(ws.recv(), 5)))
    assert isinstance(welcome, P.Welcome), welcome
    return ws, chan, welcome


async def next_msg(ws: ClientConnection, chan: P.Channel, kind: type, timeout: float = 5.0) -> Any:
    """The next message of type ``kind`` from the host (others skipped), bounded."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        msg = P.to_device_decoder.decode(
            chan.open(await asyncio.wait_for(ws.recv(), max(0.01, end - loop.time())))
        )
        if isinstance(msg, kind):
            return msg


class RecordingProxy:
    """A loopback TCP proxy that keeps every byte the host sent to the device through it."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.down = bytearray()  # host -> device
        self._server: asyncio.Server | None = None
        self._conns: list[asyncio.StreamWriter] = []

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.sockets[0].getsockname()[1]

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0)

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        ur, uw = await asyncio.open_connection("127.0.0.1", self.target_port)
        self._conns += [writer, uw]

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter, keep: bytearray | None) -> None:
            try:
                while data := await src.read(65536):
                    if keep is not None:
                        keep.extend(data)
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.close()

        await asyncio.gather(pipe(reader, uw, None), pipe(ur, writer, self.down))

    async def stop(self) -> None:
        for w in self._conns:
            w.close()
        if self._server is not None:
            self._server.close()


def decode_stream(data: bytes, recv_key: bytes | None = None) -> list[Any]:
    """Every message in the bytes a host sent down one websocket: the HTTP upgrade answer, then each
    (unmasked, uncompressed) frame — text frames (the handshake) as JSON; binary frames decrypted with
    ``recv_key`` (the device's own key, in order) or, without it, kept as ``bytes``. Raises if any byte
    is left unexplained or a frame does not open."""
    import msgspec
    from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

    aead = ChaCha20Poly1305(recv_key) if recv_key is not None else None
    counter = 0
    head, sep, rest = data.partition(b"\r\n\r\n")
    assert sep and head.startswith(b"HTTP/1.1 101"), head[:80]
    assert b"permessage-deflate" not in head.lower()  # nothing compressed: the bytes are the text
    out: list[Any] = []
    i, parts, kind = 0, b"", 0
    while i < len(rest):
        b0, b1 = rest[i], rest[i + 1]
        opcode, n, i = b0 & 0x0F, b1 & 0x7F, i + 2
        assert not b1 & 0x80, "a host never masks its frames"
        if n == 126:
            n, i = int.from_bytes(rest[i : i + 2], "big"), i + 2
        elif n == 127:
            n, i = int.from_bytes(rest[i : i + 8], "big"), i + 8
        payload, i = rest[i : i + n], i + n
        assert len(payload) == n, "truncated frame"
        if opcode in (1, 2):
            parts, kind = payload, opcode
        elif opcode == 0:
            parts += payload
        else:
            continue  # ping, pong, close
        if b0 & 0x80:  # FIN
            if kind == 1:
                out.append(msgspec.json.decode(parts))
            elif aead is None:
                out.append(bytes(parts))
            else:
                counter += 1
                out.append(msgspec.json.decode(aead.decrypt(counter.to_bytes(12, "big"), bytes(parts), None)))
    return out


def strings(obj: Any) -> list[str]:
    """Every string inside decoded JSON (keys and values)."""
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for k, v in obj.items() for s in (*strings(k), *strings(v))]
    if isinstance(obj, list):
        return [s for v in obj for s in strings(v)]
    return []


def subprocess_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    env["PYTHONUNBUFFERED"] = "1"
    return env
