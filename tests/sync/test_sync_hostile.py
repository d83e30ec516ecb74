"""Hostile or broken devices: nothing without the PIN, bad frames refused with an error, the host lives on."""

from __future__ import annotations

import asyncio

import msgspec
import pytest
import websockets
from websockets.asyncio.client import connect

from companion.sync.client import join
from companion.sync.hosting import HostServer
from engine.core import SeededRng
from tests.sync.synchelp import P, raw_join, run

PIN = "424242"


def host(tmp_path) -> HostServer:
    return HostServer(
        "toy",
        "Hostile",
        tmp_path / "t.sqlite",
        {"seats": 2},
        pin=PIN,
        advertise=False,
        rng=SeededRng(3),
        bind="127.0.0.1",
    )


async def alive(h: HostServer) -> None:
    """A well-behaved device still joins and plays."""
    s = await join("127.0.0.1", h.port, PIN, "p2")
    await s.send({"type": "Bump"})
    assert s.snapshot.view["bumps"] >= 1
    await s.close()


async def all_frames(ws, timeout: float = 1.0) -> list:
    out = []
    try:
        while True:
            out.append(await asyncio.wait_for(ws.recv(), timeout))
    except (TimeoutError, websockets.ConnectionClosed):
        pass
    return out


def test_without_the_pin_a_device_reads_nothing_of_the_game(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            ws = await connect(f"ws://127.0.0.1:{h.port}/", compression=None)
            ch = P.challenge_decoder.decode(await ws.recv())
            assert set(msgspec.json.decode(P.encode(ch))) == {"type", "proto", "salt"}
            pairing = P.Pairing(P.pin_verifier("000000", ch.salt), "device")
            await ws.send(P.encode(P.Pake(pairing.msg.hex())).decode())
            answer = P.pake_decoder.decode(await ws.recv())
            chan = pairing.finish(bytes.fromhex(answer.msg))
            await ws.send(chan.seal(P.Hello("p1", 0, P.new_device_token())))
            frames = await all_frames(ws)
            assert ws.close_code == 4003
            assert [msgspec.json.decode(f) for f in frames] == [
                {"type": "refused", "rule": "auth", "message": "wrong PIN for this table"}
            ]
            await alive(h)

    run(go())


def test_garbage_before_the_handshake_is_refused(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            for junk in (b"\x00\xff garbage", "{not json", '{"type":"hello","proto":"one"}', "[]"):
                ws = await connect(f"ws://127.0.0.1:{h.port}/", compression=None)
                await ws.recv()
                await ws.send(junk)
                frames = await all_frames(ws)
                assert len(frames) == 1 and msgspec.json.decode(frames[0])["rule"] == "malformed", junk
            await alive(h)

    run(go())


def test_raw_tcp_garbage_does_not_hurt_the_host(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            r, w = await asyncio.open_connection("127.0.0.1", h.port)
            w.write(b"\x16\x03\x01 not http at all\r\n\r\n" * 10)
            await w.drain()
            await asyncio.wait_for(r.read(), 5)
            w.close()
            await alive(h)

    run(go())


def test_bad_frames_after_the_handshake_get_an_error_and_change_nothing(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            ws, chan, _ = await raw_join(h.port, PIN, "p1")
            chan.open(await asyncio.wait_for(ws.recv(), 5))  # the first update
            seq = h.table.seq
            other = P.Channel(send_key=b"k" * 32, recv_key=b"k" * 32)
            bad = [
                (b"short", "malformed"),
                (b"\x00" * 40 + b'{"type":"act","id":1,"intent":{"type":"Bump"}}', "unauthenticated"),
                (other.seal(P.Act(1, {"type": "Bump"})), "unauthenticated"),  # sealed with another key
                ('{"type":"act","id":1,"intent":{"type":"Bump"}}', "unauthenticated"),  # plain text
                (chan.seal({"type": "act", "id": "one", "intent": []}), "malformed"),  # wrong types
                (chan.seal({"type": "launch"}), "malformed"),
                (_raw_sealed(chan, b"{bad json"), "malformed"),
            ]
            for frame, rule in bad:
                await ws.send(frame)
                err = await _next(ws, chan)
                assert isinstance(err, P.Error) and err.rule == rule, (frame[:20], err)
            assert h.table.seq == seq
            # a replayed, authentic frame is refused
            good = chan.seal(P.Act(7, {"type": "Bump"}))
            await ws.send(good)
            assert (await _next(ws, chan, P.Reply)).ok
            await ws.send(good)
            err = await _next(ws, chan)
            assert isinstance(err, P.Error) and err.rule == "unauthenticated"  # its counter is spent
            assert h.table.state.bumps == 1
            await ws.close()
            await alive(h)

    run(go())


def _raw_sealed(chan: P.Channel, body: bytes) -> bytes:
    chan._sent += 1
    return chan._send.encrypt(chan._sent.to_bytes(12, "big"), body, None)


async def _next(ws, chan, kind=(P.Error, P.Reply)):
    while True:
        msg = P.to_device_decoder.decode(chan.open(await asyncio.wait_for(ws.recv(), 5)))
        if isinstance(msg, kind):
            return msg


def test_a_ten_megabyte_message_is_refused_and_the_host_goes_on(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            ws, chan, _ = await raw_join(h.port, PIN, "p1")
            with pytest.raises(websockets.ConnectionClosed):
                await ws.send(chan.seal(P.Act(1, {"type": "Bump", "pad": "x" * (10 << 20)})))
                await asyncio.wait_for(ws.recv(), 5)
                await asyncio.wait_for(ws.recv(), 5)
            assert ws.close_code == 1009  # message too big
            assert h.table.state.bumps == 0
            await alive(h)

    run(go())


def test_a_device_that_keeps_sending_junk_is_cut_off(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            ws, chan, _ = await raw_join(h.port, PIN, "p1")
            with pytest.raises(websockets.ConnectionClosed):
                for _ in range(200):
                    await ws.send(b"junk")
                    await asyncio.sleep(0)
                for _ in range(300):
                    await asyncio.wait_for(ws.recv(), 5)
            assert ws.close_code == 4008
            await alive(h)

    run(go())
