"""Flet building blocks sized for cold hands: every touch target is at least 56 px high."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from .i18n import tr
from .model import Section

TOUCH = 64  # px: height of every button (≥ 56 px asked)
LONG_LABEL = 28  # characters: a longer label may take two or three lines, and its button grows with them
LABEL_LINE = 22  # px: one line of a button's 18 px label
PHONE_MAX = 600
empty_text = "—"  # below this page width we lay out for a phone in portrait

Handler = Callable[[Any], Any] | None


def ident(control: ft.Control, identifier: str | None, label: str | None = None) -> ft.Control:
    """Wrap ``control`` with a stable semantics identifier (for tests and screen readers)."""
    if not identifier:
        return control
    return ft.Semantics(content=control, identifier=identifier, label=label, col=control.col)


def big_button(
    text: str,
    on_click: Handler,
    identifier: str | None = None,
    icon: ft.IconData | None = None,
    primary: bool = False,
    col: dict[str, int] | int | None = None,
    disabled: bool = False,
    height: int = TOUCH,
    tone: str | None = None,
    flat: bool = False,
) -> ft.Control:
    """A button: filled (``primary``), tonal (``tone``) or outlined. ``flat``: drawn without Material's ink
    ripple (:func:`_flat`), for the plays of a table screen."""
    # a short label: a button of ``height``; a long one makes the button grow with its lines (a fixed height
    # cut the end of long labels off: eight "Entrer dans Tente de la cartomancienne…" buttons, the number
    # of cards that told them apart clipped)
    grows = len(text) > LONG_LABEL or flat  # the plays sit two or three to a row: "Placer 2 cubes en
    # Hispania" (26 characters) took two lines of a half-width button and its second line was cut
    # 10 px a side: at 16, "Augustonemetum" broke inside the word in a phone's half-width button
    # a long label's padding makes its one line as tall as a short label's button (at the standard visual
    # density: a browser on a computer gets the compact one, 8 px shorter, and a long label's button was
    # 55 px beside a short one's 64)
    padding = ft.Padding.symmetric(horizontal=10, vertical=max(8, (height - LABEL_LINE) // 2) if grows else 8)
    if flat:
        return _flat(
            text, on_click, identifier, icon, primary, col, disabled, None if grows else height, tone, padding
        )
    style = ft.ButtonStyle(
        shape=ft.RoundedRectangleBorder(radius=14),
        padding=padding,
        text_style=ft.TextStyle(size=18, weight=ft.FontWeight.W_500),
        visual_density=ft.VisualDensity.STANDARD,
    )
    content = ft.Text(text, size=18, text_align=ft.TextAlign.CENTER)
    kw: dict[str, Any] = dict(
        content=content,
        icon=icon,
        on_click=on_click,
        style=style,
        disabled=disabled,
        height=None if grows else height,
    )
    if primary:
        btn: ft.Control = ft.FilledButton(**kw)
    elif tone:
        btn = ft.FilledTonalButton(**kw)
    else:
        btn = ft.OutlinedButton(**kw)
    btn.expand = True
    row = ft.Row([btn], spacing=0)
    if col is not None:
        row.col = col
    return ident(row, identifier)


def _flat(
    text: str,
    on_click: Handler,
    identifier: str | None,
    icon: ft.IconData | None,
    primary: bool,
    col: dict[str, int] | int | None,
    disabled: bool,
    height: int | None,
    tone: str | None,
    padding: ft.Padding,
) -> ft.Control:
    """A button drawn as Material's are, without their ink ripple. On a busy table the ripple was ten or more
    animation frames on the page that tapped, each drawn whole (a Flutter page in a browser redraws all its
    pixels at every frame): ~150 ms of the browsers' CPU per tap in ``benchmarks.ui``, before the answer
    (~150 ms later) shows the tap was taken. A screen reader gets a button (``button=True``). It takes no
    keyboard focus (a keyboard reaches Material's buttons with Tab): forms and other screens keep those."""
    if primary:
        bg, fg, border = ft.Colors.PRIMARY, ft.Colors.ON_PRIMARY, None
    elif tone:
        bg, fg, border = ft.Colors.SECONDARY_CONTAINER, ft.Colors.ON_SECONDARY_CONTAINER, None
    else:
        bg, fg, border = None, ft.Colors.PRIMARY, ft.Border.all(1, ft.Colors.OUTLINE)
    if disabled:
        bg = ft.Colors.with_opacity(0.12, ft.Colors.ON_SURFACE) if bg is not None else None
        fg = ft.Colors.with_opacity(0.38, ft.Colors.ON_SURFACE)
        border = (
            ft.Border.all(1, ft.Colors.with_opacity(0.12, ft.Colors.ON_SURFACE))
            if border is not None
            else None
        )
    # three controls for a label alone (a turn's end brings a player ~20 of these at once: each control is
    # set up, sent and built in the browser), five with an icon. A flat button always sits in a
    # ResponsiveRow, which gives its child the column's exact width: the box fills it without a Row around
    label = ft.Text(
        text,
        size=18,
        weight=ft.FontWeight.W_500,
        color=fg,
        text_align=ft.TextAlign.CENTER,
        expand=icon is not None,
    )
    content: ft.Control = (
        label
        if icon is None
        else ft.Row(
            [ft.Icon(icon, size=20, color=fg), label],
            spacing=8,
            alignment=ft.MainAxisAlignment.CENTER,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
    )
    btn = ft.Container(
        content=content,
        on_click=None if disabled else on_click,
        bgcolor=bg,
        border=border,
        border_radius=14,
        padding=padding,
        height=height,
        alignment=ft.Alignment.CENTER,
    )
    return ft.Semantics(content=btn, identifier=identifier, button=True, disabled=disabled, col=col)


def heading(text: str, size: int = 20) -> ft.Text:
    return ft.Text(text, size=size, weight=ft.FontWeight.BOLD)


def card(
    content: ft.Control, identifier: str | None = None, col: Any = None, bgcolor: str | None = None
) -> ft.Control:
    box = ft.Container(
        content=content,
        padding=14,
        border_radius=16,
        bgcolor=bgcolor or ft.Colors.SURFACE_CONTAINER_HIGHEST,
        theme_mode=_fixed_mode(bgcolor),
    )
    if col is not None:
        box.col = col
    return ident(box, identifier)


def chip(label: str, value: str) -> ft.Control:
    return ft.Container(
        content=ft.Column(
            [
                ft.Text(label, size=13, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=2),
                ft.Text(value, size=22, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SURFACE),
            ],
            spacing=2,
            tight=True,
        ),
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        border_radius=12,
        bgcolor=ft.Colors.SURFACE,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
    )


def pill(text: str, bgcolor: str | None = None) -> ft.Control:
    return ft.Container(
        content=ft.Text(text, size=16),
        padding=ft.Padding.symmetric(horizontal=12, vertical=6),
        border_radius=20,
        bgcolor=bgcolor or ft.Colors.SECONDARY_CONTAINER,
        theme_mode=_fixed_mode(bgcolor),
    )


def _fixed_mode(bgcolor: str | None) -> ft.ThemeMode | None:
    """A fixed light shade (``green100``) keeps dark text on it in the dark theme too; theme colours
    (``primarycontainer``) follow the theme."""
    shade = str(getattr(bgcolor, "value", bgcolor) or "")
    return ft.ThemeMode.LIGHT if shade[-3:].isdigit() and int(shade[-3:]) <= 300 else None


def section_control(sec: Section, depth: int = 0, boxed: bool = True) -> ft.Control:
    """The generic renderer's Flet side: a section as chips, rows of pills and nested cards."""
    parts: list[ft.Control] = []
    if sec.title:
        parts.append(heading(sec.title, 20 if depth == 0 else 17))
    if sec.counters:
        parts.append(ft.Row([chip(a, b) for a, b in sec.counters], wrap=True, spacing=8, run_spacing=8))
    for label, items in sec.lists:
        row: list[ft.Control] = []
        if label:
            row.append(ft.Text(label, size=15, weight=ft.FontWeight.W_600))
        parts.append(
            ft.Column(
                row
                + [
                    ft.Row(
                        [pill(i) for i in items] or [ft.Text(empty_text)], wrap=True, spacing=6, run_spacing=6
                    )
                ],
                spacing=4,
                tight=True,
            )
        )
    for child in sec.children:
        parts.append(section_control(child, depth + 1, boxed))
    col = ft.Column(parts, spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    if depth == 0:
        return card(col) if boxed else ft.Container(content=col, padding=ft.Padding.only(bottom=6))
    return ft.Container(
        content=col,
        padding=ft.Padding.only(left=8, top=4),
        border=ft.Border.only(left=ft.BorderSide(3, ft.Colors.OUTLINE_VARIANT)),
    )


def sections_control(secs: Sequence[Section], boxed: bool = True) -> ft.Control:
    return ft.Column(
        [section_control(s, 0, boxed) for s in secs],
        spacing=12,
        tight=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def vcol(controls: Sequence[ft.Control], **kw: Any) -> ft.Column:
    """A column whose children take its full width (cards and fields line up on a phone and a tablet)."""
    kw.setdefault("horizontal_alignment", ft.CrossAxisAlignment.STRETCH)
    kw.setdefault("tight", True)
    return ft.Column(list(controls), **kw)


def qr_png(text: str, scale: int = 6) -> bytes:
    """A PNG of ``text`` as a QR code (the join code on the hosted screen)."""
    import segno

    buf = io.BytesIO()
    segno.make(text, error="m").save(buf, kind="png", scale=scale, border=2)
    return buf.getvalue()


def segments(
    ident_prefix: str,
    title: str,
    values: list[tuple[Any, str]],
    current: Any,
    on: Callable[[Any], Callable[[Any], None]],
    lang: str,
) -> ft.Control:
    """A row of values, the current one filled: one tap sets a stepper (``on(value)`` is its handler); each
    button is ``<ident_prefix>-<value>`` and reads "title : value" to a screen reader ("… (choisi)" for the
    current one)."""
    buttons = []
    for v, label in values:
        kw: dict[str, Any] = dict(
            content=ft.Text(label, size=17),
            on_click=on(v),
            height=48,
            style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12)),
        )
        btn = ft.FilledButton(**kw) if v == current else ft.OutlinedButton(**kw)
        # a screen reader says which value is set, as the filled button shows it
        said = tr("segment.chosen" if v == current else "segment", lang, title=title, value=label)
        buttons.append(ident(btn, f"{ident_prefix}-{'none' if v is None else v}", label=said))
    return ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)
