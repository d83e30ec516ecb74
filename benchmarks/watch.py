"""What the UI benchmarks (:mod:`benchmarks.ui`, :mod:`benchmarks.ui_map`) share: the in-page watch that
stamps the moment a page shows a new event number, the percentile, and the CPU each part of the machine
spent while the taps were timed.

The watch must not load the machine it measures: the page stamps the time itself (``Date.now()`` when a
change of its accessibility tree first shows a later event number, read with ``textContent``, which needs
no layout), and the benchmark collects the stamps ``FIRST_S`` after the tap, then every ``POLL_S``, instead
of asking every few milliseconds (each ask is a round trip through Playwright's driver into every page,
which took CPU from the pages measured).
"""

from __future__ import annotations

import os
import re
import signal
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

POLL_S = 0.1
FIRST_S = 0.3  # the first ask for the stamps, s after the tap (see stamps)

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
    for (const m of (h.textContent + '\\n' + labels).matchAll(re)) { if (parseInt(m[1]) > seq0) return true; }
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

# Without the accessibility tree (as devices are used: Flutter builds it only for a screen reader, or when
# a test asks for it, and keeping it costs each page ~300 ms of CPU per update on this machine), a page is
# watched from inside: every websocket message from the app is searched for the header's event number
# (``__tkSeen``: the highest seen), and once armed with ``seq0`` the page stamps the end of the first
# animation frame that began after a message showing a later number (Flutter draws a change in the frame
# after the message that made it). Installed before the page loads (``BrowserContext.add_init_script``).
INIT_JS = """(() => {
  if (window.__tkHooked) return;
  window.__tkHooked = true;
  window.__tkSeen = 0; window.__tkArm = -1; window.__tkMsgAt = 0; window.__tkMsgT = 0; window.__tkT = 0;
  const re = /(?:événement n° |event #)(\\d+)/g;
  const dec = new TextDecoder('utf-8', {fatal: false});
  const look = (text) => {
    let best = 0;
    for (const m of text.matchAll(re)) best = Math.max(best, parseInt(m[1]));
    if (best > window.__tkSeen) window.__tkSeen = best;
    if (window.__tkArm >= 0 && best > window.__tkArm && !window.__tkMsgAt) {
      window.__tkMsgAt = performance.now(); window.__tkMsgT = Date.now();
    }
  };
  const Native = window.WebSocket;
  class Watched extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (ev) => {  // added first: runs before the app's own handler
        window.__tkMsgs++;
        if (window.__tkArm >= 0) {
          const n = typeof ev.data === 'string' ? ev.data.length : (ev.data.byteLength || ev.data.size || 0);
          let said = '';
          // TK_BENCH_TEXTS: what a message says
          if (__TEXTS__ && ev.data instanceof ArrayBuffer && n < 2000) {
            said = '=' + dec.decode(ev.data).replace(/[^ -~\u00c0-\u017f]+/g, '|').slice(0, 160);
          }
          window.__tkLog.push('m' + Math.round(performance.now() - window.__tkArmAt) + ':' + n + said);
        }
        const d = ev.data;
        if (typeof d === 'string') look(d);
        else if (d instanceof ArrayBuffer) look(dec.decode(d));
        else if (d && d.arrayBuffer) d.arrayBuffer().then((b) => look(dec.decode(b)));
      });
    }
  }
  window.WebSocket = Watched;
  const raf = window.requestAnimationFrame.bind(window);
  window.__tkFrames = 0; window.__tkMsgs = 0; window.__tkLog = []; window.__tkArmAt = 0;
  window.requestAnimationFrame = (cb) => raf((t) => {
    const began = performance.now();
    window.__tkFrames++;
    cb(t);
    if (window.__tkArm >= 0) {
      const took = Math.round(performance.now() - began);
      window.__tkLog.push('f' + Math.round(began - window.__tkArmAt) + '-' + took);
    }
    if (window.__tkMsgAt && !window.__tkT && began >= window.__tkMsgAt) window.__tkT = Date.now();
  });
})()""".replace("__TEXTS__", "true" if os.environ.get("TK_BENCH_TEXTS") else "false")

ARM_FRAMES_JS = """(seq0) => {
  window.__tkArm = seq0; window.__tkMsgAt = 0; window.__tkMsgT = 0; window.__tkT = 0; window.__tkFrames = 0;
  window.__tkMsgs = 0; window.__tkLog = []; window.__tkArmAt = performance.now();
  return true;
}"""

SEQ_JS = """() => {
  const h = document.querySelector('flt-semantics-host');
  if (!h) return 0;
  const labels = [...h.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label')).join('\\n');
  let best = 0;
  for (const m of (h.textContent + '\\n' + labels).matchAll(/(?:événement n° |event #)(\\d+)/g)) {
    best = Math.max(best, parseInt(m[1]));
  }
  return best;
}"""


BANNER = ("announce", "errors", "announce-seen")  # the announcements' banner (companion.ui.alerts)


def _below_banner(d: Any) -> float:
    """Where the screen's scrolling part begins: below the announcements' banner when one is shown (it stands
    above that part, which scrolls under it: a button scrolled up there has a box on the page but is hidden,
    and a tap there lands on the banner, which it dismisses)."""
    top = 0.0
    for ident in BANNER:
        loc = d.page.locator(d.sel(ident))
        try:
            box = loc.first.bounding_box(timeout=1_000) if loc.count() else None
        except Exception:  # noqa: BLE001 - the banner went meanwhile
            box = None
        if box is not None:
            top = max(top, box["y"] + box["height"] + 12)  # (its band's padding)
    return top


def on_screen(d: Any, ident: str) -> dict[str, float] | None:
    """The box of control ``ident`` once it is on the page's screen (in the viewport, below the banner): a
    device the size of a phone scrolls to it as its user would (a wheel turn over the page), then the box is
    read again. None if there is none."""
    page = d.page
    size = page.viewport_size or {"width": 1100, "height": 2400}
    for _ in range(4):
        try:
            box = page.locator(d.sel(ident)).first.bounding_box(timeout=10_000)
        except Exception:  # noqa: BLE001 - a timeout or a page gone: handled below
            return None
        if box is None:
            return None
        top = _below_banner(d)
        if top <= box["y"] and box["y"] + box["height"] <= size["height"]:
            return box
        page.mouse.move(size["width"] / 2, size["height"] / 2)
        page.mouse.wheel(0, box["y"] - top - (size["height"] - top) / 3)
        page.wait_for_timeout(400)  # the scroll has ended and the accessibility tree follows it
    return None


def pct(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


class Unresponsive(RuntimeError):
    """A page did not answer a script within the time given (its main thread is held)."""

    def __init__(self, index: int, why: str) -> None:
        super().__init__(f"page {index} did not answer within the time given ({why})")
        self.index = index


def arm(pages: Sequence[Any], seq0: int, a11y: bool = True, timeout: float = 15.0) -> None:
    """Each page stamps the moment it first shows an event number above ``seq0``: read in its accessibility
    tree (``a11y``), else the end of the first frame after the message that brought it (``INIT_JS``).
    Raises :class:`Unresponsive` naming a page that does not answer within ``timeout`` s (``evaluate``
    would wait for it for ever)."""
    for k, pg in enumerate(pages):
        try:
            pg.wait_for_function(
                WATCH_JS if a11y else ARM_FRAMES_JS, arg=seq0, polling=100, timeout=1000 * timeout
            )
        except Exception as exc:
            raise Unresponsive(k, str(exc).splitlines()[0][:200]) from exc


def arrivals(pages: Sequence[Any]) -> list[float]:
    """When the message that brought the new event number reached each page (``INIT_JS``; ms since the
    epoch, 0 when unknown): the app's and the network's part of a repaint, before the browser's."""
    return [float(pg.evaluate("() => window.__tkMsgT || 0")) for pg in pages]


def frames(pages: Sequence[Any]) -> list[int]:
    """Animation frames each page ran since it was armed (``INIT_JS``)."""
    return [int(pg.evaluate("() => window.__tkFrames || 0")) for pg in pages]


def messages(pages: Sequence[Any]) -> list[int]:
    """Websocket messages from the app each page received since it was armed (``INIT_JS``)."""
    return [int(pg.evaluate("() => window.__tkMsgs || 0")) for pg in pages]


def timeline(pages: Sequence[Any]) -> list[list[str]]:
    """Each page's messages (``m<ms>``) and animation frames (``f<start ms>-<ms spent in the frame's
    callbacks>``) since it was armed, in ms from the arming (``INIT_JS``)."""
    return [list(pg.evaluate("() => window.__tkLog || []")) for pg in pages]


def seen(page: Any) -> int:
    """The highest event number the app sent to a page watched with ``INIT_JS``."""
    return int(page.evaluate("() => window.__tkSeen || 0"))


def stamps(pages: Sequence[Any], timeout: float, first: float = FIRST_S) -> list[float]:
    """The pages' stamps (ms since the epoch, 0 for a page that did not repaint within ``timeout`` s). Each
    page stamps its own repaint (``INIT_JS``): asking later changes no time measured, so the first ask is
    ``first`` s after the tap and the next ones every ``POLL_S``, each only of the pages not stamped yet
    (an ask is a round trip through Playwright's driver into the page, CPU taken from the pages measured)."""
    out = [0.0] * len(pages)
    deadline = time.monotonic() + timeout
    time.sleep(first)
    while True:
        for k, pg in enumerate(pages):
            if not out[k]:
                out[k] = float(pg.evaluate("() => window.__tkT || 0"))
        if all(out) or time.monotonic() >= deadline:
            return out
        time.sleep(POLL_S)


# -- CPU per part of the machine -------------------------------------------------------------------------
_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _processes() -> dict[int, tuple[str, int, float]]:
    """pid → (name, parent pid, CPU seconds so far) of every process (Linux /proc; empty elsewhere)."""
    out: dict[int, tuple[str, int, float]] = {}
    for d in Path("/proc").glob("[0-9]*"):
        try:
            raw = (d / "stat").read_text()
        except OSError:
            continue
        name = raw[raw.index("(") + 1 : raw.rindex(")")]
        f = raw[raw.rindex(")") + 2 :].split()
        out[int(d.name)] = (name, int(f[1]), (int(f[11]) + int(f[12])) / _TICK)
    return out


def quiet(below: float = 0.3, window: float = 0.25, timeout: float = 8.0) -> float:
    """Wait until the whole machine uses less than ``below`` of a core over ``window`` seconds (a page just
    reloaded has finished drawing itself), at most ``timeout`` s; returns the last rate seen (cores)."""
    deadline = time.monotonic() + timeout
    rate = 0.0
    while time.monotonic() < deadline:
        a = sum(c for _n, _p, c in _processes().values())
        time.sleep(window)
        rate = (sum(c for _n, _p, c in _processes().values()) - a) / window
        if rate < below:
            break
    return rate


def _chromium_kind(pid: int) -> str:
    """``renderer``, ``gpu-process``, ... of a Chromium process (``browser`` for the main one)."""
    try:  # Chromium rewrites its children's command lines into one string
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        cmd = ""
    kind = re.search(r"--type=(\S+)", cmd)
    return kind.group(1) if kind else "browser"


class Watchdog:
    """Kills a Chromium renderer that spins while the benchmark waits on it.

    Seen once in ~25 runs: a page's Flutter client trapped (*memory access out of bounds*) just
    as its accessibility tree was turned on, then its main thread and its raster worker spun at two cores
    for ever, and Playwright's next call into it (a mouse move, which has no timeout) never returned: the
    run hung. When the benchmark's loop has not :meth:`beat` for ``stall`` s, a renderer that has used more
    than ``spin`` of a core at every look (``every`` s apart) for ``spun`` s is killed (a page opening,
    its code compiled, takes a few seconds): the call into it then fails and the benchmark opens that
    device's page again (``killed`` lists them)."""

    def __init__(
        self, stall: float = 45.0, every: float = 3.0, spin: float = 0.9, spun: float = 20.0
    ) -> None:
        self.stall, self.every, self.spin, self.spun = stall, every, spin, spun
        self.last = time.monotonic()
        self.killed: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="tk-watchdog")

    def beat(self) -> None:
        self.last = time.monotonic()

    def start(self) -> Watchdog:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def _renderers(self) -> dict[int, float]:
        return {
            pid: cpu
            for pid, (name, _pp, cpu) in _processes().items()
            if "chrom" in name.lower() and _chromium_kind(pid) == "renderer"
        }

    def _run(self) -> None:
        before, since = self._renderers(), {}  # since: pid → when it began to spin (without a pause)
        while not self._stop.wait(self.every):
            now, t = self._renderers(), time.monotonic()
            spinning = {
                pid for pid, cpu in now.items() if (cpu - before.get(pid, cpu)) / self.every > self.spin
            }
            before = now
            since = {pid: since.get(pid, t) for pid in spinning}
            if t - self.last < self.stall:
                continue
            for pid, began in since.items():
                if t - began >= self.spun and pid not in self.killed:
                    try:
                        os.kill(pid, signal.SIGKILL)
                        self.killed.append(pid)
                    except OSError:
                        pass


class CpuMeter:
    """CPU seconds spent between :meth:`start` and :meth:`stop` (summed over the windows timed) by the app
    (``app_pid`` and its children), the browsers (Chromium's processes), and this process (the host, the
    relay, the Playwright client) with Playwright's driver."""

    def __init__(self, app_pid: int) -> None:
        self.app_pid = app_pid
        self.t0: dict[str, float] = {}
        self.wall0 = 0.0
        self.spent: dict[str, float] = {}
        self.wall = 0.0

    def _part(self, pid: int, procs: dict[int, tuple[str, int, float]]) -> str:
        me, seen = os.getpid(), 0
        name = procs[pid][0]
        if "chrom" in name.lower():
            return f"Chromium {_chromium_kind(pid)}"
        while pid in procs and seen < 64:
            if pid == self.app_pid:
                return "app (tablekeeper --web)"
            if pid == me:
                return "benchmark (host, driver)"
            pid, seen = procs[pid][1], seen + 1
        return "other"

    def _sample(self) -> dict[str, float]:
        procs = _processes()
        out: dict[str, float] = {}
        for pid, (_name, _pp, cpu) in procs.items():
            part = self._part(pid, procs)
            out[part] = out.get(part, 0.0) + cpu
        return out

    def start(self) -> None:
        self.t0, self.wall0 = self._sample(), time.monotonic()

    def stop(self) -> None:
        """Add what was spent since :meth:`start` (a meter can time several windows: each tap's own)."""
        end = self._sample()
        self.wall += time.monotonic() - self.wall0
        for k, v in end.items():
            if v - self.t0.get(k, 0.0) > 0:
                self.spent[k] = self.spent.get(k, 0.0) + v - self.t0.get(k, 0.0)

    def report(self, taps: int, per: str = "tap", during: str = "from each tap to its last repaint") -> str:
        """CPU ms per tap of each part, and the share of the machine's cores they took together."""
        if not self.spent or taps <= 0:
            return f"CPU per {per}: not measured"
        cores = os.cpu_count() or 1
        parts = sorted(self.spent.items(), key=lambda kv: -kv[1])
        busy = sum(self.spent.values()) / (self.wall * cores) if self.wall else 0.0
        return (
            f"CPU per {per}: "
            + ", ".join(f"{k} {1000 * v / taps:.0f} ms" for k, v in parts)
            + f"; the {cores} cores were {100 * busy:.0f}% busy {during}"
        )


__all__ = [
    "ARM_FRAMES_JS",
    "INIT_JS",
    "POLL_S",
    "SEQ_JS",
    "WATCH_JS",
    "CpuMeter",
    "Unresponsive",
    "Watchdog",
    "arm",
    "arrivals",
    "frames",
    "pct",
    "quiet",
    "seen",
    "stamps",
    "timeline",
]
