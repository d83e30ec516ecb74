"""A province's pages are drawn again only when something they show changed. At a campfire one laptop draws
every tablet's and phone's page: a tap in Gallia used to redraw Hispania's tablet and phones too (a new event
number in the header, the moving player in every players list, whose turn it was in the folded provinces'
titles), every page's full cost paid on every tap. Real host, real sessions, real table screens; the shell
around them counts the redraws."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from companion.announce import turn_seats
from companion.sync.hosting import HostServer
from engine.core.events import TABLE
from engine.core.rng import SeededRng

pytest.importorskip("engine.games.pandemie")


class _Shell:
    """What a table screen asks of the app around it, without a browser: its redraws are counted (and drawn,
    as the app's shell draws them)."""

    def __init__(
        self,
        name: str,
        drawn: list[str],
        phone: bool,
        told: list[str] | None = None,
        retitled: list[tuple[str, dict[str, str]]] | None = None,
        hid: list[tuple[str, str]] | None = None,
    ) -> None:
        self.name, self.drawn = name, drawn
        self.told = told if told is not None else []  # pages sent news alone (the banner, its sound)
        self.retitled: list[tuple[str, dict[str, str]]] = retitled if retitled is not None else []
        self.hid: list[tuple[str, str]] = hid if hid is not None else []  # (page, a control hidden)
        self.owed = False  # news waits for the page's next update (an announcement)
        self.lang = "fr"
        self.phone = phone
        self.screen: Any = None
        self.toasts: list[tuple[str, bool]] = []
        self.alerts = SimpleNamespace(
            attach=lambda *a, **k: None, detach=lambda *a, **k: None, pending=lambda: self.owed
        )
        self.page = SimpleNamespace(
            web=True,
            width=412 if phone else 1280,
            height=915 if phone else 800,
            theme_mode=None,
            platform_brightness=None,
        )

    async def redraw(self, screen: Any) -> None:
        self.drawn.append(self.name)
        self.owed = False  # the news goes with the page's update
        screen.render()

    async def news(self, screen: Any) -> None:
        if self.owed:
            self.told.append(self.name)
            self.owed = False

    async def retitle(self, screen: Any, texts: dict[str, str], gone: Any = ()) -> bool:
        self.retitled.append((self.name, dict(texts)))
        self.hid += [(self.name, name) for name in gone]
        return True

    def refresh(self, top: bool = False) -> None:
        self.screen.render()

    def toast(self, message: str, error: bool = False) -> None:
        self.toasts.append((message, error))

    async def remember(self, **_kw: object) -> None:
        pass

    def camera_kind(self) -> str:
        return ""


class _Table:
    """A 2-province Pandémie (Gallia, Hispania; two players each) with a tablet per province and a phone per
    player, their table screens drawn once."""

    def __init__(self, path: Any) -> None:
        self.host = HostServer(
            "pandemie",
            "Feu de camp",
            path,
            {"provinces": ["G", "H"], "players": [2, 2]},
            pin="4821",
            advertise=False,
            rng=SeededRng(5),
            bind="127.0.0.1",
        )
        self.drawn: list[str] = []
        self.told: list[str] = []
        self.retitled: list[tuple[str, dict[str, str]]] = []  # (page, the titles written into it)
        self.hid: list[tuple[str, str]] = []  # (page, a control hidden without drawing it)
        self.screens: dict[str, Any] = {}
        self.province: dict[str, str] = {}  # page -> its province

    async def open(self) -> None:
        from companion.ui.screens.table import TableScreen

        await self.host.start()
        seats = [i for i in self.host.snapshot(TABLE).seats if i.seat != TABLE]
        for code in ("G", "H"):
            self._screen(TableScreen, f"tablet-{code}", TABLE, code, code)
        for i in seats:
            self._screen(TableScreen, f"phone-{i.seat}", i.seat, "", i.province_code)
        for screen in self.screens.values():  # as the pages stand once every device holds its seat
            screen.render()

    def _screen(self, cls: Any, name: str, seat: str, province: str, code: str) -> None:
        shell = _Shell(
            name,
            self.drawn,
            phone=name.startswith("phone"),
            told=self.told,
            retitled=self.retitled,
            hid=self.hid,
        )
        screen = cls(shell, self.host.local_session(seat, device=name), seat, province=province)
        shell.screen = screen
        self.screens[name], self.province[name] = screen, code

    def in_turn(self, code: str) -> str:
        snap = self.host.snapshot(TABLE)
        mine = {i.seat for i in snap.seats if i.province_code == code}
        return next(s for s in turn_seats(snap.view) if s in mine)

    async def play(self, seat: str, pick: Any = None) -> set[str]:
        """``seat`` plays a choice (``pick(labels)``: its index; else the first): the pages drawn again."""
        self.drawn.clear()
        self.told.clear()
        self.retitled.clear()
        self.hid.clear()
        choices = self.host.snapshot(seat).choices
        assert choices, f"{seat} has nothing to play"
        k = pick([c.label_fr for c in choices]) if pick is not None else 0
        await self.screens[f"phone-{seat}"].session.send(choices[k].intent)
        await asyncio.sleep(0.3)  # the screens' redraws run on the loop
        return set(self.drawn)

    def pages(self, code: str) -> set[str]:
        return {n for n, c in self.province.items() if c == code}

    async def close(self) -> None:
        for s in self.screens.values():
            await s.leave()
        await self.host.stop()


def _move(labels: list[str]) -> int:
    return next((k for k, x in enumerate(labels) if x.startswith("Aller à")), 0)


def test_a_tap_in_one_province_redraws_its_pages_and_none_of_another_province(tmp_path):
    """A pawn moved in Gallia: Gallia's tablet and phones are drawn again; Hispania's are left as they were
    (nothing they show changed: their province, their players, their log, whose turn it is there)."""

    async def go() -> None:
        t = _Table(tmp_path / "t.sqlite")
        await t.open()
        try:
            for _ in range(3):
                drawn = await t.play(t.in_turn("G"), _move)
                assert drawn <= t.pages("G"), f"drawn outside Gallia: {drawn - t.pages('G')}"
                assert {"tablet-G"} <= drawn, drawn
                assert not drawn & t.pages("H"), drawn
        finally:
            await t.close()

    asyncio.run(go())


def test_news_of_another_province_goes_alone_to_a_page_whose_view_did_not_change(tmp_path):
    """An announcement every page gets (a rupture in Gallia) reaches Hispania's tablet and phones as their
    banner and its sound only: nothing else they show changed, their screens are not drawn again (at a
    campfire, twenty pages not rebuilt for one line of news)."""

    async def go() -> None:
        t = _Table(tmp_path / "t.sqlite")
        await t.open()
        try:
            for name in t.screens:  # the news of this action, detected for every page
                t.screens[name].shell.owed = True
            drawn = await t.play(t.in_turn("G"), _move)
            assert {"tablet-G"} <= drawn and not drawn & t.pages("H"), drawn
            assert set(t.told) == t.pages("H"), f"told alone: {sorted(t.told)}"
        finally:
            await t.close()

    asyncio.run(go())


def test_a_surge_in_another_province_is_written_into_its_folded_title_without_drawing_the_page(tmp_path):
    """Gallia's surges are counted: on Hispania's pages, where Gallia is folded, only its title says so (its
    name and surges), written into that text on the page; the pages are not drawn again."""

    async def go() -> None:
        t = _Table(tmp_path / "t.sqlite")
        await t.open()
        try:
            surges = _surges(t, "G")
            for _ in range(80):
                drawn = await t.play(t.in_turn("G"))
                if _surges(t, "G") != surges:
                    break
            else:
                raise AssertionError("(this seed: Gallia surges within 80 actions)")
            title = f"Gallia · Déferlements : {_surges(t, 'G')}"
            assert not drawn & t.pages("H"), f"drawn again: {drawn & t.pages('H')}"
            assert sorted(t.retitled) == sorted((n, {"title-G": title}) for n in t.pages("H")), t.retitled
        finally:
            await t.close()

    asyncio.run(go())


def test_a_turn_passing_in_one_province_leaves_another_provinces_pages_alone(tmp_path):
    """Gallia's player plays their four actions and their turn passes (cards drawn, barbarians spread): the
    folded Gallia on Hispania's pages says its name and surges, not whose turn it is, and is not drawn again
    unless Gallia's surges change."""

    async def go() -> None:
        t = _Table(tmp_path / "t.sqlite")
        await t.open()
        try:
            first = t.in_turn("G")
            surges = _surges(t, "G")
            seen: set[str] = set()
            for _ in range(12):
                seat = t.in_turn("G")
                seen |= await t.play(seat, _move)
                if seat != first:
                    break
            assert t.in_turn("G") != first, "the turn passed in Gallia"
            assert _surges(t, "G") == surges, "(this seed: no surge in Gallia meanwhile)"
            assert not seen & t.pages("H"), seen & t.pages("H")
        finally:
            await t.close()

    asyncio.run(go())


def test_an_unfolded_province_redraws_the_page_that_opened_it(tmp_path):
    """Hispania's tablet unfolds Gallia: from then on, a move in Gallia is drawn there too (and only there
    among Hispania's pages)."""

    async def go() -> None:
        t = _Table(tmp_path / "t.sqlite")
        await t.open()
        try:
            tablet = t.screens["tablet-H"]
            tablet._unfold("G", True)
            drawn = await t.play(t.in_turn("G"), _move)
            assert "tablet-H" in drawn and not (drawn & t.pages("H")) - {"tablet-H"}, drawn
        finally:
            await t.close()

    asyncio.run(go())


def _choice_rows(control: Any) -> dict[Any, Any]:
    """The groups of choice buttons in a rendered screen, by their slot."""
    from companion.runtime.graft import _given

    out: dict[Any, Any] = {}
    stack = [control]
    while stack:
        node = stack.pop()
        slot = getattr(node, "_tk_slot", None)
        if isinstance(slot, tuple) and slot[:1] == ("choice-row",):
            out[slot] = node
        for value in _given(node).values():
            stack += [v for v in (value if isinstance(value, list) else [value]) if hasattr(v, "is_isolated")]
    return out


def test_a_group_of_choice_buttons_is_kept_while_it_says_and_plays_the_same(tmp_path):
    """A player's buttons stay the page's own controls while another province plays (the page's render
    neither builds nor compares them again); their own move gives the groups that changed new buttons."""
    from companion.ui.memo import Store, rendering

    async def go() -> None:
        t = _Table(tmp_path / "t.sqlite")
        await t.open()
        try:
            seat = t.in_turn("G")
            screen, store = t.screens[f"phone-{seat}"], Store()
            with rendering(store):
                before = _choice_rows(screen.render())
            assert before, "the player in turn has buttons"
            await t.play(t.in_turn("H"), _move)
            with rendering(store):
                after = _choice_rows(screen.render())
            assert after.keys() == before.keys() and all(after[k] is before[k] for k in before)
            await t.play(seat, _move)
            with rendering(store):
                moved = _choice_rows(screen.render())
            assert any(moved.get(k) is not before[k] for k in before), "a move changed where one can go"
        finally:
            await t.close()

    asyncio.run(go())


def test_a_province_tablet_offers_to_undo_only_its_own_players_actions(tmp_path):
    """The undo takes back the table's last action: Hispania's tablet no longer offers it for a move just
    made in Gallia (a tap there took back another province's move); Gallia's tablet does."""

    async def go() -> None:
        t = _Table(tmp_path / "t.sqlite")
        await t.open()
        try:
            await t.play(t.in_turn("G"), _move)
            g, h = t.host.snapshot(TABLE), t.screens["tablet-H"]
            assert g.can_undo and g.undo_seat, "the host allows the table to take the move back"
            assert t.screens["tablet-G"]._undo_here(g) and not h._undo_here(g)
        finally:
            await t.close()

    asyncio.run(go())


def test_the_undo_an_action_elsewhere_took_away_is_hidden_without_drawing_the_page(tmp_path):
    """A move in Gallia is offered for undo on Gallia's tablet and its player's phone; a move in Hispania then
    makes it no longer the last action: those two pages lose the button without being drawn again (nothing
    else they show changed)."""

    async def go() -> None:
        t = _Table(tmp_path / "t.sqlite")
        await t.open()
        try:
            seat = t.in_turn("G")
            await t.play(seat, _move)
            offering = {n for n, s in t.screens.items() if s._offers_undo()}
            assert {"tablet-G", f"phone-{seat}"} <= offering <= t.pages("G"), offering
            drawn = await t.play(t.in_turn("H"), _move)
            assert not drawn & offering, f"drawn again for the undo going: {drawn & offering}"
            assert {page for page, name in t.hid if name == "undo"} == offering, t.hid
            assert not any(s._offers_undo() for n, s in t.screens.items() if n in offering)
        finally:
            await t.close()

    asyncio.run(go())


def _surges(t: _Table, code: str) -> int:
    view = t.host.snapshot(TABLE).view
    return int(next(p for p in view["provinces"] if p["code"] == code).get("surges") or 0)


def test_a_game_the_table_lost_ends_every_page_with_a_flag_and_nothing_left_to_play(tmp_path):
    """Played to its end (the table lost: a cooperative game has no winner to cup), every page says it is
    over once, how under a flag, not a trophy, and offers nothing to play: no choices, no code field, no
    camera, nobody to follow."""
    import flet as ft

    from tests.app.test_app_seats import _controls, _texts

    async def go() -> None:
        t = _Table(tmp_path / "t.sqlite")
        await t.open()
        try:
            for _ in range(400):
                snap = t.host.snapshot(TABLE)
                if snap.outcome is not None:
                    break
                seat = next(s for s in turn_seats(snap.view) if t.host.snapshot(s).choices)
                await t.play(seat, lambda xs: next((k for k, x in enumerate(xs) if "Passer" in x), 0))
            outcome = t.host.snapshot(TABLE).outcome
            assert outcome is not None and outcome.get("won") is False, outcome
            for name, screen in t.screens.items():
                tree = _controls(screen.render())
                ids = {c.identifier for c in tree if getattr(c, "identifier", None)}
                icons = {c.icon for c in tree if isinstance(c, ft.Icon)}
                assert "outcome" in ids, name
                assert ft.Icons.FLAG in icons and ft.Icons.EMOJI_EVENTS not in icons, (name, icons)
                assert not ids & {"scan-field", "scan-camera", "follow-now", "follow-held"}, (name, ids)
                assert not any(i.startswith("choice-") for i in ids), (name, ids)
                said = _texts(screen.render())  # "over" once (the header), the card says how
                assert said.count("Partie terminée") == 1 and "Plus rien à jouer." in said, (name, said)
        finally:
            await t.close()

    asyncio.run(go())
