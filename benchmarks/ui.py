"""Tap-to-repaint latency of the companion app in real browsers: ``python -m benchmarks.ui``.

One host (a :class:`HostServer` in this process, a 2-province Pandémie with 3 + 3 players) and 8 browser
devices: Debian's Chromium through Playwright, 8 pages on one ``tablekeeper app --web`` process, each
joined through the join screen (2 province-table tablets and p1..p6), all on loopback. Each tap clicks
the first choice on the page of the seat that may act; the benchmark times

- tap → the acting page repainted (it shows the new event number in its header), and
- tap → every other page repainted (the last of the 7), and how much of that was the app and the network
  (tap → the message bringing the new number reached that page),

over at least ``--taps`` taps (default 60), and prints p50 / p95 against the goals (p95 ≤ 200 ms acting,
≤ 300 ms others) as ratios. It also counts the bytes each device receives per intent (from each tap to its
last repaint): from the host (the LAN sync, through a counting TCP relay on loopback) and from the app to
the browser (Flet's websocket frames); the animation frames each page draws per tap; and the CPU each part
of the machine spent per tap (the app, Chromium's renderers and its GPU process, this process).

Pages are as devices use them: without Flutter's accessibility tree, which Flutter builds only for a
screen reader (or a test that asks for it). The pages are joined through it, then reloaded without it
(each comes back to its seat by itself); a page is watched from inside (:data:`benchmarks.watch.INIT_JS`:
the end of the first frame after the message that brought the new event number). The page that taps needs
the tree to find its button: it has it while it taps, and is reloaded without it when another page takes
over. ``--a11y`` keeps the tree on every page and watches it there instead (each page then pays for the
tree on every update, as a screen reader's device does: the old way of this benchmark).

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

from benchmarks.watch import (
    INIT_JS,
    CpuMeter,
    Unresponsive,
    Watchdog,
    arm,
    arrivals,
    frames,
    messages,
    on_screen,
    pct,
    quiet,
    seen,
    stamps,
    timeline,
)

GOAL_ACTING_MS = 200.0
GOAL_OTHERS_MS = 300.0
OPTIONS = {"provinces": ["G", "H"], "players": [3, 3], "difficulty": "novice"}
DEVICE_SEATS = ["table", "table", "p1", "p2", "p3", "p4", "p5", "p6"]
TABLETS = ["G", "H"]  # the two tablets stand for one province each
# each page's province (the seats are numbered province by province): a tap redraws its province's pages
# only, the others show nothing that changed
PAGE_PROVINCE = ["G", "H", "G", "G", "G", "H", "H", "H"]
TABLET_VIEWPORT = "1280x800"  # a 10" tablet in landscape, CSS pixels
PHONE_VIEWPORT = "412x915"  # a common Android phone, CSS pixels
JOIN_VIEWPORT = {"width": 1100, "height": 2400}  # joining: every seat's button on screen at once
HANG_AT = [int(os.environ.get("TK_BENCH_HANG_AT", "-1"))]
CRASHED: set[int] = set()  # pages whose renderer crashed (or was killed by the Watchdog) since last looked at
SPIN_AT = [int(os.environ.get("TK_BENCH_SPIN_AT", "-1"))]  # a check of the Watchdog: that page's script spins
MAX_STUCK = 6  # pages that stop answering (each opened again) before a run gives up
SEED = 7  # the game's shuffles: every run plays the same game (the same taps, surges and turns), comparable


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

    def __init__(self, store: Path, seed: int | None = SEED) -> None:
        self.seed = seed
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
            from engine.core.rng import OsRng, SeededRng

            rng = (
                OsRng() if self.seed is None else SeededRng(self.seed)
            )  # the same game every run, by default
            self.server = HostServer(
                "pandemie", "Bench", self.store, options=OPTIONS, advertise=False, bind="127.0.0.1", rng=rng
            )
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
        from companion.announce import turn_seats

        def pick() -> str | None:
            srv = self.server
            turn = turn_seats(srv.snapshot("table").view)
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


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.ui", description=__doc__.splitlines()[0])
    ap.add_argument("--taps", type=int, default=60, help="taps to time (at least 50 for the report)")
    ap.add_argument(
        "--shots", type=Path, default=None, help="save a screenshot of every page here at the end"
    )
    ap.add_argument("--map", action="store_true", help="the map screen's case instead (benchmarks/ui_map.py)")
    ap.add_argument(
        "--viewport",
        default=os.environ.get("TK_BENCH_VIEWPORT", "devices"),
        help="'devices' (default): each page the size of the device it stands for, a tablet "
        f"{TABLET_VIEWPORT} and a phone {PHONE_VIEWPORT} CSS pixels; or WxH for every page "
        "(e.g. 1100x2400, a page tall enough to show every seat's button)",
    )
    ap.add_argument(
        "--seed",
        type=int,
        default=SEED,
        help=f"the game's seed (default {SEED}: every run plays the same game); -1: a new game each run",
    )
    ap.add_argument(
        "--detail",
        type=Path,
        default=None,
        help="write one JSON line per tap here: the seat, and per page (in DEVICE_SEATS' order) ms "
        "from the tap to the update's arrival and to its repaint, frames and messages",
    )
    ap.add_argument(
        "--a11y",
        action="store_true",
        help="every page with its accessibility tree on, and watched through it (the old way: each "
        "page then pays for the tree on every update, as a screen reader's device does)",
    )
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    if args.map:
        from benchmarks import ui_map

        ui_map.main(
            ["--taps", str(args.taps), "--compare"] + (["--shots", str(args.shots)] if args.shots else [])
        )
        return
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("benchmarks.ui: playwright is not installed; skipped")
        return
    from harness.app import free_port, start_app, stop_app
    from harness.browser import CHROMIUM, launch

    if not os.path.exists(CHROMIUM):
        print(f"benchmarks.ui: {CHROMIUM} is missing (apt-get install chromium); skipped")
        return
    with tempfile.TemporaryDirectory(prefix="tk-bench-ui-") as tmp:
        tmpd = Path(tmp)
        host = HostThread(tmpd / "bench.sqlite", None if args.seed < 0 else args.seed)
        host.start()
        port = free_port()
        app = start_app(tmpd / "data", port, log_path=tmpd / "app.log")
        try:
            with sync_playwright() as p:
                browser = launch(p)
                try:
                    _bench(
                        browser,
                        port,
                        host,
                        args.taps,
                        args.shots,
                        app.pid,
                        args.viewport,
                        args.a11y,
                        args.detail,
                    )
                except Exception:
                    for k, pg in enumerate(pg for ctx in browser.contexts for pg in ctx.pages):
                        try:  # (a crashed page has none: the run's own error is the one raised)
                            pg.screenshot(
                                path=str(tmpd.parent / f"tk-bench-ui-failure-{k}.png"), timeout=10_000
                            )
                        except Exception as exc:  # noqa: BLE001
                            print(f"  page {k}: no screenshot ({str(exc).splitlines()[0][:120]})")
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


def _wait_seen(page: Any, seq: int, timeout: float = 60.0) -> None:
    """Until the app has sent ``page`` (watched with INIT_JS) event ``seq`` or later."""
    deadline = time.monotonic() + timeout
    while seen(page) < seq:
        if time.monotonic() > deadline:
            raise RuntimeError(
                f"a page did not get event {seq} within {timeout:.0f} s (it shows {seen(page)})"
            )
        time.sleep(0.1)


def _watched_page(ctx: Any, i: int, seat: str, counting: list[bool], flet_bytes: list[int]) -> Any:
    """A new page of device ``i``'s browser context, its websocket bytes counted and its failures said."""
    page = ctx.new_page()

    def on_ws(ws: Any) -> None:
        def got(payload: Any) -> None:
            if counting[0]:  # from each tap to its last repaint (not the joins, reloads, locating)
                flet_bytes[i] += len(payload)

        ws.on("framereceived", got)

    page.on("websocket", on_ws)
    page.on("crash", lambda _p: (CRASHED.add(i), print(f"  page {i} ({seat}) crashed", flush=True)))
    page.on("pageerror", lambda e: print(f"  page {i} ({seat}) error: {str(e)[:300]}", flush=True))
    return page


def _replace_stuck(
    pages: list[Any],
    index: int,
    url: str,
    counting: list[bool],
    flet_bytes: list[int],
    viewport: str,
    tree: bool = False,
) -> None:
    """A page that stopped answering Playwright (seen a few times in 100 runs, always just after it was
    reloaded to drop its accessibility tree: its target then says "Not attached to an active page"): it is
    closed and the device opens the app again in a new page of its browser context, which goes back to its
    seat by itself (the device remembers it), as a phone's browser restarted would. The new page has no
    accessibility tree unless ``tree`` (``--a11y``), as the other pages: the one about to tap gets it as
    usual (:func:`_switch_a11y`; a page whose tree is already on has no placeholder left to turn it on)."""
    old = pages[index].page
    context = old.context
    from harness.browser import Driver

    problem: Exception | None = None
    for attempt in range(3):  # the new page may share the stuck one's renderer process for a while
        try:
            old.close(run_before_unload=False)
        except Exception:  # noqa: BLE001 - a page that does not answer may not close either: left behind
            pass
        if attempt:
            quiet(0.6, timeout=20.0)
        page = _watched_page(context, index, DEVICE_SEATS[index], counting, flet_bytes)
        page.set_viewport_size(_viewport(viewport, DEVICE_SEATS[index]))
        d = Driver(page)
        try:
            if tree:
                d.open(url)
            else:
                page.goto(url)
            _wait_seen(page, 1)  # its table drawn (its own province's last event)
        except Exception as exc:  # noqa: BLE001 - not up yet: this one is closed and another opened
            problem, old = exc, page
            print(
                f"  {DEVICE_SEATS[index]} (page {index}): its new page did not come up ({exc}); again",
                flush=True,
            )
            continue
        pages[index] = d
        return
    raise RuntimeError(
        f"{DEVICE_SEATS[index]} (page {index}) stopped answering and three new pages did not "
        f"come up either: {problem}"
    )


def _trace(msg: str) -> None:
    if os.environ.get("TK_BENCH_TRACE"):
        print(f"    [{time.strftime('%H:%M:%S')}] {msg}", flush=True)


def _viewport(viewport: str, seat: str) -> dict[str, int]:
    """A page's window: the device's own size ('devices': a tablet or a phone), or WxH for every page."""
    size = viewport.lower()
    if size == "devices":
        size = TABLET_VIEWPORT if seat == "table" else PHONE_VIEWPORT
    w, h = (int(x) for x in size.split("x"))
    return {"width": w, "height": h}


def _switch_a11y(on: Any, d: Any, seq: int, pages: list[Any]) -> Any:
    """The page that will tap gets its accessibility tree (the only way to find a control in a Flutter page);
    the page that had it is reloaded, which turns it off again (Flet reconnects it to its session: it is
    back on its seat at once, see companion.ui.shell). Returns the page that has it now. A page that does
    not come back from its reload, or never shows its tree, raises :class:`Unresponsive` (a page hung: the
    caller opens it again, as for a page that stops answering between taps)."""
    if on is d:
        return d
    if on is not None:
        try:
            on.page.reload()
            _wait_seen(on.page, 1)  # its table drawn again
        except Exception as exc:  # noqa: BLE001 - Playwright's timeout or a closed target: the page hung
            raise Unresponsive(pages.index(on), f"after its reload: {str(exc).splitlines()[0]}") from None
        time.sleep(0.5)
        quiet(0.6, timeout=4.0)  # the reloaded page has drawn itself: the machine is quiet again
    if (
        0 <= HANG_AT[0] <= seq
    ):  # TK_BENCH_HANG_AT=N: the page to tap at event N or after is taken for hung, once
        HANG_AT[0] = -1
        raise Unresponsive(pages.index(d), f"taken for hung at event {seq} (TK_BENCH_HANG_AT)")
    try:
        d.accessible()
    except Exception as exc:  # noqa: BLE001 - as above
        raise Unresponsive(pages.index(d), f"its accessibility tree: {str(exc).splitlines()[0]}") from None
    return d


def _bench(
    browser: Any,
    port: int,
    host: HostThread,
    taps: int,
    shots: Path | None,
    app_pid: int,
    viewport: str = "devices",
    a11y: bool = False,
    detail: Path | None = None,
) -> None:
    from harness.browser import Driver

    rows: list[dict[str, Any]] = []

    url = f"http://127.0.0.1:{port}/"
    code = host.join_code()
    pages: list[Driver] = []
    flet_bytes: list[int] = []
    counting = [False]
    for i, seat in enumerate(DEVICE_SEATS):
        ctx = browser.new_context(viewport=JOIN_VIEWPORT)
        if not a11y:
            ctx.add_init_script(INIT_JS)
        flet_bytes.append(0)
        page = _watched_page(ctx, i, seat, counting, flet_bytes)
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
        except Exception:  # noqa: BLE001 - the Enter key was not taken (a loaded machine): the button that lists the seats
            page.wait_for_selector(first + ", " + d.sel("join-look"), timeout=30_000)
            if not page.locator(first).count():
                d.click("join-look")
        if seat == "table":  # a province tablet (or, on a screen without provinces, the one table tablet)
            target = f"join-table-{TABLETS[i % len(TABLETS)]}"
            page.wait_for_selector(f"{d.sel(target)}, {d.sel('join-table')}", timeout=30_000)
            d.click(target if page.locator(d.sel(target)).count() else "join-table")
        else:
            d.click(f"join-{seat}")
        d.wait("board", timeout=60_000)
        page.set_viewport_size(_viewport(viewport, seat))  # the device's own size from now on
        pages.append(d)
        print(f"  device {i + 1}/8 joined as {seat}", flush=True)
    assert host.relay is not None
    if not a11y:  # joined through the accessibility tree: reloaded without it (each comes back to its seat)
        for d in pages:
            d.page.reload()
        for d in pages:
            _wait_seen(d.page, 1)  # its table drawn (a page shows its own province's last event)
        print("  pages reloaded without their accessibility tree, each back on its seat", flush=True)
    time.sleep(1.0)
    quiet(0.3, timeout=20.0)  # the pages have drawn themselves after joining (and reloading)
    idle = CpuMeter(app_pid)  # what the pages cost while nothing happens (an animation would show here)
    idle.start()
    time.sleep(3.0)
    idle.stop()
    print("  idle: " + idle.report(3, "second", "for 3 s with nothing happening"), flush=True)
    acting: list[float] = []
    others: list[float] = []
    drawn: list[float] = []  # animation frames per page per tap, up to 0.5 s after the last repaint
    msgs: list[float] = []  # websocket messages from the app per page per tap, in the same window
    reached: list[float] = []  # tap -> the update reached every other page (the app's and the network's part)
    sync_bytes: dict[int, int] = {}  # connection -> bytes the host sent it during the taps' windows
    seats = [s for s in DEVICE_SEATS if s != "table"]
    done = 0
    misses = 0
    cpu = CpuMeter(app_pid)
    stuck: list[str] = []  # pages that stopped answering (see _replace_stuck)
    with_tree: Any = None  # the one page with its accessibility tree on (the one that taps), without --a11y
    watchdog = Watchdog().start()  # a page that spins while a call waits on it is killed, not waited for

    def reopen(k: int, why: str, after: str = "") -> None:
        """Page ``k`` stopped answering or crashed: said, listed in ``stuck``, and the device's page opened
        again (:func:`_replace_stuck`), the machine then left to settle."""
        stuck.append(f"{DEVICE_SEATS[k]} (page {k}) {why}")
        print(f"  {stuck[-1]}; opened again in a new page{after}", flush=True)
        watchdog.beat()
        _replace_stuck(pages, k, url, counting, flet_bytes, viewport, a11y)
        watchdog.beat()
        quiet(0.6, timeout=8.0)

    while done < taps:
        watchdog.beat()
        if len(stuck) > MAX_STUCK:  # a run that keeps losing pages measures nothing: said, not looped on
            raise RuntimeError(
                f"pages stopped answering {len(stuck)} times in this run; the last: {stuck[-1]}"
            )
        seat = host.actor(seats)
        if seat is None:
            print("  nobody can act any more (the game is over?)")
            break
        idx = DEVICE_SEATS.index(seat)
        d = pages[idx]
        seq0 = host.seq()
        _trace(f"{seat} to tap at {seq0}")
        if not a11y:
            try:
                with_tree = _switch_a11y(with_tree, d, seq0, pages)
            except Unresponsive as exc:  # a page hung on its reload or its tree: said, opened again
                reopen(exc.index, f"before tap {done}: {exc}")
                with_tree = None
                misses += 1
                continue
        _trace("tree on")
        if (
            0 <= SPIN_AT[0] <= seq0
        ):  # TK_BENCH_SPIN_AT=N: the page to tap spins (its main thread held for ever)
            SPIN_AT[0] = -1
            d.page.evaluate("() => { setTimeout(() => { for (;;) {} }, 50); }")
        watchdog.beat()
        try:
            box = on_screen(d, "choice-0")
        except Exception as exc:  # noqa: BLE001 - the page crashed, or spun and was killed (Watchdog)
            reopen(idx, f"before tap {done}: {str(exc).splitlines()[0][:160]}")
            with_tree = None
            misses += 1
            continue
        _trace(f"box {box}")
        try:
            arm([pg.page for pg in pages], seq0, a11y)
        except Unresponsive as exc:  # a page whose main thread is held: say which, look at it, reload it
            if with_tree is pages[exc.index]:
                with_tree = None
            reopen(exc.index, f"before tap {done}: {exc}")
            misses += 1
            continue
        armed_at = time.time() * 1000
        _trace("armed")
        if box is None:
            print(f"  {seat}: no first choice to tap right now; looking again", flush=True)
            misses += 1
            if misses > 20:
                raise RuntimeError(f"no choice-0 button on {seat}'s page")
            time.sleep(0.3)
            continue
        cpu.start()
        counting[0] = True
        sync_before = list(host.relay.down)
        t0 = time.time() * 1000
        try:
            d.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            watched = [k for k in range(len(pages)) if PAGE_PROVINCE[k] == PAGE_PROVINCE[idx]]
            got = stamps([pages[k].page for k in watched], 20.0)
            shown = [got[watched.index(k)] if k in watched else -1.0 for k in range(len(pages))]
            cpu.stop()
            counting[0] = False
            for k, (a, b) in enumerate(zip(sync_before, host.relay.down, strict=False)):
                sync_bytes[k] = sync_bytes.get(k, 0) + b - a
            came = [] if a11y else arrivals([pg.page for pg in pages])
            per_frames: list[int] = []
            per_msgs: list[int] = []
            per_log: list[list[str]] = []
            if not a11y:
                time.sleep(0.5)  # the frames that follow the repaint (a banner sliding in, a button's ripple)
                per_frames = frames([pg.page for pg in pages])
                per_log = timeline([pg.page for pg in pages]) if detail is not None else []
                per_msgs = messages([pg.page for pg in pages])
                drawn.append(statistics.fmean(per_frames))
                msgs.append(statistics.fmean(per_msgs))
        except Exception as exc:  # a page crashed meanwhile (or spun and was killed: Watchdog): opened again
            gone = sorted(CRASHED)
            if not gone:
                raise
            CRASHED.clear()
            if counting[0]:  # (the tap's CPU window was still open)
                cpu.stop()
                counting[0] = False
            for k in gone:
                reopen(
                    k,
                    f"at tap {done}: {str(exc).splitlines()[0][:160]}",
                    "; the tap is not counted",
                )
                if with_tree is not None and with_tree.page.is_closed():
                    with_tree = None
            misses += 1
            continue
        rows.append(
            {
                "seat": seat,
                "seq0": seq0,
                "seq": host.seq(),
                "t0": round(t0),
                "shown": [round(s - t0) if s else None for s in shown],
                "came": [round(c - t0) if c else None for c in came],
                "frames": per_frames,
                "msgs": per_msgs,
                "armed": round(armed_at - t0),
                "timeline": per_log,
            }
        )
        if host.seq() == seq0:  # the tap was swallowed (or refused): not a measurement
            print(f"  {seat}: the tap played nothing; not counted", flush=True)
            misses += 1
            time.sleep(0.5)
            continue
        if not all(shown[k] for k in watched):
            print(f"  tap {done}: some pages of its province did not repaint within 20 s", flush=True)
            misses += 1
            continue
        acting.append(shown[idx] - t0)
        others.append(max(s for k, s in enumerate(shown) if k != idx and k in watched) - t0)
        if came and all(came[k] for k in watched):
            reached.append(max(c for k, c in enumerate(came) if k != idx and k in watched) - t0)
        done += 1
        time.sleep(0.15)
    watchdog.stop()
    if watchdog.killed:
        print(
            f"  renderers killed while the run waited on them (spinning, see benchmarks.watch.Watchdog): "
            f"{len(watchdog.killed)}",
            flush=True,
        )
    if detail is not None:
        import json

        detail.write_text("".join(json.dumps(r) + "\n" for r in rows))
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
        for k, pg in enumerate(pages):
            pg.page.screenshot(path=str(shots / f"bench-ui-{k}-{DEVICE_SEATS[k]}.png"))
    if not acting:
        print("no tap measured")
        return
    n = len(acting)
    sync = [sync_bytes.get(k, 0) for k in range(len(host.relay.down))]
    sync = [b for b in sync if b] or [0]  # connections of pages before their reload carry nothing now
    flet = list(flet_bytes)
    print(f"taps measured: {n} (taps not counted: {misses})")
    for line in stuck:
        print(f"  a page stopped answering: {line}")
    for name, xs, goal in (
        ("acting device", acting, GOAL_ACTING_MS),
        ("other devices (last)", others, GOAL_OTHERS_MS),
    ):
        p50, p95 = pct(xs, 0.5), pct(xs, 0.95)
        print(
            f"tap -> {name:22s} p50 {p50:7.0f} ms  p95 {p95:7.0f} ms  mean {statistics.fmean(xs):7.0f} ms"
            f"  goal p95 <= {goal:.0f} ms: ratio {p95 / goal:.2f} ({'met' if p95 <= goal else 'not met'})"
        )
    if reached:
        p50, p95 = pct(reached, 0.5), pct(reached, 0.95)
        print(
            f"  of which tap -> the update reached the last other page (app + network): p50 {p50:7.0f} ms  "
            f"p95 {p95:7.0f} ms; the rest is the browsers drawing it"
        )
    if drawn:
        print(
            "  animation frames per page per tap (until 0.5 s after the last repaint): "
            f"mean {statistics.fmean(drawn):.1f}"
        )
        print(f"  app messages per page per tap (same window): mean {statistics.fmean(msgs):.1f}")
    per_sync = [b / n for b in sync]
    per_flet = [b / n for b in flet]
    print(
        f"bytes per device per intent, host -> device (LAN sync): mean {statistics.fmean(per_sync):,.0f}"
        f"  max {max(per_sync):,.0f}"
    )
    print(
        f"bytes per device per intent, app -> browser (Flet):     mean {statistics.fmean(per_flet):,.0f}"
        f"  max {max(per_flet):,.0f}"
    )
    print(cpu.report(n))


if __name__ == "__main__":
    main()
