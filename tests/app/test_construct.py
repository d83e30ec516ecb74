"""Flet's controls made by companion.runtime.construct hold what Flet's own ``__init__`` makes them hold:
every control class, with its defaults, and the controls the screens build with their values."""

from __future__ import annotations

import datetime
import inspect
from collections.abc import Callable, Iterator
from typing import Any

import flet as ft
import flet.canvas as cv
import pytest

from companion.runtime import construct


def _state(control: Any) -> dict[str, Any]:
    """What a control holds (its id aside: each control gets the next one; an object without an equality of
    its own, such as a lock, or a time, by its class; a service's random uid by its name)."""
    out: dict[str, Any] = {}
    for k, v in vars(control).items():
        if k == "_i":
            continue
        if k == "_internals":
            v = sorted(v)
        elif k == "_values":
            v = {n: getattr(x, "__qualname__", x) if callable(x) else x for n, x in v.items()}
        elif (
            isinstance(v, (datetime.date, datetime.time))
            or type(v).__eq__ is object.__eq__
            and not callable(v)
        ):
            v = type(v)  # (a date picker's default: now)
        out[k] = v
    return out


@pytest.fixture
def both() -> Iterator[Callable[[Callable[[], Any]], tuple[Any, Any]]]:
    """``make()`` run with Flet's own ``__init__`` and with the construct one."""
    construct.install()

    def run(make: Callable[[], Any]) -> tuple[Any, Any]:
        ours = make()
        saved = dict(construct.ORIGINAL)
        construct.uninstall()
        try:
            flets = make()
        finally:
            construct.install()
        assert set(saved) == set(construct.ORIGINAL)
        return flets, ours

    yield run
    construct.install()


def test_every_flet_control_class_made_with_its_defaults_holds_what_flets_own_init_makes(both) -> None:
    classes = list(construct.ORIGINAL)
    assert len(classes) > 100 and {ft.Text, ft.Container, cv.Canvas, cv.Circle, cv.Path} <= set(classes)
    made = 0
    for cls in classes:
        required = [
            p
            for p in list(inspect.signature(construct.ORIGINAL[cls]).parameters.values())[1:]
            if p.default is inspect.Parameter.empty
        ]
        if required:
            continue
        try:
            flets, ours = both(cls)
        except Exception as problem:  # noqa: BLE001 - a class Flet itself cannot make without arguments
            with pytest.raises(type(problem)):
                construct.ORIGINAL[cls](object.__new__(cls))
            continue
        assert _state(ours) == _state(flets), cls.__name__
        assert type(ours).__init__ is not construct.ORIGINAL[cls]
        made += 1
    assert made > 100


def test_the_controls_the_screens_make_hold_what_flets_own_init_makes(both) -> None:
    def screen() -> ft.Control:
        return ft.Column(
            [
                ft.Row(
                    [
                        ft.Text("12", size=13, color=ft.Colors.ON_SURFACE_VARIANT, width=36),
                        ft.Text("Lugdunum : 2 cubes", size=16, expand=True, weight=ft.FontWeight.BOLD),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                    key="line-12",
                ),
                ft.Container(
                    content=ft.Text("Vienna"),
                    padding=ft.Padding.symmetric(horizontal=8),
                    bgcolor="#aa3322",
                    border_radius=8,
                    on_click=lambda _e: None,
                    data={"city": "Vienna"},
                ),
                ft.Stack([cv.Canvas(shapes=[cv.Circle(3, 4, 5, paint=ft.Paint(color="#123"))], expand=True)]),
                ft.Text(),  # the default value given explicitly below
                ft.Text(""),
                ft.Text("positional", None, ft.TextAlign.CENTER),
            ],
            spacing=6,
            tight=True,
        )

    flets, ours = both(screen)

    def walk(a: Any, b: Any) -> None:
        assert type(a) is type(b)
        assert _state(a).keys() == _state(b).keys(), type(a).__name__
        for name, value in _state(a).items():
            other = _state(b)[name]
            if isinstance(value, ft.BaseControl):
                walk(value, other)
            elif isinstance(value, list) and value and isinstance(value[0], ft.BaseControl):
                for x, y in zip(value, other, strict=True):
                    walk(x, y)
            elif name == "_values":
                assert value.keys() == other.keys(), type(a).__name__
                for k, v in value.items():
                    if isinstance(v, ft.BaseControl):
                        walk(v, other[k])
                    elif not callable(v):
                        assert v == other[k], (type(a).__name__, k)
            else:
                assert value == other, (type(a).__name__, name)

    walk(flets, ours)
    assert ours.controls[1].content.parent is None and ours.controls[3]._values == {}


def test_a_control_made_so_is_changed_and_sent_as_flets_own() -> None:
    """After construction the change record is clean; a property set later is recorded as Flet records it."""
    construct.install()
    text = ft.Text("a", size=12)
    assert text._dirty == {} and text._values == {"value": "a", "size": 12}
    text.size = 14
    assert text._dirty == {"size": None} and text.size == 14
    with pytest.raises(TypeError):
        ft.Text("a", size=12, colour="red")  # type: ignore[call-arg]
