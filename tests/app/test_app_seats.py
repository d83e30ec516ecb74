"""Seats are people: names kept by the host in the save file, shown on every device; a province tablet
follows its own province's players only; the header says whose turn and what is left; the resume list is
sorted by last played."""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

import pytest

from companion.sync import protocol as P
from companion.sync.hosting import HostServer
from companion.ui import header, model
from engine.core.events import TABLE
from engine.core.rng import SeededRng
from harness.app import free_port

pandemie = pytest.importorskip("engine.games.pandemie")
PIN = "4821"


def _host(path, provinces: int = 4, players: int = 2) -> HostServer:
    return HostServer(
        "pandemie",
        "Limes",
        path,
        {"provinces": provinces, "players": players},
        pin=PIN,
        advertise=False,
        rng=SeededRng(3),
        bind="127.0.0.1",
    )


def test_seat_names_are_kept_in_the_save_file_and_reach_every_seat(tmp_path):
    async def go():
        h = _host(tmp_path / "t.sqlite")
        await h.start()
        try:
            seats = h.snapshot(TABLE).seats
            assert [i.seat for i in seats] == [f"p{n}" for n in range(1, 9)], "every seat of the game"
            assert len({i.province for i in seats}) == 4 and all(
                i.province and i.province_code for i in seats
            )
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
    assert not h3.mine and h3.turn == "Léa · Gallia's turn — you play next"
    assert "Léa · Gallia" in h3.actions, "the count of actions left is Léa's, said so on p2's phone"
    assert model.say("p7", "fr") == "Joueur 7" and model.say("p7", "fr", names) == "Joueur 7"
    tablet = header.header(
        "pandemie", pandemie.view(state, TABLE), TABLE, "fr", ["p3"], {"p3": "Marc"}, focus="H", acting="p3"
    )
    assert tablet.mine and "Marc" in tablet.turn and "Hispania" in tablet.awaited


def test_a_waiting_players_header_names_the_turn_in_their_own_province_and_whom_they_play_after():
    """A phone in Hispania reads "Au tour de Tom · Hispania — vous jouez après Noé", not every province's
    player in turn, and the actions left are said to be Tom's."""
    state, _ = pandemie.setup({"provinces": 2, "players": 3}, SeededRng(5))
    names = {"p4": "Tom · Hispania", "p5": "Noé · Hispania", "p6": "Zoé · Hispania"}
    h = header.header("pandemie", pandemie.view(state, "p6"), "p6", "fr", ["p4"], names, after="p5")
    assert not h.mine and h.turn == "Au tour de Tom · Hispania — vous jouez après Noé · Hispania"
    assert h.actions.startswith("Tom · Hispania : ") and "action" in h.actions
    nxt = header.header("pandemie", pandemie.view(state, "p5"), "p5", "fr", ["p4"], names)
    assert nxt.turn == "Au tour de Tom · Hispania — vous jouez ensuite"


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
                return [getattr(x, f"text_{lang}") for x in snap.log] + [
                    getattr(c, f"label_{lang}") for c in snap.choices
                ]

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
    from companion.session import Rejected
    from companion.sync.client import join
    from companion.ui import rejoin

    port = free_port()

    async def go():
        h = HostServer(
            "pandemie",
            "Limes",
            tmp_path / "t.sqlite",
            {"provinces": 1, "players": 2},
            pin=PIN,
            advertise=False,
            rng=SeededRng(3),
            bind="127.0.0.1",
            port=port,
        )
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


class _Shell:
    """What a table screen asks of the app around it, without a page (toasts and refreshes recorded)."""

    def __init__(self) -> None:
        from types import SimpleNamespace

        self.lang = "fr"
        self.toasts: list[tuple[str, bool]] = []
        self.phone = False
        self.screen = None
        self.alerts = SimpleNamespace(
            attach=lambda *a, **k: None, detach=lambda *a, **k: None, pending=lambda: False
        )
        self.page = SimpleNamespace(
            web=True,
            width=1000,
            height=800,
            theme_mode=None,
            platform_brightness=None,
            run_task=lambda f, *a: None,
        )

    def toast(self, message: str, error: bool = False) -> None:
        self.toasts.append((message, error))

    def refresh(self, top: bool = False) -> None:
        pass

    async def remember(self, **_kw: object) -> None:
        pass

    def camera_kind(self) -> str:
        return ""


def _texts(control) -> list[str]:
    import flet as ft

    return [str(c.value) for c in _controls(control) if isinstance(c, ft.Text) and c.value]


def test_a_province_tablet_says_a_player_in_turn_plays_on_their_own_phone_and_can_take_the_turn_back(
    tmp_path,
):
    """Playing in turn on a province tablet: when the player in turn holds their seat on their own phone,
    the tablet says so (no error, not repeated at every change), and plays here once the phone lets go."""
    from companion.ui.screens.table import TableScreen

    async def go():
        h = _host(tmp_path / "t.sqlite", provinces=2, players=2)
        await h.start()
        try:
            h.set_seat_name("p1", "Chloé")
            turn = [s for s in h.snapshot(TABLE).seats if s.seat == "p1"][0]
            phone = h.local_session("p1", device="phone-of-chloe")  # Chloé's phone holds her seat
            shell = _Shell()
            tablet = TableScreen(
                shell,
                h.local_session(TABLE, device="tablet"),
                TABLE,  # type: ignore[arg-type]
                opener=lambda seat: _opened(h, seat),
                province=turn.province_code,
                follow=True,
            )
            shell.screen = tablet
            await tablet._sync_actor()
            assert tablet.actor_seat is None and tablet.elsewhere == "p1"
            assert shell.toasts == [], "no error: her seat is on her phone"
            shown = "\n".join(_texts(tablet.render()))
            assert "Chloé · " in shown and "joue sur son propre appareil" in shown, shown
            await tablet._sync_actor()  # another change: the tablet does not ask for her seat again
            assert shell.toasts == [] and tablet.elsewhere == "p1"
            assert "tient sa place" in shown and "Jouer ici" not in shown, shown  # nothing to tap in vain
            assert "on attend" not in shown, shown  # it says who plays, and where: not "waiting" as well
            await phone.close()
            h.release("p1", P.device_id("phone-of-chloe"))  # her phone lets the seat go
            await tablet._sync_actor()  # the table's next change: the tablet plays her seat
            assert tablet.actor_seat == "p1" and tablet.elsewhere is None and shell.toasts == []
            await tablet.leave()
        finally:
            await h.stop()

    asyncio.run(go())


async def _opened(h: HostServer, seat: str):
    return h.local_session(seat, device="tablet")


def _controls(control) -> list:
    import flet as ft

    out, todo = [], [control]
    while todo:
        c = todo.pop()
        out.append(c)
        for name in ("content", "controls"):
            v = getattr(c, name, None)
            todo.extend(v if isinstance(v, list) else [v] if isinstance(v, ft.BaseControl) else [])
    return out


def test_the_plays_of_a_table_screen_are_flat_buttons_without_ink(tmp_path):
    """A play is a button for screen readers and tests (``choice-N``), drawn without Material's ink ripple
    (ten or more frames drawn whole on the page that tapped, on a shared machine): a tap on it plays."""
    import flet as ft

    from companion.ui.screens.table import TableScreen

    async def go():
        h = _host(tmp_path / "t.sqlite", provinces=1, players=2)
        await h.start()
        try:
            seat = max((i.seat for i in h.snapshot(TABLE).seats), key=lambda s: len(h.snapshot(s).choices))
            shell = _Shell()
            screen = TableScreen(shell, h.local_session(seat), seat)  # type: ignore[arg-type]
            shell.screen = screen
            plays = [
                c
                for c in _controls(screen.render())
                if isinstance(c, ft.Semantics) and str(c.identifier or "").startswith("choice-")
            ]
            assert plays, "the seat in turn has plays"
            for b in plays:
                inside = _controls(b)
                assert b.button and not any(
                    isinstance(c, ft.FilledButton | ft.OutlinedButton | ft.FilledTonalButton) for c in inside
                )
                tile = next(c for c in inside if isinstance(c, ft.Container) and c.on_click is not None)
                assert not tile.ink
            seq = h.snapshot(TABLE).seq
            tile = next(
                c for c in _controls(plays[0]) if isinstance(c, ft.Container) and c.on_click is not None
            )
            await tile.on_click(None)
            assert h.snapshot(TABLE).seq > seq  # the tap played
            await screen.leave()
        finally:
            await h.stop()

    asyncio.run(go())


def test_the_join_screen_marks_the_seats_a_device_holds():
    from companion.session import SeatInfo
    from companion.ui.seat_picker import SeatPicker

    async def pick(*_a: object) -> None:
        pass

    seats = [SeatInfo("p1", "Léa", held=True), SeatInfo("p2", "Marc")]
    shown = _texts(SeatPicker("join").render(seats, [], ["p1"], "fr", pick, lambda: None))
    assert any("Léa" in t and "déjà sur un appareil" in t for t in shown), shown
    assert any(t.startswith("Marc") and "appareil" not in t for t in shown), shown
    shown = _texts(SeatPicker("join").render(seats, [], ["p1"], "en", pick, lambda: None))
    assert any("Léa" in t and "already on a device" in t for t in shown), shown


def _noted_screens(h: HostServer, seats: list[str], note: Any) -> dict[str, Any]:
    """A table screen per seat, in that order, on a fake shell whose redraw takes the app's drawing turn (as
    the shell's does), notes ``note(seat, "drawn")``, lets the loop run as a page's sender would, then notes
    ``note(seat, "written")``."""
    from companion.sync.protocol import new_device_token
    from companion.ui.screens.table import TableScreen
    from companion.ui.shell import _one_page_at_a_time

    screens = {}
    for seat in seats:
        shell = _Shell()
        shell.page.run_task = lambda f, *a: asyncio.get_running_loop().create_task(f(*a))

        async def redraw(screen: Any, seat: str = seat) -> None:
            async with _one_page_at_a_time():
                note(seat, "drawn")
                for _ in range(3):  # Flet's sender writes the update
                    await asyncio.sleep(0)
                note(seat, "written")

        shell.redraw = redraw
        session = h.local_session(seat, device=new_device_token())  # each page its own browser
        screens[seat] = shell.screen = TableScreen(shell, session, seat)  # type: ignore
    return screens


async def _until_drawn(drawn: list[Any], n: int) -> None:
    """Until ``n`` renders are noted in ``drawn`` (at most a second)."""
    for _ in range(100):
        if len(drawn) >= n:
            return
        await asyncio.sleep(0.01)


def test_after_a_tap_the_acting_page_is_drawn_first_and_each_pages_update_is_written_before_the_next_is_drawn(
    tmp_path,
):
    """Every page of the table is drawn once for a tap, the page whose user tapped first; each page's update
    is written before the next page is drawn (no device waits for the others' renders)."""

    async def go():
        h = _host(tmp_path / "t.sqlite", provinces=2, players=3)
        await h.start()
        try:
            seats = [i.seat for i in h.snapshot(TABLE).seats]
            actor = next(s for s in seats if h.snapshot(s).choices)
            noted: list[tuple[str, str]] = []
            screens = _noted_screens(
                h, [TABLE, *[s for s in seats if s != actor], actor], lambda *x: noted.append(x)
            )
            await _until_drawn(
                noted, 2 * len(screens)
            )  # each page shows the table once, as a page that joined
            await asyncio.sleep(0.05)
            noted.clear()
            move = next(c for c in h.snapshot(actor).choices if c.intent.get("type") in ("Drive", "Move"))
            await screens[actor]._send(move.intent)  # the tap
            await _until_drawn(noted, 2 * len(screens))
            order = [seat for seat, what in noted if what == "drawn"]
            assert order[0] == actor and sorted(order) == sorted(screens), noted
            assert noted == [x for seat in order for x in ((seat, "drawn"), (seat, "written"))], noted
            for screen in screens.values():
                await screen.leave()
        finally:
            await h.stop()

    asyncio.run(go())


def test_a_province_tablet_reads_its_own_provinces_log_and_every_province_is_one_tap_away(tmp_path):
    """Four provinces' events in one log was noise on each tablet: a province tablet reads what concerns its
    province (and the whole table); one tap shows every province, another its own again."""
    from companion.ui.screens.table import TableScreen

    def log_texts(tablet) -> list[str]:
        log = next(c for c in _controls(tablet.render()) if getattr(c, "identifier", None) == "log")
        return _texts(log)

    def switch(tablet) -> None:
        sem = next(c for c in _controls(tablet.render()) if getattr(c, "identifier", None) == "log-switch")
        button = next(c for c in _controls(sem) if getattr(c, "on_click", None) is not None)
        button.on_click(None)

    async def go():
        h = _host(tmp_path / "t.sqlite", provinces=2, players=2)
        await h.start()
        try:
            snap = h.snapshot(TABLE)
            mine, other = snap.view["provinces"][0], snap.view["provinces"][1]
            assert {ln.part for ln in snap.log} >= {mine["code"], other["code"]}
            theirs = [ln.text_fr for ln in snap.log if ln.part == other["code"]]
            shell = _Shell()
            tablet = TableScreen(
                shell,
                h.local_session(TABLE, device="tablet"),
                TABLE,
                province=mine["code"],  # type: ignore[arg-type]
            )
            shell.screen = tablet
            shown = "\n".join(log_texts(tablet))
            assert f"Ce qui touche {mine['name']}." in shown
            assert theirs and not [t for t in theirs[-10:] if t in shown], shown
            assert [ln.text_fr for ln in snap.log if ln.part == mine["code"]][-1] in shown
            switch(tablet)
            shown = "\n".join(log_texts(tablet))
            assert "Toutes les provinces." in shown and theirs[-1] in shown, shown
            switch(tablet)
            assert theirs[-1] not in "\n".join(log_texts(tablet))
            await tablet.leave()
        finally:
            await h.stop()

    asyncio.run(go())
