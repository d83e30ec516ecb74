"""Tent mode in a real browser: the dark theme (system, toggle kept on the device), announcements in a
banner that stays until seen, pass-and-play privacy on a shared tablet, errors that hide no control and
never clear what was typed."""

from __future__ import annotations

import json
import re
import time

import pytest

from harness.browser import Driver

pytestmark = [pytest.mark.browser, pytest.mark.timeout(400)]


def _brightness(d: Driver) -> float:
    """Mean brightness (0-255) of the bottom of the page, where only the page's background is."""
    import cv2
    import numpy as np

    png = d.page.screenshot()
    img = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_GRAYSCALE)
    return float(img[-60:, :].mean())


def _text_contrast(d: Driver, ident: str) -> float:
    """How far the text of a control stands out from its background: the grey of its inkiest pixels (the
    2% furthest from the control's median grey) minus that median, in absolute value (0-255)."""
    import cv2
    import numpy as np

    png = d.page.locator(d.sel(ident)).first.screenshot()
    img = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_GRAYSCALE).astype(np.float32)
    med = float(np.median(img))
    far = np.abs(img - med)
    return float(np.percentile(far, 98))


@pytest.fixture
def app(app_browser):
    app, browser = app_browser()
    return browser, app.url


def test_dark_theme_follows_the_system_and_the_toggle_is_kept(app):
    browser, url = app
    dark_ctx = browser.new_context(color_scheme="dark", viewport={"width": 800, "height": 700})
    d = Driver(dark_ctx.new_page())
    d.open(url)
    d.wait("start-new")
    d.page.wait_for_timeout(500)
    assert _brightness(d) < 80, "a device in dark mode gets the dark theme"
    d.shot("app-tent-dark-system.png")
    # its words stand out: a body text style without a colour once turned every plain text black on the
    # dark theme's near-black (a city's name, a counter, a log line)
    _new_pandemie(d)
    d.page.wait_for_timeout(500)
    assert _text_contrast(d, "join-code") > 100, "the join code is readable on the dark theme"
    d.page.goto(url)  # back to the start screen for the light page's part below

    light_ctx = browser.new_context(color_scheme="light", viewport={"width": 800, "height": 700})
    t = Driver(light_ctx.new_page())
    t.open(url)
    t.wait("start-new")
    t.page.wait_for_timeout(500)
    assert _brightness(t) > 180, "a device in light mode gets the light theme"
    t.click("theme")
    t.page.wait_for_function("() => true")
    for _ in range(50):
        if _brightness(t) < 80:
            break
        t.page.wait_for_timeout(200)
    assert _brightness(t) < 80, "the toggle turns the tent dark"
    t.shot("app-tent-dark-toggle.png")
    t.page.reload()  # the choice is kept on this device
    t.accessible()
    t.wait("start-new")
    t.page.wait_for_timeout(500)
    assert _brightness(t) < 80, "the dark choice survives a reload"


def _new_pandemie(d: Driver) -> str:
    d.new_table("pandemie", {"table-name": "Tente", "opt-players": "2"})
    code = re.search(r"tk://\S+", d.text("join-code"))
    assert code
    return code.group(0)


def test_pass_and_play_hides_the_acting_players_part_until_they_tap_and_again_when_the_turn_passes(app):
    browser, url = app
    tablet = Driver(browser.new_page(viewport={"width": 1280, "height": 1000}))
    tablet.open(url)
    _new_pandemie(tablet)
    tablet.click("seat-table")
    tablet.wait("board")
    tablet.click_to("follow", "follow-now")
    first = tablet.text("follow-now")
    hidden = tablet.text("private-hidden")
    assert re.search(r"Passez la tablette à Joueur \d", hidden), hidden
    assert not tablet.page.locator(tablet.sel("choice-0")).count(), "no private choice before the tap"
    tablet.shot("app-tent-hotseat-hidden.png")
    tablet.click_to("its-me", "choice-0")
    tablet.wait("hide-private")
    tablet.shot("app-tent-hotseat-shown.png")
    # play until the turn passes: the next player's part is hidden again, and the tablet announces it
    for _ in range(12):
        tablet.page.wait_for_selector(
            f"{tablet.sel('choice-0')}, {tablet.sel('private-hidden')}", timeout=30_000
        )
        if tablet.page.locator(tablet.sel("private-hidden")).count():
            break
        seq = tablet.text("log")
        tablet.click("choice-0")
        try:
            tablet.wait_change("log", seq, timeout=20_000)
        except Exception:  # noqa: BLE001 - a tap the loaded machine swallowed: the loop taps again
            pass
    tablet.wait("private-hidden")
    assert tablet.text("follow-now") != first, "the turn passed to another player"
    banner = tablet.wait_text("announce", "de jouer")  # with a Rupture or a surge above it, maybe
    assert re.search(r"À Joueur \d.* de jouer", banner), banner
    tablet.shot("app-tent-hotseat-next.png")
    tablet.click("announce-seen")
    tablet.page.wait_for_selector(tablet.sel("announce"), state="detached", timeout=15_000)


def test_your_turn_banner_on_a_phone_and_an_error_that_hides_no_control(app):
    browser, url = app
    host = Driver(browser.new_page(viewport={"width": 1280, "height": 900}))
    host.open(url)
    _new_pandemie(host)

    phone_ctx = browser.new_context(
        viewport={"width": 390, "height": 844}
    )  # the phone's browser (its storage)
    phone = Driver(phone_ctx.new_page())
    phone.open(url)
    phone.click("open-0")
    phone.click("seat-p2")
    phone.wait("board", timeout=60_000)
    # an error (the code field is empty) shows on top and covers neither the field nor its button
    phone.page.locator(phone.sel("scan-enter")).scroll_into_view_if_needed()
    phone.click("scan-enter")
    phone.wait("errors", timeout=30_000)
    phone.page.wait_for_timeout(500)
    phone.shot("app-tent-error-phone.png")
    errbox = phone.page.locator(phone.sel("errors")).bounding_box()
    for target in ("scan-enter", "scan-field"):
        box = phone.page.locator(phone.sel(target)).bounding_box()
        assert errbox and box
        assert errbox["y"] + errbox["height"] <= box["y"] or errbox["y"] >= box["y"] + box["height"], target
    phone.click("announce-seen")

    # the host plays p1 on its own seat, the phone p2, until p2's turn begins: the phone says it
    host.click("home")
    host.click("open-0")
    host.click("seat-p1")
    host.wait("board")
    seen: list[str] = []
    deadline = (
        time.monotonic() + 180
    )  # a loaded machine brings the phone its updates late: by time, not tries
    while time.monotonic() < deadline:
        if phone.page.locator(phone.sel("announce")).count():
            said = phone.text("announce")
            if "vous de jouer" in said:
                break
            seen.append(said)  # a surge, a Rupture: seen, then on with the game
            phone.click("announce-seen")
        player = next((d for d in (host, phone) if d.page.locator(d.sel("choice-0")).count()), None)
        if player is None:
            host.page.wait_for_timeout(500)
            continue
        before = player.text("log")
        player.click("choice-0")
        try:
            player.wait_change("log", before, timeout=20_000)
        except Exception:  # noqa: BLE001 - a swallowed tap: tap again
            pass
    text = phone.wait_text("announce", "vous de jouer")
    print("other announcements on the way:", seen)
    assert "À vous de jouer" in text, text
    # the sound came with it, played by the page's own script (companion.cue), not by a Flutter player
    # (after an alarm's sound when a Rupture came with the turn: then the alarm's vibration)
    try:
        phone.page.wait_for_function(
            "() => (window.__tkCue?.played || []).some(c => c.sound === 'turn' && c.ok !== null)",
            timeout=15_000,
        )
    finally:
        played = phone.page.evaluate("() => (window.__tkCue || {}).played")
        print("cues played:", played)
    turn = [c for c in played if c["sound"] == "turn"]
    assert turn and turn[-1]["ok"] is True and turn[-1]["vibration"] in ("medium", "heavy"), played
    assert turn[-1]["vibration"] == "medium" or played[-2]["sound"] == "alarm", played
    # reloaded, the page shows the banner still unseen, and does not play its sound again
    phone.page.reload()
    phone.accessible()
    phone.wait_text("announce", "vous de jouer", timeout=60_000)
    phone.page.wait_for_timeout(2000)
    assert phone.page.evaluate("() => window.__tkCue.played") == [], "a cue played again after a reload"
    # a new page of the phone (what a host restart brings, or a reload the browser made a new session of):
    # back at its seat by itself, the news it had not seen shown again, its sound not played again
    again = Driver(phone_ctx.new_page())
    again.open(url)
    # the phone's storage holds the phone's seat: never the host's (a host page acting used to leave Flet's
    # context on the phone's page, and the host's record, its PIN with it, was written into the phone's)
    record = again.page.evaluate("() => localStorage.getItem('flutter.tablekeeper.seat')")
    assert record and json.loads(json.loads(record))["seat"] == "p2", record  # (Flutter stores a JSON string)
    again.wait_text("announce", "vous de jouer", timeout=60_000)
    again.wait("board")
    again.page.wait_for_timeout(1000)
    assert again.page.evaluate("() => window.__tkCue.played") == [], "a cue played again on a new page"
    again.page.close()
    phone.shot("app-tent-your-turn-phone.png")
    light = _text_contrast(phone, "announce")
    # switched to dark with the banner up: its text stays readable (it was pale on the old pale band)
    phone.click("theme")
    phone.page.wait_for_timeout(1500)
    phone.shot("app-tent-your-turn-phone-dark.png")
    dark = _text_contrast(phone, "announce")
    assert dark > 60 and dark > 0.5 * light, (light, dark)
    phone.click("announce-seen")
    phone.page.wait_for_selector(phone.sel("announce"), state="detached", timeout=15_000)


def test_on_a_shared_tablet_each_player_starts_the_support_picker_from_its_defaults(app):
    """Rattus Cartus in pass-and-play: Anaïs sets "draw 2, discard 1 rat" and supports; Bérénice's picker
    then starts from nothing set (it kept Anaïs's settings, and her support discarded a rat she never
    chose)."""
    browser, url = app
    tablet = Driver(browser.new_page(viewport={"width": 1280, "height": 1000}))
    tablet.open(url)
    tablet.new_table("cartus", {"opt-players": "3"})
    tablet.click("seat-table")
    tablet.wait("board")
    tablet.click_to("follow", "follow-now")
    first = tablet.text("follow-now")
    tablet.click_to("its-me", "support-picker")

    def label(ident: str) -> str:
        tablet.wait(ident)
        return tablet.page.get_attribute(tablet.sel(ident), "aria-label") or tablet.text(ident)

    assert "(choisi)" in label("support-draw-0") and "(choisi)" in label("support-rats-0")
    log_before = tablet.text("log")
    tablet.click("support-draw-2")
    tablet.page.wait_for_function(
        "([sel]) => (document.querySelector(sel)?.getAttribute('aria-label') || '').includes('(choisi)')",
        arg=[tablet.sel("support-draw-2")],
        timeout=15_000,
    )
    tablet.click("support-rats-1")
    tablet.page.wait_for_function(
        "([sel]) => (document.querySelector(sel)?.getAttribute('aria-label') || '').includes('(choisi)')",
        arg=[tablet.sel("support-rats-1")],
        timeout=15_000,
    )
    tablet.click("support-building-0")
    tablet.wait_change("log", log_before)
    tablet.wait("private-hidden", timeout=30_000)  # the next player's part, behind their own tap
    assert tablet.text("follow-now") != first
    tablet.click_to("its-me", "support-picker")
    assert "(choisi)" in label("support-draw-0"), label("support-draw-0")
    assert "(choisi)" in label("support-rats-0"), label("support-rats-0")
    assert "(choisi)" not in label("support-rats-1")
    tablet.shot("app-tent-hotseat-picker-reset.png")
