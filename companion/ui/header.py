"""The header of every seat screen, as plain data (no Flet): whose turn, actions left, where the seat
stands, what the table waits for. It sits above the choices, so a phone shows it without scrolling.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.events import TABLE

from .games import game_ui
from .i18n import tr
from .model import say, waiting_for


@dataclass
class Header:
    turn: str  # "À vous de jouer" / "Au tour de Léa · Gallia"
    mine: bool  # it is this seat's turn (or this tablet's current player's)
    actions: str = ""  # "3 actions restantes"
    where: str = ""  # "Vous êtes à Lugdunum (Tribun)"
    awaited: str = ""  # "On attend : Léa, Marc"


def header(
    game: str,
    view: Mapping[str, Any],
    seat: str,
    lang: str,
    turn: Sequence[str],
    names: Mapping[str, str] | None = None,
    focus: str = "",
    acting: str | None = None,
    after: str = "",
) -> Header:
    """``turn``: the seats whose turn it is (already narrowed to a province tablet's, or to a player's own
    province); ``acting``: the seat a shared tablet plays for right now; ``after``: the seat this seat plays
    after, when it is not its turn ("vous jouez après Noé"; "" when unknown or when it plays next)."""
    me = acting or seat
    mine = me != TABLE and me in turn
    waiting = waiting_for(view)
    if view.get("outcome"):
        who = tr("head.over", lang)
    elif mine and waiting and me not in waiting:  # their turn, held up (a hand over the limit elsewhere)
        who, mine = tr("head.you_after", lang, who=", ".join(say(s, lang, names) for s in waiting)), False
    elif mine:
        who = (
            tr("head.you", lang) if acting is None else tr("head.tablet_turn", lang, who=say(me, lang, names))
        )
    elif turn:
        who = tr("head.turn", lang, who=", ".join(say(s, lang, names) for s in turn))
        if me != TABLE and me not in turn:
            who += tr("head.after", lang, who=say(after, lang, names)) if after else tr("head.next", lang)
    else:
        who = tr("head.nobody", lang)
    h = Header(who, mine)
    if view.get("outcome"):
        return h  # actions left, a phase, who is awaited: nothing of that is true of a finished game
    ui = game_ui(game)
    if ui is not None and ui.header is not None:  # the game's own facts (Pandémie: its province's phase)
        f = ui.header(view, me, lang, names, focus)
        h.actions, h.where, h.awaited = f.actions, f.where, f.awaited
    if waiting and set(waiting) != set(turn):  # out of turn (a hand to discard): before the phase's words
        # "vous" is the device's own seat; a tablet playing for Alice names her
        h.awaited = tr(
            "head.awaited",
            lang,
            who=", ".join(
                tr("cp.you", lang) if s == me and acting is None else say(s, lang, names) for s in waiting
            ),
        )
    if not h.actions:
        left = view.get("actions_left")
        if isinstance(left, int) and not isinstance(left, bool):
            h.actions = tr("head.actions", lang, n=left)
    if h.actions and not mine and len(turn) == 1:  # the count is the player's in turn, not this seat's
        h.actions = tr("head.actions_of", lang, who=say(turn[0], lang, names), actions=h.actions)
    return h
