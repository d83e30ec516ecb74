"""The workarounds of Flet's internals (companion.runtime): an upgrade of Flet that moves one fails here,
naming it."""

from __future__ import annotations

from companion import runtime
from companion.runtime import transport


def test_every_flet_internal_a_workaround_relies_on_is_still_there():
    assert runtime.check() == [], "Flet moved what companion.runtime relies on"


def test_a_flet_internal_that_moved_is_named(monkeypatch):
    monkeypatch.setattr(
        transport, "REQUIRES", [*transport.REQUIRES, ("flet_web.fastapi.flet_app", "FletApp", "gone_in_2")]
    )
    assert runtime.check() == ["flet_web.fastapi.flet_app.FletApp.gone_in_2"]


def test_install_is_idempotent_and_each_patch_is_applied_once():
    from flet_web.fastapi.flet_app import FletApp

    runtime.install()
    first = FletApp.send_message
    runtime.install()
    assert FletApp.send_message is first and FletApp._tk_drop_to_gone


def test_a_flet_instance_attribute_that_moved_is_named(monkeypatch):
    line = "self.__send_queue = asyncio.LifoQueue()"
    monkeypatch.setattr(transport, "IN_SOURCE", [("flet_web.fastapi.flet_app", "FletApp", line)])
    assert runtime.check() == [f"flet_web.fastapi.flet_app.FletApp: {line}"]
