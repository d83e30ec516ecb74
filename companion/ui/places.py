"""Where each browser was, remembered by the web UI's server: after a reload or a host restart (even a
``kill -9``), a page goes back to its seat — or the leader's page to its table's screen — without asking
its browser first.

The browser's own storage (:mod:`companion.ui.rejoin`) says the same, but reading it is a round trip to a
page that has just come back, together with every other page of the table: under that load it took longer
than any sensible wait, and the page then showed the start screen. The server knows who a page is without
asking it (its device cookie, proven by the gate: :mod:`companion.identity`), so it keeps, per device:

    {"at": 1732791234.5, "lang": "fr", "theme": "dark",
     "place": {"kind": "local", "path": "/…/table.sqlite", "seat": "table", "province": "GA",
               "follow": true, "seen": 181}}

The file is keyed by the device's *id* (a hash of its token: :func:`companion.sync.protocol.device_id`),
so it holds nothing that lets anyone become that device; a place is only a wish — going back still needs
the table to know the device (:meth:`companion.ui.access.Access.may_see`). Nothing here knows Flet.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from pathlib import Path
from typing import Any

log = logging.getLogger("tablekeeper.app")

PLACES_FILE = "places.json"
MAX_DEVICES = 1000  # the oldest devices are forgotten beyond this
KINDS = ("local", "remote", "hosted")


def valid_place(place: Any) -> bool:
    """A place this app can go back to: a seat of a table (local or joined), or a hosted table's screen."""
    if not isinstance(place, dict) or place.get("kind") not in KINDS:
        return False
    if place["kind"] == "hosted":
        return isinstance(place.get("path"), str)
    return isinstance(place.get("seat"), str)


class Places:
    """device id → what the server remembers of that browser (its place, its language, its theme)."""

    def __init__(self, data_dir: str | os.PathLike[str]) -> None:
        self.path = Path(data_dir) / PLACES_FILE
        self._lock = threading.Lock()
        self._data: dict[str, dict[str, Any]] = self._read()

    def _read(self) -> dict[str, dict[str, Any]]:
        try:
            raw = json.loads(self.path.read_text())
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            log.warning("the remembered places (%s) are unreadable, forgotten: %s", self.path, exc)
            return {}
        if not isinstance(raw, dict):
            return {}
        return {k: v for k, v in raw.items() if isinstance(k, str) and isinstance(v, dict)}

    def get(self, device: str) -> dict[str, Any]:
        """What is remembered of ``device`` (a copy; {} when nothing)."""
        with self._lock:
            return json.loads(json.dumps(self._data.get(device, {})))

    def place(self, device: str) -> dict[str, Any] | None:
        place = self.get(device).get("place")
        return place if valid_place(place) else None

    def update(self, device: str, **changes: Any) -> None:
        """Change what is remembered of ``device`` (a value ``None`` forgets that key) and write it down."""
        with self._lock:
            entry = dict(self._data.get(device, {}))
            for k, v in changes.items():
                if v is None:
                    entry.pop(k, None)
                else:
                    entry[k] = v
            entry["at"] = time.time()
            self._data[device] = entry
            if len(self._data) > MAX_DEVICES:
                for old in sorted(self._data, key=lambda d: self._data[d].get("at", 0))[
                    : len(self._data) - MAX_DEVICES
                ]:
                    del self._data[old]
            text = json.dumps(self._data)
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                tmp = self.path.with_name(f".{PLACES_FILE}.{os.getpid()}.tmp")
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                with os.fdopen(fd, "w") as f:
                    f.write(text)
                os.replace(tmp, self.path)
            except OSError as exc:  # not written: this run still remembers it
                log.warning("could not write the remembered places: %s", exc)


__all__ = ["PLACES_FILE", "Places", "valid_place"]
