"""The sync port's door, attacked as a stranger on the Wi-Fi would: slots that always come back, joined
devices that come back whatever strangers do, one wrong-PIN cap per table across doors, table tablets
the host allowed, out-of-range request ids answered, refused save files never written to."""

from __future__ import annotations

import asyncio
import hashlib
import os
import sqlite3
import urllib.error
import urllib.request

import msgspec
import pytest
import websockets
from websockets.asyncio.client import connect

from companion.session import Rejected
from companion.sync.budget import Budget
from companion.sync.client import join
from companion.sync.hosting import HostServer
from engine.core import SeededRng
from engine.core.store import SaveError
from tests.sync.synchelp import P, raw_join, run, until

PIN = "731904"


def host(tmp_path, name: str = "Porte", **kw) -> HostServer:
    return HostServer(
        "toy",
        name,
        tmp_path / f"{name}.sqlite",
        {"seats": 3},
        pin=PIN,
        advertise=False,
        rng=SeededRng(3),
        bind="127.0.0.1",
        **kw,
    )


async def plain_get(port: int, source: str, reset: bool = False) -> str:
    """A plain HTTP GET on the sync port (a browser tab, a port scan), or a connection reset before the
    upgrade's answer: what the host answered, or "reset"."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    if reset:
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n")
        await writer.drain()
        writer.transport.abort()  # gone before the 101
        return "reset"
    writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    await writer.drain()
    try:
        line = await asyncio.wait_for(reader.readline(), 5)
    finally:
        writer.close()
    return line.decode(errors="replace").strip()


async def garbage_handshake(port: int, source: str) -> str:
    """A stranger who sends a malformed SPAKE2 message (no scrypt work at all): the host's answer."""
    async with connect(f"ws://127.0.0.1:{port}/", open_timeout=5, local_addr=(source, 0)) as ws:
        await ws.recv()  # the challenge
        await ws.send(P.encode(P.Pake("00" * 33)).decode())
        try:
            answer = msgspec.json.decode(await asyncio.wait_for(ws.recv(), 5))
        except websockets.ConnectionClosed:
            return "closed"
        return str(answer.get("rule"))


def test_plain_requests_and_resets_before_the_upgrade_give_every_slot_back(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            for _ in range(8):
                answer = await plain_get(h.port, "127.0.3.1")
                assert answer.startswith("HTTP/1.1 4"), answer  # refused, and the slot given back
            for _ in range(8):
                await plain_get(h.port, "127.0.3.1", reset=True)
            await until(lambda: h.budget.pending() == 0, what="every slot given back")
            s = await join("127.0.0.1", h.port, PIN, "p1")  # the honest device joins from that address
            await s.close()

    # the device's own address: join() connects from 127.0.0.1; the stranger's from 127.0.3.1 above, and
    # below from the very address the device uses
    async def same_address():
        async with host(tmp_path, name="Même") as h:
            for _ in range(8):
                await plain_get(h.port, "127.0.0.1")
                await plain_get(h.port, "127.0.0.1", reset=True)
            await until(lambda: h.budget.pending() == 0, what="every slot given back")
            s = await join("127.0.0.1", h.port, PIN, "p1")
            await s.close()

    run(go())
    run(same_address())


def test_a_thousand_probes_from_five_hundred_addresses_lock_out_neither_a_new_nor_a_returning_device(
    tmp_path,
):
    async def go():
        async with host(tmp_path) as h:
            first = await join("127.0.0.1", h.port, PIN, "p1")
            token = first.device_token
            await first.close()

            async def probe(i: int) -> None:
                source = f"127.0.{10 + i // 250}.{1 + i % 250}"
                for k in range(8):
                    try:
                        await plain_get(h.port, source, reset=bool(k % 2))
                    except OSError:
                        pass

            for batch in range(0, 500, 50):
                await asyncio.gather(*(probe(i) for i in range(batch, batch + 50)))
            await until(lambda: h.budget.pending() == 0, timeout=20, what="every slot given back")
            fresh = await join("127.0.0.1", h.port, PIN, "p2")  # a new device
            back = await join("127.0.0.1", h.port, "", "p1", device_token=token)  # a returning one
            await fresh.send({"type": "Bump"})
            await until(lambda: back.snapshot.view["bumps"] == 1, what="the returning device's update")
            await fresh.close()
            await back.close()

    run(go(), timeout=180)


def test_a_joined_device_comes_back_without_the_pin_while_strangers_send_garbage_from_ten_addresses(
    tmp_path,
):
    """A phone that sleeps or roams redoes its handshake: by its own key, outside the wrong-PIN caps."""

    async def go():
        budget = Budget(per_address=20, per_table=12)
        async with host(tmp_path, budget=budget) as h:
            phone = await join("127.0.0.1", h.port, PIN, "p1")
            token = phone.device_token
            await phone.close()
            stop = asyncio.Event()
            answers: list[str] = []

            async def stranger(a: int) -> None:
                while not stop.is_set():
                    try:
                        answers.append(await garbage_handshake(h.port, f"127.0.20.{a}"))
                    except (OSError, websockets.InvalidStatus, websockets.ConnectionClosed, TimeoutError):
                        answers.append("refused")
                    await asyncio.sleep(0.05)

            strangers = [asyncio.create_task(stranger(a)) for a in range(1, 11)]
            # and wrong PINs too, until the table's cap is full: new devices now wait, returning ones do not
            for i in range(12):
                with pytest.raises(Rejected):
                    await join("127.0.0.1", h.port, f"{i:06d}", "p2", device_token=P.new_device_token())
            assert h.wrong_pins.full()
            back = 0
            for _ in range(20):
                s = await join("127.0.0.1", h.port, "", "p1", device_token=token)
                back += s.snapshot is not None
                await s.close()
            stop.set()
            await asyncio.gather(*strangers)
            assert back == 20, back
            assert answers and set(answers) <= {"malformed", "busy", "refused", "closed"}, set(answers)
            assert len(h.wrong_pins._failures) == 12  # garbage cost the table nothing

    run(go(), timeout=120)


def test_a_device_that_proved_the_pin_comes_back_after_a_new_pin_and_a_restart(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            s = await join("127.0.0.1", h.port, PIN, "p1")
            token = s.device_token
            await s.close()
            h.new_pin("246810")
            port = h.port
        async with HostServer(
            "toy", "Porte", tmp_path / "Porte.sqlite", port=port, advertise=False, bind="127.0.0.1"
        ) as again:
            assert again.resumed and again.pin == ""
            s = await join("127.0.0.1", port, "", "p1", device_token=token)
            assert s.snapshot.seat == "p1"
            await s.close()
            with pytest.raises(Rejected) as exc:  # a device it never met proves the PIN
                await join("127.0.0.1", port, "", "p2")
            assert exc.value.rule in ("auth", "unknown-device")
            again.forget_devices()  # the host shuts every device out
            with pytest.raises(Rejected):
                await join("127.0.0.1", port, "", "p1", device_token=token)

    run(go())


def test_the_web_form_and_the_sync_port_share_one_wrong_pin_cap_per_table(tmp_path):
    from companion.ui.hub import Hub

    async def go():
        hub = Hub(tmp_path, advertise=False)
        hub.budget = Budget(per_address=100, per_table=12)
        a = await hub.create("toy", "A", {"seats": 2})
        b = await hub.create("toy", "B", {"seats": 2})
        try:
            for i in range(8):  # the web form, from one address: each wrong guess counts at both tables
                found, why = await hub.try_pin(f"9{i:05d}", "10.0.0.9")
                assert not found and not why
            assert len(a.server.wrong_pins._failures) == 8 and len(b.server.wrong_pins._failures) == 8
            tested = 0
            for i in range(10):  # the sync port of A, from other addresses: 4 more, then the cap
                try:
                    await join(
                        "127.0.0.1", a.server.port, f"8{i:05d}", "p1", device_token=P.new_device_token()
                    )
                except Rejected as exc:
                    tested += exc.rule == "auth"
            assert tested == 4
            found, why = await hub.try_pin("123123", "10.0.0.10")  # A is full; B still takes guesses
            assert not found and not why and len(b.server.wrong_pins._failures) == 9
            # a right PIN costs no table anything
            found, why = await hub.try_pin(b.server.pin, "10.0.0.11")
            assert found == [b] and len(b.server.wrong_pins._failures) == 9
        finally:
            await hub.close()

    run(go())


def test_the_table_seat_undoes_another_seats_action_only_once_the_host_allowed_that_tablet(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            p1 = await join("127.0.0.1", h.port, PIN, "p1")
            tablet = await join("127.0.0.1", h.port, PIN, "table", name="Tablette Gallia")
            await p1.send({"type": "Bump"})
            with pytest.raises(Rejected) as exc:
                await tablet.undo()
            assert exc.value.rule == "tablet-approval" and h.table.state.bumps == 1
            with pytest.raises(Rejected) as exc:  # nor act for anyone
                await tablet.send({"type": "Bump"})
            assert exc.value.rule == "tablet-approval"
            (ask,) = h.tablet_requests.values()
            assert ask.name == "Tablette Gallia"
            h.refuse_tablet(ask.device)
            assert not h.tablet_requests
            with pytest.raises(Rejected):
                await tablet.undo()
            h.allow_tablet(P.device_id(tablet.device_token))
            await tablet.undo()
            await until(lambda: p1.snapshot.view["bumps"] == 0, what="the allowed tablet's undo")
            # the right is kept with the device: it comes back (a new connection) still allowed
            again = await join("127.0.0.1", h.port, "", "table", device_token=tablet.device_token)
            await p1.send({"type": "Bump"})
            await again.undo()
            await until(lambda: p1.snapshot.view["bumps"] == 0, what="the returning tablet's undo")
            for s in (p1, tablet, again):
                await s.close()

    run(go())


def test_a_request_id_out_of_range_is_answered_with_a_refusal(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            ws, chan, _welcome = await raw_join(h.port, PIN, "p1")
            for rid in (0, -5, 1 << 63, 1 << 64, 10**30):
                await ws.send(chan.seal(P.Act(rid, {"type": "Bump"})))
                while True:
                    msg = P.to_device_decoder.decode(chan.open(await asyncio.wait_for(ws.recv(), 5)))
                    if isinstance(msg, P.Reply):
                        break
                assert msg.id == rid and not msg.ok and msg.rule == "bad-request", msg
            await ws.send(chan.seal(P.Act((1 << 63) - 1, {"type": "Bump"})))  # the largest one is fine
            await until(lambda: h.table.state.bumps == 1, what="the largest request id applied")
            await ws.close()

    run(go())


def test_a_refused_save_file_is_never_written_to(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            path = h.store_path
        con = sqlite3.connect(path)
        con.execute("UPDATE meta SET value = 'not hex!' WHERE key = 'salt'")
        con.commit()
        con.close()
        before = hashlib.sha256(path.read_bytes()).hexdigest()
        stamp = os.stat(path).st_mtime_ns
        server = HostServer("toy", "Un autre nom", path, advertise=False, bind="127.0.0.1")
        with pytest.raises(SaveError, match="salt is not hex"):
            await server.start()
        assert hashlib.sha256(path.read_bytes()).hexdigest() == before
        assert os.stat(path).st_mtime_ns == stamp

    run(go())


def test_the_sync_port_answers_a_browser_tab_with_a_refusal_not_a_hang(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            return h.port, await asyncio.to_thread(_fetch, h.port)

    port, answer = run(go())
    assert answer in (403, 426, 400), answer


def _fetch(port: int) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
            return r.status
    except urllib.error.HTTPError as exc:
        return exc.code
