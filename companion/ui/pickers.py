"""Choices as a table reads them: labels in the screen's language with seats by name and buildings by their
real name, compound choices as step pickers, and a one-tap rule reminder beside what has a rule.

The table screen calls :func:`choice_panel` with its snapshot; it gets back the picker controls, the intent
kinds they replace (left out of the plain buttons), and the choices relabelled (same order, same intents:
the buttons' indices stay valid).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

import msgspec

from companion.session import Choice
from engine import texts
from engine.core import get_game
from engine.core.events import decoder

from .games import game_ui

log = logging.getLogger("tablekeeper.app")

Send = Callable[[dict[str, Any]], Callable[[Any], Any]]


@cache
def _decoder(game: str) -> msgspec.json.Decoder:
    return decoder(get_game(game).intents)


def relabel(
    game: str, choices: Sequence[Choice], view: Mapping[str, Any], names: Mapping[str, str] | None
) -> list[Choice]:
    """``choices`` with their labels made on this device: seats by the players' names, and what the game's
    screens say better (Cartus: a building by the name of the card at that place of the row). A choice the
    device cannot read keeps the host's label."""
    try:
        spec = get_game(game)
    except (KeyError, ImportError):  # a game this device does not have: the host's labels
        return list(choices)
    if spec.describe is None:  # a game without words (a test game): the host's labels
        return list(choices)
    ui = game_ui(game)
    label = ui.label if ui is not None else None
    # the same choices said to the same names (every page of a seat, a province's tablets, each render of
    # a page until the seat plays): said once (a player's turn: a hundred choices, two languages each)
    key = (
        game,
        msgspec.json.encode([c.intent for c in choices]),
        tuple(sorted((names or {}).items())),
        msgspec.json.encode(view) if label is not None else b"",  # a game's own labels may read the view
    )
    said = _SAID.get(key)
    if said is None:
        said = _relabel(game, spec, label, choices, view, names)
        if len(_SAID) >= 256:  # a long evening: the oldest go
            del _SAID[next(iter(_SAID))]
        _SAID[key] = said
    return [c if fr is None else Choice(c.intent, fr, en) for c, (fr, en) in zip(choices, said, strict=True)]


_SAID: dict[tuple[str, bytes, tuple[tuple[str, str], ...], bytes], list[tuple[str | None, str | None]]] = {}


def _relabel(
    game: str,
    spec: Any,
    label: Callable[..., str] | None,
    choices: Sequence[Choice],
    view: Mapping[str, Any],
    names: Mapping[str, str] | None,
) -> list[tuple[str | None, str | None]]:
    """Each choice's (French, English) labels, or (None, None): the host's labels stand."""
    out: list[tuple[str | None, str | None]] = []
    for c in choices:
        try:
            intent = _decoder(game).decode(msgspec.json.encode(c.intent))
            if label is not None:
                fr, en = (label(intent, lang, names, view) for lang in ("fr", "en"))
            else:
                fr, en = (texts.describe(spec, intent, lang, names) for lang in ("fr", "en"))
            out.append((fr, en))
        except Exception:  # noqa: BLE001 - an intent of a newer host: its own label is still right
            out.append((None, None))
    return out


def info_button(title: str, text: str, identifier: str, col: Any = None) -> Any:
    """A round "i" button that shows ``text`` (a rule reminder) in a dialog: one tap, in the screen's
    language."""
    import flet as ft

    from .widgets import ident

    def show(e: Any) -> None:
        page = e.control.page
        page.show_dialog(
            ft.AlertDialog(
                title=ft.Text(title),
                content=ident(ft.Text(text, size=17), f"{identifier}-text"),
                actions=[ft.TextButton("OK", on_click=lambda _e: page.pop_dialog())],
                modal=False,
            )
        )

    btn = ft.IconButton(
        icon=ft.Icons.INFO_OUTLINE,
        on_click=show,
        tooltip=title,
        icon_size=28,
        size_constraints=ft.BoxConstraints(min_width=48, min_height=48),
    )
    wrapped = ident(btn, identifier, label=title)
    if col is not None:
        wrapped.col = col
    return wrapped


def is_listed(game: str, intent: Mapping[str, Any], choices: Sequence[Choice]) -> bool:
    """Whether ``intent`` is still one of the seat's choices, or one of the free choices a listed one stands
    for (Pandémie: Divinations' cards in the order the player tapped)."""
    ui = game_ui(game)
    same = ui.same_choice if ui is not None else None
    if same is not None:
        return any(same(intent, c.intent) for c in choices)
    return any(c.intent == intent for c in choices)


def choice_panel(
    game: str,
    choices: Sequence[Choice],
    view: Mapping[str, Any],
    lang: str,
    names: Mapping[str, str] | None,
    state: dict[str, Any],
    refresh: Callable[[], None],
    send: Send,
) -> tuple[list[Any], set[str], list[Choice]]:
    """(picker controls, intent kinds they replace, relabelled choices) for one seat's choices."""
    labelled = relabel(game, choices, view, names)
    ui = game_ui(game)
    controls: list[Any] = []
    handled: set[str] = set()
    try:
        if ui is not None and ui.pickers is not None:
            controls, handled = ui.pickers(labelled, view, lang, names, state, refresh, send, info_button)
            controls = list(controls)
        controls += _card_rules(game, [c for c in labelled if c.intent.get("type") not in handled], lang)
    except Exception:
        log.exception("%s pickers failed", game)
        return [], set(), labelled
    return controls, handled, labelled


def _card_rules(game: str, choices: Sequence[Choice], lang: str) -> list[Any]:
    """One reminder button per card, role or character the choices name (once each)."""
    import flet as ft

    seen: dict[str, tuple[str, str]] = {}
    for c in choices:
        got = _rule_of(game, c.intent, lang)
        if got is not None and got[0] not in seen:
            seen[got[0]] = got
    if not seen:
        return []
    row = [
        ft.Row([info_button(name, text, f"rule-{n}"), ft.Text(name, size=15)], spacing=2, tight=True)
        for n, (name, text) in enumerate(seen.values())
    ]
    head = "Règles des cartes : touchez (i)" if lang == "fr" else "Card rules: tap (i)"
    return [ft.Text(head, size=14, italic=True), ft.Row(row, wrap=True, spacing=8, run_spacing=4)]


def _rule_of(game: str, intent: Mapping[str, Any], lang: str) -> tuple[str, str] | None:
    ui = game_ui(game)
    return None if ui is None or ui.card_rule is None else ui.card_rule(intent, lang)
