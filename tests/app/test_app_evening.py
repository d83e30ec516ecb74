"""A campfire evening in real Chromium, served as to the LAN (HTTPS, opened by this machine's LAN address):
the host killed and started again finds every page back where it was, by itself; tablets lend seats to the
phones that arrive."""

from __future__ import annotations

import pytest

from harness.evening import seat_an_evening

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

pytest.importorskip("engine.games.pandemie")


def test_after_a_host_crash_every_page_is_back_on_its_seat_with_no_tap_and_no_pin(app_browser):
    """4 province tablets playing in turn and 6 phones; the app SIGKILLed, down 20 s, started again (same
    data, same port): while it is away each page says so in its own language; then every page is back —
    the leader's on its table's screen, each tablet on its province playing in turn, each phone on its
    player's seat — with nothing tapped and no PIN typed. (How long that takes: ``benchmarks.campfire``.)"""
    app, browser = app_browser(lan=True)
    ev = seat_an_evening(app, browser, phones=["p1", "p2", "p4", "p5", "p7", "p8"])
    english = next(s for s in ev.pages if s.name == "phone-p8").driver
    english.click("lang")  # this phone reads English
    english.wait_text("header", "You are:")
    english.page.wait_for_timeout(1000)  # (its choice written to the browser's storage)
    for s in ev.pages:
        if s.name == "phone-p8":
            s.shows = s.shows.replace("Vous êtes :", "You are:")
    before = {s.name: s.driver.text("header") for s in ev.pages if s.kind == "tablet"}
    back = ev.crash_and_return(down_s=20)
    print(f"\nback after the host answered again: {back.back_s}; the last in {back.last_s:.1f} s")
    print(f"what their link watch did: {back.events}")
    for s in ev.pages:
        s.driver.shot(f"evening-back-{s.name}.png")
    assert not back.missing, f"not back on their seats: {back.missing}; their link: {back.events}"
    assert len(back.said) == len(ev.pages), f"pages that said nothing while the host was away: {back.said}"
    for name, said in back.said.items():
        want = "The host is not answering" if name == "phone-p8" else "L'hôte ne répond plus"
        assert want in said, (name, said)
    for s in ev.pages:
        if s.kind == "tablet":  # the same province, still playing in turn
            assert s.shows in s.driver.text("header"), (s.name, before[s.name])
        text = s.driver.all_text()
        assert "PIN" not in text or s.kind == "leader", f"{s.name} asks for the PIN"


def test_a_phone_takes_the_seat_its_tablet_played_and_a_seat_gone_in_its_turn_is_flagged(
    app_browser, monkeypatch
):
    """A province tablet plays the turn of the player in turn; that player arrives with a phone and takes the
    seat at once (the tablet says they play on their own device); the phone goes (a flat battery) in their
    turn: the tablet and the leader's screen flag the seat, and one tap on the tablet plays it there again."""
    from harness.browser import play_and_see_the_log
    from harness.evening import Evening

    monkeypatch.setenv("TABLEKEEPER_AWAY_AFTER", "3")  # a minute at the table; 3 s here
    app, browser = app_browser(lan=True)
    ev = Evening(app, browser)
    names = ["Ana", "Bea", "Cid", "Dan"]
    leader = ev.seat_leader(2, 2, ", ".join(names))
    tablet = ev.seat_tablet(ev.provinces[0])
    who = next(n for n in names if n in tablet.text("follow-now"))
    seat = f"p{names.index(who) + 1}"
    play_and_see_the_log(tablet)  # the tablet plays one of their actions
    phone = ev.seat_phone(seat)  # their phone takes the seat the tablet played: no refusal
    assert who in phone.text("header")
    said = tablet.wait_text("follow-elsewhere", who, timeout=30_000)
    assert "propre appareil" in said, said
    tablet.shot("evening-lent-seat-tablet.png")
    phone.page.context.close()  # the phone is gone, in its player's turn
    tablet.wait_text(f"away-{seat}", who, timeout=90_000)
    leader.wait(f"away-play-{seat}", timeout=30_000)  # the leader's screen too, live
    tablet.shot("evening-gone-seat-tablet.png")
    tablet.click(f"away-play-{seat}")  # one tap: the tablet plays their turn again
    tablet.wait_text("follow-now", who, timeout=30_000)
    play_and_see_the_log(tablet)
