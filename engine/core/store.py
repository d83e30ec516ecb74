"""Saved games: an append-only SQLite file (WAL) holding a table's event log.

One file is one table. ``meta`` names the format, its version, the game and its options; ``events``
holds each event as JSON with its sequence number and action. Every :meth:`Store.append` is one
transaction with ``synchronous=FULL``: a process (or tablet) that dies between two appends comes back
with every committed event. Rows are never updated or deleted; undo is an event too.

Opening a file that is not SQLite, not ours, or damaged raises :class:`SaveError` (with a message naming
the problem) and never writes to it. :meth:`Store.create` refuses to overwrite an existing file.

(The engine itself does no I/O; this module is the one place a log meets the disk.)
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from .events import Event, decoder
from .game import Entry

FORMAT = "tablekeeper-log"
VERSION = 1
_SQLITE_MAGIC = b"SQLite format 3\x00"


class SaveError(Exception):
    """A saved game that cannot be used; the file is left as it was."""


class Store:
    def __init__(self, path: Path, conn: sqlite3.Connection, meta: dict[str, str]) -> None:
        self.path = path
        self._conn = conn
        self.meta = meta
        self._enc = msgspec.json.Encoder()

    # -- opening ------------------------------------------------------------------------------------
    @classmethod
    def create(
        cls, path: str | os.PathLike[str], game: str, options: dict[str, Any], extra: dict[str, str] | None = None
    ) -> Store:
        p = Path(path)
        if p.exists():
            raise SaveError(f"{p}: already exists; a saved game is never overwritten")
        p.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(p, isolation_level=None, check_same_thread=False)
        try:
            _pragmas(conn)
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            conn.execute(
                "CREATE TABLE events (seq INTEGER PRIMARY KEY, action INTEGER NOT NULL, "
                "type TEXT NOT NULL, body BLOB NOT NULL, at REAL NOT NULL)"
            )
            meta = {
                "format": FORMAT,
                "version": str(VERSION),
                "game": game,
                "options": json.dumps(options, sort_keys=True),
                "created": str(time.time()),
                **(extra or {}),
            }
            conn.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
            conn.execute("COMMIT")
        except BaseException:
            conn.close()
            p.unlink(missing_ok=True)
            raise
        return cls(p, conn, meta)

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Store:
        p = Path(path)
        if not p.exists():
            raise SaveError(f"{p}: no such saved game")
        try:
            with open(p, "rb") as f:
                head = f.read(16)
        except OSError as exc:
            raise SaveError(f"{p}: cannot read ({exc.strerror})") from exc
        if head != _SQLITE_MAGIC:
            raise SaveError(f"{p}: not a saved game (not an SQLite file)")
        try:
            conn = sqlite3.connect(f"file:{p}?mode=rw", uri=True, isolation_level=None, check_same_thread=False)
            ok = conn.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                conn.close()
                raise SaveError(f"{p}: saved game is damaged ({ok[0] if ok else 'no answer'})")
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if not {"meta", "events"} <= tables:
                conn.close()
                raise SaveError(f"{p}: an SQLite file, but not a tablekeeper saved game")
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.DatabaseError as exc:
            raise SaveError(f"{p}: saved game is damaged ({exc})") from exc
        if meta.get("format") != FORMAT:
            conn.close()
            raise SaveError(f"{p}: an SQLite file, but not a tablekeeper saved game")
        if meta.get("version") != str(VERSION):
            conn.close()
            raise SaveError(f"{p}: saved by format version {meta.get('version')}, this app reads {VERSION}")
        _pragmas(conn)
        return cls(p, conn, meta)

    # -- reading and writing ------------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.meta["game"]

    @property
    def options(self) -> dict[str, Any]:
        return json.loads(self.meta["options"])

    def append(self, entries: Sequence[Entry]) -> None:
        rows = [(e.seq, e.action, type(e.event).__name__, self._enc.encode(e.event), time.time()) for e in entries]
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            self._conn.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?)", rows)
            self._conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise SaveError(f"{self.path}: could not record events ({exc})") from exc

    def rows(self, after: int = 0) -> list[tuple[int, int, str, bytes]]:
        try:
            return self._conn.execute(
                "SELECT seq, action, type, body FROM events WHERE seq > ? ORDER BY seq", (after,)
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise SaveError(f"{self.path}: saved game is damaged ({exc})") from exc

    def load_entries(self, types: Iterable[type[Event]], after: int = 0) -> list[Entry]:
        dec = decoder(tuple(types))
        out = []
        for seq, action, typ, body in self.rows(after):
            try:
                ev = dec.decode(body)
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise SaveError(f"{self.path}: event {seq} ({typ}) cannot be read: {exc}") from exc
            out.append(Entry(seq, action, ev))
        return out

    def set_meta(self, key: str, value: str) -> None:
        self._conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))
        self.meta[key] = value

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _pragmas(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA busy_timeout=5000")
