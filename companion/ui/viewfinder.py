"""A screen's live viewfinder: the camera stays open, each code it sees is outlined and named, a steady read
acts — no shutter, no second dialog.

:class:`Viewfinder` opens a :class:`companion.viewfinder.Lens` (the host side: frames read with ``vision``,
the steadiness filter, the budgets) and feeds it from the camera this page has
(:meth:`Navigator.camera_kind`):

* ``browser`` — the page's own script (:mod:`companion.viewfinder_js`) shows the video in a panel at the
  bottom of the page and posts frames to the host; the screen writes the command
  ``tk-view:<token>:on|off:<lang>`` into the page's hidden :attr:`Navigator.camera_command` and leaves room
  under its content (:meth:`spacer`);
* ``webcam`` — a desktop window: OpenCV reads the machine's camera in a thread (:class:`WebcamFeed`); the
  preview is an image in the screen, its codes outlined on a canvas over it;
* ``app`` — the phone app: ``flet-camera``'s preview and its frame stream (``on_stream_image``).

What appeared or went (:class:`vision.Change`) is handed to the screen's ``on_seen`` on the page's loop; the
screen says what happened with :meth:`Viewfinder.tell` (the line under the video), and names each code for the
outlines with its ``describe``. Closing (the screen's button, the page's own, leaving the screen) stops the
camera at once.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from .. import viewfinder as vf
from ..viewfinder_js import panel_height
from .i18n import pairs
from .spawn import spawn
from .widgets import big_button, ident, pill, vcol

if TYPE_CHECKING:
    from .navigator import Navigator

log = logging.getLogger("tablekeeper.app")

TEXTS: dict[str, tuple[str, str]] = {
    "open": ("Caméra", "Camera"),
    "close": ("Fermer la caméra", "Close the camera"),
    "opened": (
        "Caméra ouverte : montrez un jeton ou une carte (la vidéo est en bas de l'écran).",
        "Camera open: show a token or a card (the video is at the bottom of the screen).",
    ),
    "opened.here": (
        "Caméra ouverte : montrez un jeton ou une carte.",
        "Camera open: show a token or a card.",
    ),
    "refused": ("Caméra non ouverte : {why}", "Camera not opened: {why}"),
    "too_many": (
        "trop de caméras ouvertes en même temps sur cette table ; fermez-en une.",
        "too many cameras open at once at this table; close one.",
    ),
    "failed": ("Caméra indisponible : {why}", "Camera unavailable: {why}"),
    "NotAllowedError": (
        "le navigateur l'a refusée (autorisez la caméra pour ce site)",
        "the browser refused it (allow the camera for this site)",
    ),
    "SecurityError": (
        "le navigateur l'a refusée (autorisez la caméra pour ce site)",
        "the browser refused it (allow the camera for this site)",
    ),
    "NotFoundError": ("aucune caméra sur cet appareil", "no camera on this device"),
    "OverconstrainedError": ("aucune caméra sur cet appareil", "no camera on this device"),
    "NotReadableError": ("une autre application tient la caméra", "another application holds the camera"),
    "insecure": (
        "la page doit être en HTTPS (l'adresse https:// de l'hôte)",
        "the page must be served over HTTPS (the host's https:// address)",
    ),
    "app_denied": (
        "l'appareil l'a refusée (autorisez la caméra pour Tablekeeper dans ses réglages)",
        "the device refused it (allow the camera for Tablekeeper in its settings)",
    ),
    "no_stream": ("la caméra ne donne pas d'images", "the camera gives no picture"),
}
t = pairs(TEXTS)

# What a camera's own failure says (the phone app's camera plugin, OpenCV, this module) → its words above.
# The first needle found in the failure names it; a failure none of them names is shown as it came.
FAILURES: tuple[tuple[str, str], ...] = (
    ("CameraAccessDenied", "app_denied"),
    ("CameraAccessRestricted", "app_denied"),
    ("cameraPermission", "app_denied"),
    ("no camera", "NotFoundError"),
    ("no frame stream", "no_stream"),
    ("gave no picture", "no_stream"),
    ("camera stopped", "no_stream"),
)

INTERVAL_S = vf.INTERVAL_MS / 1000  # a native camera's frames read at most this often
PREVIEW_W = 480  # a desktop window's preview width (px)
TONES = {"ok": "#34c759", "done": "#0a84ff", "idle": "#ffcc00", "bad": "#ff453a"}

OnSeen = Callable[[list[Any]], Awaitable[None]]  # vision.Change list
Describe = Callable[[Any], tuple[str, str]]  # vision.Read → (label, tone)


def camera_error(why: str, lang: str) -> str:
    """A camera failure said in the page's words: ``camera: NotAllowedError`` → the browser refused it…"""
    name = why.split(":", 1)[1].strip() if why.startswith("camera:") else why
    if name not in TEXTS:
        name = next((key for needle, key in FAILURES if needle in name), name)
    return t("failed", lang, why=t(name, lang) if name in TEXTS else name)


class Viewfinder:
    """One screen's camera (see the module's docstring). ``key`` tells apart two viewfinders of one screen."""

    def __init__(
        self,
        shell: Navigator,
        on_seen: OnSeen,
        describe: Describe | None = None,
        key: str = "scan",
        on_closed: Callable[[], None] | None = None,
    ) -> None:
        self.shell = shell
        self.on_seen = on_seen
        self.describe = describe
        self.key = key
        self.on_closed = on_closed
        self.lens: vf.Lens | None = None
        self.dock = "r"  # a wide page: the bottom corner the browser's video takes (``l`` or ``r``)
        self.kind = ""
        self.said = ""
        self._feed: WebcamFeed | None = None
        self._camera: Any = None  # flet-camera's control (the phone app)
        self._preview: ft.Stack | None = None  # the desktop window's picture and its outlines

    # -- state ----------------------------------------------------------------------------------------------
    @property
    def is_open(self) -> bool:
        return self.lens is not None and not self.lens.closed

    @property
    def available(self) -> bool:
        return bool(self.shell.camera_kind())

    def tell(self, text: str) -> None:
        """The line under the video (what was done with what was shown, or why nothing was)."""
        self.said = text
        if self.lens is not None:
            self.lens.say = text

    # -- opening and closing --------------------------------------------------------------------------------
    async def toggle(self, _e: Any = None) -> None:
        if self.is_open:
            self.close()
        else:
            await self.open()
        self.shell.refresh()

    async def open(self) -> bool:
        """Open the camera (True), or say why not (False)."""
        if self.is_open:
            return True
        kind = self.shell.camera_kind()
        if not kind:
            return False
        lang = self.shell.lang
        device = self.shell.access.device_token if kind == "browser" else None
        if kind == "browser" and not device:
            return False
        try:
            self.lens = vf.LENSES.open(device, self._changes, self._describe, self._lens_closed)
        except vf.LensRefused as exc:
            log.info("viewfinder refused: %s", exc)
            self.shell.toast(t("refused", lang, why=t("too_many", lang)), error=True)
            return False
        self.kind, self.said = kind, ""
        if kind == "browser":
            self._command("on")
        elif kind == "webcam":
            self._feed = WebcamFeed(self.lens, self._drawn)
            self._feed.start()
        elif kind == "app":
            await self._open_app_camera()
        return self.is_open

    def close(self, why: str = "closed by the screen") -> None:
        """Stop the camera at once (the page's script stops its tracks on the command)."""
        lens, self.lens = self.lens, None
        if lens is not None:
            lens.on_close = None  # closed here: nothing to be told
            lens.close(why)
        self._stop_native()
        if self.kind == "browser" and lens is not None:
            self._command("off", lens.token)

    def _stop_native(self) -> None:
        if self._feed is not None:
            self._feed.stop()
            self._feed = None
        self._preview = None
        cam, self._camera = self._camera, None
        if cam is not None:

            async def stop() -> None:
                try:
                    await cam.stop_image_stream()
                except Exception:  # noqa: BLE001 - not streaming, or the page gone
                    pass

            spawn(self.shell.page, stop)

    def _lens_closed(self, why: str) -> None:
        """The page closed its camera (its own button, a camera that failed, the page leaving)."""
        if self.lens is None:
            return
        token = self.lens.token
        self.lens = None
        self._stop_native()
        if self.kind == "browser":
            self._command("off", token)
        if why.startswith("camera:"):
            self.shell.toast(camera_error(why, self.shell.lang), error=True)
        if self.on_closed is not None:
            self.on_closed()
        self.shell.refresh()

    def place(self, side: str) -> None:
        """On a wide page, put the browser's video in the bottom corner ``side`` (``l`` or ``r``): over the
        board, not over the choices."""
        if side != self.dock:
            self.dock = side
            if self.is_open and self.kind == "browser":
                self._command("on")

    def _command(self, what: str, token: str | None = None) -> None:
        text = self.shell.camera_command
        tok = token or (self.lens.token if self.lens is not None else "")
        text.value = f"tk-view:{tok}:{what}:{self.shell.lang}:{self.dock}"
        try:
            text.update()
        except Exception:  # noqa: BLE001 - not on a page yet, or the page gone: sent with the page
            pass

    # -- what the lens sees ---------------------------------------------------------------------------------
    def _changes(self, changes: list[Any]) -> None:
        lens = self.lens
        if lens is None:
            return

        async def seen() -> None:
            if self.lens is lens:  # still this camera (not closed meanwhile)
                await self.on_seen(changes)

        spawn(self.shell.page, seen)

    def _describe(self, read: Any) -> tuple[str, str]:
        if self.describe is not None:
            return self.describe(read)
        return (read.component_id or str(read.raw)[:24], "ok" if read.component_id else "bad")

    # -- drawing --------------------------------------------------------------------------------------------
    def control(self) -> ft.Control | None:
        """The screen's part while the camera is open: what it does now and a close button (a desktop window:
        the preview too); None when closed."""
        if not self.is_open:
            return None
        lang = self.shell.lang
        here = self.kind in ("webcam", "app")
        parts: list[ft.Control] = []
        if self.kind == "webcam":
            parts.append(self._preview_control())
        elif self.kind == "app" and self._camera is not None:
            parts.append(self._camera)
        parts.append(
            ident(
                pill(
                    self.said or t("opened.here" if here else "opened", lang), ft.Colors.SECONDARY_CONTAINER
                ),
                f"{self.key}-camera-said",
            )
        )
        parts.append(
            big_button(t("close", lang), self.toggle, f"{self.key}-camera-close", icon=ft.Icons.VIDEOCAM_OFF)
        )
        return vcol(parts, spacing=8, tight=True)

    def button(self, identifier: str | None = None, col: Any = None, label: str = "") -> ft.Control | None:
        """The button that opens the camera (``label``, else *Caméra*); None when this page has none, or while
        it is open (its part, :meth:`control`, has the close button)."""
        if not self.available or self.is_open:
            return None
        lang = self.shell.lang
        return big_button(
            label or t("open", lang),
            self.toggle,
            identifier or f"{self.key}-camera",
            icon=ft.Icons.QR_CODE_SCANNER,
            col=col,
        )

    def spacer(self) -> ft.Control | None:
        """Room under the screen's content for the page's video panel (a browser's camera), else None."""
        if not self.is_open or self.kind != "browser":
            return None
        return ft.Container(height=panel_height(float(self.shell.page.width or 0)) + 12)

    def dialog_inset(self) -> ft.Padding | None:
        """Where a dialog may sit while the page's video panel (a browser's camera) is open: above it, so
        that none of its buttons is hidden behind the video; else None (Flutter's own margins)."""
        if not self.is_open or self.kind != "browser":
            return None
        return ft.Padding(
            left=16, top=16, right=16, bottom=panel_height(float(self.shell.page.width or 0)) + 16
        )

    def _preview_control(self) -> ft.Control:
        if self._preview is None:
            self._preview = ft.Stack(
                [ft.Container(width=PREVIEW_W, height=PREVIEW_W * 9 // 16, bgcolor=ft.Colors.BLACK)],
                width=PREVIEW_W,
                height=PREVIEW_W * 9 // 16,
            )
        return self._preview

    def _drawn(self, jpeg: bytes, size: tuple[int, int], answer: dict[str, Any]) -> None:
        """A desktop window's preview: the frame just read, its codes outlined and named."""
        stack = self._preview
        if stack is None or not self.is_open:
            return
        w, h = size
        scale = PREVIEW_W / max(1, w)
        height = round(h * scale)
        shapes: list[Any] = []
        import flet.canvas as cv

        for m in answer.get("marks") or []:
            colour = TONES.get(m.get("k"), TONES["ok"])
            pts = [(x * scale, y * scale) for x, y in m.get("c") or []]
            if len(pts) < 4:
                continue
            elements: list[Any] = [cv.Path.MoveTo(*pts[0]), *(cv.Path.LineTo(*p) for p in pts[1:])]
            elements.append(cv.Path.Close())
            shapes.append(
                cv.Path(elements, paint=ft.Paint(stroke_width=3, style=ft.PaintingStyle.STROKE, color=colour))
            )
            top = min(pts, key=lambda p: p[1])
            shapes.append(
                cv.Text(
                    top[0],
                    max(0.0, top[1] - 22),
                    str(m.get("t") or ""),
                    ft.TextStyle(size=14, weight=ft.FontWeight.BOLD, color=colour, bgcolor="#B0000000"),
                )
            )
        stack.controls = [
            ft.Image(src=jpeg, width=PREVIEW_W, height=height, fit=ft.BoxFit.FILL, gapless_playback=True),
            cv.Canvas(shapes, width=PREVIEW_W, height=height),
        ]
        stack.height = height
        try:
            stack.update()
        except Exception:  # noqa: BLE001 - not on the page (yet): drawn with the screen
            pass

    # -- the phone app's camera -----------------------------------------------------------------------------
    async def _open_app_camera(self) -> None:
        from .. import camera

        fc = camera.flet_camera_module()
        lens = self.lens
        if fc is None or lens is None:
            self.close("no camera control")
            self.shell.toast(camera_error("no camera", self.shell.lang), error=True)
            return
        busy = {"at": 0.0, "reading": False}

        async def frame(e: Any) -> None:
            now = time.monotonic()
            if busy["reading"] or now - busy["at"] < INTERVAL_S or self.lens is not lens:
                return  # frames come at the camera's pace: one read at a time, a few a second
            busy["reading"], busy["at"] = True, now
            try:
                await lens.feed(bytes(e.bytes))
            finally:
                busy["reading"] = False

        cam = fc.Camera(expand=True, height=260, preview_enabled=True, on_stream_image=frame)
        self._camera = cam
        self.shell.refresh()
        try:
            cams = await cam.get_available_cameras()
            back = [c for c in cams if "back" in str(getattr(c.lens_direction, "value", c.lens_direction))]
            if not cams:
                raise RuntimeError("no camera")  # named in FAILURES
            await cam.initialize((back or cams)[0], fc.ResolutionPreset.HIGH, enable_audio=False)
            if not await cam.supports_image_streaming():
                raise RuntimeError("this camera gives no frame stream")
            await cam.start_image_stream()
        except Exception as exc:  # noqa: BLE001 - no camera, refused: said, closed
            self.close(f"camera: {exc}")
            self.shell.toast(camera_error(str(exc), self.shell.lang), error=True)


class WebcamFeed:
    """A desktop window's camera: OpenCV reads it in a thread (the newest frame kept), and every
    :data:`INTERVAL_S` the newest frame is read by the lens and drawn in the preview (``drawn``: the JPEG of a
    smaller copy, its size, the lens's answer). The camera is ``TABLEKEEPER_CAMERA`` (an index, or a video
    file), else the first one."""

    def __init__(
        self,
        lens: vf.Lens,
        drawn: Callable[[bytes, tuple[int, int], dict[str, Any]], None] | None = None,
        source: int | str | None = None,
    ) -> None:
        self.lens = lens
        self.drawn = drawn
        env = os.environ.get("TABLEKEEPER_CAMERA", "0")
        self.source: int | str = source if source is not None else (int(env) if env.isdigit() else env)
        self._stop = threading.Event()
        self._latest: Any = None
        self._fresh = threading.Event()
        self.error = ""
        self.frames_seen = 0
        self._thread: threading.Thread | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._grab, name="tablekeeper-webcam", daemon=True)
        self._thread.start()
        self._task = asyncio.get_running_loop().create_task(self._read())

    def stop(self) -> None:
        """Stop at once: the thread releases the camera, no more frame is read."""
        self._stop.set()
        self._fresh.set()
        if self._task is not None:
            self._task.cancel()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _grab(self) -> None:
        import cv2

        cap = cv2.VideoCapture(self.source)
        try:
            if not cap.isOpened():
                self.error = f"no camera at {self.source!r}"
                return
            fps = cap.get(cv2.CAP_PROP_FPS) or 0
            pace = 1 / fps if isinstance(self.source, str) and 1 <= fps <= 120 else 0.0  # a file: real time
            while not self._stop.is_set():
                ok, frame = cap.read()
                if not ok or frame is None:
                    if isinstance(self.source, str):  # a video file: from its start again
                        cap.set(cv2.CAP_PROP_POS_FRAMES, 0)
                        continue
                    self.error = "the camera gave no picture"
                    return
                self._latest = frame
                self.frames_seen += 1
                self._fresh.set()
                if pace:
                    self._stop.wait(pace)
        finally:
            cap.release()
            self._fresh.set()

    async def _read(self) -> None:
        import cv2

        while not self._stop.is_set():
            t0 = time.monotonic()
            await asyncio.to_thread(self._fresh.wait, 1.0)
            self._fresh.clear()
            frame = self._latest
            if self._stop.is_set():
                return
            if frame is None:
                if self.error or not self.running:
                    self.lens.close(f"camera: {self.error or 'the camera stopped'}")
                    return
                continue
            answer = await self.lens.feed_frame(frame)
            if answer.get("closed"):
                return
            if self.drawn is not None:
                h, w = frame.shape[:2]
                k = PREVIEW_W / max(1, w)
                small = cv2.resize(frame, (PREVIEW_W, round(h * k)), interpolation=cv2.INTER_AREA)
                ok, jpeg = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 75])
                if ok:
                    self.drawn(jpeg.tobytes(), (w, h), answer)
            await asyncio.sleep(max(0.0, INTERVAL_S - (time.monotonic() - t0)))


__all__ = ["FAILURES", "Viewfinder", "WebcamFeed", "camera_error"]
