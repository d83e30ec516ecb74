"""Devices on loopback: joining with the PIN, intents, undo, drops, host restarts, hidden information."""

from __future__ import annotations

import asyncio

import msgspec
import pytest

from companion.session import Rejected
from companion.sync import protocol as P
from companion.sync.client import RemoteSession, join, parse_join_code
from companion.sync.hosting import HostServer, readable_quote
from engine.core import SeededRng
from tests.sync import synchelp
from tests.sync.synchelp import RecordingProxy, raw_join, run, until

PIN = "2468"


def host(tmp_path, seats: int = 3, cards: int = 12, **kw) -> HostServer:
    return HostServer(
        "toy",
        "Feu de camp",
        tmp_path / "table.sqlite",
        {"seats": seats, "cards": cards},
        pin=PIN,
        advertise=False,
        rng=SeededRng(7),
        bind="127.0.0.1",
        **kw,
    )


def test_join_code_round_trips_and_bad_codes_are_named():
    assert parse_join_code("tk://192.168.1.20:8765/?pin=1234&name=Feu%20de%20camp") == (
        "192.168.1.20",
        8765,
        "1234",
        "Feu de camp",
    )
    # the code a host shows reads as the table's name, and what a query would misread still round-trips
    for name in ("Feu de camp", "Soirée chez Léa & co", "100% Rattus + amis #2 a=b?/\\"):
        code = f"tk://192.168.1.20:8765/?pin=1234&name={readable_quote(name)}"
        assert parse_join_code(code)[3] == name
    assert readable_quote("Soirée chez Léa & co") == "Soirée+chez+Léa+%26+co"  # one word: selected whole
    for bad, why in [
        ("http://x:1/?pin=1", "not a tablekeeper"),
        ("tk://x/?pin=1", "no port"),
        ("tk://x:12/?name=a", "no pin"),
        ("tk://x:99999/?pin=1", "port"),
    ]:
        with pytest.raises(ValueError, match=why):
            parse_join_code(bad)


def test_a_device_with_the_pin_joins_and_sees_its_own_view(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            assert h.seats == ["p1", "p2", "p3", "table"]
            assert parse_join_code(h.join_code)[1:] == (h.port, PIN, "Feu de camp")
            s = await join("127.0.0.1", h.port, PIN, "p2")
            snap = s.snapshot
            assert snap is not None and snap.seat == "p2" and snap.game == "toy"
            assert snap.table_name == "Feu de camp" and snap.seq == h.table.seq
            assert snap.view["hand"] == [] and snap.view["deck"] == 12
            assert {c.intent["type"] for c in snap.choices} == {"Bump", "Draw"}
            assert all(c.intent["seat"] == "p2" for c in snap.choices)
            await s.close()

    run(go())


def test_wrong_pin_or_unknown_seat_is_refused(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            with pytest.raises(Rejected) as exc:
                await join("127.0.0.1", h.port, "1111", "p1")
            assert exc.value.rule == "auth"
            with pytest.raises(Rejected) as exc:
                await join("127.0.0.1", h.port, PIN, "p9")
            assert exc.value.rule == "seat"
            assert h.devices == []

    run(go())


def test_an_intent_reaches_every_device_and_the_host_decides_the_seat(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            devs = {seat: await join("127.0.0.1", h.port, PIN, seat) for seat in ("p1", "p2", "table")}
            local = h.local_session("p3")
            seen: list[int] = []
            local.on_change(lambda snap: seen.append(snap.seq))
            await devs["p1"].send({"type": "Draw", "seat": "p2"})  # claims p2: the host says p1
            assert h.table.state.hands["p1"] and not h.table.state.hands["p2"]
            target = h.table.seq
            await until(lambda: all(d.snapshot.seq == target for d in devs.values()), what="every device")
            assert local.snapshot.seq == target and seen == [target]
            assert devs["p1"].snapshot.view["hand"] == list(h.table.state.hands["p1"])
            assert devs["p2"].snapshot.view["hand_sizes"]["p1"] == 1
            # the local session acts too, and remote devices see it
            await local.send({"type": "Bump"})
            await until(lambda: all(d.snapshot.view["bumps"] == 1 for d in devs.values()), what="bump")
            for d in devs.values():
                await d.close()

    run(go())


def test_illegal_or_malformed_intents_are_refused_with_the_rule(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            s = await join("127.0.0.1", h.port, PIN, "p1")
            before = h.table.seq
            cases = [
                ({"type": "Play", "card": "HID99"}, "not-in-hand"),
                ({"type": "Fly"}, "bad-intent"),
                ({"type": "Play", "card": 5}, "bad-intent"),
                ({"card": "x"}, "bad-intent"),
            ]
            for intent, rule in cases:
                with pytest.raises(Rejected) as exc:
                    await s.send(intent)
                assert exc.value.rule == rule, intent
            local = h.local_session("p2")
            with pytest.raises(Rejected, match="not-in-hand"):
                await local.send({"type": "Play", "card": "HID00"})
            assert h.table.seq == before
            await s.close()

    run(go())


def test_undo_reaches_every_device_and_is_refused_across_a_private_draw(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            a = await join("127.0.0.1", h.port, PIN, "p1")
            b = await join("127.0.0.1", h.port, PIN, "p2")
            t = await join("127.0.0.1", h.port, PIN, "table")
            await a.send({"type": "Bump"})
            await until(lambda: b.snapshot.view["bumps"] == 1 and a.snapshot.can_undo and t.snapshot.can_undo)
            assert not b.snapshot.can_undo  # p2 did not act: not its undo to make
            with pytest.raises(Rejected) as exc:
                await b.undo()
            assert exc.value.rule == "undo-not-yours" and h.table.state.bumps == 1
            await a.undo()  # the seat that acted
            await until(lambda: a.snapshot.view["bumps"] == 0 and b.snapshot.view["bumps"] == 0, what="undo")
            assert a.snapshot.log[-1].text_en.endswith("undone")
            said = a.snapshot.log[-1]  # what was undone, in words: the line of the action, not its number
            assert said.text_en == f"“{a.snapshot.log[-2].text_en}” undone", said
            assert said.text_fr.startswith("« ") and "Action" not in said.text_fr, said
            await b.send({"type": "Bump"})
            with pytest.raises(Rejected) as exc:  # a table tablet the host has not allowed yet: asked
                await t.undo()
            assert exc.value.rule == "tablet-approval" and h.table.state.bumps == 1
            assert list(h.tablet_requests) == [P.device_id(t.device_token)]
            h.allow_tablet(P.device_id(t.device_token))
            await t.undo()  # the table tablet the host allowed may take back anyone's action
            await until(lambda: b.snapshot.view["bumps"] == 0, what="the table's undo")
            await a.send({"type": "Draw"})
            await until(lambda: not a.snapshot.can_undo)
            with pytest.raises(Rejected) as exc:
                await a.undo()
            assert exc.value.rule == "undo" and "revealed" in exc.value.message
            await t.close()
            assert len(h.table.state.hands["p1"]) == 1
            await a.close()
            await b.close()

    run(go())


def test_a_seat_never_receives_another_seats_hidden_cards(tmp_path):
    """Every byte that reached each seat's socket, read back: no card of another hand, no shuffle order."""

    async def go():
        async with host(tmp_path, seats=3, cards=12) as h:
            proxies, devs = {}, {}
            for seat in ("p1", "p2", "p3", "table"):
                proxies[seat] = RecordingProxy(h.port)
                await proxies[seat].start()
                devs[seat] = await join("127.0.0.1", proxies[seat].port, PIN, seat)
            for _ in range(3):
                for seat in ("p1", "p2", "p3"):
                    await devs[seat].send({"type": "Draw"})
            await devs["p1"].send({"type": "Play", "card": h.table.state.hands["p1"][0]})
            target = h.table.seq
            await until(lambda: all(d.snapshot.seq == target for d in devs.values()), what="last update")
            assert h.table.outcome() is None  # the game is not over: nothing is revealed yet
            hands = h.table.state.hands
            pile = h.table.state.deck.cards
            shuffle = h.table.entries[1].event
            for seat, proxy in proxies.items():
                data = bytes(proxy.down)
                assert len(data) > 1000
                # a passive capture: the handshake and nothing readable after it
                sealed = synchelp.decode_stream(data)
                assert [m["type"] for m in sealed[:2]] == ["challenge", "pake"]
                assert all(isinstance(m, bytes) for m in sealed[2:]) and len(sealed) > 3
                for own in hands.get(seat, ()):
                    assert own.encode() not in data  # encrypted: not even the seat's own cards
                # the device's own key reads its own bytes back: what it was sent, in clear
                messages = synchelp.decode_stream(data, devs[seat]._chan.recv_key)
                assert [m["type"] for m in messages[:4]] == ["challenge", "pake", "welcome", "update"]
                said = set(synchelp.strings(messages))
                assert set(hands.get(seat, ())) <= said
                assert not said & {c for other, cs in hands.items() if other != seat for c in cs}
                assert not said & set(pile) and shuffle.salt not in said
                plain = msgspec.json.encode(messages)
                for own in hands.get(seat, ()):
                    assert own.encode() in plain  # the bytes are readable: the check can fail
                for other, cards in hands.items():
                    if other != seat:
                        for c in cards:
                            assert c.encode() not in plain, f"{seat} received {other}'s {c}"
                for c in pile:
                    assert c.encode() not in plain, f"{seat} received the undrawn {c}"
                assert shuffle.salt.encode() not in plain
                assert b"HID" in plain  # the played card, face up, reached everybody
            for d in devs.values():
                await d.close()
            for p in proxies.values():
                await p.stop()

    run(go())


def test_a_dropped_device_gets_everything_it_missed(tmp_path):
    async def go():
        async with host(tmp_path, cards=30) as h:
            a = await join("127.0.0.1", h.port, PIN, "p1")
            b = await join("127.0.0.1", h.port, PIN, "p2")
            statuses: list[bool] = []
            b.on_status(statuses.append)
            await b.send({"type": "Draw"})
            b._ws.transport.abort()  # the tablet leaves the Wi-Fi without a word
            for _ in range(5):
                await a.send({"type": "Draw"})
                await a.send({"type": "Bump"})
            await b.send({"type": "Draw"})  # waits for the reconnection, then goes through
            target = h.table.seq
            await until(lambda: b.snapshot.seq == target and a.snapshot.seq == target, what="catch up")
            assert statuses[:2] == [False, True] and b.reconnects >= 1
            seqs = [e.seq for e in b.entries]
            assert seqs == sorted(set(seqs)) and seqs[-1] == target
            assert seqs == [e.seq for e in h.projector.entries_after("p2", 0)]
            assert b.snapshot.view["hand"] == list(h.table.state.hands["p2"])
            assert b.snapshot.view["hand_sizes"]["p1"] == 5
            await a.close()
            await b.close()

    run(go())


def test_a_request_whose_answer_was_lost_is_not_applied_twice(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            a = await join("127.0.0.1", h.port, PIN, "p1")
            await a.send({"type": "Bump"})
            # resend the very same request (same device, same id) as a reconnecting device would
            from companion.sync import protocol as P

            rid = h.store._conn.execute("SELECT rid FROM actions WHERE seat = 'p1'").fetchone()[0]
            await a._ws.send(a._chan.seal(P.Act(rid, {"type": "Bump"})))
            await asyncio.sleep(0.2)
            assert h.table.state.bumps == 1
            await a.close()

    run(go())


def test_a_restarted_host_resumes_the_same_table_and_devices_come_back(tmp_path):
    async def go():
        h = host(tmp_path)
        await h.start()
        port, table_id = h.port, h.table_id
        a = await join("127.0.0.1", port, PIN, "p1")
        await a.send({"type": "Draw"})
        await a.send({"type": "Bump"})
        hand, seq = h.table.state.hands["p1"], h.table.seq
        await h.stop()
        await until(lambda: not a.connected, what="the drop")
        h2 = HostServer(
            "ignored", "Feu de camp", tmp_path / "table.sqlite", advertise=False, bind="127.0.0.1"
        )
        await h2.start()
        try:
            assert h2.resumed and h2.game_name == "toy" and h2.options == {"seats": 3, "cards": 12}
            assert (h2.port, h2.table_id, h2.table.seq) == (port, table_id, seq)
            assert h2.pin == "" and h2.check_pin(PIN)  # a verifier, never the PIN, in the save file
            assert h2.table.state.hands["p1"] == hand
            await until(lambda: a.connected, timeout=10, what="the reconnection")
            await a.send({"type": "Draw"})
            assert a.snapshot.seq == h2.table.seq == seq + 1
            assert len(a.snapshot.view["hand"]) == 2
            await a.close()
        finally:
            await h2.stop()

    run(go())


def test_a_late_device_asks_only_for_what_follows_its_seq(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            a = await join("127.0.0.1", h.port, PIN, "p1")
            for _ in range(3):
                await a.send({"type": "Bump"})
            since = h.table.seq - 1
            late = await join("127.0.0.1", h.port, PIN, "p2", since=since)
            assert [e.seq for e in late.entries] == [h.table.seq]
            ws, chan, welcome = await raw_join(h.port, PIN, "p3", since=10**9)  # ahead of the host: from 0
            up = await synchelp.next_msg(ws, chan, synchelp.P.Update)
            assert up.entries[0].seq == 1 and welcome.seats == h.seats
            await ws.close()
            await a.close()
            await late.close()

    run(go())


def test_the_end_of_game_audit_reaches_each_seat_and_checks_on_the_device(tmp_path):
    async def go():
        async with host(tmp_path, seats=2, cards=4) as h:
            a = await join("127.0.0.1", h.port, PIN, "p1")
            b = await join("127.0.0.1", h.port, PIN, "p2")
            assert a.snapshot.audit is None
            for s in (a, b, a, b):
                await s.send({"type": "Draw"})
            await until(lambda: b.snapshot.outcome is not None and b.snapshot.audit is not None, what="end")
            for s in (a, b):
                audit = s.snapshot.audit
                assert audit["ok"] and audit["shuffles_checked"] == 1 and audit["draws_checked"] == 2
                dev = audit["device_check"]
                assert dev["ok"] and dev["complete"] and dev["draws_checked"] == 2
                assert len(audit["reveals"][0]["order"]) == 4
            local = h.local_session("table")
            assert local.snapshot.audit["ok"] and local.snapshot.audit["draws_checked"] == 0
            await a.close()
            await b.close()

    run(go())


def test_a_stacked_reveal_fails_the_device_check(tmp_path):
    async def go():
        async with host(tmp_path, seats=1, cards=2) as h:
            a = await join("127.0.0.1", h.port, PIN, "p1")
            await a.send({"type": "Draw"})
            await a.send({"type": "Draw"})
            await until(lambda: a.snapshot.audit is not None)
            audit = dict(a.snapshot.audit)
            rev = dict(audit["reveals"][0])
            rev["order"] = list(reversed(rev["order"]))  # a host lying about the order afterwards
            checked = a._check_audit({**audit, "reveals": [rev]})
            assert not checked["device_check"]["ok"]
            await a.close()

    run(go())


def test_bad_options_leave_no_save_file(tmp_path):
    async def go():
        h = HostServer("toy", "x", tmp_path / "t.sqlite", {"seats": 0}, advertise=False, bind="127.0.0.1")
        with pytest.raises(ValueError, match="seats"):
            await h.start()
        assert not (tmp_path / "t.sqlite").exists()
        with pytest.raises(KeyError, match="unknown game"):
            await HostServer("chess", "x", tmp_path / "u.sqlite", advertise=False).start()

    run(go())


def test_remote_session_is_a_session():
    from companion.session import Session

    for name in ("snapshot", "on_change", "send", "undo", "close"):
        assert hasattr(RemoteSession, name) and name in dir(Session)


def test_a_local_session_works_from_another_loop_and_thread(tmp_path):
    """The UI may run its own asyncio loop: a local session's calls hop onto the host's loop."""
    import threading

    h = host(tmp_path)
    loop = asyncio.new_event_loop()
    ready = threading.Event()

    def serve() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(h.start())
        ready.set()
        loop.run_forever()

    t = threading.Thread(target=serve, daemon=True)
    t.start()
    try:
        assert ready.wait(10)
        local = h.local_session("p1")
        threads: list[str] = []
        local.on_change(lambda snap: threads.append(threading.current_thread().name))

        async def ui() -> None:
            await local.send({"type": "Draw"})
            with pytest.raises(Rejected, match="not-in-hand"):
                await local.send({"type": "Play", "card": "nope"})
            with pytest.raises(Rejected, match="undo"):
                await local.undo()  # a private draw cannot be taken back

        run(ui())
        assert (
            local.snapshot.view["hand"] == list(h.table.state.hands["p1"])
            and len(local.snapshot.view["hand"]) == 1
        )
        assert threads == [t.name]
        run(local.close())
    finally:
        asyncio.run_coroutine_threadsafe(h.stop(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        t.join(10)


def test_a_seat_belongs_to_the_first_device_until_released_or_handed_over(tmp_path):
    async def go():
        async with host(tmp_path) as h:
            a = await join("127.0.0.1", h.port, PIN, "p1")
            token = a.device_token
            with pytest.raises(Rejected) as exc:  # another device with the PIN
                await join("127.0.0.1", h.port, PIN, "p1")
            assert exc.value.rule == "seat-taken"
            await a.close()
            again = await join("127.0.0.1", h.port, PIN, "p1", device_token=token)  # the owner comes back
            await again.release()
            b = await join("127.0.0.1", h.port, PIN, "p1")  # released: another device may take it
            with pytest.raises(Rejected):
                await join("127.0.0.1", h.port, PIN, "p1", device_token=token)
            # the host hands the seat over: the holder's screen loses it at once
            h.release("p1")
            c = h.local_session("p1", device=P.new_device_token())
            await until(lambda: b._fatal is not None, what="the former holder cut off")
            assert b._fatal.rule == "seat-handed-over"
            await c.close()
            # table tablets are many: the table seat is never held
            t1 = await join("127.0.0.1", h.port, PIN, "table")
            t2 = await join("127.0.0.1", h.port, PIN, "table")
            for s in (t1, t2, b):
                await s.close()

    run(go())


def test_a_table_tablet_sees_at_once_which_seats_a_device_holds(tmp_path):
    """The join screen lists the seats from a table session: a seat a phone joined is marked taken there as
    soon as it is taken, and free again when released (no event of the game in between)."""

    async def go():
        async with host(tmp_path) as h:
            look = await join("127.0.0.1", h.port, PIN, "table")
            assert not any(i.held for i in look.snapshot.seats)
            seq = look.snapshot.seq
            a = await join("127.0.0.1", h.port, PIN, "p2")
            await until(
                lambda: [i.seat for i in look.snapshot.seats if i.held] == ["p2"], what="p2 marked taken"
            )
            assert look.snapshot.seq == seq  # no game event: the seats' list alone changed
            await a.release()
            await until(lambda: not any(i.held for i in look.snapshot.seats), what="p2 free again")
            for s in (look, a):
                await s.close()

    run(go())
