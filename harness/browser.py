"""Debian's headless Chromium through Playwright (no ``playwright install``), and a driver for the app's
pages in it.

A Flet page is drawn on a canvas: its controls are found through the accessibility tree Flutter builds
when asked (each control the app names with ``ident`` has a ``flt-semantics-identifier``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from harness import ARTIFACTS

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def launch(playwright: Any, *args: str) -> Any:
    """Headless Chromium started by ``playwright`` (a ``sync_playwright()``), with :data:`ARGS` and
    ``args``."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=[*ARGS, *args])


class Tap:
    """A control tapped (a choice) rather than typed into, in :meth:`Driver.new_table`'s ``fields``."""

    def __repr__(self) -> str:
        return "TAP"


TAP: Final = Tap()


def pages_report(browser: Any, name: str) -> str:
    """A screenshot of every open page in ``artifacts/<name>-failure-<i>.png`` and the end of each page's
    text: what a failed test saw."""
    out = []
    for i, page in enumerate(pg for ctx in browser.contexts for pg in ctx.pages):
        try:
            d = Driver(page)
            d.shot(f"{name}-failure-{i}.png")
            out.append(f"page {i}: {d.all_text()[-1500:]}")
        except Exception as exc:  # noqa: BLE001 - a page that cannot be read: say so, go on
            out.append(f"page {i}: not readable ({exc})")
    return "\n".join(out)


class Driver:
    """One browser page on the app, addressing controls by their semantics identifiers."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.accessible()

    def accessible(self) -> None:
        """Turn on the page's accessibility tree (Flutter builds it only when asked; after a reload too)."""
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        self.page.eval_on_selector("flt-semantics-placeholder", "e => e.click()")

    def sel(self, ident: str) -> str:
        return f'[flt-semantics-identifier="{ident}"]'

    def wait(self, ident: str, timeout: float = 30_000) -> Any:
        return self.page.wait_for_selector(self.sel(ident), timeout=timeout)

    def steady(self, ident: str, timeout: float = 30_000) -> Any:
        """The control, scrolled into view and no longer moving. Playwright scrolls the control's semantics
        node; Flutter scrolls its canvas a frame or more later: a click at the node's first place could land
        on whatever was drawn there before (another button). A node a re-render replaced meanwhile is found
        again."""
        loc = self.page.locator(self.sel(ident)).first
        for _attempt in range(3):
            self.wait(ident, timeout)
            try:
                loc.scroll_into_view_if_needed(timeout=timeout)
            except Exception:  # noqa: BLE001 - replaced by a re-render between the wait and the scroll
                continue
            last = None
            for _frame in range(40):
                box = loc.bounding_box()
                if box is not None and box == last:
                    break
                last = box
                self.page.wait_for_timeout(60)
            return loc
        return loc

    def click(self, ident: str, timeout: float = 30_000) -> None:
        self.steady(ident, timeout).click(timeout=timeout)

    def click_to(self, ident: str, shows: str, attempts: int = 3, timeout: float = 30_000) -> None:
        """Click ``ident`` until ``shows`` appears: on a loaded machine Flutter may take a click that comes
        in just after the first frame for nothing (it then changes no screen), so it is clicked again."""
        self.click(ident, timeout)
        for _attempt in range(attempts - 1):
            try:
                self.page.wait_for_selector(self.sel(shows), timeout=timeout / attempts)
                return
            except Exception:  # noqa: BLE001 - a timeout or a page gone: handled below
                if self.page.locator(self.sel(ident)).count():  # still on the same screen: click again
                    try:
                        self.click(ident, timeout / attempts)
                    except Exception:  # noqa: BLE001 - the screen changed as it was clicked: looked at below
                        pass
        self.page.wait_for_selector(self.sel(shows), timeout=timeout)

    # '' when the page's focus is in the control (Flutter's text editing takes the keys), else what has it
    _FOCUS_JS = (
        "(sel) => { const n = document.querySelector(sel); const a = document.activeElement; "
        "if (n && a && (n === a || n.contains(a))) return ''; "
        "return a ? (a.tagName + ' ' + (a.getAttribute('aria-label') || a.innerText || '')).slice(0, 120) "
        ": 'nothing'; }"
    )

    def fill(self, ident: str, text: str) -> None:
        """Type ``text`` into the text field ``ident`` with real key events, once it has the page's focus.
        The field's input is focused as a screen reader does (the DOM's focus, no click): Flutter scrolls its
        canvas a frame after the field's semantics node, and a click at the node's place before could land on
        another control (a button opening a dialog over the field). A field without an input yet is
        clicked."""
        elsewhere = ""
        for _attempt in range(4):
            box = self.steady(ident)
            inp = box.locator("input, textarea")
            if inp.count():
                inp.first.focus()
            else:
                box.click()
            self.page.wait_for_timeout(100)
            elsewhere = str(self.page.evaluate(self._FOCUS_JS, self.sel(ident)))
            if elsewhere:  # the focus went to something else: again, once the page is still
                self.page.wait_for_timeout(300)
                continue
            self.page.keyboard.press("Control+A")
            self.page.keyboard.press("Delete")
            self.page.keyboard.type(text)  # real key events: Flutter's text editing sees every one
            self.page.wait_for_timeout(150)
            inp = box.locator("input, textarea")
            if inp.count() and inp.first.input_value().lower() == text.lower():  # some fields capitalise
                return
            elsewhere = (
                f"the field holds {inp.first.input_value()!r}" if inp.count() else "no input in the field"
            )
        raise AssertionError(f"could not type {text!r} into {ident!r}: {elsewhere}")

    # one evaluation finds the control and reads it: a screen re-rendered between a wait and a read (a page
    # reconnecting to a restarted app) cannot make the read fail
    _READ_JS = (
        "const e = document.querySelector(sel); if (!e) return false; "
        "const t = (e.getAttribute('aria-label') || '') + '\\n' + e.innerText; "
    )

    def _until(self, test: str, arg: list[str], timeout: float) -> str:
        """The control's text once ``test`` (JS on ``t``, ``arg`` as ``a``) holds for it."""
        js = f"([sel, a]) => {{ {self._READ_JS} return ({test}) ? t : false; }}"
        return str(self.page.wait_for_function(js, arg=arg, timeout=timeout).json_value())

    def text(self, ident: str, timeout: float = 30_000) -> str:
        """What a screen reader gets from the control: its merged label and its children's texts."""
        return self._until("true", [self.sel(ident), ""], timeout)

    def wait_change(self, ident: str, before: str, timeout: float = 30_000) -> str:
        """Wait until the control's text is not ``before``; its text read again then (a change can come in
        two steps: the caller that needs a given text waits for it with :meth:`wait_text`)."""
        self._until("t !== a", [self.sel(ident), before], timeout)
        return self.text(ident, timeout)

    def all_text(self) -> str:
        return self.page.evaluate("document.querySelector('flt-semantics-host')?.innerText || ''")

    def wait_text(self, ident: str, needle: str, timeout: float = 30_000) -> str:
        """Wait until the control's text contains ``needle`` (case-insensitive); that text."""
        return self._until("t.toLowerCase().includes(a)", [self.sel(ident), needle.lower()], timeout)

    def new_table(
        self,
        game: str,
        fields: Mapping[str, str | Tap] | None = None,
        *,
        shot: str | None = None,
        create: bool = True,
        hosted: bool = True,
        timeout: float = 60_000,
    ) -> None:
        """Start screen → *Nouvelle table* → ``game``; each of ``fields`` in turn (identifier → text typed,
        or :data:`TAP` for a control tapped: a choice re-renders the form, so the next field waits for it);
        a screenshot ``shot`` of the filled form; then *Créer* (unless not ``create``: the form is left
        open), until the hosted screen shows its join code (unless not ``hosted``: a table refused)."""
        self.click("start-new")
        self.click(f"game-{game}")
        for ident, value in (fields or {}).items():
            if isinstance(value, Tap):
                self.click(ident)
                self.page.wait_for_timeout(500)
            else:
                self.fill(ident, value)
        if shot:
            self.shot(shot)
        if not create:
            return
        self.click("create")
        if hosted:
            self.wait("join-code", timeout=timeout)

    def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        p = ARTIFACTS / name
        self.page.screenshot(path=str(p), full_page=True)
        return p


def play_first_choice(d: Driver) -> None:
    """Tap the first choice of a tablet playing in turn, after "C'est moi" when the pass-and-play gate is up
    (it comes up when the turn passes: maybe just after we looked)."""
    either = f"{d.sel('choice-0')}, {d.sel('its-me')}"
    last: list[str] = []
    for _attempt in range(10):
        d.page.wait_for_selector(either, timeout=60_000)
        if d.page.locator(d.sel("its-me")).count():
            d.page.click(d.sel("its-me"))
            try:
                d.page.wait_for_selector(d.sel("choice-0"), timeout=5_000)
            except Exception:  # noqa: BLE001 - the tap came during a redraw: look again
                pass
            continue
        try:
            d.page.click(d.sel("choice-0"), timeout=10_000)
            return
        except Exception as exc:  # noqa: BLE001 - the screen changed under the tap (the gate came up): look again
            last = str(exc).splitlines()[:12]
            continue
    d.shot("could-not-tap-the-first-choice.png")
    raise AssertionError(f"could not tap the first choice (see could-not-tap-the-first-choice.png): {last}")


def play_and_see_the_log(d: Driver) -> None:
    """The first choice played, seen in the log; a tap that a layout shift swallowed (an announcement banner
    coming in above the choices) is made again."""
    before = d.text("log")
    for _attempt in range(3):
        play_first_choice(d)
        try:
            d.wait_change("log", before, timeout=20_000)
            return
        except Exception:  # noqa: BLE001 - nothing happened: tap again
            continue
    d.wait_change("log", before, timeout=20_000)
