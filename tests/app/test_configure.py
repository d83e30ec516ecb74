"""Flet's set-up of added controls without its walk through empty fields (companion.runtime.configure) gives
what Flet's own method gives: the same message to the browser, the same controls said added and removed, in
the same order, each with the same parent, flags and change record; on screens built from the app's own
widgets and drawn boards, mounted, then changed (controls replaced, keyed lines coming and going, a map's
pins)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from importlib.metadata import version
from typing import Any

import flet as ft
import flet.canvas as cv
import msgpack
import pytest
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import DiffBuilder, ObjectPatch
from flet.messaging.protocol import configure_encode_object_for_msgpack

from companion.runtime import configure, one_patch
from companion.ui.boards.draw import Layer, map_control, ring
from companion.ui.widgets import big_button, card, chip, pill
from engine.boards.pandemie import board_for


@pytest.fixture(autouse=True)
def _flet_own_method_after() -> Iterator[None]:
    yield
    configure.uninstall()


def _buttons(k: int) -> ft.Control:
    return ft.ResponsiveRow(
        [
            big_button(
                f"Aller à Ville {i + k}", lambda _e: None, f"choice-{i}", col={"xs": 12, "sm": 6}, flat=True
            )
            for i in range(6)
        ]
        + [
            big_button("Annuler", lambda _e: None, "undo", icon=ft.Icons.UNDO, tone="tonal"),
            big_button("Jouer", lambda _e: None, "play", primary=True),
            big_button(
                "Regarder", lambda _e: None, "peek", flat=True, icon=ft.Icons.VISIBILITY, disabled=True
            ),
        ]
    )


def _log(first: int, n: int) -> ft.Column:
    return ft.Column(
        [
            ft.Row(
                [ft.Text(f"{s}", size=13, width=36), ft.Text(f"Joueur {s % 4} va à Ville {s}", expand=True)],
                key=f"log-{s}",
            )
            for s in range(first + n - 1, first - 1, -1)
        ]
    )


def _map(pins: int) -> ft.Control:
    board = board_for("G")
    badges = [(x, y, 5.0, "#d23a2e", "", "#ffffff") for p in board.places[:pins] for x, y in ring(p, 2)]
    return map_control(board, Layer(badges=badges), 400.0, None)


def _screen(k: int) -> tuple[ft.Column, dict[str, Any]]:
    head = ft.Text(f"événement n° {k}", size=20, weight=ft.FontWeight.BOLD)
    facts = ft.Row([pill("4 actions"), pill("Vienna", ft.Colors.SECONDARY_CONTAINER)], wrap=True)
    cities = ft.Column(
        [
            ft.Row([ft.Text(f"C{i}", width=150), chip("Goths", str(i)), pill(f"{i} bleu")], key=f"city-{i}")
            for i in range(5)
        ]
    )
    field = ft.TextField(label="Code", value="RAT:07")
    pick = ft.Dropdown(
        options=[ft.dropdown.Option(key=str(i), text=f"Choix {i}") for i in range(3)], value="1"
    )
    spans = ft.Text(spans=[ft.TextSpan("gras ", ft.TextStyle(weight=ft.FontWeight.BOLD)), ft.TextSpan("fin")])
    shapes = cv.Canvas(
        [
            cv.Circle(10, 10, 5, paint=ft.Paint(color="#123456")),
            cv.Line(0, 0, 20, 20, paint=ft.Paint(stroke_width=2)),
        ],
        width=40,
        height=40,
    )
    board, actions, log = ft.Column([_map(6), cities]), ft.Column([_buttons(k), field, pick]), _log(1, 5)
    root = ft.Column(
        [
            card(ft.Column([head, facts]), identifier="header"),
            card(board, identifier="board"),
            card(actions, identifier="actions"),
            card(ft.Column([spans, shapes, log]), identifier="log"),
        ]
    )
    return root, {
        "head": head,
        "cities": cities,
        "board": board,
        "actions": actions,
        "log": log,
        "canvas": shapes,
    }


def _changes(parts: dict[str, Any], step: int) -> None:
    """What a turn's end does to a screen: a new text, new choices, lines coming and going, a map redrawn."""
    parts["head"].value = f"événement n° {10 + step}"
    parts["actions"].controls[0] = _buttons(step)
    log: ft.Column = parts["log"]
    log.controls = [*_log(10 * step, 3).controls, *log.controls[:3]]
    parts["cities"].controls.pop(1)
    parts["cities"].controls.insert(0, ft.Row([ft.Text("Nouvelle")], key=f"city-new-{step}"))
    parts["board"].controls[0] = _map(6 + step)
    parts["canvas"].shapes = [
        *parts["canvas"].shapes[1:],
        cv.Rect(1, 1, 5, 5, paint=ft.Paint(color="#654321")),
    ]


def _pack(message: Any) -> Any:
    raw = msgpack.packb(message, default=configure_encode_object_for_msgpack(BaseControl))
    return msgpack.unpackb(raw, strict_map_key=False)


def _walk(root: BaseControl) -> list[BaseControl]:
    out: list[BaseControl] = []
    todo: list[Any] = [root]
    while todo:
        c = todo.pop(0)
        if isinstance(c, BaseControl):
            out.append(c)
            for name in one_patch._child_fields(type(c)):
                v = getattr(c, name, None)
                todo += v if isinstance(v, list) else [v]
    return out


def _run() -> list[Any]:
    """The scenario, its outputs with control ids numbered in the order they are first met."""
    ids: dict[int, int] = {}

    def n(i: Any) -> Any:
        return ids.setdefault(i, len(ids)) if isinstance(i, int) else i

    def norm(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: (n(v) if k == "_i" else norm(v)) for k, v in x.items()}
        if isinstance(x, list):
            return [norm(v) for v in x]
        return x

    def state(c: BaseControl) -> tuple[Any, ...]:
        parent = getattr(c, "_parent", None)
        p = parent() if parent else None
        return (
            type(c).__name__,
            n(c._i),
            n(p._i) if isinstance(p, BaseControl) else type(p).__name__,
            getattr(c, "_frozen", "-"),
            getattr(c, "_initialized", "-"),
            sorted(getattr(c, "_dirty", None) or ()),
        )

    out: list[Any] = []
    root, parts = _screen(0)
    for step in range(4):
        if step:
            _changes(parts, step)
        patch, added, removed = ObjectPatch.from_diff(
            None if step == 0 else root, root, control_cls=BaseControl
        )
        out.append(norm(_pack(patch.to_message())))
        out.append([state(c) for c in added])
        out.append([(type(c).__name__, n(c._i)) for c in removed])
        out.append([state(c) for c in _walk(root)])
        plain = [
            v
            for c in _walk(root)
            for v in (getattr(c, "padding", None), getattr(c, "border", None))
            if v is not None
        ]
        out.append([(type(v).__name__, type(v).__setattr__.__name__, hasattr(v, "__changes")) for v in plain])
    return out


def _with(setup: Callable[[], None]) -> list[Any]:
    setup()
    return _run()


def test_the_browser_gets_the_same_message_and_every_control_the_same_set_up_as_with_flets_own_method() -> (
    None
):
    flets = _with(configure.uninstall)
    ours = _with(configure.install)
    assert DiffBuilder._configure_dataclass is not configure.ORIGINAL
    assert len(ours) == len(flets) == 20
    for i, (a, b) in enumerate(zip(flets, ours, strict=True)):
        assert a == b, f"output {i} differs"
    assert any(ours[1]) and any(ours[6]) and any(ours[7])  # the scenario adds and removes controls


def test_a_value_flets_method_would_look_into_is_looked_into() -> None:
    """What is skipped is only what Flet's method does nothing with."""
    assert configure._inert(str) and configure._inert(type(None)) and configure._inert(ft.TextAlign)
    assert not configure._inert(ft.Padding) and not configure._inert(dict) and not configure._inert(list)
    assert not configure._inert(ft.Text) and not configure._inert(type)
    assert configure._ignored(ft.Padding, BaseControl) and configure._ignored(str, BaseControl)
    assert not configure._ignored(ft.Text, BaseControl) and not configure._ignored(list, BaseControl)
    assert not configure._ignored(dict, None) and configure._ignored(ft.Text, None)


def test_written_against_the_pinned_flet() -> None:
    """The methods replaced are Flet 1.0.5's: another Flet must be read again before this runs on it."""
    assert version("flet") == one_patch.FLET_VERSION
    assert configure.ORIGINAL.__qualname__ == "DiffBuilder._configure_dataclass"
    assert configure.ORIGINAL_REMOVED.__qualname__ == "DiffBuilder._removed_controls"


def test_the_app_installs_it() -> None:
    from companion.ui.shell import make_main

    configure.uninstall()
    assert DiffBuilder._configure_dataclass is configure.ORIGINAL
    make_main(object())  # type: ignore[arg-type]
    assert DiffBuilder._configure_dataclass is configure._configure_dataclass
    assert DiffBuilder._removed_controls is configure._removed_controls
