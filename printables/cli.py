"""``tablekeeper print``: print-ready PDF sheets of QR-tagged tokens and cards.

tablekeeper print --list
tablekeeper print SET --paper a4|letter --out FILE.pdf [--manifest FILE.json] [options]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .geometry import BACK_MODES, PAPERS
from .pieces import CARD_FORMATS
from .render import Options
from .sets import BOARDS, SETS, PrintError, build, camera_note, list_sets


def _offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.replace(";", ",").split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"back offset must be X,Y in millimetres (e.g. 1.5,-0.5), not {text!r}"
        ) from None
    if abs(x) > 20 or abs(y) > 20:
        raise argparse.ArgumentTypeError(f"back offset {text!r} is more than 20 mm: measure it again")
    return x, y


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="tablekeeper print", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("set", nargs="?", help="the set to print (see --list)")
    p.add_argument("--list", action="store_true", help="list the sets and exit")
    p.add_argument(
        "--paper",
        choices=sorted({*PAPERS, "a3"}),
        default="a4",
        help="a3 only for the board-* sets (one page; a4 and letter tile them)",
    )
    p.add_argument("--out", type=Path, help="the PDF file to write")
    p.add_argument("--manifest", type=Path, help="also write a JSON list of every code placed")
    p.add_argument(
        "--backs",
        choices=BACK_MODES,
        default="long",
        help="long/short: duplex, backs on the following page, mirrored for a long- or short-edge "
        "flip; gutter: faces and backs on one page, fold and glue (no duplex printer); none",
    )
    p.add_argument(
        "--back-offset",
        type=_offset,
        default=(0.0, 0.0),
        metavar="X,Y",
        help="shift the back pages by X,Y mm (measure it with the duplex-calibration set)",
    )
    p.add_argument(
        "--card", choices=sorted(CARD_FORMATS), default="poker", help="card size (poker 63×88, mini 44×63)"
    )
    p.add_argument("--grey", action="store_true", help="greyscale, low ink: large areas outlined, not filled")
    p.add_argument("--profile", type=Path, help="Rattus box profile (TOML/JSON) with the rat token faces")
    p.add_argument(
        "--province", action="append", default=[], help="Pandémie: only this province (repeatable)"
    )
    return p


def _write(path: Path, data: bytes) -> None:
    """Write atomically: a failure never leaves half a file where a good one was."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    tmp.write_bytes(data)
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    if args.list:
        for name, count, help_ in list_sets():
            print(f"{name:<22} {count:>4}  {help_}")
            print(f"{'':<29}{camera_note(name)}")
        print(
            "\nReplacements only: printed in place of the box's own pieces, the camera does nothing with "
            "them in play. Reading distances: a phone's 720p camera (67° across) held still over pieces "
            "lying flat; closer is always better."
        )
        return 0
    if not args.set:
        print("tablekeeper print: name a set (tablekeeper print --list) or pass --list", file=sys.stderr)
        return 2
    if args.set not in SETS and args.set not in BOARDS:
        print(
            f"tablekeeper print: unknown set {args.set!r}; sets: {', '.join([*SETS, *BOARDS])}",
            file=sys.stderr,
        )
        return 2
    if args.out is None:
        print("tablekeeper print: --out FILE.pdf is required", file=sys.stderr)
        return 2
    if any(args.back_offset) and args.backs not in ("long", "short"):
        print(
            "tablekeeper print: --back-offset only applies to duplex backs (--backs long or short)",
            file=sys.stderr,
        )
        return 2
    for option, given in (("province", bool(args.province)), ("profile", args.profile is not None)):
        if given and option not in (SETS.get(args.set) or BOARDS[args.set]).takes:
            takers = [s.name for s in (*SETS.values(), *BOARDS.values()) if option in s.takes]
            print(
                f"tablekeeper print: --{option} only applies to the {', '.join(takers)} sets",
                file=sys.stderr,
            )
            return 2
    if args.profile is not None and not args.profile.is_file():
        print(f"tablekeeper print: profile {args.profile} does not exist", file=sys.stderr)
        return 2
    opts = Options(
        paper=args.paper,
        backs=args.backs,
        back_offset=args.back_offset,
        grey=args.grey,
        card=args.card,
        profile=str(args.profile) if args.profile else None,
        provinces=tuple(args.province),
    )
    try:
        result = build(args.set, opts)
    except PrintError as exc:
        print(f"tablekeeper print: {exc}", file=sys.stderr)
        return 2
    try:
        _write(args.out, result.pdf)
        if args.manifest:
            _write(
                args.manifest, (json.dumps(result.manifest(), ensure_ascii=False, indent=1) + "\n").encode()
            )
    except OSError as exc:
        print(f"tablekeeper print: cannot write: {exc}", file=sys.stderr)
        return 1
    print(
        f"{args.out}: {result.pages} page(s), {len(result.codes)} code(s)"
        + (f"; manifest {args.manifest}" if args.manifest else "")
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
