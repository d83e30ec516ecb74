"""A stranger on the Wi-Fi: guesses within a budget, held connections, captured handshakes, fuzzed frames."""

from __future__ import annotations

import asyncio
import logging
import random
import resource

import msgspec
import websockets
from websockets.asyncio.client import connect

from companion.sync.budget import Budget
from companion.sync.client import join
from companion.sync.hosting import HostServer
from engine.core import SeededRng
from tests.sync.synchelp import P, RecordingProxy, decode_stream, raw_join, run

PIN = "731904"


def host(tmp_path, **kw) -> HostServer:
    return HostServer(
        "toy",
        "Attacked",
        tmp_path / "t.sqlite",
        {"seats": 2},
        pin=PIN,
        advertise=False,
        rng=SeededRng(5),
        bind="127.0.0.1",
        **kw,
    )


async def guess(port: int, pin: str, source: str) -> str:
    """One PIN attempt from ``source``: "auth" (tested and wrong), "ok", or why it was not even tested."""
    try:
        ws = await connect(
            f"ws://127.0.0.1:{port}/", compression=None, open_timeout=5, local_addr=(source, 0)
        )
    except websockets.InvalidStatus as exc:
        return f"http-{exc.response.status_code}"
    try:
        ch = P.challenge_decoder.decode(await ws.recv())
        pairing = P.Pairing(P.pin_verifier(pin, ch.salt), "device")
        await ws.send(P.encode(P.Pake(pairing.msg.hex())).decode())
        answer = P.pake_decoder.decode(await ws.recv())
        if isinstance(answer, P.Refused):
            return answer.rule
        chan = pairing.finish(bytes.fromhex(answer.msg))
        await ws.send(chan.seal(P.Hello("p1", 0, P.new_device_token())))
        raw = await ws.recv()
        if isinstance(raw, str):
            return msgspec.json.decode(raw)["rule"]
        return "ok"
    finally:
        await ws.close()


def test_pin_guesses_from_one_address_stay_within_its_budget_and_a_success_resets_nobody(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            results = [await guess(h.port, f"{i:06d}", "127.0.0.2") for i in range(30)]
            assert results.count("auth") == 10  # ten PINs tested in the minute, no more
            assert all(r in ("busy", "http-429") for r in results[10:]), results
            # an honest device elsewhere joins, and its success gives the attacker nothing back
            s = await join("127.0.0.1", h.port, PIN, "p2")
            await s.close()
            assert await guess(h.port, "000001", "127.0.0.2") in ("busy", "http-429")
            # another address has its own budget
            assert await guess(h.port, "111111", "127.0.0.3") == "auth"
            assert await guess(h.port, PIN, "127.0.0.3") == "ok"

    run(go())


def test_wrong_pins_at_the_table_are_capped_across_addresses(tmp_path):
    async def go():
        budget = Budget(per_address=10, per_table=12)
        async with host(tmp_path, budget=budget) as h:
            tested = 0
            for a in range(2, 6):
                for i in range(5):
                    tested += await guess(h.port, f"{a}{i:05d}", f"127.0.1.{a}") == "auth"
            assert tested == 12

    run(go())


def test_an_honest_device_joins_while_2000_hostile_connections_are_held_open(tmp_path):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(max(soft, 8192), hard), hard))

    async def go():
        async with host(tmp_path) as h:
            held: list[asyncio.StreamWriter] = []
            upgraded = []
            for i in range(2000):
                source = f"127.0.{2 + i // 250}.{1 + i % 250}"
                if i % 2:  # a TCP connection that never says anything
                    _r, w = await asyncio.open_connection("127.0.0.1", h.port, local_addr=(source, 0))
                    held.append(w)
                else:  # an upgraded websocket that stays silent after the challenge
                    try:
                        ws = await connect(
                            f"ws://127.0.0.1:{h.port}/",
                            compression=None,
                            open_timeout=5,
                            local_addr=(source, 0),
                        )
                        upgraded.append(ws)
                    except (websockets.InvalidStatus, OSError, TimeoutError):
                        pass
            s = await join("127.0.0.1", h.port, PIN, "p1")
            await s.send({"type": "Bump"})
            assert h.table.state.bumps == 1
            await s.close()
            for w in held:
                w.close()
            for ws in upgraded:
                await ws.close()

    run(go(), timeout=240)


def test_a_captured_handshake_decrypts_nothing_and_offers_no_offline_check(tmp_path):
    """Even the right PIN, tried offline against a capture, neither opens a frame nor tells itself apart."""

    async def go():
        async with host(tmp_path) as h:
            proxy = RecordingProxy(h.port)
            await proxy.start()
            s = await join("127.0.0.1", proxy.port, PIN, "p1")
            await s.send({"type": "Draw"})
            card = s.snapshot.view["hand"][0]
            await s.close()
            await proxy.stop()
            data = bytes(proxy.down)
            assert card.encode() not in data
            msgs = decode_stream(data)
            salt, host_msg = msgs[0]["salt"], bytes.fromhex(msgs[1]["msg"])
            sealed = [m for m in msgs if isinstance(m, bytes)]
            assert sealed
            for candidate in (PIN, "000000"):
                # the eavesdropper replays the device's side with a candidate PIN: a fresh SPAKE2 secret,
                # so the key differs for the right PIN exactly as for a wrong one
                chan = P.Pairing(P.pin_verifier(candidate, salt), "device").finish(host_msg)
                opened = 0
                for frame in sealed[:3]:
                    try:
                        chan.open(frame)
                        opened += 1
                    except P.ProtocolError:
                        pass
                assert opened == 0, candidate

    run(go())


def test_right_and_wrong_pins_get_the_same_answer_until_key_confirmation(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            shapes = []
            for pin in (PIN, "999999"):
                ws = await connect(f"ws://127.0.0.1:{h.port}/", compression=None)
                ch = P.challenge_decoder.decode(await ws.recv())
                pairing = P.Pairing(P.pin_verifier(pin, ch.salt), "device")
                await ws.send(P.encode(P.Pake(pairing.msg.hex())).decode())
                answer = await ws.recv()
                shapes.append((type(answer), len(answer), sorted(msgspec.json.decode(answer))))
                await ws.close()
            assert shapes[0] == shapes[1]  # nothing tells the PINs apart before the device proves its key

    run(go())


def test_ten_thousand_fuzzed_frames_give_no_traceback_and_the_host_lives_on(tmp_path, caplog):
    rnd = random.Random(11)
    samples = [
        {"type": "act", "id": 1, "intent": {"type": "Bump"}},
        {"type": "undo", "id": 2},
        {"type": "release", "id": 3},
        {"type": "act", "id": 4, "intent": {"type": "Draw", "x": [1, {"y": None}]}},
    ]

    def mutate(obj: object) -> bytes:
        raw = bytearray(msgspec.json.encode(obj))
        for _ in range(rnd.randint(0, 4)):
            op = rnd.random()
            if op < 0.4 and raw:
                raw[rnd.randrange(len(raw))] = rnd.randrange(256)
            elif op < 0.6:
                raw[rnd.randrange(len(raw) + 1) : 0] = bytes(
                    rnd.randrange(256) for _ in range(rnd.randint(1, 8))
                )
            elif op < 0.8 and raw:
                del raw[rnd.randrange(len(raw))]
            else:
                depth = rnd.randint(1, 3000)
                raw = bytearray(b'{"type":"act","id":9,"intent":' + b"[" * depth + b"]" * depth + b"}")
        return bytes(raw)

    async def go():
        async with host(tmp_path) as h:
            sent = 0
            while sent < FUZZ_FRAMES:
                ws, chan, _ = await raw_join(h.port, PIN, "p1", token=TOKEN, max_queue=None, close_timeout=1)
                try:
                    for _ in range(40):  # under the cut-off of 50 bad messages per connection
                        kind = rnd.random()
                        if kind < 0.6:
                            chan._sent += 1
                            frame = chan._send.encrypt(
                                chan._sent.to_bytes(12, "big"), mutate(rnd.choice(samples)), None
                            )
                        elif kind < 0.8:
                            frame = bytes(rnd.randrange(256) for _ in range(rnd.randint(0, 64)))
                        else:
                            frame = mutate(rnd.choice(samples)).decode("latin-1")
                        await ws.send(frame)
                        sent += 1
                finally:
                    await ws.close()
            s = await join("127.0.0.1", h.port, PIN, "p2")
            before = h.table.state.bumps
            await s.send({"type": "Bump"})
            assert h.table.state.bumps == before + 1
            await s.close()

    with caplog.at_level(logging.ERROR):
        run(go(), timeout=280)
    tracebacks = [r for r in caplog.records if r.exc_info]
    assert not tracebacks, tracebacks[0].getMessage()


TOKEN = P.new_device_token()
FUZZ_FRAMES = int(__import__("os").environ.get("TK_TEST_FUZZ_FRAMES", "10000"))
