"""Send less (companion.sync.patch): a device rebuilds exactly the host's snapshot from patches, and the
patches are much smaller than the snapshots."""

from __future__ import annotations

import copy
import random
from typing import Any

import msgspec
import pytest

from companion.session import Snapshot
from companion.sync import tables
from companion.sync.patch import PatchError, PatchReceiver, PatchSender, SnapshotPatch, apply_ops, diff
from companion.sync.tables import Projector
from engine.core import SeededRng, Table, get_game

WIRE = msgspec.json.Decoder(tuple[Snapshot | None, SnapshotPatch | None])


def _wire(full: Snapshot | None, patch: SnapshotPatch | None) -> tuple[Snapshot | None, SnapshotPatch | None]:
    """What the device decodes: the same bytes a websocket carries."""
    return WIRE.decode(msgspec.json.encode((full, patch)))


@pytest.mark.parametrize(
    "game,options,share",
    [
        ("pandemie", {"provinces": ["G", "H"], "players": [2, 2]}, 0.2),
        ("cartus", {"players": 3}, 0.6),  # its long lists of choices change with every phase
    ],
)
def test_a_device_rebuilds_every_snapshot_from_patches(game, options, share, monkeypatch):
    monkeypatch.setattr(tables, "LOG_LINES", 40)  # the log window slides within the game below
    table = Table.new(get_game(game), options, SeededRng(5))
    pj = Projector(table, game, "t")
    seats = tables.seats_of(table.game, table.state)
    senders = {s: PatchSender() for s in seats}
    receivers = {s: PatchReceiver() for s in seats}
    full_bytes = patch_bytes = patches = updates = 0
    for step in range(120):
        for s in seats:
            snap = pj.snapshot(s)
            full, patch = _wire(*senders[s].next(snap))
            got = receivers[s].apply(full, patch)
            assert got == snap, f"{s} after step {step}"
            full_bytes += len(msgspec.json.encode(snap))
            patch_bytes += len(msgspec.json.encode((full, patch)))
            patches += patch is not None
            updates += 1
        actor = next((s for s in seats if table.game.legal(table.state, s)), None)
        if actor is None:
            break
        legal = table.game.legal(table.state, actor)
        table.act(legal[(step * 5) % len(legal)])
    assert updates > 20 * len(seats), "the game went on long enough to tell"
    assert patches >= 0.9 * (updates - len(seats)), "after the first snapshot, patches"
    print(f"{game}: {patch_bytes / full_bytes:.1%} of the full snapshots' bytes")
    assert patch_bytes < share * full_bytes, (patch_bytes, full_bytes)


def test_a_patch_for_another_base_is_refused():
    table = Table.new(get_game("pandemie"), {"provinces": ["G"], "players": [2]}, SeededRng(2))
    pj = Projector(table, "pandemie", "t")
    sender, receiver = PatchSender(), PatchReceiver()
    receiver.apply(*sender.next(pj.snapshot("p1")))
    legal = table.game.legal(table.state, "p1")
    table.act(legal[0])
    lost = sender.next(pj.snapshot("p1"))  # this update never arrives
    assert lost[1] is not None
    table.act(table.game.legal(table.state, "p1")[0])
    full, patch = sender.next(pj.snapshot("p1"))
    with pytest.raises(PatchError, match="a patch for update 2, but this device holds update 1"):
        receiver.apply(full, patch)
    receiver.reset()
    with pytest.raises(PatchError):
        receiver.apply(None, patch)
    with pytest.raises(PatchError, match="neither"):
        receiver.apply(None, None)


def test_a_snapshot_handed_out_never_changes_afterwards():
    table = Table.new(get_game("pandemie"), {"provinces": ["G"], "players": [2]}, SeededRng(4))
    pj = Projector(table, "pandemie", "t")
    sender, receiver = PatchSender(), PatchReceiver()
    first = receiver.apply(*_wire(*sender.next(pj.snapshot("p1"))))
    kept = msgspec.json.encode(first)
    for _ in range(3):
        table.act(table.game.legal(table.state, "p1")[0])
        second = receiver.apply(*_wire(*sender.next(pj.snapshot("p1"))))
        assert msgspec.json.encode(first) == kept
        first, kept = second, msgspec.json.encode(second)


def _random_json(rng: random.Random, depth: int = 0) -> Any:
    r = rng.random()
    if depth > 3 or r < 0.3:
        return rng.choice([0, 1, 2, "a", "b", None, True, 1.5])
    if r < 0.65:
        return [_random_json(rng, depth + 1) for _ in range(rng.randrange(0, 6))]
    return {rng.choice("abcdef"): _random_json(rng, depth + 1) for _ in range(rng.randrange(0, 5))}


def _mutate(rng: random.Random, doc: Any) -> Any:
    doc = copy.deepcopy(doc)
    if isinstance(doc, dict) and doc and rng.random() < 0.7:
        k = rng.choice(list(doc))
        doc[k] = _mutate(rng, doc[k]) if rng.random() < 0.7 else _random_json(rng, 2)
        if rng.random() < 0.2:
            del doc[k]
        return doc
    if isinstance(doc, list) and doc and rng.random() < 0.7:
        i = rng.randrange(len(doc))
        choice = rng.random()
        if choice < 0.4:
            doc[i] = _mutate(rng, doc[i])
        elif choice < 0.6:
            del doc[: i + 1]
            doc += [_random_json(rng, 2) for _ in range(rng.randrange(1, 4))]
        elif choice < 0.8:
            doc.insert(i, _random_json(rng, 2))
        else:
            del doc[i]
        return doc
    return _random_json(rng)


def test_diff_then_apply_gives_the_new_document_for_random_json():
    rng = random.Random(7)
    for _ in range(3000):
        a = _random_json(rng)
        b = _mutate(rng, a)
        ops = msgspec.json.decode(msgspec.json.encode(diff(a, b)))
        assert apply_ops(copy.deepcopy(a), ops) == b, (a, b, ops)


def test_a_log_window_that_slides_is_two_small_operations():
    old = [{"seq": i, "t": f"line {i}"} for i in range(1, 301)]
    new = old[2:] + [{"seq": 301, "t": "line 301"}, {"seq": 302, "t": "line 302"}]
    ops = diff({"log": old}, {"log": new})
    assert ops == [["l", ["log"], 0, 2, []], ["l", ["log"], 298, 0, new[-2:]]]
    assert apply_ops({"log": list(old)}, ops) == {"log": new}


def test_bad_operations_are_named():
    with pytest.raises(PatchError, match="unknown patch operation 'x'"):
        apply_ops({"a": 1}, [["x", ["a"]]])
    with pytest.raises(PatchError, match="does not fit"):
        apply_ops({"a": 1}, [["s", ["b", "c"], 2]])
    with pytest.raises(PatchError, match="outside a list of 1"):
        apply_ops({"a": [1]}, [["l", ["a"], 1, 3, []]])
