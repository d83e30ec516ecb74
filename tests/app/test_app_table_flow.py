"""The companion at a real table, in Chromium: names typed when creating a table reach the seats (even typed
after a tap re-rendered the form), Pandémie province tablets keep to their province through three full
turns, twenty players where p7–p20 join by the join screen with their names, and a host stopped and started
again with every page back on its seat without a tap.

Screenshots land in ``artifacts/`` (gitignored)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest

from harness.app import App, stop_app
from harness.browser import TAP, Driver, play_and_see_the_log, play_first_choice

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

pytest.importorskip("engine.games.pandemie")

SEATS_JS = (
    "p => [...document.querySelectorAll(`[flt-semantics-identifier^='${p}']`)]"
    ".map(e => e.getAttribute('flt-semantics-identifier'))"
)


def page(browser: Any, app: App, width: int = 1000, height: int = 900) -> Driver:
    """A page in its own browser context: its own storage, so its own device."""
    d = Driver(browser.new_context(viewport={"width": width, "height": height}).new_page())
    d.open(app.url)
    return d


def create(d: Driver, provinces: int, players: int, names: str) -> str:
    """Create a Pandémie table with ``names`` typed after a tap re-rendered the form; the join code."""
    fields = {
        "opt-provinces": str(provinces),
        "opt-players": str(players),
        "opt-difficulty-novice": TAP,  # a re-render: the fields kept across it must still be read
        "player-names": names,
        "opt-open_hands-no": TAP,  # another re-render after typing
    }
    d.new_table("pandemie", fields)
    code = re.search(r"tk://\S+", d.text("join-code"))
    assert code, "the hosted screen shows the join code"
    return code.group(0)


def test_names_typed_when_creating_a_table_show_on_the_seats(app_browser):
    app, browser = app_browser()
    host = page(browser, app)
    create(host, 1, 3, "Léa, Marc\nZoé")
    host.shot("table-flow-names-hosted.png")
    assert (
        "Léa · Gallia" in host.text("seat-p1")
        and "Marc" in host.text("seat-p2")
        and "Zoé" in host.text("seat-p3")
    )
    host.click("seat-p2")
    host.wait_text("header", "Vous êtes : Marc · Gallia")
    host.wait("log")
    assert not re.search(r"Joueur \d|\bp\d\b", host.all_text()), "every seat said by its player's name"


def _province_codes(d: Driver) -> list[str]:
    ids = d.page.evaluate(SEATS_JS, "seat-table-")
    return [i.removeprefix("seat-table-") for i in ids]


def test_each_province_tablet_keeps_to_its_province_for_three_turns(app_browser, tmp_path):
    app, browser = app_browser()
    again: list[App] = []
    try:
        for attempt in range(3):  # the shuffles are the OS's: a game lost early (pins run out) is dealt again
            if attempt:
                stop_app(app.proc)
                (tmp_path / f"again-{attempt}").mkdir()
                app = App(tmp_path / f"again-{attempt}")
                again.append(app)
            if _three_turns_on_each_province_tablet(browser, app):
                return
        pytest.fail("three games in a row ended before every province had three turns")
    finally:
        for a in again:
            stop_app(a.proc)


def _over(d: Driver) -> bool:
    """The page shows the end of the game."""
    return bool(d.page.locator(d.sel("outcome")).count())


def _three_turns_on_each_province_tablet(browser: Any, app: App) -> bool:
    """Four province tablets follow their own province's players for three turns each (False: the game
    ended first, nothing wrong seen)."""
    host = page(browser, app)
    names = ["Ana", "Bea", "Cid", "Dan", "Eva", "Fox", "Gus", "Hal"]
    create(host, 4, 2, ", ".join(names))
    host.wait("seat-p8")
    codes = _province_codes(host)
    assert len(codes) == 4, codes
    seat_texts = {s: host.text(f"seat-p{s}") for s in range(1, 9)}
    tablets: dict[str, tuple[Driver, str, set[str]]] = {}
    for code in codes:
        d = page(browser, app, 1280, 900)
        d.click("open-0")
        d.click_to(f"seat-table-{code}", "follow")
        d.click_to("follow", "follow-now")
        head = d.text("header")
        province = next(
            n
            for n in ("Gallia", "Hispania", "Aegyptus", "Achaia", "Britannia", "Germania", "Syria")
            if n in d.text("follow-now")
        )
        players = {names[s - 1] for s, t in seat_texts.items() if province in t}
        assert len(players) == 2, (province, seat_texts)
        assert province in head
        tablets[code] = (d, province, players)
    turns = {code: [] for code in codes}  # the acting players seen, one entry per turn
    for _round in range(200):
        if all(len(t) >= 3 for t in turns.values()):
            break  # a player, the other, the first again: followed through two changes of turn
        for code, (d, province, players) in tablets.items():
            if len(turns[code]) >= 3:
                continue
            if _over(d):
                break
            now = d.text("follow-now")
            assert province in now, f"the {province} tablet follows {now!r}"
            who = next(p for p in players if p in now)
            if not turns[code] or turns[code][-1] != who:
                turns[code].append(who)
            board = d.text("board")
            first = min(
                (board.find(n), n)
                for n in ("Gallia", "Hispania", "Aegyptus", "Achaia", "Britannia", "Germania", "Syria")
                if n in board
            )[1]
            assert first == province, f"the {province} tablet shows {first} first"
            try:
                play_and_see_the_log(d)
            except Exception:
                if not _over(d):  # the game ended while this tablet waited for its turn: not a failure
                    raise
        if any(_over(d) for d, _p, _pl in tablets.values()) and not all(len(t) >= 3 for t in turns.values()):
            print("the game ended before three turns each:", turns)
            for d, _p, _pl in tablets.values():
                d.page.context.close()
            host.page.context.close()
            return False
    for code, (d, province, _players) in tablets.items():
        d.shot(f"table-flow-tablet-{province}.png")
        assert len(turns[code]) >= 3, f"{province}: turns seen {turns[code]}"
        assert turns[code][0] != turns[code][1] and turns[code][0] == turns[code][2], turns[code]
    return True


def test_twenty_players_p7_to_p20_join_by_the_join_screen_with_names(app_browser):
    app, browser = app_browser()
    host = page(browser, app)
    first = ["Ana", "Bea", "Cid", "Dan", "Eva", "Fox"]
    code = create(host, 4, 5, ", ".join(first))
    host.wait("seat-p20")
    joined = {f"p{n}": f"Nom{n}" for n in range(7, 21)}
    for seat, name in joined.items():
        d = page(browser, app, 390, 844)
        d.click("start-join")
        d.fill("join-code-field", code)
        d.page.keyboard.press("Enter")
        d.wait(f"join-{seat}", timeout=60_000)
        listed = d.page.evaluate(SEATS_JS, "join-p")
        assert sorted(listed, key=lambda s: int(s[6:])) == [f"join-p{n}" for n in range(1, 21)], listed
        if seat == "p7":
            for n, who in enumerate(first, 1):
                assert who in d.text(f"join-p{n}")
            d.shot("table-flow-join-20.png")
        assert any(
            p in d.text(f"join-{seat}") for p in ("Gallia", "Hispania", "Aegyptus", "Achaia", "Britannia")
        )
        d.click(f"join-colour-{'red' if seat == 'p7' else 'blue'}")  # a re-render before the name is typed
        d.wait_text("join-colour-chosen", "rouge" if seat == "p7" else "bleu")  # the choice said in words
        if seat == "p7":
            d.shot("table-flow-colour-chosen.png")
        d.fill("join-name", name)
        d.click(f"join-{seat}")
        d.wait("header", timeout=60_000)
        d.wait_text("header", name)
        d.page.context.close()
    host.click("home")
    host.click("open-0")
    host.wait("seat-p20")
    host.shot("table-flow-hosted-20.png")
    for seat, name in joined.items():
        assert name in host.text(f"seat-{seat}"), seat
        assert name in host.text(f"free-{seat}"), "a seat held by a device is said by its player"
    assert not re.search(r"\bp\d{1,2}\b", host.all_text()), "never a bare seat id on screen"


def _has(d: Driver, ident: str) -> bool:
    return bool(d.page.locator(d.sel(ident)).count())


def _join_phone(browser: Any, app: App, code: str, seat: str) -> Driver:
    """A phone that joins ``seat`` through the join screen with the table's join code."""
    d = page(browser, app, 390, 844)
    d.click("start-join")
    d.fill("join-code-field", code)
    d.page.keyboard.press("Enter")
    d.click(f"join-{seat}", timeout=60_000)
    d.wait("header", timeout=60_000)
    return d


def _host_and_phone(browser: Any, app: App) -> tuple[Driver, Driver]:
    """A one-province table: the host's page on p1 (Ana), a phone joined through the join screen on p2
    (Bea)."""
    host = page(browser, app)
    code = create(host, 1, 2, "Ana, Bea")
    host.click("seat-p1")
    host.wait("header")
    remote = _join_phone(browser, app, code, "p2")
    return host, remote


def _live_both_ways(host: Driver, remote: Driver) -> bool:
    """Whoever may act plays until the phone has both seen a move of the host's and played one of its own
    (the deal decides who can act first). False: the game was lost first (nothing wrong seen)."""
    seen_moves = played = 0
    for _ in range(40):
        if played and seen_moves:
            break
        if _over(host) or _over(remote):
            return False
        if _has(host, "choice-0") and (not seen_moves or not _has(remote, "choice-0")):
            before = remote.text("log")
            play_first_choice(host)
            remote.wait_change("log", before, timeout=30_000)  # the phone still gets the moves
            seen_moves += 1
        elif _has(remote, "choice-0"):
            before = host.text("log")
            play_first_choice(remote)  # (a tap during a redraw is retried, as on the tablets)
            host.wait_change("log", before, timeout=30_000)  # the phone's tap played
            played += 1
        else:
            host.page.wait_for_timeout(500)
    assert seen_moves and played, (seen_moves, played)
    text = remote.all_text()
    assert "fermée" not in text and "closed" not in text, "no refusal for a closed link"
    return True


def _back_and_live(app_browser: Any, tmp_path: Any, away: Callable[[Driver], None], shot: str) -> None:
    """A one-province table, a phone on p2 sent ``away`` and back: it is on its seat again and live both
    ways. The shuffles are the OS's, and a propagation may lose a one-province game in its first turn before
    both devices played: the game is then dealt again, on an app of its own."""
    app, browser = app_browser()
    again: list[App] = []
    try:
        for attempt in range(3):
            if attempt:
                (tmp_path / f"again-{attempt}").mkdir()
                app = App(tmp_path / f"again-{attempt}")
                again.append(app)
            host, remote = _host_and_phone(browser, app)
            away(remote)
            remote.accessible()
            remote.wait_text("header", "Bea", timeout=60_000)
            if _live_both_ways(host, remote):
                remote.shot(shot)
                return
        pytest.fail("three games in a row were lost before both devices had played")
    finally:
        for a in again:
            stop_app(a.proc)


def test_a_reloaded_page_stays_live_on_its_seat(app_browser, tmp_path):
    """A reload (or a link that dropped and came back) returns the browser to the same Flet session: the page
    is on its seat at once, the table's moves still reach it, and its own taps still play (they were refused
    with "the connection to the table is closed" when the app let go of the seat as the link dropped)."""
    _back_and_live(app_browser, tmp_path, lambda remote: remote.page.reload(), "table-flow-reloaded.png")


@pytest.fixture
def short_grace(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLEKEEPER_AWAY_GRACE", "1")  # read by the app the test starts


def test_a_page_away_longer_than_the_grace_time_comes_back_to_its_seat(short_grace, app_browser, tmp_path):
    """Away longer than the grace time (a phone locked in a pocket), the page's screen and seat session were
    let go; coming back to the same Flet session takes it back to its seat, live, as a new page would."""

    def away(remote: Driver) -> None:
        remote.page.goto("about:blank")
        remote.page.wait_for_timeout(4_000)  # > TABLEKEEPER_AWAY_GRACE: the app lets the screen go
        remote.page.go_back()

    _back_and_live(app_browser, tmp_path, away, "table-flow-back-after-grace.png")


def test_a_host_restarted_finds_every_page_back_on_its_seat(app_browser):
    app, browser = app_browser()
    host = page(browser, app)
    code = create(host, 2, 2, "Ana, Bea, Cid, Dan")
    host.click("seat-p1")
    host.wait("header")
    tablet = page(browser, app, 1280, 900)
    tablet.click("open-0")
    tablet.wait("seat-p4")
    codes = _province_codes(tablet)
    tablet.click_to(f"seat-table-{codes[1]}", "follow")
    tablet.click_to("follow", "follow-now")
    tablet_province = tablet.text("follow-now")
    remote = _join_phone(browser, app, code, "p2")
    app.restart()
    # no tap: each page reconnects to the new process and goes back to its seat by itself
    host.wait_text("header", "Ana", timeout=90_000)
    tablet.wait("follow-now", timeout=90_000)
    assert tablet.text("follow-now") == tablet_province, "the tablet plays in turn for the same province"
    remote.wait_text("header", "Bea", timeout=90_000)
    # the pages hold live sessions on the new process: the tablet's move is played there; a move in the
    # other province (Ana's or Bea's, whoever is in turn) reaches the other one's page (the tablet's province
    # is not theirs: nothing on their pages changes with its moves)
    before = tablet.text("log")
    play_first_choice(tablet)
    tablet.wait_change("log", before, timeout=60_000)
    mover, other = (host, remote) if _has(host, "choice-0") else (remote, host)
    before = other.text("header")
    play_first_choice(mover)
    other.wait_change("header", before, timeout=60_000)
    for name, d in (("host", host), ("tablet", tablet), ("remote", remote)):
        d.shot(f"table-flow-restarted-{name}.png")
        assert not d.page.evaluate(SEATS_JS, "start-"), f"the {name} page is not on the start screen"


def test_a_banner_unseen_when_the_host_restarts_comes_back_with_the_page_and_its_vu_clears_it(app_browser):
    """A tablet shows "À Ana de jouer" when the host restarts: the page comes back to its seat with that
    news still unseen, in a banner the app drew (Flutter once kept its own above the page, and its "Vu"
    reached an app that never drew it): its "Vu" clears it."""
    app, browser = app_browser()
    tablet = page(browser, app, 1280, 1000)
    create(tablet, 1, 2, "Ana, Bea")
    tablet.click("seat-table")
    tablet.wait("board")
    tablet.click_to("follow", "follow-now")
    tablet.click_to("its-me", "choice-0")
    deadline = time.monotonic() + 180
    while not _has(tablet, "private-hidden"):  # play until the turn passes: the tablet announces it
        assert time.monotonic() < deadline, "the turn did not pass"
        tablet.page.wait_for_selector(
            f"{tablet.sel('choice-0')}, {tablet.sel('private-hidden')}", timeout=30_000
        )
        if _has(tablet, "private-hidden"):
            break
        before = tablet.text("log")
        tablet.click("choice-0")
        try:
            tablet.wait_change("log", before, timeout=20_000)
        except Exception:  # noqa: BLE001 - a tap the loaded machine swallowed: tapped again
            pass
    tablet.wait_text("announce", "de jouer")  # "À Ana · Gallia de jouer"
    app.restart()
    tablet.wait("follow-now", timeout=90_000)  # back on its seat, playing in turn, by itself
    tablet.page.wait_for_timeout(2500)
    tablet.shot("table-flow-restarted-banner.png")
    said = tablet.wait_text("announce", "de jouer")  # not seen before the restart: shown again
    assert said.count("de jouer") == 1, said  # the turn now, not every turn since
    tablet.click("announce-seen")
    tablet.page.wait_for_selector(tablet.sel("announce"), state="detached", timeout=15_000)
    assert not _has(tablet, "announce-seen"), "the banner's Vu is the app's: it clears it"


def test_the_hosted_screens_turn_shortcuts_are_one_per_line_and_of_one_height(app_browser):
    """Four provinces, four seats in turn: each 'À son tour : …' is a full-width line of the same height
    (side by side, a name that wrapped made one taller than its neighbour)."""
    app, browser = app_browser()
    host = page(browser, app, 1280, 1400)
    create(host, 4, 1, "Ana, Bartholomé-Eugène, Cid, Dan")
    host.wait("seat-current-3")
    boxes = [
        host.page.locator(host.sel(i)).bounding_box()
        for i in ("seat-current", "seat-current-1", "seat-current-2", "seat-current-3")
    ]
    host.shot("hosted-turn-shortcuts.png")
    assert all(b is not None for b in boxes)
    heights = [b["height"] for b in boxes]
    assert max(heights) - min(heights) <= 1.5, boxes  # (a long label's padding is rounded down)
    assert len({round(b["x"]) for b in boxes}) == 1 and len({round(b["y"]) for b in boxes}) == 4, boxes
    host.shot("hosted-turn-shortcuts.png")


def test_a_province_tablet_unfolds_another_province_on_a_tap_and_folds_it_again(app_browser):
    """The other provinces on a province tablet are folded, and only their title is drawn until one is
    unfolded (they were built and sent at every change nobody saw): a tap on the title shows the province
    whole, another folds it."""
    app, browser = app_browser()
    host = page(browser, app)
    create(host, 2, 1, "Ana, Bea")
    host.wait("seat-p2")
    codes = _province_codes(host)
    tablet = page(browser, app, 1280, 900)
    tablet.click("open-0")
    tablet.click_to(f"seat-table-{codes[0]}", "follow")
    other = f"province-{codes[1]}"
    assert "Punaises en réserve" in tablet.wait_text(f"province-{codes[0]}", "Punaises en réserve")
    assert "Punaises en réserve" not in tablet.text(other)
    tablet.click(other)
    tablet.wait_text(other, "Punaises en réserve")
    tablet.shot("table-flow-unfolded-province.png")
    tablet.page.locator(tablet.sel(other)).click(
        position={"x": 80, "y": 24}
    )  # on its title (the middle of the unfolded part is a map's list)
    deadline = time.monotonic() + 20
    while "Punaises en réserve" in tablet.text(other):
        assert time.monotonic() < deadline, "the province folds again"
        time.sleep(0.2)
