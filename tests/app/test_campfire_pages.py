"""A campfire on one laptop, played by protocol-level devices (what a browser says to the app, without a
browser): a tap reaches every page of its province, and the other provinces' tablets and phones get nothing
(nothing they show changed; the app does not draw them again) but the undo going from the pages that offered
to take back the action that was last until then. The app and its sockets are real, as at a
table; the redraws themselves are counted in process by ``test_province_pages``."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from benchmarks.campfire import Table, join, make_devices, make_table, plan
from harness.app import free_port, start_app, stop_app

pytest.importorskip("engine.games.pandemie")


def test_a_tap_reaches_its_provinces_pages_and_no_other_provinces(tmp_path: Path) -> None:
    from companion.ui.i18n import tr

    players, devices_plan = plan(8)  # a tablet per province, a phone per province's player
    make_table(tmp_path / "data", players, 7)
    port = free_port()
    proc = start_app(tmp_path / "data", port, lan=True, log_path=tmp_path / "app.log")
    url = f"https://127.0.0.1:{port}/"
    devices = make_devices(devices_plan, players, net=60)

    async def play() -> None:
        await asyncio.gather(*(join(url, d) for d in devices))
        await asyncio.sleep(3)  # every page drawn with every seat held (the last ones joined meanwhile)
        table = Table(url, proc.pid, devices)
        provinces: set[str] = set()
        for _ in range(6):
            d = table.actor(tr("head.you", "fr"))
            assert d is not None, "a phone has a choice to tap"
            undo = {x.what for x in devices if x.page is not None and x.page.find("undo") is not None}
            tap = await table.tap(d)
            assert tap is not None, "the acting page got its update"
            provinces.add(d.province)
            for x, ms in zip(devices, tap.per_page_ms, strict=True):
                assert x.page is not None
                got = ms == ms  # (NaN: nothing came)
                if x.province == d.province:
                    assert got, f"{x.kind} {x.what} of the acting province ({d.province}) got nothing"
                elif got:  # only a page that offered to undo the last action: that action is no longer last
                    assert x.what in undo and x.page.find("undo") is None, (
                        f"{x.kind} {x.what} of {x.province} got an update ({ms:.0f} ms)"
                    )
        assert len(provinces) > 1, "taps in several provinces"

    async def go() -> None:
        try:
            await play()
        finally:
            for d in devices:
                if d.page is not None:
                    await d.page.close()

    try:
        asyncio.run(go())
    finally:
        stop_app(proc)
