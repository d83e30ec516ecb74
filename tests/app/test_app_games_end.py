"""In a real browser (Debian's Chromium), the screens this part of the app changed: a Rattus Cartus reveal and
the final hands counted with steppers, then the score sheet in words on the table tablet and a phone; Rattus's
Monk and Nun as steps; the next evening with a full census (hidden bag chosen) and a phone's announcements
kept to a third of its screen; a Plague & Pestilence table without a scan part. Saved games made with the
engine, resumed from the app's start screen."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from harness.browser import Driver

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(420)]
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1280, "height": 900}
NAMES = {"p1": "Léa", "p2": "Marc", "p3": "Inès"}


def save(
    data: Path, file: str, game: str, options: dict[str, Any], table: Any, names: dict[str, str]
) -> None:
    from engine.core.store import Store

    seats = json.dumps({s: {"name": n} for s, n in names.items()})
    Store.create(
        data / file, game, options, extra={"name": file.split(".")[0], "seats": seats}, entries=table.entries
    ).close()


def shot(d: Driver, name: str) -> None:
    d.page.wait_for_timeout(900)  # the canvas paints a little after the semantics tree changes
    d.shot(name)


def resume(browser: Any, url: str, seat: str, viewport: dict[str, int], first: bool) -> Driver:
    d = Driver(browser.new_page(viewport=viewport))
    d.open(url)
    if first:  # the hosting device reopens the saved table
        d.click("start-resume")
        d.click("saved-0")
    else:
        d.click("open-0")
    d.click(f"seat-{seat}")
    d.wait("board", timeout=60_000)
    return d


# -- Rattus Cartus -------------------------------------------------------------------------------------------
def cartus_options() -> dict[str, Any]:
    from tests.cartus.cartus_fixtures import WITH_SPECIALS

    return {"players": 3, **WITH_SPECIALS}


def cartus_at_reveal(data: Path) -> str:
    """Round 1, phase D: everybody entered the first building with 3 cards; the first seat reveals."""
    import engine.games.cartus as C
    from engine.core import SeededRng
    from engine.core.game import Table

    options = cartus_options()
    table = Table.new(C.GAME, options, SeededRng(2))
    while table.state.phase == "B":
        table.act(C.Support(seat=C.rules.waiting_for(table.state)[0], building=0, draw=1))
    for seat in list(table.state.queue):
        table.act(C.Enter(seat=seat, building=0, cards=3))
    assert table.state.phase == "D"
    save(data, "cartus-reveal.sqlite", "cartus", options, table, NAMES)
    return C.rules.waiting_for(table.state)[0]


def cartus_at_final(data: Path) -> None:
    """The last round is over: the hands are to be declared (Léa holds 12 cards, 2 swords and 3 gold seen)."""
    import engine.games.cartus as C
    from engine.core import SeededRng
    from engine.core.game import Table

    options = cartus_options()
    table = Table.new(C.GAME, options, SeededRng(3))
    steps = 0
    while table.state.phase != "final":  # played to the end with the first legal choice of whoever may act
        steps += 1
        assert steps < 3000
        seat = next(
            s
            for s in ("p1", "p2", "p3", "table")
            if [i for i in C.legal(table.state, s) if not isinstance(i, C.Convert)]
        )
        legal = [i for i in C.legal(table.state, seat) if not isinstance(i, C.Convert)]
        enters = [i for i in legal if isinstance(i, C.Enter)]
        table.act(enters[min(2, len(enters) - 1)] if enters else legal[0])
    for seat, size in (("p1", 12), ("p2", 6), ("p3", 3)):  # the hands the table really holds
        table.act(C.CorrectHand(seat="table", player=seat, size=size))
    save(data, "cartus-fin.sqlite", "cartus", options, table, NAMES)


def test_a_cartus_reveal_is_counted_with_steppers_starting_at_every_card_of_the_class(app_browser, tmp_path):
    data = tmp_path / "data"
    seat = cartus_at_reveal(data)
    app, browser = app_browser(data=data)
    phone = resume(browser, app.url, seat, PHONE, first=True)
    picker = phone.wait_text("reveal-picker", "Révéler vos 3 cartes posées dans Château")
    assert "(1)" not in phone.all_text() and "Voir les" not in phone.all_text(), picker
    go = phone.text("reveal-go")
    assert "Révéler : 3 cartes Chevalerie" in go, go  # the likeliest answer, one tap away
    shot(phone, "app-cartus-reveal-phone.png")
    phone.click("reveal-other-1")
    phone.wait_text("reveal-go", "Révéler : 2 cartes Chevalerie, 1 autre")
    log = phone.text("log")
    phone.click("reveal-go")
    phone.wait_change("log", log)
    phone.wait_text("log", "révèle 2 de la classe, 1 autre")
    shot(phone, "app-cartus-reveal-phone-done.png")


def test_the_final_hands_then_the_score_sheet_in_words_on_the_tablet_and_a_phone(app_browser, tmp_path):
    data = tmp_path / "data"
    cartus_at_final(data)
    app, browser = app_browser(data=data)
    tablet = resume(browser, app.url, "table", TABLET, first=True)
    phone = resume(browser, app.url, "p2", PHONE, first=False)
    tablet.wait("hand-picker")
    assert "Main de Léa" in tablet.text("hand-picker")
    shot(tablet, "app-cartus-final-hand-tablet.png")
    assert "Main de Léa : 12 cartes" in tablet.text("hand-picker")
    before = tablet.text("hand-go")  # set to what the game saw Léa take and not play
    swords = int(m.group(1)) if (m := re.search(r"(\d+) épées?", before)) else 0
    tablet.click("hand-swords-plus")  # one sword more than the game saw: one tap
    tablet.wait_text("hand-go", f"{swords + 1} épée")
    shot(tablet, "app-cartus-final-hand-tablet-set.png")
    for who in ("p1", "p2", "p3"):  # each hand as the picker starts it (the likeliest), one tap each
        if tablet.page.locator(tablet.sel(f"hand-player-{who}")).count():
            tablet.click(f"hand-player-{who}")
            tablet.wait_text("hand-picker", NAMES[who])
        log = tablet.text("log")
        tablet.click("hand-go")
        tablet.wait_change("log", log)
    tablet.wait_text("log", "Léa a en main")
    while tablet.page.locator(tablet.sel("vp-picker")).count():  # the points on each one's victory tokens
        said = tablet.text("vp-picker")
        assert "Voir les" not in tablet.all_text(), said
        log = tablet.text("log")
        tablet.click("vp-go")
        tablet.wait_change("log", log)
        tablet.page.wait_for_timeout(500)
    sheet = tablet.wait_text("outcome", "hérite de la couronne", timeout=60_000)
    for name in NAMES.values():
        assert name in sheet, sheet
    assert "Soutien des nonnes" in sheet and "Influence" in sheet, sheet
    assert not re.search(r"\b(?:p\d|Nuns|Ranking|Alive|Breakdown|Pop jokers)\b", sheet), sheet
    board = tablet.text("board")
    assert "Partie terminée" in board and "Phase over" not in board and "révélé" in board, board
    shot(tablet, "app-cartus-score-sheet-tablet.png")
    on_phone = phone.wait_text("outcome", "hérite de la couronne", timeout=60_000)
    assert all(n in on_phone for n in NAMES.values()), on_phone
    shot(phone, "app-cartus-score-sheet-phone.png")
    phone.click("lang")
    phone.wait_text("outcome", "inherits the crown", timeout=30_000)
    shot(phone, "app-cartus-score-sheet-phone-en.png")


# -- Rattus --------------------------------------------------------------------------------------------------
def rattus_with_the_monk_and_the_nun(data: Path) -> None:
    """A 2-player game with the app's hidden bag: Léa took the Nun at her first turn and the Monk at her
    second, and is to play on."""
    from engine.core import SeededRng
    from engine.core.game import Table
    from engine.games import rattus
    from tests.rattus.rattus_fixtures import options

    opts = options(players=2, characters=["moine", "nonne", "eveque", "sorciere", "chevalier", "roi"])
    table = Table.new(rattus.GAME, opts, SeededRng(5))
    while table.state.phase == "setup":
        table.act(rattus.legal(table.state, table.state.active)[0])

    def turn(card: str) -> None:
        seat = table.state.active
        table.act(rattus.TakeCard(seat=seat, card=card))
        legal = rattus.legal(table.state, seat)
        table.act(next(i for i in legal if isinstance(i, rattus.PlaceCubes)))
        legal = rattus.legal(table.state, seat)
        table.act(next(i for i in legal if isinstance(i, rattus.MovePlague) and i.path and not i.neutral))
        while table.state.active == seat and table.state.phase != "actions":
            table.act(rattus.legal(table.state, table.state.active or "table")[0])

    turn("nonne")
    turn("roi")
    table.act(rattus.TakeCard(seat="p1", card="moine"))
    save(data, "rattus-moine.sqlite", "rattus", opts, table, {"p1": "Léa", "p2": "Marc"})


def test_the_monk_and_the_nun_are_steps_that_say_what_tells_their_choices_apart(app_browser, tmp_path):
    data = tmp_path / "data"
    rattus_with_the_monk_and_the_nun(data)
    app, browser = app_browser(data=data)
    phone = resume(browser, app.url, "p1", PHONE, first=True)
    monk = phone.wait_text("monk-picker", "Moine : déplacer un rat")
    assert "face cachée" in monk and "se valent" in monk, monk
    nun = phone.text("nun-picker")
    assert "Poser les nonnes en" in nun, nun
    text = phone.all_text()
    assert not re.search(r"\(\d\)", text), "no « … (1) », « … (2) » left"
    phone.page.locator(phone.sel("monk-picker")).scroll_into_view_if_needed()
    shot(phone, "app-rattus-monk-nun-phone.png")
    log = phone.text("log")
    go = phone.text("monk-to-0")
    assert go.strip().startswith("Déplacer un rat face cachée d"), go
    phone.click("monk-to-0")
    phone.wait_change("log", log)
    phone.wait_text("log", "Moine : un rat passe d")
    log = phone.text("log")
    phone.click("nun-to-0")
    phone.wait_change("log", log)
    phone.wait_text("log", "Nonne : nonnes en")
    shot(phone, "app-rattus-monk-nun-phone-done.png")


def complete_census(data: Path) -> None:
    """A census of all 49 faces on this device (made-up test faces: not the publisher's)."""
    from companion.ui import profiles as P
    from tests.rattus.rattus_fixtures import box_profile

    census = P.CensusFile.new(data, "notre boîte")
    for t in box_profile().tokens:
        census.record(t.id, t.face.text())


def test_the_next_evening_chooses_the_full_census_and_the_hidden_bag_and_a_phones_news_keeps_to_a_third(
    app_browser, tmp_path
):
    data = tmp_path / "data"
    complete_census(data)
    app, browser = app_browser(data=data)
    tablet = Driver(browser.new_page(viewport=TABLET))
    tablet.open(app.url)
    tablet.new_table(
        "rattus", {"opt-players": "2", "player-names": "Léa, Marc"}, shot="app-rattus-next-evening-form.png"
    )
    tablet.click("seat-p1")
    tablet.wait("board", timeout=60_000)
    tablet.wait_text("log", "jetons numériques")  # the app's hidden bag, with the census chosen by itself
    phone = Driver(browser.new_page(viewport=PHONE))
    phone.open(app.url)
    phone.click("open-0")
    phone.click("seat-p2")
    phone.wait("board", timeout=60_000)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and not phone.page.locator(phone.sel("announce-more")).count():
        player = next(
            (d for d in (tablet, phone) for k in ("place-0", "choice-0") if d.page.locator(d.sel(k)).count()),
            None,
        )
        if player is None:
            tablet.page.wait_for_timeout(500)
            continue
        key = "place-0" if player.page.locator(player.sel("place-0")).count() else "choice-0"
        before = player.text("log")
        player.click(key)
        try:
            player.wait_change("log", before, timeout=20_000)
        except Exception:  # noqa: BLE001 - a tap the loaded machine swallowed: the loop taps again
            pass
    phone.wait("announce-more", timeout=5_000)  # more news than a phone shows: counted, not stacked
    boxes = [phone.page.locator(phone.sel(k)).bounding_box() for k in ("announce", "announce-seen")]
    assert all(boxes), boxes
    top = min(b["y"] for b in boxes) - 4  # the banner's padding
    bottom = max(b["y"] + b["height"] for b in boxes) + 4
    assert bottom - top <= PHONE["height"] / 3, (top, bottom)
    phone.shot("app-rattus-phone-news.png")
    phone.click("announce-seen")
    phone.page.wait_for_selector(phone.sel("announce"), state="detached", timeout=15_000)


# -- Plague & Pestilence -------------------------------------------------------------------------------------
def test_a_plague_table_has_no_scan_part_its_cards_carry_no_code(app_browser, tmp_path):
    data = tmp_path / "data"
    from engine.core import SeededRng
    from engine.core.game import Table
    from engine.games import plague
    from tests.plague.plague_helpers import options

    opts = options()
    table = Table.new(plague.GAME, opts, SeededRng(1))
    save(data, "plague.sqlite", "plague", opts, table, NAMES)
    app, browser = app_browser(data=data)
    phone = resume(browser, app.url, "p1", PHONE, first=True)
    phone.wait("actions")
    assert not phone.page.locator(phone.sel("scan-field")).count()
    assert not phone.page.locator(phone.sel("scan-camera")).count()
    shot(phone, "app-plague-no-scan-phone.png")
