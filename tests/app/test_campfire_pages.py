"""A campfire on one laptop, played by protocol-level devices (what a browser says to the app, without a
browser): a tap reaches every page of its province, and the other provinces' tablets and phones get nothing
(nothing they show changed; the app does not draw them again) but the undo going from the pages that offered
to take back the action that was last until then. The app and its sockets are real, as at a
table; the redraws themselves are counted in process by ``test_province_pages``."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from benchmarks.campfire import (
    BROWSER_PAGE,
    PHONE,
    PIN,
    Device,
    Table,
    join,
    make_devices,
    make_table,
    plan,
    words,
)
from companion.ui.boards.pandemie_map import SHOW_SECONDS
from companion.ui.i18n import tr
from harness.app import start_app_anywhere, stop_app
from harness.flet_client import FletPage

pytest.importorskip("engine.games.pandemie")


def shown(page: FletPage) -> list[str]:
    """What the controls now on ``page`` say, in the order they stand (its tree as the patches left it):
    texts, labels and tooltips, with their semantics identifiers (not the map's shapes: the rings of the last
    action a page saw are its own; not what is hidden)."""
    out: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("visible") is False:  # hidden (an undo taken away without a render): not shown
                return
            for k, v in sorted(node.items()):  # a property a patch added later stands last in its dict
                if k in ("value", "label", "tooltip", "identifier", "title", "text") and isinstance(v, str):
                    out.append(f"{k}={v}")
                elif isinstance(v, dict | list):
                    walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(page.root)
    return out


def _facts(page: FletPage | None) -> tuple[int, str] | None:
    """The header's facts (actions left, where the seat stands) on ``page``: its control's id, its words."""
    node = page.find("head-facts") if page is not None else None
    return (int(node["_i"]), words(node)) if node is not None else None


def _offers_undo(page: FletPage | None) -> bool:
    """``page`` shows its undo button (not hidden: an action elsewhere took it away without a render)."""
    return page is not None and any(
        c.get("identifier") == "undo" and c.get("visible") is not False for c in page.controls.values()
    )


def test_a_tap_reaches_its_provinces_pages_and_no_other_provinces(tmp_path: Path) -> None:
    players, devices_plan = plan(8)  # a tablet per province, a phone per province's player
    make_table(tmp_path / "data", players, 7)
    proc, port = start_app_anywhere(tmp_path / "data", lan=True, log_path=tmp_path / "app.log")
    url = f"https://127.0.0.1:{port}/"
    devices = make_devices(devices_plan, players, net=60)

    async def play() -> None:
        await asyncio.gather(*(join(url, d) for d in devices))
        await asyncio.sleep(3)  # every page drawn with every seat held (the last ones joined meanwhile)
        table = Table(url, proc.pid, devices)
        provinces: set[str] = set()
        changed_facts: list[str] = []
        for _ in range(6):
            d = table.actor(tr("head.you", "fr"))
            assert d is not None, "a phone has a choice to tap"
            undo = {x.what for x in devices if _offers_undo(x.page)}
            facts = {x.what: _facts(x.page) for x in devices}
            tap = await table.tap(d)
            assert tap is not None, "the acting page got its update"
            provinces.add(d.province)
            for x, ms in zip(devices, tap.per_page_ms, strict=True):
                assert x.page is not None
                got = ms == ms  # (NaN: nothing came)
                if x.province == d.province:
                    assert got, f"{x.kind} {x.what} of the acting province ({d.province}) got nothing"
                elif got:  # only a page that offered to undo the last action: that action is no longer last
                    assert x.what in undo and not _offers_undo(x.page), (
                        f"{x.kind} {x.what} of {x.province} got an update ({ms:.0f} ms)"
                    )
            for x in devices:  # a new count of actions is written into the header's pills on the page
                before, after = facts[x.what], _facts(x.page)
                if before and after and before[1] != after[1]:
                    assert before[0] == after[0], f"{x.what}: the header's facts were sent anew, not changed"
                    changed_facts.append(x.what)
        assert len(provinces) > 1, "taps in several provinces"
        assert changed_facts, "a tap changed the actions left in a header"
        # what each page keeps from one update to the next (its header, counters, players, folded provinces)
        # never goes stale: a tablet drawn afresh now shows what the tablets that followed every tap show
        await asyncio.sleep(SHOW_SECONDS + 1)  # the last move's arrows gone from every map
        for code in sorted(provinces):
            fresh = Device("tablet", code, f"127.0.61.{len(devices) + 1}", province=code)
            await join(url, fresh)
            try:
                await asyncio.sleep(1)
                old = next(x for x in devices if x.kind == "tablet" and x.what == code)
                assert old.page is not None and fresh.page is not None
                followed, afresh = shown(old.page), shown(fresh.page)
                assert Counter(followed) == Counter(afresh), f"{code}'s tablet differs from one drawn afresh"
                assert followed == afresh, f"{code}'s tablet shows its parts in another order"
            finally:
                if fresh.page is not None:
                    await fresh.page.close()

    async def spare_phone() -> None:
        """A phone that has not picked its seat yet sees every seat, none pushed: no *À son tour* shortcut
        (the first of twenty phones to tap it would take that player's seat)."""
        page = await FletPage.open(url, {**BROWSER_PAGE, "width": PHONE[0], "height": PHONE[1]})
        try:
            await page.wait_for("here-pin", 60)
            await page.type("here-pin", PIN)
            await page.tap("here-open")
            tablet = next(d.what for d in devices if d.kind == "tablet")
            await page.wait_for(f"seat-table-{tablet}", 60)
            seats = [d.what for d in devices if d.kind == "phone"]
            assert all(page.find(f"seat-{s}") is not None for s in seats), seats
            assert page.find("seat-current") is None and not page.seen(tr("hosted.current", "fr", seat=""))
        finally:
            await page.close()

    async def go() -> None:
        try:
            await spare_phone()
            await play()
        finally:
            for d in devices:
                if d.page is not None:
                    await d.page.close()

    try:
        asyncio.run(go())
    finally:
        stop_app(proc)


def test_a_page_put_away_is_not_drawn_until_it_shows_again(tmp_path: Path) -> None:
    """A tablet's tab in the background, a phone's screen off (the browser says ``hide``): whatever is played,
    the app draws that page no more (a phone in a pocket costs the laptop nothing); shown again (``show``),
    it is drawn once, as the table is now, the same as a page that never looked away."""
    players, devices_plan = plan(8)
    make_table(tmp_path / "data", players, 7)
    proc, port = start_app_anywhere(tmp_path / "data", lan=True, log_path=tmp_path / "app.log")
    url = f"https://127.0.0.1:{port}/"
    devices = make_devices(devices_plan, players, net=62)

    async def go() -> None:
        try:
            await asyncio.gather(*(join(url, d) for d in devices))
            await asyncio.sleep(3)
            table = Table(url, proc.pid, devices)
            d = table.actor(tr("head.you", "fr"))
            assert d is not None, "a phone has a choice to tap"
            away = next(x for x in devices if x.kind == "tablet" and x.province == d.province)
            assert away.page is not None
            await away.page.lifecycle("hide")
            await asyncio.sleep(1)
            before = len(away.page.frames)
            tap = await table.tap(d)
            assert tap is not None, "the acting page got its update"
            await asyncio.sleep(2)
            assert len(away.page.frames) == before, "the hidden tablet was drawn"
            await away.page.lifecycle("show")
            await asyncio.sleep(SHOW_SECONDS + 1)  # drawn; the last move's arrows gone from every map
            assert len(away.page.frames) > before, "the tablet shown again was not drawn"
            fresh = Device("tablet", d.province, f"127.0.62.{len(devices) + 1}", province=d.province)
            await join(url, fresh)
            try:
                await asyncio.sleep(1)
                assert fresh.page is not None
                assert shown(away.page) == shown(fresh.page), (
                    "the tablet shown again is not the table as it is"
                )
            finally:
                await fresh.page.close() if fresh.page is not None else None
        finally:
            for x in devices:
                if x.page is not None:
                    await x.page.close()

    try:
        asyncio.run(go())
    finally:
        stop_app(proc)
