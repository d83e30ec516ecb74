"""Seats are people: names kept by the host in the save file, shown on every device; a province tablet
follows its own province's players only; the header says whose turn and what is left; the resume list is
sorted by last played."""

from __future__ import annotations

import asyncio
import os
import time

import pytest

from companion.sync.hosting import HostServer
from companion.ui import header, model
from engine.core.events import TABLE
from engine.core.rng import SeededRng

pandemie = pytest.importorskip("engine.games.pandemie")
PIN = "4821"


def _host(path, provinces: int = 4, players: int = 2) -> HostServer:
    return HostServer("pandemie", "Limes", path, {"provinces": provinces, "players": players}, pin=PIN,
                      advertise=False, rng=SeededRng(3), bind="127.0.0.1")


def test_seat_names_are_kept_in_the_save_file_and_reach_every_seat(tmp_path):
    async def go():
        h = _host(tmp_path / "t.sqlite")
        await h.start()
        try:
            seats = h.snapshot(TABLE).seats
            assert [i.seat for i in seats] == [f"p{n}" for n in range(1, 9)], "every seat of the game"
            assert len({i.province for i in seats}) == 4 and all(i.province and i.province_code for i in seats)
            tablet = h.local_session(TABLE)
            got = []
            tablet.on_change(lambda s: got.append(s))
            h.set_seat_name("p7", "  Léa  ", "red")
            assert got, "every device hears of the new name at once"
            p7 = next(i for i in h.snapshot("p2").seats if i.seat == "p7")
            assert (p7.name, p7.colour) == ("Léa", "red") and p7.province and p7.province_code
            assert model.person(p7, "fr") == f"Léa · {p7.province}"
            with pytest.raises(ValueError, match="no player seat 'p99'"):
                h.set_seat_name("p99", "X")
            with pytest.raises(ValueError, match="unknown colour"):
                h.set_seat_name("p1", "X", "mauve")
            with pytest.raises(ValueError):
                h.set_seat_name(TABLE, "X")
            await tablet.close()
        finally:
            await h.stop()
        again = _host(tmp_path / "t.sqlite")
        await again.start()
        try:
            p7 = next(i for i in again.snapshot(TABLE).seats if i.seat == "p7")
            assert p7.name == "Léa", "the names outlive a host restart"
        finally:
            await again.stop()

    asyncio.run(go())


def test_no_bare_seat_ids_and_a_header_that_says_whose_turn():
    state, _ = pandemie.setup({"provinces": 2, "players": 2}, SeededRng(5))
    view = pandemie.view(state, "p1")
    names = {"p1": "Léa · Gallia"}
    h = header.header("pandemie", view, "p1", "fr", ["p1", "p3"], names)
    assert h.mine and h.turn == "À vous de jouer" and "4 action" in h.actions and "Vous êtes à" in h.where
    h3 = header.header("pandemie", pandemie.view(state, "p2"), "p2", "en", ["p1"], names)
    assert not h3.mine and h3.turn == "Léa · Gallia's turn"
    assert model.say("p7", "fr") == "Joueur 7" and model.say("p7", "fr", names) == "Joueur 7"
    tablet = header.header("pandemie", pandemie.view(state, TABLE), TABLE, "fr", ["p3"], {"p3": "Marc"},
                           focus="H", acting="p3")
    assert tablet.mine and "Marc" in tablet.turn and "Hispania" in tablet.awaited


def test_the_resume_list_is_sorted_by_last_played(tmp_path):
    async def make(name: str) -> None:
        h = _host(tmp_path / f"{name}.sqlite", provinces=1, players=2)
        await h.start()
        await h.stop()

    for name in ("old", "new"):
        asyncio.run(make(name))
    past = time.time() - 3600
    for suffix in ("", "-wal"):
        p = tmp_path / f"new.sqlite{suffix}"
        if p.exists():
            os.utime(p, (past, past))  # "new" was created last but played an hour ago
    saved = model.saved_tables(tmp_path)
    assert [s.path.stem for s in saved] == ["old", "new"]
    assert saved[1].when() == time.strftime("%Y-%m-%d %H:%M", time.localtime(past))


def test_the_log_and_the_choices_say_seats_by_their_players(tmp_path):
    """No bare ``p3`` in a log line or on a button: the player's name, else "Joueur 3" / "Player 3"; a name
    given later is used in the lines already written too."""
    import re

    async def go():
        h = _host(tmp_path / "t.sqlite", provinces=2, players=2)
        await h.start()
        try:
            def texts(seat: str, lang: str) -> list[str]:
                snap = h.snapshot(seat)
                return [getattr(x, f"text_{lang}") for x in snap.log] + [getattr(c, f"label_{lang}") for c in snap.choices]

            for lang in ("fr", "en"):
                lines = texts(TABLE, lang) + texts("p1", lang)
                assert lines and not [t for t in lines if re.search(r"\bp\d+\b", t)], lines
            assert any("Joueur 1" in t for t in texts(TABLE, "fr")), texts(TABLE, "fr")
            h.set_seat_name("p1", "Léa")
            fr = texts(TABLE, "fr")
            assert any("Léa" in t for t in fr) and not any("Joueur 1" in t for t in fr), fr
            assert any("Léa" in t for t in texts("p1", "en"))
        finally:
            await h.stop()

    asyncio.run(go())


def test_a_remembered_seat_is_joined_again_once_the_host_is_back(tmp_path):
    """After a host restart a LAN-joined device may come back before the table is hosted again: it tries
    again (the real client, a real host started late on the same port); a wrong PIN is not tried again."""
    import socket

    from companion.session import Rejected
    from companion.sync.client import join
    from companion.ui import rejoin

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]

    async def go():
        h = HostServer("pandemie", "Limes", tmp_path / "t.sqlite", {"provinces": 1, "players": 2}, pin=PIN,
                       advertise=False, rng=SeededRng(3), bind="127.0.0.1", port=port)
        trying = asyncio.create_task(rejoin.join_again(join, "127.0.0.1", port, PIN, "p2", {}, every=0.5))
        await asyncio.sleep(1.5)
        assert not trying.done(), "nobody hosts the table yet: still trying"
        await h.start()
        try:
            session = await asyncio.wait_for(trying, 60)
            assert session.snapshot is not None and session.snapshot.seat == "p2"
            await session.close()
            with pytest.raises(Rejected) as refused:
                await rejoin.join_again(join, "127.0.0.1", port, "000000", "p2", {}, every=0.5)
            assert refused.value.rule not in rejoin.RETRY_RULES
        finally:
            await h.stop()

    asyncio.run(go())
