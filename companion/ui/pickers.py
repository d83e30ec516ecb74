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

log = logging.getLogger("tablekeeper.app")

Send = Callable[[dict[str, Any]], Callable[[Any], Any]]


@cache
def _decoder(game: str) -> msgspec.json.Decoder:
    return decoder(get_game(game).intents)


def relabel(
    game: str, choices: Sequence[Choice], view: Mapping[str, Any], names: Mapping[str, str] | None
) -> list[Choice]:
    """``choices`` with their labels made on this device: seats by the players' names, Cartus buildings by
    the name of the card at that place of the row. A choice the device cannot read keeps the host's label."""
    try:
        if get_game(game).describe is None:  # a game without words (a test game): the host's labels
            return list(choices)
    except (KeyError, ImportError):  # a game this device does not have: the host's labels
        return list(choices)
    row = [str(c.get("type") or c.get("id") or "") for c in view.get("row") or [] if isinstance(c, Mapping)]
    out = []
    for c in choices:
        try:
            intent = _decoder(game).decode(msgspec.json.encode(c.intent))
            if game == "cartus":
                from engine.games.cartus.describe import describe as cartus_describe

                fr, en = (cartus_describe(intent, lang, names, row) for lang in ("fr", "en"))
            else:
                fr, en = (texts.describe(game, intent, lang, names) for lang in ("fr", "en"))
            out.append(Choice(c.intent, fr, en))
        except Exception:  # noqa: BLE001 - an intent of a newer host: its own label is still right
            out.append(c)
    return out


def info_button(title: str, text: str, identifier: str, col: Any = None) -> Any:
    """A round "i" button that shows ``text`` (a rule reminder) in a dialog: one tap, in the screen's language."""
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
    if game == "pandemie":
        from .pandemie.picker import same_choice

        return any(same_choice(intent, c.intent) for c in choices)
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
    controls: list[Any] = []
    handled: set[str] = set()
    try:
        if game == "cartus":
            from .cartus.picker import enter_picker, enter_plan, plan, support_picker

            p = plan(labelled, view)
            if p is not None:
                controls.append(
                    support_picker(
                        p, lang, state.setdefault("cartus-support", {}), refresh, send, info_button
                    )
                )
                handled.add("Support")
            ep = enter_plan(labelled, view)
            if ep is not None:
                controls.append(
                    enter_picker(ep, lang, state.setdefault("cartus-enter", {}), refresh, send, info_button)
                )
                handled.add("Enter")
        elif game == "rattus":
            from .rattus.picker import place_picker, place_plan

            rp = place_plan(labelled, view)
            if rp is not None:
                controls.append(
                    place_picker(rp, lang, state.setdefault("rattus-place", {}), refresh, send, info_button)
                )
                handled.add("PlaceCubes")
        elif game == "pandemie":
            from .pandemie.picker import divination_picker, event_picker, event_plan

            div = divination_picker(
                labelled, lang, state.setdefault("pandemie-divination", {}), refresh, send
            )
            if div is not None:
                controls.append(div)
                handled.add("ArrangeDivination")
            evp = event_plan(labelled)
            if evp is not None:
                controls.append(
                    event_picker(
                        evp,
                        lang,
                        state.setdefault("pandemie-event", {}),
                        names,
                        refresh,
                        send,
                        info_button,
                        str(view.get("seat") or ""),
                    )
                )
                handled.add("PlayEvent")
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
    if game == "rattus":
        from .rattus.picker import card_rule

        return card_rule(intent, lang)
    if game == "plague":
        from engine.games.plague.cards import name_in

        from .plague.reminders import reminder

        card = intent.get("card")
        text = reminder(card, lang) if isinstance(card, str) and card else None
        # the short name: "Comptoir commercial (Trade Center Established)" was cut off in a phone's row (the
        # hand gives the printed name)
        return None if text is None else (name_in(card, lang), text)  # type: ignore[arg-type]
    if game == "pandemie":
        from engine.games.pandemie.names import card

        from .pandemie.reminders import reminder as p_reminder

        cid = intent.get("card")
        if isinstance(cid, str) and cid.startswith("PE:"):
            fr_name = card(cid, "fr")
            text = p_reminder(fr_name, lang)
            return None if text is None else (card(cid, lang), text)
    return None
