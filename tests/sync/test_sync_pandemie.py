"""The real Pandémie over the LAN: one tablet per province, a surge across a province link shows on the
linked province's tablet at once, and no device receives a hidden card or deck order it may not see."""

from __future__ import annotations

import re

import msgspec
import pytest

from companion.sync.client import join
from companion.sync.hosting import HostServer
from engine.core import HOST, Drawn, SeededRng, Shuffled, effective
from tests.sync.synchelp import RecordingProxy, decode_stream, run, strings, until

pandemie = pytest.importorskip("engine.games.pandemie", reason="the Pandémie engine is not importable yet")

PIN = "1357"
PREFERRED = ["EndActions", "DrawCards", "Propagate", "Discard", "ArrangeDivination"]


def province(city: str) -> str:
    return re.match(r"[A-Z]+", city).group(0)


def pick(snap) -> dict | None:
    """A plain policy on a seat's own choices: get to the propagation quickly."""
    by_type = {}
    for c in snap.choices:
        by_type.setdefault(c.intent["type"], c.intent)
    for t in PREFERRED:
        if t in by_type:
            return by_type[t]
    return snap.choices[0].intent if snap.choices else None


def pins(snap, city: str, colour: str) -> int:
    for p in snap.view["provinces"]:
        if city in p["pins"]:
            return p["pins"][city].get(colour, 0)
    return 0


def test_a_surge_across_a_province_link_shows_on_the_linked_tablet_at_once(tmp_path):
    async def go():
        h = HostServer(
            "pandemie",
            "Limes",
            tmp_path / "p.sqlite",
            {"provinces": 2, "players": 1, "open_hands": False},
            pin=PIN,
            advertise=False,
            rng=SeededRng(2),
            bind="127.0.0.1",
        )
        await h.start()
        proxies, devs = {}, {}
        try:
            assert h.seats == ["p1", "p2", "table"]
            homes = {s: p["province"] for s, p in pandemie.view(h.table.state, HOST)["players"].items()}
            assert sorted(set(homes.values())) == ["G", "H"]
            for name, seat in [("p1", "p1"), ("p2", "p2"), ("tablet-G", "table"), ("tablet-H", "table")]:
                proxies[name] = RecordingProxy(h.port)
                await proxies[name].start()
                devs[name] = await join("127.0.0.1", proxies[name].port, PIN, seat)
            crossing = None
            for _step in range(300):
                if h.table.outcome() is not None:
                    break
                seat = next((s for s in ("p1", "p2") if devs[s].snapshot.choices), None)
                assert seat is not None, "nobody can act"
                intent = pick(devs[seat].snapshot)
                before = {n: d.snapshot for n, d in devs.items()}
                start = h.table.seq
                await devs[seat].send(intent)
                new = [e.event for e in h.table.entries if e.seq > start]
                for k, e in enumerate(new):
                    if isinstance(e, pandemie.Surged):
                        for f in new[k + 1 :]:
                            if isinstance(f, pandemie.PinsPlaced) and province(f.city) != province(e.city):
                                crossing = (e, f)
                                break
                    if crossing:
                        break
                if crossing:
                    break
            assert crossing, "no surge crossed a province link in this seeded game"
            surge, placed = crossing
            linked = f"tablet-{province(placed.city)}"
            target = h.table.seq
            await until(lambda: devs[linked].snapshot.seq == target, timeout=2, what="the linked tablet")
            expected = msgspec.json.decode(msgspec.json.encode(h.table.view("table")))
            got = devs[linked].snapshot.view
            assert got == expected
            assert pins(devs[linked].snapshot, placed.city, placed.colour) > pins(
                before[linked], placed.city, placed.colour
            )

            # -- nothing hidden reached a device ----------------------------------------------------
            await until(lambda: all(d.snapshot.seq == target for d in devs.values()), what="every device")
            eff = [e.event for e in effective(h.table.entries)]
            salts = [e.salt for e in eff if isinstance(e, Shuffled)]
            drawn = {e.card for e in eff if isinstance(e, Drawn)}
            host_view = pandemie.view(h.table.state, HOST)
            never_drawn = [
                c
                for p in host_view["provinces"]
                for c in p["propagation_deck_order"] + p["player_deck_order"]
                if c not in drawn
            ]
            assert never_drawn
            hands = {s: p["hand"] for s, p in host_view["players"].items()}
            checked = 0
            for name, proxy in proxies.items():
                raw = bytes(proxy.down)
                messages = decode_stream(raw, devs[name]._chan.recv_key)
                data = msgspec.json.encode(messages)  # what the device read, in clear
                said = set(strings(messages))
                assert not said & set(never_drawn) and not said & set(salts)
                for salt in salts:
                    assert salt.encode() not in data, f"{name} received a shuffle salt"
                for c in never_drawn:
                    assert f'"{c}"'.encode() not in data, f"{name} received the undrawn {c}"
                for seat, hand in hands.items():
                    for c in hand:
                        if name == seat:
                            assert c.encode() in data  # readable bytes: the check below can fail
                        elif c not in repr(devs[name].snapshot.log):  # not shown to all since
                            assert f'"{c}"'.encode() not in data, f"{name} received {seat}'s {c}"
                            checked += 1
            assert checked >= 8  # hands of the other seat, for each of the four devices
        finally:
            for d in devs.values():
                await d.close()
            for p in proxies.values():
                await p.stop()
            await h.stop()

    run(go(), timeout=120)
