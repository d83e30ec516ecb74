"""A page's update is one message (companion.runtime.one_patch): the patches of every touched control, each
rooted at the page, applied in order by the browser, give the browser the tree the app holds.

The browser side is played here by :func:`_apply`, which resolves a patch as Flet's client does
(``Control.applyPatch``: a table of paths from the patched control, through each control's properties and
lists, then replace / add / remove / move operations). A browser test (tests/app/test_app_table_flow.py and
the other browser tests) plays real turns with it."""

from __future__ import annotations

from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch
from flet.messaging.protocol import configure_encode_object_for_msgpack

from companion.runtime import one_patch


def _wire(value: Any) -> Any:
    """``value`` packed as Flet's session packs it (which records what the browser now holds), and
    unpacked."""
    raw = msgpack.packb(value, default=configure_encode_object_for_msgpack(BaseControl))
    return msgpack.unpackb(raw, strict_map_key=False)


def _first(root: BaseControl) -> Any:
    """``root`` drawn for the first time (Flet's diff from nothing, which mounts every control under it): the
    tree the browser then holds."""
    patch, _added, _removed = ObjectPatch.from_diff(None, root, control_cls=BaseControl)
    message = _wire(patch.to_message())
    assert message[1][0] == 0 and len(message) == 2  # one replace of the whole root
    return message[1][3]


def _apply(tree: Any, message: list[Any]) -> None:
    """Flet's client applying one patch message to the control it names (here ``tree``)."""
    paths, *ops = message
    where: dict[int, list[Any]] = {}

    def index(node: list[Any], path: list[Any]) -> None:
        where[node[0]] = path
        if len(node) > 1 and isinstance(node[1], dict):
            for key, child in node[1].items():
                index(child, [*path, key])

    index(paths, [])

    def target(i: int) -> Any:
        obj = tree
        for part in where[i]:
            obj = obj[part]
        return obj

    for op in ops:
        kind = op[0]
        if kind == 0:  # replace
            target(op[1])[op[2]] = op[3]
        elif kind == 1:  # add
            obj = target(op[1])
            if isinstance(obj, list):
                obj.insert(op[2], op[3])
            else:
                obj[op[2]] = op[3]
        elif kind == 2:  # remove
            target(op[1]).pop(op[2])
        elif kind == 3:  # move
            value = target(op[1]).pop(op[2])
            dest = target(op[3])
            if isinstance(dest, list):
                dest.insert(op[4], value)
            else:
                dest[op[4]] = value
        else:
            raise AssertionError(f"unknown operation {op}")


def _screen() -> tuple[ft.Column, dict[str, Any]]:
    header = ft.Text("event 1")
    log = ft.Column([ft.Row([ft.Text(f"line {i}")], key=f"log-{i}") for i in (3, 2, 1)])
    cities = ft.Column([ft.Row([ft.Text(name), ft.Text("0")]) for name in ("Vienna", "Lugdunum", "Genava")])
    slot = ft.Container(content=ft.Text("nothing"))
    root = ft.Column([ft.Container(content=ft.Column([header])), ft.Column([cities, log]), slot])
    return root, {"header": header, "log": log, "cities": cities, "slot": slot}


def test_the_patches_of_every_touched_control_in_one_message_give_the_browser_the_apps_tree():
    root, part = _screen()
    browser = _first(root)  # the page as first drawn
    # a turn ends: the header, a new log line (the oldest goes), cities reordered and one changed, a new
    # control
    part["header"].value = "event 9"
    log = part["log"]
    log.controls = [ft.Row([ft.Text("line 4")], key="log-4"), *log.controls[:2]]
    cities = part["cities"]
    vienna, lugdunum, genava = cities.controls
    genava.controls[1].value = "3"
    cities.controls = [genava, vienna, lugdunum]
    part["slot"].content = ft.Row([ft.Text("a banner"), ft.Text("Vu")])
    touched = [part["header"], log, cities, genava.controls[1], part["slot"]]
    message, added, removed, alone = one_patch.combined(root, touched)
    assert message is not None and not alone
    assert any(getattr(c, "key", None) == "log-4" for c in added)
    assert any(getattr(c, "key", None) == "log-1" for c in removed)
    _apply(browser, _wire(message))
    assert browser == _wire(root), "the browser's tree differs from the app's after the one message"


def test_a_control_not_under_the_page_is_left_out_for_an_update_of_its_own():
    root, part = _screen()
    _first(root)
    stray = ft.Text("elsewhere")
    part["header"].value = "event 2"
    message, _added, _removed, alone = one_patch.combined(root, [part["header"], stray])
    assert alone == [stray] and message is not None
    assert one_patch.path_to(root, stray) is None


def test_the_path_from_the_page_names_each_field_and_list_place():
    root, part = _screen()
    _first(root)  # mounted: each control knows its parent
    assert one_patch.path_to(root, part["header"]) == ["controls", 0, "content", "controls", 0]
    assert one_patch.path_to(root, part["log"]) == ["controls", 1, "controls", 1]
    assert one_patch.path_to(root, root) == []


def test_nothing_changed_means_no_message():
    root, part = _screen()
    _first(root)
    message, added, removed, alone = one_patch.combined(root, [part["header"], part["log"]])
    assert message is None and not added and not removed and not alone


def test_written_against_the_pinned_flet():
    """Session internals this module uses (its index and its sender) are Flet 1.0.5's."""
    import inspect
    from importlib.metadata import version

    from flet.messaging import session

    assert version("flet") == one_patch.FLET_VERSION
    assert hasattr(session.Session, "_Session__send_message")
    source = inspect.getsource(session)  # the module's: companion.runtime.taps wraps Session.__init__
    assert "self.__index" in source and "def __send_message(self, message: Message)" in source


def test_a_memo_written_into_that_moved_up_its_list_reaches_the_browser_at_its_new_place():
    """A city's row is a memo with a slot and no key: when its pins change, it moves up the list and the new
    row is written into the one on the page (companion.runtime.graft). The list's patch must come first: the
    row's patch names the row's place in the list as it is now."""
    from companion.runtime.graft import graft_touched
    from companion.ui.memo import Store, keep, rendering

    store = Store()

    def render(pins: dict[str, int]) -> ft.Column:
        rows = [
            keep(
                ("city", name, n),
                lambda name=name, n=n: ft.Row([ft.Text(name), ft.Text(str(n))]),
                slot=("city", name),
            )
            for name, n in sorted(pins.items(), key=lambda kv: -kv[1])
        ]
        return ft.Column([ft.Text("Gallia"), ft.Column(rows)])

    with rendering(store):
        root = render({"Vienna": 3, "Lugdunum": 2, "Genava": 1})
    browser = _first(root)
    genava = root.controls[1].controls[2]
    with rendering(store):
        fresh = render({"Vienna": 3, "Lugdunum": 2, "Genava": 5})
    kept, touched = graft_touched(root, fresh)
    assert kept is root
    rows = root.controls[1].controls
    assert [r.controls[0].value for r in rows] == ["Genava", "Vienna", "Lugdunum"]
    assert rows[0] is genava and genava.controls[1].value == "5"  # found by its slot, written into
    assert all(r.is_isolated() for r in rows)  # the list's diff does not walk into them: each its own patch
    message, _added, _removed, alone = one_patch.combined(root, touched)
    assert message is not None and not alone
    _apply(browser, _wire(message))
    assert browser == _wire(root), "the browser's tree differs from the app's after the one message"


def test_a_canvas_whose_shapes_an_outer_update_sends_is_not_walked_again():
    """A pawn moves: the map's canvas of pawns gets the new pawn's shapes in place of the old one's, and the
    last move's arrows come in the list that holds that canvas. The update of that list sends the canvas's
    list of shapes too (the shapes themselves are never written into), so the canvas is not updated again
    on its own (its diff walked every shape for nothing); the browser still gets the app's tree."""
    import copy

    from companion.runtime.graft import graft_touched
    from companion.sync.tables import Projector
    from companion.ui.boards.pandemie_map import province_map
    from companion.ui.memo import Store, rendering
    from engine.core import SeededRng, Table, get_game

    table = Table.new(get_game("pandemie"), {"provinces": 1, "players": 2}, SeededRng(4))
    view = Projector(table, "pandemie", "t").snapshot("p1").view
    device, store = object(), Store()

    def drawn(v: Any) -> ft.Column:
        with rendering(store):
            return ft.Column([province_map(v, "G", "p1", "fr", 800.0, device=device)])

    root = drawn(view)
    browser = _first(root)
    moved = copy.deepcopy(view)
    pawn = moved["players"]["p2"]
    gallia = next(p for p in moved["provinces"] if p["code"] == "G")
    pawn["city"] = next(c for c in sorted(gallia["pins"]) if c != pawn["city"])

    def canvases(c: Any) -> list[Any]:
        out = [c] if type(c).__name__ == "Canvas" else []
        for name in ("content", "controls"):
            sub = getattr(c, name, None)
            for x in sub if isinstance(sub, list) else [sub] if isinstance(sub, BaseControl) else []:
                out += canvases(x)
        return out

    pieces = canvases(root)[-1]  # the pawns and rings, above the pins
    before = [id(s) for s in pieces.shapes]
    kept, touched = graft_touched(root, drawn(moved))
    assert kept is root and canvases(root)[-1] is pieces and pieces.is_isolated()
    assert [id(s) for s in pieces.shapes] != before, "the pawn's shapes changed in the canvas on the page"
    assert all(t is not pieces for t in touched), "the canvas of pawns is updated by the list that holds it"
    assert any(type(t).__name__ == "Stack" for t in touched)
    message, _added, _removed, alone = one_patch.combined(root, touched)
    assert message is not None and not alone
    _apply(browser, _wire(message))
    assert browser == _wire(root), "the browser's tree differs from the app's after the one message"


def _flets_own_compares(monkeypatch: Any) -> list[Any]:
    """The controls Flet's own diff of a control (``DiffBuilder._compare_dataclasses``) is run on."""
    from flet.controls.object_patch import DiffBuilder

    seen: list[Any] = []
    flets = DiffBuilder._compare_dataclasses

    def spy(self: Any, parent: Any, path: list[Any], src: Any, dst: Any, frozen: bool) -> None:
        seen.append(dst)
        flets(self, parent, path, src, dst, frozen)

    monkeypatch.setattr(DiffBuilder, "_compare_dataclasses", spy)
    return seen


def test_the_diff_passes_the_controls_that_did_not_change_to_their_children(monkeypatch: Any) -> None:
    """A log line comes and one city's count changes under a column of forty cities: Flet's own work (the
    record of what was sent, before_update, validation) runs on the column and the changed ones, not on the
    thirty-nine rows and their texts that did not change; the browser gets the app's tree."""
    cities = [ft.Row([ft.Text(f"city {i}"), ft.Text("0")]) for i in range(40)]
    log = ft.Column([ft.Text("line 1")])
    root = ft.Column([ft.Container(content=ft.Column(cities)), log])
    browser = _first(root)
    seen = _flets_own_compares(monkeypatch)
    cities[7].controls[1].value = "2"
    log.controls = [ft.Text("line 2"), *log.controls]
    message, added, _removed, alone = one_patch.combined(root, [root])
    assert message is not None and not alone and [c.value for c in added] == ["line 2"]
    _apply(browser, _wire(message))
    assert browser == _wire(root), "the browser's tree differs from the app's after the one message"
    assert any(c is cities[7].controls[1] for c in seen) and any(c is log for c in seen)
    changed = cities[7].controls[1]
    quiet = [r for i, r in enumerate(cities) if i != 7] + [
        t for r in cities for t in r.controls if t is not changed
    ]
    assert not [c for c in seen if any(c is q for q in quiet)]


def test_a_list_changed_in_place_or_a_value_given_since_is_still_sent() -> None:
    """What Flet's record of the last send tells apart is still told apart: items appended to the very list
    that was sent, a list of equal texts in a new list, a nested value given where there was none."""
    row = ft.Row([ft.Text("a")])
    box = ft.Container()
    chips = ft.Row([ft.Text("x")], spacing=4)
    root = ft.Column([row, box, chips])
    browser = _first(root)
    row.controls.append(ft.Text("b"))  # the same list object, one more item
    box.content = ft.Text("inside")
    chips.spacing = 4  # the same value again: nothing to send
    assert not one_patch.unchanged(row) and not one_patch.unchanged(box)
    message, _added, _removed, _alone = one_patch.combined(root, [root])
    assert message is not None
    _apply(browser, _wire(message))
    assert browser == _wire(root), "the browser's tree differs from the app's after the one message"
    assert one_patch.unchanged(row) and one_patch.unchanged(box) and one_patch.unchanged(root)
