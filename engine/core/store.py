"""Saved games: an append-only SQLite file (WAL) holding a table's event log.

One file is one table. ``meta`` names the format, its version, the game and its options; ``events``
holds each event as JSON with its sequence number and action; ``actions`` says which seat (and which
device request) made each action, written in the same transaction as its events, so that a request sent
again after a host restart is answered with its original outcome and never applied twice; ``owners``
says which device holds each seat; ``devices`` remembers the devices that proved the table's PIN (a
device comes back with a key of its own, never the PIN again) and which of them the host allowed to act
as the table's shared tablet. Every :meth:`Store.append` is one transaction with
``synchronous=FULL``: a process (or tablet) that dies between two appends comes back with every
committed event. Event rows are never updated or deleted; undo is an event too.

Opening checks the file *before* any write, through a read-only connection: a file that is not SQLite,
not ours, damaged, carries another program's rollback journal, or whose schema is not exactly ours
raises :class:`SaveError` (naming the problem) and is never written to. :meth:`Store.create` writes a
complete file under a temporary name (mode 0600) and renames it into place, never over an existing file:
a process killed while creating leaves no half-made save behind.

(The engine itself does no I/O; this module is the one place a log meets the disk.)
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import sqlite3
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from .events import Event, decoder
from .game import Entry

FORMAT = "tablekeeper-log"
VERSION = 3
READS = (1, 2, 3)  # versions this app opens (older files gain the newer tables on first open)
_SQLITE_MAGIC = b"SQLite format 3\x00"
REQUESTS_KEPT = 512  # per device: answered request ids remembered for exactly-once

_SCHEMA_V1 = {
    "meta": "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "events": "CREATE TABLE events (seq INTEGER PRIMARY KEY, action INTEGER NOT NULL, "
    "type TEXT NOT NULL, body BLOB NOT NULL, at REAL NOT NULL)",
}
_SCHEMA_V2 = {
    **_SCHEMA_V1,
    "actions": "CREATE TABLE actions (action INTEGER PRIMARY KEY, seat TEXT NOT NULL, "
    "client TEXT NOT NULL, rid INTEGER NOT NULL)",
    "owners": "CREATE TABLE owners (seat TEXT PRIMARY KEY, device TEXT NOT NULL)",
}
_SCHEMA_V3 = {
    **_SCHEMA_V2,
    "devices": "CREATE TABLE devices (device TEXT PRIMARY KEY, handle TEXT NOT NULL UNIQUE, "
    "key TEXT NOT NULL, tablet INTEGER NOT NULL, seen REAL NOT NULL)",
}
_SCHEMAS = {"1": _SCHEMA_V1, "2": _SCHEMA_V2, "3": _SCHEMA_V3}
_INDEXES_V2 = {
    "actions_request": "CREATE UNIQUE INDEX actions_request ON actions (client, rid) WHERE client != ''",
}
DEVICES_KEPT = 1024  # devices remembered per table (the oldest seen are forgotten first)


class KnownDevice(NamedTuple):
    """A device that proved the table's PIN once: it comes back by its key (see companion.sync.protocol)."""

    device: str  # the device id (a hash of its secret token): what holds seats
    key: bytes  # the secret it proves on coming back
    tablet: bool  # the host allowed it to act as the table's shared tablet


class SaveError(Exception):
    """A saved game that cannot be used; the file is left as it was."""


class Actor(NamedTuple):
    """Who made an action: the seat, and the device request (``client`` "" when not from a device)."""

    seat: str
    client: str = ""
    rid: int = 0


def _norm(sql: str | None) -> str:
    return " ".join((sql or "").split())


class Store:
    def __init__(self, path: Path, conn: sqlite3.Connection, meta: dict[str, str]) -> None:
        self.path = path
        self._conn = conn
        self.meta = meta
        self._enc = msgspec.json.Encoder()
        self._ready = False  # upgrade() done: the file may be written to

    # -- creating -----------------------------------------------------------------------------------
    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        game: str,
        options: dict[str, Any],
        extra: dict[str, str] | None = None,
        entries: Sequence[Entry] = (),
    ) -> Store:
        """A new save file holding ``meta`` and the first ``entries`` (the setup), complete or absent."""
        p = Path(path)
        if p.exists():
            raise SaveError(f"{p}: already exists; a saved game is never overwritten")
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(f"{p.parent}: cannot create the folder ({exc.strerror})") from exc
        tmp = p.with_name(f".{p.name}.{secrets.token_hex(4)}.tmp")
        meta = {
            "format": FORMAT,
            "version": str(VERSION),
            "game": game,
            "options": json.dumps(options, sort_keys=True),
            "created": str(time.time()),
            **(extra or {}),
        }
        try:
            os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            conn = sqlite3.connect(tmp, isolation_level=None, check_same_thread=False)
            try:
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=FULL")
                conn.execute("BEGIN IMMEDIATE")
                for sql in (*_SCHEMA_V3.values(), *_INDEXES_V2.values()):
                    conn.execute(sql)
                conn.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
                enc = msgspec.json.Encoder()
                now = time.time()
                conn.executemany(
                    "INSERT INTO events VALUES (?, ?, ?, ?, ?)",
                    [(e.seq, e.action, type(e.event).__name__, enc.encode(e.event), now) for e in entries],
                )
                conn.execute("COMMIT")
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                conn.close()
            _fsync(tmp)
            try:
                os.link(tmp, p)  # atomic, and fails if a file appeared there meanwhile
            except FileExistsError:
                raise SaveError(f"{p}: already exists; a saved game is never overwritten") from None
            _fsync_dir(p.parent)
        except sqlite3.Error as exc:
            raise SaveError(f"{p}: could not create the saved game ({_sqlite_problem(exc)})") from exc
        except OSError as exc:
            raise SaveError(f"{p}: could not create the saved game ({_os_problem(exc)})") from exc
        finally:
            for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm"), Path(f"{tmp}-journal")):
                with contextlib.suppress(OSError):
                    leftover.unlink()
        return cls.open(p)

    # -- opening ------------------------------------------------------------------------------------
    @classmethod
    def check(cls, path: str | os.PathLike[str]) -> dict[str, str]:
        """Check a save file without writing to it; its meta, or :class:`SaveError` naming the problem."""
        p = Path(path)
        if not p.exists():
            raise SaveError(f"{p}: no such saved game")
        if not p.is_file():
            raise SaveError(f"{p}: not a file")
        try:
            with open(p, "rb") as f:
                head = f.read(100)
        except OSError as exc:
            raise SaveError(f"{p}: cannot read ({exc.strerror})") from exc
        if head[:16] != _SQLITE_MAGIC:
            raise SaveError(f"{p}: not a saved game (not an SQLite file)")
        if len(head) < 100 or head[18] != 2 or head[19] != 2:
            raise SaveError(f"{p}: an SQLite file, but not a tablekeeper saved game (not in WAL mode)")
        if Path(f"{p}-journal").exists():
            raise SaveError(
                f"{p}: has another program's unfinished rollback journal; not a tablekeeper saved game"
            )
        sidecars = [Path(f"{p}-wal"), Path(f"{p}-shm")]
        absent = [s for s in sidecars if not s.exists()]
        try:
            ro = sqlite3.connect(f"file:{p}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise SaveError(f"{p}: cannot open ({_sqlite_problem(exc)})") from exc
        ro.text_factory = _text
        try:
            ok = ro.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                raise SaveError(f"{p}: saved game is damaged ({ok[0] if ok else 'no answer'})")
            objects = {
                (r[0], r[1]): _norm(r[2]) for r in ro.execute("SELECT type, name, sql FROM sqlite_master")
            }
            tables = {name: sql for (kind, name), sql in objects.items() if kind == "table"}
            if "meta" not in tables or "events" not in tables:
                raise SaveError(f"{p}: an SQLite file, but not a tablekeeper saved game")
            meta = dict(ro.execute("SELECT key, value FROM meta").fetchall())
            if meta.get("format") != FORMAT:
                raise SaveError(f"{p}: an SQLite file, but not a tablekeeper saved game")
            version = meta.get("version")
            if version not in {str(v) for v in READS}:
                raise SaveError(f"{p}: saved by format version {version}, this app reads {VERSION}")
            want = _SCHEMAS[str(version)]
            for name, sql in want.items():
                if tables.get(name) != _norm(sql):
                    raise SaveError(f"{p}: saved game is damaged (the {name!r} table is not as written)")
            later = set(_SCHEMA_V3) - set(want)  # an older file may hold a newer table only as written
            for name in later & set(tables):
                if tables[name] != _norm(_SCHEMA_V3[name]):
                    raise SaveError(f"{p}: saved game is damaged (the {name!r} table is not as written)")
            if set(tables) - set(want) - later:
                extra = ", ".join(sorted(set(tables) - set(want)))
                raise SaveError(f"{p}: saved game is damaged (unexpected tables: {extra})")
            for key in ("game", "options"):
                if key not in meta:
                    raise SaveError(f"{p}: saved game is damaged (no {key!r} in its meta)")
            try:
                opts = json.loads(meta["options"])
            except (ValueError, RecursionError) as exc:
                raise SaveError(f"{p}: saved game is damaged (its options are not JSON: {exc})") from None
            if not isinstance(opts, dict):
                raise SaveError(f"{p}: saved game is damaged (its options are not a JSON object)")
            n, top = ro.execute("SELECT count(*), coalesce(max(seq), 0) FROM events").fetchone()
            if n != top:
                raise SaveError(f"{p}: saved game is damaged ({n} events numbered up to {top})")
            meta["events"] = str(n)
            return meta
        except sqlite3.DatabaseError as exc:
            raise SaveError(f"{p}: saved game is damaged ({_sqlite_problem(exc)})") from exc
        except (ValueError, TypeError, OverflowError, RecursionError, MemoryError) as exc:
            raise SaveError(f"{p}: saved game is damaged ({type(exc).__name__}: {str(exc)[:120]})") from exc
        finally:
            ro.close()
            for side in absent:  # what the read-only look made beside the file goes with it
                with contextlib.suppress(OSError):
                    if side.exists() and (side.name.endswith("-shm") or side.stat().st_size == 0):
                        side.unlink()

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Store:
        p = Path(path)
        meta = cls.check(p)
        meta.pop("events", None)
        try:
            conn = sqlite3.connect(
                f"file:{p}?mode=rw", uri=True, isolation_level=None, check_same_thread=False
            )
            conn.text_factory = _text
            conn.execute("PRAGMA busy_timeout=5000")
        except sqlite3.Error as exc:
            raise SaveError(f"{p}: cannot open for writing ({_sqlite_problem(exc)})") from exc
        return cls(p, conn, meta)

    def _ensure_ready(self) -> None:
        if not self._ready:
            self.upgrade()

    def upgrade(self) -> None:
        """Make the file ready to be played on, once its log has replayed: our pragmas, mode 0600, and the
        newer tables for an older file (nothing else changes). Nothing is written before this."""
        try:
            _pragmas(self._conn)
            if self.meta["version"] != str(VERSION):
                self._conn.execute("BEGIN IMMEDIATE")
                for name in set(_SCHEMA_V3) - set(_SCHEMA_V1):
                    self._conn.execute(
                        _SCHEMA_V3[name].replace("CREATE TABLE", "CREATE TABLE IF NOT EXISTS", 1)
                    )
                self._conn.execute(_INDEXES_V2["actions_request"].replace("INDEX", "INDEX IF NOT EXISTS", 1))
                self._conn.execute("INSERT OR REPLACE INTO meta VALUES ('version', ?)", (str(VERSION),))
                self._conn.execute("COMMIT")
                self.meta["version"] = str(VERSION)
        except sqlite3.Error as exc:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise SaveError(f"{self.path}: cannot prepare for play ({_sqlite_problem(exc)})") from exc
        with contextlib.suppress(OSError):
            os.chmod(self.path, 0o600)
        self._ready = True

    # -- reading and writing ------------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.meta["game"]

    @property
    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = json.loads(self.meta["options"])  # a JSON object: checked at opening
        return options

    def append(self, entries: Sequence[Entry], actor: Actor | None = None) -> None:
        """Record ``entries`` (one action's events) and who made them, in one transaction."""
        self._ensure_ready()
        rows = [
            (e.seq, e.action, type(e.event).__name__, self._enc.encode(e.event), time.time()) for e in entries
        ]
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            self._conn.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?)", rows)
            if actor is not None and entries:
                self._conn.execute(
                    "INSERT INTO actions VALUES (?, ?, ?, ?)",
                    (entries[0].action, actor.seat, actor.client, actor.rid),
                )
                if actor.client:
                    self._conn.execute(
                        "DELETE FROM actions WHERE client = ? AND action NOT IN "
                        "(SELECT action FROM actions WHERE client = ? ORDER BY action DESC LIMIT ?)",
                        (actor.client, actor.client, REQUESTS_KEPT),
                    )
            self._conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise SaveError(f"{self.path}: could not record events ({_sqlite_problem(exc)})") from exc

    def request_action(self, client: str, rid: int) -> int | None:
        """The action a device's request made, if it was applied (exactly-once across restarts)."""
        row = self._conn.execute(
            "SELECT action FROM actions WHERE client = ? AND rid = ?", (client, rid)
        ).fetchone()
        return None if row is None else int(row[0])

    def action_seat(self, action: int) -> str | None:
        row = self._conn.execute("SELECT seat FROM actions WHERE action = ?", (action,)).fetchone()
        return None if row is None else str(row[0])

    def owners(self) -> dict[str, str]:
        return dict(self._conn.execute("SELECT seat, device FROM owners").fetchall())

    def set_owner(self, seat: str, device: str | None) -> None:
        """``device`` holds ``seat`` from now on (``None``: the seat is free)."""
        self._ensure_ready()
        try:
            if device is None:
                self._conn.execute("DELETE FROM owners WHERE seat = ?", (seat,))
            else:
                self._conn.execute("INSERT OR REPLACE INTO owners VALUES (?, ?)", (seat, device))
        except sqlite3.Error as exc:
            raise SaveError(
                f"{self.path}: could not record the seat's owner ({_sqlite_problem(exc)})"
            ) from exc

    # -- devices that proved the PIN ------------------------------------------------------------------
    def known_device(self, handle: str) -> KnownDevice | None:
        """The device that comes back under ``handle`` (a public name its key goes with), or None."""
        self._ensure_ready()
        row = self._conn.execute(
            "SELECT device, key, tablet FROM devices WHERE handle = ?", (handle,)
        ).fetchone()
        if row is None:
            return None
        try:
            return KnownDevice(str(row[0]), bytes.fromhex(row[1]), bool(row[2]))
        except ValueError:
            return None  # a damaged row: that device proves the PIN again

    def remember_device(self, device: str, handle: str, key: bytes) -> None:
        """``device`` proved the PIN: it may come back with ``key`` under ``handle`` (its tablet right
        kept)."""
        self._ensure_ready()
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            self._conn.execute(
                "INSERT INTO devices VALUES (?, ?, ?, 0, ?) ON CONFLICT (device) DO UPDATE SET "
                "handle = excluded.handle, key = excluded.key, seen = excluded.seen",
                (device, handle, key.hex(), time.time()),
            )
            self._conn.execute(
                "DELETE FROM devices WHERE device NOT IN "
                "(SELECT device FROM devices ORDER BY seen DESC LIMIT ?)",
                (DEVICES_KEPT,),
            )
            self._conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise SaveError(f"{self.path}: could not record a device ({_sqlite_problem(exc)})") from exc

    def knows_device(self, device: str) -> bool:
        self._ensure_ready()
        return self._conn.execute("SELECT 1 FROM devices WHERE device = ?", (device,)).fetchone() is not None

    def tablets(self) -> set[str]:
        """The devices the host allowed to act as the table's shared tablet."""
        self._ensure_ready()
        return {str(r[0]) for r in self._conn.execute("SELECT device FROM devices WHERE tablet = 1")}

    def set_tablet(self, device: str, allowed: bool) -> None:
        self._ensure_ready()
        try:
            self._conn.execute("UPDATE devices SET tablet = ? WHERE device = ?", (int(allowed), device))
        except sqlite3.Error as exc:
            raise SaveError(f"{self.path}: could not record a tablet ({_sqlite_problem(exc)})") from exc

    def forget_devices(self) -> None:
        """Every device proves the PIN again (the host chose to shut every device out)."""
        self._ensure_ready()
        try:
            self._conn.execute("DELETE FROM devices")
        except sqlite3.Error as exc:
            raise SaveError(f"{self.path}: could not forget devices ({_sqlite_problem(exc)})") from exc

    def rows(self, after: int = 0) -> list[tuple[int, int, str, bytes]]:
        try:
            return self._conn.execute(
                "SELECT seq, action, type, body FROM events WHERE seq > ? ORDER BY seq", (after,)
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise SaveError(f"{self.path}: saved game is damaged ({exc})") from exc

    def count(self) -> int:
        try:
            return int(self._conn.execute("SELECT count(*) FROM events").fetchone()[0])
        except sqlite3.DatabaseError as exc:
            raise SaveError(f"{self.path}: saved game is damaged ({exc})") from exc

    def load_entries(self, types: Iterable[type[Event]], after: int = 0) -> list[Entry]:
        dec = decoder(tuple(types))
        out = []
        for seq, action, typ, body in self.rows(after):
            try:
                ev = dec.decode(body)
            except (
                msgspec.DecodeError,
                msgspec.ValidationError,
                RecursionError,
                ValueError,
                TypeError,
            ) as exc:
                raise SaveError(f"{self.path}: event {seq} ({str(typ)[:40]}) cannot be read: {exc}") from exc
            out.append(Entry(seq, action, ev))
        return out

    def set_meta(self, key: str, value: str) -> None:
        self._ensure_ready()
        try:
            self._conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))
        except sqlite3.Error as exc:
            raise SaveError(f"{self.path}: could not record {key!r} ({_sqlite_problem(exc)})") from exc
        self.meta[key] = value

    def delete_meta(self, key: str) -> None:
        self._ensure_ready()
        try:
            self._conn.execute("DELETE FROM meta WHERE key = ?", (key,))
        except sqlite3.Error as exc:
            raise SaveError(f"{self.path}: could not remove {key!r} ({_sqlite_problem(exc)})") from exc
        self.meta.pop(key, None)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _text(raw: bytes) -> str:
    """Text read from a file that may be damaged: never an exception, bad bytes shown as such."""
    return raw.decode("utf-8", "replace")


def _pragmas(conn: sqlite3.Connection) -> None:
    conn.execute(
        "PRAGMA secure_delete=ON"
    )  # a removed value (a version 1 file's PIN) does not linger on disk
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA busy_timeout=5000")


def _sqlite_problem(exc: sqlite3.Error) -> str:
    text = str(exc)
    if "full" in text.lower():
        return f"the disk is full: {text}"
    if "disk i/o error" in text.lower():
        return f"cannot write to the disk (is it full, or failing?): {text}"
    return text


def _os_problem(exc: OSError) -> str:
    import errno

    if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return f"the disk is full: {exc.strerror}"
    return exc.strerror or str(exc)


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
