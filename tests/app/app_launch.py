"""Start ``tablekeeper app`` for the browser tests, optionally with the core test game registered.

    python tests/app/app_launch.py [--with-coretoy] -- APP ARGS...

The test game (``tests/core/coretoy.py``) lets the browser test run even when no real engine imports.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    if argv and argv[0] == "--with-coretoy":
        argv = argv[1:]
        from engine.core import game

        game.GAMES.setdefault("coretoy", "tests.core.coretoy")
    if argv and argv[0] == "--":
        argv = argv[1:]
    from companion.app import main as app_main

    return app_main(argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
