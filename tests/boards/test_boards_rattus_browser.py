"""The Rattus map in the real app (web mode, Debian's Chromium): a tap on a region offers what the acting seat
can do there (at setup: place its cubes there), the chosen one is played, and the region then holds them.
Screenshots of the map before and after in ``artifacts/``."""

from __future__ import annotations

import pytest

from harness.browser import TAP, Driver

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

REGIONS = (
    "Anglia",
    "Gallia",
    "Hispania",
    "Scandia",
    "Polonia",
    "Germania",
    "Hungaria",
    "Italia",
    "Graecia",
    "Russia",
    "Tartaria",
    "Turcia",
)


def test_tap_a_region_places_the_cubes_there(app_browser) -> None:
    app, browser = app_browser()
    d = Driver(browser.new_page(viewport={"width": 1280, "height": 900}))
    d.open(app.url)
    fields = {
        "table-name": "Rats",
        "player-names": "Ana, Bob, Cy",
        "opt-mode-physical": TAP,  # the real tokens: no census needed
    }
    d.new_table("rattus", fields)
    d.wait("seat-p1")
    d.click("seat-current" if d.page.query_selector(d.sel("seat-current")) else "seat-p1")
    d.wait("map-rattus", timeout=60_000)
    for r in REGIONS:  # every region of the default profile has its tap target
        d.wait(f"place-{r}")
    assert not d.page.query_selector(d.sel("place-castle"))  # the castle is drawn, not tapped
    d.page.wait_for_timeout(800)
    d.shot("boards-rattus-tablet.png")
    region = "Italia"
    offered_in_list = [d.text(f"choice-{i}") for i in range(4)]
    assert not any(region in t for t in offered_in_list), offered_in_list  # not on the first buttons
    log_before = d.text("log")
    board_before = d.text("board")
    d.click(f"place-{region}")
    d.wait("place-choice-0")
    offered = d.text("place-choice-0")
    assert region in offered and "cubes" in offered, offered
    assert not d.page.query_selector(d.sel("place-choice-1"))  # one thing to do there at setup
    d.shot("boards-rattus-tap-dialog.png")
    d.click("place-choice-0")
    new_log = d.wait_change("log", log_before)
    assert region in new_log.split("\n", 2)[-1][:300], new_log[:300]
    board = d.wait_change("board", board_before)
    regions = board.split("Régions", 1)[-1]
    here = regions.split(region, 1)[-1].split("\n")[:3]  # the text board's lines for the region
    assert "Ana: 2" in here, here
    assert "Ana: 2" not in board_before, board_before
    d.page.wait_for_timeout(800)
    d.shot("boards-rattus-after-cubes.png")
