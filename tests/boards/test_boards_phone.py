"""A phone zooms the map (real app, Debian's Chromium at 390 × 844): the zoom buttons enlarge the map (a
pinch drives the same InteractiveViewer), a tap on a city of the zoomed map still plays the move there, and
"whole map" fits it back. Screenshots in ``artifacts/``."""

from __future__ import annotations

import re

import pytest

from companion.ui.boards.draw import ZOOM_STEP
from harness.browser import Driver
from tests.boards.test_boards_browser import _neighbour_of_start

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def _start_key() -> str:
    """The key of Gallia's start city (where every pawn begins)."""
    from engine.boards.pandemie import board_for
    from engine.games.pandemie.board import shipped

    g = next(p for p in shipped() if p.code == "G")
    return next(p.key for p in board_for("G").places if p.name == g.start)


def _box(d: Driver, ident: str) -> dict[str, float]:
    box = d.page.locator(d.sel(ident)).first.bounding_box()
    assert box is not None, ident
    return box


def _visible_places(d: Driver) -> dict[str, dict[str, float]]:
    """The places whose tap target is wholly inside the map's viewer (key → box)."""
    view = _box(d, "map-G")
    out = {}
    for el in d.page.locator('[flt-semantics-identifier^="place-"]').all():
        box = el.bounding_box()
        ident = (el.get_attribute("flt-semantics-identifier") or "")[len("place-") :]
        if (
            box
            and box["x"] >= view["x"]
            and box["x"] + box["width"] <= view["x"] + view["width"]
            and box["y"] >= view["y"]
            and box["y"] + box["height"] <= view["y"] + view["height"]
        ):
            out[ident] = box
    return out


def _scroll_to(d: Driver, ident: str) -> None:
    """Scroll the page (the wheel, off the map) until ``ident`` starts near the top."""
    seen = []
    for _ in range(12):
        y = _box(d, ident)["y"]
        seen.append(round(y))
        if 40 <= y <= 160:
            return
        box = _box(d, ident)
        # never over the map: a wheel there zooms the map, not the page
        py = max(70.0, min(420.0, y - 10)) if y > 80 else min(830.0, y + box["height"] + 10)
        d.page.mouse.move(195, py)
        d.page.mouse.wheel(0, max(-800.0, min(800.0, y - 100)))
        d.page.wait_for_timeout(400)
    raise AssertionError(f"could not scroll {ident} into view: {seen}")


def test_a_phone_zooms_the_map_and_a_tap_on_the_zoomed_map_plays(app_browser) -> None:
    key, name = _neighbour_of_start()
    app, browser = app_browser()
    phone = Driver(browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True))
    phone.open(app.url)
    phone.new_table("pandemie", {"table-name": "Zoom", "opt-players": "2"})
    phone.wait("seat-p1")
    phone.click("seat-current" if phone.page.query_selector(phone.sel("seat-current")) else "seat-p1")
    phone.wait("map-G", timeout=60_000)
    phone.wait(f"place-{key}")
    phone.page.wait_for_timeout(800)
    _scroll_to(phone, "map-G")
    phone.shot("boards-phone-map.png")
    whole = _box(phone, "map-G")
    assert whole["width"] <= 390
    before = _box(phone, f"place-{key}")
    phone.click("map-zoom-in")
    phone.page.wait_for_timeout(600)
    phone.click("map-zoom-in")
    phone.page.wait_for_timeout(900)
    phone.shot("boards-phone-zoomed.png")
    # the zoom buttons zoom on the seat's own city (p1 starts at the province's start city)
    home = _start_key()
    seen = _visible_places(phone)
    assert home in seen, ("the seat's city is not on the zoomed map", home, sorted(seen))
    view = _box(phone, "map-G")
    hb = seen[home]
    assert abs(hb["x"] + hb["width"] / 2 - (view["x"] + view["width"] / 2)) < view["width"] * 0.3, (
        hb,
        view,
    )
    if key not in _visible_places(phone):  # drag the zoomed map (a finger would) to bring the city in
        view = _box(phone, "map-G")
        vx, vy = whole["x"], whole["y"]
        scale = ZOOM_STEP**2
        tx = vx + (before["x"] + before["width"] / 2 - vx) * scale
        ty = vy + (before["y"] + before["height"] / 2 - vy) * scale
        cx, cy = view["x"] + view["width"] / 2, view["y"] + 110
        phone.page.mouse.move(cx, cy)
        phone.page.mouse.down()
        for i in range(1, 16):
            phone.page.mouse.move(cx + (cx - tx) * i / 15, cy + (cy - ty) * i / 15)
            phone.page.wait_for_timeout(20)
        phone.page.mouse.up()
        phone.page.wait_for_timeout(900)
        phone.shot("boards-phone-zoomed-panned.png")
    inside = _visible_places(phone)
    assert inside, "no city left on the zoomed map"
    # a city's tap target is square, but the edge of the view may cut one side off (a corner: both): the
    # city tapped, else the least cut one
    zoomed = inside.get(key) or max(inside.values(), key=lambda b: min(b["width"], b["height"]))
    # the map is drawn bigger
    assert max(zoomed["width"], zoomed["height"]) > 1.8 * before["width"], (before, zoomed)
    assert _box(phone, "map-G")["width"] <= 390  # and still within the screen
    # a finger on any city of the zoomed map answers for that very city (a tappable container per place
    # was hit where it was not drawn: a tap on Genava opened Augustonemetum)
    for ident, box in sorted(inside.items()):
        city = phone.text(f"place-{ident}").strip()
        answered = False
        for _attempt in range(2):  # a loaded machine may take a tap for nothing: the finger taps again
            phone.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            try:
                phone.page.wait_for_function(
                    "(needles) => { const t = document.querySelector('flt-semantics-host')?.innerText || '';"
                    " return needles.some(n => t.includes(n)); }",
                    arg=[f"{city} : que faire", f"Rien à faire à {city}"],
                    timeout=8_000,
                )
                answered = True
                break
            except Exception:  # noqa: BLE001 - another city's answer fails below, nothing is tapped again
                if phone.page.query_selector(phone.sel("place-cancel")):
                    break
        if not answered:
            said = re.findall(r"([^\n]+ : que faire|Rien à faire à [^\n]+)", phone.all_text())
            raise AssertionError(f"a tap on {city} answered {said[-1:] or 'nothing'}")
        if phone.page.query_selector(phone.sel("place-cancel")):
            phone.click("place-cancel")
            phone.page.wait_for_timeout(300)
    log_before = phone.text("log")
    # a city of the zoomed map where the seat can do something: its name is in the offered choices
    for ident, box in sorted(inside.items(), key=lambda kv: kv[0] != key):
        city = phone.text(f"place-{ident}").strip()
        phone.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        # the answer: the dialog of what to do there, or "Rien à faire à <city>" (then the next)
        phone.page.wait_for_function(
            "([sel, needle]) => !!document.querySelector(sel) || (document.querySelector("
            "'flt-semantics-host')?.innerText || '').includes(needle)",
            arg=[phone.sel("place-choice-0"), f"Rien à faire à {city}"],
            timeout=20_000,
        )
        if not phone.page.query_selector(phone.sel("place-choice-0")):
            continue
        offered = phone.text("place-choice-0")
        assert city and city in offered, (city, offered)
        name = city
        break
    else:
        raise AssertionError(f"no city of the zoomed map offered a choice: {sorted(inside)}")
    phone.shot("boards-phone-zoomed-tap.png")
    phone.click("place-choice-0")
    new_log = phone.wait_change("log", log_before)
    assert name in new_log.split("\n", 2)[-1][:400], new_log[:400]
    phone.wait("map-fit")
    phone.click("map-fit")
    phone.page.wait_for_timeout(900)
    phone.wait(f"place-{key}")
    fitted = _box(phone, f"place-{key}")
    assert abs(fitted["width"] - before["width"]) < 2, (before, fitted)
    phone.shot("boards-phone-fitted.png")
