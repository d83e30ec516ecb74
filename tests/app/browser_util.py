"""Playwright helpers for driving the Flet web app in Debian's headless Chromium (no `playwright install`)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_app(
    data_dir: Path,
    port: int,
    coretoy: bool = True,
    extra: list[str] | None = None,
    log_path: Path | None = None,
) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, str(ROOT / "tests" / "app" / "app_launch.py")]
    if coretoy:
        cmd.append("--with-coretoy")
    cmd += [
        "--",
        "--web",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--data-dir",
        str(data_dir),
        "--no-advertise",
        *(extra or []),
    ]
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    out = open(log_path, "wb") if log_path else subprocess.DEVNULL
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the app exited with {proc.returncode} (log: {log_path})")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as r:
                if r.status == 200:
                    return proc
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError("the app did not answer within 60 s")


def need_chromium() -> None:
    """Skip the calling test module when Debian's Chromium is not installed."""
    import pytest

    if not os.path.exists(CHROMIUM):
        pytest.skip(
            f"{CHROMIUM} is missing (apt-get install chromium) — browser test not run",
            allow_module_level=True,
        )


@contextmanager
def app_in_browser(
    tmp_path: Path, name: str, coretoy: bool = False, data: Path | None = None, extra: list[str] | None = None
) -> Iterator[tuple[int, Any]]:
    """The app on a free loopback port (saving in ``data``, by default ``tmp_path/data``) and a headless
    Chromium: yields (port, browser). When the body fails: a screenshot of every open page in
    ``artifacts/<name>-failure-<i>.png``, the end of each page's text and of the app's log printed. The
    browser and the app are stopped in every case."""
    import pytest

    sync_api = pytest.importorskip("playwright.sync_api")
    port = free_port()
    log = tmp_path / "app.log"
    proc = start_app(
        data if data is not None else tmp_path / "data", port, coretoy=coretoy, extra=extra, log_path=log
    )
    try:
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                yield port, browser
            except BaseException:
                for i, page in enumerate(pg for ctx in browser.contexts for pg in ctx.pages):
                    try:
                        Driver(page).shot(f"{name}-failure-{i}.png")
                        print(f"page {i}:", Driver(page).all_text()[-1500:])
                    except Exception as exc:  # noqa: BLE001 - a page that cannot be read: say so, go on
                        print(f"page {i}: not readable ({exc})")
                raise
            finally:
                browser.close()
    except BaseException:
        print(log.read_text(errors="replace")[-4000:])
        raise
    finally:
        stop_app(proc)


def stop_app(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


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

    def click(self, ident: str, timeout: float = 30_000) -> None:
        self.wait(ident, timeout)
        self.page.click(self.sel(ident))

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
                    self.page.click(self.sel(ident))
        self.page.wait_for_selector(self.sel(shows), timeout=timeout)

    def fill(self, ident: str, text: str) -> None:
        self.wait(ident)
        box = self.page.locator(self.sel(ident)).first
        for _attempt in range(3):
            inp = box.locator("input, textarea")
            (inp.first if inp.count() else box).click()
            self.page.wait_for_timeout(100)
            self.page.keyboard.press("Control+A")
            self.page.keyboard.press("Delete")
            self.page.keyboard.type(text)  # real key events: Flutter's text editing sees every one
            self.page.wait_for_timeout(150)
            inp = box.locator("input, textarea")
            if not inp.count() or inp.first.input_value().lower() == text.lower():  # some fields capitalise
                return
        raise AssertionError(f"could not type {text!r} into {ident!r}")

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

    def new_table(self, game: str, fields: dict[str, str] | None = None, timeout: float = 60_000) -> None:
        """Start screen → *Nouvelle table* → ``game`` with ``fields`` typed (identifier → text) → *Créer*,
        until the hosted screen shows its join code."""
        self.click("start-new")
        self.click(f"game-{game}")
        for ident, text in (fields or {}).items():
            self.fill(ident, text)
        self.click("create")
        self.wait("join-code", timeout=timeout)

    def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        p = ARTIFACTS / name
        self.page.screenshot(path=str(p), full_page=True)
        return p
