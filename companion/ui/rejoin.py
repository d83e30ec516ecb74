"""Where this device sat: remembered on the device (Flet ``SharedPreferences``: the browser's storage, a
phone's preferences), so that after a reload or a host restart it goes back to its seat without a tap.

The record is a plain dict, JSON in one preference::

    {"v": 1, "kind": "local",  "path": "/…/table.sqlite", "seat": "p3", "province": "AE", "follow": true,
     "pin": "…"}                                  # a table this process hosts (the web UI's pages)
    {"v": 1, "kind": "remote", "host": "…", "port": 8765, "pin": "…", "seat": "p3", "name": "Léa",
     "device_token": "…", "province": "", "follow": false}   # a table joined over the LAN
    {"v": 1, "kind": "hosted", "path": "/…/table.sqlite"}   # the leader's page: its hosted table's screen

A browser served by this process finds the same (but the PIN) kept by the server (:mod:`.places`), read
first: nothing is asked of a page that has just come back before it is back on its seat.

Credentials are the host's business: a browser's record is never trusted by itself — a page that is not
on the hosting device must still prove the PIN (``pin``), and a future seat token goes in the same dict
(key ``credential``), checked by the host the same way.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
from collections.abc import Callable
from typing import Any

import flet as ft

from . import prefs
from .places import valid_place

log = logging.getLogger("tablekeeper.app")

SEAT_PREF = "tablekeeper.seat"
VERSION = 1
Record = dict[str, Any]


async def load(page: ft.Page) -> Record | None:
    try:
        raw = await asyncio.wait_for(prefs.of(page).get(SEAT_PREF), 3)
    except Exception:  # noqa: BLE001 - no storage (or a closed page): nothing remembered
        return None
    if not raw:
        return None
    try:
        rec = json.loads(str(raw))
    except ValueError:
        log.warning("the remembered seat is not JSON; forgotten")
        return None
    if not isinstance(rec, dict) or rec.get("v") != VERSION or not valid_place(rec):
        return None
    return rec


async def save(page: ft.Page, rec: Record | None) -> None:
    try:
        if rec is None:
            await asyncio.wait_for(prefs.of(page).remove(SEAT_PREF), 3)
        else:
            await asyncio.wait_for(prefs.of(page).set(SEAT_PREF, json.dumps({"v": VERSION, **rec})), 3)
    except Exception:
        log.debug("could not store the seat", exc_info=True)


def join_extras(join: Callable[..., Any], rec: Record) -> dict[str, Any]:
    """The keyword arguments ``join`` takes among the record's (this device's token, the player's name)."""
    params = inspect.signature(join).parameters
    return {k: rec[k] for k in ("device_token", "name") if k in params and rec.get(k)}


RETRY_RULES = ("unreachable", "timeout", "busy")  # the host is not (yet) there: try again


async def join_again(
    join: Callable[..., Any],
    host: str,
    port: int,
    pin: str,
    seat: str,
    extra: dict[str, Any],
    give_up_after: float = 90.0,
    every: float = 2.0,
) -> Any:
    """Join a remembered seat, trying again while the host is not there yet: after a host restart the
    table is hosted again only once the hosting device is back (its own page resumes it), which may come
    after this device's page. A refusal (wrong PIN, seat taken) is not tried again."""
    from companion.session import Rejected

    loop = asyncio.get_running_loop()
    deadline = loop.time() + give_up_after
    while True:
        try:
            return await join(host, port, pin, seat, **extra)
        except Rejected as exc:
            if exc.rule not in RETRY_RULES or loop.time() + every > deadline:
                raise
            log.info("the table at %s:%s is not there yet (%s); trying again", host, port, exc.rule)
        await asyncio.sleep(every)
