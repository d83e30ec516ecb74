"""What one laptop serves at a campfire: ``python -m benchmarks.campfire``.

The app runs as at the campfire (``tablekeeper app --web --host 0.0.0.0``, HTTPS) and hosts a 4-province
Pandémie itself (made beforehand with a fixed seed, reopened by the app at its start: every run plays the
same game). N devices join it at once, as browsers do: each opens the start screen from its own loopback
address, types the PIN, then picks a province tablet or its player's seat. The devices are protocol-level
Flet clients (:class:`harness.flet_client.FletPage`: no browser shares the host's CPU, as at a real table,
where each device draws on its own CPU). Then, ``--taps`` times, the phone whose turn it is taps its first
choice, and the benchmark measures

- the app's whole-process CPU from the tap until every page has its update (``/proc/<pid>/stat``: user +
  system time, 10 ms ticks), per tap and per page;
- tap → the acting page's update received, and tap → the last page's update received (on loopback,
  received ≈ written): every page of the acting province gets one; another province's page only when
  something it shows changed (a surge crossing into it, its undo going); the map's arrows hidden a few
  seconds after an earlier move are not a tap's update;
- the bytes each page receives per tap, the app's resident memory per page, and the time for all N
  devices to be seated when they join at once (24 devices scanning the QR at once: within 10 s);
- one real Chromium page alone (a phone, then a tablet; ``harness.browser``), the app serving it and the
  protocol-level phones that act: websocket message → the end of the frame that draws it, in the page.

It prints the estimate at a real table — the app's CPU per tap (every page is drawn on the app's one
event loop: the last device's update leaves about that long after the tap) + 5 ms of Wi-Fi + one device's
own draw — against the goals, as ratios: app CPU per tap p95 ≤ 100 ms with 24 devices and ≤ 200 ms with
48; the estimate p95 ≤ 300 ms at 48. (The table's host runs in the app's process: its CPU is counted
there.)

With ``--pockets`` each size is played a second time as at a real table, where a phone spends most of the
evening in its player's pocket, screen off (its browser says so: the app does not draw it): a phone is put
away when its player's turn is over and taken out when its page gets news (its player's turn, an
announcement: their sound), then drawn once. The app's CPU through the taps is then also counted between
taps (the phones taken out).

    python -m benchmarks.campfire [--devices 8,24,48] [--taps 60] [--no-browser] [--pockets] [--detail FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from harness.app import free_port, start_app, stop_app
from harness.flet_client import BROWSER_PAGE, FletPage

PROVINCES = ["G", "H", "E", "A"]
PIN = "246810"
SEED = 7
GOAL_CPU_MS = {24: 100.0, 48: 200.0}
GOAL_ESTIMATE_MS = 300.0
WIFI_MS = 5.0
JOIN_GOAL_S = 10.0  # 24 devices scanning the QR at once: all seated within this
PHONE = (412.0, 915.0)  # CSS pixels: a common Android phone
TABLET = (1280.0, 800.0)  # a 10" tablet in landscape
JOIN_VIEWPORT = {"width": 1100, "height": 2400}  # the Chromium page joins with every seat's button in view
CUE = b"tk-cue:"  # an announcement's sound and vibration on a page (companion.cue)
QUIET_S = 0.25  # no frame to any page and no CPU for this long: the tap's work is over
WAIT_S = 1.5  # as long, while a page has had nothing yet
TICK_S = os.sysconf("SC_CLK_TCK")


# -- the app's process ---------------------------------------------------------------------------------
def cpu_s(pid: int) -> float:
    """The process's user + system CPU time (all its threads), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK_S


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))] if s else float("nan")


# -- the table -------------------------------------------------------------------------------------------
def plan(n: int) -> tuple[list[int], list[tuple[str, str]]]:
    """Players per province and the devices: (kind, what it opens) — ``("tablet", province)`` or
    ``("phone", seat)``. Up to 24 devices: one tablet per province and the rest phones (20 at most,
    five per province); beyond, 24 phones (six per province) and the rest province tablets."""
    if n < 5:
        raise SystemExit("at least 5 devices: the four province tablets and a phone")
    phones = min(n - 4, 24)
    players = [phones // 4 + (1 if i < phones % 4 else 0) for i in range(4)]
    tablets = n - phones
    devices = [("tablet", PROVINCES[i % 4]) for i in range(tablets)]
    devices += [("phone", f"p{k + 1}") for k in range(phones)]
    return players, devices


def make_table(data: Path, players: list[int], seed: int = SEED) -> None:
    """A 4-province Pandémie saved in ``data``, listed for the app to host again at its start (the same
    game every run: a fixed seed, a known PIN)."""
    from companion.sync.hosting import HostServer
    from companion.ui.hub import OPEN_FILE
    from companion.ui.model import STORE_SUFFIX
    from engine.core.rng import SeededRng

    data.mkdir(parents=True, exist_ok=True)
    path = data / f"campfire{STORE_SUFFIX}"
    options = {"provinces": PROVINCES, "players": players, "difficulty": "novice"}

    async def go() -> None:
        srv = HostServer(
            "pandemie",
            "Feu de camp",
            path,
            options=options,
            pin=PIN,
            advertise=False,
            rng=SeededRng(seed),
            bind="127.0.0.1",
        )
        await srv.start()
        await srv.stop()
        if srv.store is not None:
            srv.store.close()

    asyncio.run(go())
    (data / OPEN_FILE).write_text(json.dumps({"open": [str(path)]}))


# -- the devices ----------------------------------------------------------------------------------------
@dataclass
class Device:
    kind: str  # tablet | phone
    what: str  # the province (a tablet) or the seat (a phone)
    address: str
    page: FletPage | None = None
    joined_s: float = 0.0
    province: str = ""  # the province it shows: a tablet's, a phone's player's (see province_of)
    away: bool = False  # a phone in its player's pocket (its browser said ``hide``: see Table.pockets)
    mark: int = 0  # its frames when it went into the pocket


def province_of(kind: str, what: str, players: list[int]) -> str:
    """The province a device of :func:`plan` shows: a tablet's own, or that of a phone's seat (a table made by
    :func:`make_table` numbers its seats province by province)."""
    if kind == "tablet":
        return what
    n = int(what[1:])
    for code, count in zip(PROVINCES, players, strict=False):
        if n <= count:
            return code
        n -= count
    raise ValueError(f"seat {what} is in no province of {players}")


def make_devices(plan_: list[tuple[str, str]], players: list[int], net: int = 10) -> list[Device]:
    """The devices of :func:`plan`, each joining from its own loopback address (``127.0.<net>.…`` on)."""
    return [
        Device(kind, what, f"127.0.{net + i // 200}.{1 + i % 200}", province=province_of(kind, what, players))
        for i, (kind, what) in enumerate(plan_)
    ]


def fading(frame: bytes) -> bool:
    """Whether a frame only hides the map's arrows of an earlier move (a drawn map's own timer, a few seconds
    after that move): not a tap's update."""
    try:
        action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
    except Exception:  # noqa: BLE001 - not one of Flet's frames: counted
        return False
    return action == 2 and isinstance(body, dict) and body.get("patch") == [[0], [0, 0, "visible", False]]


async def join(url: str, d: Device) -> None:
    """As a browser: the start screen, the PIN, then the province tablet's button or the player's seat."""
    w, h = PHONE if d.kind == "phone" else TABLET
    t = time.monotonic()
    page = await FletPage.open(url, {**BROWSER_PAGE, "width": w, "height": h}, local_addr=(d.address, 0))
    d.page = page
    await page.wait_for("here-pin", 60)
    await page.type("here-pin", PIN)
    await page.tap("here-open")
    target = f"seat-table-{d.what}" if d.kind == "tablet" else f"seat-{d.what}"
    await page.tap(target, 60)
    await page.wait_for("board", 60)
    d.joined_s = time.monotonic() - t


def text_of(node: Any) -> str:
    if isinstance(node, dict):
        return str(node.get("value") or "")
    return ""


def words(node: Any) -> str:
    """Every text inside a control (a button's label)."""
    out: list[str] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            if isinstance(n.get("value"), str):
                out.append(n["value"])
            stack.extend(n.values())
        elif isinstance(n, list):
            stack.extend(n)
    return " ".join(out)


FIGHT = ("Combattre", "Construire")  # what a table does where the barbarians are, before moving on


def choose(page: FletPage, k: int) -> str:
    """The button a player taps, as a table plays: fight where they stand, else the ``k``-th move (players
    travel about), else the one thing to do (draw, propagate, discard)."""
    buttons = sorted(
        (i for i in page.identifiers() if i.startswith("choice-")), key=lambda i: int(i.split("-")[1])
    )
    labels = {i: words(page.find(i)) for i in buttons}
    for i in buttons:
        if labels[i].startswith(FIGHT):
            return i
    moves = [i for i in buttons if labels[i].startswith(("Aller à", "Marche forcée"))]
    return moves[k % len(moves)] if moves else "choice-0"


@dataclass
class Tap:
    seat: str
    cpu_ms: float
    acting_ms: float
    last_ms: float
    updated: int  # pages that received something
    bytes_per_page: float
    per_page_ms: list[float] = field(default_factory=list)


class Table:
    def __init__(self, url: str, pid: int, devices: list[Device]) -> None:
        self.url, self.pid, self.devices = url, pid, devices
        self.tapped: dict[str, float] = {}  # seat -> when it last tapped
        self.taps = 0

    def actor(self, turn_text: str) -> Device | None:
        """A phone whose turn it is (its header says so) with a first choice to tap, the one that tapped
        least recently first (the provinces take turns, as at a table); else any phone with one."""
        ready = [
            d
            for d in self.devices
            if d.kind == "phone" and not d.away and d.page is not None and d.page.find("choice-0") is not None
        ]
        if not ready:
            return None
        mine = [d for d in ready if d.page is not None and text_of(d.page.find("head-turn")) == turn_text]
        d = min(mine or ready, key=lambda x: self.tapped.get(x.what, 0.0))
        self.tapped[d.what] = time.monotonic()
        return d

    async def pockets(self, turn_text: str, last: Device | None) -> int:
        """Phones in their players' pockets, as at a real table: a phone whose page got news while put away
        (its player's turn, an announcement: its sound, a ``tk-cue``) is taken out (its browser says
        ``show``: it is drawn once); a phone out whose player's turn is over goes back (``hide``: it is not
        drawn meanwhile). Returns how many were taken out."""
        out = 0
        for d in self.devices:
            if d.kind != "phone" or d.page is None:
                continue
            if d.away and any(CUE in f[2] for f in d.page.frames[d.mark :]):
                await d.page.lifecycle("show")
                d.away = False
                out += 1
            elif not d.away and d is not last and text_of(d.page.find("head-turn")) != turn_text:
                await d.page.lifecycle("hide")
                d.away, d.mark = True, len(d.page.frames)
        if out:
            await asyncio.sleep(0.5)  # drawn, as the player looks
        return out

    async def tap(self, d: Device) -> Tap | None:
        assert d.page is not None
        pages = [x.page for x in self.devices if x.page is not None]
        before = [len(p.frames) for p in pages]
        c0 = cpu_s(self.pid)
        t0 = time.monotonic()
        await d.page.tap(choose(d.page, self.taps), 5)
        self.taps += 1
        deadline = t0 + 30
        acting = pages.index(d.page)
        while time.monotonic() < deadline:  # the acting page's update first
            if len(pages[acting].frames) > before[acting]:
                break
            await asyncio.sleep(0.01)
        else:
            return None
        last_count, last_change, last_cpu = (
            sum(len(p.frames) for p in pages),
            time.monotonic(),
            cpu_s(self.pid),
        )
        # the pages that show the acting province: each gets the tap's update (another province's page gets
        # one only when something it shows changed: a surge crossing into it, its folded title's surges)
        here = [x.page for x in self.devices if x.province == d.province and x.page and not x.away]
        start = {id(p): n for p, n in zip(pages, before, strict=True)}
        while time.monotonic() < deadline:  # then until nothing more comes and the app is idle
            await asyncio.sleep(0.03)
            count, cpu = sum(len(p.frames) for p in pages), cpu_s(self.pid)
            if count != last_count or cpu != last_cpu:
                last_count, last_cpu, last_change = count, cpu, time.monotonic()
                continue
            waiting = any(not _updated(p.frames[start[id(p)] :]) for p in here)
            if time.monotonic() - last_change >= (WAIT_S if waiting else QUIET_S):
                break
        c1 = cpu_s(self.pid)
        per: list[float] = []
        got = 0
        size = 0
        for p, n in zip(pages, before, strict=True):
            new = [f for f in p.frames[n:] if not fading(f[2])]
            if new:
                got += 1
                per.append(1000 * (new[-1][0] - t0))
                size += sum(len(f[2]) for f in new)
            else:
                per.append(float("nan"))
        done = [x for x in per if x == x]
        return Tap(
            seat=d.what,
            cpu_ms=round(1000 * (c1 - c0), 3),  # whole clock ticks: no float residue against a goal
            acting_ms=per[acting],
            last_ms=max(done) if done else float("nan"),
            updated=got,
            bytes_per_page=size / len(pages),
            per_page_ms=per,
        )


def _updated(frames: list[tuple[float, int, bytes]]) -> bool:
    return any(not fading(f[2]) for f in frames)


@dataclass
class Result:
    n: int
    players: list[int]
    join_s: float
    join_cpu_s: float
    rss_per_page_mb: float
    idle_cpu_ms_per_s: float
    taps: list[Tap]
    misses: int
    run_cpu_s: float = 0.0  # the app's CPU through the taps, between them too (phones taken out, drawn)
    pockets: bool = False


async def run_size(n: int, taps: int, tmp: Path, seed: int, pockets: bool = False) -> Result:
    """``taps`` taps with ``n`` devices: a game, then (a game lost early) another, with the next seed."""
    out: list[Tap] = []
    first: Result | None = None
    misses = 0
    run_cpu = 0.0
    for game in range(6):
        r = await _run_game(n, taps - len(out), tmp / f"game-{n}-{game}", seed + game, pockets)
        out += r.taps
        misses += r.misses
        run_cpu += r.run_cpu_s
        first = first or r
        if len(out) >= taps:
            break
        print(f"  the game ended after {len(r.taps)} taps: another game", flush=True)
    assert first is not None
    return Result(
        n,
        first.players,
        first.join_s,
        first.join_cpu_s,
        first.rss_per_page_mb,
        first.idle_cpu_ms_per_s,
        out,
        misses,
        run_cpu,
        pockets,
    )


async def _run_game(n: int, taps: int, tmp: Path, seed: int, pockets: bool = False) -> Result:
    from companion.ui.i18n import tr

    players, plan_ = plan(n)
    tmp.mkdir(parents=True, exist_ok=True)
    await asyncio.to_thread(make_table, tmp / "data", players, seed)
    port = free_port()
    proc = start_app(tmp / "data", port, lan=True, log_path=tmp / "app.log")
    url = f"https://127.0.0.1:{port}/"
    devices = make_devices(plan_, players)
    try:
        await asyncio.sleep(1.0)
        rss0 = rss_mb(proc.pid)
        c0, t0 = cpu_s(proc.pid), time.monotonic()
        await asyncio.gather(*(join(url, d) for d in devices))
        join_s, join_cpu = time.monotonic() - t0, cpu_s(proc.pid) - c0
        print(f"  {n} devices seated in {join_s:.1f} s (app CPU {join_cpu:.1f} s)", flush=True)
        await asyncio.sleep(2.0)
        rss_page = (rss_mb(proc.pid) - rss0) / n
        c0 = cpu_s(proc.pid)
        await asyncio.sleep(3.0)
        idle = 1000 * (cpu_s(proc.pid) - c0) / 3.0
        table = Table(url, proc.pid, devices)
        you, over = tr("head.you", "fr"), tr("head.over", "fr")
        out: list[Tap] = []
        misses = 0
        last: Device | None = None
        c_run = cpu_s(proc.pid)
        while len(out) < taps:
            if pockets:
                await table.pockets(you, last)
            d = last = table.actor(you)
            if d is None:
                ended = any(x.page is not None and text_of(x.page.find("head-turn")) == over for x in devices)
                misses += 1
                if ended or misses > 40:
                    break
                await asyncio.sleep(0.3)
                continue
            r = await table.tap(d)
            if r is None:
                misses += 1
                print(f"  {d.what}: the tap brought nothing within 30 s; not counted", flush=True)
                continue
            out.append(r)
            await asyncio.sleep(0.3)  # between two taps, as at a table: nobody taps every 0 ms
        run_cpu = cpu_s(proc.pid) - c_run
        return Result(n, players, join_s, join_cpu, rss_page, idle, out, misses, run_cpu)
    finally:
        for d in devices:
            if d.page is not None:
                await d.page.close()
        stop_app(proc)
        log = (tmp / "app.log").read_text(errors="replace")
        if "Traceback" in log:
            print(f"  the app's log has a traceback:\n{log[-3000:]}", flush=True)


# -- one Chromium page alone ---------------------------------------------------------------------------
DRAW_JS = """(() => {
  if (window.__tkDraw) return;
  const s = window.__tkDraw = {armed: false, msgs: [], frames: []};
  const Native = window.WebSocket;
  class Watched extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => { if (s.armed) s.msgs.push(performance.now()); });
    }
  }
  window.WebSocket = Watched;
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((t) => {
    const began = performance.now();
    cb(t);
    if (s.armed) s.frames.push([began, performance.now()]);
  });
})()"""


def _draw_ms(state: dict[str, Any]) -> float | None:
    """From the last message of an update to the end of the first frame that began after it."""
    msgs, frames = state.get("msgs") or [], state.get("frames") or []
    if not msgs:
        return None
    last = max(msgs)
    after = [end for began, end in frames if began >= last]
    return (min(after) - last) if after else None


def browser_draw(tmp: Path, taps: int, seed: int) -> dict[str, list[float]]:
    """A 4-province table of 4 + 1 players: a Chromium page alone (a phone: the second player of
    Gallia; then a tablet: Gallia's), the other players protocol-level phones that act (Gallia's first
    player only until the Chromium phone's turn comes). Per update: message → frame drawn."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("  playwright is not installed: no Chromium page measured")
        return {}
    from harness.browser import CHROMIUM, Driver, launch

    if not os.path.exists(CHROMIUM):
        print(f"  {CHROMIUM} is missing: no Chromium page measured")
        return {}
    out: dict[str, list[float]] = {}
    for kind in ("phone", "tablet"):
        data = tmp / f"data-browser-{kind}"
        make_table(data, [2, 1, 1, 1], seed)
        port = free_port()
        proc = start_app(data, port, lan=True, log_path=tmp / f"app-browser-{kind}.log")
        url = f"https://127.0.0.1:{port}/"
        try:
            with sync_playwright() as p:
                browser = launch(p, "--ignore-certificate-errors")
                try:
                    w, h = PHONE if kind == "phone" else TABLET
                    ctx = browser.new_context(viewport=JOIN_VIEWPORT, ignore_https_errors=True)
                    ctx.add_init_script(DRAW_JS)
                    page = ctx.new_page()
                    d = Driver(page)
                    d.open(url)
                    d.fill("here-pin", PIN)
                    d.click("here-open")
                    d.click("seat-p2" if kind == "phone" else "seat-table-G", 60_000)
                    d.wait("board", 60_000)
                    page.set_viewport_size({"width": int(w), "height": int(h)})
                    page.reload()  # without the accessibility tree, as devices are used
                    page.wait_for_timeout(3000)
                    out[kind] = _drive(url, page, taps, kind)
                finally:
                    browser.close()
        finally:
            stop_app(proc)
    return out


class Loop:
    """An event loop in a thread of its own: the protocol-level phones, beside Playwright's sync API."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro: Any, timeout: float = 120) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def _drive(url: str, page: Any, taps: int, kind: str) -> list[float]:
    """Protocol-level phones act; the Chromium page is read after each tap."""
    from companion.ui.i18n import tr

    seats = ["p1", "p3", "p4", "p5"]
    devices = [Device("phone", s, f"127.0.30.{i + 1}") for i, s in enumerate(seats)]
    loop = Loop()

    async def join_all() -> None:
        await asyncio.gather(*(join(url, d) for d in devices))

    async def tap(d: Device, k: int) -> None:
        assert d.page is not None
        n0 = len(d.page.frames)
        await d.page.tap(choose(d.page, k), 5)
        end = time.monotonic() + 10
        while len(d.page.frames) == n0 and time.monotonic() < end:
            await asyncio.sleep(0.02)

    async def close() -> None:
        for x in devices:
            if x.page is not None:
                await x.page.close()

    try:
        loop.run(join_all())
        you = tr("head.you", "fr")
        drawn: list[float] = []
        tries = 0
        gallia_done = False
        while len(drawn) < taps and tries < taps * 3:
            tries += 1
            page.evaluate("() => { const s = window.__tkDraw; s.armed = true; s.msgs = []; s.frames = []; }")
            d = None
            for x in devices:
                if x.page is None or x.page.find("choice-0") is None:
                    continue
                if x.what == "p1" and (gallia_done or kind != "phone"):
                    continue  # the Chromium phone's province: its first player only until p2's turn
                if text_of(x.page.find("head-turn")) == you:
                    d = x
                    break
            if d is None:
                gallia_done = True  # p1's turn is over (p2, on the Chromium page, would be next)
                time.sleep(0.3)
                continue
            loop.run(tap(d, tries))
            page.wait_for_timeout(1000)  # the Chromium page gets the update and draws it
            state = page.evaluate("() => { const s = window.__tkDraw; s.armed = false; return s; }")
            ms = _draw_ms(state)
            if ms is not None:
                drawn.append(ms)
        return drawn
    finally:
        with contextlib.suppress(Exception):
            loop.run(close(), 30)
        loop.stop()


# -- the report ----------------------------------------------------------------------------------------
def report(results: list[Result], draws: dict[str, list[float]]) -> None:
    draw95 = max((pct(v, 0.95) for v in draws.values() if v), default=float("nan"))
    print()
    print(
        "| devices (tablets + phones) | app CPU per tap p50 / p95 | per page p50 "
        "| tap → acting page p50 / p95 | tap → last page p50 / p95 | bytes per page per tap | RSS per page "
        "| all seated (joining at once) | estimate at a table p95 |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        if not r.taps:
            continue
        cpu = [t.cpu_ms for t in r.taps]
        act = [t.acting_ms for t in r.taps]
        last = [t.last_ms for t in r.taps]
        per_page = [t.cpu_ms / r.n for t in r.taps]
        tablets = r.n - sum(r.players)
        est = pct(cpu, 0.95) + WIFI_MS + draw95
        said = f"≈ {est:.0f} ms" if draws else "— (no browser)"
        label = f"{r.n} ({tablets} + {sum(r.players)}{', phones in pockets' if r.pockets else ''})"
        print(
            f"| {label} | {pct(cpu, 0.5):.0f} / {pct(cpu, 0.95):.0f} ms "
            f"| {pct(per_page, 0.5):.1f} ms | {pct(act, 0.5):.0f} / {pct(act, 0.95):.0f} ms "
            f"| {pct(last, 0.5):.0f} / {pct(last, 0.95):.0f} ms "
            f"| {statistics.fmean(t.bytes_per_page for t in r.taps):,.0f} B | {r.rss_per_page_mb:.1f} MiB "
            f"| {r.join_s:.1f} s | {said} |"
        )
    print()
    for r in results:
        if not r.taps:
            print(f"{r.n} devices: no tap measured")
            continue
        cpu = [t.cpu_ms for t in r.taps]
        updated = statistics.fmean(t.updated for t in r.taps)
        print(
            f"{r.n} devices{' (phones in pockets)' if r.pockets else ''}: {len(r.taps)} taps ({r.misses} not "
            f"counted), pages updated per tap {updated:.1f} of {r.n}; idle app {r.idle_cpu_ms_per_s:.0f} ms "
            f"CPU/s; joining {r.join_cpu_s:.1f} s of app CPU; through the taps (between them too) "
            f"{1000 * r.run_cpu_s / len(r.taps):.0f} ms of app CPU per tap"
        )
        goal = GOAL_CPU_MS.get(r.n)
        if goal is not None:
            p95 = pct(cpu, 0.95)
            print(
                f"  app CPU per tap p95 {p95:.0f} ms, goal ≤ {goal:.0f} ms: ratio {p95 / goal:.2f} "
                f"({'met' if p95 <= goal else 'not met'})"
            )
        if r.n == 24 or (r.n <= 24 and r.n == max(x.n for x in results)):
            ratio = r.join_s / JOIN_GOAL_S
            print(
                f"  {r.n} devices joining at once: all seated in {r.join_s:.1f} s, "
                f"goal ≤ {JOIN_GOAL_S:.0f} s: "
                f"ratio {ratio:.2f} ({'met' if ratio <= 1 else 'not met'})"
            )
        if draws:
            est = pct(cpu, 0.95) + WIFI_MS + draw95
            print(
                f"  estimate at a real table p95 ≈ {est:.0f} ms (app {pct(cpu, 0.95):.0f} + Wi-Fi "
                f"{WIFI_MS:.0f} + one device's draw {draw95:.0f}); goal ≤ {GOAL_ESTIMATE_MS:.0f} ms: "
                f"ratio {est / GOAL_ESTIMATE_MS:.2f}"
            )
    for kind, v in draws.items():
        if v:
            print(
                f"one Chromium page alone ({kind}, {len(v)} updates): message → frame drawn "
                f"p50 {pct(v, 0.5):.0f} ms, p95 {pct(v, 0.95):.0f} ms"
            )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.campfire", description=__doc__.splitlines()[0])
    ap.add_argument("--devices", default="8,24,48", help="device counts to measure (default 8,24,48)")
    ap.add_argument("--taps", type=int, default=60, help="taps per size (at least 50 for the report)")
    ap.add_argument("--browser-taps", type=int, default=20, help="updates drawn per Chromium page size")
    ap.add_argument("--no-browser", action="store_true", help="skip the Chromium page")
    ap.add_argument("--seed", type=int, default=SEED, help=f"the game's seed (default {SEED})")
    ap.add_argument("--detail", type=Path, default=None, help="one JSON line per tap written here")
    ap.add_argument(
        "--pockets",
        action="store_true",
        help="also play each size with the phones in their players' pockets (taken out for news)",
    )
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    sizes = [int(x) for x in args.devices.split(",") if x.strip()]
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(max(soft, 4096), hard), hard))
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="tk-campfire-") as tmp_:
        tmp = Path(tmp_)
        for n in sizes:
            print(f"{n} devices:", flush=True)
            results.append(asyncio.run(run_size(n, args.taps, tmp, args.seed)))
            if args.pockets:
                print(f"{n} devices, the phones in pockets:", flush=True)
                results.append(asyncio.run(run_size(n, args.taps, tmp / "pockets", args.seed, True)))
        draws = {} if args.no_browser else browser_draw(tmp, args.browser_taps, args.seed)
    if args.detail is not None:
        with args.detail.open("w") as f:
            for r in results:
                for t in r.taps:
                    f.write(json.dumps({"devices": r.n, **t.__dict__}) + "\n")
    report(results, draws)


if __name__ == "__main__":
    main()
