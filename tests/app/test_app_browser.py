"""The app in web mode, driven by headless Chromium: create a table, play a turn, see it on another tablet.

Runs the real ``tablekeeper app --web`` in a subprocess (data dir in tmp_path) and Debian's Chromium through
Playwright. Screenshots land in ``artifacts/`` (gitignored). Pandémie is played when its engine is complete;
otherwise the core test game (tests/core/coretoy.py) stands in, so the app itself is still tested.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.app.browser_util import ARGS, CHROMIUM, Driver, free_port, start_app, stop_app  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

if not os.path.exists(CHROMIUM):
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium) — browser test not run", allow_module_level=True)


def _game() -> str:
    from companion.ui.shell import game_availability

    for g in ("pandemie", "rattus", "plague", "cartus"):
        if game_availability().get(g) == "":
            return g
    return "coretoy"


def test_create_a_table_and_play_a_turn(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    game = _game()
    port = free_port()
    proc = start_app(tmp_path / "data", port, coretoy=True, log_path=tmp_path / "app.log")
    try:
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                _play(browser, port, game, tmp_path)
            except Exception:
                for i, page in enumerate(pg for ctx in browser.contexts for pg in ctx.pages):
                    Driver(page).shot(f"app-browser-failure-{i}.png")
                    print(f"page {i}:", Driver(page).all_text()[-1500:])
                raise
            finally:
                browser.close()
    except Exception:
        print((tmp_path / "app.log").read_text(errors="replace")[-4000:])
        raise
    finally:
        stop_app(proc)
    saved = list((tmp_path / "data").glob("*.sqlite"))
    assert len(saved) == 1, "the table was saved in the data dir"


def _play(browser, port: int, game: str, tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{port}/"
    phone = Driver(browser.new_page(viewport={"width": 390, "height": 844}))
    phone.open(url)
    phone.click("start-new")
    phone.click(f"game-{game}")
    phone.fill("table-name", "Test browser")
    if game == "pandemie":
        phone.fill("opt-players", "2")
    phone.shot(f"app-browser-{game}-new-phone.png")
    phone.click("create")
    phone.wait("join-code", timeout=60_000)
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

    # the shared tablet plays in turn: it acts as the seat whose turn it is
    tablet.click("follow")
    tablet.wait("follow-now")
    assert "p" in tablet.text("follow-now")
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
        arg=other.sel("join-target"), timeout=30_000,
    )
    other.click("join-p2")
    other.wait("log", timeout=60_000)
    assert "p2" in other.all_text()
    other.shot(f"app-browser-{game}-joined-phone.png")

    # language switch: English texts appear, French ones go
    tablet.click("lang")
    tablet.page.wait_for_function("() => document.body.innerText.includes('Board')", timeout=15_000)


def test_undo_typed_code_end_of_game_and_audit(tmp_path):
    """The core test game with two cards: undo a public action, enter a card by typing its id, play to the
    end, and see the outcome and the shuffle audit on screen."""
    sync_api = pytest.importorskip("playwright.sync_api")
    port = free_port()
    proc = start_app(tmp_path / "data", port, coretoy=True, log_path=tmp_path / "app.log")
    try:
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                d = Driver(browser.new_page(viewport={"width": 1280, "height": 800}))
                d.open(f"http://127.0.0.1:{port}/")
                d.click("start-new")
                d.click("game-coretoy")
                d.fill("advanced", '{"cards": 2}')
                d.click("create")
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
                d.shot("app-browser-coretoy-audit-tablet.png")
            finally:
                browser.close()
    except Exception:
        print((tmp_path / "app.log").read_text(errors="replace")[-4000:])
        raise
    finally:
        stop_app(proc)
