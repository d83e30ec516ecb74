"""The shell's graft (companion.runtime.graft): a re-render keeps the controls on the page and writes only
what changed into them; kept fields, our own classes and memos are handled as the module says. In process, on
Flet's own control classes (the browser side is covered by the app's browser tests and benchmarks.ui)."""

from __future__ import annotations

import weakref
from typing import Any

import flet as ft
import flet.canvas as cv

from companion.runtime.graft import graft, graft_touched, live
from companion.ui.boards.draw import BoardCanvas, Flash
from companion.ui.memo import Store, keep, previous, rendering


def test_a_changed_text_is_written_into_the_control_on_the_page() -> None:
    a, b = ft.Text("a"), ft.Text("b", size=14)
    old = ft.Column([a, b])
    root, touched = graft_touched(old, ft.Column([ft.Text("a"), ft.Text("c", size=14)]))
    assert root is old and old.controls[0] is a and old.controls[1] is b
    assert b.value == "c" and b.size == 14
    assert touched == [b]  # only the text that changed is updated


def test_a_property_the_fresh_render_no_longer_gives_goes_back_to_its_default() -> None:
    t = ft.Text("x", weight=ft.FontWeight.BOLD, color=ft.Colors.RED)
    old = ft.Column([t])
    graft(old, ft.Column([ft.Text("x")]))
    assert t.weight is None and t.color is None


def test_a_field_the_screen_keeps_is_never_written_into() -> None:
    field = ft.TextField(value="typed")
    old = ft.Column([ft.Text("before"), field])
    root = graft(old, ft.Column([ft.Text("a message above"), field]))
    assert root is old
    assert old.controls[1] is field and field.value == "typed"
    assert isinstance(old.controls[0], ft.Text) and old.controls[0].value == "a message above"


def test_another_class_or_one_of_ours_replaces_the_old_control() -> None:
    old = ft.Column([ft.Text("a"), Flash(shapes=[], seconds=1)])
    new_flash = Flash(shapes=[], seconds=2)
    graft(old, ft.Column([ft.Icon(ft.Icons.HOME), new_flash]))
    assert isinstance(old.controls[0], ft.Icon)
    assert old.controls[1] is new_flash  # its life starts when it is mounted: never merged


def test_keyed_controls_are_matched_by_key_when_they_move() -> None:
    x, y = ft.Text("x", key="x"), ft.Text("y", key="y")
    old = ft.Column([x, y])
    graft(old, ft.Column([ft.Text("y2", key="y"), ft.Text("x2", key="x")]))
    assert old.controls == [y, x] and y.value == "y2" and x.value == "x2"


def test_a_tap_runs_the_last_render_closure() -> None:
    seen: list[str] = []
    button = ft.FilledButton("go", on_click=lambda _e: seen.append("first"))
    old = ft.Column([button])
    graft(old, ft.Column([ft.FilledButton("go", on_click=lambda _e: seen.append("second"))]))
    button.on_click(None)
    assert seen == ["second"]


def test_a_handler_that_captured_a_fresh_control_finds_the_one_on_the_page() -> None:
    old_viewer = ft.InteractiveViewer(content=ft.Text("map"))
    old = ft.Column([old_viewer])
    fresh_viewer = ft.InteractiveViewer(content=ft.Text("map"))
    graft(old, ft.Column([fresh_viewer]))
    assert old.controls[0] is old_viewer
    assert live(fresh_viewer) is old_viewer and live(old_viewer) is old_viewer


def test_a_kept_memo_is_neither_written_into_nor_updated() -> None:
    store = Store()
    built: list[int] = []

    def canvas() -> BoardCanvas:
        built.append(1)
        return BoardCanvas(shapes=[cv.Circle(1, 1, 2)])

    with rendering(store):
        first = ft.Column([keep("board", canvas), ft.Text("1")])
    with rendering(store):
        second = ft.Column([keep("board", canvas), ft.Text("2")])
    assert len(built) == 1
    root, touched = graft_touched(first, second)
    assert root is first and first.controls[0] is second.controls[0]
    assert all(not isinstance(t, BoardCanvas) for t in touched)
    with rendering(store):
        pass
    assert store.kept == {}  # what a render did not use is dropped


def test_one_key_twice_in_one_render_gives_two_controls() -> None:
    store = Store()
    with rendering(store):
        a = keep("k", lambda: ft.Text("a"))
        b = keep("k", lambda: ft.Text("a"))
    assert a is not b  # a control is in one place only


def test_a_list_of_shapes_is_merged_place_by_place() -> None:
    c1, c2 = cv.Circle(0, 0, 5), cv.Circle(1, 1, 5)
    old = cv.Canvas(shapes=[c1, c2])
    graft(old, cv.Canvas(shapes=[cv.Circle(0, 0, 5), cv.Circle(9, 9, 5), cv.Circle(3, 3, 3)]))
    assert old.shapes[0] is c1 and old.shapes[1] is c2 and c2.x == 9 and len(old.shapes) == 3


def _mounted(root: ft.Control) -> ft.Control:
    """A tree as Flet leaves it once on a page: each control knows its parent (the graft finds the kept
    controls on the page through those links)."""
    stack: list[Any] = [root]
    while stack:
        node = stack.pop()
        for value in [*vars(node).values(), *(getattr(node, "_values", None) or {}).values()]:
            children = value if isinstance(value, list) else [value]
            for child in children:
                if isinstance(child, ft.BaseControl):
                    object.__setattr__(child, "_parent", weakref.ref(node))
                    stack.append(child)
    return root


def test_a_list_item_holding_a_kept_field_is_matched_wherever_it_went_in_the_list() -> None:
    field = ft.TextField(value="typed")
    box = ft.Container(content=field)
    old = _mounted(ft.Column([box, ft.Text("b")]))
    new = ft.Column([ft.Text("a"), ft.Container(content=field)])
    root, touched = graft_touched(old, new)
    assert root is old and old.controls[1] is box and box.content is field  # the field keeps its parent
    assert isinstance(old.controls[0], ft.Text) and old.controls[0].value == "a"


def test_a_kept_field_that_moves_to_another_parent_asks_for_a_fresh_render() -> None:
    field = ft.TextField(value="typed")
    old = _mounted(ft.Column([ft.Row([field]), ft.Row([ft.Text("b")])]))
    new = ft.Column([ft.Row([ft.Text("b")]), ft.Row([ft.Text("c"), ft.Column([field])])])
    root, touched = graft_touched(old, new)
    assert root is None and touched == []  # the shell renders the screen again, without memos, whole


def test_a_memo_is_never_written_into_nor_written_from() -> None:
    store = Store()
    with rendering(store):
        first = keep(("part", 1), lambda: ft.Column([ft.Text("one")]))
    old = ft.Column([first])
    with rendering(store):
        second = keep(("part", 2), lambda: ft.Column([ft.Text("two")]))
    graft(old, ft.Column([second]))
    assert old.controls[0] is second and first.controls[0].value == "one"


def test_an_input_the_screen_made_afresh_replaces_the_old_one() -> None:
    old_field = ft.TextField(value="3")
    old = ft.Column([old_field])
    fresh = ft.TextField(value="4")
    graft(old, ft.Column([fresh]))
    assert old.controls[0] is fresh  # the screen reads the field it made at its last render


def handler(intent: str) -> Any:
    """A choice's tap handler, saying which intent it plays (as the table screen's are)."""

    def click(_e: Any) -> None:
        pass

    click.tk_meaning = intent  # type: ignore[attr-defined]
    return click


def test_a_button_whose_handler_means_another_intent_is_replaced_not_written_into() -> None:
    old_btn = ft.OutlinedButton(content=ft.Text("Aller à Lugdunum"), on_click=handler("move G01"))
    old = ft.Column([old_btn])
    same = ft.OutlinedButton(content=ft.Text("Aller à Lugdunum"), on_click=handler("move G01"))
    graft(old, ft.Column([same]))
    assert old.controls[0] is old_btn  # the same intent: the button stays (its id, its widget)
    other = ft.OutlinedButton(content=ft.Text("Aller à Cularo"), on_click=handler("move G02"))
    graft(old, ft.Column([other]))
    assert old.controls[0] is other  # another intent: a new button; a tap on its way reaches the old one's


def test_log_lines_with_keys_keep_their_controls_when_a_line_comes_in() -> None:
    def lines(seqs: list[int]) -> ft.Column:
        return ft.Column([ft.Row([ft.Text(str(s))], key=f"log-{s}") for s in seqs])

    old = lines([3, 2, 1])
    kept = list(old.controls)
    root, touched = graft_touched(old, lines([4, 3, 2]))
    assert root is old and old.controls[1] is kept[0] and old.controls[2] is kept[1]
    assert touched == [old]  # only the list changed: nothing inside the kept lines is sent again


def test_a_memo_built_anew_in_its_slot_is_written_into_the_one_on_the_page() -> None:
    store = Store()

    def part(pins: int) -> ft.Control:
        return keep(
            ("province", "G", pins),
            lambda: ft.Column([ft.Text("Gallia"), ft.Text(f"{pins} pins")]),
            slot=("province", "G"),
        )

    with rendering(store):
        first = part(3)
    old = ft.Column([first])
    with rendering(store):
        second = part(4)
    root, touched = graft_touched(old, ft.Column([second]))
    assert root is old and old.controls[0] is first  # the control on the page stays: only its text changes
    assert first.controls[1].value == "4 pins" and first.controls[0].value == "Gallia"
    with rendering(store):
        again = part(4)
    assert again is first  # the page keeps the control on the page under the new key


def _ids(controls: list[Any]) -> list[int]:
    return [id(c) for c in controls]


def test_a_memo_built_anew_may_take_the_children_of_the_one_on_the_page_once_per_render() -> None:
    """``previous(slot)`` hands a build the control the page shows in its slot (after a graft: the one the
    page kept), once in a render: a second build for the same slot, or a slot the render kept as it is,
    gets nothing (a control's children are in one place only)."""
    store = Store()
    lent: list[Any] = []

    def part(pins: int) -> ft.Control:
        def build() -> ft.Control:
            before = previous(("row", "G"))
            lent.append(before)
            kept = {t.value: t for t in (before.controls if before is not None else [])}
            return ft.Row([kept.get(f"pin {i}") or ft.Text(f"pin {i}") for i in range(pins)])

        return keep(("row", "G", pins), build, slot=("row", "G"))

    with rendering(store):
        first = part(2)
    assert lent == [None]  # nothing on the page yet
    page = ft.Column([first])
    pins = list(first.controls)
    with rendering(store):
        second, twice = part(3), part(3)
    assert lent[1] is first and lent[2] is None  # lent once
    assert _ids(second.controls[:2]) == _ids(pins) and twice.controls[0] is not pins[0]
    graft_touched(page, ft.Column([second]))
    assert page.controls[0] is first and _ids(first.controls[:2]) == _ids(pins)  # kept where they were
    with rendering(store):
        third = part(4)
    assert lent[3] is first and _ids(third.controls[:2]) == _ids(pins)  # the one the page kept
    with rendering(store):
        part(4)
        assert previous(("row", "G")) is None  # a slot kept as it is lends nothing
    assert previous(("row", "G")) is None  # outside a render: nothing


def test_memos_are_isolated_from_the_diff_above_them_unless_they_have_a_key() -> None:
    """Flet's diff of an update does not walk into an isolated control: a memo is unchanged by definition.
    A keyed one is not isolated: Flet pairs a removed and an added control of one key and diffs them in
    place (a log line shown in another language keeps its key and must send its new words)."""
    store = Store()
    with rendering(store):
        plain = keep("part", lambda: ft.Column([ft.Text("x")]))
        keyed = keep("line", lambda: ft.Row([ft.Text("y")], key="log-1"))
    assert plain.is_isolated() and not keyed.is_isolated()


def test_a_memo_written_into_is_updated_by_itself_even_when_its_parent_is_updated_too() -> None:
    store = Store()

    def part(pins: int) -> ft.Control:
        return keep(("province", pins), lambda: ft.Column([ft.Text(f"{pins} pins")]), slot="G")

    with rendering(store):
        first = part(3)
    old = ft.Column([ft.Text("head"), first])
    for child, parent in ((old.controls[0], old), (first, old), (first.controls[0], first)):
        object.__setattr__(child, "_parent", weakref.ref(parent))
    with rendering(store):
        second = part(4)
    root, touched = graft_touched(old, ft.Column([ft.Text("head"), second, ft.Text("a new line")]))
    assert root is old and old.controls[1] is first and first.controls[0].value == "4 pins"
    # the page's column changed (a new line): its update does not walk into the isolated memo, so what was
    # written inside the memo must be updated by itself
    assert any(t is old for t in touched), touched
    assert any(t is first or t is first.controls[0] for t in touched), touched


def _sent(control: ft.BaseControl, first: bool = False) -> bytes:
    """What Flet sends the browser for an update of ``control`` (its whole tree when ``first``): the patch
    from Flet's own diff, packed as its session packs it (which also records what the browser now has)."""
    import msgpack
    from flet.controls.base_control import BaseControl
    from flet.controls.object_patch import ObjectPatch
    from flet.messaging.protocol import configure_encode_object_for_msgpack

    patch, _added, _removed = ObjectPatch.from_diff(
        None if first else control, control, control_cls=BaseControl
    )
    return bytes(msgpack.packb(patch.to_message(), default=configure_encode_object_for_msgpack(BaseControl)))


def test_a_map_whose_pawns_moved_sends_the_new_pawns_to_the_browser() -> None:
    """The map's layer of pins and pawns is a kept canvas, rebuilt when they change: the browser must get
    the new one (it kept the old one when the layer was a keyed canvas: the province tablets showed pawns
    where they no longer were until a reload)."""
    from companion.ui.boards.draw import Layer, map_control
    from engine.boards.pandemie import board_for

    board = board_for("G")
    a, b = board.places[0], board.places[5]
    store = Store()

    def render(at: Any) -> ft.Control:
        layer = Layer(badges=[(at.x, at.y, 9.0, "#112233", "Q", "#ffffff")])
        with rendering(store):
            return ft.Column([ft.Text(f"at {at.key}"), map_control(board, layer, 600.0, None)])

    page = render(a)
    assert b"Q" in _sent(page, first=True)
    root, touched = graft_touched(page, render(b))
    assert root is page and touched
    sent = b"".join(_sent(t) for t in touched)
    assert b"Q" in sent, "the moved pawn was not sent"


def test_a_pawn_that_moves_sends_the_pawns_again_and_not_every_pin() -> None:
    """Pins and pawns were one canvas: every move sent every pin of the province again to every page (the
    map's part of each page's update, 4-6 ms of the app's time per page at each move). The pawns and the
    last action's rings are now a canvas of their own."""
    from companion.ui.boards.draw import Layer, map_control
    from engine.boards.pandemie import board_for

    board = board_for("G")
    a, b = board.places[0], board.places[5]
    pins = [(p.x, p.y, 5.0, "#abcdef", "", "#ffffff") for p in board.places[10:30]]
    store = Store()

    def render(at: Any) -> ft.Control:
        layer = Layer(badges=list(pins), pawns=[(at.x, at.y, 9.0, "#112233", "Q", "#ffffff")], marks={at.key})
        with rendering(store):
            return ft.Column([ft.Text(f"at {at.key}"), map_control(board, layer, 600.0, None)])

    page = render(a)
    assert b"#abcdef" in _sent(page, first=True) and b"Q" in _sent(page, first=True)
    root, touched = graft_touched(page, render(b))
    assert root is page and touched
    sent = b"".join(_sent(t) for t in touched)
    assert b"Q" in sent, "the moved pawn was not sent"
    assert b"#abcdef" not in sent, "the pins were sent again for a pawn's move"


def test_pins_that_come_send_those_pins_and_not_every_pin_again() -> None:
    """At a turn's end the propagation adds pins: the layer of pins was a new canvas, and every pin of the
    province went again to every page showing it (~30 KB each). The layer is now written into the canvas
    on the page, shape by shape matched by what it draws: only the new pins (and those of the cities whose
    ring of pins moved) are sent, and the canvas ends with exactly the new render's shapes."""
    from companion.ui.boards.draw import Layer, map_control, ring
    from engine.boards.pandemie import board_for

    board = board_for("G")
    old_pins = [(p.x, p.y, 5.0, "#abcdef", "", "#ffffff") for p in board.places[10:40]]
    city = board.places[3]
    store = Store()

    def render(extra: int, into: Store = store) -> ft.Control:
        new = [(x, y, 5.0, "#fedcba", "", "#ffffff") for x, y in ring(city, extra)]
        with rendering(into):
            return ft.Column(
                [ft.Text(f"{extra} new"), map_control(board, Layer(badges=old_pins + new), 600.0, None)]
            )

    def layer_of(root: ft.Control) -> Any:
        import flet.canvas as cv

        stack = root.controls[1].controls[1].controls[0]  # the map's stack, its top part, its list: the layer
        return next(c for c in stack.controls if isinstance(c, cv.Canvas))

    page = render(0)
    first = _sent(page, first=True)
    canvas = layer_of(page)
    root, touched = graft_touched(page, render(2))
    assert root is page and touched
    sent = b"".join(_sent(t) for t in touched)
    assert layer_of(page) is canvas, "the pins' canvas on the page was replaced, not written into"
    assert sent.count(b"#fedcba") == 2 and b"#abcdef" not in sent, "old pins were sent again"
    assert len(sent) < len(first) / 5, (len(sent), len(first))
    fresh = layer_of(
        render(2, Store())
    )  # what a page drawing afresh shows: the same shapes, in the same order
    assert fresh is not canvas
    assert [(type(a), a.x, a.y, a.paint) for a in canvas.shapes] == [
        (type(b), b.x, b.y, b.paint) for b in fresh.shapes
    ]
    root, touched = graft_touched(page, render(3))  # the city's ring moves: the pins not where they were come
    sent = b"".join(_sent(t) for t in touched)
    came = {(round(x, 2), round(y, 2)) for x, y in ring(city, 3)} - {
        (round(x, 2), round(y, 2)) for x, y in ring(city, 2)
    }
    assert sent.count(b"#fedcba") == len(came) == 2 and b"#abcdef" not in sent  # (the top one stays)
    fresh = layer_of(render(3, Store()))
    assert [(type(a), a.x, a.y, a.paint) for a in canvas.shapes] == [
        (type(b), b.x, b.y, b.paint) for b in fresh.shapes
    ]


def test_a_container_with_a_tap_handler_is_replaced_when_its_intent_changes_and_a_text_has_no_handlers() -> (
    None
):
    from companion.runtime.graft import _meaning

    assert _meaning(ft.Text("Lugdunum")) == (None,)  # a text's only handler (on_tap) is unset
    old_box = ft.Container(content=ft.Text("Lugdunum"), on_click=handler("move G01"))
    old = ft.Column([old_box])
    graft(old, ft.Column([ft.Container(content=ft.Text("Lugdunum"), on_click=handler("move G01"))]))
    assert old.controls[0] is old_box
    other = ft.Container(content=ft.Text("Lugdunum"), on_long_press=handler("fort G01"))
    graft(old, ft.Column([other]))
    assert old.controls[0] is other  # a long press that now means another intent: a new control


def test_a_memo_kept_whole_keeps_the_memos_inside_it_for_when_it_is_built_again() -> None:
    """A province's map kept whole (an action in another province) keeps the board drawn inside it: when the
    map changes later, its new version holds the same board control (not a new thousand shapes to send)."""
    store = Store()
    built: list[str] = []

    def board() -> ft.Control:
        built.append("board")
        return ft.Container(ft.Text("land, roads, names"))

    def province_map(pins: int) -> ft.Control:
        return keep(
            ("map", pins),
            lambda: ft.Column([keep("board", board), ft.Text(f"{pins} pins")]),
            slot=("map", "G"),
        )

    with rendering(store):
        first = province_map(3)
    for _ in range(2):  # nothing changed in it: kept whole, the board inside it with it
        with rendering(store):
            assert province_map(3) is first
    old = ft.Column([first])
    with rendering(store):
        second = province_map(4)
    assert built == ["board"] and second.controls[0] is first.controls[0]
    root, _touched = graft_touched(old, ft.Column([second]))
    assert root is old and old.controls[0] is first and first.controls[1].value == "4 pins"
