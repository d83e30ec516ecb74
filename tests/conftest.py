"""Fixtures shared by the test suite: the toy game, and the app with a headless Chromium.

The tests are the ``tests`` package: pytest puts the repository's root on ``sys.path``, so that a test
imports its helpers as ``tests.<folder>.<module>`` and the shared :mod:`harness` as it is."""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from harness import toy
from harness.app import App
from harness.browser import CHROMIUM, launch, pages_report

RUNNING = pytest.StashKey[tuple[App, Any]]()


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> str:
    """The toy game known to the engine for this test (:mod:`harness.toy`); its name."""
    from engine.core import game

    monkeypatch.setitem(game.GAMES, toy.NAME, toy.__name__)
    return toy.NAME


@pytest.fixture
def app_browser(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[..., tuple[App, Any]]]:
    """Starts the app and a headless Chromium: ``app, browser = app_browser()``. The app
    (:class:`harness.app.App`) serves on a free loopback port, saving in ``tmp_path/data``; the keywords
    are :class:`~harness.app.App`'s (``toy``: the toy game offered; ``lan``: served as to the LAN, over
    HTTPS; ``extra``: more arguments; ``data``: another data folder; ``browser_args``: more arguments of
    Chromium, e.g. a fake camera, :func:`harness.camera.chromium_args`). When the test fails, the report has
    what every page showed (and its screenshot in ``artifacts/``) and the end of the app's log. The browser
    and the app are stopped in every case."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with ExitStack() as stack:

        def start(browser_args: tuple[str, ...] | list[str] = (), **how: Any) -> tuple[App, Any]:
            assert RUNNING not in request.node.stash, "one app and browser per test"
            app = App(tmp_path, **how)
            stack.callback(app.stop)
            playwright = sync_api.sync_playwright().start()
            stack.callback(playwright.stop)
            browser = launch(playwright, *browser_args)
            stack.callback(browser.close)
            request.node.stash[RUNNING] = (app, browser)
            return app, browser

        yield start


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("browser") and not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium) — browser test not run")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    running = item.stash.get(RUNNING, None)
    if report.failed and report.when in ("setup", "call") and running is not None:
        app, browser = running
        report.sections.append(("pages at the failure", pages_report(browser, item.name)))
        report.sections.append((f"end of the app's log ({app.log})", app.log_tail()))
    return report
