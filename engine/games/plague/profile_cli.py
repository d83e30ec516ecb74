"""``python -m engine.games.plague.profile_cli``: check or write a Plague and Pestilence box profile."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .profile import SIDES, TOTALS, ProfileError, load, printed, save, validate


def _numbers(text: str) -> list[Any]:
    """The values as typed (text): a bare number is the side's usual direction, a sign is as printed."""
    return [part.strip() for part in text.replace(";", ",").split(",")]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="tablekeeper profile --game plague",
        description="Check or write the box profile of Plague and Pestilence (the 2d6 reference tables).",
    )
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("check", help="validate a profile file")
    c.add_argument("path")
    n = sub.add_parser("new", help="write a profile from the values on your reference card")
    n.add_argument("path")
    n.add_argument("--name", default="")
    n.add_argument(
        "--prosperity",
        required=True,
        help="11 numbers (PPs gained) for totals 2..12, comma separated; a loss as printed: -2",
    )
    n.add_argument(
        "--plague",
        required=True,
        help="11 numbers (PPs lost: 10 or -10) for totals 2..12, comma separated; a gain as printed: +1",
    )
    args = ap.parse_args(argv)
    try:
        if args.cmd == "check":
            p = load(args.path)
            print(f"{args.path}: OK ({p['name'] or 'unnamed'})")
            for side in SIDES:
                print(
                    f"  {side:<11}"
                    + " ".join(f"{t}:{printed(side, v)}" for t, v in zip(TOTALS, p[side], strict=True))
                )
            return 0
        p = validate(
            {"name": args.name, "prosperity": _numbers(args.prosperity), "plague": _numbers(args.plague)}
        )
        save(p, args.path)
        print(f"{args.path}: written")
        return 0
    except ProfileError as exc:
        print(str(exc), file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
