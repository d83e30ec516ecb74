"""The phone app's camera: ``flet-camera``'s frame stream feeds the same lens as a browser's frames. No phone
runs here, so a stand-in for ``flet-camera``'s control plays the phone's part (its methods as the package
declares them, checked below against the installed ``flet-camera``), and the frames are photographs of our
own printed pieces; the lens, the reading and the screen's side are the app's own."""

from __future__ import annotations

import asyncio
import inspect
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest

from companion.ui import viewfinder as vfmod
from harness import camera

cv2 = pytest.importorskip("cv2")
flet_camera = pytest.importorskip("flet_camera")


def test_the_flet_camera_parts_the_phone_app_uses_are_where_it_expects_them() -> None:
    """Fails naming what moved when ``flet-camera`` is upgraded (the phone app's camera would stop in
    silence)."""
    cam = flet_camera.Camera
    for name in ("get_available_cameras", "initialize", "supports_image_streaming", "start_image_stream",
                 "stop_image_stream"):  # fmt: skip
        assert inspect.iscoroutinefunction(getattr(cam, name, None)), f"flet_camera.Camera.{name} moved"
    params = inspect.signature(cam.initialize).parameters
    assert {"description", "resolution_preset", "enable_audio"} <= set(params), params
    assert "on_stream_image" in {f.name for f in cam.__dataclass_fields__.values()}, "on_stream_image moved"
    assert flet_camera.ResolutionPreset.HIGH, "ResolutionPreset.HIGH moved"
    assert "bytes" in flet_camera.CameraImageEvent.__dataclass_fields__, "CameraImageEvent.bytes moved"
    assert "lens_direction" in flet_camera.CameraDescription.__dataclass_fields__


@dataclass
class _Lens:
    value: str


class _StandIn:
    """What the phone's camera control does, as the app drives it: the back camera chosen, its stream
    started; ``frame`` plays one frame of it."""

    made: list[_StandIn] = []
    streaming = True  # whether this phone's camera gives a frame stream

    def __init__(self, **kw: Any) -> None:
        self.kw, self.calls = kw, []
        _StandIn.made.append(self)

    async def get_available_cameras(self) -> list[Any]:
        self.calls.append("cameras")
        return [SimpleNamespace(lens_direction=_Lens("front")), SimpleNamespace(lens_direction=_Lens("back"))]

    async def initialize(self, description: Any, resolution_preset: Any, enable_audio: bool = True) -> None:
        self.calls.append(("initialize", description.lens_direction.value, enable_audio))

    async def supports_image_streaming(self) -> bool:
        return self.streaming

    async def start_image_stream(self) -> None:
        self.calls.append("stream")

    async def stop_image_stream(self) -> None:
        self.calls.append("stopped")

    async def frame(self, jpeg: bytes) -> None:
        await self.kw["on_stream_image"](SimpleNamespace(bytes=jpeg))


class _Shell:
    lang = "fr"
    page = None

    def __init__(self) -> None:
        self.toasts: list[str] = []

    def camera_kind(self) -> str:
        return "app"

    def refresh(self, top: bool = False) -> None:
        pass

    def toast(self, message: str, error: bool = False) -> None:
        self.toasts.append(message)


def _module() -> Any:
    return SimpleNamespace(Camera=_StandIn, ResolutionPreset=flet_camera.ResolutionPreset)


def test_the_phone_apps_camera_streams_frames_to_the_lens_and_a_piece_shown_is_seen(monkeypatch) -> None:
    from companion import camera as cammod

    monkeypatch.setattr(cammod, "flet_camera_module", _module)
    monkeypatch.setattr(vfmod, "INTERVAL_S", 0.0)
    _StandIn.made.clear()
    shown = ["RAT:20"]
    ok, enc = cv2.imencode(".jpg", camera.photo(shown, camera.Look(code_px=130), seed=3))
    assert ok
    jpeg = enc.tobytes()

    async def go() -> tuple[set[str], Any, _Shell]:
        seen: set[str] = set()

        async def on_seen(changes: list[Any]) -> None:
            seen.update(c.component_id for c in changes if c.kind == "appeared")

        shell = _Shell()
        finder = vfmod.Viewfinder(shell, on_seen)  # type: ignore[arg-type]
        assert await finder.open() and finder.is_open
        (cam,) = _StandIn.made
        assert cam.calls == ["cameras", ("initialize", "back", False), "stream"]  # the back camera, no sound
        for _ in range(12):
            await cam.frame(jpeg)
            await asyncio.sleep(0.05)
            if seen:
                break
        finder.close()
        await asyncio.sleep(0.1)
        return seen, cam, shell

    seen, cam, shell = asyncio.run(go())
    assert seen == set(shown) and shell.toasts == []
    assert cam.calls[-1] == "stopped"  # closed: the stream stops at once


def test_a_phone_camera_with_no_frame_stream_closes_saying_so_in_the_screens_words(monkeypatch) -> None:
    from companion import camera as cammod

    monkeypatch.setattr(cammod, "flet_camera_module", _module)
    monkeypatch.setattr(_StandIn, "streaming", False)

    async def go() -> tuple[bool, _Shell]:
        async def on_seen(changes: list[Any]) -> None:
            pass

        shell = _Shell()
        finder = vfmod.Viewfinder(shell, on_seen)  # type: ignore[arg-type]
        return await finder.open(), shell

    opened, shell = asyncio.run(go())
    assert not opened and shell.toasts == ["Caméra indisponible : la caméra ne donne pas d'images"]
