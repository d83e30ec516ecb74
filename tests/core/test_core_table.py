import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import msgspec
import pytest

from engine.core import (
    TABLE,
    Drawn,
    IllegalIntent,
    SeededRng,
    Shuffled,
    Table,
    UndoRefused,
    effective,
    project,
    replay,
)
from engine.core.audit import ShuffleReveal, reveal, verify
from engine.core.store import SaveError, Store
from harness import ROOT, toy


def new_table(tmp_path=None, seed=1, **opts):
    store = Store.create(tmp_path / "t.sqlite", "toy", opts) if tmp_path else None
    return Table.new(toy.GAME, opts, SeededRng(seed), store)


def test_setup_state_equals_replay_of_its_events():
    state, events = toy.setup({}, SeededRng(1))
    assert replay(toy.GAME, events) == state


def test_illegal_intent_names_the_rule_and_changes_nothing():
    t = new_table()
    before, n = t.state, len(t.entries)
    with pytest.raises(IllegalIntent) as exc:
        t.act(toy.Play(seat="p1", card="C99"))
    assert exc.value.rule == "not-in-hand"
    assert t.state == before and len(t.entries) == n


def test_undo_takes_back_the_last_action():
    t = new_table()
    t.act(toy.Bump(seat="p1"))
    before = t.state
    t.act(toy.Bump(seat="p2"))
    t.undo()
    assert t.state == before


def test_undo_is_refused_across_a_reveal():
    t = new_table()
    t.act(toy.Draw(seat="p1"))
    with pytest.raises(UndoRefused, match="revealed hidden information"):
        t.undo()


def test_nothing_to_undo_after_setup():
    with pytest.raises(UndoRefused, match="setup"):
        new_table().undo()


def test_projection_hides_private_draws_and_shuffle_orders():
    t = new_table()
    t.act(toy.Draw(seat="p1"))
    drawn = t.entries[-1].event
    assert isinstance(drawn, Drawn) and drawn.card
    for seat in ("p2", TABLE):
        seen = [project(e.event, seat) for e in t.entries]
        blob = msgspec.json.encode(seen)
        assert drawn.card.encode() not in blob
        shuffles = [e for e in seen if isinstance(e, Shuffled)]
        assert shuffles and all(s.order == () and s.salt == "" for s in shuffles)
    assert project(drawn, "p1") == drawn


def test_audit_passes_on_an_honest_game():
    t = new_table(seed=4)
    for _ in range(5):
        t.act(toy.Draw(seat="p1"))
    public = [project(e.event, "p1") for e in t.entries]
    report = verify([e for e in public if e is not None], reveal(e.event for e in t.entries))
    assert report.ok, report.problems
    assert report.shuffles_checked == 1 and report.draws_checked == 5


def test_audit_detects_a_stacked_deck():
    """The host commits to one order but deals from another: the audit catches it either way."""
    t = new_table(seed=4)
    shuffle = next(e.event for e in t.entries if isinstance(e.event, Shuffled))
    stacked = list(reversed(shuffle.order))
    # The draws the seat saw follow the stacked order...
    public = [msgspec.structs.replace(shuffle, order=(), salt="")]
    public += [Drawn(deck="main", card=c, to="p1") for c in stacked[:3]]
    # ... revealing the committed order: draws do not match.
    honest_reveal = reveal([shuffle])
    report = verify(public, honest_reveal)
    assert not report.ok and any("committed order" in p for p in report.problems)
    # ... revealing the stacked order: the commitment does not match.
    lying_reveal = [ShuffleReveal(shuffle.shuffle_id, "main", tuple(stacked), shuffle.salt)]
    report = verify(public, lying_reveal)
    assert not report.ok and any("commitment" in p for p in report.problems)


def test_store_round_trip_and_resume(tmp_path):
    t = new_table(tmp_path)
    t.act(toy.Bump(seat="p1"))
    t.act(toy.Draw(seat="p2"))
    t.act(toy.Bump(seat="p2"))
    t.undo()
    t.store.close()
    store = Store.open(tmp_path / "t.sqlite")
    assert store.game == "toy"
    resumed = Table.resume(toy.GAME, store, SeededRng(9))
    assert resumed.state == t.state
    assert [e.seq for e in resumed.entries] == [e.seq for e in t.entries]
    assert len(effective(resumed.entries)) == len(effective(t.entries))


def test_create_never_overwrites(tmp_path):
    p = tmp_path / "t.sqlite"
    Store.create(p, "toy", {}).close()
    with pytest.raises(SaveError, match="never overwritten"):
        Store.create(p, "toy", {})


def _digest(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def test_corrupt_and_foreign_files_give_clear_errors_and_stay_untouched(tmp_path):
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(os.urandom(4096))
    foreign = tmp_path / "foreign.sqlite"
    c = sqlite3.connect(foreign)
    c.execute("CREATE TABLE songs (title TEXT)")
    c.commit()
    c.close()
    good = tmp_path / "good.sqlite"
    t = new_table(tmp_path)
    t.act(toy.Bump(seat="p1"))
    t.store.close()
    os.replace(tmp_path / "t.sqlite", good)
    damaged = tmp_path / "damaged.sqlite"
    data = bytearray(good.read_bytes())
    data[100:4000] = os.urandom(3900)
    damaged.write_bytes(bytes(data))
    cases = {garbage: "not an SQLite file", foreign: "not a tablekeeper saved game", damaged: "damaged"}
    for path, message in cases.items():
        before = _digest(path)
        with pytest.raises(SaveError, match=message):
            Store.open(path)
        assert _digest(path) == before
    with pytest.raises(SaveError, match="no such saved game"):
        Store.open(tmp_path / "missing.sqlite")


def test_an_unreadable_event_names_its_sequence_number(tmp_path):
    t = new_table(tmp_path)
    t.act(toy.Bump(seat="p1"))
    t.store.close()
    c = sqlite3.connect(tmp_path / "t.sqlite")
    c.execute('UPDATE events SET body = \'{"type": "Nope"}\' WHERE seq = 2')
    c.commit()
    c.close()
    with pytest.raises(SaveError, match="event 2"):
        Table.resume(toy.GAME, Store.open(tmp_path / "t.sqlite"), SeededRng(1))


WRITER = textwrap.dedent(
    """
    import time
    from harness import toy
    from engine.core import SeededRng, Table
    from engine.core.store import Store
    store = Store.create({path!r}, "toy", {{}})
    t = Table.new(toy.GAME, {{}}, SeededRng(2), store)
    i = 0
    while True:
        t.act(toy.Bump(seat="p1"))
        i += 1
        print(t.seq, flush=True)
        time.sleep(0.002)
    """
)


def test_a_process_killed_between_events_resumes_with_every_committed_event(tmp_path):
    path = tmp_path / "killed.sqlite"
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER.format(path=str(path))],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    last = 0
    deadline = time.monotonic() + 30
    assert proc.stdout is not None
    while last < 40 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if line:
            last = int(line)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert last >= 40
    store = Store.open(path)
    t = Table.resume(toy.GAME, store, SeededRng(3))
    assert t.seq >= last  # every event the writer reported as committed is there
    assert [e.seq for e in t.entries] == list(range(1, t.seq + 1))
    t.act(toy.Bump(seat="p2"))  # and the table plays on
