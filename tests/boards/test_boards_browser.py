"""The drawn map in the real app (web mode, Debian's Chromium): a tap on a city offers what can be done there,
the chosen action is played; screenshots of the map on a tablet and on a phone in ``artifacts/``."""

from __future__ import annotations

from typing import Any

import pytest

from harness.browser import Driver

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def _neighbour_of_start() -> tuple[str, str]:
    """A city next to Gallia's start (Lugdunum): (key, name)."""
    from engine.boards.pandemie import board_for
    from engine.games.pandemie.board import shipped

    g = next(p for p in shipped() if p.code == "G")
    start = next(c for c in g.cities if c.name == g.start)
    name = sorted(start.neighbours)[0]
    b = board_for("G")
    return next(p.key for p in b.places if p.name == name), name


def _far_cities(near: str) -> list[Any]:
    """Gallia's places two steps or more from the start, the most remote first."""
    from engine.boards.pandemie import board_for
    from engine.games.pandemie.board import shipped

    g = next(p for p in shipped() if p.code == "G")
    start = next(c for c in g.cities if c.name == g.start)
    close = {start.name, *start.neighbours}
    b = board_for("G")
    return [p for p in reversed(b.places) if p.name not in close and p.key != near][:10]


def test_tap_a_city_plays_a_move_there(app_browser) -> None:
    key, name = _neighbour_of_start()
    app, browser = app_browser()
    tablet = Driver(browser.new_page(viewport={"width": 1280, "height": 900}))
    tablet.open(app.url)
    tablet.new_table("pandemie", {"table-name": "Carte", "opt-players": "2"})
    tablet.wait("seat-p1")
    tablet.click("seat-current" if tablet.page.query_selector(tablet.sel("seat-current")) else "seat-p1")
    tablet.wait("map-G", timeout=60_000)
    tablet.wait(f"place-{key}")
    tablet.page.wait_for_timeout(800)
    tablet.shot("boards-pandemie-tablet.png")
    log_before = tablet.text("log")
    board_before = tablet.text("board")
    tablet.click(f"place-{key}")
    tablet.wait("place-choice-0")
    offered = [
        tablet.text(f"place-choice-{i}")
        for i in range(8)
        if tablet.page.query_selector(tablet.sel(f"place-choice-{i}"))
    ]
    assert offered and all(name in o for o in offered), offered
    assert offered[0].strip().startswith(f"Aller à {name}"), offered  # the move first
    tablet.shot("boards-pandemie-tap-dialog.png")
    tablet.click("place-choice-0")
    new_log = tablet.wait_change("log", log_before)
    assert name in new_log.split("\n", 2)[-1][:400], new_log[:400]
    tablet.wait_change("board", board_before)
    tablet.page.wait_for_timeout(800)
    tablet.shot("boards-pandemie-after-move.png")
    # a city with nothing to do says so instead of opening an empty list. Which cities have
    # something depends on the shuffled hands (an event, a consul's move), so far cities are tried
    # in turn: each either offers only choices naming it, or says there is nothing to do there.
    said_nothing = False
    for far in _far_cities(key):
        tablet.click(f"place-{far.key}")
        tablet.page.wait_for_timeout(600)
        if tablet.page.query_selector(tablet.sel("place-choice-0")):
            offered = [
                tablet.text(f"place-choice-{i}")
                for i in range(12)
                if tablet.page.query_selector(tablet.sel(f"place-choice-{i}"))
            ]
            assert all(far.name in o for o in offered), (far.name, offered)
            tablet.click("place-cancel")
            tablet.page.wait_for_timeout(400)
            continue
        assert f"Rien à faire à {far.name}" in tablet.all_text(), far.name
        said_nothing = True
        break
    # in some deals every far city offers something (a forced march, an event card reach them
    # all): each offer was checked above to name its city; "nothing to do" is then not shown
    if not said_nothing:
        print("every far city offered a choice naming it (this deal reaches them all)")
    # a phone: the map fits the screen's width
    phone = Driver(browser.new_page(viewport={"width": 390, "height": 844}))
    phone.open(app.url)
    phone.click("open-0")
    phone.click("seat-table")
    phone.wait("map-G", timeout=60_000)
    phone.page.wait_for_timeout(800)
    box = phone.page.locator(phone.sel("map-G")).bounding_box()
    assert box is not None and box["width"] <= 390
    phone.shot("boards-pandemie-phone.png")
    # the shared board on a portrait tablet: the map across the screen (it had 7/12 of the width, about
    # 390 px on an 800 px screen), the actions and the log below it
    portrait = Driver(browser.new_page(viewport={"width": 800, "height": 1280}))
    portrait.open(app.url)
    portrait.click("open-0")
    portrait.click("seat-table")
    portrait.wait("map-G", timeout=60_000)
    portrait.page.wait_for_timeout(800)
    box = portrait.page.locator(portrait.sel("map-G")).bounding_box()
    actions = portrait.page.locator(portrait.sel("actions")).bounding_box()
    assert box is not None and box["width"] >= 650, box
    assert actions is not None and actions["y"] > box["y"] + box["height"] - 5, (box, actions)
    portrait.shot("boards-pandemie-portrait-tablet.png")
