"""``tablekeeper``: one console script, one subcommand per job.

Each subcommand lives in its own module with a ``main(argv: list[str]) -> int`` (its own argparse), and
is imported only when used, so that ``tablekeeper scan`` does not pay for Flet and ``tablekeeper app``
does not pay for OpenCV.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable

COMMANDS: dict[str, tuple[str, str]] = {
    "app": ("companion.app", "run the companion app (web UI on localhost when there is no display)"),
    "host": ("companion.host", "host a table with no window, printing its join code"),
    "simulate": (
        "engine.games.pandemie.simulate",
        "play many games with a heuristic policy (difficulty check)",
    ),
    "profile": (
        "engine.games.rattus.profile_cli",
        "check or complete a box profile (Rattus; --game plague for Plague and Pestilence)",
    ),
    "scan": ("vision.cli", "read our QR codes from images, video or a camera"),
    "print": ("printables.cli", "write print-ready PDF sheets of QR-tagged tokens and cards"),
}


def usage() -> str:
    lines = ["usage: tablekeeper COMMAND [ARGS...]", "", "commands:"]
    lines += [f"  {name:<9} {help_}" for name, (_, help_) in COMMANDS.items()]
    lines += ["", "tablekeeper COMMAND --help for a command's options"]
    return "\n".join(lines)


def _profile_cli(game: str) -> Callable[[list[str]], int] | None:
    """The game's ``tablekeeper profile`` command (its declaration's ``profile_cli``), None without one."""
    from engine.core.game import GAMES, get_game

    if game not in GAMES:
        return None
    try:
        return get_game(game).profile_cli
    except ImportError:  # an engine that does not import has no profile command here
        return None


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        print(f"tablekeeper: unknown command {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module_name = COMMANDS[name][0]
    if name == "profile" and rest and (rest[0] == "--game" or rest[0].startswith("--game=")):
        if rest[0] == "--game":
            game, rest = (rest[1] if len(rest) > 1 else ""), rest[2:]
        else:
            game, rest = rest[0].partition("=")[2], rest[1:]
        cli = _profile_cli(game)
        if cli is None:
            from engine.core.game import GAMES

            known = [g for g in GAMES if _profile_cli(g) is not None]
            print(
                f"tablekeeper profile: no box profile for game {game!r}; known: {', '.join(known)}",
                file=sys.stderr,
            )
            return 2
        return int(cli(rest) or 0)
    module = importlib.import_module(module_name)
    return int(module.main(rest) or 0)


if __name__ == "__main__":
    raise SystemExit(main())
