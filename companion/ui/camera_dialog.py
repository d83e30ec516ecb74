"""The camera dialog: take a picture (phones, browsers) or read webcam frames (desktop), return the codes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import flet as ft

from .. import camera
from .i18n import tr
from .widgets import big_button


def err_text(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__


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
