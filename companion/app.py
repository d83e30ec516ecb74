"""``tablekeeper app``: the companion app (Flet), as a window, or as a web page other tablets can open.

    tablekeeper app                      # a window; web page on localhost when there is no display
    tablekeeper app --web --host 0.0.0.0 --port 8550
                                         # serve the app to every browser on the LAN, over HTTPS: the
                                         # host opens the secret link printed at start, others type a PIN

Web mode serves Flet's web client from this machine (no CDN: it works with no internet). A desktop
window needs the ``flet-desktop`` package, whose first start downloads Flet's desktop client: offline,
use ``--web``.
"""

from __future__ import annotations

import argparse
import importlib.util
import logging
import os
import sys
from pathlib import Path
from typing import Any

DEFAULT_PORT = 8550


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="tablekeeper app",
        description="The companion app: a window, or a web page every tablet on the LAN can open.",
    )
    mode = p.add_mutually_exclusive_group()
    mode.add_argument(
        "--web", action="store_true", help="serve the app as a web page (default with no display)"
    )
    mode.add_argument("--desktop", action="store_true", help="open a desktop window (needs flet-desktop)")
    p.add_argument(
        "--host",
        default=None,
        help="address to serve on in web mode (default 127.0.0.1; 0.0.0.0 for every tablet on the LAN)",
    )
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"web mode port (default {DEFAULT_PORT})")
    p.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="where saved tables live (default $TABLEKEEPER_DATA or ~/.local/share/tablekeeper)",
    )
    p.add_argument("--lang", choices=("fr", "en"), default="fr", help="language at start (default fr)")
    p.add_argument(
        "--no-advertise", action="store_true", help="do not announce hosted tables on the LAN (zeroconf)"
    )
    p.add_argument(
        "--tls",
        choices=("auto", "on", "off"),
        default="auto",
        help="HTTPS for the web UI: auto = on when serving beyond loopback (browsers need it for the camera; "
        "off sends every view in clear and tablets get no camera)",
    )
    p.add_argument("-v", "--verbose", action="store_true", help="log more")
    return p


def has_display() -> bool:
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def choose_mode(web: bool, desktop: bool) -> str:
    """``web`` or ``desktop``: asked for, else desktop when there is a display and flet-desktop."""
    if web:
        return "web"
    if desktop:
        return "desktop"
    if has_display() and importlib.util.find_spec("flet_desktop") is not None:
        return "desktop"
    return "web"


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    if not 0 < args.port < 65536:
        print(f"tablekeeper app: --port {args.port} is not a TCP port (1-65535)", file=sys.stderr)
        return 2
    mode = choose_mode(args.web, args.desktop)
    if mode == "desktop" and importlib.util.find_spec("flet_desktop") is None:
        print(
            "tablekeeper app: --desktop needs the flet-desktop package (pip install 'tablekeeper[desktop]'; "
            "its first start downloads Flet's desktop client). Offline, use --web.",
            file=sys.stderr,
        )
        return 2

    from .ui.hub import Hub, default_data_dir

    data_dir = (args.data_dir or default_data_dir()).expanduser()
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"tablekeeper app: cannot use data dir {data_dir}: {exc.strerror}", file=sys.stderr)
        return 2
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")  # never fetch CanvasKit or fonts from the internet

    import flet as ft

    from .ui.shell import make_main

    hub = Hub(data_dir, advertise=not args.no_advertise)
    target = make_main(hub, args.lang)
    if mode == "web":
        host = args.host or "127.0.0.1"
        problem = port_problem(host, args.port)
        if problem:
            print(
                f"tablekeeper app: cannot serve on {host}:{args.port}: {problem} (choose another --port)",
                file=sys.stderr,
            )
            return 2
        return serve_web(
            hub, target, host, args.port, data_dir, tls=args.tls, advertise=not args.no_advertise
        )
    ft.run(target, view=ft.AppView.FLET_APP)
    return 0


def is_loopback(host: str) -> bool:
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve_web(
    hub: Any, target: Any, host: str, port: int, data_dir: Path, tls: str = "auto", advertise: bool = True
) -> int:
    """Serve the web UI: on loopback every page is this machine's; on the LAN, over HTTPS, the host is the
    browser that opens the secret link printed here, and other browsers prove a table's PIN."""
    import asyncio

    from . import web
    from .identity import HostKey

    local = is_loopback(host)
    hub.served = True  # every page of this process comes from a browser
    hub.loopback_only = local
    use_tls = tls == "on" or (tls == "auto" and not local)
    shown = host if host not in ("0.0.0.0", "::") else _lan_address()
    certfile = keyfile = None
    if use_tls:
        from .tls import ensure_certificate, short_fingerprint

        addrs = [a for a in (_lan_addresses() if host in ("0.0.0.0", "::") else [host])]
        cert, key, fp = ensure_certificate(data_dir / "tls", addrs)
        certfile, keyfile = str(cert), str(key)
        hub.tls_fingerprint = short_fingerprint(fp)
    scheme = "https" if use_tls else "http"
    base = f"{scheme}://{shown if ':' not in shown else f'[{shown}]'}:{port}/"
    hub.web_url = base  # the host's screen shows it as a QR code to phones (companion/ui/screens/hosted.py)
    if local:
        print(f"tablekeeper app: open {base} in a browser (saved tables in {data_dir})", flush=True)
    else:
        print(f"tablekeeper app: tablets and phones open {base} and type a table's PIN", flush=True)
        print(
            f"tablekeeper app: this device (the host) opens {base}?k={hub.host_key()}  "
            "(keep this link secret)",
            flush=True,
        )
        if use_tls:
            print(
                f"tablekeeper app: certificate fingerprint {hub.tls_fingerprint} (browsers warn once: "
                "compare it, then continue)",
                flush=True,
            )
        if advertise:
            adv = _advertise_web(port, scheme)
            if adv is not None:
                print(f"tablekeeper app: also published on the LAN as {adv.url} (zeroconf)", flush=True)
    key = None if local else HostKey(hub.host_key())

    async def serve() -> None:
        for problem in await hub.ready():  # the tables it hosted before a crash or a restart
            print(f"tablekeeper app: could not host again: {problem}", file=sys.stderr, flush=True)
        for h in hub.tables():
            print(f"tablekeeper app: hosting again {h.name!r} ({h.path.name})", flush=True)
        try:
            await web.serve(target, host, port, certfile=certfile, keyfile=keyfile, key=key)
        finally:
            await hub.close()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass
    return 0


def port_problem(host: str, port: int) -> str:
    """Why ``host:port`` cannot be listened on (in use, bad address), or "" when it can."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        return f"unknown address ({exc.strerror or exc})"
    family, _, _, _, addr = infos[0]
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(addr)
        except OSError as exc:
            return exc.strerror or str(exc)
    return ""


def _advertise_web(port: int, scheme: str = "https"):
    """Publish the web UI with zeroconf so browser-only tablets find it at ``http://<host>.local:<port>/``."""
    import atexit

    try:
        from .sync.discovery import WebAdvertiser

        web = WebAdvertiser(port, scheme=scheme)
        web.start()
    except Exception as exc:  # noqa: BLE001 - no multicast on this network: the printed address still works
        print(f"tablekeeper app: could not publish the web UI on the LAN ({exc})", file=sys.stderr)
        return None
    atexit.register(web.stop)
    return web


def _lan_addresses() -> list[str]:
    try:
        from .sync.discovery import lan_addresses

        return lan_addresses()
    except Exception:  # noqa: BLE001
        return []


def _lan_address() -> str:
    try:
        from .sync.discovery import lan_addresses

        addrs = lan_addresses()
    except Exception:  # noqa: BLE001 - only used to print a nicer address
        addrs = []
    return addrs[0] if addrs else "127.0.0.1"


if __name__ == "__main__":
    raise SystemExit(main())
