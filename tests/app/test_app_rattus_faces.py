"""Rattus with the real box on the first evening, in the browser: a ravage with real tokens whose faces nobody
recorded yet. The table tablet and the acting player's phone ask for the face of each token turned over; the
tablet types a sticker and its face, the phone a face alone (3 taps); the box profile on the device learns the
face typed with a sticker. Real app (web mode), real SQLite save, Debian's Chromium through Playwright."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.browser import TAP, Driver


def shot(d: Driver, name: str) -> None:
    d.page.wait_for_timeout(900)  # the canvas paints a little after the semantics tree changes
    d.shot(name)


def tap_face(d: Driver, taps: list[str], face: str) -> None:
    """Tap the limit and the symbols until the prompt shows ``face`` chosen: a tap that comes in while Flutter
    redraws the prompt (a face was just learned, a row appeared) can be lost, so a missing one is tapped
    again."""
    for _attempt in range(3):
        for ident in taps:
            if (
                ident.startswith("face-s-")
                and d.page.locator(d.sel("face-chosen")).count()
                and ident[len("face-s-") :] in d.text("face-chosen").split()
            ):
                continue  # that symbol is already chosen: a second tap would take it back
            d.click(ident)
            d.page.wait_for_timeout(300)
        try:
            d.wait_text("face-chosen", face, timeout=5_000)
            return
        except Exception:  # noqa: BLE001 - a lost tap: try again
            continue
    d.wait_text("face-chosen", face)


pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def saved_ravage(data: Path) -> str:
    """A saved 4-player Rattus table with real tokens and the default board (no face known), played up to p2's
    turn: the plague goes from N1 into N2, where 2 rats and the 8 set-up cubes wait; N2 is to be ravaged."""
    from engine.core import SeededRng
    from engine.core.game import Table
    from engine.core.store import Store
    from engine.games import rattus

    options = {"players": 4, "mode": "physical", "characters": "base"}
    table = Table.new(rattus.GAME, options, SeededRng(7))
    s = table.state
    n1 = s.adj[s.plague][0]
    n2 = next(r for r in s.adj[n1] if r != s.plague)
    while table.state.phase == "setup":
        table.act(rattus.SetupCubes(seat=table.state.active, region=n2))
    table.act(rattus.MovePlague(seat="p1", path=(n1,)))  # N1: 1 rat, no cube; its new rat goes to N2
    table.act(rattus.SpreadRat(seat="p1", region=n2))
    assert table.state.active == "p2" and table.state.rats(n2) == 2
    table.act(rattus.MovePlague(seat="p2", path=(n2,)))  # 2 rats: 2 new rats around N2, then the ravage
    while table.state.phase == "spread":
        table.act(rattus.legal(table.state, "p2")[0])
    assert table.state.phase == "ravage" and table.state.ravage == n2
    Store.create(
        data / "rattus-soir.sqlite", "rattus", options, extra={"name": "Premier soir"}, entries=table.entries
    ).close()
    return n2


def test_a_ravage_with_real_tokens_asks_each_face(tmp_path: Path, app_browser) -> None:
    data = tmp_path / "data"
    region = saved_ravage(data)
    app, browser = app_browser(data=data)
    _play(browser, app.port, region, data)


def _play(browser, port: int, region: str, data: Path) -> None:
    url = f"http://127.0.0.1:{port}/"
    tablet = Driver(browser.new_page(viewport={"width": 1280, "height": 800}))
    tablet.open(url)
    tablet.click("start-resume")
    tablet.click("saved-0")
    tablet.click("seat-table")
    prompt = tablet.wait_text("face-prompt", region)
    assert (
        "waiting" not in tablet.all_text().lower() and "on attend les autres" not in tablet.all_text().lower()
    )
    shot(tablet, "app-rattus-faces-tablet-prompt.png")

    phone = Driver(browser.new_page(viewport={"width": 390, "height": 844}))
    phone.open(url)
    phone.click("open-0")
    phone.click("seat-p2")
    phone.wait_text("face-prompt", region)
    shot(phone, "app-rattus-faces-phone-prompt.png")
    other = Driver(browser.new_page(viewport={"width": 390, "height": 844}))
    other.open(url)
    other.click("open-0")
    other.click("seat-p3")
    assert region in other.wait_text("face-wait", region)  # the others are told who tells the face
    shot(other, "app-rattus-faces-other-phone.png")

    # the tablet: a sticker's text with a wrong check character is said damaged, and nothing is sent
    from engine.core.codes import payload

    log0 = tablet.text("log")
    good = payload("RAT:07")
    tablet.fill("face-token", good[:-1] + ("A" if good[-1] != "A" else "B"))
    tap_face(tablet, ["face-t-2", "face-s-clerge"], "2 clerge")
    tablet.click("face-send")
    said = tablet.wait_text("error", "abîmé").replace("\xa0", " ")  # (a no-break space before a colon)
    assert "Code tablekeeper abîmé ou mal lu : PT1:RAT:07:" in said
    assert "profil" not in tablet.text("error") and tablet.text("log") == log0
    # the sticker typed (as a scan would fill it), then limit 2 and Clergé: 3 taps
    tablet.fill("face-token", "RAT:07")
    tap_face(tablet, ["face-t-2", "face-s-clerge"], "2 clerge")
    shot(tablet, "app-rattus-faces-tablet-typed.png")
    tablet.click("face-send")
    tablet.wait_change("log", log0)
    tablet.wait_text("log", "07")
    assert prompt  # the ravage goes on: 16 cubes, one rat left
    tablet.wait_text("face-prompt", region)
    tablet.wait_text("face-learned", "1/49")  # the box profile on this device learned RAT:07
    shot(tablet, "app-rattus-faces-tablet-learned.png")

    # the acting player's phone: a token without a sticker, limit 1 and A (all): 3 taps
    log1 = phone.text("log")
    tap_face(phone, ["face-t-1", "face-s-A"], "1 A")
    phone.click("face-send")
    phone.wait_change("log", log1)
    phone.page.wait_for_function(
        "() => !document.querySelector('[flt-semantics-identifier=\"face-prompt\"]')", timeout=30_000
    )
    shot(phone, "app-rattus-faces-phone-after.png")
    shot(tablet, "app-rattus-faces-tablet-after.png")

    saved = list((data / "profiles" / "rattus").glob("*.json"))
    assert len(saved) == 1, saved
    prof = json.loads(saved[0].read_text())
    faces = {t["id"]: (t.get("threshold"), t.get("symbols")) for t in prof["tokens"]}
    assert faces["RAT:07"] == (2, ["clerge"])
    assert sum(1 for v in faces.values() if v[0] is not None) == 1


def test_the_hidden_bag_without_a_full_census_is_refused_in_french_with_the_two_ways_out(
    app_browser,
) -> None:
    app, browser = app_browser()
    d = Driver(browser.new_page(viewport={"width": 1280, "height": 800}))
    d.open(app.url)
    d.new_table("rattus", {"opt-mode-digital": TAP}, hosted=False)
    d.page.wait_for_function("() => document.body.innerText.includes('Deux solutions')", timeout=30_000)
    text = d.all_text()
    assert "vrais jetons" in text and "recenser" in text and "needs" not in text
    shot(d, "app-rattus-faces-hidden-bag-refused.png")
