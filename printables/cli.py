"""``tablekeeper print``: print-ready PDF sheets of QR-tagged tokens and cards.

tablekeeper print --list
tablekeeper print SET --paper a4|letter --out FILE.pdf [--manifest FILE.json] [options]
tablekeeper print join-poster --out poster.pdf [--wifi NAME] [--url URL | --port 8550] [--data-dir DIR]
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
from .sets import BOARDS, POSTERS, SETS, PrintError, build, camera_note, list_sets


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
    poster = p.add_argument_group("join-poster (the address phones open, as a QR code, and the steps)")
    poster.add_argument(
        "--url",
        help="the address phones open (default: https://<this machine's LAN address>:<--port>/, as "
        "'tablekeeper app --web --host 0.0.0.0' serves it)",
    )
    poster.add_argument("--port", type=int, default=None, help="the app's --port (default 8550)")
    poster.add_argument("--wifi", help="the Wi-Fi network's name, printed in the steps")
    poster.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="the app's data folder, for its certificate's fingerprint (default: the app's default folder)",
    )
    return p


def poster_url(port: int) -> str:
    """The address ``tablekeeper app --web --host 0.0.0.0 --port PORT`` prints for phones (HTTPS, this
    machine's first LAN address); raises ValueError when this machine has none."""
    from companion.sync.discovery import lan_addresses

    lan = [a for a in lan_addresses() if not a.startswith("127.")]
    if not lan:
        raise ValueError("this machine has no LAN address: join the evening's Wi-Fi first, or give --url")
    host = lan[0] if ":" not in lan[0] else f"[{lan[0]}]"
    return f"https://{host}:{port}/"


def poster_fingerprint(data_dir: Path | None) -> str:
    """The short fingerprint of the web UI's certificate in ``data_dir`` ("" before the app made one)."""
    from companion.paths import default_data_dir
    from companion.tls import fingerprint, short_fingerprint

    cert = (data_dir or default_data_dir()).expanduser() / "tls" / "web-cert.pem"
    try:
        return short_fingerprint(fingerprint(cert.read_bytes()))
    except (OSError, ValueError):
        return ""


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
    every = {**SETS, **BOARDS, **POSTERS}
    if args.set not in every:
        print(
            f"tablekeeper print: unknown set {args.set!r}; sets: {', '.join(every)}",
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
    for option, given in (
        ("province", bool(args.province)),
        ("profile", args.profile is not None),
        ("url", bool(args.url) or args.port is not None or args.data_dir is not None),
        ("wifi", args.wifi is not None),
    ):
        if given and option not in every[args.set].takes:
            takers = [s.name for s in every.values() if option in s.takes]
            print(
                f"tablekeeper print: --{'url/--port/--data-dir' if option == 'url' else option} only applies "
                f"to the {', '.join(takers)} set{'s' if len(takers) > 1 else ''}",
                file=sys.stderr,
            )
            return 2
    if args.profile is not None and not args.profile.is_file():
        print(f"tablekeeper print: profile {args.profile} does not exist", file=sys.stderr)
        return 2
    url = fingerprint = ""
    if "url" in every[args.set].takes:
        port = 8550 if args.port is None else args.port
        if not 0 < port < 65536:
            print(f"tablekeeper print: --port {port} is not a TCP port (1-65535)", file=sys.stderr)
            return 2
        try:
            url = args.url or poster_url(port)
        except ValueError as exc:
            print(f"tablekeeper print: {exc}", file=sys.stderr)
            return 2
        fingerprint = poster_fingerprint(args.data_dir)
    opts = Options(
        paper=args.paper,
        backs=args.backs,
        back_offset=args.back_offset,
        grey=args.grey,
        card=args.card,
        profile=str(args.profile) if args.profile else None,
        provinces=tuple(args.province),
        url=url,
        wifi=(args.wifi or "").strip(),
        fingerprint=fingerprint,
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
