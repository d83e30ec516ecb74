"""``python -m benchmarks.campfire_evening``: a whole 20-player evening of Pandémie on one laptop, with a
crash.

The app runs as the campfire runs it (``tablekeeper app --web --host 0.0.0.0``, HTTPS). The leader's page (the
host's cookie) creates a 4-province, 5-players-a-province table with the 20 children's names; then devices
join as a troop does, each a protocol-level Flet client (:class:`harness.flet_client.FletPage`: it registers a
page, keeps its control tree and taps controls by their semantics identifiers) from its own loopback address,
with its own device cookie and its own local storage (kept across its pages, as a browser keeps it): one
tablet per province playing in turn for the children without a phone, and phones for some children
(``--phones``, spread over the provinces). The leader's page allows each tablet.

Every device plays what its page offers, as a hurried child would: a turn is a few random actions, then the
end of the actions, the cards drawn, the cards discarded over the limit, the propagation — until the game
ends. When ``--kill-after`` actions are recorded, the app is killed (SIGKILL) and started again with the same
command. Each device's page is cut; it connects again every second, as a browser's page does, and is counted
**back by itself** when it shows its own seat again (a phone: its seat's screen; a tablet: its province,
playing in turn) without a tap. A device that comes back on the start screen is re-joined by hand (the PIN
typed, its seat tapped) so that the evening can go on — and that is reported as a failure, with what the page
showed.

Printed: the game's end, the actions and events, the errors (the app's log, the error banners pages showed),
the events recorded before the kill and found again after (lost: 0), each device's way back and the time to
the last one, the taps (tap → the page's answer). The exit status is 0 only when the game ended with no error,
nothing lost and every device back by itself.

    python -m benchmarks.campfire_evening [--phones 8] [--kill-after 20] [--seed 7]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import hmac
import random
import re
import signal
import sqlite3
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.sync.protocol import new_device_token
from harness.app import free_port, start_app, stop_app
from harness.flet_client import BROWSER_PAGE, FletPage

NAMES = (
    "Léa Hugo Chloé Nathan Emma Tom Inès Jules Manon Louis Zoé Adam Lina Noé Jade Marc Alice Paul Rose Sacha"
).split()
PROVINCES = ("G", "H", "E", "A")
PER_PROVINCE = 5
BACK_TIMEOUT_S = 120.0  # a device not on its seat this long after the app answers again: it did not come back
STALL_S = 150.0  # no new event for this long: the evening is stuck (said, with who holds what)
RECONNECT_S = 1.0  # a cut page tries again this often (a browser's Flet client does about this)
ENDS = ("Terminer les actions", "End actions")
DRAW = ("Piocher", "Draw")
PROPAGATE = ("Propagation", "Infect")
DISCARD = ("Défausser", "Discard")
NOT_RANDOM = ENDS + DRAW + PROPAGATE + DISCARD + ("Jouer ", "Play ", "Garder", "Store")
APPROVAL = ("Cette tablette n'est pas encore autorisée", "This tablet may not act for the table yet")
# two devices of a province tapping at once (a tablet and a phone): the later tap was chosen on a game that
# has moved on, and is refused so that it is chosen again -- the rules' answer to a race, not an error
STALE = ("La partie a changé entre-temps", "The game changed meanwhile")
PHONE = {**BROWSER_PAGE, "width": 412.0, "height": 915.0, "platform": "android"}
TABLET = {**BROWSER_PAGE, "width": 1280.0, "height": 800.0, "platform": "android"}
LEADER = {**BROWSER_PAGE, "width": 1366.0, "height": 768.0}


def _texts(node: Any) -> list[str]:
    out: list[str] = []
    if isinstance(node, dict):
        v = node.get("value")
        if isinstance(v, str) and v:
            out.append(v)
        for k, x in node.items():
            if k != "value":
                out += _texts(x)
    elif isinstance(node, list):
        for x in node:
            out += _texts(x)
    return out


def label(page: FletPage, ident: str) -> str:
    found = page.find(ident)
    return " ".join(_texts(found)) if found is not None else ""


@dataclass
class Device:
    """One tablet or phone: its cookie and its storage outlive its pages (a browser's own)."""

    name: str
    kind: str  # "tablet" or "phone"
    seat: str  # "table" for a tablet
    province: str
    source: str  # its loopback source address
    token: str = field(default_factory=new_device_token)
    storage: dict[str, Any] = field(default_factory=dict)
    page: FletPage | None = None
    taps: int = 0
    answers_ms: list[float] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    cut_at: float | None = None
    back_s: float | None = None  # seconds from the app answering again to its seat on screen
    back_how: str = ""  # "by itself", "by hand: …", "never: …"
    saw_end: bool = False
    acted: int = 0  # random actions this turn

    @property
    def props(self) -> dict[str, Any]:
        return TABLET if self.kind == "tablet" else PHONE


class Evening:
    def __init__(self, phones: int, kill_after: int, seed: int, log_dir: Path) -> None:
        self.rng = random.Random(seed)
        self.kill_after = kill_after
        self.dir = log_dir
        self.port = free_port()
        self.url = f"https://127.0.0.1:{self.port}/"
        self.data = log_dir / "data"
        self.proc: Any = None
        self.pin = ""
        self.store: Path | None = None
        self.leader: FletPage | None = None
        self.leader_storage: dict[str, Any] = {}
        self.leader_token = new_device_token()
        self.devices = self._devices(phones)
        self.stop = asyncio.Event()
        self.up = asyncio.Event()  # the app answers (cleared while it is down)
        self.up_at = 0.0
        self.killed = False
        self.before: list[tuple[int, str, str]] = []  # (seq, type, digest) of every event at the kill
        self.after_match = 0
        self.banners: dict[str, int] = {}  # error banner text → pages that showed it
        self.races = 0  # taps refused because the game had moved on since the page drew its choices
        self.outcome = ""
        self.stalled = ""
        self.started = 0.0
        self.ended = 0.0
        self.leader_back = ""
        self.approvals = 0  # tablets told to wait for the leader's approval (expected: once each)
        self.failure = ""  # what stopped the evening early (a page that never showed what it should)
        self.final_events = self.final_actions = 0

    def _devices(self, phones: int) -> list[Device]:
        out = [
            Device(f"tablet {p}", "tablet", "table", p, f"127.0.71.{i + 1}") for i, p in enumerate(PROVINCES)
        ]
        # phones spread over the provinces: the first player of Gallia, of Hispania, …, then the second…
        order = [f"p{pi * PER_PROVINCE + k + 1}" for k in range(PER_PROVINCE) for pi in range(len(PROVINCES))]
        for i, seat in enumerate(order[:phones]):
            n = int(seat[1:]) - 1
            out.append(
                Device(
                    f"phone {seat} ({NAMES[n]})",
                    "phone",
                    seat,
                    PROVINCES[n // PER_PROVINCE],
                    f"127.0.72.{i + 1}",
                )
            )
        return out

    # -- the app ------------------------------------------------------------------------------------------
    def start(self, log: str) -> None:
        self.proc = start_app(self.data, self.port, lan=True, log_path=self.dir / log)
        self.up_at = time.monotonic()
        self.up.set()

    def host_cookie(self) -> str:
        key = (self.data / "web-host-key").read_text().strip()
        digest = hmac.new(key.encode(), b"tablekeeper host cookie", hashlib.sha256).hexdigest()
        return f"tk_host={digest}; tk_device={self.leader_token}"

    def events(self) -> list[tuple[int, str, str]]:
        assert self.store is not None
        con = sqlite3.connect(f"file:{self.store}?mode=ro", uri=True, timeout=5)
        try:
            rows = con.execute("SELECT seq, type, body FROM events ORDER BY seq").fetchall()
        finally:
            con.close()
        return [(int(s), str(t), hashlib.sha256(bytes(b)).hexdigest()[:16]) for s, t, b in rows]

    def actions(self) -> int:
        assert self.store is not None
        con = sqlite3.connect(f"file:{self.store}?mode=ro", uri=True, timeout=5)
        try:
            return int(con.execute("SELECT count(*) FROM actions").fetchone()[0])
        finally:
            con.close()

    # -- the leader -----------------------------------------------------------------------------------------
    async def create(self) -> None:
        page = self.leader = await FletPage.open(
            self.url, dict(LEADER), cookie=self.host_cookie(), storage=self.leader_storage
        )
        await page.tap("start-new", 60)
        await page.tap("game-pandemie")
        await page.type("opt-provinces", str(len(PROVINCES)))
        await page.type("opt-players", str(PER_PROVINCE))
        await page.tap("opt-difficulty-novice")
        await page.type("player-names", ", ".join(NAMES))
        await page.tap("create")
        await page.wait_for("join-code", 60)
        for _ in range(100):
            self.pin = next((m.group(1) for s in page.strings() if (m := re.search(r"PIN : (\d{6})", s))), "")
            if self.pin:
                break
            await asyncio.sleep(0.1)
        stores = sorted(self.data.glob("*.sqlite"))
        assert self.pin and stores, "the table was not created"
        self.store = stores[-1]

    async def lead(self) -> None:
        """The leader's page: allows every tablet that asks; after the crash, comes back and opens the
        table."""
        while not self.stop.is_set():
            page = self.leader
            if page is None or page.closed:
                await self.up.wait()
                try:
                    page = self.leader = await FletPage.open(
                        self.url, dict(LEADER), cookie=self.host_cookie(), storage=self.leader_storage
                    )
                except OSError:
                    await asyncio.sleep(RECONNECT_S)
                    continue
                with contextlib.suppress(TimeoutError):
                    await page.wait_for("start-new", 30)
                    self.leader_back = "start screen (the hosted table is one tap away)"
                    await page.tap("open-0", 30)
                    await page.wait_for("join-code", 30)
            if page.find("tablet-allow-0") is not None:
                with contextlib.suppress(Exception):
                    await page.tap("tablet-allow-0", 2)
            await asyncio.sleep(0.5)

    # -- a device -------------------------------------------------------------------------------------------
    async def open_page(self, d: Device) -> FletPage:
        d.page = await FletPage.open(
            self.url,
            dict(d.props),
            cookie=f"tk_device={d.token}",
            local_addr=(d.source, 0),
            storage=d.storage,
        )
        return d.page

    async def join(self, d: Device) -> None:
        """Joined as a child or a leader does it: the PIN, then the seat (a tablet: its province, in turn)."""
        page = d.page or await self.open_page(d)
        await page.type("here-pin", self.pin, 60)
        await page.tap("here-open")
        if d.kind == "tablet":
            await page.tap(f"seat-table-{d.province}", 60)
            await page.tap("follow", 60)
        else:
            await page.tap(f"seat-{d.seat}", 60)
        await page.wait_for("actions", 60)

    def on_seat(self, page: FletPage) -> bool:
        ids = page.identifiers()
        return "actions" in ids and "here-pin" not in ids

    async def come_back(self, d: Device) -> None:
        """The page was cut (the app killed): a new page every second until the app answers; then its seat by
        itself, or (after BACK_TIMEOUT_S) joined again by hand."""
        while True:
            await self.up.wait()
            try:
                page = await self.open_page(d)
                break
            except OSError:
                await asyncio.sleep(RECONNECT_S)
        end = self.up_at + BACK_TIMEOUT_S
        while time.monotonic() < end and not page.closed:
            if self.on_seat(page):
                d.back_s = time.monotonic() - self.up_at
                d.back_how = "by itself"
                return
            page.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(page.changed.wait(), 0.5)
        shown = sorted(i for i in page.identifiers() if not i.startswith(("choice-", "map-", "log-")))[:12]
        if page.find("here-pin") is not None:
            await self.join(d)
            d.back_s = time.monotonic() - self.up_at
            d.back_how = f"by hand: it came back on the start screen (showing {', '.join(shown)})"
        else:
            d.back_how = f"never: after {BACK_TIMEOUT_S:.0f} s it showed {', '.join(shown) or 'nothing'}"

    def choose(self, d: Device, page: FletPage) -> str | None:
        """The control this device taps now, or None: a few random actions a turn, then the turn's steps."""
        ids = page.identifiers()
        if "its-me" in ids:  # a tablet playing in turn: the child whose turn it is takes it
            return "its-me"
        choices = sorted((i for i in ids if re.fullmatch(r"choice-\d+", i)), key=lambda i: int(i[7:]))
        if not choices:
            acts = sorted(i for i in ids if i.startswith("act-"))
            return self.rng.choice(acts) if acts else None
        said = {c: label(page, c) for c in choices}

        def first(words: tuple[str, ...]) -> str | None:
            return next((c for c in choices if said[c].startswith(words)), None)

        if (c := first(DISCARD)) is not None:
            return c
        end = first(ENDS)
        if end is not None:
            others = [c for c in choices if not said[c].startswith(NOT_RANDOM)]
            if others and d.acted < 3 and self.rng.random() < 0.6:
                d.acted += 1
                return self.rng.choice(others)
            d.acted = 0
            return end
        if (c := first(DRAW)) is not None:
            return c
        everything = [
            c
            for c in choices
            if said[c].startswith(PROPAGATE) and ("toutes" in said[c] or "every" in said[c])
        ]
        if everything:
            return everything[0]
        if (c := first(PROPAGATE)) is not None:
            return c
        return choices[0]

    async def play(self, d: Device) -> None:
        while not self.stop.is_set():
            page = d.page
            if page is None or page.closed:
                if self.stop.is_set():
                    return
                d.cut_at = time.monotonic()
                await self.come_back(d)
                continue
            banner = label(page, "error") if page.find("error") is not None else ""
            if banner and banner not in d.refusals[-1:]:
                d.refusals.append(banner)
                if banner.startswith(APPROVAL):  # a tablet's first action, before the leader allows it
                    self.approvals += 1
                elif banner.startswith(STALE):
                    self.races += 1
                else:
                    self.banners[banner] = self.banners.get(banner, 0) + 1
            if page.find("outcome") is not None:
                d.saw_end = True
                if all(x.saw_end for x in self.devices):
                    self.outcome = label(page, "outcome")
                    self.stop.set()
                page.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(page.changed.wait(), 1)
                continue
            target = self.choose(d, page)
            if target is None:
                page.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(page.changed.wait(), 2)
                continue
            shown = self.offered(page)
            before = len(page.frames)
            t0 = time.monotonic()
            try:
                await page.tap(target, 5)
            except Exception:  # noqa: BLE001 - the page moved meanwhile (or was cut): look again
                await asyncio.sleep(0.2)
                continue
            d.taps += 1
            # the answer: the page's first update, then what it offers changed (a child waits for the screen)
            while not page.closed and time.monotonic() - t0 < 15:
                if len(page.frames) > before and self.offered(page) != shown:
                    break
                page.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(page.changed.wait(), 0.5)
            if len(page.frames) > before:
                d.answers_ms.append(1000 * (page.frames[before][0] - t0))
            await asyncio.sleep(self.rng.uniform(0.2, 0.6))  # a child reads the screen

    @staticmethod
    def offered(page: FletPage) -> tuple[tuple[str, str], ...]:
        """What the page offers to tap now (its choices and their labels, a tablet's gate and seats)."""
        ids = page.identifiers()
        return tuple(
            sorted((i, label(page, i)) for i in ids if i.startswith(("choice-", "act-")) or i == "its-me")
        )

    # -- the crash ------------------------------------------------------------------------------------------
    async def watch(self) -> None:
        """Kills the app once ``kill_after`` actions are recorded, starts it again; says when nothing
        moves."""
        last, moved = -1, time.monotonic()
        while not self.stop.is_set():
            await asyncio.sleep(0.5)
            if not self.up.is_set():
                continue
            try:
                n = await asyncio.to_thread(self.actions)
            except sqlite3.Error:
                continue
            if n != last:
                last, moved = n, time.monotonic()
            elif time.monotonic() - moved > STALL_S:
                self.stalled = f"no action for {STALL_S:.0f} s after {n} actions"
                self.stop.set()
                return
            if not self.killed and n >= self.kill_after:
                self.killed = True
                self.up.clear()
                self.proc.send_signal(signal.SIGKILL)  # as a flat battery would
                await asyncio.to_thread(self.proc.wait, 10)
                self.before = await asyncio.to_thread(self.events)
                await asyncio.to_thread(self.start, "app-again.log")
                moved = time.monotonic()

    async def run(self) -> None:
        self.start("app.log")
        stage = "creating the table"
        try:
            await self.create()
            leader = asyncio.create_task(self.lead())
            for d in self.devices:  # one after the other, as children arrive
                stage = f"joining {d.name}"
                await self.join(d)
            stage = "playing"
            self.started = time.monotonic()
            tasks = [asyncio.create_task(self.play(d)) for d in self.devices]
            watcher = asyncio.create_task(self.watch())
            await self.stop.wait()
            self.ended = time.monotonic()
            for t in [*tasks, watcher, leader]:
                t.cancel()
            await asyncio.gather(*tasks, watcher, leader, return_exceptions=True)
            after = await asyncio.to_thread(self.events)
            self.after_match = sum(1 for a, b in zip(self.before, after, strict=False) if a == b)
            self.final_events = len(after)
            self.final_actions = await asyncio.to_thread(self.actions)
        except Exception as exc:  # noqa: BLE001 - said in the report, with the stage it stopped at
            self.failure = f"{stage}: {type(exc).__name__}: {exc}"
        finally:
            for d in self.devices:
                if d.page is not None:
                    await d.page.close()
            if self.leader is not None:
                await self.leader.close()
            if self.proc is not None and self.proc.poll() is None:
                stop_app(self.proc)

    # -- the report -----------------------------------------------------------------------------------------
    def log_errors(self) -> list[str]:
        out = []
        for name in ("app.log", "app-again.log"):
            p = self.dir / name
            if p.exists():
                for line in p.read_text(errors="replace").splitlines():
                    if "Traceback" in line or " ERROR " in line or " CRITICAL " in line:
                        out.append(f"{name}: {line.strip()[:160]}")
        return out

    def report(self) -> int:
        errors = self.log_errors()
        lost = len(self.before) - self.after_match
        taps = [ms for d in self.devices for ms in d.answers_ms]
        backs = [d for d in self.devices if d.back_how]
        by_itself = [d for d in backs if d.back_how == "by itself"]
        minutes = (self.ended - self.started) / 60 if self.ended else 0.0
        print(
            f"{len(PROVINCES)} provinces × {PER_PROVINCE} players = {len(NAMES)} players; devices: "
            f"{sum(d.kind == 'tablet' for d in self.devices)} tablets, "
            f"{sum(d.kind == 'phone' for d in self.devices)} "
            f"phones, the leader's laptop; app killed (SIGKILL) after {self.kill_after} actions"
        )
        print(f"end: {self.outcome or 'none'}{' — STALLED: ' + self.stalled if self.stalled else ''}")
        if self.failure:
            print(f"STOPPED while {self.failure}")
        print(
            f"played: {self.final_actions} actions, {self.final_events} events in "
            f"{minutes:.1f} min; {sum(d.taps for d in self.devices)} taps"
        )
        print(f"errors in the app's log: {len(errors)}")
        for e in errors[:10]:
            print(f"  {e}")
        print(
            f"error banners on pages: {sum(self.banners.values())} (and {self.approvals} tablet(s) told to "
            "wait for the leader's approval, which the leader's page then gave)"
        )
        print(f"taps refused because another device had just played (chosen again): {self.races}")
        for text, n in sorted(self.banners.items(), key=lambda kv: -kv[1])[:10]:
            print(f"  {n} × {text[:150]}")
        print(
            f"events recorded at the kill: {len(self.before)}; "
            f"found again after the restart: {self.after_match}; lost: {lost}"
        )
        if self.leader_back:
            print(f"the leader's page came back on the {self.leader_back}")
        print("devices after the restart:")
        for d in self.devices:
            when = f"{d.back_s:.1f} s" if d.back_s is not None else "—"
            print(f"  {d.name:<24} {when:>8}  {d.back_how or 'not cut'}")
        last = max((d.back_s for d in by_itself if d.back_s is not None), default=None)
        if taps:
            print(
                f"tap → the page's answer: p50 {statistics.median(taps):.0f} ms, "
                f"p95 {sorted(taps)[int(0.95 * (len(taps) - 1))]:.0f} ms over {len(taps)} taps"
            )
        print()
        print("| players / devices | actions | errors | lost actions | back by itself | last device back |")
        print("|---|---|---|---|---|---|")
        print(
            f"| {len(NAMES)} / {len(self.devices)} + leader | {self.final_actions} "
            f"| {len(errors) + sum(self.banners.values())} | {lost} of {len(self.before)} "
            f"| {len(by_itself)} of {len(self.devices)} | {f'{last:.1f} s' if last is not None else '—'} |"
        )
        ok = (
            not self.failure
            and bool(self.outcome)
            and not self.stalled
            and not errors
            and not self.banners
            and lost == 0
            and self.killed
            and len(by_itself) == len(self.devices)
        )
        print("result:", "PASS" if ok else "FAIL")
        return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m benchmarks.campfire_evening", description=__doc__.split("\n\n")[0]
    )
    p.add_argument(
        "--phones", type=int, default=8, help="children with a phone, spread over the provinces (0-20)"
    )
    p.add_argument(
        "--kill-after",
        type=int,
        default=20,
        help="actions recorded before the app is killed (a lost game may end before 60)",
    )
    p.add_argument(
        "--seed", type=int, default=7, help="the devices' choices (the game's shuffles are the app's)"
    )
    p.add_argument("--keep", type=Path, default=None, help="keep the app's data and logs in this folder")
    args = p.parse_args(argv)
    if not 0 <= args.phones <= len(NAMES):
        p.error(f"--phones: 0 to {len(NAMES)}")
    folder = args.keep or Path(tempfile.mkdtemp(prefix="tk-evening-"))
    folder.mkdir(parents=True, exist_ok=True)
    evening = Evening(args.phones, args.kill_after, args.seed, folder)
    asyncio.run(evening.run())
    print(f"(the app's data and logs: {folder})")
    return evening.report()


if __name__ == "__main__":
    raise SystemExit(main())
