"""The app in web mode, driven by headless Chromium: create a table, play a turn, see it on another tablet.

Runs the real ``tablekeeper app --web`` in a subprocess (data dir in tmp_path) and Debian's Chromium through
Playwright. Screenshots land in ``artifacts/`` (gitignored). Pandémie is played when its engine is complete;
otherwise the toy game (harness/toy.py) stands in, so the app itself is still tested.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from harness.browser import Driver

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]


def _game() -> str:
    from companion.ui.screens.new_table import game_availability

    for g in ("pandemie", "rattus", "plague", "cartus"):
        if game_availability().get(g) == "":
            return g
    return "toy"


def test_create_a_table_and_play_a_turn(tmp_path, app_browser):
    game = _game()
    app, browser = app_browser(toy=True)
    _play(browser, app.port, game, tmp_path)
    saved = list((tmp_path / "data").glob("*.sqlite"))
    assert len(saved) == 1, "the table was saved in the data dir"


def _play(browser, port: int, game: str, tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{port}/"
    phone = Driver(browser.new_page(viewport={"width": 390, "height": 844}))
    phone.open(url)
    fields = {"table-name": "Test browser"}
    if game == "pandemie":
        fields["opt-players"] = "2"
    phone.new_table(game, fields, shot=f"app-browser-{game}-new-phone.png")
    phone.page.wait_for_timeout(700)  # let the QR image decode before the screenshot
    phone.shot(f"app-browser-{game}-hosted-phone.png")
    code = re.search(r"tk://\S+", phone.text("join-code"))
    assert code, "the hosted screen shows the join code"
    # open the seat whose turn it is (the shortcut the hosted screen offers), else p1
    if phone.page.query_selector(phone.sel("seat-current")):
        phone.click("seat-current")
    else:
        phone.click("seat-p1")
    phone.wait("actions")
    phone.wait("choice-0")

    # a second device (landscape tablet) opens the same table as the shared board
    tablet = Driver(browser.new_page(viewport={"width": 1280, "height": 800}))
    tablet.open(url)
    tablet.click("open-0")
    tablet.click("seat-table")
    tablet.wait("board")
    tablet.wait("log")
    board_before = tablet.text("board")
    log_before = tablet.text("log")
    phone_log_before = phone.text("log")

    phone.click("choice-0")
    phone_log = phone.wait_change("log", phone_log_before)
    assert phone_log.strip()
    # the shared tablet sees the new event without anyone touching it
    tablet.wait_change("log", log_before)
    if game == "pandemie":  # a move, a treatment, a card played: the public board shows it
        tablet.wait_change("board", board_before)
    phone.shot(f"app-browser-{game}-phone.png")
    tablet.shot(f"app-browser-{game}-tablet.png")

    # the phone leaves its seat (Home gives it up: a seat belongs to one device at a time), and the shared
    # tablet plays in turn: it acts as the seat whose turn it is
    phone.click("home")
    phone.page.wait_for_timeout(2000)
    tablet.click("follow")
    tablet.wait("follow-now")
    assert "Joueur" in tablet.text("follow-now"), "the seat said as a person, never a bare p1"
    tablet.click_to("its-me", "choice-0")  # pass-and-play: the acting player shows their part first
    log_before = tablet.text("log")
    tablet.click("choice-0")
    tablet.wait_change("log", log_before)
    tablet.shot(f"app-browser-{game}-follow-tablet.png")

    # a third device joins over the LAN protocol with the typed join code (PIN inside it)
    other = Driver(browser.new_page(viewport={"width": 390, "height": 844}))
    other.open(url)
    other.click("start-join")
    other.fill("join-code-field", code.group(0))
    other.page.keyboard.press("Enter")
    other.page.wait_for_function(
        "sel => (document.querySelector(sel)?.innerText || '').includes('Test browser')",
        arg=other.sel("join-target"),
        timeout=30_000,
    )
    # the tablet playing in turn holds the seats it plays (a seat belongs to one device at a time): the
    # third device joins as a second table tablet
    other.click("join-table")  # a table of this very process: its seats through a look on it
    other.wait("log", timeout=60_000)
    assert "Au tour de" in other.all_text()  # the table tablet's header: whose turn it is
    other.shot(f"app-browser-{game}-joined-phone.png")

    # language switch: English texts appear, French ones go
    tablet.click("lang")
    tablet.wait_text("lang", "Français", timeout=30_000)  # the switch now offers French back
    tablet.wait_text("board", "Board", timeout=30_000)


def test_undo_typed_code_end_of_game_and_audit(tmp_path, app_browser):
    """The toy game with two cards: undo a public action, enter a card by typing its id, play to the end,
    and see the outcome and the shuffle audit on screen."""
    app, browser = app_browser(toy=True)
    d = Driver(browser.new_page(viewport={"width": 1280, "height": 800}))
    d.open(app.url)
    d.new_table("toy", {"advanced": '{"cards": 2}'})
    d.click("seat-p1")
    d.wait("choice-0")
    log0 = d.text("log")
    d.click("choice-0")  # Bump: public, undoable
    d.wait_change("log", log0)
    d.click("undo")
    d.wait_text("log", "annul")  # "Action 1 annulée" in the log
    d.click("choice-1")  # Draw
    d.wait("choice-2")  # the drawn card can now be played
    d.fill("scan-field", "C99")  # not a component id: refused with the reason
    d.click("scan-enter")
    d.page.wait_for_function("() => document.body.innerText.includes('C99')", timeout=15_000)
    d.click("choice-1")  # Draw the last card: the deck is empty, the game is over
    d.wait("outcome", timeout=30_000)
    d.wait("audit", timeout=30_000)
    assert d.text("audit").strip()
    d.shot("app-browser-toy-audit-tablet.png")


PP_PROSPERITY = [0, 5, 5, 10, 10, 15, 15, 20, 20, 25, 30]  # made-up test values, not a real card's
PP_PLAGUE = [20, 15, 15, 10, 10, 5, 5, 10, 10, 15, 20]


def test_plague_profile_form_then_play_and_rattus_census(tmp_path, app_browser):
    """Plague & Pestilence: enter the 2d6 tables on the new-table form (a bad value is shown on its field),
    create the table, roll the dice from a phone, see the dice on the landscape tablet; then the Rattus token
    census records a token and saves it; then a Rattus Cartus table plays one action."""
    from companion.ui.screens.new_table import game_availability

    avail = game_availability()
    if avail.get("plague") or avail.get("cartus") or avail.get("rattus"):
        pytest.skip(f"an engine is unavailable: {avail}")
    data = tmp_path / "data"
    app, browser = app_browser(data=data)
    _plague_flow(browser, app.port)
    _census_flow(browser, app.port, data)
    _cartus_flow(browser, app.port)
    assert len(list((data / "profiles" / "plague").glob("*.json"))) == 1


def _plague_flow(browser, port: int) -> None:
    url = f"http://127.0.0.1:{port}/"
    phone = Driver(browser.new_page(viewport={"width": 390, "height": 844}))
    phone.open(url)
    phone.new_table("plague", create=False)
    phone.wait("pp-panel")
    phone.fill("opt-players", "3")
    phone.fill("pp-name", "Notre boite")
    for t, v in zip(range(2, 13), PP_PROSPERITY, strict=True):
        phone.fill(f"pp-prosperity-{t}", str(v))
    for t, v in zip(range(2, 13), PP_PLAGUE, strict=True):
        phone.fill(f"pp-plague-{t}", "5-" if t == 7 else str(v))
    phone.click("pp-save")
    phone.wait_text("pp-plague-7", "nombre entier")  # the validation, on the field it names
    phone.shot("app-browser-plague-profile-error-phone.png")
    _refill(phone, "pp-plague-7", "5")
    phone.click("pp-save")
    phone.wait("pp-chosen")
    assert "Notre boite" in phone.text("pp-chosen")
    phone.shot("app-browser-plague-profile-saved-phone.png")
    phone.click("create")
    phone.wait("join-code", timeout=60_000)
    phone.click("seat-current")  # the seat whose turn it is: it rolls the dice
    phone.wait("private")
    assert "Votre main (5)" in phone.text("private"), "the phone shows its own hand"
    phone.wait("choice-0")
    log_before = phone.text("log")

    tablet = Driver(browser.new_page(viewport={"width": 1280, "height": 800}))
    tablet.open(url)
    tablet.click("open-0")
    tablet.click("seat-table")
    tablet.wait("board")
    assert not tablet.page.query_selector(tablet.sel("private")), "the shared tablet shows no hand"
    board_before = tablet.text("board")
    phone.click("choice-0")
    phone.wait_change("log", log_before)
    tablet.wait_change("board", board_before)
    phone.page.mouse.move(195, 500)
    phone.page.mouse.wheel(0, 1400)  # below the choices: the phone's own hand and the board
    phone.page.wait_for_timeout(600)
    phone.shot("app-browser-plague-seat-phone.png")
    tablet.shot("app-browser-plague-table-tablet.png")
    # next time, the saved profile is offered (and chosen: it is the only one)
    phone.click("home")
    phone.new_table("plague", create=False)
    phone.wait("pp-chosen")
    phone.page.close()
    tablet.click("home")
    tablet.new_table("plague", create=False)
    tablet.wait("pp-chosen")
    tablet.click("pp-new")  # the form, landscape
    tablet.wait("pp-prosperity-2")
    tablet.click("lang")
    tablet.wait_text("pp-panel", "PPs gained")
    tablet.page.mouse.move(640, 500)
    tablet.page.mouse.wheel(0, 1100)
    tablet.page.wait_for_timeout(600)
    tablet.shot("app-browser-plague-profile-form-tablet.png")
    tablet.page.close()


def _refill(d: Driver, ident: str, text: str) -> None:
    """Type into a field that shows an error: its error text's semantics node covers the input, so the
    click is forced (Flutter takes the focus from where the pointer lands)."""
    inp = d.page.locator(d.sel(ident)).first.locator("input")
    inp.click(force=True)
    d.page.wait_for_timeout(100)
    d.page.keyboard.press("Control+A")
    d.page.keyboard.press("Delete")
    d.page.keyboard.type(text)
    d.page.wait_for_function(
        "([sel, t]) => document.querySelector(sel + ' input')?.value === t",
        arg=[d.sel(ident), text],
        timeout=10_000,
    )


def _census_flow(browser, port: int, data: Path) -> None:
    tablet = Driver(browser.new_page(viewport={"width": 1280, "height": 800}))
    tablet.open(f"http://127.0.0.1:{port}/")
    tablet.wait("start-census")
    tablet.page.wait_for_timeout(500)
    tablet.shot("app-browser-start-tablet.png")
    tablet.click_to("start-census", shows="census-name")
    tablet.fill("census-name", "Camp")
    tablet.click("census-new")
    tablet.wait_text("census-progress", "0 / 49")
    tablet.fill("census-token", "RAT:07")
    tablet.click("census-th-2")
    tablet.click("census-sym-M")
    tablet.click("census-sym-magie")
    tablet.click("census-record")
    tablet.wait_text("census-progress", "1 / 49")
    tablet.wait_text("census-message", "RAT:07")
    saved = list((data / "profiles" / "rattus").glob("*.json"))
    assert len(saved) == 1 and '"RAT:07"' in saved[0].read_text(encoding="utf-8")
    tablet.shot("app-browser-census-tablet.png")
    phone = Driver(browser.new_page(viewport={"width": 390, "height": 844}))
    phone.open(f"http://127.0.0.1:{port}/")
    phone.wait("start-census")
    phone.page.wait_for_timeout(500)
    phone.shot("app-browser-start-phone.png")
    phone.click("start-census")
    phone.click("census-open-0")
    phone.wait_text("census-progress", "1 / 49")
    phone.page.wait_for_timeout(600)  # let the canvas paint what the semantics tree already has
    phone.shot("app-browser-census-phone.png")
    phone.page.close()
    tablet.page.close()


def _cartus_flow(browser, port: int) -> None:
    url = f"http://127.0.0.1:{port}/"
    tablet = Driver(browser.new_page(viewport={"width": 1280, "height": 800}))
    tablet.open(url)
    tablet.new_table("cartus", {"opt-players": "3"})
    tablet.click("seat-current")
    tablet.wait("private")
    assert "rats" in tablet.text("private").lower()
    tablet.wait(
        "support-picker"
    )  # phase B: a support set with the step picker (companion/ui/cartus/picker.py)
    log_before = tablet.text("log")
    tablet.click("support-draw-1")
    tablet.wait_text("support-building-0", "piocher 1")
    tablet.click("support-building-0")
    tablet.wait_change("log", log_before)
    tablet.shot("app-browser-cartus-seat-tablet.png")
    phone = Driver(browser.new_page(viewport={"width": 390, "height": 844}))
    phone.open(url)
    phone.click("open-1")
    phone.click("seat-table")
    phone.wait("board")
    assert not phone.page.query_selector(phone.sel("private"))
    phone.shot("app-browser-cartus-table-phone.png")
