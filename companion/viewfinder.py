"""The live viewfinder's host side: camera frames in, steady reads out, for one open camera of one page.

A :class:`Lens` is one open viewfinder. Its frames come from:

* a **browser**: the page's own script (:mod:`companion.viewfinder_js`) captures the camera's picture a few
  times a second, downscaled, and posts it as a JPEG to ``/tk-frame`` on the page's own HTTPS session
  (:func:`endpoint`, routed by :class:`companion.web.Guard`). A post names its lens by a one-time token the
  screen handed its own page (through the page's websocket, never in an address), and it is taken only with
  the device cookie of the page that opened the lens: a frame from another browser, or for a lens already
  closed, is refused (403) and reaches no screen;
* the **device's own camera** (a desktop window's webcam, OpenCV; the phone app's camera stream): the same
  :meth:`Lens.feed`, from :mod:`companion.ui.viewfinder`.

Each frame is read with :func:`vision.read` in a worker thread (at most :data:`DECODERS` at once for the whole
process), then through a steadiness filter (:class:`vision.Steady`): a code acts only once it is seen in
``k`` of the last ``n`` frames, so a hand passing by triggers nothing. What appeared or went is handed to the
lens's owner (the screen) on the app's loop; the answer to each post is what the page draws over its video:
each code seen, outlined and named (:class:`Mark`), and a line saying what happened.

**Budgets** (a page is a stranger until it proved something, and reading costs the host's CPU): at most
:data:`MAX_OPEN` lenses open in the process and :data:`MAX_PER_DEVICE` per browser; per lens, at most
:data:`MAX_FPS` frames a second, :data:`MAX_BYTES_PER_S` bytes a second, :data:`MAX_FRAME_BYTES` per frame,
and one frame read at a time (a post that comes while the previous one is being read is told to wait).
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import os
import secrets
import time
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("tablekeeper.viewfinder")

PATH = "/tk-frame"
TOKEN_HEADER = b"x-tk-view"
CLOSE_HEADER = b"x-tk-close"  # the page closed its camera (its own close button, a page leaving)
ERROR_HEADER = b"x-tk-error"  # the page's camera failed to start (its error's name)

MAX_OPEN = int(os.environ.get("TABLEKEEPER_MAX_VIEWFINDERS", "8"))  # open lenses in this process
MAX_PER_DEVICE = 2  # open lenses per browser (two tabs of one phone)
MAX_FPS = 8.0  # frames a second per lens (the page sends about 5)
MAX_FRAME_BYTES = 600_000  # one JPEG (a 1280×720 frame at quality 0.8 is 80–200 KB)
MAX_BYTES_PER_S = 2_500_000  # per lens, over the last second
DECODERS = max(1, (os.cpu_count() or 2) - 1)  # frames read at once in the whole process
INTERVAL_MS = 160  # what the page is told: the least time between two of its frames


@dataclass(frozen=True)
class Mark:
    """One code drawn over the page's video: its corners (frame pixels), its name, and how it is drawn
    (``ok``: ours and meaningful now; ``done``: acted on; ``idle``: ours, nothing to do with it now; ``bad``:
    foreign or damaged)."""

    corners: tuple[tuple[float, float], ...]
    label: str
    tone: str = "ok"

    def to_json(self) -> dict[str, Any]:
        return {"c": [[round(x, 1), round(y, 1)] for x, y in self.corners], "t": self.label, "k": self.tone}


Describe = Callable[[Any], tuple[str, str]]  # a vision.Read → (its label, its tone)
OnChanges = Callable[[list[Any]], None]  # vision.Change list, called on the app's loop


class LensRefused(RuntimeError):
    """No lens opened (too many open, for this device or for the host): the message says which."""


@dataclass
class _Budget:
    """Frames and bytes of one lens over the last second."""

    fps: float = MAX_FPS
    bytes_per_s: int = MAX_BYTES_PER_S
    seen: collections.deque[tuple[float, int]] = field(default_factory=collections.deque)

    def allow(self, now: float, size: int) -> bool:
        while self.seen and self.seen[0][0] <= now - 1.0:
            self.seen.popleft()
        if len(self.seen) + 1 > self.fps or sum(b for _, b in self.seen) + size > self.bytes_per_s:
            return False
        self.seen.append((now, size))
        return True


def _default_describe(read: Any) -> tuple[str, str]:
    cid = getattr(read, "component_id", None)
    return (cid, "ok") if cid else (str(getattr(read, "raw", ""))[:24], "bad")


class Lens:
    """One open viewfinder: its token, whose it is, its steadiness filter and what it last said."""

    def __init__(
        self,
        registry: Registry,
        device: str | None,
        on_changes: OnChanges,
        describe: Describe | None = None,
        on_close: Callable[[str], None] | None = None,
        k: int = 3,
        n: int = 5,
    ) -> None:
        import vision

        self.registry = registry
        self.token = secrets.token_urlsafe(24)
        self.device = device  # the browser's device token; None: a camera of this very process
        self.on_changes = on_changes
        self.describe: Describe = describe or _default_describe
        self.on_close = on_close
        self.steady = vision.Steady(k, n)
        self.say = ""  # the line under the video (what was just done, or why nothing)
        self.closed = False
        self.why_closed = ""
        self.busy = False
        self.budget = _Budget()
        self.opened = time.monotonic()
        self.frames = 0  # frames read
        self.refused = 0  # frames refused (over budget, too big, while busy)
        self.read_s = 0.0  # CPU time spent reading this lens's frames (thread time)
        self.last_frame = 0.0
        self._last_reads: dict[str, Any] = {}  # the latest read of each code present (its corners)

    # -- frames ---------------------------------------------------------------------------------------------
    def allow(self, size: int) -> str:
        """Why a frame of ``size`` bytes is not read now ("" when it is)."""
        if self.closed:
            return "closed"
        if size > MAX_FRAME_BYTES:
            return "too big"
        if self.busy:
            return "busy"
        if not self.budget.allow(time.monotonic(), size):
            return "over budget"
        return ""

    async def feed(self, jpeg: bytes) -> dict[str, Any]:
        """Read one encoded frame (JPEG/PNG): the steady changes go to the owner; the answer is what the page
        draws (:meth:`answer`). Refused frames are answered without being read."""
        why = self.allow(len(jpeg))
        if why:
            self.refused += 1
            return self.answer(refused=why)
        self.busy = True
        try:
            reads, size, spent = await self.registry.read(jpeg)
        except ValueError as exc:  # not an image: said, the lens stays open
            self.refused += 1
            return self.answer(refused=f"unreadable frame ({exc})")
        finally:
            self.busy = False
        return self._after(reads, size, spent)

    async def feed_frame(self, frame: Any) -> dict[str, Any]:
        """Read one BGR frame (a camera of this very process), as :meth:`feed`."""
        if self.closed:
            return self.answer(refused="closed")
        self.busy = True
        try:
            reads, size, spent = await self.registry.read_frame(frame)
        finally:
            self.busy = False
        return self._after(reads, size, spent)

    def _after(self, reads: list[Any], size: tuple[int, int], spent: float) -> dict[str, Any]:
        self.frames += 1
        self.read_s += spent
        self.last_frame = time.monotonic()
        if self.closed:
            return self.answer(refused="closed")
        changes = self.steady.update(reads)
        for r in reads:
            self._last_reads[_key(r)] = r
        present = set(self.steady.present)
        for key in [k for k in self._last_reads if k not in present and k not in {_key(r) for r in reads}]:
            del self._last_reads[key]
        if changes:
            try:
                self.on_changes(changes)
            except Exception:
                log.exception("a viewfinder's owner failed on what appeared")
        return self.answer(reads=reads, size=size)

    def marks(self, reads: Sequence[Any]) -> list[Mark]:
        """The codes to outline: those of this frame, and those still present but missed in it (at their last
        corners: a code read in four frames of five does not blink)."""
        out: list[Mark] = []
        shown: set[str] = set()
        for r in [*reads, *(r for k, r in self._last_reads.items() if k not in {_key(x) for x in reads})]:
            key = _key(r)
            if key in shown:
                continue
            shown.add(key)
            try:
                label, tone = self.describe(r)
            except Exception:
                log.exception("describing a code for the viewfinder")
                label, tone = _default_describe(r)
            corners = tuple((float(x), float(y)) for x, y in r.corners)
            out.append(Mark(corners, label, tone))
        return out

    def answer(
        self, reads: Sequence[Any] = (), size: tuple[int, int] = (0, 0), refused: str = ""
    ) -> dict[str, Any]:
        out: dict[str, Any] = {"say": self.say, "wait": INTERVAL_MS}
        if self.closed:
            out["closed"] = True
            out["why"] = self.why_closed
            return out
        if refused:
            out["refused"] = refused
            return out
        out.update(w=size[0], h=size[1], marks=[m.to_json() for m in self.marks(reads)])
        return out

    # -- closing ---------------------------------------------------------------------------------------------
    def close(self, why: str = "") -> None:
        """Closed (by its screen, its page, or the host): no more frame is read; the owner is told once."""
        if self.closed:
            return
        self.closed, self.why_closed = True, why
        self.registry.forget(self)
        if self.on_close is not None:
            try:
                self.on_close(why)
            except Exception:
                log.exception("a viewfinder's owner failed on its closing")

    def stats(self) -> dict[str, float]:
        """Frames read, refused, and the reading's CPU seconds, since the lens opened."""
        alive = max(1e-6, time.monotonic() - self.opened)
        return {
            "frames": self.frames,
            "refused": self.refused,
            "read_cpu_s": round(self.read_s, 4),
            "fps": round(self.frames / alive, 2),
        }


def _key(r: Any) -> str:
    cid = getattr(r, "component_id", None)
    return cid if cid is not None else "\0" + str(getattr(r, "raw", ""))


class Registry:
    """The lenses open in this process, their budgets, and the reading of their frames."""

    def __init__(self, max_open: int = MAX_OPEN, per_device: int = MAX_PER_DEVICE) -> None:
        self.max_open = max_open
        self.per_device = per_device
        self._open: dict[str, Lens] = {}
        self._decoders: asyncio.Semaphore | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.refused = 0  # posts refused by the endpoint (no such lens, another device's)

    def open(
        self,
        device: str | None,
        on_changes: OnChanges,
        describe: Describe | None = None,
        on_close: Callable[[str], None] | None = None,
    ) -> Lens:
        """A new lens for ``device`` (None: this process's own camera), or :class:`LensRefused`."""
        if len(self._open) >= self.max_open:
            raise LensRefused(f"{len(self._open)} cameras are open on this host (at most {self.max_open})")
        if (
            device is not None
            and sum(1 for x in self._open.values() if x.device == device) >= self.per_device
        ):
            raise LensRefused(f"this device already has {self.per_device} cameras open")
        lens = Lens(self, device, on_changes, describe, on_close)
        self._open[lens.token] = lens
        return lens

    def get(self, token: str) -> Lens | None:
        return self._open.get(token) if token else None

    def forget(self, lens: Lens) -> None:
        if self._open.get(lens.token) is lens:
            del self._open[lens.token]

    def lenses(self) -> list[Lens]:
        return list(self._open.values())

    def _sem(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        if self._decoders is None or self._loop is not loop:
            self._decoders, self._loop = asyncio.Semaphore(DECODERS), loop
        return self._decoders

    async def read(self, data: bytes) -> tuple[list[Any], tuple[int, int], float]:
        """The codes in an encoded frame (a worker thread; at most :data:`DECODERS` at once), its size and the
        reading's CPU time; ValueError when it is no image."""
        async with self._sem():
            return await asyncio.to_thread(_read_bytes, data)

    async def read_frame(self, frame: Any) -> tuple[list[Any], tuple[int, int], float]:
        async with self._sem():
            return await asyncio.to_thread(_read_frame, frame)


def _read_frame(frame: Any) -> tuple[list[Any], tuple[int, int], float]:
    import vision

    t0 = time.thread_time()
    reads = vision.read(frame)
    return reads, (int(frame.shape[1]), int(frame.shape[0])), time.thread_time() - t0


def _read_bytes(data: bytes) -> tuple[list[Any], tuple[int, int], float]:
    import vision

    t0 = time.thread_time()
    try:
        frame = vision.decode_bytes(data)
    except vision.SourceError as exc:
        raise ValueError(str(exc)) from None
    reads = vision.read(frame)
    return reads, (int(frame.shape[1]), int(frame.shape[0])), time.thread_time() - t0


LENSES = Registry()  # this process's open viewfinders


# -- the frame endpoint (routed by companion.web.Guard) ------------------------------------------------------
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


async def _answer(send: Send, status: int, body: dict[str, Any], headers: list[tuple[bytes, bytes]]) -> None:
    data = json.dumps(body, separators=(",", ":")).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
                (b"cache-control", b"no-store"),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})


async def _body(receive: Receive, limit: int) -> bytes | None:
    """The request's body, or None once it passes ``limit`` bytes (the rest is not kept)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        msg = await receive()
        if msg.get("type") == "http.disconnect":
            return None
        chunk = bytes(msg.get("body", b""))
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not msg.get("more_body"):
            return b"".join(chunks)


async def endpoint(
    scope: Scope,
    receive: Receive,
    send: Send,
    device: str,
    headers: list[tuple[bytes, bytes]],
    registry: Registry | None = None,
) -> None:
    """``POST /tk-frame``: one frame of an open lens, from the page that opened it (its ``device`` cookie,
    already checked as well formed by the gate, with the same-origin rule); ``headers`` are added to the
    answer (the gate's security headers)."""
    reg = registry if registry is not None else LENSES
    if scope.get("method") != "POST":
        await _answer(send, 405, {"error": "POST a frame"}, [(b"allow", b"POST"), *headers])
        return
    h = {k.lower(): v for k, v in scope.get("headers") or []}
    lens = reg.get(h.get(TOKEN_HEADER, b"").decode("latin-1").strip())
    if lens is None or lens.device is None or not device or not secrets.compare_digest(lens.device, device):
        reg.refused += 1
        await _answer(send, 403, {"closed": True, "why": "no such viewfinder for this page"}, headers)
        return
    if h.get(CLOSE_HEADER):
        lens.close("closed on the page")
        await _answer(send, 200, lens.answer(), headers)
        return
    if h.get(ERROR_HEADER):
        lens.close("camera: " + h[ERROR_HEADER].decode("latin-1")[:80])
        await _answer(send, 200, lens.answer(), headers)
        return
    try:
        declared = int(h.get(b"content-length", b"0") or 0)
    except ValueError:
        declared = 0
    if declared > MAX_FRAME_BYTES:
        lens.refused += 1
        await _answer(send, 413, lens.answer(refused="too big"), headers)
        return
    body = await _body(receive, MAX_FRAME_BYTES)
    if body is None:
        lens.refused += 1
        await _answer(send, 413, lens.answer(refused="too big"), headers)
        return
    answer = await lens.feed(body)
    status = 429 if answer.get("refused") in ("busy", "over budget") else 200
    await _answer(send, status, answer, headers)


__all__ = [
    "LENSES",
    "PATH",
    "Lens",
    "LensRefused",
    "Mark",
    "Registry",
    "endpoint",
]
