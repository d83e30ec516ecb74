"""One language at a time, in a real browser (Chromium), and a Cartus support in at most four taps.

A Rattus Cartus table is created from the app's web UI; the whole accessibility text of the seat screen
is checked for words of the other language (``i18n_langcheck``), in French (the default), then in
English after one tap on the language switch. Then the first player supports a building with the step
picker: a value, another value, the building — the log says so in words.
"""

from __future__ import annotations

import re

import pytest

from harness.browser import Driver
from tests.i18n.i18n_langcheck import ENGLISH, FRENCH, strip_names

pytestmark = [pytest.mark.browser, pytest.mark.slow]

_WORD = re.compile(r"[A-Za-zÀ-ÿ']+")
# words the app's chrome may show in both languages (its name, the PIN, the game's own names)
_BOTH = {
    "tablekeeper",
    "pin",
    "ok",
    "rattus",
    "cartus",
    "joker",
    "jokers",
    "influence",
    "total",
    "phase",
    "rats",
    "cubes",
    "support",
    "action",
    "actions",
    "table",
    "code",
    "photo",
    "webcam",
    "menu",
    "go",
}


A11Y_JS = """() => { const host = document.querySelector('flt-semantics-host'); if (!host) return '';
  const labels = [...host.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label'));
  return host.innerText + '\\n' + labels.join('\\n'); }"""


def a11y_text(d: Driver) -> str:
    """Everything a screen reader can read on the page: texts and every element's label."""
    return str(d.page.evaluate(A11Y_JS))


def foreign_words(text: str, lang: str) -> list[str]:
    words = {w.lower().strip("'") for w in _WORD.findall(strip_names(text))}
    words -= _BOTH
    if lang == "fr":
        return sorted(w for w in words if w in ENGLISH)
    return sorted(w for w in words if w in FRENCH or any(c in w for c in "éèêàçùôîâ"))


def test_a_french_session_then_an_english_one_and_a_cartus_support_in_four_taps(app_browser):
    app, browser = app_browser()
    d = Driver(browser.new_page(viewport={"width": 1280, "height": 900}))
    d.open(app.url)
    d.new_table("cartus")
    # Flutter's own words too: "37 caractères restants", not "characters remaining"
    d.fill("seat-name", "Léa")
    hosted = a11y_text(d)
    assert "caractères restants" in hosted and not foreign_words(hosted.replace("English", ""), "fr"), hosted
    d.click("seat-current")
    d.wait("support-picker", timeout=60_000)
    d.shot("i18n-cartus-fr.png")
    fr_text = a11y_text(d)
    assert "Soutenir un bâtiment" in fr_text and "Cartes à piocher" in fr_text, fr_text
    bad = foreign_words(fr_text.replace("English", ""), "fr")  # the switch names the other language
    assert not bad, (bad, [ln for ln in fr_text.splitlines() if set(bad) & set(ln.lower().split())])
    assert "bâtiment 1" not in fr_text

    d.click("lang")
    d.wait_text("support-picker", "support a building")
    d.shot("i18n-cartus-en.png")
    en_text = a11y_text(d)
    bad = foreign_words(en_text.replace("Français", ""), "en")  # the switch names the other language
    assert not bad, (bad, [ln for ln in en_text.splitlines() if set(bad) & set(ln.lower().split())])
    d.click("lang")
    d.wait_text("support-picker", "soutenir un bâtiment")

    # the support: draw 2 (tap 1), discard 1 rat (tap 2), the first building (tap 3)
    log_before = d.text("log")
    taps = 0
    for ident in ("support-draw-2", "support-rats-1"):
        d.click(ident)
        taps += 1
        d.wait_text("support-building-0", f"piocher {ident[-1]}" if "draw" in ident else "1 rat")
    d.click("support-building-0")
    taps += 1
    d.wait_change("log", log_before)
    after = d.wait_text("log", "soutient")  # the language switch may redraw the log first
    d.shot("i18n-cartus-supported.png")
    assert taps <= 4
    assert "soutient" in after and "2 cartes piochées, 1 rat défaussé" in after


def test_a_pandemie_screen_switches_language_whole_without_a_reload(app_browser):
    """The province part is kept between renders (a memo written into in place): switching to English sent
    the new words of everything but it, and "Vitesse de propagation" stayed until a reload."""
    app, browser = app_browser()
    d = Driver(browser.new_page(viewport={"width": 1280, "height": 900}))
    d.open(app.url)
    d.new_table("pandemie", {"opt-provinces": "2"})
    d.click("seat-p1")
    d.wait_text("province-G", "Vitesse de propagation")
    d.click("lang")
    text = d.wait_text("province-G", "Propagation speed")
    d.shot("i18n-pandemie-en.png")
    bad = foreign_words(text, "en")
    assert not bad and "Vitesse" not in text, (bad, text[:400])
