"""A campfire evening in real Chromium pages: the leader's laptop, a tablet per Pandémie province playing in
turn, phones on their players' seats — seated as a troop seats them (the PIN typed once per device) — then
the host killed (SIGKILL) and started again on the same data and port, with nobody touching anything.
Shared by the tests (every page back on its seat) and the benchmarks (how long that takes).

The pages open the app by this machine's LAN address when it has one (:meth:`harness.app.App.lan_url`):
a device on the LAN, not on ``localhost``, is what Flet's web client retries ever more slowly."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

from harness.app import App
from harness.browser import TAP, Driver

# one look at a page: is it live again (its link up: companion.link) and back where it was?
BACK_JS = """([kind, shows]) => {
  const ph = document.querySelector('flt-semantics-placeholder');
  if (ph) ph.click();  // a page that reloaded: its accessibility tree, as a test reads it
  const link = window.__tkLink;
  if (!link || !link.up || link.away) return false;
  const q = (i) => document.querySelector(`[flt-semantics-identifier="${i}"]`);
  const text = (e) => e ? (e.getAttribute('aria-label') || '') + '\\n' + e.innerText : '';
  if (kind === 'leader') return !!q('join-code');
  if (!text(q('header')).includes(shows)) return false;
  if (kind === 'tablet') {
    return !!(q('follow-now') || q('follow-elsewhere') ||
              document.querySelector('[flt-semantics-identifier^="away-"]'));
  }
  return true;
}"""
AWAY_JS = (
    "() => { const l = window.__tkLink; "
    "return l && l.shown ? document.getElementById('tk-link-away').innerText : ''; }"
)


@dataclass
class Seated:
    name: str  # "leader", "tablet-G", "phone-p3"
    kind: str  # leader, tablet, phone
    driver: Driver
    shows: str = ""  # what its header says of it ("Vous êtes : Ana · Gallia")


@dataclass
class Evening:
    app: App
    browser: Any
    pin: str = ""
    provinces: list[str] = field(default_factory=list)
    pages: list[Seated] = field(default_factory=list)

    def page(self, width: int, height: int, url: str = "") -> Driver:
        """A device: its own browser context (its own cookies and storage)."""
        ctx = self.browser.new_context(viewport={"width": width, "height": height}, ignore_https_errors=True)
        d = Driver(ctx.new_page())
        d.open(url or self.app.lan_url())
        return d

    def seat_leader(self, provinces: int, players: int, names: str) -> Driver:
        """The leader's laptop opens the host's secret link and creates the table; its hosted screen stays."""
        key = (self.app.data / "web-host-key").read_text().strip()
        d = self.page(1280, 1000, f"{self.app.lan_url()}?k={key}")
        d.new_table(
            "pandemie",
            {
                "opt-provinces": str(provinces),
                "opt-players": str(players),
                "opt-difficulty-novice": TAP,
                "player-names": names,
            },
        )
        found = re.search(r"PIN : (\d+)", d.all_text())
        assert found, "the hosted screen shows the PIN"
        self.pin = found.group(1)
        self.provinces = [
            i.removeprefix("seat-table-")
            for i in d.page.evaluate(
                "p => [...document.querySelectorAll(`[flt-semantics-identifier^='${p}']`)]"
                ".map(e => e.getAttribute('flt-semantics-identifier'))",
                "seat-table-",
            )
        ]
        self.pages.append(Seated("leader", "leader", d))
        return d

    def _proven(self, width: int, height: int) -> Driver:
        d = self.page(width, height)
        d.fill("here-pin", self.pin)
        d.click("here-open")
        return d

    def seat_tablet(self, province: str) -> Driver:
        """A tablet bound to ``province``, playing its players' turns."""
        d = self._proven(1280, 900)
        d.click_to(f"seat-table-{province}", "follow")
        d.click("follow")
        d.page.wait_for_selector(f"{d.sel('follow-now')}, {d.sel('follow-elsewhere')}", timeout=60_000)
        self.pages.append(Seated(f"tablet-{province}", "tablet", d, _who(d)))
        return d

    def seat_phone(self, seat: str) -> Driver:
        d = self._proven(400, 850)
        d.click(f"seat-{seat}")
        d.wait_text("header", "Vous êtes", timeout=60_000)
        self.pages.append(Seated(f"phone-{seat}", "phone", d, _who(d)))
        return d

    def back(self, s: Seated) -> bool:
        try:
            return bool(s.driver.page.evaluate(BACK_JS, [s.kind, s.shows]))
        except Exception:  # noqa: BLE001 - a page reloading under the look
            return False

    def crash_and_return(self, down_s: float = 20.0, timeout_s: float = 300.0) -> Return:
        """SIGKILL the app, leave it down ``down_s`` (the leader notices and types the command again), start
        it again; then wait, touching nothing, until every page is back where it was."""
        for s in self.pages:
            assert self.back(s), f"{s.name} is not on its place before the crash"
        self.app.kill()
        killed = time.monotonic()
        said: dict[str, str] = {}
        while len(said) < len(self.pages) and time.monotonic() - killed < 30:
            for s in self.pages:
                if s.name not in said:
                    text = s.driver.page.evaluate(AWAY_JS)
                    if text:
                        said[s.name] = text
            time.sleep(0.2)
        time.sleep(max(0.0, down_s - (time.monotonic() - killed)))
        self.app.start_again()
        answered = time.monotonic()
        backs: dict[str, float] = {}
        while len(backs) < len(self.pages) and time.monotonic() - answered < timeout_s:
            for s in self.pages:
                if s.name not in backs and self.back(s):
                    backs[s.name] = time.monotonic() - answered
            time.sleep(0.2)
        events = {}
        for s in self.pages:
            try:
                events[s.name] = s.driver.page.evaluate(
                    "() => (window.__tkLink ? window.__tkLink.events : []).map(e => e.what).join(' ')"
                    " + ' | ' + document.readyState + (document.querySelector('flt-semantics-placeholder,"
                    " flt-semantics') ? ' semantics' : '') + (document.querySelector('flutter-view,"
                    " flt-glass-pane') ? ' flutter' : ' no-flutter') + ' ' + location.href"
                )
            except Exception as exc:  # noqa: BLE001 - a page that cannot be read: say so
                events[s.name] = f"({exc})"
        return Return(
            answered - killed, said, backs, [s.name for s in self.pages if s.name not in backs], events
        )


@dataclass
class Return:
    down_s: float  # from the kill to the app answering again
    said: dict[str, str]  # page → what it said while the host was away
    back_s: dict[str, float]  # page → seconds from the app answering again to the page back on its place
    missing: list[str]  # pages not back within the time allowed
    events: dict[str, str]  # page → what its link watch did since it last loaded (companion.link)

    @property
    def last_s(self) -> float:
        return max(self.back_s.values(), default=float("nan"))


def _who(d: Driver) -> str:
    """What the page's header says it is ("Vous êtes : Tablette de la province Gallia")."""
    found = re.search(r"Vous êtes : (.*?) · événement", d.text("header"))
    assert found, d.text("header")
    return f"Vous êtes : {found.group(1)}"


def seat_an_evening(
    app: App, browser: Any, phones: list[str], provinces: int = 4, players: int = 2
) -> Evening:
    """The leader's table (``provinces`` × ``players``), a tablet per province playing in turn, then the
    phones of ``phones`` arriving (they take their seats from the tablets)."""
    ev = Evening(app, browser)
    names = ", ".join(NAMES[: provinces * players])
    ev.seat_leader(provinces, players, names)
    for code in ev.provinces:
        ev.seat_tablet(code)
    for seat in phones:
        ev.seat_phone(seat)
    return ev


NAMES = [
    "Ana", "Bea", "Cid", "Dan", "Eve", "Fox", "Gus", "Hal", "Ivy", "Jon",
    "Kim", "Lou", "Max", "Noé", "Oli", "Pia", "Quy", "Rex", "Sam", "Tom",
]  # fmt: skip
