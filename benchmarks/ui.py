"""Tap-to-repaint latency of the companion app in real browsers: ``python -m benchmarks.ui``.

One host (a :class:`HostServer` in this process, a 2-province Pandémie with 3 + 3 players) and 8 browser
devices: Debian's Chromium through Playwright, 8 pages on one ``tablekeeper app --web`` process, each
joined through the join screen (2 province-table tablets and p1..p6), all on loopback. Each tap clicks
the first choice on the page of the seat that may act; the benchmark times

- tap → the acting page repainted (it shows the new event number in its header), and
- tap → every other page repainted (the last of the 7),

over at least ``--taps`` taps (default 60), and prints p50 / p95 against the goals (p95 ≤ 200 ms acting,
≤ 300 ms others) as ratios. It also counts the bytes each device receives per intent: from the host
(the LAN sync, through a counting TCP relay on loopback) and from the app to the browser (Flet's
websocket frames).

``--map`` runs the map screen's case instead (:mod:`benchmarks.ui_map`: Gallia's 48-city map built in process,
then tap → repaint on an acting tablet and a watching phone, with and without the map).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GOAL_ACTING_MS = 200.0
GOAL_OTHERS_MS = 300.0
OPTIONS = {"provinces": ["G", "H"], "players": [3, 3], "difficulty": "novice"}
DEVICE_SEATS = ["table", "table", "p1", "p2", "p3", "p4", "p5", "p6"]
TABLETS = ["G", "H"]  # the two tablets stand for one province each

WATCH_JS = """(seq0) => {
  // repainted = the page shows a later event number than seq0 (the header's "event #N"); checked on
  // every change of the accessibility tree, so the time is that of the frame that showed it
  if (window.__tkObs) window.__tkObs.disconnect();
  window.__tkT = 0;
  const re = /(?:événement n° |event #)(\\d+)/g;
  const shows = () => {
    const h = document.querySelector('flt-semantics-host');
    if (!h) return false;
    const labels = [...h.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label')).join('\\n');
    for (const m of (h.innerText + '\\n' + labels).matchAll(re)) { if (parseInt(m[1]) > seq0) return true; }
    return false;
  };
  const obs = new MutationObserver(() => {
    if (!window.__tkT && shows()) { window.__tkT = Date.now(); obs.disconnect(); }
  });
  obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true,
                              attributeFilter: ['aria-label']});
  window.__tkObs = obs;
  return true;
}"""


class Relay:
    """A TCP relay on loopback that counts the bytes the host sends to each device connection."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.down: list[int] = []  # bytes host → device, one entry per connection, in connection order
        self.port = 0
        self._server: asyncio.Server | None = None

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._conn, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _conn(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        idx = len(self.down)
        self.down.append(0)
        try:
            up_r, up_w = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.close()
            return

        async def pipe(r: asyncio.StreamReader, w: asyncio.StreamWriter, count: bool) -> None:
            try:
                while data := await r.read(65536):
                    if count:
                        self.down[idx] += len(data)
                    w.write(data)
                    await w.drain()
            except (ConnectionError, asyncio.CancelledError):
                pass
            finally:
                w.close()

        await asyncio.gather(pipe(reader, up_w, False), pipe(up_r, writer, True))


class HostThread:
    """The table's host and the relay, on their own event loop in a thread."""

    def __init__(self, store: Path) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server: Any = None
        self.relay: Relay | None = None
        self.store = store

    def run(self, coro: Any, timeout: float = 60) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def start(self) -> None:
        from companion.sync.hosting import HostServer

        async def go() -> None:
            self.server = HostServer("pandemie", "Bench", self.store, options=OPTIONS, advertise=False,
                                     bind="127.0.0.1")
            await self.server.start()
            self.relay = Relay(self.server.port)
            await self.relay.start()

        self.run(go())

    def join_code(self) -> str:
        assert self.relay is not None
        code = str(self.server.join_code)
        return code.replace(f":{self.server.port}/", f":{self.relay.port}/", 1)

    def actor(self, wanted: list[str]) -> str | None:
        """A seat among ``wanted`` that has choices now, the ones whose turn it is first."""
        from companion.ui.games import turn_seats

        def pick() -> str | None:
            srv = self.server
            turn = turn_seats("pandemie", srv.snapshot("table").view)
            for seat in [*turn, *wanted]:
                if seat in wanted and srv.snapshot(seat).choices:
                    return seat
            return None

        return self.run(self._call(pick))

    async def _call(self, fn: Any) -> Any:
        return fn()

    def seq(self) -> int:
        return int(self.run(self._call(lambda: self.server.table.seq)))

    def stop(self) -> None:
        if self.server is not None:
            self.run(self.server.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.ui", description=__doc__.splitlines()[0])
    ap.add_argument("--taps", type=int, default=60, help="taps to time (at least 50 for the report)")
    ap.add_argument("--shots", type=Path, default=None, help="save a screenshot of every page here at the end")
    ap.add_argument("--map", action="store_true", help="the map screen's case instead (benchmarks/ui_map.py)")
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    if args.map:
        from benchmarks import ui_map

        ui_map.main(["--taps", str(args.taps), "--compare"] + (["--shots", str(args.shots)] if args.shots else []))
        return
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("benchmarks.ui: playwright is not installed; skipped")
        return
    from tests.app.browser_util import ARGS, CHROMIUM, free_port, start_app, stop_app

    if not os.path.exists(CHROMIUM):
        print(f"benchmarks.ui: {CHROMIUM} is missing (apt-get install chromium); skipped")
        return
    with tempfile.TemporaryDirectory(prefix="tk-bench-ui-") as tmp:
        tmpd = Path(tmp)
        host = HostThread(tmpd / "bench.sqlite")
        host.start()
        port = free_port()
        app = start_app(tmpd / "data", port, coretoy=False, log_path=tmpd / "app.log")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                try:
                    _bench(browser, port, host, args.taps, args.shots)
                except Exception:
                    for k, pg in enumerate(pg for ctx in browser.contexts for pg in ctx.pages):
                        pg.screenshot(path=str(tmpd.parent / f"tk-bench-ui-failure-{k}.png"))
                    print(f"screenshots of the pages: {tmpd.parent}/tk-bench-ui-failure-*.png")
                    raise
                finally:
                    browser.close()
        except Exception:
            print((tmpd / "app.log").read_text(errors="replace")[-3000:])
            raise
        finally:
            stop_app(app)
            host.stop()


def _bench(browser: Any, port: int, host: HostThread, taps: int, shots: Path | None) -> None:
    from tests.app.browser_util import Driver

    url = f"http://127.0.0.1:{port}/"
    code = host.join_code()
    pages: list[Driver] = []
    flet_bytes: list[int] = []
    for i, seat in enumerate(DEVICE_SEATS):
        ctx = browser.new_context(viewport={"width": 1100, "height": 2400})
        page = ctx.new_page()
        flet_bytes.append(0)

        def on_ws(ws: Any, i: int = i) -> None:
            def got(payload: Any) -> None:
                flet_bytes[i] += len(payload)

            ws.on("framereceived", got)

        page.on("websocket", on_ws)
        d = Driver(page)
        d.open(url)
        d.click_to("start-join", "join-code-field")
        for attempt in range(3):  # a loaded machine may drop the first keys before the field has focus
            try:
                d.fill("join-code-field", code)
                break
            except AssertionError:
                if attempt == 2:
                    raise
                page.wait_for_timeout(1000)
        page.keyboard.press("Enter")
        first = d.sel("join-table-G") + ", " + d.sel("join-p1") + ", " + d.sel("join-table")
        try:
            page.wait_for_selector(first, timeout=5_000)
        except Exception:  # the Enter key was not taken (a loaded machine): the button that lists the seats
            d.click("join-look")
        if seat == "table":  # a province tablet (or, on a screen without provinces, the one table tablet)
            target = f"join-table-{TABLETS[i % len(TABLETS)]}"
            page.wait_for_selector(f"{d.sel(target)}, {d.sel('join-table')}", timeout=30_000)
            d.click(target if page.locator(d.sel(target)).count() else "join-table")
        else:
            d.click(f"join-{seat}")
        d.wait("board", timeout=60_000)
        pages.append(d)
        print(f"  device {i + 1}/8 joined as {seat}", flush=True)
    assert host.relay is not None
    time.sleep(2.0)
    acting: list[float] = []
    others: list[float] = []
    sync0 = list(host.relay.down)
    flet0 = list(flet_bytes)
    seats = [s for s in DEVICE_SEATS if s != "table"]
    done = 0
    misses = 0
    while done < taps:
        seat = host.actor(seats)
        if seat is None:
            print("  nobody can act any more (the game is over?)")
            break
        idx = DEVICE_SEATS.index(seat)
        d = pages[idx]
        seq0 = host.seq()
        for pg in pages:
            pg.page.evaluate(WATCH_JS, seq0)
        try:
            box = d.page.locator(d.sel("choice-0")).first.bounding_box(timeout=10_000)
        except Exception:
            box = None
        if box is None:
            misses += 1
            if misses > 20:
                raise RuntimeError(f"no choice-0 button on {seat}'s page")
            time.sleep(0.3)
            continue
        t0 = time.time() * 1000
        d.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        deadline = time.monotonic() + 20
        stamps: list[float] = [0.0] * len(pages)
        while time.monotonic() < deadline and not all(stamps):
            for k, pg in enumerate(pages):
                if not stamps[k]:
                    stamps[k] = float(pg.page.evaluate("() => window.__tkT || 0"))
            time.sleep(0.01)
        if host.seq() == seq0:  # the tap was swallowed (or refused): not a measurement
            misses += 1
            time.sleep(0.5)
            continue
        if not all(stamps):
            print(f"  tap {done}: some pages did not repaint within 20 s", flush=True)
            misses += 1
            continue
        acting.append(stamps[idx] - t0)
        others.append(max(s for k, s in enumerate(stamps) if k != idx) - t0)
        done += 1
        time.sleep(0.15)
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
        for k, pg in enumerate(pages):
            pg.page.screenshot(path=str(shots / f"bench-ui-{k}-{DEVICE_SEATS[k]}.png"))
    if not acting:
        print("no tap measured")
        return
    n = len(acting)
    sync = [b - a for a, b in zip(sync0, host.relay.down, strict=False)]
    flet = [b - a for a, b in zip(flet0, flet_bytes, strict=True)]
    print(f"taps measured: {n} (taps not counted: {misses})")
    for name, xs, goal in (("acting device", acting, GOAL_ACTING_MS), ("other devices (last)", others, GOAL_OTHERS_MS)):
        p50, p95 = pct(xs, 0.5), pct(xs, 0.95)
        print(f"tap -> {name:22s} p50 {p50:7.0f} ms  p95 {p95:7.0f} ms  mean {statistics.fmean(xs):7.0f} ms"
              f"  goal p95 <= {goal:.0f} ms: ratio {p95 / goal:.2f} ({'met' if p95 <= goal else 'not met'})")
    per_sync = [b / n for b in sync]
    per_flet = [b / n for b in flet]
    print(f"bytes per device per intent, host -> device (LAN sync): mean {statistics.fmean(per_sync):,.0f}"
          f"  max {max(per_sync):,.0f}")
    print(f"bytes per device per intent, app -> browser (Flet):     mean {statistics.fmean(per_flet):,.0f}"
          f"  max {max(per_flet):,.0f}")


if __name__ == "__main__":
    main()
