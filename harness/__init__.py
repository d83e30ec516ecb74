"""What the tests and the benchmarks share to drive tablekeeper from the outside.

- :mod:`harness.app`: ``tablekeeper app --web`` in a process of its own, on a free loopback port, saving in
  a folder of its own; started, restarted, stopped.
- :mod:`harness.cli`: ``python -m harness.cli [--toy] COMMAND ...``, the ``tablekeeper`` command run from
  the source tree, with the toy game known when asked.
- :mod:`harness.browser`: Debian's headless Chromium through Playwright, and :class:`harness.browser.Driver`,
  which finds the app's controls through Flutter's accessibility tree (a Flet page is drawn on a canvas).
- :mod:`harness.toy`: the toy game (a hidden deck, private draws, public plays), so that the core, the LAN
  sync and the app can be tested without a real game.

A development aid: not installed with the package (``pyproject.toml`` installs engine, vision, printables
and companion). It is imported from the repository's root, which is on ``sys.path`` when pytest runs the
``tests`` package, when a benchmark runs as ``python -m benchmarks...``, and in the processes started here
(``python -m`` with the root as working directory).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "artifacts"  # screenshots (gitignored)
