"""Tablets act for a seat without holding it; a seat whose device has been gone a while is flagged, and may
be played elsewhere until its device comes back. Scenarios on a real host (real SQLite, real sockets)."""

from __future__ import annotations

import asyncio

import pytest

from companion.session import Rejected
from companion.sync import protocol as P
from companion.sync.client import join
from companion.sync.hosting import HostServer
from engine.core.events import TABLE
from engine.core.rng import SeededRng

from .synchelp import run, until

pytest.importorskip("engine.games.pandemie")
PIN = "4821"


def _host(path, away_after: float = 60.0) -> HostServer:
    return HostServer(
        "pandemie",
        "Limes",
        path,
        {"provinces": 2, "players": 2},
        pin=PIN,
        advertise=False,
        rng=SeededRng(3),
        bind="127.0.0.1",
        away_after=away_after,
    )


def _info(h: HostServer, seat: str):
    return next(i for i in h.snapshot(TABLE).seats if i.seat == seat)


def test_a_tablet_playing_a_seat_in_turn_does_not_hold_it_and_a_phone_arriving_later_takes_it_at_once(
    tmp_path,
):
    async def go():
        h = _host(tmp_path / "t.sqlite")
        await h.start()
        try:
            tablet = P.new_device_token()
            acting = h.local_session("p1", device=tablet, hold=False)  # the tablet plays p1's turn
            lost = []
            acting.on_lost(lost.append)
            await acting.send(next(c.intent for c in acting.snapshot.choices))  # it acts for p1
            assert "p1" not in h.owners and not _info(h, "p1").held, "the tablet holds no seat it played"
            phone = await join("127.0.0.1", h.port, PIN, "p1", name="Ana")  # its player arrives with a phone
            assert h.owners["p1"] == P.device_id(phone.device_token)
            assert lost and lost[0].rule == "seat-handed-over", "the tablet hears at once that p1 is taken"
            with pytest.raises(Rejected):
                await acting.send(next(c.intent for c in phone.snapshot.choices))
            with pytest.raises(Rejected, match="seat-taken"):  # opening it again: p1 plays on its phone
                h.local_session("p1", device=tablet, hold=False)
            await phone.close()
        finally:
            await h.stop()

    run(go())


def test_a_seat_whose_device_is_gone_for_a_while_is_flagged_and_freed_for_a_tablet_until_it_comes_back(
    tmp_path,
):
    async def go():
        h = _host(tmp_path / "t.sqlite", away_after=0.5)
        await h.start()
        try:
            table = h.local_session(TABLE, device=P.new_device_token())
            phone = await join("127.0.0.1", h.port, PIN, "p1", name="Ana")
            token = phone.device_token
            await asyncio.sleep(0.8)
            assert not _info(h, "p1").away, "a device at the table is not flagged"
            with pytest.raises(Rejected):  # nor freed
                await table.free_away("p1")
            await phone.close()  # the phone went (a flat battery)
            await asyncio.sleep(0.2)
            assert not _info(h, "p1").away, "gone briefly: not flagged yet"
            await until(lambda: _info(table._server, "p1").away, 3, "p1 flagged away")
            assert table.snapshot is not None and any(i.away for i in table.snapshot.seats if i.seat == "p1")
            assert "p1" in h.away_seats()
            await table.free_away("p1")  # "play it here"
            assert "p1" not in h.owners
            acting = h.local_session("p1", device=P.new_device_token(), hold=False)
            await acting.send(next(c.intent for c in acting.snapshot.choices))
            again = await join("127.0.0.1", h.port, PIN, "p1", device_token=token)  # its phone comes back
            assert h.owners["p1"] == P.device_id(token) and not _info(h, "p1").away
            assert acting.is_lost, "the phone took its seat back; the tablet follows"
            await again.close()
            await table.close()
        finally:
            await h.stop()

    run(go())


def test_a_browser_page_gone_away_counts_as_gone_and_back_when_it_returns(tmp_path):
    async def go():
        h = _host(tmp_path / "t.sqlite", away_after=0.3)
        await h.start()
        try:
            page = h.local_session("p2", device=P.new_device_token())
            await page.here(False)  # its phone locked in a pocket
            await until(lambda: _info(h, "p2").away, 3, "p2 flagged away")
            await page.here(True)
            await until(lambda: not _info(h, "p2").away, 3, "p2 back")
            await page.close()
        finally:
            await h.stop()

    run(go())


def test_after_a_host_restart_a_holder_not_back_is_flagged_and_one_back_is_not(tmp_path):
    async def go():
        path = tmp_path / "t.sqlite"
        h = _host(path)
        await h.start()
        a, b = P.new_device_token(), P.new_device_token()
        h.local_session("p1", device=a)
        h.local_session("p3", device=b)
        await h.stop()
        again = _host(path, away_after=0.5)
        await again.start()
        try:
            back = again.local_session("p1", device=a)  # its page came back by itself
            await until(lambda: _info(again, "p3").away, 3, "p3 flagged away")
            assert not _info(again, "p1").away
            await back.close()
        finally:
            await again.stop()

    run(go())
