"""``python -m benchmarks.lan_door``: what a stranger's held connections cost the web UI's host.

The app is started as the campfire runs it (``tablekeeper app --web --host 0.0.0.0``, HTTPS) with one table
hosted. Then, from 500 loopback addresses, 2,000 TLS connections are opened and held silent (4 per address),
and while they are held an honest page (a protocol-level Flet client) opens the start screen and proves the
table's PIN. Printed: the app's resident memory before, while held and after they are let go, the honest
page's time to its start screen and to the table's seats, what the door refused or cut, and the app's exit
time on SIGTERM — against the goals (memory bounded and handed back; a clean exit within 2 s).

    python -m benchmarks.lan_door [--held 2000] [--addresses 500]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import re
import resource
import signal
import ssl
import tempfile
import time
from pathlib import Path

from harness.app import free_port, start_app
from harness.flet_client import FletPage

EXIT_GOAL_S = 2.0


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def _run(held_n: int, addresses: int) -> dict[str, float]:
    tmp = Path(tempfile.mkdtemp(prefix="tk-door-"))
    port = free_port()
    proc = start_app(tmp / "data", port, toy=True, lan=True, log_path=tmp / "app.log")
    url = f"https://127.0.0.1:{port}/"
    out: dict[str, float] = {}
    try:
        import hashlib
        import hmac

        key = (tmp / "data" / "web-host-key").read_text().strip()
        cookie = "tk_host=" + hmac.new(key.encode(), b"tablekeeper host cookie", hashlib.sha256).hexdigest()
        host = await FletPage.open(url, cookie=cookie)
        await host.tap("start-new")
        await host.tap("game-toy")
        await host.type("table-name", "Veillée")
        await host.tap("create")
        await host.wait_for("join-code", 60)
        pin = next(m.group(1) for s in host.strings() if (m := re.search(r"PIN : (\d{6})", s)))
        await host.close()
        await asyncio.sleep(2)
        out["rss_before"] = _rss_mb(proc.pid)

        ctx = ssl.create_default_context()
        ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE
        held: list[asyncio.StreamWriter] = []

        async def hold(i: int) -> None:
            source = f"127.0.{50 + i // 250}.{1 + i % 250}"
            for _ in range(held_n // addresses):
                with contextlib.suppress(OSError, ssl.SSLError, TimeoutError):
                    _r, w = await asyncio.wait_for(
                        asyncio.open_connection("127.0.0.1", port, ssl=ctx, local_addr=(source, 0)), 10
                    )
                    held.append(w)

        t = time.monotonic()
        for b in range(0, addresses, 50):
            await asyncio.gather(*(hold(i) for i in range(b, min(addresses, b + 50))))
        out["open_s"] = time.monotonic() - t
        out["held"] = len(held)
        await asyncio.sleep(2)
        out["rss_held"] = _rss_mb(proc.pid)

        t = time.monotonic()
        page = await FletPage.open(url, local_addr=("127.0.99.1", 0))
        await page.wait_for("here-pin", 60)
        out["honest_start_s"] = time.monotonic() - t
        await page.type("here-pin", pin)
        await page.tap("here-open")
        await page.wait_for("seat-table", 60)
        out["honest_seats_s"] = time.monotonic() - t
        await page.close()

        for w in held:
            w.close()
        await asyncio.sleep(15)  # the door hands memory back at an idle moment every few seconds
        out["rss_after"] = _rss_mb(proc.pid)

        t = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        out["exit_code"] = float(await asyncio.to_thread(proc.wait, 30))
        out["exit_s"] = time.monotonic() - t
    finally:
        if proc.poll() is None:
            proc.kill()
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.lan_door", description=__doc__.splitlines()[0])
    p.add_argument("--held", type=int, default=2000, help="silent TLS connections held (default 2000)")
    p.add_argument("--addresses", type=int, default=500, help="loopback source addresses (default 500)")
    args = p.parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(max(soft, args.held + 1024), hard), hard))
    r = asyncio.run(_run(args.held, args.addresses))
    print(
        f"{int(r['held'])} of {args.held} TLS connections held from {args.addresses} addresses "
        f"(opened in {r['open_s']:.1f} s; the door cuts or refuses the rest)"
    )
    print(
        "| app memory before | while held | after they went | honest page: start screen / seats "
        "| SIGTERM: exit / code |"
    )
    print("|---|---|---|---|---|")
    print(
        f"| {r['rss_before']:.0f} MB | {r['rss_held']:.0f} MB | {r['rss_after']:.0f} MB "
        f"| {r['honest_start_s']:.2f} / {r['honest_seats_s']:.2f} s "
        f"| {r['exit_s']:.2f} s / {int(r['exit_code'])} |"
    )
    print(
        f"memory handed back: {r['rss_after'] / r['rss_before']:.2f} × the start; "
        f"exit: {r['exit_s'] / EXIT_GOAL_S:.2f} × the {EXIT_GOAL_S:.0f}-s goal"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
