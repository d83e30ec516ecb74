"""The live viewfinder in a real Chromium whose camera is a file of our own printed sheets,
photographed-looking (:mod:`harness.camera`): the page's script shows the video, posts frames to the host,
outlines and names what the host read, and a steady read acts through the game's meaning of the component
shown — a class card taken, a token's sticker turned over (or its face asked), a Cartus reveal counted, a
Pandémie board city opened, a foreign code named, several codes at once. Closing stops the camera's tracks at
once."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from engine.core import SeededRng
from engine.core.game import Table
from harness import camera
from harness.browser import Driver

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1280, "height": 800}


def shot(d: Driver, name: str) -> None:
    d.page.wait_for_timeout(700)  # the canvas paints a little after the semantics tree changes
    d.shot(name)


def view(d: Driver) -> dict[str, Any]:
    """What the page's viewfinder script did (``window.__tkView``), the stream's tracks included."""
    return d.page.evaluate(
        """() => { const S = window.__tkView; if (!S) return null;
          const tracks = S.lastStream ? S.lastStream.getVideoTracks().map(t => t.readyState) : [];
          return {state: S.state, sent: S.sent, answers: S.answers, says: S.says, marks: S.marks,
                  closed: S.closed, opened: S.opened, errors: S.errors, refused: S.refused, tracks,
                  open: !!S.open, panel: !!document.getElementById('tk-view'),
                  video: !!(document.getElementById('tk-view-video') || {}).srcObject}; }"""
    )


def wait_said(d: Driver, needle: str, timeout: float = 20_000) -> str:
    """Wait until the line under the video has said ``needle`` (case-insensitive); that line."""
    js = """(n) => { const S = window.__tkView; if (!S) return false;
              const hit = S.says.find(s => s.toLowerCase().includes(n)); return hit || false; }"""
    return str(d.page.wait_for_function(js, arg=needle.lower(), timeout=timeout).json_value())


def in_sight(d: Driver, *idents: str) -> None:
    """Each control is whole on the screen and above the video panel: a thumb can reach it without
    scrolling, and the video hides none of it (Playwright would click through to it anyway)."""
    d.page.wait_for_timeout(400)  # the dialog's opening animation
    top = d.page.evaluate(
        "() => { const b = document.getElementById('tk-view'); "
        "return b ? b.getBoundingClientRect().top : window.innerHeight; }"
    )
    for ident in idents:
        box = d.wait(ident).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= top, (ident, box, top)


def events_saved(path: Path) -> int:
    """How many events the app has written in its save file (read while it runs: the log on the screen is
    behind the camera's question, which keeps the rest of the screen out of reach until answered)."""
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return int(db.execute("SELECT COUNT(*) FROM events").fetchone()[0])


def open_camera(d: Driver, ident: str = "scan-camera") -> None:
    d.click(ident)
    d.page.wait_for_function("() => window.__tkView && window.__tkView.state === 'running'", timeout=20_000)


def saved_rattus_turn(data: Path, characters: str = "base") -> None:
    """A saved 2-player Rattus table with real tokens, at p1's first turn (every class card may be taken)."""
    from engine.core import SeededRng
    from engine.core.game import Table
    from engine.core.store import Store
    from engine.games import rattus

    options = {"players": 2, "mode": "physical", "characters": characters}
    table = Table.new(rattus.GAME, options, SeededRng(7))
    while table.state.phase == "setup":
        table.act(rattus.SetupCubes(seat=table.state.active, region=table.state.regions[0]))
    assert table.state.phase == "actions" and table.state.active == "p1"
    Store.create(
        data / "rattus-carte.sqlite", "rattus", options, extra={"name": "Cartes"}, entries=table.entries
    ).close()


def test_a_class_card_shown_while_it_may_be_taken_is_taken(tmp_path: Path, app_browser) -> None:
    data = tmp_path / "data"
    saved_rattus_turn(data)
    cam = camera.still(tmp_path / "camera.mjpeg", camera.photo(["RCL:5"], seed=5))
    app, browser = app_browser(data=data, browser_args=camera.chromium_args(cam))
    phone = Driver(browser.new_page(viewport=PHONE))
    phone.open(app.url)
    phone.click("start-resume")
    phone.click("saved-0")
    phone.click("seat-p1")
    phone.wait("scan-camera")
    log0 = phone.text("log")
    open_camera(phone)
    said = wait_said(phone, "Sorcière")
    phone.wait_text("log", "Sorcière")
    assert phone.text("log") != log0
    v = view(phone)
    assert v["answers"] >= 3 and any("RCL:5" in m["t"] or "Sorcière" in m["t"] for m in v["marks"]), v
    assert "✓" in said
    shot(phone, "app-viewfinder-class-card.png")
    # closed: the stream stops at once, the panel goes
    phone.click("scan-camera-close")
    phone.page.wait_for_function("() => !window.__tkView.open", timeout=10_000)
    v = view(phone)
    assert v["tracks"] and all(s == "ended" for s in v["tracks"]), v
    assert not v["panel"] and not v["video"]


def test_a_pied_piper_character_card_shown_while_it_may_be_taken_is_taken(
    tmp_path: Path, app_browser
) -> None:
    data = tmp_path / "data"
    saved_rattus_turn(data, characters="controle-des-rats")  # the Pied Piper's characters, Nonne among them
    cam = camera.still(tmp_path / "camera.mjpeg", camera.photo(["RPP:05"], seed=5))
    app, browser = app_browser(data=data, browser_args=camera.chromium_args(cam))
    phone = Driver(browser.new_page(viewport=PHONE))
    phone.open(app.url)
    phone.click("start-resume")
    phone.click("saved-0")
    phone.click("seat-p1")
    log0 = phone.text("log")
    open_camera(phone)
    said = wait_said(phone, "Nonne")
    assert "✓" in said, said
    phone.wait_text("log", "Nonne")
    assert phone.text("log") != log0 and "Nonne" not in log0
    assert any(m["t"] == "Nonne" and m["k"] == "done" for m in view(phone)["marks"]), view(phone)["marks"]
    shot(phone, "app-viewfinder-pied-piper.png")


def test_a_foreign_or_damaged_code_is_named_and_nothing_is_played(tmp_path: Path, app_browser) -> None:
    data = tmp_path / "data"
    saved_rattus_turn(data)
    frame = camera.with_text(camera.table_only(seed=3), "https://example.org/boite", where=(80, 120))
    frame = camera.with_text(frame, "PT1:RAT:07:Z", where=(80, 700))  # a scuffed sticker: its check is wrong
    cam = camera.still(tmp_path / "camera.mjpeg", frame)
    app, browser = app_browser(data=data, browser_args=camera.chromium_args(cam))
    phone = Driver(browser.new_page(viewport=PHONE))
    phone.open(app.url)
    phone.click("start-resume")
    phone.click("saved-0")
    phone.click("seat-p1")
    log0 = phone.text("log")
    open_camera(phone)
    said = wait_said(phone, "example.org")
    assert "Pas un code tablekeeper : https://example.org/boite" in said and "Code abîmé" in said
    lines = phone.page.evaluate(
        "() => document.getElementById('tk-view-say').getBoundingClientRect().height / 19"
    )
    assert 1.5 < lines < 2.1, lines  # a long line goes on under the video, in two lines at most
    tags = {m["t"]: m["k"] for m in view(phone)["marks"]}
    assert tags == {"code étranger": "bad", "code abîmé": "bad"}, tags
    shot(phone, "app-viewfinder-foreign.png")
    phone.page.wait_for_timeout(1500)
    assert phone.text("log") == log0  # nothing played
    # the panel's own close button: the camera stops at once, and the screen is told (its button is back)
    phone.page.click("#tk-view-close")
    v = view(phone)
    assert not v["open"] and all(s == "ended" for s in v["tracks"]), v
    phone.wait("scan-camera")


def saved_ravage(data: Path) -> str:
    """A saved 4-player Rattus table with real tokens whose every face the box profile knows, at p2's ravage
    of a region holding 2 rats."""
    from engine.core.store import Store
    from tests.app.test_app_shown import rattus_ravage

    table, region, options = rattus_ravage(faces=True)
    Store.create(
        data / "rattus-ravage.sqlite", "rattus", options, extra={"name": "Ravage"}, entries=table.entries
    ).close()
    return region


def test_a_regions_tokens_shown_at_once_are_turned_over_together(tmp_path: Path, app_browser) -> None:
    data = tmp_path / "data"
    region = saved_ravage(data)
    cam = camera.still(
        tmp_path / "camera.mjpeg", camera.photo(["RAT:20", "RAT:31"], camera.Look(code_px=120))
    )
    app, browser = app_browser(data=data, browser_args=camera.chromium_args(cam))
    tablet = Driver(browser.new_page(viewport=TABLET))
    tablet.open(app.url)
    tablet.click("start-resume")
    tablet.click("saved-0")
    tablet.click("seat-table")
    tablet.wait_text("face-prompt", region)
    open_camera(tablet, "face-scan")  # the face prompt's own camera button: the screen's viewfinder
    said = wait_said(tablet, "retourné")
    assert "RAT:20" in said and "RAT:31" in said and region in said
    log = tablet.wait_text("log", "jeton 31")
    assert "jeton 20" in log
    shot(tablet, "app-viewfinder-ravage.png")


def test_a_sticker_whose_face_is_unknown_opens_the_face_prompt_with_it(tmp_path: Path, app_browser) -> None:
    from tests.app.test_app_rattus_faces import saved_ravage as first_evening
    from tests.app.test_app_rattus_faces import tap_face

    data = tmp_path / "data"
    region = first_evening(data)  # the default board: no face known yet
    cam = camera.still(tmp_path / "camera.mjpeg", camera.photo(["RAT:13"], seed=4))
    app, browser = app_browser(data=data, browser_args=camera.chromium_args(cam))
    tablet = Driver(browser.new_page(viewport=TABLET))
    tablet.open(app.url)
    tablet.click("start-resume")
    tablet.click("saved-0")
    tablet.click("seat-table")
    tablet.wait_text("face-prompt", region)
    open_camera(tablet, "face-scan")
    assert "RAT:13" in wait_said(tablet, "face n'est pas connue")
    # the prompt's sticker field now holds RAT:13 (Flutter's accessibility tree does not carry a field's text:
    # the token named in the log once the face is typed says it)
    shot(tablet, "app-viewfinder-face-prompt.png")
    tap_face(tablet, ["face-t-2", "face-s-clerge"], "2 clerge")  # its face: 2 taps, then turn it over
    tablet.click("face-send")
    log = tablet.wait_text("log", "jeton 13")
    assert region in log


def saved_cartus_reveal(data: Path) -> None:
    from engine.core.store import Store
    from tests.app.test_app_shown import cartus_reveal

    t = cartus_reveal()
    Store.create(
        data / "cartus.sqlite", "cartus", {"players": 2}, extra={"name": "Cartus"}, entries=t.entries
    ).close()


def test_cartus_cards_shown_at_a_reveal_count_toward_it(tmp_path: Path, app_browser) -> None:
    data = tmp_path / "data"
    saved_cartus_reveal(data)
    shown = [
        "RCC:P:PAY01",
        "RCC:P:CLE03",
        "RCC:J:01",
    ]  # a Ferme (Paysannerie): 1 of the class, 1 other, 1 joker
    cam = camera.still(tmp_path / "camera.mjpeg", camera.photo(shown, camera.Look(code_px=120), seed=2))
    app, browser = app_browser(data=data, browser_args=camera.chromium_args(cam))
    phone = Driver(browser.new_page(viewport=PHONE))
    phone.open(app.url)
    phone.click("start-resume")
    phone.click("saved-0")
    phone.click("seat-p1")
    log0 = phone.text("log")
    open_camera(phone)
    question = phone.wait_text("camera-question", "?")
    assert "1 de la classe" in question and "1 autre" in question and "1 joker" in question
    saved = events_saved(data / "cartus.sqlite")
    phone.page.wait_for_timeout(1500)
    assert events_saved(data / "cartus.sqlite") == saved  # what was face down is played once confirmed
    in_sight(phone, "camera-question", "camera-confirm", "camera-cancel")
    shot(phone, "app-viewfinder-cartus-reveal.png")
    phone.click("camera-confirm")  # the one tap
    phone.wait_change("log", log0)
    assert "1 de la classe" in phone.text("log")


def saved_pandemie(data: Path) -> None:
    from engine.core.store import Store
    from engine.games import pandemie as P

    options = {"provinces": ["G"], "players": [2]}
    t = Table.new(P.GAME, options, SeededRng(3))
    Store.create(
        data / "pandemie.sqlite", "pandemie", options, extra={"name": "Gallia"}, entries=t.entries
    ).close()


def test_a_board_citys_code_selects_it_as_a_tap_on_the_map_does(tmp_path: Path, app_browser) -> None:
    from engine import catalogue

    data = tmp_path / "data"
    saved_pandemie(data)
    city = catalogue.get("PB:G09").name
    cam = camera.still(tmp_path / "camera.mjpeg", camera.photo(["PB:G09"], camera.Look(code_px=130), seed=6))
    app, browser = app_browser(data=data, browser_args=camera.chromium_args(cam))
    phone = Driver(browser.new_page(viewport=PHONE))
    phone.open(app.url)
    phone.click("start-resume")
    phone.click("saved-0")
    phone.click("seat-p1")
    log0 = phone.text("log")
    open_camera(phone)
    first = phone.text("place-choice-0", timeout=20_000)  # the same dialog as a tap on the city
    assert city in wait_said(phone, city)
    in_sight(phone, "place-choice-0", "place-cancel")
    shot(phone, "app-viewfinder-board-city.png")
    phone.click("place-choice-0")  # one tap: its most likely meaning (a move there) first
    phone.wait_change("log", log0)
    assert city in phone.text("log") or first


def test_several_board_cities_seen_at_once_are_listed_and_the_one_tapped_opens(
    tmp_path: Path, app_browser
) -> None:
    from engine import catalogue

    data = tmp_path / "data"
    saved_pandemie(data)
    second = catalogue.get("PB:G10").name
    frame = camera.photo(["PB:G09", "PB:G10"], camera.Look(code_px=130), seed=6)
    cam = camera.still(tmp_path / "camera.mjpeg", frame)
    app, browser = app_browser(data=data, browser_args=camera.chromium_args(cam))
    phone = Driver(browser.new_page(viewport=PHONE))
    phone.open(app.url)
    phone.click("start-resume")
    phone.click("saved-0")
    phone.click("seat-p1")
    log0 = phone.text("log")
    open_camera(phone)
    assert "2 villes vues" in phone.wait_text("camera-places", "2 villes vues", timeout=20_000)
    assert second in phone.text("camera-place-1") and second not in phone.text("camera-place-0")
    in_sight(phone, "camera-place-0", "camera-place-1", "camera-places-cancel")
    shot(phone, "app-viewfinder-board-cities.png")
    phone.click("camera-place-1")  # one tap: that city's choices, as a tap on it on the map
    phone.wait("place-choice-0", timeout=20_000)
    assert f"{second} : que faire ?" in phone.all_text()
    phone.click("place-choice-0")
    phone.wait_change("log", log0)
    assert second in phone.text("log")


def test_a_hand_shown_at_the_end_of_cartus_counts_it(tmp_path: Path, app_browser) -> None:
    from engine.core.store import Store
    from tests.app.test_app_shown import cartus_final

    data = tmp_path / "data"
    t = cartus_final(0)  # p1 holds 3 cards
    Store.create(
        data / "cartus.sqlite", "cartus", {"players": 2}, extra={"name": "Fin"}, entries=t.entries
    ).close()
    hand = ["RCC:P:PAY01", "RCC:J:02", "RCC:S:EPE03"]
    cam = camera.still(tmp_path / "camera.mjpeg", camera.photo(hand, camera.Look(code_px=120), seed=3))
    app, browser = app_browser(data=data, browser_args=camera.chromium_args(cam))
    phone = Driver(browser.new_page(viewport=PHONE))
    phone.open(app.url)
    phone.click("start-resume")
    phone.click("saved-0")
    phone.click("seat-p1")
    log0 = phone.text("log")
    open_camera(phone)
    question = phone.wait_text("camera-question", "?", timeout=20_000)
    assert "Main de Joueur 1" in question and "2 pop./joker" in question and "1 épée" in question
    saved = events_saved(data / "cartus.sqlite")
    phone.page.wait_for_timeout(1500)
    assert events_saved(data / "cartus.sqlite") == saved  # a hand is hidden: declared once confirmed
    in_sight(phone, "camera-confirm", "camera-cancel")
    shot(phone, "app-viewfinder-cartus-hand.png")
    phone.click("camera-confirm")  # the one tap
    phone.wait_change("log", log0)
    assert "1 épée" in phone.text("log")
