"""``tablekeeper host``: host a table with no window (a laptop at the campfire; tests).

Prints the join code, PIN, port and save file on stdout, then serves until SIGINT or SIGTERM. Run it
again with the same ``--store`` to resume the same table (same PIN and, when free, the same port); the
save file keeps only a verifier of the PIN, so a resumed host does not print it (``--pin`` sets a new one).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import re
import signal
import sys
from pathlib import Path
from typing import Any

from companion.paths import default_data_dir
from engine.core.store import SaveError


def parse_options(items: list[str]) -> dict[str, Any]:
    """``key=value`` pairs; a value that reads as JSON (numbers, true/false, lists) is taken as such."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"--option {item!r}: expected key=value")
        try:
            out[key] = json.loads(value)
        except ValueError:
            out[key] = value
    return out


def default_store(name: str) -> Path:
    """``<data folder>/tables/<name>.sqlite`` (the data folder: :func:`companion.paths.default_data_dir`)."""
    base = default_data_dir() / "tables"
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-").lower() or "table"
    return base / f"{slug}.sqlite"


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tablekeeper host", description=__doc__.splitlines()[0])
    p.add_argument("--game", required=True, help="pandemie, rattus, cartus or plague")
    p.add_argument("--name", required=True, help="the table's name, as devices will list it")
    p.add_argument(
        "--store",
        help="the save file (default: tables/<name>.sqlite in $TABLEKEEPER_DATA "
        "or ~/.local/share/tablekeeper)",
    )
    p.add_argument("--port", type=int, default=0, help="TCP port (default: the saved one, else any free one)")
    p.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeat)"
    )
    p.add_argument("--pin", help="the table secret (default: the saved one, else a new 6-digit PIN)")
    p.add_argument("--bind", default="0.0.0.0", help="address to listen on (default: every interface)")
    p.add_argument("--no-advertise", action="store_true", help="do not announce the table with zeroconf")
    return p


async def serve(args: argparse.Namespace, options: dict[str, Any]) -> int:
    from .sync.hosting import HostServer

    store = Path(args.store) if args.store else default_store(args.name)
    server = HostServer(
        args.game,
        args.name,
        store,
        options,
        port=args.port,
        pin=args.pin,
        advertise=not args.no_advertise,
        bind=args.bind,
    )
    await server.start()
    try:
        if server.resumed and server.game_name != args.game:
            print(
                f"note: resuming {store}: its game is {server.game_name} (not {args.game})", file=sys.stderr
            )
        print(f"join: {server.join_code}")
        print(f"pin: {server.pin or 'unchanged (the save file keeps only a verifier; --pin sets a new one)'}")
        print(f"port: {server.port}")
        print(f"store: {server.store_path}")
        print(f"{'resumed' if server.resumed else 'new'}: {server.game_name} at seq {server.table.seq}")  # type: ignore[union-attr]
        print(f"seats: {' '.join(server.seats)}", flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
    finally:
        await server.stop()
    print("stopped", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        options = parse_options(args.option)
        return asyncio.run(serve(args, options))
    except (ValueError, KeyError, SaveError, OSError) as exc:
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"tablekeeper host: {msg}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
