"""The camera dialog: take a picture (phones, browsers) or read webcam frames (desktop), return the codes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from engine.core import codes

from .. import camera
from .i18n import pairs, reason_text, tr
from .widgets import big_button


def err_text(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__


# what a picture held when it was not what the screen asked for (scan_miss), French and English
TEXTS: dict[str, tuple[str, str]] = {
    "damaged": (
        "Code tablekeeper abîmé ou mal lu : {raw}. Rapprochez l'appareil, ou tapez l'identifiant imprimé à côté "
        "du code.",
        "Damaged or misread tablekeeper code: {raw}. Hold the device closer, or type the id printed beside "
        "the code.",
    ),
    "joincode": (
        "C'est le QR code pour rejoindre une table, pas un jeton ni une carte.",
        "This is the QR code to join a table, not a token or a card.",
    ),
    "foreign": (
        "Ce QR code n'est pas un code tablekeeper : {raw}",
        "This QR code is not a tablekeeper code: {raw}",
    ),
    "notjoin.piece": (
        "{cid} est le code d'une pièce de jeu, pas celui d'une table : scannez le QR code affiché par l'appareil "
        "hôte.",
        "{cid} is a game piece's code, not a table's: scan the QR code the host device shows.",
    ),
    "notjoin.foreign": (
        "Ce QR code n'est pas celui d'une table tablekeeper : {raw}",
        "This QR code is not a tablekeeper table's: {raw}",
    ),
    "notrat": (
        "{cid} n'est pas un jeton rat (RAT:01 à RAT:49).",
        "{cid} is not a rat token (RAT:01 to RAT:49).",
    ),
    "notwanted": (
        "{cid} n'est pas une pièce attendue ici (un code {prefix}…).",
        "{cid} is not a piece expected here (a {prefix}… code).",
    ),
}
t = pairs(TEXTS)


def shown_raw(raw: str, limit: int = 60) -> str:
    """A decoded text as a message quotes it: one line (control characters as spaces), at most ``limit``
    characters."""
    one = "".join(" " if ord(ch) < 32 or ord(ch) == 127 else ch for ch in raw).strip()
    return one if len(one) <= limit else one[: limit - 1] + "…"


def scan_miss(scans: Sequence[camera.Scan], lang: str, want: str = "piece", prefix: str = "") -> str:
    """What to say when a picture held nothing the screen can use, naming what it did hold: nothing, a damaged
    code of ours, a piece's code where a table's join code was wanted (``want="join"``), a join code or a
    piece of another kind (not ``prefix``, e.g. ``"RAT:"``) where a piece was wanted, or a foreign code."""
    if not scans:
        return tr("scan.nothing", lang)
    by_kind: dict[str, list[camera.Scan]] = {}
    for s in scans:
        by_kind.setdefault(s.kind, []).append(s)
    if codes.DAMAGED in by_kind:  # most likely what was shown: one of ours, badly seen
        return t("damaged", lang, raw=shown_raw(by_kind[codes.DAMAGED][0].raw))
    if want == "join":
        if codes.COMPONENT in by_kind:
            return t("notjoin.piece", lang, cid=by_kind[codes.COMPONENT][0].component_id)
        return t("notjoin.foreign", lang, raw=shown_raw(scans[0].raw))
    if codes.COMPONENT in by_kind:
        cid = str(by_kind[codes.COMPONENT][0].component_id)
        if prefix == "RAT:":
            return t("notrat", lang, cid=cid)
        return t("notwanted", lang, cid=cid, prefix=prefix)
    if codes.JOIN in by_kind:
        return t("joincode", lang)
    first = scans[0]
    if first.reason and first.reason != codes.NOT_OURS:  # ours by its form, unknown here (another catalogue)
        return tr("scan.foreign", lang, reason=reason_text(first.reason, lang), raw=shown_raw(first.raw))
    return t("foreign", lang, raw=shown_raw(first.raw))


def is_mobile(page: ft.Page) -> bool:
    return page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)


async def capture_scans(
    page: ft.Page, lang: str, kind: str, toast: Callable[..., None]
) -> list[camera.Scan] | None:
    """``kind`` is the shell's :meth:`camera_kind`; ``None`` when cancelled or failed (and said)."""
    if kind == "webcam":
        try:
            return await asyncio.to_thread(camera.scan_webcam)
        except camera.CameraError as exc:
            toast(tr("scan.nocamera", lang, err=exc), error=True)
            return None
    fc = camera.flet_camera_module()
    if fc is None:
        toast(tr("scan.nocamera", lang, err="flet-camera"), error=True)
        return None
    cam = fc.Camera(width=320, height=240, preview_enabled=True)
    done: asyncio.Future[list[camera.Scan] | None] = asyncio.get_running_loop().create_future()

    def finish(result: list[camera.Scan] | None) -> None:
        if not done.done():
            done.set_result(result)
        try:
            page.pop_dialog()
        except Exception:  # noqa: BLE001 - already closed
            pass

    async def close(_e: Any = None) -> None:
        finish(None)

    async def take(_e: Any = None) -> None:
        try:
            data = await cam.take_picture()
            scans = await asyncio.to_thread(camera.read_image_bytes, bytes(data))
        except Exception as exc:  # noqa: BLE001 - camera refused, no picture: say it, keep the dialog
            toast(tr("scan.nocamera", lang, err=err_text(exc)), error=True)
            return
        finish(scans)

    page.show_dialog(
        ft.AlertDialog(
            title=ft.Text(tr("scan.title", lang)),
            content=cam,
            actions=[
                big_button(
                    tr("scan.take", lang), take, "scan-take", icon=ft.Icons.PHOTO_CAMERA, primary=True
                ),
                big_button(tr("scan.close", lang), close, "scan-close"),
            ],
            on_dismiss=lambda _e: finish(None),
        )
    )
    try:
        cams = await cam.get_available_cameras()
        if not cams:
            raise RuntimeError("no camera")
        back = [
            c for c in cams if str(getattr(c.lens_direction, "value", c.lens_direction)).lower() == "back"
        ]
        await cam.initialize((back or cams)[0], fc.ResolutionPreset.HIGH, enable_audio=False)
    except Exception as exc:  # noqa: BLE001 - no camera, or the browser refused it (needs https or localhost)
        finish(None)
        toast(tr("scan.nocamera", lang, err=err_text(exc)), error=True)
    return await done
