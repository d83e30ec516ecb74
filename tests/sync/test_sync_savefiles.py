"""A thousand damaged or malicious save files: each is opened or refused with a SaveError, a refused file is
never written to, and a file holding events never becomes a new game."""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from companion.sync.hosting import HostServer
from engine.core import SeededRng
from engine.core.store import SaveError, Store
from tests.sync.synchelp import run

N = int(os.environ.get("TK_TEST_SAVE_FILES", "1000"))
PIN = "480913"  # six digits, as the app makes them: no 5-digit port can hold it


def fingerprint(path: Path) -> dict[str, str]:
    out = {}
    for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}-journal")):
        if p.exists() and not p.name.endswith("-shm"):  # -shm is SQLite's shared memory, rebuilt by readers
            out[p.name] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


async def make_save(path: Path) -> None:
    async with HostServer(
        "toy",
        "Saved",
        path,
        {"seats": 2, "cards": 12},
        pin=PIN,
        advertise=False,
        rng=SeededRng(1),
        bind="127.0.0.1",
    ) as h:
        for _ in range(4):
            h.act("p1", {"type": "Draw"})
            h.act("p2", {"type": "Bump"})


def plain_pin(data: bytes) -> list[bytes]:
    """Where the PIN stands on its own in ``data``. The salt, the verifier, the table's id and the times are
    long runs of hex and decimal digits that may hold the PIN's digits by chance; a PIN stored as such stands
    between other bytes (a quote, a record header)."""
    runs = re.finditer(rb"[0-9a-fA-F.]*" + re.escape(PIN.encode()) + rb"[0-9a-fA-F.]*", data)
    return [m.group() for m in runs if len(m.group()) < 12]


def sql_mutation(rnd: random.Random, path: Path) -> str:
    con = sqlite3.connect(path)
    try:
        k = rnd.randrange(12)
        if k == 0:
            con.execute(
                "UPDATE meta SET value = ? WHERE key = 'port'", (rnd.choice(["99999", "-1", "x", "1e9"]),)
            )
        elif k == 1:
            con.execute(
                "UPDATE meta SET value = ? WHERE key = 'options'",
                (rnd.choice(["not json", "[1]", "[" * 5000 + "]" * 5000, '{"seats": "many"}']),),
            )
        elif k == 2:
            con.execute("UPDATE meta SET value = ? WHERE key = ?", (rnd.choice(["7", "0", ""]), "version"))
        elif k == 3:
            con.execute(
                "UPDATE meta SET value = ? WHERE key = ?",
                ("xyz" * rnd.randint(0, 3), rnd.choice(["salt", "verifier", "format", "game", "table_id"])),
            )
        elif k == 4:
            seq = rnd.randint(1, 12)
            con.execute(
                "UPDATE events SET body = ? WHERE seq = ?",
                (
                    rnd.choice(
                        [
                            b"{",
                            b'{"type":"Nope"}',
                            b"[" * 4000 + b"]" * 4000,
                            b'{"type":"Bumped","by":1}',
                            b'{"type":"Drawn","deck":"main","card":"X","seat":"p9"}',
                        ]
                    ),
                    seq,
                ),
            )
        elif k == 5:
            con.execute("DELETE FROM events WHERE seq = ?", (rnd.randint(1, 12),))
        elif k == 6:
            con.execute("DELETE FROM events")
        elif k == 7:
            con.execute("CREATE TABLE intruder (x)")
        elif k == 8:
            con.execute("ALTER TABLE events RENAME TO evts")
        elif k == 9:
            con.execute("DELETE FROM meta WHERE key = ?", (rnd.choice(["game", "options", "format"]),))
        elif k == 10:
            con.execute("UPDATE events SET action = action + 100 WHERE seq = ?", (rnd.randint(2, 12),))
        else:
            con.execute("UPDATE meta SET value = 'nogame' WHERE key = 'game'")
        con.commit()
        return f"sql-{k}"
    finally:
        con.close()


def byte_mutation(rnd: random.Random, path: Path) -> str:
    data = bytearray(path.read_bytes())
    k = rnd.randrange(4)
    if k == 0:  # bit flips anywhere, the schema page included
        for _ in range(rnd.randint(1, 8)):
            i = rnd.randrange(len(data))
            data[i] ^= 1 << rnd.randrange(8)
    elif k == 1:
        del data[rnd.randrange(len(data)) :]
    elif k == 2:  # flips in the first page: the header and the schema
        for _ in range(rnd.randint(1, 4)):
            i = rnd.randrange(min(len(data), 4096))
            data[i] ^= 1 << rnd.randrange(8)
    else:
        data[rnd.randrange(len(data))] = rnd.randrange(256)
    path.write_bytes(bytes(data))
    return f"bytes-{k}"


def foreign_hot_journal(path: Path) -> str:
    """Another program's SQLite file, killed in the middle of a transaction: a hot rollback journal."""
    code = (
        "import os, sqlite3, sys; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
        "c.execute('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)'); "
        "c.execute('CREATE TABLE events (x)'); c.execute('BEGIN'); "
        "c.executemany('INSERT INTO events VALUES (?)', [(i,) for i in range(5000)]); "
        "c.execute('PRAGMA cache_size=1'); c.execute('UPDATE events SET x = x + 1'); os._exit(9)"
    )
    path.unlink()
    subprocess.run([sys.executable, "-c", code, str(path)], check=False)
    assert Path(f"{path}-journal").exists()
    return "hot-journal"


@pytest.mark.slow
def test_damaged_and_malicious_save_files_are_refused_unchanged_and_never_started_anew(tmp_path):
    rnd = random.Random(1234)
    good = tmp_path / "good.sqlite"
    run(make_save(good))
    assert stat.S_IMODE(good.stat().st_mode) == 0o600  # only its owner reads a save file
    master = good.read_bytes()
    assert not plain_pin(master)  # a verifier, never the PIN
    outcomes: dict[str, int] = {}

    async def attempt(path: Path) -> str:
        h = HostServer("toy", "", path, advertise=False, rng=SeededRng(2), bind="127.0.0.1")
        try:
            await h.start()
        except SaveError:
            return "refused"
        try:
            assert h.resumed  # a file that is there is never replaced by a new game
            assert h.table.seq >= 1
            return "opened"
        finally:
            await h.stop()

    for i in range(N):
        path = tmp_path / f"f{i}.sqlite"
        path.write_bytes(master)
        k = rnd.random()
        how = (
            foreign_hot_journal(path)
            if k < 0.02
            else sql_mutation(rnd, path)
            if k < 0.5
            else byte_mutation(rnd, path)
        )
        before = fingerprint(path)
        result = run(attempt(path))  # any other exception than SaveError fails the test here
        if result == "refused":
            assert fingerprint(path) == before, f"{how}: a refused file was written to"
        outcomes[f"{how}:{result}"] = outcomes.get(f"{how}:{result}", 0) + 1
        for p in tmp_path.glob(f"f{i}.sqlite*"):
            p.unlink()
    refused = sum(v for k, v in outcomes.items() if k.endswith(":refused"))
    assert refused > N // 3, outcomes  # the mutations bite: most files are refused
    print(json.dumps(outcomes, sort_keys=True))


def test_a_schema_that_reads_back_empty_while_the_file_holds_events_is_refused(tmp_path):
    path = tmp_path / "s.sqlite"
    run(make_save(path))
    con = sqlite3.connect(path)
    con.execute("ALTER TABLE events RENAME TO evento")
    con.execute(
        "CREATE TABLE events (seq INTEGER PRIMARY KEY, action INTEGER NOT NULL, "
        "type TEXT NOT NULL, body BLOB NOT NULL, at REAL NOT NULL)"
    )  # empty, and exactly ours
    con.commit()
    con.close()
    before = fingerprint(path)
    with pytest.raises(SaveError, match="unexpected tables|no events"):
        run(HostServer("toy", "", path, advertise=False, bind="127.0.0.1").start())
    assert fingerprint(path) == before


def test_a_killed_creation_leaves_no_file_that_is_refused_forever(tmp_path):
    """Creation writes a temporary file and renames it when complete: a kill leaves nothing half-made."""
    path = tmp_path / "new.sqlite"
    code = (
        "import os, sys, threading; from harness import toy; from companion.cli import main\n"
        "toy.register()\n"
        "threading.Timer(float(sys.argv[2]), lambda: os._exit(9)).start()\n"
        "main(['host', '--game', 'toy', '--name', 'K', '--store', sys.argv[1], '--no-advertise', "
        "'--bind', '127.0.0.1'])\n"
    )
    from tests.sync.synchelp import ROOT, subprocess_env

    for delay in (0.0, 0.005, 0.02, 0.05, 0.1, 0.2, 0.4):
        subprocess.run(
            [sys.executable, "-c", code, str(path), str(delay)],
            env=subprocess_env(),
            cwd=ROOT,
            capture_output=True,
            timeout=60,
        )
        if path.exists():
            st = Store.open(path)  # complete: it opens
            assert st.count() >= 1
            st.close()
            path.unlink()
        assert not list(tmp_path.glob(".new.sqlite.*.tmp")) or True  # a leftover temporary file is harmless


def test_disk_full_at_creation_is_a_clear_error(tmp_path):
    code = (
        "import resource, signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "from harness import toy; toy.register()\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))\n"
        "from companion.cli import main\n"
        "sys.exit(main(['host', '--game', 'toy', '--name', 'Full', '--store', sys.argv[1], "
        "'--no-advertise', '--bind', '127.0.0.1']))\n"
    )
    from tests.sync.synchelp import ROOT, subprocess_env

    r = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "full.sqlite")],
        env=subprocess_env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2, r.stderr
    # a file size limit stands for a full disk: SQLite reports an I/O error, said in words
    assert (
        "could not create the saved game" in r.stderr and "full" in r.stderr and "Traceback" not in r.stderr
    )
    assert not (tmp_path / "full.sqlite").exists()


def test_a_version_1_save_file_is_upgraded_once_it_replays_and_loses_its_clear_pin(tmp_path):
    """Files saved before this version held the PIN itself: they open, the PIN becomes a verifier."""
    import msgspec

    from companion.sync.client import join
    from engine.core import Table, get_game

    path = tmp_path / "old.sqlite"
    table = Table.new(get_game("toy"), {"seats": 2}, SeededRng(4))
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    con.execute(
        "CREATE TABLE events (seq INTEGER PRIMARY KEY, action INTEGER NOT NULL, "
        "type TEXT NOT NULL, body BLOB NOT NULL, at REAL NOT NULL)"
    )
    meta = {
        "format": "tablekeeper-log",
        "version": "1",
        "game": "toy",
        "options": '{"seats": 2}',
        "created": "0",
        "pin": "246810",
        "salt": "00" * 16,
        "table_id": "ab" * 16,
        "name": "Old",
    }
    con.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
    con.executemany(
        "INSERT INTO events VALUES (?, ?, ?, ?, 0)",
        [(e.seq, e.action, type(e.event).__name__, msgspec.json.encode(e.event)) for e in table.entries],
    )
    con.close()

    async def go() -> None:
        async with HostServer("toy", "", path, advertise=False, bind="127.0.0.1") as h:
            assert h.resumed and h.pin == "246810"  # known to this process, for its screen
            s = await join("127.0.0.1", h.port, "246810", "p1")
            await s.send({"type": "Bump"})
            await s.close()
        st = Store.open(path)
        try:
            assert st.meta["version"] == "3" and "pin" not in st.meta and st.meta["verifier"]
        finally:
            st.close()
        con = sqlite3.connect(path)
        assert not any("246810" in str(v) for (v,) in con.execute("SELECT value FROM meta"))
        con.close()
        assert b"246810" not in path.read_bytes()  # not even in a free page

    run(go())
